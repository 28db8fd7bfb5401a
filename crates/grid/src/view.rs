//! A grid seen as a graph by the A* engine: the search's hot path.
//!
//! Over 600 lines on purpose: the cell-by-cell neighbour loops and jump point search share the
//! padded walkability array and its `open` test, and splitting them would put the hot path's
//! pieces (which must inline into one another) in different files.

use nav_search::{Graph, NodeId, Successors};

use crate::bits::{JumpBits, Straight};
use crate::cell::Cell;
use crate::error::{Endpoint, GridError};
use crate::heuristic::HeuristicEval;
use crate::jump_table::JumpTable;
use crate::map::GridMap;
use crate::moves::{CompiledMoves, Neighbourhood};
use crate::rules::CompiledRules;

/// A [`GridMap`] under [`CompiledRules`] with a goal: the [`nav_search::Graph`] that A* searches.
///
/// Node ids are cell indices, `y * width + x`; reserve `width * height` slots in the
/// [`SearchContext`](nav_search::SearchContext). [`GridContext`](crate::GridContext) does
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
#[derive(Debug)]
pub struct GridView<'a> {
    /// Per padded cell, a value that is at least `need` where the agent fits: the map's
    /// walkability (1 or 0) for an agent of one cell, its clearance for larger agents. The
    /// border is 0, so it never fits there.
    fits: &'a [u8],
    /// The agent size: a cell is open when `fits[cell] >= need`.
    need: u8,
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
    /// How successors are generated (jump points fall back to cells on weighted maps).
    neighbourhood: Neighbourhood,
    goal: NodeId,
    /// The bit grids of straight jumps (online jump point search only).
    bits: Option<&'a JumpBits>,
    /// The preprocessed jump distances (JPS+ only).
    table: Option<&'a JumpTable>,
    goal_x: u32,
    goal_y: u32,
    heuristic: HeuristicEval,
}

impl<'a> GridView<'a> {
    /// A view of `map` under `rules` for an agent of one cell, searching for `goal`.
    ///
    /// Jump point search needs scratch memory that [`GridContext`](crate::GridContext)
    /// owns: a view made here always searches cell by cell, also when the rules ask for jump
    /// points ([`uses_jump_points`](GridView::uses_jump_points) is then `false`).
    pub fn new(map: &'a GridMap, rules: &'a CompiledRules, goal: Cell) -> Result<Self, GridError> {
        Self::with_arrivals(map, rules, 1, goal, None)
    }

    /// [`new`](GridView::new) for an agent of `agent_size x agent_size` cells (see
    /// [`GridQuery::agent_size`](crate::GridQuery::agent_size)): only cells where it fits
    /// are nodes one can step to. Refuses sizes of 0 and above
    /// [`GridQuery::MAX_AGENT_SIZE`](crate::GridQuery::MAX_AGENT_SIZE).
    pub fn for_agent(
        map: &'a GridMap,
        rules: &'a CompiledRules,
        goal: Cell,
        agent_size: u32,
    ) -> Result<Self, GridError> {
        crate::GridQuery::new(goal, goal)
            .with_agent_size(agent_size)
            .check()?;
        Self::with_arrivals(map, rules, agent_size, goal, None)
    }

    /// A view for an agent of `size` cells (checked by the caller: 1 to `MAX_AGENT_SIZE`)
    /// that searches by jump points when the rules ask for them and the map has uniform
    /// costs, with `arrivals` as scratch memory.
    pub(crate) fn with_arrivals(
        map: &'a GridMap,
        rules: &'a CompiledRules,
        size: u32,
        goal: Cell,
        arrivals: Option<&'a mut JumpArrivals>,
    ) -> Result<Self, GridError> {
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
        let neighbourhood = match rules.moves.neighbourhood {
            // Jumping assumes every step of a line costs the same, and needs its scratch.
            Neighbourhood::JumpPoints { free, .. }
                if !map.has_uniform_cost() || arrivals.is_none() =>
            {
                if free {
                    Neighbourhood::EightFree
                } else {
                    Neighbourhood::EightNoCornerCutting
                }
            }
            n => n,
        };
        let (bits, table) = match neighbourhood {
            Neighbourhood::JumpPoints { free, plus: true } => {
                (None, Some(map.jump_table(size, free)))
            }
            Neighbourhood::JumpPoints { plus: false, .. } => (Some(map.jump_bits(size)), None),
            _ => (None, None),
        };
        let costs = &rules.rules().costs;
        // Checked by the caller (`GridQuery::check`): 1..=MAX_AGENT_SIZE, a byte.
        debug_assert!((1..=crate::GridQuery::MAX_AGENT_SIZE).contains(&size));
        Ok(Self {
            // One cell reads walkability (not clearance equal to 1 or more, the same test):
            // the default query does not depend on clearance at all.
            fits: if size <= 1 {
                map.walkable_padded()
            } else {
                map.clearance_padded()
            },
            need: size.clamp(1, u8::MAX as u32) as u8,
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
            neighbourhood,
            goal: goal_index as NodeId,
            bits,
            table,
            goal_x: goal.x,
            goal_y: goal.y,
            heuristic: HeuristicEval::new(rules.rules().heuristic, costs, min_multiplier),
        })
    }

    /// Makes the sums of the search exact: on a map of equal multipliers, searched cell by cell
    /// under the octile heuristic, the straight and diagonal costs (multiplier included) are
    /// rounded to the nearest multiple of `q`, the power of two 2^-40 times the larger step's
    /// (a relative change of 1e-12 at most, checked). Every `g`, `h` and `f` of the search below 2^13
    /// steps is then an exact multiple of `q` (larger ones round as before). With `1` and `√2`
    /// as floats, two cells of one plateau of equal `f` get `f`s that differ in their last bits
    /// with the order of their additions, and the open list's ties (larger `g` first) fall
    /// apart: exact sums expand up to 24% fewer cells on the Moving AI maps (the counts of an
    /// A* with integer costs). Only the search sees these costs, and it still finds a path
    /// within a relative 1e-12 of the cheapest (equally short paths may be chosen otherwise); its costs are recomputed from the rules
    /// (`GridContext::write_answer`). Not applied under a finite cost limit (compared with the
    /// search's costs), nor to views made with [`new`](GridView::new) or
    /// [`for_agent`](GridView::for_agent), whose outcome costs a caller reads.
    pub(crate) fn with_exact_steps(mut self, rules: &CompiledRules) -> Self {
        let adjacent = matches!(
            self.neighbourhood,
            Neighbourhood::Four | Neighbourhood::EightNoCornerCutting | Neighbourhood::EightFree
        );
        if !adjacent
            || self.multipliers.is_some()
            || rules.rules().heuristic != crate::Heuristic::Octile
        {
            return self;
        }
        let (s, d) = (
            self.straight * self.uniform_multiplier,
            self.diagonal * self.uniform_multiplier,
        );
        let step = s.max(d);
        let positive = s > 0.0 && d > 0.0;
        if !step.is_finite() || !positive {
            return self;
        }
        let q = 2f64.powi(step.log2().floor() as i32 - 40);
        let exact = |c: f64| (c / q).round() * q;
        let (es, ed) = (exact(s), exact(d));
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b;
        let usable = es > 0.0 && ed > 0.0 && close(es, s) && close(ed, d);
        if !usable {
            return self;
        }
        let Ok(costs) = crate::MoveCosts::new(es, ed) else {
            return self;
        };
        self.straight = es;
        self.diagonal = ed;
        self.uniform_multiplier = 1.0;
        self.heuristic = HeuristicEval::new(crate::Heuristic::Octile, &costs, 1.0);
        self
    }

    /// What the dedicated cell-by-cell kernel (`context/cells.rs`) needs to run this view's
    /// search exactly as the engine would: `None` unless the view searches the 4 or 8 adjacent
    /// cells of a map of equal multipliers. The step costs are the products the engine's
    /// successors compute (`base * multiplier`), so the kernel's sums have the same bits.
    pub(crate) fn cell_kernel(&self) -> Option<CellKernel<'a>> {
        let moves = match self.neighbourhood {
            Neighbourhood::Four => KernelMoves::Four,
            Neighbourhood::EightNoCornerCutting => KernelMoves::NoCornerCutting,
            Neighbourhood::EightFree => KernelMoves::Free,
            _ => return None,
        };
        if self.multipliers.is_some() {
            return None;
        }
        Some(CellKernel {
            fits: self.fits,
            need: self.need,
            padded_width: self.padded_width,
            width: self.width,
            rows: self.rows,
            straight: self.straight * self.uniform_multiplier,
            diagonal: self.diagonal * self.uniform_multiplier,
            moves,
            goal_x: self.goal_x,
            goal_y: self.goal_y,
            heuristic: self.heuristic,
        })
    }

    /// The node id of `cell`, if it lies on the map.
    pub fn node_of(&self, cell: Cell) -> Option<NodeId> {
        (cell.x < self.width && cell.y < self.height).then_some(cell.y * self.width + cell.x)
    }

    /// Whether the search runs over jump points (see [`SearchMode`](crate::SearchMode)):
    /// consecutive nodes of a path are then joined by straight or diagonal lines of cells.
    pub fn uses_jump_points(&self) -> bool {
        matches!(self.neighbourhood, Neighbourhood::JumpPoints { .. })
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

    /// Whether the agent fits at padded index `padded`. The search is compiled twice: with
    /// `ONE` (an agent of one cell, `need == 1`) the test is the walkability flag's, exactly
    /// the code of the search before clearance existed, so the default query does not pay
    /// for larger agents.
    #[inline(always)]
    fn open<const ONE: bool>(&self, padded: usize) -> bool {
        if ONE {
            self.fits[padded] != 0
        } else {
            self.fits[padded] >= self.need
        }
    }

    /// The 4 or 8 neighbours of `node` (padded index `p`); `cost(base, target)` prices a step.
    #[inline(always)]
    fn successors_adjacent<const ONE: bool>(
        &self,
        node: NodeId,
        p: usize,
        out: &mut Successors,
        cost: impl Fn(f64, NodeId) -> f64,
    ) {
        let pw = self.padded_width;
        let w = self.width;
        let (s, d) = (self.straight, self.diagonal);
        let north = self.open::<ONE>(p - pw);
        let west = self.open::<ONE>(p - 1);
        let east = self.open::<ONE>(p + 1);
        let south = self.open::<ONE>(p + pw);
        if north {
            out.push(node - w, cost(s, node - w));
        }
        if west {
            out.push(node - 1, cost(s, node - 1));
        }
        if east {
            out.push(node + 1, cost(s, node + 1));
        }
        if south {
            out.push(node + w, cost(s, node + w));
        }
        let free = match self.neighbourhood {
            Neighbourhood::EightFree => true,
            Neighbourhood::EightNoCornerCutting => false,
            _ => return,
        };
        if (free || (north && west)) && self.open::<ONE>(p - pw - 1) {
            out.push(node - w - 1, cost(d, node - w - 1));
        }
        if (free || (north && east)) && self.open::<ONE>(p - pw + 1) {
            out.push(node - w + 1, cost(d, node - w + 1));
        }
        if (free || (south && west)) && self.open::<ONE>(p + pw - 1) {
            out.push(node + w - 1, cost(d, node + w - 1));
        }
        if (free || (south && east)) && self.open::<ONE>(p + pw + 1) {
            out.push(node + w + 1, cost(d, node + w + 1));
        }
    }

    fn successors_general<const ONE: bool>(&self, x: u32, y: u32, out: &mut Successors) {
        let (w, h) = (self.width as i64, self.height as i64);
        let padded = |cx: i64, cy: i64| (cy as usize + 1) * self.padded_width + cx as usize + 1;
        for step in &self.moves.steps {
            let (tx, ty) = (x as i64 + step.dx as i64, y as i64 + step.dy as i64);
            if tx < 0 || ty < 0 || tx >= w || ty >= h || !self.open::<ONE>(padded(tx, ty)) {
                continue;
            }
            // Crossed cells lie in the bounding box of both ends, hence on the map.
            let clear = self.moves.crossed_by(step).iter().all(|&(cx, cy)| {
                self.open::<ONE>(padded(x as i64 + cx as i64, y as i64 + cy as i64))
            });
            if clear {
                let target = (ty * w + tx) as NodeId;
                out.push(target, self.cost(step.cost, target));
            }
        }
    }
}

/// The eight directions of jump point search as `(dx, dy)`; a direction's bit is `1 << index`.
const DIRECTIONS: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The index in [`DIRECTIONS`] of straight direction `(dx, dy)`.
#[inline(always)]
fn straight_index(dx: i64, dy: i64) -> usize {
    match (dx, dy) {
        (1, 0) => 0,
        (-1, 0) => 1,
        (0, 1) => 2,
        _ => 3,
    }
}

/// The straight direction `(dx, dy)` (one component 0, the other -1 or 1).
#[inline]
fn straight(dx: i64, dy: i64) -> Straight {
    match (dx, dy) {
        (1, _) => Straight::East,
        (-1, _) => Straight::West,
        (_, 1) => Straight::South,
        _ => Straight::North,
    }
}

/// The bit of direction `(dx, dy)` (components in -1..=1, not both zero).
#[inline]
fn direction_bit(dx: i64, dy: i64) -> u8 {
    match (dx, dy) {
        (1, 0) => 1,
        (-1, 0) => 1 << 1,
        (0, 1) => 1 << 2,
        (0, -1) => 1 << 3,
        (1, 1) => 1 << 4,
        (1, -1) => 1 << 5,
        (-1, 1) => 1 << 6,
        _ => 1 << 7,
    }
}

/// How a jump point search finds the end of a jump.
#[derive(Clone, Copy)]
enum Jumps<'a> {
    /// Online: block scans over the bit grids.
    Scan(&'a JumpBits),
    /// Preprocessed: one read of the jump table.
    Table(&'a JumpTable),
}

/// What a [`GridContext`](crate::GridContext) lends a view so that it may jump: a view made
/// without it searches cell by cell. Jump point search keeps nothing per cell: the engine tells
/// it each node's parent ([`Graph::successors_from`]), and it prunes by the direction of
/// arrival from there.
#[derive(Debug, Clone, Default)]
pub(crate) struct JumpArrivals;

/// Jump point search (D. Harabor and A. Grastien, "Online Graph Pruning for Pathfinding on Grid
/// Maps", AAAI 2011, and "Improving Jump Point Search", ICAPS 2014), for both diagonal rules
/// that have it: `FREE` is [`DiagonalRule::Free`](crate::DiagonalRule::Free) (a diagonal step
/// needs only its target), otherwise no corner cutting (it needs both orthogonal neighbours).
///
/// A jump moves in one direction until it meets a cell where an optimal path may have to turn:
/// the goal; on a straight line, a cell with a *forced* neighbour, one that an optimal path can
/// only reach through it; on a diagonal, such a cell or one from which a straight jump along
/// either component direction finds one. Without corner cutting a neighbour is forced where a
/// wall beside the line ends (the cell past the wall's end is reached around it); with free
/// diagonals, where a wall beside the line begins (the cell diagonally ahead, past the wall's
/// first cell, is reached by squeezing past it), and on a diagonal where a wall lies behind the
/// cell on one side (the cell diagonally past it is reached by turning back).
///
/// A jump point only jumps on in the directions an optimal path can take after arriving the
/// way it did: straight on, the component directions after a diagonal arrival, and the turns
/// to its forced neighbours. The way it arrived is the direction from its parent in the search
/// tree, which the engine passes ([`Graph::successors_from`]); the start jumps in all eight
/// directions. Jumps end either by scanning 63 cells a step (`Jumps::Scan`) or by one read
/// of the map's preprocessed jump table (`Jumps::Table`, JPS+).
impl GridView<'_> {
    fn successors_jumping<const ONE: bool, const FREE: bool>(
        &mut self,
        jumps: Jumps<'_>,
        node: NodeId,
        parent: Option<NodeId>,
        (x, y): (u32, u32),
        p: usize,
        out: &mut Successors,
    ) {
        let directions = match parent {
            None => 0xFF,
            Some(parent) => {
                // The last segment of the way from the parent: diagonal first, then straight
                // along the longer axis (see `diagonal_successors`).
                let (qx, qy) = self.xy(parent);
                let (ax, ay) = (x as i64 - qx as i64, y as i64 - qy as i64);
                let (dx, dy) = match ax.abs().cmp(&ay.abs()) {
                    std::cmp::Ordering::Equal => (ax.signum(), ay.signum()),
                    std::cmp::Ordering::Greater => (ax.signum(), 0),
                    std::cmp::Ordering::Less => (0, ay.signum()),
                };
                self.turns_after::<ONE, FREE>(p, dx, dy)
            }
        };
        // Each direction written out, in the order of `DIRECTIONS`: every jump then has a
        // constant direction (its scans fixed to rows or columns, forwards or backwards) and
        // is inlined here.
        let at = (x, y);
        if directions & 1 != 0 {
            self.straight_successor::<FREE, 0>(jumps, node, at, p, out);
        }
        if directions & 1 << 1 != 0 {
            self.straight_successor::<FREE, 1>(jumps, node, at, p, out);
        }
        if directions & 1 << 2 != 0 {
            self.straight_successor::<FREE, 2>(jumps, node, at, p, out);
        }
        if directions & 1 << 3 != 0 {
            self.straight_successor::<FREE, 3>(jumps, node, at, p, out);
        }
        if directions & 1 << 4 != 0 {
            self.diagonal_successors::<ONE, FREE, 4>(jumps, node, at, p, out);
        }
        if directions & 1 << 5 != 0 {
            self.diagonal_successors::<ONE, FREE, 5>(jumps, node, at, p, out);
        }
        if directions & 1 << 6 != 0 {
            self.diagonal_successors::<ONE, FREE, 6>(jumps, node, at, p, out);
        }
        if directions & 1 << 7 != 0 {
            self.diagonal_successors::<ONE, FREE, 7>(jumps, node, at, p, out);
        }
    }

    /// The successor of a straight jump from `node` at `(x, y)` (padded `p`) in direction
    /// `DIR` (0..4), if the jump ends at a jump point.
    #[inline(always)]
    fn straight_successor<const FREE: bool, const DIR: usize>(
        &self,
        jumps: Jumps<'_>,
        node: NodeId,
        (x, y): (u32, u32),
        p: usize,
        out: &mut Successors,
    ) {
        let (dx, dy) = DIRECTIONS[DIR];
        let steps = match jumps {
            Jumps::Table(table) => self.jump_table(table.entries(p)[DIR], (x, y), dx, dy),
            Jumps::Scan(bits) => {
                self.jump_straight::<FREE>(bits, x as usize + 1, y as usize + 1, straight(dx, dy))
            }
        };
        if let Some(steps) = steps {
            let s = self.straight * self.uniform_multiplier;
            let target = (node as i64 + steps as i64 * (dx + dy * self.width as i64)) as NodeId;
            out.push(target, s * steps as f64);
        }
    }

    /// The successors of a diagonal jump from `node` in direction `DIR` (4..8), with the
    /// pruning of intermediate jump points of Harabor and Grastien's JPS2 (ICAPS 2014): where
    /// the diagonal meets a cell from which a straight jump along one of its components finds
    /// a jump point (or the goal), that jump point is a successor of `node` itself (reached
    /// diagonally, then straight), and the diagonal goes on; the cell in between is not a node
    /// of its own. The diagonal stops at a wall, at the goal and (with free diagonals) at a
    /// cell with a forced turn back, which is then the successor.
    #[inline]
    fn diagonal_successors<const ONE: bool, const FREE: bool, const DIR: usize>(
        &self,
        jumps: Jumps<'_>,
        node: NodeId,
        (x, y): (u32, u32),
        p: usize,
        out: &mut Successors,
    ) {
        let (dx, dy) = DIRECTIONS[DIR];
        let pw = self.padded_width as isize;
        let w = self.width as i64;
        let d = self.diagonal * self.uniform_multiplier;
        let (along_x, along_y) = (straight_index(dx, 0), straight_index(0, dy));
        let step_node = dx + dy * w;
        let step_padded = dx as isize + dy as isize * pw;
        // The cell reached so far along the diagonal, and the steps to it.
        let (mut cx, mut cy, mut cp, mut total) = (x, y, p, 0u32);
        loop {
            let steps = match jumps {
                Jumps::Table(table) => self.jump_table(table.entries(cp)[DIR], (cx, cy), dx, dy),
                // Online: one step at a time (every cell is scanned from anyway).
                Jumps::Scan(_) => {
                    let beside = cp.wrapping_add_signed(dx as isize);
                    let above = cp.wrapping_add_signed(dy as isize * pw);
                    let next = cp.wrapping_add_signed(step_padded);
                    let corners_clear =
                        FREE || (self.open::<ONE>(beside) && self.open::<ONE>(above));
                    (corners_clear && self.open::<ONE>(next)).then_some(1)
                }
            };
            let Some(k) = steps else { return };
            total += k;
            cx = (cx as i64 + k as i64 * dx) as u32;
            cy = (cy as i64 + k as i64 * dy) as u32;
            cp = cp.wrapping_add_signed(k as isize * step_padded);
            let here = (node as i64 + total as i64 * step_node) as NodeId;
            let g = d * total as f64;
            if here == self.goal || (FREE && self.forced_turn_back::<ONE>(cp, dx, dy)) {
                out.push(here, g);
                return;
            }
            // Written out twice rather than looped over, so that each scan's direction is a
            // constant and its code is inlined here.
            let (cell, turn) = ((cx, cy), (here, g));
            self.component_jump::<FREE>(jumps, cp, cell, turn, (dx, 0), along_x, out);
            self.component_jump::<FREE>(jumps, cp, cell, turn, (0, dy), along_y, out);
        }
    }

    /// The straight jump in direction `(sx, sy)` (index `index` in [`DIRECTIONS`]) from the
    /// diagonal's cell `(cx, cy)` (padded `cp`), the node `here` reached at cost `g`: pushes its
    /// jump point, if any, as a successor.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn component_jump<const FREE: bool>(
        &self,
        jumps: Jumps<'_>,
        cp: usize,
        (cx, cy): (u32, u32),
        (here, g): (NodeId, f64),
        (sx, sy): (i64, i64),
        index: usize,
        out: &mut Successors,
    ) {
        let m = match jumps {
            Jumps::Table(table) => self.jump_table(table.entries(cp)[index], (cx, cy), sx, sy),
            Jumps::Scan(bits) => {
                self.jump_straight::<FREE>(bits, cx as usize + 1, cy as usize + 1, straight(sx, sy))
            }
        };
        if let Some(m) = m {
            let s = self.straight * self.uniform_multiplier;
            let target = (here as i64 + m as i64 * (sx + sy * self.width as i64)) as NodeId;
            out.push(target, g + s * m as f64);
        }
    }

    /// With free diagonals, whether a diagonal arrival in `(dx, dy)` at padded `p` has a forced
    /// turn back: a wall behind the cell on one side, open diagonally past it.
    #[inline(always)]
    fn forced_turn_back<const ONE: bool>(&self, p: usize, dx: i64, dy: i64) -> bool {
        let pw = self.padded_width as isize;
        let at = |x: i64, y: i64| p.wrapping_add_signed(x as isize + y as isize * pw);
        (!self.open::<ONE>(at(-dx, 0)) && self.open::<ONE>(at(-dx, dy)))
            || (!self.open::<ONE>(at(0, -dy)) && self.open::<ONE>(at(dx, -dy)))
    }

    /// A jump from `(x, y)` in direction `(dx, dy)` whose table entry is `entry`: the goal
    /// when it lies on the line before the jump's end (straight), or where the diagonal
    /// crosses the goal's row or column when the goal lies in the diagonal's quadrant and the
    /// crossing comes before the jump's end (from there a straight jump reaches the goal if
    /// anything does; online jumps stop there only if it does, so the table search expands
    /// a superset of their jump points). Otherwise the jump point of the entry, if any.
    #[inline(always)]
    fn jump_table(&self, entry: i16, (x, y): (u32, u32), dx: i64, dy: i64) -> Option<u32> {
        let reach = entry.unsigned_abs() as u32;
        let (gx, gy) = (self.goal_x as i64 - x as i64, self.goal_y as i64 - y as i64);
        let ahead = |g: i64, d: i64| g.signum() == d;
        let to_goal = if dy == 0 {
            (gy == 0 && ahead(gx, dx)).then_some(gx.unsigned_abs())
        } else if dx == 0 {
            (gx == 0 && ahead(gy, dy)).then_some(gy.unsigned_abs())
        } else {
            (ahead(gx, dx) && ahead(gy, dy)).then(|| gx.unsigned_abs().min(gy.unsigned_abs()))
        };
        match to_goal {
            Some(g) if g <= reach as u64 => Some(g as u32),
            _ => (entry > 0).then_some(reach),
        }
    }

    /// The directions to jump in from padded index `p` after arriving in direction
    /// `(dx, dy)`.
    #[inline]
    fn turns_after<const ONE: bool, const FREE: bool>(&self, p: usize, dx: i64, dy: i64) -> u8 {
        let pw = self.padded_width as isize;
        let at = |x: i64, y: i64| p.wrapping_add_signed(x as isize + y as isize * pw);
        let mut bits = direction_bit(dx, dy);
        if dx != 0 && dy != 0 {
            bits |= direction_bit(dx, 0) | direction_bit(0, dy);
            if FREE {
                // A wall behind the cell on one side: the diagonal that turns back past it.
                if !self.open::<ONE>(at(-dx, 0)) && self.open::<ONE>(at(-dx, dy)) {
                    bits |= direction_bit(-dx, dy);
                }
                if !self.open::<ONE>(at(0, -dy)) && self.open::<ONE>(at(dx, -dy)) {
                    bits |= direction_bit(dx, -dy);
                }
            }
            return bits;
        }
        // A straight arrival: the two sides of the line, `(sx, sy)` perpendicular to it.
        for (sx, sy) in [(dy, dx), (-dy, -dx)] {
            if FREE {
                // A wall beside the cell: squeeze diagonally past its first cell.
                if !self.open::<ONE>(at(sx, sy)) && self.open::<ONE>(at(dx + sx, dy + sy)) {
                    bits |= direction_bit(dx + sx, dy + sy);
                }
            } else if !self.open::<ONE>(at(sx - dx, sy - dy)) && self.open::<ONE>(at(sx, sy)) {
                // A wall that ends beside the cell: turn around it.
                bits |= direction_bit(sx, sy) | direction_bit(dx + sx, dy + sy);
            }
        }
        bits
    }

    /// Steps from padded `(px, py)` in `direction` until a jump point (returns the step
    /// count) or a blocked cell (`None`), 63 cells a step (see [`JumpBits::jump`]).
    #[inline(always)]
    fn jump_straight<const FREE: bool>(
        &self,
        bits: &JumpBits,
        px: usize,
        py: usize,
        direction: Straight,
    ) -> Option<u32> {
        let goal = (self.goal_x as usize + 1, self.goal_y as usize + 1);
        bits.jump::<FREE>(px, py, direction, goal)
    }
}

impl GridView<'_> {
    /// The successors of `node` at `(x, y)`, padded index `p`. `ONE`: the agent is one cell
    /// (`need == 1`), a copy of the search in which testing a cell is reading a flag.
    #[inline(always)]
    fn successors_of<const ONE: bool>(
        &mut self,
        node: NodeId,
        parent: Option<NodeId>,
        x: u32,
        y: u32,
        p: usize,
        out: &mut Successors,
    ) {
        match self.neighbourhood {
            Neighbourhood::General => self.successors_general::<ONE>(x, y, out),
            Neighbourhood::JumpPoints { free, plus } => {
                // A parent off the map (a caller's bad id) says nothing: jump everywhere. (Only
                // jump points read the parent: cell-by-cell search skips this division.)
                let parent = parent.filter(|&q| q != node && self.rows.divide(q) < self.height);
                // Jump point views always hold bit grids or a table (`with_arrivals`).
                let jumps = match (plus, self.bits, self.table) {
                    (false, Some(bits), _) => Jumps::Scan(bits),
                    (true, _, Some(table)) => Jumps::Table(table),
                    _ => return,
                };
                if free {
                    self.successors_jumping::<ONE, true>(jumps, node, parent, (x, y), p, out)
                } else {
                    self.successors_jumping::<ONE, false>(jumps, node, parent, (x, y), p, out)
                }
            }
            // Two copies of the neighbour loop: one that never reads multipliers.
            _ => match self.multipliers {
                None => {
                    let k = self.uniform_multiplier;
                    self.successors_adjacent::<ONE>(node, p, out, |base, _| base * k);
                }
                Some(multipliers) => {
                    self.successors_adjacent::<ONE>(node, p, out, |base, target| {
                        base * multipliers[target as usize] as f64
                    });
                }
            },
        }
    }
}

impl GridView<'_> {
    /// [`successors_of`](GridView::successors_of) for agents larger than one cell, kept out of
    /// line: inlined next to the one-cell copy it would crowd the search loop's registers.
    #[inline(never)]
    fn successors_of_large_agent(
        &mut self,
        node: NodeId,
        parent: Option<NodeId>,
        x: u32,
        y: u32,
        p: usize,
        out: &mut Successors,
    ) {
        self.successors_of::<false>(node, parent, x, y, p, out);
    }
}

impl Graph for GridView<'_> {
    /// Without a parent, jump point search jumps in all eight directions (as from the start).
    #[inline]
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        self.successors_from(node, None, out);
    }

    /// Jump point search prunes by the direction from `parent` to `node`.
    #[inline]
    fn successors_from(&mut self, node: NodeId, parent: Option<NodeId>, out: &mut Successors) {
        let (x, y) = self.xy(node);
        if y >= self.height {
            return; // not a cell of this map (a caller's bad start id): no way out
        }
        let p = (y as usize + 1) * self.padded_width + x as usize + 1;
        if self.need == 1 {
            self.successors_of::<true>(node, parent, x, y, p, out);
        } else {
            self.successors_of_large_agent(node, parent, x, y, p, out);
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

/// The moves of the cell-by-cell kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KernelMoves {
    Four,
    NoCornerCutting,
    Free,
}

/// A [`GridView`] reduced to what the cell-by-cell kernel reads (see
/// [`GridView::cell_kernel`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct CellKernel<'a> {
    /// The padded fit array and the value a cell needs (as in [`GridView`]).
    pub fits: &'a [u8],
    pub need: u8,
    pub padded_width: usize,
    pub width: u32,
    pub rows: RowDivisor,
    /// The cost of a straight and a diagonal step, multiplier included.
    pub straight: f64,
    pub diagonal: f64,
    pub moves: KernelMoves,
    pub goal_x: u32,
    pub goal_y: u32,
    pub heuristic: HeuristicEval,
}

/// Exact division of node ids by the map width with a multiply and a shift.
///
/// With `m = ceil(2^42 / w)`, `floor(n * m / 2^42) = floor(n / w)` whenever `n * w < 2^42`
/// (the rounding error `n * (m * w - 2^42) / 2^42` stays below 1): node ids are below
/// [`GridMap::MAX_CELLS`] = 2^26 and widths at most [`GridMap::MAX_SIDE`] = 2^15.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RowDivisor {
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

    /// The divisor by a padded width (`width + 2`, up to `MAX_SIDE + 2`). Padded indices are
    /// below `(width + 2) * (height + 2)`, at most `MAX_CELLS + 2^17 + 4`, and their products
    /// with a padded width stay below 2^42: the division is exact for them too.
    pub(crate) fn new_padded(padded_width: u32) -> Self {
        debug_assert!(padded_width > 2 && padded_width <= GridMap::MAX_SIDE + 2);
        Self {
            multiplier: (1u64 << Self::SHIFT).div_ceil(padded_width as u64),
        }
    }

    #[inline(always)]
    pub(crate) fn divide(self, n: NodeId) -> u32 {
        ((n as u128 * self.multiplier as u128) >> Self::SHIFT) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exact search sums: the same lengths (within the rounding of the step costs) as the
    /// search with the rules' costs, which a finite cost limit keeps, and fewer expansions on a
    /// map with scattered blocks (ties of equal `f` broken by `g` as exact sums order them).
    #[test]
    fn exact_steps_keep_lengths_and_expand_fewer_cells() {
        use crate::{GridContext, GridQuery, GridRules};
        use nav_search::Limits;
        let mut map = GridMap::new(96, 96).unwrap();
        let mut seed = 7u64;
        for _ in 0..1200 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let cell = Cell::new((seed % 96) as u32, (seed / 96 % 96) as u32);
            map.set_blocked(cell, true).unwrap();
        }
        let rules = GridRules::moving_ai().compile().unwrap();
        let mut ctx = GridContext::new();
        let (mut exact_expanded, mut plain_expanded, mut found) = (0, 0, 0);
        for k in 0..40u32 {
            let (s, g) = (
                Cell::new(k % 7, (k * 5) % 96),
                Cell::new(95 - k % 5, (k * 37) % 96),
            );
            if !map.is_walkable(s) || !map.is_walkable(g) {
                continue;
            }
            let query = GridQuery::new(s, g);
            let exact = ctx.find_path(&map, &rules, &query).unwrap();
            let (exact_cost, exact_status) = (exact.cost(), exact.status());
            exact_expanded += exact.expanded();
            let limited = query.with_limits(Limits {
                max_cost: f64::MAX,
                ..Limits::default()
            });
            let plain = ctx.find_path(&map, &rules, &limited).unwrap();
            assert_eq!(plain.status(), exact_status);
            assert!((plain.cost() - exact_cost).abs() <= 1e-12 * exact_cost.max(1.0));
            plain_expanded += plain.expanded();
            found += plain.is_found() as usize;
        }
        assert!(found > 20, "{found}");
        assert!(
            exact_expanded < plain_expanded,
            "{exact_expanded} vs {plain_expanded}"
        );
    }

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
