//! `NavGridRules`: movement rules, checked once and shared by many queries.

use std::sync::{LazyLock, RwLock, RwLockReadGuard};

use nav_grid::{
    CompiledRules, CustomMoves, DiagonalRule, GridRules, Heuristic, MoveCosts, Moves, SearchMode,
};

use crate::args::{OutPtr, finite, flag, input_slice, read_optional};
use crate::error::{FfiError, FfiResult};
use crate::grid::types::{NavGridMove, NavGridRulesDesc};
use crate::guard::guard;
use crate::handles::{self, Handle, HandleKind};
use crate::shared;
use crate::status::NavStatus;

/// Movement rules (moves, diagonal rule, costs, heuristic), compiled once: the checks ran at
/// creation. Immutable: any number of threads may use one at once.
pub struct NavGridRules {
    rules: RwLock<CompiledRules>,
}

impl NavGridRules {
    /// A handle's value around compiled rules.
    pub(crate) fn new(rules: RwLock<CompiledRules>) -> Self {
        Self { rules }
    }
}

impl Handle for NavGridRules {
    const KIND: HandleKind = HandleKind::GridRules;

    fn is_idle(&self) -> bool {
        shared::is_idle(&self.rules)
    }
}

/// The rules a query uses when it is given no `NavGridRules`: the Moving AI rules.
pub(crate) static DEFAULT_RULES: LazyLock<CompiledRules> = LazyLock::new(|| {
    GridRules::moving_ai()
        .compile()
        .expect("the Moving AI rules compile")
});

/// Looks the rules handle `ptr` up (NULL: `None`, the default rules) and takes it for one
/// call.
pub(crate) fn read_rules<'a>(
    ptr: *const NavGridRules,
    argument: &str,
) -> FfiResult<Option<RwLockReadGuard<'a, CompiledRules>>> {
    if ptr.is_null() {
        return Ok(None);
    }
    handles::acquire(ptr, argument, |rules: &'a NavGridRules| {
        // Rules are never written after creation: only `free`'s probe holds the write lock,
        // for an instant, and a poisoned lock cannot happen; both read as "busy".
        rules.rules.try_read().map(Some).map_err(|_| {
            FfiError::new(
                NavStatus::NavBusy,
                format!("`{argument}` is being freed by another thread"),
            )
        })
    })
}

fn enum_value<T: Copy>(value: u32, argument: &str, choices: &[(&str, T)]) -> FfiResult<T> {
    choices.get(value as usize).map(|&(_, v)| v).ok_or_else(|| {
        let names: Vec<String> = choices
            .iter()
            .enumerate()
            .map(|(i, (name, _))| format!("{name} ({i})"))
            .collect();
        FfiError::invalid(format!(
            "`{argument}` must be one of {}, got {value}",
            names.join(", ")
        ))
    })
}

/// Turns a rules description and its custom moves into compiled rules.
///
/// `jump_points = 1` is [`SearchMode::JumpPointsOrCellByCell`]: the ABI has always searched
/// weighted grids (where jump points do not apply) cell by cell, and keeps doing so.
pub(crate) fn rules_from_desc(
    desc: &NavGridRulesDesc,
    moves: &[NavGridMove],
) -> FfiResult<CompiledRules> {
    #[derive(Clone, Copy)]
    enum Kind {
        Eight,
        Four,
        Custom,
    }
    let kind = enum_value(
        desc.moves,
        "desc.moves",
        &[
            ("NAV_MOVES_EIGHT", Kind::Eight),
            ("NAV_MOVES_FOUR", Kind::Four),
            ("NAV_MOVES_CUSTOM", Kind::Custom),
        ],
    )?;
    let diagonal = enum_value(
        desc.diagonal,
        "desc.diagonal",
        &[
            (
                "NAV_DIAGONAL_RULE_NO_CORNER_CUTTING",
                DiagonalRule::NoCornerCutting,
            ),
            ("NAV_DIAGONAL_RULE_NEVER", DiagonalRule::Never),
            ("NAV_DIAGONAL_RULE_FREE", DiagonalRule::Free),
        ],
    )?;
    let heuristic = enum_value(
        desc.heuristic,
        "desc.heuristic",
        &[
            ("NAV_HEURISTIC_OCTILE", Heuristic::Octile),
            ("NAV_HEURISTIC_MANHATTAN", Heuristic::Manhattan),
            ("NAV_HEURISTIC_CHEBYSHEV", Heuristic::Chebyshev),
            ("NAV_HEURISTIC_EUCLIDEAN", Heuristic::Euclidean),
            ("NAV_HEURISTIC_ZERO", Heuristic::Zero),
        ],
    )?;
    let allow_inadmissible = flag(desc.allow_inadmissible, "desc.allow_inadmissible")?;
    let jump_points = flag(desc.jump_points, "desc.jump_points")?;
    if desc.reserved != 0 {
        return Err(FfiError::invalid(format!(
            "`desc.reserved` must be 0, got {}",
            desc.reserved
        )));
    }
    let straight = match finite(desc.straight_cost, "desc.straight_cost")? {
        0.0 => 1.0,
        cost => cost,
    };
    let diagonal_cost = match finite(desc.diagonal_cost, "desc.diagonal_cost")? {
        0.0 => straight * std::f64::consts::SQRT_2,
        cost => cost,
    };
    let costs = MoveCosts::new(straight, diagonal_cost)?;
    let moves = match kind {
        Kind::Eight | Kind::Four if !moves.is_empty() => {
            return Err(FfiError::invalid(format!(
                "{} custom moves were given but `desc.moves` is not NAV_MOVES_CUSTOM",
                moves.len()
            )));
        }
        Kind::Eight => Moves::Eight,
        Kind::Four => Moves::Four,
        Kind::Custom => Moves::Custom(custom_moves(moves, &costs)?),
    };
    let rules = GridRules::default()
        .with_moves(moves)
        .with_diagonal(diagonal)
        .with_costs(costs)
        .with_heuristic(heuristic)
        .with_search(if jump_points {
            SearchMode::JumpPointsOrCellByCell
        } else {
            SearchMode::CellByCell
        })
        .allow_inadmissible(allow_inadmissible);
    if jump_points
        && rules
            .clone()
            .with_search(SearchMode::JumpPoints)
            .check()
            .is_err()
    {
        // Moves without jump points (4 moves, custom ones, the diagonal rule "never"):
        // refused as before, with the library's reason.
        rules.clone().with_search(SearchMode::JumpPoints).check()?;
    }
    Ok(rules.compile()?)
}

fn custom_moves(moves: &[NavGridMove], costs: &MoveCosts) -> FfiResult<CustomMoves> {
    for (i, m) in moves.iter().enumerate() {
        finite(m.cost, &format!("moves[{i}].cost"))?;
    }
    if moves.iter().all(|m| m.cost == 0.0) {
        let offsets: Vec<(i32, i32)> = moves.iter().map(|m| (m.dx, m.dy)).collect();
        return Ok(CustomMoves::new(&offsets)?);
    }
    let with_costs: Vec<(i32, i32, f64)> = moves
        .iter()
        .map(|m| {
            let cost = if m.cost == 0.0 {
                costs.offset_cost(m.dx, m.dy)
            } else {
                m.cost
            };
            (m.dx, m.dy, cost)
        })
        .collect();
    Ok(CustomMoves::with_costs(&with_costs)?)
}

/// Checks movement rules and writes a handle to them to `*out_rules`; free it with
/// `nav_grid_rules_free`. Queries given NULL instead of rules use the Moving AI rules.
///
/// `desc` may be NULL (the Moving AI rules). `moves[0..move_count]` are the offsets of a
/// custom move set (`desc->moves == NAV_MOVES_CUSTOM`: 1 to 64 distinct offsets, each
/// component within +-8, none (0, 0)); give none for the other move sets.
///
/// Errors: `NAV_INVALID_ARGUMENT` for unknown enum values, flags other than 0/1, costs that
/// are NaN, infinite or negative; `NAV_INVALID_RULES` for an invalid move set or a heuristic
/// that overestimates under these moves and costs (unless `allow_inadmissible` is 1).
///
/// # Safety
/// `desc` must be NULL or point to a readable `NavGridRulesDesc`; `moves` must point to
/// `move_count` readable `NavGridMove` (NULL when 0); `out_rules` to a writable
/// `NavGridRules*`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_rules_create(
    desc: *const NavGridRulesDesc,
    moves: *const NavGridMove,
    move_count: u32,
    out_rules: *mut *mut NavGridRules,
) -> NavStatus {
    guard("nav_grid_rules_create", || {
        let out = OutPtr::new(out_rules, "out_rules")?;
        // SAFETY: the caller's contract.
        let desc = unsafe { read_optional(desc, "desc") }?.unwrap_or_default();
        // SAFETY: the caller's contract.
        let moves = unsafe { input_slice(moves, move_count as usize, "moves") }?;
        let rules = rules_from_desc(&desc, moves)?;
        let handle = handles::register(NavGridRules {
            rules: RwLock::new(rules),
        });
        // SAFETY: the caller's contract.
        unsafe { out.write(handle) };
        Ok(())
    })
}

/// Frees rules. NULL is a no-op; a pointer that is not live rules gives `NAV_INVALID_HANDLE`.
///
/// # Safety
/// None: any pointer value is checked against the live handles.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn nav_grid_rules_free(rules: *mut NavGridRules) -> NavStatus {
    guard("nav_grid_rules_free", || handles::free(rules, "rules"))
}
