//! A grid seen as a graph by the A* engine: the search's hot path.

use nav_search::{Graph, NodeId, Successors};

use crate::cell::Cell;
use crate::error::{Endpoint, GridError};
use crate::heuristic::HeuristicEval;
use crate::map::GridMap;
use crate::moves::{CompiledMoves, Neighbourhood};
use crate::rules::CompiledRules;

/// A [`GridMap`] under [`CompiledRules`] with a goal: the [`nav_search::Graph`] that A* searches.
///
/// Node ids are cell indices, `y * width + x`; reserve `width * height` slots in the
/// [`SearchContext`](nav_search::SearchContext). [`GridPathfinder`](crate::GridPathfinder) does
/// all of this for you; use a view directly to run the engine yourself (Dijkstra, custom
/// limits, your own context).
///
/// ```
/// use nav_grid::{Cell, GridMap, GridRules, GridView};
/// use nav_search::{Limits, SearchContext};
///
/// let map = GridMap::new(8, 8)?;
/// let rules = GridRules::default().compile()?;
/// let mut view = GridView::new(&map, &rules, Cell::new(7, 7))?;
/// let mut ctx = SearchContext::with_capacity(map.cell_count());
/// let mut path = Vec::new();
/// let outcome = ctx.dijkstra(&mut view, 0, &Limits::default(), &mut path);
/// assert!((outcome.cost - 7.0 * std::f64::consts::SQRT_2).abs() < 1e-9);
/// assert_eq!(view.cell_of(path[3]), Cell::new(3, 3));
/// # Ok::<(), nav_grid::GridError>(())
/// ```
#[derive(Debug, Clone)]
pub struct GridView<'a> {
    /// The map's padded walkability (1 = walkable, blocked border).
    walkable: &'a [u8],
    padded_width: usize,
    width: u32,
    height: u32,
    /// Division by `width` as a multiply and a shift: the search splits a node id into column
    /// and row for every heuristic, and a hardware division costs more than the rest of it.
    rows: RowDivisor,
    /// Per-cell multipliers, `None` when they are all equal to `uniform_multiplier`.
    multipliers: Option<&'a [f32]>,
    uniform_multiplier: f64,
    straight: f64,
    diagonal: f64,
    moves: &'a CompiledMoves,
    goal: NodeId,
    goal_x: u32,
    goal_y: u32,
    heuristic: HeuristicEval,
}

impl<'a> GridView<'a> {
    /// A view of `map` under `rules`, searching for `goal`.
    pub fn new(map: &'a GridMap, rules: &'a CompiledRules, goal: Cell) -> Result<Self, GridError> {
        let Some(goal_index) = map.index_of(goal) else {
            return Err(GridError::EndpointOutOfRange {
                endpoint: Endpoint::Goal,
                x: goal.x as u64,
                y: goal.y as u64,
                width: map.width(),
                height: map.height(),
            });
        };
        let min_multiplier = map.min_cost_multiplier();
        let costs = &rules.rules().costs;
        Ok(Self {
            walkable: map.walkable_padded(),
            padded_width: map.padded_width(),
            width: map.width(),
            height: map.height(),
            rows: RowDivisor::new(map.width()),
            multipliers: if map.has_uniform_cost() {
                None
            } else {
                map.multipliers()
            },
            uniform_multiplier: min_multiplier,
            straight: costs.straight(),
            diagonal: costs.diagonal(),
            moves: &rules.moves,
            goal: goal_index as NodeId,
            goal_x: goal.x,
            goal_y: goal.y,
            heuristic: HeuristicEval::new(rules.rules().heuristic, costs, min_multiplier),
        })
    }

    /// The node id of `cell`, if it lies on the map.
    pub fn node_of(&self, cell: Cell) -> Option<NodeId> {
        (cell.x < self.width && cell.y < self.height).then_some(cell.y * self.width + cell.x)
    }

    /// The cell of node `node` (a node id of this view's map).
    pub fn cell_of(&self, node: NodeId) -> Cell {
        let (x, y) = self.xy(node);
        Cell::new(x, y)
    }

    /// Column and row of `node`.
    #[inline(always)]
    fn xy(&self, node: NodeId) -> (u32, u32) {
        let y = self.rows.divide(node);
        (node - y * self.width, y)
    }

    /// The cost of entering cell `target` with a step of base cost `base`.
    #[inline(always)]
    fn cost(&self, base: f64, target: NodeId) -> f64 {
        match self.multipliers {
            Some(multipliers) => base * multipliers[target as usize] as f64,
            None => base * self.uniform_multiplier,
        }
    }

    #[inline(always)]
    fn open(&self, padded: usize) -> bool {
        self.walkable[padded] != 0
    }

    fn successors_general(&self, x: u32, y: u32, out: &mut Successors) {
        let (w, h) = (self.width as i64, self.height as i64);
        let padded = |cx: i64, cy: i64| (cy as usize + 1) * self.padded_width + cx as usize + 1;
        for step in &self.moves.steps {
            let (tx, ty) = (x as i64 + step.dx as i64, y as i64 + step.dy as i64);
            if tx < 0 || ty < 0 || tx >= w || ty >= h || !self.open(padded(tx, ty)) {
                continue;
            }
            // Crossed cells lie in the bounding box of both ends, hence on the map.
            let clear = self
                .moves
                .crossed_by(step)
                .iter()
                .all(|&(cx, cy)| self.open(padded(x as i64 + cx as i64, y as i64 + cy as i64)));
            if clear {
                let target = (ty * w + tx) as NodeId;
                out.push(target, self.cost(step.cost, target));
            }
        }
    }
}

impl Graph for GridView<'_> {
    #[inline]
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        let (x, y) = self.xy(node);
        let pw = self.padded_width;
        let p = (y as usize + 1) * pw + x as usize + 1;
        let w = self.width;
        let (s, d) = (self.straight, self.diagonal);
        match self.moves.neighbourhood {
            Neighbourhood::General => self.successors_general(x, y, out),
            Neighbourhood::Four => {
                if self.open(p - pw) {
                    out.push(node - w, self.cost(s, node - w));
                }
                if self.open(p - 1) {
                    out.push(node - 1, self.cost(s, node - 1));
                }
                if self.open(p + 1) {
                    out.push(node + 1, self.cost(s, node + 1));
                }
                if self.open(p + pw) {
                    out.push(node + w, self.cost(s, node + w));
                }
            }
            Neighbourhood::EightNoCornerCutting | Neighbourhood::EightFree => {
                let north = self.open(p - pw);
                let west = self.open(p - 1);
                let east = self.open(p + 1);
                let south = self.open(p + pw);
                if north {
                    out.push(node - w, self.cost(s, node - w));
                }
                if west {
                    out.push(node - 1, self.cost(s, node - 1));
                }
                if east {
                    out.push(node + 1, self.cost(s, node + 1));
                }
                if south {
                    out.push(node + w, self.cost(s, node + w));
                }
                let free = self.moves.neighbourhood == Neighbourhood::EightFree;
                if (free || (north && west)) && self.open(p - pw - 1) {
                    let t = node - w - 1;
                    out.push(t, self.cost(d, t));
                }
                if (free || (north && east)) && self.open(p - pw + 1) {
                    let t = node - w + 1;
                    out.push(t, self.cost(d, t));
                }
                if (free || (south && west)) && self.open(p + pw - 1) {
                    let t = node + w - 1;
                    out.push(t, self.cost(d, t));
                }
                if (free || (south && east)) && self.open(p + pw + 1) {
                    let t = node + w + 1;
                    out.push(t, self.cost(d, t));
                }
            }
        }
    }

    #[inline]
    fn heuristic(&self, node: NodeId) -> f64 {
        let (x, y) = self.xy(node);
        self.heuristic.estimate(
            x.abs_diff(self.goal_x) as u64,
            y.abs_diff(self.goal_y) as u64,
        )
    }

    #[inline]
    fn is_goal(&self, node: NodeId) -> bool {
        node == self.goal
    }
}

/// Exact division of node ids by the map width with a multiply and a shift.
///
/// With `m = ceil(2^42 / w)`, `floor(n * m / 2^42) = floor(n / w)` whenever `n * w < 2^42`
/// (the rounding error `n * (m * w - 2^42) / 2^42` stays below 1): node ids are below
/// [`GridMap::MAX_CELLS`] = 2^26 and widths at most [`GridMap::MAX_SIDE`] = 2^15.
#[derive(Debug, Clone, Copy)]
struct RowDivisor {
    multiplier: u64,
}

impl RowDivisor {
    const SHIFT: u32 = 42;

    fn new(width: u32) -> Self {
        const _: () =
            assert!(GridMap::MAX_CELLS * GridMap::MAX_SIDE as u64 <= 1 << RowDivisor::SHIFT);
        debug_assert!(width > 0 && width <= GridMap::MAX_SIDE);
        Self {
            multiplier: (1u64 << Self::SHIFT).div_ceil(width as u64),
        }
    }

    #[inline(always)]
    fn divide(self, n: NodeId) -> u32 {
        ((n as u128 * self.multiplier as u128) >> Self::SHIFT) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_divisor_is_exact() {
        let widths = [
            1, 2, 3, 7, 10, 49, 255, 256, 257, 511, 768, 1000, 4097, 32767, 32768,
        ];
        for w in widths {
            let d = RowDivisor::new(w);
            let max = (GridMap::MAX_CELLS - 1) as u32;
            // Around every multiple of w near both ends of the range, and a stride through it.
            let mut probes: Vec<u32> = (0..2000).chain(max - 2000..=max).collect();
            probes.extend((0..max).step_by(9973));
            for k in [1u32, 2, 1000, max / w] {
                let m = k.saturating_mul(w);
                probes.extend([m.saturating_sub(1), m, m.saturating_add(1)]);
            }
            for n in probes.into_iter().filter(|&n| n <= max) {
                assert_eq!(d.divide(n), n / w, "{n} / {w}");
            }
        }
    }
}
