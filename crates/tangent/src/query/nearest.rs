//! Many goals in one search: the shortest path to the nearest of several goals.
//!
//! The tangent graph of a path query, with every goal a target of the neighbour scans (an
//! entry of target `MULTI_GOAL - k` reaches goal `k`; each is a node of its own) and the
//! straight-line distance to the nearest goal as heuristic (admissible and consistent: the
//! minimum of consistent estimates). One A* without the length bounds of `find_path`'s first
//! attempts (they prune by the distance to one goal).

use glam::DVec2;
use nav_geom::Vec2;
use nav_search::{Endpoint, NodeId, PathRef, PathStatus};
use nav_spatial::SpatialIndex;

use super::graph::TangentGraph;
use super::obstacles::{PointPlace, place_point};
use super::state::{FIRST_ENTRY, GOAL, GOAL_TARGET, MULTI_GOAL, Params, START};
use super::{BOUND_SLACKS, CircleContext, CircleQuery, Mode, Plan};
use crate::{CircleWorld, TangentError, TangentPath};

/// The most goals [`CircleContext::find_nearest`] accepts (one limit for every navigator):
/// every circle the search reaches gets a tangent to each goal, and the heuristic looks at
/// every goal once per node.
pub use nav_search::MAX_NEAREST_GOALS;

/// The answer of [`CircleContext::find_nearest`]: which goal the path reaches, and the path.
#[derive(Debug, Clone, Copy)]
pub struct NearestGoal<'a> {
    /// The index in the goals given of the goal reached, when one was found.
    pub goal: Option<usize>,
    /// The path (segments and arcs), borrowed from the context, and its outcome.
    pub answer: PathRef<'a, [nav_geom::PathPiece]>,
}

impl<I: SpatialIndex<u32>> TangentGraph<'_, I> {
    /// The goal an entry's target names, in a nearest-goal query.
    fn goal_of(&self, target: u32) -> Option<usize> {
        let k = MULTI_GOAL.wrapping_sub(target) as usize;
        (target != GOAL_TARGET && k < self.state.goals.len()).then_some(k)
    }

    /// The straight-line distance to the nearest goal.
    pub(crate) fn nearest_heuristic(&self, node: NodeId) -> f64 {
        let from = match node {
            START => self.params.start,
            GOAL => return 0.0,
            _ => {
                let entry = &self.state.entries[(node - FIRST_ENTRY) as usize];
                if self.goal_of(entry.target).is_some() {
                    return 0.0;
                }
                entry.arrive
            }
        };
        self.state
            .goals
            .iter()
            .map(|g| from.distance(*g))
            .fold(f64::INFINITY, f64::min)
    }

    /// Whether `node` reaches one of the goals.
    pub(crate) fn nearest_is_goal(&self, node: NodeId) -> bool {
        node >= FIRST_ENTRY
            && self
                .goal_of(self.state.entries[(node - FIRST_ENTRY) as usize].target)
                .is_some()
    }
}

impl CircleContext {
    /// Finds the shortest path from `query`'s start to the nearest of `goals` (the one with the
    /// shortest path, not the nearest in a straight line), in one search, and which goal it
    /// reaches. The query gives everything but the goal (its goal is not used): start, agent
    /// radius and [`Limits`](nav_search::Limits).
    ///
    /// The tangent graph of [`find_path`](CircleContext::find_path) with every goal a target
    /// of the neighbour scans, searched by one A* whose heuristic is the straight-line distance
    /// to the nearest goal (admissible and consistent), stopped at the first goal reached: the
    /// path and its length are exactly the shortest of the `find_path` answers to each goal.
    /// It does not use `find_path`'s first attempts under tight length bounds (they prune by
    /// the distance to one goal), so in a dense forest it may expand more nodes than one
    /// `find_path` does.
    ///
    /// Goals outside the bounds or inside an inflated circle are ignored, as are repeated
    /// goals (the first index counts). Of goals at exactly the same length, the one the search
    /// reaches first wins: deterministic (the same query on the same world gives the same
    /// goal), not necessarily the lowest index. A start on a goal gives that goal at length 0.
    ///
    /// Statuses: [`OutOfBounds`](PathStatus::OutOfBounds) when the start is outside the
    /// bounds, or every goal is; [`StartBlocked`](PathStatus::StartBlocked);
    /// [`GoalBlocked`](PathStatus::GoalBlocked) when no goal is usable (or there are none);
    /// else found, no path or limit reached (with a partial path towards the nearest goal if
    /// the limits ask). Warm queries allocate nothing.
    ///
    /// # Errors
    /// Those of `find_path`, [`TangentError::NonFinitePoint`] naming the goal for a NaN or
    /// infinite goal, and [`TangentError::TooManyGoals`] beyond [`MAX_NEAREST_GOALS`].
    ///
    /// ```
    /// use nav_geom::{Aabb, Circle, Vec2};
    /// use nav_search::PathStatus;
    /// use nav_tangent::{CircleContext, CircleQuery, CircleWorld};
    ///
    /// let mut world = CircleWorld::new(Aabb::new(Vec2::splat(-20.0), Vec2::splat(20.0)))?;
    /// world.insert(Circle::new(Vec2::new(4.0, 0.0), 3.0))?;
    /// // Straight behind the rock, or a little further but in the open.
    /// let wells = [Vec2::new(8.0, 0.0), Vec2::new(0.0, 8.5)];
    /// let query = CircleQuery::new(Vec2::ZERO, Vec2::ZERO).with_radius(0.5);
    /// let mut ctx = CircleContext::new();
    /// let nearest = ctx.find_nearest(&world, &query, &wells)?;
    /// assert_eq!(nearest.answer.status(), PathStatus::Found);
    /// assert_eq!(nearest.goal, Some(1));
    /// assert_eq!(nearest.answer.cost(), 8.5);
    /// # Ok::<(), nav_tangent::TangentError>(())
    /// ```
    pub fn find_nearest<I: SpatialIndex<u32>>(
        &mut self,
        world: &CircleWorld<I>,
        query: &CircleQuery,
        goals: &[Vec2],
    ) -> Result<NearestGoal<'_>, TangentError> {
        let mut path = std::mem::take(&mut self.path);
        let result = self.run_nearest(world, query, goals, &mut path);
        if result.is_err() {
            path.begin(Vec2::ZERO, Vec2::ZERO);
        }
        self.path = path;
        let goal = result?;
        Ok(NearestGoal {
            goal,
            answer: PathRef::new(self.path.outcome(), self.path.pieces()),
        })
    }

    fn run_nearest<I: SpatialIndex<u32>>(
        &mut self,
        world: &CircleWorld<I>,
        query: &CircleQuery,
        goals: &[Vec2],
        path: &mut TangentPath,
    ) -> Result<Option<usize>, TangentError> {
        let Some(mut plan) = self.prepare_nearest(world, query, goals, path)? else {
            // Answered without searching: a start on a goal is found at length 0.
            return Ok(if path.is_found() {
                self.nearest_index.first().copied()
            } else {
                None
            });
        };
        let status = loop {
            if let Some(status) = self.step_plan(world, &mut plan, usize::MAX, path) {
                break status;
            }
        };
        if status != PathStatus::Found {
            return Ok(None);
        }
        let end = *self.nodes.last().expect("a found path ends on a goal");
        let target = self.state.entries[(end - FIRST_ENTRY) as usize].target;
        let k = MULTI_GOAL.wrapping_sub(target) as usize;
        path.set_goal(self.state.goals[k].as_vec2());
        Ok(Some(self.nearest_index[k]))
    }

    /// Checks a nearest-goal query, answers it in `path` when it needs no search (`None`),
    /// and otherwise begins its search (the usable goals in `state.goals`, their indexes in
    /// `nearest_index`).
    fn prepare_nearest<I: SpatialIndex<u32>>(
        &mut self,
        world: &CircleWorld<I>,
        query: &CircleQuery,
        goals: &[Vec2],
        path: &mut TangentPath,
    ) -> Result<Option<Plan>, TangentError> {
        self.slice = None;
        self.nearest_index.clear();
        if goals.len() > MAX_NEAREST_GOALS {
            return Err(TangentError::TooManyGoals {
                count: goals.len(),
                max: MAX_NEAREST_GOALS,
            });
        }
        let (start, agent_radius, limits) = (query.start(), query.radius(), *query.limits());
        if !start.is_finite() {
            return Err(TangentError::NonFinitePoint {
                which: Endpoint::Start,
                point: start,
            });
        }
        if let Some(&point) = goals.iter().find(|g| !g.is_finite()) {
            return Err(TangentError::NonFinitePoint {
                which: Endpoint::Goal,
                point,
            });
        }
        if !(agent_radius.is_finite() && agent_radius >= 0.0) {
            return Err(TangentError::InvalidAgentRadius {
                radius: agent_radius,
            });
        }
        limits.check()?;
        path.begin(start, start);
        let agent = agent_radius as f64;
        let new_params = |goal: DVec2| {
            let mut params = Params::new(
                start.as_dvec2(),
                goal,
                agent,
                world.extent(),
                world.mean_radius(),
            );
            params.bounds = world
                .bounds()
                .map(|bounds| (bounds.min.as_dvec2() + agent, bounds.max.as_dvec2() - agent));
            params
        };
        let mut params = new_params(start.as_dvec2());
        if !params.inside(params.start, 0.0) {
            path.finish(PathStatus::OutOfBounds, 0.0, 0, false);
            return Ok(None);
        }
        let state = &mut self.state;
        state.begin(world.len());
        state.start_on.clear();
        if let PointPlace::Inside(slot) =
            place_point(world, &params, params.start, &mut state.start_on)
        {
            path.blocked(PathStatus::StartBlocked, world.key_of(slot));
            return Ok(None);
        }
        let mut on = std::mem::take(&mut self.nodes);
        let mut inside = 0;
        for (index, &goal) in goals.iter().enumerate() {
            let at = goal.as_dvec2();
            if !params.inside(at, 0.0) {
                continue;
            }
            inside += 1;
            on.clear();
            let free = matches!(place_point(world, &params, at, &mut on), PointPlace::Free);
            if free && !state.goals.contains(&at) {
                state.goals.push(at);
                self.nearest_index.push(index);
            }
        }
        on.clear();
        self.nodes = on;
        if state.goals.is_empty() {
            path.finish(
                PathStatus::no_usable_goal(goals.len(), inside),
                0.0,
                0,
                false,
            );
            return Ok(None);
        }
        if let Some(k) = state.goals.iter().position(|&g| g == params.start) {
            // Keep only that goal's index first for `run_nearest`.
            self.nearest_index.swap(0, k);
            path.set_goal(start);
            path.finish(PathStatus::Found, 0.0, 0, false);
            return Ok(None);
        }
        // The numbers of the query towards the goal nearest in a straight line (they only set
        // the scans' shell widths); its goals are all of them.
        let nearest = state
            .goals
            .iter()
            .copied()
            .min_by(|a, b| {
                a.distance(params.start)
                    .total_cmp(&b.distance(params.start))
            })
            .expect("a goal");
        params = new_params(nearest);
        let mut bounds = [f64::INFINITY; BOUND_SLACKS.len() + 1];
        bounds[0] = limits.max_cost;
        let mut plan = Plan {
            params,
            limits,
            mode: Mode::AStar,
            bounds,
            attempts: 1,
            attempt: 0,
            expanded: 0,
        };
        self.begin_attempt(world, &mut plan);
        Ok(Some(plan))
    }
}
