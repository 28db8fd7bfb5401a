//! The search mode of grid rules (cell by cell, jump points, preprocessed jump points) and the
//! preprocessing of a grid.

use std::sync::RwLock;

use nav_grid::{CompiledRules, GridQuery, SearchMode};

use crate::args::{OutPtr, input_slice, read_optional};
use crate::error::{FfiError, FfiResult};
use crate::grid::map::NavGrid;
use crate::grid::rules::{DEFAULT_RULES, NavGridRules, read_rules, rules_from_desc};
use crate::grid::types::{NavGridMove, NavGridRulesDesc};
use crate::guard::guard;
use crate::handles;
use crate::query::lock_query;
use crate::shared;
use crate::status::NavStatus;

/// How grid queries search (`nav_grid_rules_create_with_search`, `nav_grid_rules_search_mode`,
/// `nav_query_grid_search_used`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NavSearchMode {
    /// A* over every cell: every rule, weighted grids too.
    CellByCell = 0,
    /// Jump point search (online, 64 cells per scan); refused (`NAV_INVALID_RULES`) where it
    /// does not apply: rules other than 8 moves with no corner cutting or free diagonals and
    /// straight <= diagonal <= 2 * straight, and (at the query) weighted grids.
    JumpPoints = 1,
    /// Jump point search where it applies, cell by cell elsewhere (what
    /// `NavGridRulesDesc::jump_points = 1` asks for).
    JumpPointsOrCellByCell = 2,
    /// Jump point search over preprocessed jump distances (JPS+): the paths of
    /// `NAV_SEARCH_MODE_JUMP_POINTS`, refused where it is, each jump one table read. The table
    /// (16 bytes per cell, per agent size and diagonal rule) is built by `nav_grid_prepare` or
    /// by the first query that needs it, and kept up to date by edits.
    JumpPointsPlus = 3,
    /// The query did not search (`nav_query_grid_search_used` only): refused, or a blocked
    /// endpoint.
    None = 4,
}

impl From<SearchMode> for NavSearchMode {
    fn from(mode: SearchMode) -> Self {
        match mode {
            SearchMode::CellByCell => NavSearchMode::CellByCell,
            SearchMode::JumpPoints => NavSearchMode::JumpPoints,
            SearchMode::JumpPointsPlus => NavSearchMode::JumpPointsPlus,
            // `SearchMode` is non-exhaustive; the fallback mode is the only one left.
            _ => NavSearchMode::JumpPointsOrCellByCell,
        }
    }
}

/// The library's mode for a `NavSearchMode` value given by the caller.
fn mode_from(value: u32) -> FfiResult<SearchMode> {
    Ok(match value {
        0 => SearchMode::CellByCell,
        1 => SearchMode::JumpPoints,
        2 => SearchMode::JumpPointsOrCellByCell,
        3 => SearchMode::JumpPointsPlus,
        _ => {
            return Err(FfiError::invalid(format!(
                "`search_mode` must be NAV_SEARCH_MODE_CELL_BY_CELL (0), \
                 NAV_SEARCH_MODE_JUMP_POINTS (1), NAV_SEARCH_MODE_JUMP_POINTS_OR_CELL_BY_CELL (2) \
                 or NAV_SEARCH_MODE_JUMP_POINTS_PLUS (3), got {value}"
            )));
        }
    })
}

/// `nav_grid_rules_create` with a search mode (a `NavSearchMode` value) instead of
/// `desc->jump_points`, which must then be 0.
///
/// Errors: those of `nav_grid_rules_create`; `NAV_INVALID_ARGUMENT` for an unknown
/// `search_mode` or `desc->jump_points` other than 0; `NAV_INVALID_RULES` for
/// `NAV_SEARCH_MODE_JUMP_POINTS` or `NAV_SEARCH_MODE_JUMP_POINTS_PLUS` under rules without
/// jump points (4 moves, custom moves, the diagonal rule never, diagonal costs outside
/// straight..2 * straight).
///
/// # Safety
/// As `nav_grid_rules_create`: `desc` NULL or readable; `moves` valid for `move_count` reads
/// (NULL when 0); `out_rules` writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_rules_create_with_search(
    desc: *const NavGridRulesDesc,
    moves: *const NavGridMove,
    move_count: u32,
    search_mode: u32,
    out_rules: *mut *mut NavGridRules,
) -> NavStatus {
    guard("nav_grid_rules_create_with_search", || {
        let out = OutPtr::new(out_rules, "out_rules")?;
        // SAFETY: the caller's contract.
        let desc = unsafe { read_optional(desc, "desc") }?.unwrap_or_default();
        // SAFETY: the caller's contract.
        let moves = unsafe { input_slice(moves, move_count as usize, "moves") }?;
        if desc.jump_points != 0 {
            return Err(FfiError::invalid(format!(
                "`desc.jump_points` must be 0 when a search mode is given, got {}",
                desc.jump_points
            )));
        }
        let mode = mode_from(search_mode)?;
        let rules = rules_from_desc(&desc, moves)?;
        let rules: CompiledRules = rules.rules().clone().with_search(mode).compile()?;
        let handle = handles::register(NavGridRules::new(RwLock::new(rules)));
        // SAFETY: the caller's contract.
        unsafe { out.write(handle) };
        Ok(())
    })
}

/// Writes the search mode of `rules` (NULL: the Moving AI rules, cell by cell) as asked for at
/// creation to `*out_mode` (a `NavSearchMode` value; `desc->jump_points = 1` reads as
/// `NAV_SEARCH_MODE_JUMP_POINTS_OR_CELL_BY_CELL`, or as `NAV_SEARCH_MODE_CELL_BY_CELL` for
/// rules without jump points).
///
/// # Safety
/// `out_mode` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_rules_search_mode(
    rules: *const NavGridRules,
    out_mode: *mut u32,
) -> NavStatus {
    guard("nav_grid_rules_search_mode", || {
        let out = OutPtr::new(out_mode, "out_mode")?;
        let rules = read_rules(rules, "rules")?;
        let rules = rules.as_deref().unwrap_or(&DEFAULT_RULES);
        let mode = match rules.rules().search {
            // Compiled without jump points: the fallback searches cell by cell.
            SearchMode::JumpPointsOrCellByCell if rules.search_mode() == SearchMode::CellByCell => {
                NavSearchMode::CellByCell
            }
            mode => NavSearchMode::from(mode),
        };
        // SAFETY: the caller's contract.
        unsafe { out.write(mode as u32) };
        Ok(())
    })
}

/// Builds ahead of time what grid queries under `rules` (NULL: the Moving AI rules) for
/// agents of `agent_size` cells (0 means 1) derive from `grid` on first use: the connected
/// components (4 bytes per cell), and the jump point bit grids or, for
/// `NAV_SEARCH_MODE_JUMP_POINTS_PLUS`, the jump table (16 bytes per cell). O(cells): a few
/// milliseconds for 512 x 512. Edits keep them correct (the one-cell jump table is updated in
/// place; larger agents' data is rebuilt on next use). `*out_built` (may be NULL) receives 1
/// when something was built, 0 when everything existed.
///
/// Queries may run on `grid` at the same time (it is read, not edited).
///
/// Errors: `NAV_INVALID_ARGUMENT` for an agent size above 255.
///
/// # Safety
/// `out_built` must be NULL or point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_prepare(
    grid: *const NavGrid,
    rules: *const NavGridRules,
    agent_size: u32,
    out_built: *mut u32,
) -> NavStatus {
    guard("nav_grid_prepare", || {
        let out = (!out_built.is_null())
            .then(|| OutPtr::new(out_built, "out_built"))
            .transpose()?;
        let max = GridQuery::MAX_AGENT_SIZE;
        let size = match agent_size {
            0 => 1,
            size if size <= max => size,
            size => {
                return Err(FfiError::invalid(format!(
                    "`agent_size` must be 0 or 1 (one cell) to {max} cells, got {size}"
                )));
            }
        };
        let map = shared::read(grid, "grid")?;
        let rules = read_rules(rules, "rules")?;
        let rules = rules.as_deref().unwrap_or(&DEFAULT_RULES);
        let built = map.prepare(rules, size)?;
        if let Some(out) = out {
            // SAFETY: the caller's contract.
            unsafe { out.write(built as u32) };
        }
        Ok(())
    })
}

/// Writes which search the latest grid query of `query` ran to `*out_mode` (a `NavSearchMode`
/// value): `NAV_SEARCH_MODE_CELL_BY_CELL`, `NAV_SEARCH_MODE_JUMP_POINTS` or
/// `NAV_SEARCH_MODE_JUMP_POINTS_PLUS` (a fallback reports the search that ran), or
/// `NAV_SEARCH_MODE_NONE` when it did not search (refused, a blocked endpoint).
///
/// # Safety
/// `out_mode` must point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_query_grid_search_used(
    query: *mut crate::query::NavQuery,
    out_mode: *mut u32,
) -> NavStatus {
    guard("nav_query_grid_search_used", || {
        let out = OutPtr::new(out_mode, "out_mode")?;
        let state = lock_query(query, "query")?;
        let mode = state
            .grid_search_used()
            .map_or(NavSearchMode::None, NavSearchMode::from);
        // SAFETY: the caller's contract.
        unsafe { out.write(mode as u32) };
        Ok(())
    })
}
