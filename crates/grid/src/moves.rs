//! Move sets, diagonal rules and move costs.

use std::sync::Arc;

use crate::error::GridError;

/// Which cells a unit may step to from its cell.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Moves {
    /// The four orthogonal neighbours (the diagonal rule does not matter).
    Four,
    /// The four orthogonal and the four diagonal neighbours; the [`DiagonalRule`] says when a
    /// diagonal step is allowed.
    #[default]
    Eight,
    /// Any set of offsets (the direction arrays of a Unity C# grid A* tutorial), see
    /// [`CustomMoves`].
    Custom(CustomMoves),
}

impl Moves {
    /// A custom move set from offsets, each costing what [`MoveCosts::offset_cost`] says.
    /// See [`CustomMoves::new`].
    pub fn custom(offsets: &[(i32, i32)]) -> Result<Self, GridError> {
        CustomMoves::new(offsets).map(Moves::Custom)
    }
}

impl std::str::FromStr for Moves {
    type Err = String;

    /// `"4"` or `"8"` (the CLI's `--moves`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "4" => Ok(Moves::Four),
            "8" => Ok(Moves::Eight),
            _ => Err(format!("unknown move set '{s}' (expected 4 or 8)")),
        }
    }
}

/// One offset of a [`CustomMoves`] set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CustomMove {
    /// Column offset.
    pub dx: i32,
    /// Row offset.
    pub dy: i32,
    /// The move's cost before the terrain multiplier; `None`: [`MoveCosts::offset_cost`].
    pub cost: Option<f64>,
}

/// A validated set of move offsets.
///
/// # Which moves are legal
/// A move from cell `a` to cell `a + (dx, dy)` is legal when the target is walkable and so is
/// every cell that the straight segment between the two cell centres crosses:
/// * a **straight** offset longer than one cell, such as `(3, 0)`, needs the cells in between:
///   a unit cannot jump over a wall;
/// * with [`DiagonalRule::NoCornerCutting`] a cell that the segment only *touches* at a corner
///   counts as crossed, so `(1, 1)` needs both orthogonal neighbours (the Moving AI rule) and
///   `(2, 2)` needs the five cells around the diagonal;
/// * with [`DiagonalRule::Free`] only cells whose *inside* the segment crosses count, so the
///   segment may squeeze through the point where two blocked cells meet (the "FREE" diagonals
///   of a JavaScript tile-map A* tutorial with a canvas demo);
///   `(1, 2)` needs `(0, 1)` and `(1, 1)` under both rules because its segment crosses them;
/// * with [`DiagonalRule::Never`] every offset with two non-zero components is dropped.
///
/// For [`Moves::Four`] and [`Moves::Eight`] these are exactly the usual rules. For an agent
/// larger than one cell, read "walkable" as "the agent fits with its top-left cell there"
/// (see [`GridQuery::agent_size`](crate::GridQuery::agent_size)).
///
/// # Validation
/// At least one and at most [`MAX_MOVES`](CustomMoves::MAX_MOVES) offsets, no `(0, 0)`, no
/// duplicate, each component within ±[`MAX_REACH`](CustomMoves::MAX_REACH), and explicit costs
/// finite, greater than zero and at most [`MoveCosts::MAX_COST`] (so that no sum of costs
/// along a path overflows).
///
/// ```
/// use nav_grid::{CustomMoves, Moves};
///
/// // The eight neighbours as a direction array, plus a knight's jump.
/// let moves = Moves::custom(&[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (1, 2)])?;
/// assert!(matches!(moves, Moves::Custom(_)));
/// assert!(CustomMoves::new(&[(0, 0)]).is_err());
/// assert!(CustomMoves::new(&[(1, 0), (1, 0)]).is_err());
/// // Costs whose sums could overflow are refused.
/// assert!(CustomMoves::with_costs(&[(1, 0, 1e308)]).is_err());
/// # Ok::<(), nav_grid::GridError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct CustomMoves {
    /// Shared: cloning rules (to change the agent size of a query, say) allocates nothing.
    moves: Arc<[CustomMove]>,
}

impl CustomMoves {
    /// Largest absolute value of an offset component.
    pub const MAX_REACH: i32 = 8;
    /// Largest number of offsets in a set.
    pub const MAX_MOVES: usize = 64;

    /// Offsets that cost what [`MoveCosts::offset_cost`] says.
    pub fn new(offsets: &[(i32, i32)]) -> Result<Self, GridError> {
        Self::from_moves(
            offsets
                .iter()
                .map(|&(dx, dy)| CustomMove { dx, dy, cost: None })
                .collect(),
        )
    }

    /// Offsets with explicit costs `(dx, dy, cost)` (for example the Euclidean length).
    pub fn with_costs(moves: &[(i32, i32, f64)]) -> Result<Self, GridError> {
        Self::from_moves(
            moves
                .iter()
                .map(|&(dx, dy, cost)| CustomMove {
                    dx,
                    dy,
                    cost: Some(cost),
                })
                .collect(),
        )
    }

    fn from_moves(moves: Vec<CustomMove>) -> Result<Self, GridError> {
        let invalid = |reason: String| Err(GridError::InvalidMoves { reason });
        if moves.is_empty() {
            return invalid("no offset given".into());
        }
        if moves.len() > Self::MAX_MOVES {
            return invalid(format!(
                "{} offsets, at most {} are allowed",
                moves.len(),
                Self::MAX_MOVES
            ));
        }
        for (i, m) in moves.iter().enumerate() {
            if (m.dx, m.dy) == (0, 0) {
                return invalid("offset (0, 0) does not move".into());
            }
            if m.dx.unsigned_abs() > Self::MAX_REACH as u32
                || m.dy.unsigned_abs() > Self::MAX_REACH as u32
            {
                return invalid(format!(
                    "offset ({}, {}) reaches further than {} cells",
                    m.dx,
                    m.dy,
                    Self::MAX_REACH
                ));
            }
            if moves[..i].iter().any(|o| (o.dx, o.dy) == (m.dx, m.dy)) {
                return invalid(format!("offset ({}, {}) is given twice", m.dx, m.dy));
            }
            if let Some(cost) = m.cost {
                check_cost("custom move cost", cost)?;
            }
        }
        Ok(Self {
            moves: moves.into(),
        })
    }

    /// The offsets, in the order given.
    pub fn moves(&self) -> &[CustomMove] {
        &self.moves
    }
}

/// When a unit may step diagonally.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DiagonalRule {
    /// Never: [`Moves::Eight`] behaves like [`Moves::Four`].
    Never,
    /// Only when both orthogonal neighbours are walkable: no cutting corners of blocked cells
    /// (the rule of the Moving AI benchmarks).
    #[default]
    NoCornerCutting,
    /// Whenever the target is walkable, even between two diagonally touching blocked cells
    /// (the "FREE" variants of a JavaScript tile-map A* tutorial with a canvas demo).
    Free,
}

impl DiagonalRule {
    /// The name the CLI uses: `never`, `no-corner-cutting` or `free`.
    pub fn name(self) -> &'static str {
        match self {
            DiagonalRule::Never => "never",
            DiagonalRule::NoCornerCutting => "no-corner-cutting",
            DiagonalRule::Free => "free",
        }
    }
}

impl std::fmt::Display for DiagonalRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for DiagonalRule {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "never" => Ok(DiagonalRule::Never),
            "no-corner-cutting" => Ok(DiagonalRule::NoCornerCutting),
            "free" => Ok(DiagonalRule::Free),
            _ => Err(format!(
                "unknown diagonal rule '{s}' (expected never, no-corner-cutting or free)"
            )),
        }
    }
}

/// The cost of a straight and of a diagonal step, before terrain multipliers.
///
/// The default is 1 and √2 (true distances, as the Moving AI benchmarks use); games that want
/// integer-like costs use 10 and 14 (as the classic A* tutorials do).
///
/// Each cost is at most [`MAX_COST`](MoveCosts::MAX_COST), so that no path's cost can overflow
/// to infinity, whatever the map's multipliers:
///
/// ```
/// use nav_grid::MoveCosts;
///
/// assert!(MoveCosts::new(10.0, 14.0).is_ok());
/// assert!(MoveCosts::new(f64::MAX, f64::MAX).is_err());
/// assert!(MoveCosts::new(MoveCosts::MAX_COST, MoveCosts::MAX_COST).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveCosts {
    straight: f64,
    diagonal: f64,
}

impl Default for MoveCosts {
    fn default() -> Self {
        Self::EUCLIDEAN
    }
}

impl MoveCosts {
    /// Straight 1, diagonal √2.
    pub const EUCLIDEAN: MoveCosts = MoveCosts {
        straight: 1.0,
        diagonal: std::f64::consts::SQRT_2,
    };

    /// The largest accepted cost of a move (before the terrain multiplier): 1e100.
    ///
    /// A path has fewer than [`GridMap::MAX_CELLS`](crate::GridMap::MAX_CELLS) = 2^26 steps,
    /// a custom move costs at most 8 times the largest cost, and a multiplier is at most
    /// `f32::MAX` (about 3.4e38): every path cost stays below 2^26 * 8 * 1e100 * 3.4e38, about
    /// 2e147, far from `f64::MAX`. Larger costs could add up to infinity, and a search cannot
    /// compare infinite costs (it would report a path of infinite cost, or none at all).
    pub const MAX_COST: f64 = 1e100;

    /// Costs for a straight and a diagonal step; both must be finite, greater than zero and
    /// at most [`MAX_COST`](MoveCosts::MAX_COST).
    pub fn new(straight: f64, diagonal: f64) -> Result<Self, GridError> {
        check_cost("straight cost", straight)?;
        check_cost("diagonal cost", diagonal)?;
        Ok(Self { straight, diagonal })
    }

    /// Cost of a straight step.
    pub fn straight(&self) -> f64 {
        self.straight
    }

    /// Cost of a diagonal step.
    pub fn diagonal(&self) -> f64 {
        self.diagonal
    }

    /// The cost of an offset without an explicit cost: as many diagonal steps as the smaller
    /// component and straight steps for the rest (`(1, 2)` costs `diagonal + straight`).
    pub fn offset_cost(&self, dx: i32, dy: i32) -> f64 {
        let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
        let (long, short) = (ax.max(ay), ax.min(ay));
        self.diagonal * short as f64 + self.straight * (long - short) as f64
    }
}

/// Refuses a move cost that is NaN, infinite, zero, negative or above [`MoveCosts::MAX_COST`].
fn check_cost(what: &'static str, value: f64) -> Result<(), GridError> {
    if !(value.is_finite() && value > 0.0) {
        Err(GridError::InvalidCost { what, value })
    } else if value > MoveCosts::MAX_COST {
        Err(GridError::CostTooLarge {
            what,
            value,
            max: MoveCosts::MAX_COST,
        })
    } else {
        Ok(())
    }
}

/// How successors are generated: the common sets have hand-written loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Neighbourhood {
    /// Four orthogonal steps.
    Four,
    /// Eight steps, diagonals only between two walkable orthogonal neighbours.
    EightNoCornerCutting,
    /// Eight steps, diagonals whenever the target is walkable.
    EightFree,
    /// Any steps, checked against their lists of crossed cells.
    General,
    /// Eight steps searched by jump points: without corner cutting, or (`free`) with diagonals
    /// whenever the target is walkable.
    JumpPoints {
        /// The diagonal rule is [`DiagonalRule::Free`].
        free: bool,
        /// Jumps read the map's preprocessed jump table (JPS+) instead of scanning.
        plus: bool,
    },
}

/// A move ready for the search: its offset, its cost and the crossed cells it needs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Step {
    pub dx: i32,
    pub dy: i32,
    pub cost: f64,
    /// Range of this step's crossed cells in [`CompiledMoves::crossed`].
    pub crossed: (u32, u32),
}

/// The effective moves for one (moves, diagonal rule, costs) choice.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CompiledMoves {
    pub neighbourhood: Neighbourhood,
    pub steps: Vec<Step>,
    /// Offsets (relative to the start cell) of the cells each step crosses.
    pub crossed: Vec<(i32, i32)>,
}

impl CompiledMoves {
    /// The index in `steps` of the move `(dx, dy)`, as a byte, or `none` when there is no
    /// such move (the flow fields store a cell's move in one byte).
    pub(crate) fn step_byte(&self, dx: i32, dy: i32, none: u8) -> u8 {
        self.steps
            .iter()
            .position(|s| (s.dx, s.dy) == (dx, dy))
            .map_or(none, |i| i as u8)
    }

    /// Whether these are the four orthogonal moves, and whether diagonals are free (taken
    /// whenever the target is walkable, jump points included): the two facts the flow
    /// fields' uniform searches build their move masks from.
    pub(crate) fn four_and_free(&self) -> (bool, bool) {
        match self.neighbourhood {
            Neighbourhood::Four => (true, false),
            Neighbourhood::EightFree | Neighbourhood::JumpPoints { free: true, .. } => {
                (false, true)
            }
            _ => (false, false),
        }
    }

    /// The cost of the first step and of the first diagonal one (the first step's again when
    /// there is no diagonal move): a straight and a diagonal move on a map of uniform moves.
    pub(crate) fn straight_and_diagonal(&self) -> (f64, f64) {
        let straight = self.steps.first().map_or(1.0, |s| s.cost);
        let diagonal = self
            .steps
            .iter()
            .find(|s| s.dx != 0 && s.dy != 0)
            .map_or(straight, |s| s.cost);
        (straight, diagonal)
    }

    pub fn new(
        moves: &Moves,
        diagonal: DiagonalRule,
        costs: &MoveCosts,
    ) -> Result<Self, GridError> {
        const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let list: Vec<CustomMove> = match moves {
            Moves::Four => ORTHOGONAL
                .iter()
                .map(|&(dx, dy)| CustomMove { dx, dy, cost: None })
                .collect(),
            Moves::Eight => ORTHOGONAL
                .iter()
                .chain(DIAGONAL.iter())
                .map(|&(dx, dy)| CustomMove { dx, dy, cost: None })
                .collect(),
            Moves::Custom(custom) => custom.moves().to_vec(),
        };
        let neighbourhood = match (moves, diagonal) {
            (Moves::Four, _) | (Moves::Eight, DiagonalRule::Never) => Neighbourhood::Four,
            (Moves::Eight, DiagonalRule::NoCornerCutting) => Neighbourhood::EightNoCornerCutting,
            (Moves::Eight, DiagonalRule::Free) => Neighbourhood::EightFree,
            (Moves::Custom(_), _) => Neighbourhood::General,
        };
        let mut steps = Vec::with_capacity(list.len());
        let mut crossed = Vec::new();
        for m in list {
            let is_diagonal = m.dx != 0 && m.dy != 0;
            if is_diagonal && diagonal == DiagonalRule::Never {
                continue;
            }
            let first = crossed.len() as u32;
            crossed.extend(crossed_cells(
                m.dx,
                m.dy,
                diagonal == DiagonalRule::NoCornerCutting,
            ));
            steps.push(Step {
                dx: m.dx,
                dy: m.dy,
                cost: m.cost.unwrap_or_else(|| costs.offset_cost(m.dx, m.dy)),
                crossed: (first, crossed.len() as u32),
            });
        }
        if steps.is_empty() {
            return Err(GridError::InvalidMoves {
                reason: "every offset is diagonal and the diagonal rule is 'never'".into(),
            });
        }
        Ok(Self {
            neighbourhood,
            steps,
            crossed,
        })
    }

    /// The base cost of the step `(dx, dy)`, if it is one of the moves.
    pub fn step_cost(&self, dx: i64, dy: i64) -> Option<f64> {
        self.steps
            .iter()
            .find(|s| s.dx as i64 == dx && s.dy as i64 == dy)
            .map(|s| s.cost)
    }

    /// The cells crossed by `step`, relative to its start.
    pub fn crossed_by(&self, step: &Step) -> &[(i32, i32)] {
        &self.crossed[step.crossed.0 as usize..step.crossed.1 as usize]
    }
}

/// The cells other than both ends that the segment between the centres of cell `(0, 0)` and
/// cell `(dx, dy)` meets: its inside, or (with `touching`) also just a corner.
///
/// Exact integer test: in doubled coordinates cell `(i, j)` is the square
/// `[2i-1, 2i+1] x [2j-1, 2j+1]` and the segment runs from `(0, 0)` to `(2dx, 2dy)`. The line
/// through it meets the square when the sign of `dy*px - dx*py` over the square's corners is not
/// the same at all four (strictly mixed for the inside, zero allowed for a touch). Only cells in
/// the bounding box of both ends can be met within the segment's extent.
fn crossed_cells(dx: i32, dy: i32, touching: bool) -> Vec<(i32, i32)> {
    let mut cells = Vec::new();
    for j in dy.min(0)..=dy.max(0) {
        for i in dx.min(0)..=dx.max(0) {
            if (i, j) == (0, 0) || (i, j) == (dx, dy) {
                continue;
            }
            let (mut lo, mut hi) = (i64::MAX, i64::MIN);
            for (px, py) in [
                (2 * i - 1, 2 * j - 1),
                (2 * i + 1, 2 * j - 1),
                (2 * i - 1, 2 * j + 1),
                (2 * i + 1, 2 * j + 1),
            ] {
                let s = dy as i64 * px as i64 - dx as i64 * py as i64;
                lo = lo.min(s);
                hi = hi.max(s);
            }
            let met = if touching {
                lo <= 0 && 0 <= hi
            } else {
                lo < 0 && 0 < hi
            };
            if met {
                cells.push((i, j));
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut v: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
        v.sort();
        v
    }

    #[test]
    fn crossed_cells_of_common_offsets() {
        assert_eq!(sorted(crossed_cells(1, 1, true)), [(0, 1), (1, 0)]);
        assert!(crossed_cells(1, 1, false).is_empty());
        assert!(crossed_cells(1, 0, true).is_empty());
        assert_eq!(crossed_cells(3, 0, false), [(1, 0), (2, 0)]);
        assert_eq!(crossed_cells(0, -2, true), [(0, -1)]);
        assert_eq!(sorted(crossed_cells(1, 2, false)), [(0, 1), (1, 1)]);
        assert_eq!(sorted(crossed_cells(1, 2, true)), [(0, 1), (1, 1)]);
        assert_eq!(
            sorted(crossed_cells(2, 2, true)),
            [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]
        );
        assert_eq!(crossed_cells(-2, -2, false), [(-1, -1)]);
    }

    #[test]
    fn offset_costs() {
        let costs = MoveCosts::new(10.0, 14.0).unwrap();
        assert_eq!(costs.offset_cost(1, 0), 10.0);
        assert_eq!(costs.offset_cost(-1, 1), 14.0);
        assert_eq!(costs.offset_cost(1, -2), 24.0);
        assert!(MoveCosts::new(0.0, 1.0).is_err());
        assert!(MoveCosts::new(1.0, f64::NAN).is_err());
        assert!(matches!(
            MoveCosts::new(f64::MAX, 1.0),
            Err(GridError::CostTooLarge { .. })
        ));
        assert!(MoveCosts::new(1.0, MoveCosts::MAX_COST * 1.0000001).is_err());
    }

    #[test]
    fn invalid_custom_sets_are_refused() {
        assert!(CustomMoves::new(&[]).is_err());
        assert!(CustomMoves::new(&[(9, 0)]).is_err());
        assert!(CustomMoves::new(&[(0, i32::MIN)]).is_err());
        assert!(CustomMoves::with_costs(&[(1, 0, -1.0)]).is_err());
        let many: Vec<_> = (1..=65).map(|i| (i % 8 + 1, i / 8)).collect();
        assert!(CustomMoves::new(&many).is_err());
        let diagonal_only = Moves::custom(&[(1, 1), (-1, -1)]).unwrap();
        assert!(
            CompiledMoves::new(&diagonal_only, DiagonalRule::Never, &MoveCosts::default()).is_err()
        );
    }

    #[test]
    fn never_drops_diagonals() {
        let compiled =
            CompiledMoves::new(&Moves::Eight, DiagonalRule::Never, &MoveCosts::default()).unwrap();
        assert_eq!(compiled.neighbourhood, Neighbourhood::Four);
        assert_eq!(compiled.steps.len(), 4);
    }
}
