//! The wrapper around every entry point: no panic crosses the boundary, every failure leaves
//! its message in the thread-local last error.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

use crate::error::FfiResult;
use crate::last_error::set_last_error;
use crate::status::NavStatus;

thread_local! {
    /// How many nav entry points (or batch workers) this thread is inside: the panic hook
    /// stays silent for panics there, since they are caught and reported as `NAV_PANIC`.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// What the hook saw of the latest panic caught on this thread: message and location.
    static PANIC_REPORT: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// Installs, once, a panic hook that records the message and location of panics raised inside
/// nav's entry points (to put them in the last error) and hands every other panic to the hook
/// that was there before, so a host's own panics print as they always did.
fn install_panic_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let inside = DEPTH.try_with(|d| d.get() > 0).unwrap_or(false);
            if inside {
                let report = info.to_string().replace('\n', " ");
                let _ = PANIC_REPORT.try_with(|r| *r.borrow_mut() = Some(report));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, turning a panic into `Err(description)`.
///
/// Unwind safety: every piece of state a panic can interrupt is behind a lock whose poisoning
/// nav handles (a query context is reset, a grid changed mid-way is refused from then on), so
/// asserting it here is sound.
pub(crate) fn catch_panic<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    install_panic_hook();
    DEPTH.with(|d| d.set(d.get() + 1));
    let result = catch_unwind(AssertUnwindSafe(f));
    DEPTH.with(|d| d.set(d.get() - 1));
    result.map_err(|payload| {
        let report = PANIC_REPORT
            .try_with(|r| r.borrow_mut().take())
            .ok()
            .flatten();
        let description = report.unwrap_or_else(|| payload_message(payload.as_ref()));
        format!("internal error, please report it: {description}")
    })
}

fn payload_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        format!("panicked: {s}")
    } else if let Some(s) = payload.downcast_ref::<String>() {
        format!("panicked: {s}")
    } else {
        "panicked".to_string()
    }
}

/// The body of an entry point named `function`: `Ok` becomes `NAV_OK`; an error's status is
/// returned and its message recorded; a panic becomes `NAV_PANIC`.
pub(crate) fn guard(function: &'static str, body: impl FnOnce() -> FfiResult<()>) -> NavStatus {
    match catch_panic(body) {
        Ok(Ok(())) => NavStatus::NavOk,
        Ok(Err(error)) => {
            set_last_error(function, &error.message);
            error.status
        }
        Err(panic) => {
            set_last_error(function, &panic);
            NavStatus::NavPanic
        }
    }
}

/// [`guard`] for the calls that must not change the last error (reading it).
pub(crate) fn guard_quiet(body: impl FnOnce() -> FfiResult<NavStatus>) -> NavStatus {
    match catch_panic(body) {
        Ok(Ok(status)) => status,
        Ok(Err(error)) => error.status,
        Err(_) => NavStatus::NavPanic,
    }
}
