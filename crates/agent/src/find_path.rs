//! The path query: validation, early outcomes, the lattice search, smoothing.

use nav_geom::{Segment, Vec2};
use nav_search::SearchStatus;
use nav_spatial::SpatialIndex;

use crate::clearance::{disc_inside, padded_radius};
use crate::lattice::Lattice;
use crate::lattice_graph::{GOAL, LatticeGraph, NodeKey, START, find_targets};
use crate::string_pulling::string_pull;
use crate::{
    Agent, AgentPath, Endpoint, Obstacle, PathStatus, QueryContext, QueryError, QueryLimits, World,
};

impl<I: SpatialIndex<Obstacle>> World<I> {
    /// Finds a path for `agent` from `start` to `goal` (seed 000's `calculatePath`).
    ///
    /// Searches with A* (nav-search) on a lattice of spacing `agent.step()` anchored at the
    /// world's min corner, whose nodes are created as the search reaches them and addressed by
    /// their lattice coordinates. A node is walkable when the agent's *disc* fits inside the
    /// bounds and overlaps no obstacle (seed 000 tests the disc's bounding box, which refuses
    /// gaps a round agent fits through, diagonally past corners especially). Each node has eight
    /// neighbours; an edge exists only if the disc swept along it is clear, so thin obstacles
    /// cannot be stepped over. The exact start is joined to the lattice nodes within one step
    /// that it can reach in a straight line, and lattice nodes within one step of the goal that
    /// see it are joined to the exact goal, which ends the path.
    ///
    /// The returned [`AgentPath`] holds the raw lattice path and the same path pulled taut
    /// (string pulling with the same swept test): every segment of both is collision-free for
    /// the agent's disc, touching allowed.
    ///
    /// Outcomes: [`PathStatus::OutOfBounds`] if the disc at the start or goal does not fit in
    /// the bounds, then [`StartBlocked`](PathStatus::StartBlocked) /
    /// [`GoalBlocked`](PathStatus::GoalBlocked) if it overlaps an obstacle (the agent's own
    /// obstacle is ignored throughout), else the search's [`Found`](PathStatus::Found),
    /// [`NoPath`](PathStatus::NoPath) or [`LimitReached`](PathStatus::LimitReached), with a
    /// partial path if `limits` ask for one.
    ///
    /// `ctx` carries the search memory and the walkability cache for this world, radius and
    /// step; it catches up with the world's changes first.
    ///
    /// # Errors
    /// The "invalid input" outcome, as [`QueryError`]: NaN or infinite points, a step too small
    /// for the world (more than [`MAX_LATTICE_NODES`](crate::MAX_LATTICE_NODES) nodes, or
    /// below `f32` resolution), a NaN or negative `max_length`.
    ///
    /// ```
    /// use nav_agent::{Aabb, Agent, PathStatus, QueryContext, QueryLimits, Vec2, World};
    ///
    /// let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::new(20.0, 10.0)))?;
    /// // A wall with a gap of 2 units between y = 4 and y = 6.
    /// world.insert_static(Aabb::new(Vec2::new(9.0, 0.0), Vec2::new(11.0, 4.0)))?;
    /// world.insert_static(Aabb::new(Vec2::new(9.0, 6.0), Vec2::new(11.0, 10.0)))?;
    ///
    /// let mut ctx = QueryContext::new();
    /// let limits = QueryLimits::default();
    /// let (a, b) = (Vec2::new(2.0, 2.0), Vec2::new(18.0, 8.0));
    /// let small = Agent::new(0.8, 0.25)?;
    /// let path = world.find_path(&mut ctx, a, b, &small, &limits)?;
    /// assert_eq!(path.status(), PathStatus::Found);
    /// assert_eq!((path.points()[0], *path.points().last().unwrap()), (a, b));
    /// assert!(path.length() <= path.raw_length());
    ///
    /// let large = Agent::new(1.2, 0.25)?;
    /// assert_eq!(world.find_path(&mut ctx, a, b, &large, &limits)?.status(), PathStatus::NoPath);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_path(
        &self,
        ctx: &mut QueryContext,
        start: Vec2,
        goal: Vec2,
        agent: &Agent,
        limits: &QueryLimits,
    ) -> Result<AgentPath, QueryError> {
        let mut path = AgentPath::new();
        self.find_path_into(ctx, start, goal, agent, limits, &mut path)?;
        Ok(path)
    }

    /// [`find_path`](World::find_path) writing into a reused [`AgentPath`], so that a query
    /// allocates nothing once the buffers have grown. On error `path` is left empty with status
    /// [`PathStatus::NoPath`].
    pub fn find_path_into(
        &self,
        ctx: &mut QueryContext,
        start: Vec2,
        goal: Vec2,
        agent: &Agent,
        limits: &QueryLimits,
        path: &mut AgentPath,
    ) -> Result<(), QueryError> {
        ctx.stats.queries += 1;
        path.reset(PathStatus::NoPath);
        if !start.is_finite() {
            return Err(QueryError::NonFinitePoint {
                which: Endpoint::Start,
                point: start,
            });
        }
        if !goal.is_finite() {
            return Err(QueryError::NonFinitePoint {
                which: Endpoint::Goal,
                point: goal,
            });
        }
        if limits.max_length.is_nan() || limits.max_length < 0.0 {
            return Err(QueryError::InvalidMaxLength {
                max_length: limits.max_length,
            });
        }
        let lattice = Lattice::new(self.bounds(), agent.step())?;

        let radius = padded_radius(agent.radius(), self.magnitude());
        let own = agent
            .own_obstacle()
            .and_then(|h| self.index().get(h.0).map(|(aabb, _)| (h.0, *aabb)));
        let ignore = own.map(|(key, _)| key);
        let bounds = self.bounds();
        if !disc_inside(&bounds, start, radius) || !disc_inside(&bounds, goal, radius) {
            path.status = PathStatus::OutOfBounds;
            return Ok(());
        }
        if !self.segment_clear_padded(&Segment::new(start, start), radius, ignore) {
            path.status = PathStatus::StartBlocked;
            return Ok(());
        }
        if !self.segment_clear_padded(&Segment::new(goal, goal), radius, ignore) {
            path.status = PathStatus::GoalBlocked;
            return Ok(());
        }

        // The lattice nodes that end the search: within one step of the goal, in its sight.
        let sight =
            |a: Vec2, b: Vec2| self.segment_clear_padded(&Segment::new(a, b), radius, ignore);
        find_targets(&lattice, goal, sight, &mut ctx.targets);
        let step = f64::from(agent.step());
        let direct = start.as_dvec2().distance(goal.as_dvec2()) <= step && sight(start, goal);
        if ctx.targets.is_empty() && !direct && !limits.partial_path {
            // Nothing can reach the goal: it is boxed in tighter than the lattice resolves.
            path.status = PathStatus::NoPath;
            return Ok(());
        }

        let cache = ctx.sync_cache(self, agent.radius(), radius, agent.step(), lattice);
        let QueryContext {
            search,
            keys,
            node_path,
            candidates,
            targets,
            caches,
            stats,
            ..
        } = ctx;
        keys.clear();
        let start_id = keys.id(NodeKey::Start);
        let goal_id = keys.id(NodeKey::Goal);
        debug_assert_eq!((start_id, goal_id), (START, GOAL));

        let reach =
            step * 1.001 + f64::from(radius) * 1.001 + self.magnitude() * f64::powi(2.0, -30);
        let mut graph = LatticeGraph {
            world: self,
            lattice,
            cache: &mut caches[cache],
            keys,
            candidates,
            stats,
            radius,
            start,
            goal,
            heuristic: agent.heuristic(),
            own,
            reach,
            targets,
        };
        let outcome = search.astar(&mut graph, START, &limits.to_search_limits(), node_path);

        path.status = match outcome.status {
            SearchStatus::Found => PathStatus::Found,
            SearchStatus::NoPath => PathStatus::NoPath,
            SearchStatus::LimitReached => PathStatus::LimitReached,
        };
        path.expanded = outcome.expanded;
        path.partial = outcome.partial;
        path.raw_points.extend(
            node_path
                .iter()
                .filter_map(|&id| graph.keys.key(id).map(|&key| graph.position(key))),
        );
        // A lattice node within one step of the goal ended the search: append the goal.
        if outcome.is_found() && outcome.end != Some(GOAL) {
            path.raw_points.push(goal);
        }
        string_pull(&path.raw_points, &mut path.points, sight);
        Ok(())
    }
}
