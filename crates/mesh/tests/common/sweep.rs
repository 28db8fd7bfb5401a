//! The hunts' seeded sweeps: how many seeds, from which, and what to do when one fails.

use std::ops::Range;

/// The environment variable `name` as a number, if it is set and is one.
pub fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

/// The seeds of a sweep: `NAV_HUNT_CASES` of them (`default` unless set), from
/// `NAV_HUNT_SEED` (0 unless set).
pub fn cases(default: usize) -> Range<u64> {
    let n = env_usize("NAV_HUNT_CASES").unwrap_or(default) as u64;
    let first = env_usize("NAV_HUNT_SEED").unwrap_or(0) as u64;
    first..first + n
}

/// Runs `one` on every seed; with `NAV_HUNT_KEEP_GOING` set, a failing seed is printed and
/// recorded and the sweep goes on (the seeds that failed are returned, each with the first
/// line of its message), otherwise the first failure fails the test at once.
pub fn sweep(seeds: Range<u64>, mut one: impl FnMut(u64)) -> Vec<(u64, String)> {
    let keep_going = std::env::var_os("NAV_HUNT_KEEP_GOING").is_some();
    let mut failed = Vec::new();
    for seed in seeds {
        if !keep_going {
            one(seed);
            continue;
        }
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| one(seed)));
        if let Err(e) = run {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            eprintln!("seed {seed} FAILED: {msg}");
            failed.push((seed, msg.lines().next().unwrap_or("").to_string()));
        }
    }
    failed
}
