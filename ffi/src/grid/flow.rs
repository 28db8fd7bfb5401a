//! Flow fields (`NavFlowField`) and the nearest of several goals, on tile grids.

use std::cell::RefCell;
use std::sync::RwLock;

use nav_grid::{
    Cell, FlowField, FlowQuery, FlowReport, GridError, NearestGoalContext, NearestGoalQuery,
};

use crate::args::{OutBuffer, OutPtr, flag, input_slice, read_optional};
use crate::error::{FfiError, FfiResult};
use crate::grid::find_path::read_options;
use crate::grid::map::NavGrid;
use crate::grid::rules::{DEFAULT_RULES, NavGridRules, read_rules};
use crate::grid::types::{NavCell, NavGridPathResult, NavGridQueryOptions, NavPathStatus};
use crate::guard::guard;
use crate::handles::{self, HandleKind};
use crate::shared::{self, Shared};
use crate::status::NavStatus;

/// The most goals one call takes (a field or a nearest-goal query).
pub const NAV_MAX_GOALS: u32 = 1 << 20;

/// A flow field: the cost to the nearest goal and the next move of every cell of a grid, for
/// one agent size under one set of rules (see `nav_flow_field_build`).
///
/// Lookups (`const NavFlowField*`) may run on many threads at once; a build or an update
/// (`NavFlowField*`) needs the field to itself (`NAV_BUSY` otherwise).
pub struct NavFlowField {
    field: RwLock<FlowField>,
}

impl Shared for NavFlowField {
    type Value = FlowField;
    const KIND: HandleKind = HandleKind::FlowField;
    const WHEN_READ: &'static str = "build or update it when no lookup runs";

    fn new(field: FlowField) -> Self {
        NavFlowField {
            field: RwLock::new(field),
        }
    }

    fn lock(&self) -> &RwLock<FlowField> {
        &self.field
    }
}

/// Options of a flow field build. All zeros: an agent of one cell, with line of sight.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NavFlowOptions {
    /// Side of the agent in cells: 0 or 1 for one cell, up to 255 (as in
    /// `NavGridQueryOptions`).
    pub agent_size: u32,
    /// 1 to skip the line-of-sight pass (about half the build's time): every cell's
    /// `sees_goal` is then 0.
    pub skip_line_of_sight: u32,
}

/// What a build or an update did.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NavFlowReport {
    /// Cells that reach a goal.
    pub reachable: u64,
    /// Cells the search expanded.
    pub expanded: u64,
    /// Cells whose cost was computed again (every reachable cell for a build).
    pub recomputed: u64,
    /// Goals the agent fits at (the others are ignored).
    pub goals_used: u32,
    /// 1 when an update rebuilt the whole field.
    pub rebuilt: u32,
}

impl From<FlowReport> for NavFlowReport {
    fn from(r: FlowReport) -> Self {
        NavFlowReport {
            reachable: r.reachable as u64,
            expanded: r.expanded as u64,
            recomputed: r.recomputed as u64,
            goals_used: r.goals_used as u32,
            rebuilt: r.rebuilt as u32,
        }
    }
}

/// One cell of a flow field.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NavFlowCell {
    /// Cost to the cell's goal (0 where unreachable: see `reachable`).
    pub cost: f64,
    /// The next move's column offset (0 at a goal and where unreachable).
    pub dx: i32,
    /// The next move's row offset.
    pub dy: i32,
    /// Index in the goal array of the goal the cell flows to (0 where unreachable).
    pub goal_index: u32,
    /// 1 when the cell reaches a goal.
    pub reachable: u32,
    /// 1 when the goal is in straight line of sight: the unit may walk straight at it.
    pub sees_goal: u32,
    /// Always 0: makes the struct's padding explicit.
    pub reserved: u32,
}

fn flow_cell(field: &FlowField, cell: Cell) -> NavFlowCell {
    let Some(cost) = field.cost(cell) else {
        return NavFlowCell::default();
    };
    let (dx, dy) = field.next_move(cell).unwrap_or((0, 0));
    NavFlowCell {
        cost,
        dx,
        dy,
        goal_index: field.goal_index(cell).unwrap_or(0) as u32,
        reachable: 1,
        sees_goal: field.sees_goal(cell) as u32,
        reserved: 0,
    }
}

/// The C API calls a map a grid.
fn grid_error(error: GridError) -> FfiError {
    match error {
        GridError::EndpointOutOfRange {
            endpoint,
            x,
            y,
            width,
            height,
        } => FfiError::new(
            NavStatus::NavOutOfRange,
            format!("{endpoint} ({x}, {y}) is outside the {width}x{height} grid"),
        ),
        GridError::CellOutOfRange {
            x,
            y,
            width,
            height,
        } => FfiError::new(
            NavStatus::NavOutOfRange,
            format!("cell ({x}, {y}) is outside the {width}x{height} grid"),
        ),
        other => FfiError::from(other),
    }
}

/// Reads `count` cells (at most `NAV_MAX_GOALS`).
///
/// # Safety
/// `cells` must be NULL with `count` 0, or point to `count` readable `NavCell`s.
unsafe fn read_cells<'a>(
    cells: *const NavCell,
    count: u32,
    argument: &str,
) -> FfiResult<&'a [NavCell]> {
    if count > NAV_MAX_GOALS {
        return Err(FfiError::new(
            NavStatus::NavInvalidSize,
            format!("`{argument}` holds {count} cells, at most {NAV_MAX_GOALS} are accepted"),
        ));
    }
    if count == 0 {
        return Ok(&[]);
    }
    // SAFETY: the caller's contract.
    unsafe { input_slice(cells, count as usize, argument) }
}

fn to_cells(cells: &[NavCell]) -> Vec<Cell> {
    cells.iter().map(|&c| c.into()).collect()
}

/// Creates an empty flow field (nothing reachable) and writes its handle to `*out_field`.
///
/// # Safety
/// `out_field` must point to a writable `NavFlowField*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_flow_field_create(out_field: *mut *mut NavFlowField) -> NavStatus {
    guard("nav_flow_field_create", || {
        let out = OutPtr::new(out_field, "out_field")?;
        shared::publish(FlowField::new(), out);
        Ok(())
    })
}

/// Frees a flow field. NULL is a no-op; a field a lookup on another thread reads is not
/// freed (`NAV_BUSY`).
///
/// # Safety
/// None: any pointer value is checked against the live handles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_flow_field_free(field: *mut NavFlowField) -> NavStatus {
    guard("nav_flow_field_free", || handles::free(field, "field"))
}

/// Computes the field of `grid` towards the nearest of `goals[0..goal_count]` under `rules`
/// (NULL: the Moving AI rules) with `options` (NULL: one cell, line of sight), replacing what
/// the field held. Every cell's cost is that of the cheapest path `nav_grid_find_path` finds
/// from it to its nearest goal (same moves, costs, multipliers and agent size), and following
/// the next moves walks such a path. Goals where the agent does not fit are ignored (see
/// `out_report->goals_used`); none at all leaves nothing reachable (not an error).
///
/// Returns `NAV_OUT_OF_RANGE` when a goal is outside the grid, `NAV_INVALID_SIZE` for more
/// than `NAV_MAX_GOALS` goals, `NAV_INVALID_ARGUMENT` for a bad agent size; the field is
/// then empty. `out_report` may be NULL.
///
/// Thread safety: the grid is only read (queries may run on it meanwhile); the field is
/// changed. A rebuild on a grid of the same size allocates nothing in the field.
///
/// # Safety
/// `goals` must be NULL with `goal_count` 0 or point to `goal_count` readable `NavCell`s;
/// `options` NULL or readable; `out_report` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_flow_field_build(
    field: *mut NavFlowField,
    grid: *const NavGrid,
    rules: *const NavGridRules,
    goals: *const NavCell,
    goal_count: u32,
    options: *const NavFlowOptions,
    out_report: *mut NavFlowReport,
) -> NavStatus {
    guard("nav_flow_field_build", || {
        // SAFETY: the caller's contract.
        let goals = to_cells(unsafe { read_cells(goals, goal_count, "goals") }?);
        // SAFETY: the caller's contract.
        let options = unsafe { read_optional(options, "options") }?.unwrap_or_default();
        let skip = flag(options.skip_line_of_sight, "options.skip_line_of_sight")?;
        let size = match options.agent_size {
            0 => 1,
            size => size,
        };
        let map = shared::read(grid, "grid")?;
        let rules = read_rules(rules, "rules")?;
        let rules = rules.as_deref().unwrap_or(&DEFAULT_RULES);
        let mut flow = shared::write(field, "field")?;
        let query = FlowQuery::to_goals(&goals)
            .with_agent_size(size)
            .with_line_of_sight(!skip);
        let report = flow.build(&map, rules, &query).map_err(|e| match e {
            GridError::InvalidAgentSize { size, max } => FfiError::invalid(format!(
                "`options.agent_size` must be 0 or 1 (one cell) to {max} cells, got {size}"
            )),
            other => grid_error(other),
        })?;
        if !out_report.is_null() {
            // SAFETY: the caller's contract (checked non-null).
            unsafe { OutPtr::new(out_report, "out_report")?.write(report.into()) };
        }
        Ok(())
    })
}

/// Repairs `field` after the cells `edited[0..edited_count]` of `grid` changed (walkability,
/// terrain or cost multiplier; list every cell changed since the last build or update): only
/// the cells whose way to the goal went through them are computed again. The result equals
/// a fresh build; `out_report->rebuilt` says when the field rebuilt everything instead (the
/// grid's size changed, an edit touches a goal, many cells changed). `out_report` may be
/// NULL. A field never built stays empty.
///
/// # Safety
/// `edited` must be NULL with `edited_count` 0 or point to `edited_count` readable
/// `NavCell`s; `out_report` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_flow_field_update(
    field: *mut NavFlowField,
    grid: *const NavGrid,
    edited: *const NavCell,
    edited_count: u32,
    out_report: *mut NavFlowReport,
) -> NavStatus {
    guard("nav_flow_field_update", || {
        // SAFETY: the caller's contract.
        let edited = to_cells(unsafe { read_cells(edited, edited_count, "edited") }?);
        let map = shared::read(grid, "grid")?;
        let mut flow = shared::write(field, "field")?;
        let report = flow.update(&map, &edited).map_err(grid_error)?;
        if !out_report.is_null() {
            // SAFETY: the caller's contract (checked non-null).
            unsafe { OutPtr::new(out_report, "out_report")?.write(report.into()) };
        }
        Ok(())
    })
}

/// Writes what the field holds for `cell` to `*out_cell`: its cost, next move, goal and
/// line-of-sight flag (O(1), for every unit every frame). `NAV_OUT_OF_RANGE` when `cell` is
/// outside the field's grid.
///
/// # Safety
/// `out_cell` must point to a writable `NavFlowCell`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_flow_field_cell(
    field: *const NavFlowField,
    cell: NavCell,
    out_cell: *mut NavFlowCell,
) -> NavStatus {
    guard("nav_flow_field_cell", || {
        let out = OutPtr::new(out_cell, "out_cell")?;
        let flow = shared::read(field, "field")?;
        let c: Cell = cell.into();
        if c.x >= flow.width() || c.y >= flow.height() {
            return Err(FfiError::new(
                NavStatus::NavOutOfRange,
                format!(
                    "cell ({}, {}) is outside the field's {}x{} grid",
                    c.x,
                    c.y,
                    flow.width(),
                    flow.height()
                ),
            ));
        }
        // SAFETY: checked above; the caller's contract.
        unsafe { out.write(flow_cell(&flow, c)) };
        Ok(())
    })
}

/// Copies every cell of the field, row by row (`out_cells[y * width + x]`), and writes the
/// number of cells to `*out_count` (`width * height` of the grid it was built on; 0 before a
/// build). `NAV_BUFFER_TOO_SMALL` when `capacity` is smaller (nothing written).
///
/// # Safety
/// `out_cells` must be NULL or valid for `capacity` writes; `out_count` must point to a
/// writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_flow_field_copy_cells(
    field: *const NavFlowField,
    out_cells: *mut NavFlowCell,
    capacity: u32,
    out_count: *mut u32,
) -> NavStatus {
    guard("nav_flow_field_copy_cells", || {
        let count = OutPtr::new(out_count, "out_count")?;
        // SAFETY: the caller's contract.
        let mut cells = unsafe { OutBuffer::new(out_cells, capacity, "out_cells") }?;
        let flow = shared::read(field, "field")?;
        let (w, h) = (flow.width(), flow.height());
        let n = w as usize * h as usize;
        // SAFETY: the caller's contract.
        unsafe { count.write(n as u32) };
        let all = (0..h).flat_map(|y| (0..w).map(move |x| Cell::new(x, y)));
        cells.write_all(n, all.map(|c| flow_cell(&flow, c)), "the field")
    })
}

/// Writes the cells from `start` to its goal, following the field, into
/// `out_cells[0..capacity]` (start and goal included) and the outcome into `*out_result`:
/// `NAV_PATH_STATUS_FOUND` with the cost, `NAV_PATH_STATUS_NO_PATH` where no goal is
/// reached (start blocked included: the field does not tell them apart), `cell_count` the
/// path's length. The same cost as `nav_grid_find_path` from `start` to that goal, without a
/// search: many units, one field. `NAV_BUFFER_TOO_SMALL` when the path is longer than
/// `capacity` (nothing written to `out_cells`; `cell_count` is the size needed);
/// `NAV_OUT_OF_RANGE` when `start` is outside the field's grid. Allocates nothing.
///
/// # Safety
/// `out_cells` must be NULL or valid for `capacity` writes; `out_result` must point to a
/// writable `NavGridPathResult`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_flow_field_path(
    field: *const NavFlowField,
    start: NavCell,
    out_cells: *mut NavCell,
    capacity: u32,
    out_result: *mut NavGridPathResult,
) -> NavStatus {
    guard("nav_flow_field_path", || {
        let result_out = OutPtr::new(out_result, "out_result")?;
        // SAFETY: the caller's contract.
        let mut cells = unsafe { OutBuffer::new(out_cells, capacity, "out_cells") }?;
        let flow = shared::read(field, "field")?;
        let start: Cell = start.into();
        if start.x >= flow.width() || start.y >= flow.height() {
            return Err(FfiError::new(
                NavStatus::NavOutOfRange,
                format!(
                    "start ({}, {}) is outside the field's {}x{} grid",
                    start.x,
                    start.y,
                    flow.width(),
                    flow.height()
                ),
            ));
        }
        let walk =
            || std::iter::successors(flow.cost(start).map(|_| start), |&c| flow.next_cell(c));
        let length = walk().count();
        let result = NavGridPathResult {
            cost: flow.cost(start).unwrap_or(0.0),
            expanded: 0,
            path_status: if length > 0 {
                NavPathStatus::Found
            } else {
                NavPathStatus::NoPath
            } as u32,
            cell_count: length as u32,
        };
        // SAFETY: the caller's contract.
        unsafe { result_out.write(result) };
        cells.write_all(length, walk().map(NavCell::from), "the path")
    })
}

thread_local! {
    /// This thread's nearest-goal search memory (warm queries allocate nothing).
    static NEAREST: RefCell<(NearestGoalContext, Vec<Cell>)> = RefCell::new(Default::default());
}

/// Finds the cheapest path from `start` to any of `goals[0..goal_count]` in one search (the
/// nearest depot, the closest enemy) and writes its cells to `out_cells[0..capacity]`, the
/// outcome to `*out_result` and the index of the goal reached to `*out_goal_index`
/// (`UINT32_MAX` when none was). `rules`: NULL for the Moving AI rules; `options` as for
/// `nav_grid_find_path` (NULL: no limits, one cell). Statuses as `nav_grid_find_path`'s, with
/// `NAV_PATH_STATUS_GOAL_BLOCKED` when the agent fits at none of the goals. The cost equals
/// the cheapest of one `nav_grid_find_path` per goal. `NAV_BUFFER_TOO_SMALL` when the path
/// is longer than `capacity` (nothing written; `cell_count` is the size needed).
///
/// Thread safety: uses a context of the calling thread; many threads may query one grid.
///
/// # Safety
/// `goals` must be NULL with `goal_count` 0 or point to `goal_count` readable `NavCell`s;
/// `options` NULL or readable; `out_cells` NULL or valid for `capacity` writes;
/// `out_result` and `out_goal_index` writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // the C signature: each buffer with its capacity
pub unsafe extern "C" fn nav_grid_find_nearest(
    grid: *const NavGrid,
    rules: *const NavGridRules,
    options: *const NavGridQueryOptions,
    start: NavCell,
    goals: *const NavCell,
    goal_count: u32,
    out_cells: *mut NavCell,
    capacity: u32,
    out_result: *mut NavGridPathResult,
    out_goal_index: *mut u32,
) -> NavStatus {
    guard("nav_grid_find_nearest", || {
        let result_out = OutPtr::new(out_result, "out_result")?;
        let goal_out = OutPtr::new(out_goal_index, "out_goal_index")?;
        // SAFETY: the caller's contract.
        let mut cells = unsafe { OutBuffer::new(out_cells, capacity, "out_cells") }?;
        // SAFETY: the caller's contract.
        let goals = unsafe { read_cells(goals, goal_count, "goals") }?;
        // SAFETY: the caller's contract.
        let options = unsafe { read_options(options) }?;
        let map = shared::read(grid, "grid")?;
        let rules = read_rules(rules, "rules")?;
        let rules = rules.as_deref().unwrap_or(&DEFAULT_RULES);
        NEAREST.with(|state| {
            // A panic in an earlier call (caught by the guard) may leave it borrowed: start
            // afresh then.
            let mut state = state.try_borrow_mut().map_err(|_| {
                FfiError::new(NavStatus::NavPanic, "the nearest-goal context is in use")
            })?;
            let (ctx, goal_cells) = &mut *state;
            goal_cells.clear();
            goal_cells.extend(goals.iter().map(|&g| Cell::from(g)));
            let query = NearestGoalQuery::new(start.into(), goal_cells)
                .with_agent_size(options.agent_size)
                .with_limits(options.limits);
            let nearest = ctx.find_nearest(&map, rules, &query).map_err(grid_error)?;
            let path = nearest.answer.path();
            let result = NavGridPathResult {
                cost: nearest.answer.cost(),
                expanded: nearest.answer.expanded() as u64,
                path_status: NavPathStatus::from(nearest.answer.status()) as u32,
                cell_count: path.len() as u32,
            };
            // SAFETY: the caller's contract.
            unsafe {
                result_out.write(result);
                goal_out.write(nearest.goal.map_or(u32::MAX, |g| g as u32));
            }
            cells.write_all(path.len(), path.iter().map(|&c| c.into()), "the path")
        })
    })
}
