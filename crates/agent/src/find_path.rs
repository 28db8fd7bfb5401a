//! The path query: validation, early outcomes, the lattice search, smoothing.

use std::f64::consts::SQRT_2;

use nav_geom::{Aabb, Segment, Vec2};
use nav_search::Endpoint;
use nav_search::{NodeId, PathRef, PathStatus, SearchContext, SearchOutcome};
use nav_spatial::{ObjectKey, SpatialIndex};

use crate::collision::{disc_inside, padded_radius};
use crate::lattice::Lattice;
use crate::lattice_graph::{GOAL, LatticeGraph, NodeKey, START, find_targets};
use crate::string_pulling::string_pull;
use crate::{AgentContext, AgentHeuristic, AgentPath, AgentQuery, Obstacle, QueryError, World};

impl AgentContext {
    /// Finds a path for the agent of `query` from its start to its goal in `world`, and lends
    /// it out: the smoothed points, start and goal included, with the
    /// [`PathOutcome`](nav_search::PathOutcome) (its cost is the smoothed length). The raw
    /// lattice path stays readable through [`raw_path`](AgentContext::raw_path) and
    /// [`last_path`](AgentContext::last_path) until the next query.
    ///
    /// Searches with A* (nav-search) on a lattice of spacing `query.step()` anchored at the
    /// world's min corner (the agent-radius lattice over a spatial hash of a Kotlin NavGrid
    /// article), whose nodes are created as the search reaches them and addressed by their
    /// lattice coordinates. A node is walkable when the agent's *disc* fits inside the bounds
    /// and overlaps no obstacle (the article tests the disc's bounding box, which refuses gaps a
    /// round agent fits through, diagonally past corners especially). Each node has eight
    /// neighbours; an edge exists only if the disc swept along it is clear, so thin obstacles
    /// cannot be stepped over. The exact start is joined to the goal when the straight line
    /// between them is clear (whatever the step), and to the lattice nodes within one lattice
    /// diagonal that it can reach in a straight line; lattice nodes within one lattice diagonal
    /// of the goal that see it are joined to the exact goal, which ends the path.
    ///
    /// The smoothed path is the raw lattice path pulled taut (string pulling with the same
    /// swept test): every segment of both is collision-free for the agent's disc.
    ///
    /// **Touching** follows nav-geom's [touching rule](nav_geom#the-touching-rule). The agent
    /// may touch obstacles and the bounds: a start or goal whose disc
    /// touches an obstacle or the border is neither blocked nor out of bounds. Elsewhere the
    /// search keeps a hair (about a millionth of the radius, plus a term for coordinates far
    /// from the origin) more than the radius from every obstacle, so that a caller's own
    /// rounding never sees a returned path come too close, and so that a gap of zero width
    /// (two obstacles touching) is closed even to a point agent.
    ///
    /// Outcomes: [`PathStatus::OutOfBounds`] if the disc at the start or goal does not fit in
    /// the bounds, then [`StartBlocked`](PathStatus::StartBlocked) /
    /// [`GoalBlocked`](PathStatus::GoalBlocked) if it overlaps an obstacle (the agent's own
    /// obstacle is ignored throughout), else the search's [`Found`](PathStatus::Found),
    /// [`NoPath`](PathStatus::NoPath) or [`LimitReached`](PathStatus::LimitReached), with a
    /// partial path if the limits ask for one.
    ///
    /// The context carries the search memory and the walkability cache for this world, radius
    /// and step; it catches up with the world's changes first.
    ///
    /// # Errors
    /// The "invalid input" outcome, as [`QueryError`]: NaN or infinite points, a negative or
    /// non-finite radius, a step that is not finite and > 0 or too small for the world (more
    /// than [`MAX_LATTICE_NODES`](crate::MAX_LATTICE_NODES) nodes, or below `f32` resolution),
    /// limits refused by [`Limits::check`](nav_search::Limits::check). The latest path is
    /// empty then.
    ///
    /// ```
    /// use nav_agent::{Aabb, AgentContext, AgentQuery, Vec2, World};
    /// use nav_search::PathStatus;
    ///
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::new(20.0, 10.0)))?;
    /// // A wall with a gap of 2 units between y = 4 and y = 6.
    /// world.insert_static(Aabb::new(Vec2::new(9.0, 0.0), Vec2::new(11.0, 4.0)))?;
    /// world.insert_static(Aabb::new(Vec2::new(9.0, 6.0), Vec2::new(11.0, 10.0)))?;
    ///
    /// let mut ctx = AgentContext::new();
    /// let (a, b) = (Vec2::new(2.0, 2.0), Vec2::new(18.0, 8.0));
    /// let small = AgentQuery::new(a, b).with_radius(0.8).with_step(0.25);
    /// let path = ctx.find_path(&world, &small)?;
    /// assert_eq!(path.status(), PathStatus::Found);
    /// assert_eq!((path.path()[0], *path.path().last().unwrap()), (a, b));
    /// let length = path.cost();
    /// assert!(length <= ctx.last_path().raw_length());
    ///
    /// let large = small.with_radius(1.2);
    /// assert_eq!(ctx.find_path(&world, &large)?.status(), PathStatus::NoPath);
    /// # Ok(())
    /// # }
    /// ```
    pub fn find_path<I: SpatialIndex<Obstacle>>(
        &mut self,
        world: &World<I>,
        query: &AgentQuery,
    ) -> Result<PathRef<'_, [Vec2]>, QueryError> {
        world.search(self, query)?;
        Ok(PathRef::new(self.path.outcome(), self.path.points()))
    }
}

/// A query that searches, as [`World::prepare`] readied it: everything the lattice graph
/// needs besides the context's memory, so that a sliced query can make the graph again at each
/// step.
#[derive(Debug, Clone, Copy)]
pub(crate) struct AgentPlan {
    pub(crate) lattice: Lattice,
    /// The index of the walkability cache in the context.
    pub(crate) cache: usize,
    /// The padded radius.
    pub(crate) radius: f32,
    pub(crate) start_radius: f32,
    pub(crate) goal_radius: f32,
    pub(crate) start: Vec2,
    pub(crate) goal: Vec2,
    pub(crate) direct: bool,
    pub(crate) heuristic: AgentHeuristic,
    pub(crate) own: Option<(ObjectKey, Aabb)>,
    pub(crate) reach: f64,
}

impl<I: SpatialIndex<Obstacle>> World<I> {
    /// The query behind [`AgentContext::find_path`], writing into `ctx.path`.
    fn search(&self, ctx: &mut AgentContext, query: &AgentQuery) -> Result<(), QueryError> {
        let Some(plan) = self.prepare(ctx, query)? else {
            return Ok(());
        };
        let (search, node_path, _, mut graph) = self.split(ctx, &plan);
        let outcome = search.astar(&mut graph, START, query.limits(), node_path);
        self.write_path(ctx, &plan, &outcome);
        Ok(())
    }

    /// Checks `query`, answers it in `ctx.path` when it needs no search (`None`), and
    /// otherwise readies the context for the search (its cache caught up with the world).
    pub(crate) fn prepare(
        &self,
        ctx: &mut AgentContext,
        query: &AgentQuery,
    ) -> Result<Option<AgentPlan>, QueryError> {
        let Some((mut plan, exact)) = self.prepare_ends(ctx, query, Some(query.goal()))? else {
            return Ok(None);
        };
        let (start, goal) = (plan.start, plan.goal);
        // The lattice nodes that end the search: within one lattice diagonal of the goal, in
        // its sight.
        find_targets(&plan.lattice, goal, self.sight(&plan), &mut ctx.targets);
        plan.direct = self.sight(&plan)(start, goal);
        if ctx.targets.is_empty() && !plan.direct && !query.limits().partial_path {
            // Nothing can reach the goal: it is boxed in tighter than the lattice resolves.
            ctx.path.status = PathStatus::NoPath;
            return Ok(None);
        }
        self.ready(ctx, &mut plan, exact, query.step());
        Ok(Some(plan))
    }

    /// The checks and early answers of [`prepare`](World::prepare) for the start and, when
    /// given, the goal (a nearest-goal query checks its goals itself): the plan (its goal is
    /// `goal`, or the start) and the exact radius, or `None` when answered in `ctx.path`.
    pub(crate) fn prepare_ends(
        &self,
        ctx: &mut AgentContext,
        query: &AgentQuery,
        goal: Option<Vec2>,
    ) -> Result<Option<(AgentPlan, f32)>, QueryError> {
        ctx.stats.queries += 1;
        ctx.slice = None;
        ctx.path.reset(PathStatus::NoPath);
        let start = query.start();
        if !start.is_finite() {
            return Err(QueryError::NonFinitePoint {
                which: Endpoint::Start,
                point: start,
            });
        }
        // Without a goal, the start stands in for it (its checks are the start's).
        let goal = goal.unwrap_or(start);
        if !goal.is_finite() {
            return Err(QueryError::NonFinitePoint {
                which: Endpoint::Goal,
                point: goal,
            });
        }
        let exact = query.radius();
        if !(exact.is_finite() && exact >= 0.0) {
            return Err(QueryError::InvalidRadius { radius: exact });
        }
        // -0.0 becomes 0.0, so that equal radii share a cache.
        let exact = exact + 0.0;
        let step = query.step();
        if !(step.is_finite() && step > 0.0) {
            return Err(QueryError::InvalidStep { step });
        }
        let limits = query.limits();
        limits.check()?;
        let lattice = Lattice::new(self.bounds(), step)?;
        let path = &mut ctx.path;

        let radius = padded_radius(exact, self.magnitude());
        let own = query
            .own_obstacle()
            .and_then(|h| self.index().get(h.0).map(|(aabb, _)| (h.0, *aabb)));
        let ignore = own.map(|(key, _)| key);
        let bounds = self.bounds();
        // Touching is allowed at the ends: they are tested with the exact radius.
        if !disc_inside(&bounds, start, exact) || !disc_inside(&bounds, goal, exact) {
            path.status = PathStatus::OutOfBounds;
            return Ok(None);
        }
        let stands = |p: Vec2, r: f32| self.segment_clear_padded(&Segment::new(p, p), r, ignore);
        if !stands(start, exact) {
            path.status = PathStatus::StartBlocked;
            return Ok(None);
        }
        if !stands(goal, exact) {
            path.status = PathStatus::GoalBlocked;
            return Ok(None);
        }
        // An end that touches (within the hair of padding) leaves, or is reached, with the
        // exact radius; every other segment keeps the padded one.
        let step64 = f64::from(step);
        let plan = AgentPlan {
            lattice,
            cache: 0,
            radius,
            start_radius: if stands(start, radius) { radius } else { exact },
            goal_radius: if stands(goal, radius) { radius } else { exact },
            start,
            goal,
            direct: false,
            heuristic: query.heuristic(),
            own,
            reach: step64 * 1.001
                + f64::from(radius) * 1.001
                + self.magnitude() * f64::powi(2.0, -30),
        };

        Ok(Some((plan, exact)))
    }

    /// Readies the context for the search of `plan`: its cache caught up with the world, the
    /// node keys of the start and the goal registered.
    pub(crate) fn ready(
        &self,
        ctx: &mut AgentContext,
        plan: &mut AgentPlan,
        exact: f32,
        step: f32,
    ) {
        plan.cache = ctx.sync_cache(self, exact, plan.radius, step, plan.lattice);
        ctx.keys.clear();
        let start_id = ctx.keys.id(NodeKey::Start);
        let goal_id = ctx.keys.id(NodeKey::Goal);
        debug_assert_eq!((start_id, goal_id), (START, GOAL));
    }

    /// Whether the agent of `plan` can go from `a` to `b` in a straight line.
    pub(crate) fn sight(&self, plan: &AgentPlan) -> impl Fn(Vec2, Vec2) -> bool + '_ {
        let plan = *plan;
        let ignore = plan.own.map(|(key, _)| key);
        move |a: Vec2, b: Vec2| {
            let mut r = plan.radius;
            if a == plan.start {
                r = r.min(plan.start_radius);
            }
            if b == plan.goal {
                r = r.min(plan.goal_radius);
            }
            self.segment_clear_padded(&Segment::new(a, b), r, ignore)
        }
    }

    /// The context split into the search arena, its path buffers and the lattice graph of
    /// `plan` (made anew for each step of a sliced query: it only borrows).
    #[allow(clippy::type_complexity)]
    pub(crate) fn split<'a>(
        &'a self,
        ctx: &'a mut AgentContext,
        plan: &AgentPlan,
    ) -> (
        &'a mut SearchContext,
        &'a mut Vec<NodeId>,
        &'a mut AgentPath,
        LatticeGraph<'a, I>,
    ) {
        let AgentContext {
            search,
            keys,
            node_path,
            candidates,
            targets,
            caches,
            stats,
            path,
            ..
        } = ctx;
        let graph = LatticeGraph {
            world: self,
            lattice: plan.lattice,
            cache: &mut caches[plan.cache],
            keys,
            candidates,
            stats,
            radius: plan.radius,
            start_radius: plan.start_radius,
            start: plan.start,
            goal: plan.goal,
            direct: plan.direct,
            heuristic: plan.heuristic,
            own: plan.own,
            reach: plan.reach,
            targets,
        };
        (search, node_path, path, graph)
    }

    /// Writes the path the search ended with into `ctx.path`: the raw lattice path, then the
    /// smoothed one.
    pub(crate) fn write_path(
        &self,
        ctx: &mut AgentContext,
        plan: &AgentPlan,
        outcome: &SearchOutcome,
    ) {
        let (_, node_path, path, graph) = self.split(ctx, plan);
        path.status = outcome.status.into();
        path.expanded = outcome.expanded;
        path.partial = outcome.partial;
        path.raw_points.extend(
            node_path
                .iter()
                .filter_map(|&id| graph.keys.key(id).map(|&key| graph.position(key))),
        );
        // A lattice node near the goal ended the search: append the goal.
        if outcome.is_found() && outcome.end != Some(GOAL) {
            path.raw_points.push(plan.goal);
        }
        string_pull(&path.raw_points, &mut path.points, self.sight(plan));
    }
}

/// How far from the start and the goal the lattice nodes joined to them may be: one lattice
/// diagonal, so that the four corners of the lattice cell holding a point always qualify.
pub(crate) fn endpoint_reach(step: f64) -> f64 {
    step * SQRT_2 * (1.0 + 1e-9)
}
