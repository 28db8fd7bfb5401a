//! The words of time-sliced queries: [`SliceState`] and the [`Revision`] of a world.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::vocabulary::PathOutcome;

/// Where a navigator's time-sliced query stands, in every navigator.
///
/// A game begins a query on a context, steps it by a bounded number of expansions each frame
/// and reads the path once it is [`Finished`](SliceState::Finished).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum SliceState {
    /// No sliced query: none was begun, it was cancelled, or a plain `find_path` on the same
    /// context replaced it.
    Idle,
    /// Begun and not ended: more steps are needed.
    Running {
        /// Nodes expanded so far.
        expanded: usize,
    },
    /// Ended: the outcome is the one `find_path` gives for the same query, and the path is
    /// in the context.
    Finished(PathOutcome),
}

impl SliceState {
    /// Whether the query needs more steps.
    pub fn is_running(&self) -> bool {
        matches!(self, SliceState::Running { .. })
    }

    /// The outcome of a finished query.
    pub fn outcome(&self) -> Option<PathOutcome> {
        match self {
            SliceState::Finished(outcome) => Some(*outcome),
            _ => None,
        }
    }
}

/// The counter behind every [`Revision`]: one per process, so that no two edits anywhere get
/// the same stamp.
static NEXT_REVISION: AtomicU64 = AtomicU64::new(1);

/// A stamp that a world takes anew on every edit, so that a query spread over several calls
/// can tell whether the world it is given is still the one it began on.
///
/// Stamps come from one counter for the whole process: two worlds hold the same revision only
/// when one is an unedited clone of the other (and then they are equal), so a sliced query
/// also notices when it is handed a different world.
///
/// ```
/// use nav_search::Revision;
///
/// let mut world = Revision::new();
/// let began = world;
/// assert_eq!(world, began);
/// world.bump(); // an edit
/// assert_ne!(world, began);
/// assert_ne!(Revision::new(), Revision::new());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Revision(u64);

impl Revision {
    /// A stamp no other revision in this process has.
    pub fn new() -> Self {
        Self(NEXT_REVISION.fetch_add(1, Ordering::Relaxed))
    }

    /// Takes a new stamp (call it on every edit).
    pub fn bump(&mut self) {
        *self = Self::new();
    }

    /// The stamp as a number (for logs and the C ABI): never 0, and a later edit has a
    /// larger one.
    pub fn get(self) -> u64 {
        self.0
    }
}

impl Default for Revision {
    fn default() -> Self {
        Self::new()
    }
}
