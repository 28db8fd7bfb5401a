//! The rules of movement a query runs under.

use crate::error::GridError;
use crate::heuristic::Heuristic;
use crate::map::GridMap;
use crate::moves::{CompiledMoves, DiagonalRule, MoveCosts, Moves, Neighbourhood};

/// Moves, diagonal rule, costs, heuristic and agent size of a query.
///
/// The default is the Moving AI rules: 8 moves, no corner cutting, costs 1 and √2, octile
/// heuristic, an agent of one cell.
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
    /// Search jump points instead of single cells (Harabor and Grastien's jump point search):
    /// the same optimal lengths with far fewer expansions, because the successors of a cell are
    /// the next cells where an optimal path may need to turn, found by scanning along straight
    /// and diagonal lines.
    ///
    /// Needs [`Moves::Eight`] with [`DiagonalRule::NoCornerCutting`] (the Moving AI rule) or
    /// [`DiagonalRule::Free`] ([`check`](GridRules::check) refuses anything else). On a map
    /// whose cost multipliers are not all equal the search quietly runs cell by cell, since
    /// jumping assumes uniform costs. With jump points the search context,
    /// [`Limits::max_expanded`](nav_search::Limits::max_expanded) and the expanded cells count
    /// jump points, not every cell; the returned path still lists every cell.
    pub jump_points: bool,
    /// Accept a heuristic that may overestimate (faster, greedier searches whose paths may be
    /// longer than the shortest). Off by default: such a heuristic is an error.
    pub allow_inadmissible: bool,
    /// Side of the agent in cells: the agent covers `agent_size x agent_size` cells, and the
    /// cells of a path are its **top-left** cells. 1 (the default) is a unit of one cell;
    /// [`check`](GridRules::check) refuses 0 and sizes above
    /// [`MAX_AGENT_SIZE`](GridRules::MAX_AGENT_SIZE).
    ///
    /// An agent of size `k` moves exactly as a unit of one cell would on the map where a cell
    /// is walkable when the agent fits there: when its [clearance](GridMap::clearance) is at
    /// least `k` (the `k x k` square below and right of it lies on the map and is all
    /// walkable). Every rule applies to the top-left cell on that map:
    /// * a straight step needs the target to fit (the agent then also fits everywhere in
    ///   between);
    /// * a diagonal step under [`DiagonalRule::NoCornerCutting`] also needs the agent to fit at
    ///   both orthogonal neighbours: the whole `(k + 1) x (k + 1)` box the move sweeps is
    ///   walkable, as the `2 x 2` box is for one cell;
    /// * under [`DiagonalRule::Free`] only the target must fit: the agent squeezes past blocked
    ///   corners as a one-cell unit does (its swept corners are not checked);
    /// * a custom move needs the agent to fit at the target and at every cell the move crosses
    ///   (see [`CustomMoves`](crate::CustomMoves)).
    ///
    /// On weighted terrain a step costs the move's cost times the multiplier of the cell the
    /// agent's top-left cell enters (the anchor's multiplier, the same O(1) read as for one
    /// cell), not of every cell under the agent.
    ///
    /// The search reads one byte of clearance per cell instead of walkability, so a query for
    /// a large agent costs what a query for one cell costs on a map with fewer walkable cells.
    /// Jump points work for every size (jump point search needs only a walkability test). A
    /// start or goal where the agent does not fit gives
    /// [`GridStatus::StartBlocked`](crate::GridStatus::StartBlocked) or
    /// [`GridStatus::GoalBlocked`](crate::GridStatus::GoalBlocked).
    ///
    /// ```
    /// use nav_grid::{Cell, GridMap, GridPathfinder, GridRules, GridStatus};
    ///
    /// // A wall with a gap of one cell on the left and of two cells on the right.
    /// let map = GridMap::from_ascii("
    ///     .........
    ///     .........
    ///     .@@@@@..@
    ///     .........
    ///     .........
    /// ")?;
    /// let mut finder = GridPathfinder::new();
    /// let (start, goal) = (Cell::new(0, 0), Cell::new(0, 3));
    /// let one = finder.find_path(&map, start, goal, &GridRules::default())?;
    /// assert_eq!(one.cost, 3.0); // straight down through the narrow gap
    ///
    /// let two = GridRules::default().with_agent_size(2);
    /// let outcome = finder.find_path(&map, start, goal, &two)?;
    /// assert_eq!(outcome.status, GridStatus::Found);
    /// assert!(finder.path().contains(&Cell::new(6, 2))); // through the wide gap
    /// assert!(outcome.cost > 10.0);
    ///
    /// let three = GridRules::default().with_agent_size(3);
    /// assert_eq!(finder.find_path(&map, start, goal, &three)?.status, GridStatus::StartBlocked);
    /// assert!(GridRules::default().with_agent_size(0).check().is_err());
    /// # Ok::<(), nav_grid::GridError>(())
    /// ```
    pub agent_size: u32,
}

impl Default for GridRules {
    fn default() -> Self {
        Self {
            moves: Moves::default(),
            diagonal: DiagonalRule::default(),
            costs: MoveCosts::default(),
            heuristic: Heuristic::default(),
            jump_points: false,
            allow_inadmissible: false,
            agent_size: 1,
        }
    }
}

impl GridRules {
    /// The largest [`agent_size`](GridRules::agent_size): the clearance a map tracks,
    /// [`GridMap::MAX_CLEARANCE`].
    pub const MAX_AGENT_SIZE: u32 = GridMap::MAX_CLEARANCE;

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
    /// // Four moves have no jump points.
    /// assert!(GridRules::default().with_moves(nav_grid::Moves::Four).with_jump_points(true).check().is_err());
    /// # Ok::<(), nav_grid::GridError>(())
    /// ```
    pub fn with_jump_points(mut self, jump_points: bool) -> Self {
        self.jump_points = jump_points;
        self
    }

    /// Sets [`agent_size`](GridRules::agent_size) (checked by [`check`](GridRules::check)).
    pub fn with_agent_size(mut self, agent_size: u32) -> Self {
        self.agent_size = agent_size;
        self
    }

    /// Sets [`allow_inadmissible`](GridRules::allow_inadmissible).
    pub fn allow_inadmissible(mut self, allow: bool) -> Self {
        self.allow_inadmissible = allow;
        self
    }

    /// Checks that the rules can be searched: the agent size is 1 to
    /// [`MAX_AGENT_SIZE`](GridRules::MAX_AGENT_SIZE), a move is left after the diagonal rule,
    /// and the heuristic underestimates every move (unless inadmissible heuristics are
    /// allowed).
    pub fn check(&self) -> Result<(), GridError> {
        self.compile().map(drop)
    }

    /// Checks the rules and prepares them for searching (see [`GridView`](crate::GridView)).
    pub fn compile(&self) -> Result<CompiledRules, GridError> {
        self.check_agent_size()?;
        let mut moves = CompiledMoves::new(&self.moves, self.diagonal, &self.costs)?;
        if self.jump_points {
            moves.neighbourhood = match moves.neighbourhood {
                Neighbourhood::EightNoCornerCutting => Neighbourhood::JumpPoints { free: false },
                Neighbourhood::EightFree => Neighbourhood::JumpPoints { free: true },
                _ => {
                    return Err(GridError::InvalidMoves {
                        reason: "jump points need 8 moves with diagonal rule no-corner-cutting \
                                 or free"
                            .into(),
                    });
                }
            };
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

impl GridRules {
    /// Checks [`agent_size`](GridRules::agent_size) alone.
    pub(crate) fn check_agent_size(&self) -> Result<(), GridError> {
        if (1..=Self::MAX_AGENT_SIZE).contains(&self.agent_size) {
            Ok(())
        } else {
            Err(GridError::InvalidAgentSize {
                size: self.agent_size,
                max: Self::MAX_AGENT_SIZE,
            })
        }
    }

    /// Whether `self` and `other` differ at most in their agent size: compiled moves do not
    /// depend on it, so one compilation serves every size.
    pub(crate) fn same_except_agent_size(&self, other: &GridRules) -> bool {
        // Destructured so that a new field cannot be forgotten here.
        let GridRules {
            moves,
            diagonal,
            costs,
            heuristic,
            jump_points,
            allow_inadmissible,
            agent_size: _,
        } = self;
        *moves == other.moves
            && *diagonal == other.diagonal
            && *costs == other.costs
            && *heuristic == other.heuristic
            && *jump_points == other.jump_points
            && *allow_inadmissible == other.allow_inadmissible
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
