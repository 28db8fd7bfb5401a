//! Queries: validation, the start and goal, the search, and the path.

mod graph;
mod nearest;
pub use nearest::{MAX_NEAREST_GOALS, NearestGoal};
mod neighbours;
mod obstacles;
mod shadow;
mod sliced;
mod state;

use nav_geom::{PathPiece, Vec2};
use nav_search::Endpoint;
use nav_search::{
    Limits, NodeId, PathRef, PathStatus, SearchContext, SearchProgress, SearchStatus, ZeroHeuristic,
};
use nav_spatial::SpatialIndex;

use crate::geometry::{angle_of, arc_sweep};
use crate::{CircleKey, CircleWorld, TangentError, TangentPath};
use graph::TangentGraph;
use neighbours::{Source, scan_neighbours};
use obstacles::{PointPlace, place_point};
use state::{Entry, FIRST_ENTRY, GOAL, Params, START, State};

#[cfg(test)]
mod tests;

/// How [`CircleContext::run`] searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// A* under growing bounds: what queries do.
    BoundedAStar,
    /// A* without bounds (tests).
    #[cfg_attr(not(test), allow(dead_code))]
    AStar,
    /// Dijkstra's algorithm without bounds (tests).
    #[cfg_attr(not(test), allow(dead_code))]
    Dijkstra,
}

/// The bounds of the first attempts, as slack over the straight-line distance: a query first
/// looks for paths at most 1% longer than the straight line, then 5%, 25%, 125%, then without a
/// bound (or with the caller's). A tight first bound makes the common case (a forest that
/// bends paths by a few percent) cheap; each failed attempt costs a fraction of the next one.
/// Measured on the benchmark forests of 5% to 30% cover.
const BOUND_SLACKS: [f64; 4] = [0.01, 0.05, 0.25, 1.25];

/// One path query for [`CircleContext::find_path`]: where from, where to, the agent's radius
/// (0 by default: a point agent) and the [`Limits`] (unbounded by default).
///
/// ```
/// use nav_geom::Vec2;
/// use nav_search::Limits;
/// use nav_tangent::CircleQuery;
///
/// let query = CircleQuery::new(Vec2::ZERO, Vec2::new(10.0, 0.0))
///     .with_radius(0.5)
///     .with_limits(Limits::default().with_max_expanded(1000));
/// assert_eq!(query.radius(), 0.5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CircleQuery {
    start: Vec2,
    goal: Vec2,
    radius: f32,
    limits: Limits,
}

impl CircleQuery {
    /// A query from `start` to `goal` for a point agent, without limits.
    pub fn new(start: Vec2, goal: Vec2) -> Self {
        Self {
            start,
            goal,
            radius: 0.0,
            limits: Limits::default(),
        }
    }

    /// Sets the agent's radius (0 is a point agent).
    pub fn with_radius(mut self, radius: f32) -> Self {
        self.radius = radius;
        self
    }

    /// Sets the limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The start point.
    pub fn start(&self) -> Vec2 {
        self.start
    }

    /// The goal point.
    pub fn goal(&self) -> Vec2 {
        self.goal
    }

    /// The agent's radius.
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

/// Reusable memory for path queries: the search arena, the parts of the tangent graph a query
/// builds, scratch buffers, and the latest path, which [`find_path`](CircleContext::find_path)
/// lends out.
///
/// Keep one per thread and pass it to every query: once it has grown to the size of the
/// largest query it served, a query allocates (almost) nothing. A context holds no data of the
/// world between queries, so it may serve different worlds; the world may change between
/// queries (never during one: the query borrows it).
///
/// ```
/// use nav_geom::{Aabb, Circle, PathPiece, Vec2};
/// use nav_search::PathStatus;
/// use nav_tangent::{CircleContext, CircleQuery, CircleWorld};
///
/// let mut world = CircleWorld::new(Aabb::new(Vec2::splat(-50.0), Vec2::splat(50.0)))?;
/// world.insert(Circle::new(Vec2::new(0.0, 0.0), 3.0))?;
/// world.insert(Circle::new(Vec2::new(8.0, 1.0), 2.0))?;
///
/// let mut ctx = CircleContext::new();
/// for agent_radius in [0.0, 0.5, 1.0] {
///     let query = CircleQuery::new(Vec2::new(-10.0, 0.0), Vec2::new(15.0, 0.5)).with_radius(agent_radius);
///     let path = ctx.find_path(&world, &query)?;
///     assert_eq!(path.status(), PathStatus::Found);
///     // Surfing segments and hugging arcs, joined end to end.
///     assert!(matches!(path.path()[0], PathPiece::Line(_)));
///     assert!(path.path().iter().any(|p| matches!(p, PathPiece::Arc(_))));
/// }
/// // The latest path as a polyline, in the context's memory.
/// let points = ctx.polyline(0.01)?;
/// assert_eq!(points[0], Vec2::new(-10.0, 0.0));
/// # Ok::<(), nav_tangent::TangentError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct CircleContext {
    search: SearchContext,
    nodes: Vec<NodeId>,
    state: State,
    path: TangentPath,
    polyline: Vec<Vec2>,
    /// The time-sliced query, if one was begun (see `sliced.rs`).
    slice: Option<sliced::Slice>,
    /// A nearest-goal query's usable goals: their indexes in the caller's goals.
    nearest_index: Vec<usize>,
}

impl CircleContext {
    /// An empty context; it grows as queries need.
    pub fn new() -> Self {
        Self::default()
    }

    /// Finds the shortest path for a disc agent of `query.radius()` from its start to its goal
    /// among the circles of `world`, and lends it out as pieces (segments and arcs) with its
    /// [`PathOutcome`](nav_search::PathOutcome); the cost is the exact length in f64.
    ///
    /// The path is exact (Red Blob Games' circular obstacle pathfinding, a tangent visibility
    /// graph): the shortest curve that keeps the agent's centre out of every circle inflated by
    /// the radius, made of tangent segments and arcs of the inflated circles. Touching follows
    /// nav-geom's [touching rule](nav_geom#the-touching-rule): it is allowed (a start or goal
    /// on an inflated circle is not blocked, and a path may run along a circle), but a gap of
    /// zero width is closed: no path passes through the single point where two inflated circles
    /// touch, so a ring of touching circles is a wall. In a world made with bounds
    /// ([`CircleWorld::new`]) the agent's whole disc stays inside them.
    ///
    /// Decisions are taken with a tolerance of about 5e-7 of the magnitude of the coordinates
    /// involved (a few f32 ulps): a start or goal that close to an inflated circle counts as on
    /// it, and a path may graze a circle by that much.
    ///
    /// The limits bound the nodes expanded and the path length
    /// ([`Limits::max_cost`](nav_search::Limits::max_cost)); with
    /// [`Limits::partial_path`](nav_search::Limits::partial_path) a search that does not reach
    /// the goal writes the path to the point explored closest to it.
    ///
    /// Statuses: [`OutOfBounds`](nav_search::PathStatus::OutOfBounds) when the disc at the
    /// start or goal leaves the world bounds, [`StartBlocked`](nav_search::PathStatus::StartBlocked)
    /// / [`GoalBlocked`](nav_search::PathStatus::GoalBlocked) when it lies inside an inflated
    /// circle ([`blocking_circle`](CircleContext::blocking_circle) names it), else the search's
    /// found, no path or limit reached.
    ///
    /// # Errors
    /// [`TangentError::NonFinitePoint`] for a NaN or infinite coordinate,
    /// [`TangentError::InvalidAgentRadius`] for a negative, NaN or infinite radius,
    /// [`TangentError::InvalidLimits`] for limits refused by
    /// [`Limits::check`](nav_search::Limits::check) (a NaN or negative length bound). The
    /// latest path is empty then.
    pub fn find_path<I: SpatialIndex<u32>>(
        &mut self,
        world: &CircleWorld<I>,
        query: &CircleQuery,
    ) -> Result<PathRef<'_, [PathPiece]>, TangentError> {
        let mut path = std::mem::take(&mut self.path);
        let result = self.run(
            world,
            query.start(),
            query.goal(),
            query.radius(),
            query.limits(),
            &mut path,
            Mode::BoundedAStar,
        );
        if result.is_err() {
            path.begin(Vec2::ZERO, Vec2::ZERO);
        }
        self.path = path;
        result?;
        Ok(PathRef::new(self.path.outcome(), self.path.pieces()))
    }

    /// The latest query's path in full (pieces, length, start and goal, polylines); empty after
    /// a refused query.
    pub fn last_path(&self) -> &TangentPath {
        &self.path
    }

    /// With a start or goal blocked, the circle that blocks it (see
    /// [`TangentPath::blocking_circle`]).
    pub fn blocking_circle(&self) -> Option<CircleKey> {
        self.path.blocking_circle()
    }

    /// The latest path as a polyline within `max_deviation` of its arcs (see
    /// [`TangentPath::polyline`]), written into the context's memory: a game converting a path
    /// every frame allocates nothing once the buffer has grown.
    ///
    /// # Errors
    /// [`TangentError::InvalidMaxDeviation`] unless `max_deviation` is finite and positive.
    pub fn polyline(&mut self, max_deviation: f32) -> Result<&[Vec2], TangentError> {
        self.path
            .write_polyline(max_deviation, &mut self.polyline)?;
        Ok(&self.polyline)
    }

    /// [`find_path`](CircleContext::find_path) in one of the search modes (tests compare them).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run<I: SpatialIndex<u32>>(
        &mut self,
        world: &CircleWorld<I>,
        start: Vec2,
        goal: Vec2,
        agent_radius: f32,
        limits: &Limits,
        path: &mut TangentPath,
        mode: Mode,
    ) -> Result<PathStatus, TangentError> {
        let Some(mut plan) = self.prepare(world, start, goal, agent_radius, limits, path, mode)?
        else {
            return Ok(path.status());
        };
        loop {
            if let Some(status) = self.step_plan(world, &mut plan, usize::MAX, path) {
                return Ok(status);
            }
        }
    }

    /// Checks a query, answers it in `path` when it needs no search (`None`), and otherwise
    /// begins its search.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prepare<I: SpatialIndex<u32>>(
        &mut self,
        world: &CircleWorld<I>,
        start: Vec2,
        goal: Vec2,
        agent_radius: f32,
        limits: &Limits,
        path: &mut TangentPath,
        mode: Mode,
    ) -> Result<Option<Plan>, TangentError> {
        self.slice = None;
        if !start.is_finite() {
            return Err(TangentError::NonFinitePoint {
                which: Endpoint::Start,
                point: start,
            });
        }
        if !goal.is_finite() {
            return Err(TangentError::NonFinitePoint {
                which: Endpoint::Goal,
                point: goal,
            });
        }
        if !(agent_radius.is_finite() && agent_radius >= 0.0) {
            return Err(TangentError::InvalidAgentRadius {
                radius: agent_radius,
            });
        }
        limits.check()?;
        path.begin(start, goal);
        let mut params = Params::new(
            start.as_dvec2(),
            goal.as_dvec2(),
            agent_radius as f64,
            world.extent(),
            world.mean_radius(),
        );
        if let Some(bounds) = world.bounds() {
            let agent = agent_radius as f64;
            let (lo, hi) = (bounds.min.as_dvec2() + agent, bounds.max.as_dvec2() - agent);
            params.bounds = Some((lo, hi));
            // The ends are tested exactly: touching the border is inside.
            if !(params.inside(params.start, 0.0) && params.inside(params.goal, 0.0)) {
                path.finish(PathStatus::OutOfBounds, 0.0, 0, false);
                return Ok(None);
            }
        }
        let state = &mut self.state;
        state.begin(world.len());

        state.start_on.clear();
        let start_place = place_point(world, &params, params.start, &mut state.start_on);
        if let PointPlace::Inside(slot) = start_place {
            path.blocked(PathStatus::StartBlocked, world.key_of(slot));
            return Ok(None);
        }
        let mut goal_on = std::mem::take(&mut self.nodes);
        let goal_place = place_point(world, &params, params.goal, &mut goal_on);
        goal_on.clear();
        self.nodes = goal_on;
        if let PointPlace::Inside(slot) = goal_place {
            path.blocked(PathStatus::GoalBlocked, world.key_of(slot));
            return Ok(None);
        }
        if start == goal {
            path.finish(PathStatus::Found, 0.0, 0, false);
            return Ok(None);
        }

        // Search for paths at most a little longer than the straight line first: the neighbour
        // scans then drop every edge such a path cannot use, which in a forest is most of them.
        // Any path within the bound survives the pruning, so the first bound under which a
        // path is found gives the shortest path. Each failure widens the bound, the last
        // attempt has only the caller's bound.
        let straight = params.start.distance(params.goal);
        let final_bound = limits.max_cost;
        let mut bounds = [f64::INFINITY; BOUND_SLACKS.len() + 1];
        let mut attempts = 0;
        if mode == Mode::BoundedAStar {
            for slack in BOUND_SLACKS {
                let bound = straight * (1.0 + slack);
                if bound < final_bound {
                    bounds[attempts] = bound;
                    attempts += 1;
                }
            }
        }
        bounds[attempts] = final_bound;
        attempts += 1;

        let mut plan = Plan {
            params,
            limits: *limits,
            mode,
            bounds,
            attempts,
            attempt: 0,
            expanded: 0,
        };
        self.begin_attempt(world, &mut plan);
        Ok(Some(plan))
    }

    /// Begins the search of `plan.attempt` (under its bound).
    fn begin_attempt<I: SpatialIndex<u32>>(&mut self, world: &CircleWorld<I>, plan: &mut Plan) {
        let attempt_limits = plan.attempt_limits();
        let state = &mut self.state;
        let params = &mut plan.params;
        // A nearest-goal query prunes nothing (its length bound is the search's limit).
        params.bound = if state.goals.is_empty() {
            plan.bounds[plan.attempt]
        } else {
            f64::INFINITY
        };
        if plan.attempt > 0 {
            // (A nearest-goal query makes one attempt: its goals stay.)
            state.begin(world.len());
        }
        // The edges leaving the start: tangents to the circles around, the straight line
        // to the goal, and zero-length edges onto the circles the start lies on.
        let source = Source {
            center: params.start,
            radius: 0.0,
            turn: nav_geom::Turn::Ccw,
            slot: None,
        };
        let (first, _, _) = scan_neighbours(world, params, state, &source);
        for i in 0..state.start_on.len() {
            let slot = state.start_on[i];
            let center = world.slots()[slot as usize].center;
            for turn in nav_geom::Turn::BOTH {
                state.entries.push(Entry {
                    target: slot,
                    turn,
                    depart_angle: 0.0,
                    arrive_normal: params.start - center,
                    depart: params.start,
                    arrive: params.start,
                    length: 0.0,
                });
            }
        }
        state.start_list = (first, state.entries.len() as u32);

        let mut graph = TangentGraph {
            world,
            params,
            state,
        };
        if plan.mode != Mode::Dijkstra {
            self.search.begin(&mut graph, START, &attempt_limits);
        } else {
            self.search
                .begin(&mut ZeroHeuristic(&mut graph), START, &attempt_limits);
        }
    }

    /// Advances the search of `plan` by at most `max_expansions` expansions, through as many
    /// bounds as it takes; the status once the query has ended (its path written in `path`).
    fn step_plan<I: SpatialIndex<u32>>(
        &mut self,
        world: &CircleWorld<I>,
        plan: &mut Plan,
        max_expansions: usize,
        path: &mut TangentPath,
    ) -> Option<PathStatus> {
        let mut spent = 0usize;
        loop {
            let budget = max_expansions - spent;
            // Expansions of this attempt in earlier calls (they are not this call's).
            let before = match self.search.progress() {
                SearchProgress::Running { expanded } => expanded,
                _ => 0,
            };
            let attempt_limits = plan.attempt_limits();
            let mut graph = TangentGraph {
                world,
                params: &plan.params,
                state: &mut self.state,
            };
            let progress = if plan.mode != Mode::Dijkstra {
                self.search.step(&mut graph, budget, &mut self.nodes)
            } else {
                self.search
                    .step(&mut ZeroHeuristic(&mut graph), budget, &mut self.nodes)
            };
            let outcome = match progress {
                SearchProgress::Done(outcome) => outcome,
                _ => return None, // this call's budget is spent
            };
            spent += outcome.expanded - before;
            plan.expanded += outcome.expanded;
            let out_of_nodes = outcome.expanded >= attempt_limits.max_expanded;
            let last = plan.attempt + 1 == plan.attempts;
            let status = match outcome.status {
                SearchStatus::Found => PathStatus::Found,
                // Nothing was left out: there is no path at all.
                SearchStatus::NoPath if !graph.state.pruned => PathStatus::NoPath,
                _ if out_of_nodes || last => PathStatus::LimitReached,
                // The bound left something out: widen it.
                _ => {
                    plan.attempt += 1;
                    self.begin_attempt(world, plan);
                    continue;
                }
            };
            if outcome.end.is_some() {
                write_pieces(&mut graph, &self.nodes, path);
            }
            path.finish(status, outcome.cost, plan.expanded, outcome.partial);
            return Some(status);
        }
    }
}

/// A query that searches, between the steps of its search: its numbers, the bounds it tries
/// one after the other, and the expansions of the attempts that ended.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Plan {
    params: Params,
    limits: Limits,
    mode: Mode,
    bounds: [f64; BOUND_SLACKS.len() + 1],
    attempts: usize,
    /// The attempt running.
    attempt: usize,
    /// Expansions of the attempts that ended.
    expanded: usize,
}

impl Plan {
    /// The limits of the attempt running: what the earlier attempts left of the expansions,
    /// and its bound.
    fn attempt_limits(&self) -> Limits {
        Limits {
            max_expanded: self.limits.max_expanded.saturating_sub(self.expanded),
            max_cost: self.bounds[self.attempt],
            partial_path: self.limits.partial_path,
        }
    }

    /// Expansions so far, the running attempt's included.
    pub(crate) fn expanded(&self, search: &SearchContext) -> usize {
        match search.progress() {
            SearchProgress::Running { expanded } => self.expanded + expanded,
            _ => self.expanded,
        }
    }
}

/// Turns the node path into segments and arcs.
fn write_pieces<I: SpatialIndex<u32>>(
    graph: &mut TangentGraph<'_, I>,
    nodes: &[NodeId],
    path: &mut TangentPath,
) {
    let p = graph.params;
    // The arrival the path is hugging, if any.
    let mut hugging: Option<Entry> = None;
    for &node in nodes.iter().skip(1) {
        let leave = if node == GOAL {
            match hugging {
                None => {
                    path.push_line(p.start, p.goal);
                    return;
                }
                Some(arrival) => {
                    let range = graph.list(arrival.target, arrival.turn);
                    graph.state.entries[range.goal as usize]
                }
            }
        } else {
            graph.state.entries[(node - FIRST_ENTRY) as usize]
        };
        if let Some(arrival) = hugging {
            let circle = &graph.world.slots()[arrival.target as usize];
            let arrive_angle = angle_of(arrival.arrive_normal);
            let sweep = arc_sweep(arrival.turn, arrive_angle, leave.depart_angle);
            path.push_arc(
                circle.center,
                p.inflate(circle.radius),
                arrive_angle,
                sweep,
                arrival.turn,
            );
        }
        let to = if node == GOAL { p.goal } else { leave.arrive };
        path.push_line(leave.depart, to);
        hugging = Some(leave);
    }
}
