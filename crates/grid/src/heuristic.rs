//! Distance estimates to the goal.

use crate::moves::{CompiledMoves, MoveCosts};

/// The estimate of the remaining cost that guides A*.
///
/// Every heuristic is measured in the units of the [`MoveCosts`] (`s` = straight cost,
/// `d` = diagonal cost) and scaled by the map's smallest cost multiplier. For a distance of
/// `dx` columns and `dy` rows:
///
/// | heuristic | estimate | admissible for |
/// |---|---|---|
/// | `Manhattan` | `s * (dx + dy)` | 4 moves (not for diagonals cheaper than `2s`) |
/// | `Chebyshev` | `s * max(dx, dy)` | 4 and 8 moves when `d >= s` |
/// | `Octile` | `s * max + (d' - s) * min`, `d' = clamp(d, s, 2s)` | 4 and 8 moves (the tight one for 8) |
/// | `Euclidean` | `s * sqrt(dx² + dy²)` | any move costing at least its length |
/// | `Zero` | `0` (Dijkstra's algorithm) | everything |
///
/// Each is a norm, so it is consistent (and admissible) as soon as it does not overestimate a
/// single move: that is the check [`GridRules::check`](crate::GridRules::check) performs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Heuristic {
    /// Sum of the column and row distances (`ManhattanDistance` in a JavaScript tile-map A*
    /// tutorial).
    Manhattan,
    /// The larger of the two distances (`DiagonalDistance` in a JavaScript tile-map A* tutorial).
    Chebyshev,
    /// Diagonal steps for the shorter distance, straight steps for the rest.
    #[default]
    Octile,
    /// Straight-line distance (`EuclideanDistance` in grid A* tutorials).
    Euclidean,
    /// No estimate: A* becomes Dijkstra's algorithm.
    Zero,
}

impl Heuristic {
    /// Every heuristic, in declaration order.
    pub const ALL: [Heuristic; 5] = [
        Heuristic::Manhattan,
        Heuristic::Chebyshev,
        Heuristic::Octile,
        Heuristic::Euclidean,
        Heuristic::Zero,
    ];

    /// The name the CLI uses: `manhattan`, `chebyshev`, `octile`, `euclidean` or `zero`.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Manhattan => "manhattan",
            Heuristic::Chebyshev => "chebyshev",
            Heuristic::Octile => "octile",
            Heuristic::Euclidean => "euclidean",
            Heuristic::Zero => "zero",
        }
    }

    /// The estimate for a distance of `dx` columns and `dy` rows, before the terrain
    /// multiplier.
    ///
    /// ```
    /// use nav_grid::{Heuristic, MoveCosts};
    ///
    /// let costs = MoveCosts::new(10.0, 14.0)?;
    /// assert_eq!(Heuristic::Octile.estimate(3, -5, &costs), 3.0 * 14.0 + 2.0 * 10.0);
    /// assert_eq!(Heuristic::Manhattan.estimate(3, -5, &costs), 80.0);
    /// # Ok::<(), nav_grid::GridError>(())
    /// ```
    pub fn estimate(self, dx: i64, dy: i64, costs: &MoveCosts) -> f64 {
        HeuristicEval::new(self, costs, 1.0).estimate(dx.unsigned_abs(), dy.unsigned_abs())
    }

    /// The first move the heuristic overestimates, as `(dx, dy, estimate, cost)`.
    pub(crate) fn overestimated_move(
        self,
        moves: &CompiledMoves,
        costs: &MoveCosts,
    ) -> Option<(i32, i32, f64, f64)> {
        moves.steps.iter().find_map(|step| {
            let estimate = self.estimate(step.dx as i64, step.dy as i64, costs);
            // Relative slack: `s * sqrt(2)` and `d = sqrt(2)` may differ in the last bit.
            (estimate > step.cost * (1.0 + 1e-12))
                .then_some((step.dx, step.dy, estimate, step.cost))
        })
    }
}

impl std::fmt::Display for Heuristic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Heuristic {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Heuristic::ALL
            .into_iter()
            .find(|h| h.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown heuristic '{s}' (expected manhattan, chebyshev, octile, euclidean or zero)"
                )
            })
    }
}

/// A heuristic reduced to `long * max + short * min` (or `long * hypot` for Euclidean), with
/// the costs and the multiplier folded into the two coefficients.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct HeuristicEval {
    long: f64,
    short: f64,
    euclidean: bool,
}

impl HeuristicEval {
    pub fn new(heuristic: Heuristic, costs: &MoveCosts, multiplier: f64) -> Self {
        let s = costs.straight() * multiplier;
        let d = costs
            .diagonal()
            .clamp(costs.straight(), 2.0 * costs.straight())
            * multiplier;
        let (long, short, euclidean) = match heuristic {
            Heuristic::Manhattan => (s, s, false),
            Heuristic::Chebyshev => (s, 0.0, false),
            Heuristic::Octile => (s, d - s, false),
            Heuristic::Euclidean => (s, 0.0, true),
            Heuristic::Zero => (0.0, 0.0, false),
        };
        Self {
            long,
            short,
            euclidean,
        }
    }

    /// Whether this is the Euclidean estimate (`long * hypot`).
    pub fn is_euclidean(&self) -> bool {
        self.euclidean
    }

    /// [`estimate`](HeuristicEval::estimate) for distances already converted to `f64`
    /// (exactly: below 2^53), with the kind fixed at compile time (`EUCLIDEAN` must be
    /// [`is_euclidean`](HeuristicEval::is_euclidean)): the same operations, so the same bits,
    /// without the test of the kind.
    #[inline(always)]
    pub fn estimate_f64_of<const EUCLIDEAN: bool>(&self, ax: f64, ay: f64) -> f64 {
        debug_assert_eq!(EUCLIDEAN, self.euclidean);
        if EUCLIDEAN {
            self.long * (ax * ax + ay * ay).sqrt()
        } else {
            let (long, short) = if ax > ay { (ax, ay) } else { (ay, ax) };
            self.long * long + self.short * short
        }
    }

    /// The estimate for absolute distances `ax`, `ay`.
    #[inline(always)]
    pub fn estimate(&self, ax: u64, ay: u64) -> f64 {
        if self.euclidean {
            let (x, y) = (ax as f64, ay as f64);
            self.long * (x * x + y * y).sqrt()
        } else {
            let (long, short) = if ax > ay { (ax, ay) } else { (ay, ax) };
            self.long * long as f64 + self.short * short as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::{DiagonalRule, Moves};

    fn overestimates(h: Heuristic, moves: Moves, rule: DiagonalRule, costs: MoveCosts) -> bool {
        let compiled = CompiledMoves::new(&moves, rule, &costs).unwrap();
        h.overestimated_move(&compiled, &costs).is_some()
    }

    #[test]
    fn admissibility_per_move_set() {
        let c = MoveCosts::default();
        use DiagonalRule::*;
        use Heuristic::*;
        for h in Heuristic::ALL {
            assert!(
                !overestimates(h, Moves::Four, NoCornerCutting, c),
                "{h} on 4"
            );
        }
        assert!(overestimates(Manhattan, Moves::Eight, NoCornerCutting, c));
        assert!(!overestimates(Manhattan, Moves::Eight, Never, c));
        for h in [Chebyshev, Octile, Euclidean, Zero] {
            assert!(!overestimates(h, Moves::Eight, Free, c), "{h} on 8");
        }
        // Diagonals cheaper than straight steps: only Euclidean-free estimates stay low enough.
        let cheap = MoveCosts::new(1.0, 0.5).unwrap();
        assert!(overestimates(Octile, Moves::Eight, Free, cheap));
        assert!(overestimates(Chebyshev, Moves::Eight, Free, cheap));
        assert!(!overestimates(Zero, Moves::Eight, Free, cheap));
        // Knight moves under octile costs: octile stays admissible, Manhattan does not.
        let knight = Moves::custom(&[(1, 2), (2, 1), (-1, 2)]).unwrap();
        assert!(!overestimates(Octile, knight.clone(), Free, c));
        assert!(overestimates(Manhattan, knight, Free, c));
    }

    #[test]
    fn names_round_trip() {
        for h in Heuristic::ALL {
            assert_eq!(h.name().parse::<Heuristic>(), Ok(h));
        }
        assert!("diagonal".parse::<Heuristic>().is_err());
    }

    #[test]
    fn estimates() {
        let c = MoveCosts::default();
        assert_eq!(Heuristic::Chebyshev.estimate(-4, 2, &c), 4.0);
        assert_eq!(Heuristic::Euclidean.estimate(3, 4, &c), 5.0);
        assert_eq!(Heuristic::Zero.estimate(3, 4, &c), 0.0);
        let octile = Heuristic::Octile.estimate(4, 2, &c);
        assert!((octile - (2.0 + 2.0 * std::f64::consts::SQRT_2)).abs() < 1e-12);
        // Diagonals dearer than two straight steps are never worth it: octile = Manhattan.
        let dear = MoveCosts::new(1.0, 3.0).unwrap();
        assert_eq!(Heuristic::Octile.estimate(4, 2, &dear), 6.0);
    }
}
