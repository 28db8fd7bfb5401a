//! Flow fields: the cost to the nearest goal and the next move of every cell, for crowds.
//!
//! A flow field answers, for every cell at once, what a path query answers for one start:
//! how much it costs to reach the goal (or the nearest of several goals) and which move to
//! take now. A hundred units sent to one point read their next move in O(1) per frame
//! instead of running a hundred searches (E. Emerson, "Crowd Pathfinding and Steering Using
//! Flow Field Tiles", Game AI Pro, ch. 23, 2013).
//!
//! Over 600 lines: the field's arrays, its build and the search loop that builds and
//! repairs share one padded layout (the repair after edits is in `repair.rs`).

mod exact;
mod queue;
mod repair;
mod shadow;
mod sight;
mod uniform;

use nav_search::{PathOutcome, PathStatus};

use crate::cell::Cell;
use crate::error::{Endpoint, GridError};
use crate::map::GridMap;
use crate::moves::{CompiledMoves, DiagonalRule, Neighbourhood};
use crate::query::GridQuery;
use crate::rules::CompiledRules;
use queue::FlowQueue;
use sight::SightInput;

/// `next` of a cell without a move: a goal, or a cell that cannot reach one.
const NO_MOVE: u8 = u8::MAX;
/// `goal_of` of a cell that reaches no goal.
const NO_GOAL: u32 = u32::MAX;

/// What a flow field is built for: its goals, the agent size and whether to mark the cells
/// that see their goal. A small value: build one per field.
///
/// ```
/// use nav_grid::{Cell, FlowQuery};
///
/// let goal = Cell::new(3, 4);
/// let query = FlowQuery::to_goal(&goal).with_agent_size(2);
/// assert_eq!(query.goals, &[goal]);
/// let rally = [Cell::new(0, 0), Cell::new(9, 9)];
/// let query = FlowQuery::to_goals(&rally).with_line_of_sight(false);
/// assert_eq!(query.goals.len(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FlowQuery<'a> {
    /// The goals: each cell flows to the cheapest one it can reach. Goals where the agent
    /// does not fit are left out (see [`FlowReport::goals_used`]); a goal outside the map is
    /// an error.
    pub goals: &'a [Cell],
    /// Side of the agent in cells, as in [`GridQuery::agent_size`] (1 by default).
    pub agent_size: u32,
    /// Whether to mark the cells that see their goal ([`FlowField::sees_goal`]); on by
    /// default. Off saves the pass that decides it.
    pub line_of_sight: bool,
}

impl<'a> FlowQuery<'a> {
    /// A field towards one goal, for an agent of one cell, with line of sight.
    pub fn to_goal(goal: &'a Cell) -> Self {
        Self::to_goals(std::slice::from_ref(goal))
    }

    /// A field towards the nearest of `goals`, for an agent of one cell, with line of sight.
    pub fn to_goals(goals: &'a [Cell]) -> Self {
        Self {
            goals,
            agent_size: 1,
            line_of_sight: true,
        }
    }

    /// Sets [`agent_size`](FlowQuery::agent_size) (checked by the build).
    pub fn with_agent_size(mut self, agent_size: u32) -> Self {
        self.agent_size = agent_size;
        self
    }

    /// Sets [`line_of_sight`](FlowQuery::line_of_sight).
    pub fn with_line_of_sight(mut self, line_of_sight: bool) -> Self {
        self.line_of_sight = line_of_sight;
        self
    }
}

/// What a build or an update did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FlowReport {
    /// Cells that reach a goal.
    pub reachable: usize,
    /// Cells the search expanded (about `reachable` for a build; the repaired cells and
    /// their border for an update).
    pub expanded: usize,
    /// Goals the agent fits at (the others are ignored).
    pub goals_used: usize,
    /// Cells whose cost was recomputed by an update (every reachable cell for a build).
    pub recomputed: usize,
    /// Whether an update had to rebuild the whole field (see [`FlowField::update`]).
    pub rebuilt: bool,
}

/// The cost to the nearest goal and the next move of every cell of a map, for one agent size
/// under one set of [`CompiledRules`].
///
/// The field is the result of a Dijkstra search from the goals over the *reversed* moves:
/// the cost of a cell is exactly the cost of the cheapest path that
/// [`GridContext::find_path`](crate::GridContext::find_path) finds from it to its nearest
/// goal (same moves, diagonal rule, costs, terrain multipliers and agent size), and following
/// [`next_move`](FlowField::next_move) from any reachable cell walks such a path. Moves need
/// not be symmetric (custom one-way moves, multipliers charged on entering a cell): the field
/// prices each move as the unit makes it.
///
/// Lookups ([`cost`](FlowField::cost), [`next_move`](FlowField::next_move),
/// [`sees_goal`](FlowField::sees_goal), [`goal_of`](FlowField::goal_of)) are O(1). A field
/// keeps its memory from build to build; rebuilding on a map of the same size allocates
/// nothing. After cells of the map change, [`update`](FlowField::update) repairs only the
/// cells whose path went through them.
///
/// On a map of uniform cost under the usual 4 or 8 moves (with the diagonal move costing 1 to
/// 2 straight ones), the search keys each cell by its numbers of straight and diagonal moves
/// as one exact fixed-point integer and keeps the cells in buckets as wide as the straight
/// move (Dial's algorithm: every cell of the lowest bucket is final), so a field costs about
/// what a breadth-first search costs (other move ratios: two first-in first-out lists keyed
/// by the `f64` sums, one per move weight). Otherwise (terrain multipliers, custom moves) it is
/// Dial's algorithm over `f64` costs with buckets as wide as the cheapest move (a binary heap
/// when the move costs times the multipliers spread over more than about 4,000 times the
/// cheapest move). Line of sight from one goal is decided by casting shadows octant by
/// octant, from several goals cell by cell from the neighbours towards each cell's goal.
///
/// ```
/// use nav_grid::{Cell, FlowField, FlowQuery, GridMap, GridRules};
///
/// let map = GridMap::from_ascii("
///     ......
///     .@@@@.
///     ......
/// ")?;
/// let rules = GridRules::default().compile()?;
/// let goal = Cell::new(5, 2);
/// let mut field = FlowField::new();
/// field.build(&map, &rules, &FlowQuery::to_goal(&goal))?;
///
/// assert_eq!(field.cost(goal), Some(0.0));
/// assert_eq!(field.cost(Cell::new(0, 2)), Some(5.0));
/// assert_eq!(field.next_move(Cell::new(0, 2)), Some((1, 0)));
/// assert_eq!(field.cost(Cell::new(1, 1)), None); // a wall
/// // A unit on the top row walks straight to the goal? No: the wall hides it.
/// assert!(!field.sees_goal(Cell::new(0, 0)));
/// assert!(field.sees_goal(Cell::new(0, 2)));
///
/// // Every unit, one move per frame.
/// let mut path = Vec::new();
/// let outcome = field.path_from(Cell::new(0, 0), &mut path)?;
/// assert_eq!(path.last(), Some(&goal));
/// assert!((outcome.cost - field.cost(Cell::new(0, 0)).unwrap()).abs() < 1e-9);
/// # Ok::<(), nav_grid::GridError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct FlowField {
    width: u32,
    height: u32,
    padded_width: usize,
    agent_size: u32,
    line_of_sight: bool,
    /// The rules' moves, kept for updates and to turn `next` into offsets.
    moves: Option<CompiledMoves>,
    touching: bool,
    goals: Vec<Cell>,
    /// Goals as (padded index, x, y).
    goal_slots: Vec<(usize, u32, u32)>,
    /// Per padded cell: cost to the goal (infinite where unreachable). This and the next
    /// arrays hold something only on the cells of `reached`.
    cost: Vec<f64>,
    /// Per padded cell: index of the move to take in `moves.steps`, or `NO_MOVE`.
    next: Vec<u8>,
    /// Per padded cell: index of its goal in `goals`, or `NO_GOAL`.
    goal_of: Vec<u32>,
    /// Per padded cell: 1 where the goal is in line of sight (0 on every cell not in
    /// `reached`: a rebuild resets only those).
    sight: Vec<u8>,
    /// Per padded cell: a blocked cell that hides its goal, as the line-of-sight pass left it.
    blockers: Vec<u32>,
    /// Per padded cell: expanded (search), or the status of an update's walk.
    marks: Vec<u8>,
    /// Per padded cell multipliers; empty on maps of uniform cost.
    multipliers: Vec<f32>,
    uniform_multiplier: f64,
    queue: FlowQueue,
    /// The two lanes of the build's search on maps of uniform cost that the integer search
    /// does not take (other move ratios, maps too large).
    lanes: [uniform::Lane; 2],
    /// The three buckets (this width and the next two) and the neighbour masks of the
    /// integer search (`exact.rs`).
    buckets: [Vec<u32>; 3],
    masks: Vec<u8>,
    /// Scratch of the line-of-sight sweep: the shadows of one octant.
    spans: Vec<shadow::Span>,
    order: Vec<u32>,
    /// The padded indices of the cells that reach a goal.
    reached: Vec<u32>,
    /// The cells an update's search expanded (their cost or goal may have changed).
    popped: Vec<u32>,
    /// A copy of the map's padded fit array (walkability or clearance) at the last build or
    /// update.
    fits: Vec<u8>,
    counts: Vec<u32>,
    scratch: Vec<u32>,
    report: FlowReport,
    built: bool,
}

impl FlowField {
    /// An empty field (nothing reachable); [`build`](FlowField::build) fills it.
    pub fn new() -> Self {
        Self::default()
    }

    /// Computes the field of `query` on `map` under `rules`, replacing what the field held.
    ///
    /// Errors: a goal outside the map ([`GridError::EndpointOutOfRange`] for the goal) and an
    /// agent size of 0 or above [`GridQuery::MAX_AGENT_SIZE`]; the field is then empty. No
    /// goal where the agent fits is not an error: nothing is reachable.
    pub fn build(
        &mut self,
        map: &GridMap,
        rules: &CompiledRules,
        query: &FlowQuery<'_>,
    ) -> Result<FlowReport, GridError> {
        self.built = false;
        self.report = FlowReport::default();
        // After an error the field is empty (no cell is on it).
        self.width = 0;
        self.height = 0;
        GridQuery::new(Cell::new(0, 0), Cell::new(0, 0))
            .with_agent_size(query.agent_size)
            .check()?;
        if let Some(&off) = query.goals.iter().find(|&&g| !map.contains(g)) {
            return Err(GridError::EndpointOutOfRange {
                endpoint: Endpoint::Goal,
                x: off.x as u64,
                y: off.y as u64,
                width: map.width(),
                height: map.height(),
            });
        }
        // Kept when the rules are the same (a rebuild then allocates nothing).
        if self.moves.as_ref() != Some(&rules.moves) {
            self.moves = Some(rules.moves.clone());
        }
        self.touching = rules.rules().diagonal != DiagonalRule::Free;
        self.agent_size = query.agent_size;
        self.line_of_sight = query.line_of_sight;
        self.goals.clear();
        self.goals.extend_from_slice(query.goals);
        self.rebuild(map);
        Ok(self.report)
    }

    /// The whole computation, from the stored moves, goals and agent size.
    fn rebuild(&mut self, map: &GridMap) {
        let (w, h) = (map.width(), map.height());
        self.width = w;
        self.height = h;
        self.padded_width = w as usize + 2;
        let len = self.padded_width * (h as usize + 2);
        if self.cost.len() == len && self.sight.len() == len && self.reached.len() * 4 < len {
            // Same size as before, and the last field reached few cells: only those hold
            // anything (scattered writes; beyond a quarter of the map, filling the arrays
            // whole is faster).
            for &p in &self.reached {
                let p = p as usize;
                self.cost[p] = f64::INFINITY;
                self.next[p] = NO_MOVE;
                self.goal_of[p] = NO_GOAL;
                self.marks[p] = 0;
                self.sight[p] = 0;
            }
        } else if self.cost.len() == len && self.sight.len() == len {
            self.cost.fill(f64::INFINITY);
            self.next.fill(NO_MOVE);
            self.goal_of.fill(NO_GOAL);
            self.marks.fill(0);
            self.sight.fill(0);
        } else {
            reset(&mut self.cost, len, f64::INFINITY);
            reset(&mut self.next, len, NO_MOVE);
            reset(&mut self.goal_of, len, NO_GOAL);
            reset(&mut self.marks, len, 0);
            reset(&mut self.sight, len, 0);
        }
        self.blockers.resize(len, u32::MAX);
        self.load_multipliers(map);
        let (min_edge, max_edge) = self.edge_range(map);
        self.queue.reset(min_edge, max_edge, false);

        let fits = fits_of(map, self.agent_size);
        let need = self.agent_size as u8;
        self.goal_slots.clear();
        self.reached.clear();
        let mut goals_used = 0;
        let uniform = self.uniform_search_applies();
        for (i, goal) in self.goals.iter().enumerate() {
            let p = map.padded_index(goal.x, goal.y);
            self.goal_slots.push((p, goal.x, goal.y));
            if fits[p] >= need {
                goals_used += 1;
                if self.goal_of[p] == NO_GOAL {
                    self.cost[p] = 0.0;
                    self.goal_of[p] = i as u32;
                    self.reached.push(p as u32);
                    if !uniform {
                        self.queue.push(p as u32, 0.0);
                    }
                }
            }
        }
        let exact = if uniform { self.exact_scale() } else { None };
        let expanded = if let Some(scale) = exact {
            self.search_exact(fits, scale)
        } else if uniform && uniform::cluttered(fits, self.padded_width, need) {
            self.search_uniform::<true>(fits)
        } else if uniform {
            self.search_uniform::<false>(fits)
        } else {
            self.search(fits)
        };
        self.finish(map);
        self.report = FlowReport {
            reachable: self.report.reachable,
            expanded,
            goals_used,
            recomputed: self.report.reachable,
            rebuilt: true,
        };
        self.built = true;
    }

    /// Counts the reachable cells, keeps the fit array and runs the line-of-sight pass.
    fn finish(&mut self, map: &GridMap) {
        self.report.reachable = self.reached.len();
        let fits = fits_of(map, self.agent_size);
        self.fits.clear();
        self.fits.extend_from_slice(fits);
        if self.line_of_sight {
            let input = SightInput {
                fits,
                need: self.agent_size as u8,
                padded_width: self.padded_width,
                max_distance: self.width.max(self.height) as usize,
                goal_of: &self.goal_of,
                goals: &self.goal_slots,
                reached: &self.reached,
                whole: Some((self.width, self.height)),
            };
            sight::line_of_sight(
                &input,
                self.touching,
                &mut self.sight,
                &mut self.blockers,
                &mut self.order,
                &mut self.counts,
                &mut self.spans,
            );
        } else {
            for &p in &self.reached {
                self.sight[p as usize] = 0;
            }
        }
    }

    /// Copies the map's multipliers into the padded layout (nothing on uniform maps).
    fn load_multipliers(&mut self, map: &GridMap) {
        self.uniform_multiplier = map.min_cost_multiplier();
        self.multipliers.clear();
        if map.has_uniform_cost() {
            return;
        }
        let Some(source) = map.multipliers() else {
            return;
        };
        let (w, pw) = (self.width as usize, self.padded_width);
        self.multipliers
            .resize(pw * (self.height as usize + 2), 0.0);
        for (y, row) in source.chunks_exact(w).enumerate() {
            let start = (y + 1) * pw + 1;
            self.multipliers[start..start + w].copy_from_slice(row);
        }
    }

    /// The cheapest and the dearest edge: move costs times multipliers.
    fn edge_range(&self, map: &GridMap) -> (f64, f64) {
        let moves = self.moves.as_ref().expect("moves are set before a search");
        let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
        for step in &moves.steps {
            lo = lo.min(step.cost);
            hi = hi.max(step.cost);
        }
        let (mut min_m, mut max_m) = (map.min_cost_multiplier(), map.min_cost_multiplier());
        if !self.multipliers.is_empty() {
            max_m = self
                .multipliers
                .iter()
                .fold(0.0f64, |m, &v| m.max(v as f64));
            min_m = min_m.min(max_m);
        }
        (lo * min_m, hi * max_m)
    }

    /// Dijkstra over the reversed moves from what the queue holds; returns the expansions.
    fn search(&mut self, fits: &[u8]) -> usize {
        self.search_recording(fits, false)
    }

    /// [`search`](FlowField::search), writing every expanded cell to `popped` when `record`.
    fn search_recording(&mut self, fits: &[u8], record: bool) -> usize {
        let popped = &mut self.popped;
        let moves = self.moves.as_ref().expect("moves are set before a search");
        let need = self.agent_size as u8;
        let pw = self.padded_width;
        let neighbourhood = match moves.neighbourhood {
            Neighbourhood::JumpPoints { free: true, .. } => Neighbourhood::EightFree,
            Neighbourhood::JumpPoints { free: false, .. } => Neighbourhood::EightNoCornerCutting,
            n => n,
        };
        // Index of the move (dx, dy) in the step table (the eight usual moves).
        let index = |dx: i32, dy: i32| moves.step_byte(dx, dy, NO_MOVE);
        let (straight, diagonal) = moves.straight_and_diagonal();
        let (to_e, to_w, to_s, to_n) = (index(1, 0), index(-1, 0), index(0, 1), index(0, -1));
        let (to_se, to_ne, to_sw, to_nw) = (index(1, 1), index(1, -1), index(-1, 1), index(-1, -1));
        // Every array cut to one length, and every cell popped checked to lie off the
        // border, so that the compiler sees the eight neighbours in bounds.
        let len = self.cost.len();
        let cost = &mut self.cost[..len];
        let next = &mut self.next[..len];
        let goal_of = &mut self.goal_of[..len];
        let reached = &mut self.reached;
        let marks = &mut self.marks[..len];
        let fits = &fits[..len];
        let ok = |p: usize| fits[p] >= need;
        let queue = &mut self.queue;
        let multipliers = &self.multipliers;
        let uniform = self.uniform_multiplier;
        let (width, height) = (self.width as i64, self.height as i64);
        let mut expanded = 0;
        while let Some(p) = queue.pop() {
            let p = p as usize;
            // Never true (border cells never fit, so are never queued).
            if p <= pw || p + pw + 1 >= len {
                continue;
            }
            if marks[p] != 0 {
                continue;
            }
            marks[p] = 1;
            expanded += 1;
            if record {
                popped.push(p as u32);
            }
            let d = cost[p];
            let goal = goal_of[p];
            let m = if multipliers.is_empty() {
                uniform
            } else {
                multipliers[p] as f64
            };
            // `q` steps by move `step` into `p`, paying `w` (a macro: a closure here was
            // not inlined, and this is the inner loop).
            macro_rules! relax {
                ($q:expr, $w:expr, $step:expr) => {{
                    let q: usize = $q;
                    let nd = d + $w;
                    if nd < cost[q] {
                        cost[q] = nd;
                        next[q] = $step;
                        if goal_of[q] == NO_GOAL {
                            reached.push(q as u32);
                        }
                        goal_of[q] = goal;
                        marks[q] = 0;
                        queue.push(q as u32, nd);
                    }
                }};
            }
            match neighbourhood {
                Neighbourhood::General => {
                    let (x, y) = ((p % pw) as i64 - 1, (p / pw) as i64 - 1);
                    for (i, step) in moves.steps.iter().enumerate() {
                        let (qx, qy) = (x - step.dx as i64, y - step.dy as i64);
                        if qx < 0 || qy < 0 || qx >= width || qy >= height {
                            continue;
                        }
                        let q = (qy as usize + 1) * pw + qx as usize + 1;
                        if !ok(q) {
                            continue;
                        }
                        let clear = moves.crossed_by(step).iter().all(|&(cx, cy)| {
                            ok((qy + cy as i64 + 1) as usize * pw + (qx + cx as i64 + 1) as usize)
                        });
                        if clear {
                            relax!(q, step.cost * m, i as u8);
                        }
                    }
                }
                _ => {
                    let (ws, wd) = (straight * m, diagonal * m);
                    let north = ok(p - pw);
                    let south = ok(p + pw);
                    let west = ok(p - 1);
                    let east = ok(p + 1);
                    if north {
                        relax!(p - pw, ws, to_s);
                    }
                    if south {
                        relax!(p + pw, ws, to_n);
                    }
                    if west {
                        relax!(p - 1, ws, to_e);
                    }
                    if east {
                        relax!(p + 1, ws, to_w);
                    }
                    let free = match neighbourhood {
                        Neighbourhood::EightFree => true,
                        Neighbourhood::EightNoCornerCutting => false,
                        _ => continue,
                    };
                    if (free || (north && west)) && ok(p - pw - 1) {
                        relax!(p - pw - 1, wd, to_se);
                    }
                    if (free || (north && east)) && ok(p - pw + 1) {
                        relax!(p - pw + 1, wd, to_sw);
                    }
                    if (free || (south && west)) && ok(p + pw - 1) {
                        relax!(p + pw - 1, wd, to_ne);
                    }
                    if (free || (south && east)) && ok(p + pw + 1) {
                        relax!(p + pw + 1, wd, to_nw);
                    }
                }
            }
        }
        expanded
    }

    /// The padded index of `cell`, if the field covers it.
    #[inline]
    fn slot(&self, cell: Cell) -> Option<usize> {
        (cell.x < self.width && cell.y < self.height)
            .then(|| (cell.y as usize + 1) * self.padded_width + cell.x as usize + 1)
    }

    /// Width of the map the field was built on (0 before a build).
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height of the map the field was built on (0 before a build).
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The agent size the field was built for.
    pub fn agent_size(&self) -> u32 {
        self.agent_size
    }

    /// The goals the field was built for, in the order given.
    pub fn goals(&self) -> &[Cell] {
        &self.goals
    }

    /// What the last build or update did.
    pub fn report(&self) -> FlowReport {
        self.report
    }

    /// The cost from `cell` to its nearest goal; `None` off the map, where the agent does
    /// not fit, or where no goal can be reached. 0 at a goal.
    #[inline]
    pub fn cost(&self, cell: Cell) -> Option<f64> {
        let p = self.slot(cell)?;
        let c = self.cost[p];
        c.is_finite().then_some(c)
    }

    /// The move `(dx, dy)` a unit at `cell` takes next (one of the 8 neighbours under the
    /// usual moves, any offset of a custom move set); `None` at a goal, off the map and where
    /// no goal can be reached.
    #[inline]
    pub fn next_move(&self, cell: Cell) -> Option<(i32, i32)> {
        let p = self.slot(cell)?;
        let step = self.next[p];
        if step == NO_MOVE {
            return None;
        }
        let s = &self.moves.as_ref()?.steps[step as usize];
        Some((s.dx, s.dy))
    }

    /// The cell a unit at `cell` moves to next (see [`next_move`](FlowField::next_move)).
    #[inline]
    pub fn next_cell(&self, cell: Cell) -> Option<Cell> {
        let (dx, dy) = self.next_move(cell)?;
        Some(Cell::new(
            (cell.x as i64 + dx as i64) as u32,
            (cell.y as i64 + dy as i64) as u32,
        ))
    }

    /// Whether the goal of `cell` is in straight line of sight: every cell that the segment
    /// between the two cell centres meets fits the agent (corner touches count except under
    /// [`DiagonalRule::Free`]). A unit there may walk straight at the goal instead of
    /// following the moves; on a map of uniform cost that is the shortest way. `false` off
    /// the map, where no goal is reached, and when the field was built without line of
    /// sight.
    #[inline]
    pub fn sees_goal(&self, cell: Cell) -> bool {
        self.slot(cell).is_some_and(|p| self.sight[p] != 0)
    }

    /// The index in [`goals`](FlowField::goals) of the goal `cell` flows to.
    #[inline]
    pub fn goal_index(&self, cell: Cell) -> Option<usize> {
        let p = self.slot(cell)?;
        let g = self.goal_of[p];
        (g != NO_GOAL).then_some(g as usize)
    }

    /// The goal `cell` flows to: the cheapest goal it can reach.
    #[inline]
    pub fn goal_of(&self, cell: Cell) -> Option<Cell> {
        self.goal_index(cell).map(|i| self.goals[i])
    }

    /// The number of cells that reach a goal.
    pub fn reachable_count(&self) -> usize {
        self.report.reachable
    }

    /// Writes into `path` the cells from `start` to its goal by following the field (start
    /// and goal included), and returns the outcome: [`Found`](PathStatus::Found) with the
    /// path's cost, [`StartBlocked`](PathStatus::StartBlocked) where the agent does not fit,
    /// [`NoPath`](PathStatus::NoPath) where no goal can be reached (`path` is then empty).
    /// It is the answer of [`GridContext::find_path`](crate::GridContext::find_path) from
    /// `start` to the goal (the same cost; the same cells unless several paths tie) and
    /// costs one step per cell: many starts, one goal, one search.
    ///
    /// Errors: `start` outside the field's map.
    pub fn path_from(&self, start: Cell, path: &mut Vec<Cell>) -> Result<PathOutcome, GridError> {
        path.clear();
        let Some(p) = self.slot(start) else {
            return Err(GridError::EndpointOutOfRange {
                endpoint: Endpoint::Start,
                x: start.x as u64,
                y: start.y as u64,
                width: self.width,
                height: self.height,
            });
        };
        if self.goal_of[p] == NO_GOAL {
            let blocked = self.fits[p] < self.agent_size as u8;
            return Ok(PathOutcome::unsearched(if blocked {
                PathStatus::StartBlocked
            } else {
                PathStatus::NoPath
            }));
        }
        let moves = self.moves.as_ref().expect("a built field has moves");
        let pw = self.padded_width as isize;
        let mut c = p;
        let mut cost = 0.0;
        loop {
            path.push(Cell::new(
                (c % self.padded_width) as u32 - 1,
                (c / self.padded_width) as u32 - 1,
            ));
            let step = self.next[c];
            if step == NO_MOVE {
                break;
            }
            let s = &moves.steps[step as usize];
            let t = (c as isize + s.dy as isize * pw + s.dx as isize) as usize;
            cost += s.cost * self.multiplier_at(t);
            c = t;
        }
        Ok(PathOutcome {
            status: PathStatus::Found,
            cost,
            expanded: 0,
            partial: false,
        })
    }

    fn multiplier_at(&self, p: usize) -> f64 {
        if self.multipliers.is_empty() {
            self.uniform_multiplier
        } else {
            self.multipliers[p] as f64
        }
    }
}

/// Fills `v` with `len` copies of `value`, keeping its memory.
fn reset<T: Copy>(v: &mut Vec<T>, len: usize, value: T) {
    v.clear();
    v.resize(len, value);
}

/// The padded array whose values say where an agent of `size` fits (`>= size`).
fn fits_of(map: &GridMap, size: u32) -> &[u8] {
    if size <= 1 {
        map.walkable_padded()
    } else {
        map.clearance_padded()
    }
}
