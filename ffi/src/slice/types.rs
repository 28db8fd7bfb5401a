//! The state of a time-sliced query, as the C ABI reports it.

use nav_search::{PathOutcome, SliceState};

use crate::error::{FfiError, FfiResult};
use crate::grid::NavPathStatus;
use crate::status::NavStatus;

/// Where a time-sliced query stands (the `stage` of `NavSliceState`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavSliceStage {
    /// No sliced query: none was begun, it was cancelled (by `nav_query_slice_cancel`, or
    /// by a step that found the world edited), or a plain query of the same navigator on the
    /// same `NavQuery` replaced it.
    Idle = 0,
    /// Begun and not ended: step it again.
    Running = 1,
    /// Ended: `path_status`, `cost`, `expanded` and `count` are those of the navigator's
    /// `*_find_path`, and `nav_query_*_path` copies the path.
    Finished = 2,
}

/// The state of a time-sliced query, written by every `*_slice_begin` and `*_slice_step`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavSliceState {
    /// A `NavSliceStage` value.
    pub stage: u32,
    /// When finished: a `NavPathStatus` value; 0 otherwise.
    pub path_status: u32,
    /// Nodes expanded so far (the total once finished).
    pub expanded: u64,
    /// When finished: the path's cost (grids) or length; 0 otherwise.
    pub cost: f64,
    /// When finished: the number of cells, points or pieces `nav_query_*_path` copies; 0
    /// otherwise.
    pub count: u32,
    /// When finished: 1 when the path is a partial one (the goal was not reached); else 0.
    pub partial: u32,
}

impl NavSliceState {
    /// The C form of `state`; `count` and `cost` are given by the caller for a finished one
    /// (raw agent paths have their own).
    pub(crate) fn of(state: SliceState, finished: impl Fn(&PathOutcome) -> (f64, u32)) -> Self {
        match state {
            SliceState::Running { expanded } => NavSliceState {
                stage: NavSliceStage::Running as u32,
                expanded: expanded as u64,
                ..Default::default()
            },
            SliceState::Finished(outcome) => {
                let (cost, count) = finished(&outcome);
                NavSliceState {
                    stage: NavSliceStage::Finished as u32,
                    path_status: NavPathStatus::from(outcome.status) as u32,
                    expanded: outcome.expanded as u64,
                    cost,
                    count,
                    partial: outcome.partial as u32,
                }
            }
            // Idle, and whatever nav adds later.
            _ => NavSliceState::default(),
        }
    }
}

/// Checks the expansions per step: at least 1 (0 would make no progress, and a loop stepping
/// until the query ends would never end).
pub(crate) fn check_budget(max_expansions: u32) -> FfiResult<usize> {
    if max_expansions == 0 {
        return Err(FfiError::invalid(
            "`max_expansions` must be at least 1: a step of 0 expansions makes no progress",
        ));
    }
    Ok(max_expansions as usize)
}

/// The error of a step given an edited or different world.
pub(crate) fn world_changed(what: &str) -> FfiError {
    FfiError::new(
        NavStatus::NavWorldChanged,
        format!(
            "`{what}` was edited after the sliced query began (or is another {what}): the sliced \
             query was cancelled, begin it again"
        ),
    )
}
