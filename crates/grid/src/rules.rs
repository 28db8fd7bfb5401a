//! The rules of movement a query runs under.

use crate::error::GridError;
use crate::heuristic::Heuristic;
use crate::moves::{CompiledMoves, DiagonalRule, MoveCosts, Moves, Neighbourhood};

/// How a query searches: cell by cell, or over jump points.
///
/// Jump point search (Harabor and Grastien, "Online Graph Pruning for Pathfinding on Grid
/// Maps", AAAI 2011) finds the same optimal path lengths with far fewer expansions: the
/// successors of a cell are the next cells where an optimal path may need to turn, found by
/// scanning along straight and diagonal lines. It needs
/// * [`Moves::Eight`] with [`DiagonalRule::NoCornerCutting`] (the Moving AI rule) or
///   [`DiagonalRule::Free`],
/// * costs with `straight <= diagonal <= 2 * straight` (1 and √2, 10 and 14: a diagonal step
///   is worth at least a straight one and at most two), and
/// * a map whose cost multipliers are all equal
///   ([`GridMap::has_uniform_cost`](crate::GridMap::has_uniform_cost)): jumping assumes that every
///   step of a line costs the same.
///
/// [`JumpPoints`](SearchMode::JumpPoints) refuses rules without them
/// ([`GridRules::compile`]) and weighted maps (at the query) with
/// [`GridError::JumpPointsUnavailable`];
/// [`JumpPointsOrCellByCell`](SearchMode::JumpPointsOrCellByCell) searches cell by cell there
/// instead. Either way the context says which search ran
/// ([`GridContext::search_used`](crate::GridContext::search_used)): nothing falls back silently.
///
/// With jump points, [`Limits::max_expanded`](nav_search::Limits::max_expanded) and the
/// expanded cells count jump points, not every cell; the returned path still lists every cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum SearchMode {
    /// A* over every cell (the default; works under every rule and on weighted maps).
    #[default]
    CellByCell,
    /// Jump point search, refused where it does not apply.
    JumpPoints,
    /// Jump point search where it applies, cell by cell elsewhere (see
    /// [`GridContext::search_used`](crate::GridContext::search_used) for which one ran).
    JumpPointsOrCellByCell,
    /// Jump point search over preprocessed jump distances (JPS+): the same paths as
    /// [`JumpPoints`](SearchMode::JumpPoints), under the same rules and refusals, but each
    /// jump is one table read instead of a scan. The table (16 bytes per cell, per agent
    /// size and diagonal rule) is built by [`GridMap::prepare`](crate::GridMap::prepare), or
    /// by the first query that needs it, and kept up to date by edits (see
    /// [`GridMap::prepare`](crate::GridMap::prepare) for the cost).
    JumpPointsPlus,
}

impl SearchMode {
    /// The name the CLI uses: `cells`, `jump-points`, `jump-points-or-cells` or
    /// `jump-points-plus`.
    pub fn name(self) -> &'static str {
        match self {
            SearchMode::CellByCell => "cells",
            SearchMode::JumpPoints => "jump-points",
            SearchMode::JumpPointsOrCellByCell => "jump-points-or-cells",
            SearchMode::JumpPointsPlus => "jump-points-plus",
        }
    }

    /// Whether the mode refuses rules and maps where jump points do not apply (rather than
    /// searching cell by cell there).
    pub(crate) fn is_strict_jumping(self) -> bool {
        matches!(self, SearchMode::JumpPoints | SearchMode::JumpPointsPlus)
    }
}

impl std::fmt::Display for SearchMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Moves, diagonal rule, costs, heuristic and search mode: how units move on a map.
///
/// The default is the Moving AI rules: 8 moves, no corner cutting, costs 1 and √2, octile
/// heuristic, searched cell by cell. Rules are checked once, by [`compile`](GridRules::compile);
/// queries take the [`CompiledRules`]. The size of the agent is part of each query
/// ([`GridQuery::with_agent_size`](crate::GridQuery::with_agent_size)), not of the rules.
///
/// ```
/// use nav_grid::{DiagonalRule, GridRules, Heuristic, MoveCosts, Moves};
///
/// let rules = GridRules::default()
///     .with_moves(Moves::Four)
///     .with_heuristic(Heuristic::Manhattan);
/// assert!(rules.check().is_ok());
///
/// // Manhattan overestimates a diagonal step: refused unless suboptimal paths are fine.
/// let greedy = GridRules::default().with_heuristic(Heuristic::Manhattan);
/// assert!(greedy.check().is_err());
/// assert!(greedy.allow_inadmissible(true).check().is_ok());
///
/// // Integer-like costs, as many A* tutorials use.
/// let rules = GridRules::default().with_costs(MoveCosts::new(10.0, 14.0)?);
/// let compiled = rules.compile()?;
/// assert_eq!(compiled.rules(), &rules);
/// # Ok::<(), nav_grid::GridError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct GridRules {
    /// Which offsets a unit may step by.
    pub moves: Moves,
    /// When diagonal steps are allowed.
    pub diagonal: DiagonalRule,
    /// Straight and diagonal step costs.
    pub costs: MoveCosts,
    /// The estimate that guides the search.
    pub heuristic: Heuristic,
    /// Cell by cell or by jump points (see [`SearchMode`]).
    pub search: SearchMode,
    /// Accept a heuristic that may overestimate (faster, greedier searches whose paths may be
    /// longer than the shortest). Off by default: such a heuristic is an error.
    pub allow_inadmissible: bool,
}

impl Default for GridRules {
    fn default() -> Self {
        Self {
            moves: Moves::default(),
            diagonal: DiagonalRule::default(),
            costs: MoveCosts::default(),
            heuristic: Heuristic::default(),
            search: SearchMode::CellByCell,
            allow_inadmissible: false,
        }
    }
}

impl GridRules {
    /// The rules of the Moving AI benchmarks (the default).
    pub fn moving_ai() -> Self {
        Self::default()
    }

    /// Sets [`moves`](GridRules::moves).
    pub fn with_moves(mut self, moves: Moves) -> Self {
        self.moves = moves;
        self
    }

    /// Sets [`diagonal`](GridRules::diagonal).
    pub fn with_diagonal(mut self, diagonal: DiagonalRule) -> Self {
        self.diagonal = diagonal;
        self
    }

    /// Sets [`costs`](GridRules::costs).
    pub fn with_costs(mut self, costs: MoveCosts) -> Self {
        self.costs = costs;
        self
    }

    /// Sets [`heuristic`](GridRules::heuristic).
    pub fn with_heuristic(mut self, heuristic: Heuristic) -> Self {
        self.heuristic = heuristic;
        self
    }

    /// Sets [`search`](GridRules::search).
    ///
    /// ```
    /// use nav_grid::generate::caves;
    /// use nav_grid::{Cell, GridContext, GridError, GridQuery, GridRules, Moves, SearchMode};
    ///
    /// let map = caves(64, 64, 0.45, 3)?;
    /// let open: Vec<Cell> = (0..64 * 64)
    ///     .filter_map(|i| map.cell_at(i))
    ///     .filter(|&c| map.is_walkable(c))
    ///     .collect();
    /// let query = GridQuery::new(open[0], open[open.len() - 1]);
    /// let mut ctx = GridContext::new();
    /// let by_cells = ctx.find_path(&map, &GridRules::moving_ai().compile()?, &query)?.outcome();
    /// let jumping = GridRules::moving_ai().with_search(SearchMode::JumpPoints).compile()?;
    /// let by_jumps = ctx.find_path(&map, &jumping, &query)?.outcome();
    /// assert_eq!(ctx.search_used(), Some(SearchMode::JumpPoints));
    /// assert!((by_cells.cost - by_jumps.cost).abs() < 1e-9);
    /// assert!(by_jumps.expanded < by_cells.expanded);
    ///
    /// // Four moves have no jump points: refused, unless cell by cell is fine.
    /// let four = GridRules::default().with_moves(Moves::Four);
    /// let strict = four.clone().with_search(SearchMode::JumpPoints).compile();
    /// assert!(matches!(strict, Err(GridError::JumpPointsUnavailable { .. })));
    /// let either = four.with_search(SearchMode::JumpPointsOrCellByCell).compile()?;
    /// ctx.find_path(&map, &either, &query)?;
    /// assert_eq!(ctx.search_used(), Some(SearchMode::CellByCell));
    /// # Ok::<(), nav_grid::GridError>(())
    /// ```
    pub fn with_search(mut self, search: SearchMode) -> Self {
        self.search = search;
        self
    }

    /// Sets [`allow_inadmissible`](GridRules::allow_inadmissible).
    pub fn allow_inadmissible(mut self, allow: bool) -> Self {
        self.allow_inadmissible = allow;
        self
    }

    /// Checks that the rules can be searched: a move is left after the diagonal rule, the
    /// heuristic underestimates every move (unless inadmissible heuristics are allowed), and
    /// [`SearchMode::JumpPoints`] gets rules that jump point search supports.
    pub fn check(&self) -> Result<(), GridError> {
        self.compile().map(drop)
    }

    /// Checks the rules and prepares them for searching: what every query takes. Compile once
    /// and share the result (it is `Send + Sync`) between queries and threads.
    pub fn compile(&self) -> Result<CompiledRules, GridError> {
        let mut moves = CompiledMoves::new(&self.moves, self.diagonal, &self.costs)?;
        if self.search != SearchMode::CellByCell {
            match self.jump_points_unavailable() {
                None => {
                    moves.neighbourhood = Neighbourhood::JumpPoints {
                        free: self.diagonal == DiagonalRule::Free,
                        plus: self.search == SearchMode::JumpPointsPlus,
                    };
                }
                Some(reason) if self.search.is_strict_jumping() => {
                    return Err(GridError::JumpPointsUnavailable { reason });
                }
                Some(_) => {} // the caller asked for cell by cell in this case
            }
        }
        if !self.allow_inadmissible {
            if let Some((dx, dy, estimate, cost)) =
                self.heuristic.overestimated_move(&moves, &self.costs)
            {
                return Err(GridError::InadmissibleHeuristic {
                    heuristic: self.heuristic,
                    dx,
                    dy,
                    estimate,
                    cost,
                });
            }
        }
        Ok(CompiledRules {
            rules: self.clone(),
            moves,
        })
    }

    /// Why jump point search cannot serve these moves and costs, if it cannot.
    fn jump_points_unavailable(&self) -> Option<&'static str> {
        let (s, d) = (self.costs.straight(), self.costs.diagonal());
        if !matches!(self.moves, Moves::Eight) || self.diagonal == DiagonalRule::Never {
            Some("jump points need 8 moves with diagonal rule no-corner-cutting or free")
        } else if !(s <= d && d <= 2.0 * s) {
            Some(
                "jump points need move costs with straight <= diagonal <= 2 * straight \
                 (such as 1 and 1.414 or 10 and 14)",
            )
        } else {
            None
        }
    }
}

/// [`GridRules`] that passed their check, with the move tables the search uses.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledRules {
    rules: GridRules,
    pub(crate) moves: CompiledMoves,
}

impl CompiledRules {
    /// The rules these were compiled from.
    pub fn rules(&self) -> &GridRules {
        &self.rules
    }

    /// The search a query under these rules runs on a map of uniform cost:
    /// [`SearchMode::JumpPointsPlus`], [`SearchMode::JumpPoints`] or
    /// [`SearchMode::CellByCell`] (on a weighted map,
    /// [`SearchMode::JumpPointsOrCellByCell`] searches cell by cell and the other jumping
    /// modes are refused).
    pub fn search_mode(&self) -> SearchMode {
        match self.moves.neighbourhood {
            Neighbourhood::JumpPoints { plus: true, .. } => SearchMode::JumpPointsPlus,
            Neighbourhood::JumpPoints { .. } => SearchMode::JumpPoints,
            _ => SearchMode::CellByCell,
        }
    }

    /// The diagonal rule jumps run under (`Some(free)`) if these rules jump, and whether they
    /// read a preprocessed table.
    pub(crate) fn jumping(&self) -> Option<(bool, bool)> {
        match self.moves.neighbourhood {
            Neighbourhood::JumpPoints { free, plus } => Some((free, plus)),
            _ => None,
        }
    }

    /// Whether the moves are searched by jump points (on maps of uniform cost).
    pub(crate) fn uses_jump_points(&self) -> bool {
        matches!(self.moves.neighbourhood, Neighbourhood::JumpPoints { .. })
    }

    /// The effective moves as `(dx, dy, cost before the terrain multiplier)`: what is left of
    /// the move set after the diagonal rule.
    pub fn steps(&self) -> impl Iterator<Item = (i32, i32, f64)> + '_ {
        self.moves.steps.iter().map(|s| (s.dx, s.dy, s.cost))
    }
}
