//! The rules of movement a query runs under.

use crate::error::GridError;
use crate::heuristic::Heuristic;
use crate::moves::{CompiledMoves, DiagonalRule, MoveCosts, Moves, Neighbourhood};

/// Moves, diagonal rule, costs and heuristic of a query.
///
/// The default is the Moving AI rules: 8 moves, no corner cutting, costs 1 and √2, octile
/// heuristic.
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
/// // Seed 000's integer-like costs.
/// let rules = GridRules::default().with_costs(MoveCosts::new(10.0, 14.0)?);
/// assert!(rules.check().is_ok());
/// # Ok::<(), nav_grid::GridError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GridRules {
    /// Which offsets a unit may step by.
    pub moves: Moves,
    /// When diagonal steps are allowed.
    pub diagonal: DiagonalRule,
    /// Straight and diagonal step costs.
    pub costs: MoveCosts,
    /// The estimate that guides the search.
    pub heuristic: Heuristic,
    /// Search jump points instead of single cells (Harabor and Grastien's jump point search,
    /// in its variant without corner cutting): the same optimal lengths with far fewer
    /// expansions, because the successors of a cell are the next cells where an optimal path
    /// may need to turn, found by scanning along straight and diagonal lines.
    ///
    /// Needs [`Moves::Eight`] with [`DiagonalRule::NoCornerCutting`] ([`check`](GridRules::check)
    /// refuses anything else). On a map whose cost multipliers are not all equal the search
    /// quietly runs cell by cell, since jumping assumes uniform costs. With jump points the
    /// search context, [`Limits::max_expanded`](nav_search::Limits::max_expanded) and the
    /// expanded cells count jump points, not every cell; the returned path still lists every
    /// cell.
    pub jump_points: bool,
    /// Accept a heuristic that may overestimate (faster, greedier searches whose paths may be
    /// longer than the shortest). Off by default: such a heuristic is an error.
    pub allow_inadmissible: bool,
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

    /// Sets [`jump_points`](GridRules::jump_points).
    ///
    /// ```
    /// use nav_grid::generate::caves;
    /// use nav_grid::{Cell, GridPathfinder, GridRules};
    ///
    /// let map = caves(64, 64, 0.45, 3)?;
    /// let open: Vec<Cell> = (0..64 * 64)
    ///     .filter_map(|i| map.cell_at(i))
    ///     .filter(|&c| map.is_walkable(c))
    ///     .collect();
    /// let (start, goal) = (open[0], open[open.len() - 1]);
    /// let mut finder = GridPathfinder::new();
    /// let by_cells = finder.find_path(&map, start, goal, &GridRules::moving_ai())?;
    /// let jumping = GridRules::moving_ai().with_jump_points(true);
    /// let by_jumps = finder.find_path(&map, start, goal, &jumping)?;
    /// assert!((by_cells.cost - by_jumps.cost).abs() < 1e-9);
    /// assert!(by_jumps.expanded < by_cells.expanded);
    /// assert!(GridRules::default().with_diagonal(nav_grid::DiagonalRule::Free).with_jump_points(true).check().is_err());
    /// # Ok::<(), nav_grid::GridError>(())
    /// ```
    pub fn with_jump_points(mut self, jump_points: bool) -> Self {
        self.jump_points = jump_points;
        self
    }

    /// Sets [`allow_inadmissible`](GridRules::allow_inadmissible).
    pub fn allow_inadmissible(mut self, allow: bool) -> Self {
        self.allow_inadmissible = allow;
        self
    }

    /// Checks that the rules can be searched: a move is left after the diagonal rule, and the
    /// heuristic underestimates every move (unless inadmissible heuristics are allowed).
    pub fn check(&self) -> Result<(), GridError> {
        self.compile().map(drop)
    }

    /// Checks the rules and prepares them for searching (see [`GridView`](crate::GridView)).
    pub fn compile(&self) -> Result<CompiledRules, GridError> {
        let mut moves = CompiledMoves::new(&self.moves, self.diagonal, &self.costs)?;
        if self.jump_points {
            if moves.neighbourhood != Neighbourhood::EightNoCornerCutting {
                return Err(GridError::InvalidMoves {
                    reason: "jump points need 8 moves without corner cutting".into(),
                });
            }
            moves.neighbourhood = Neighbourhood::JumpPoints;
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

    /// The effective moves as `(dx, dy, cost before the terrain multiplier)`: what is left of
    /// the move set after the diagonal rule.
    pub fn steps(&self) -> impl Iterator<Item = (i32, i32, f64)> + '_ {
        self.moves.steps.iter().map(|s| (s.dx, s.dy, s.cost))
    }
}
