//! Many goals in one search: the cheapest reachable goal of several, and its path.

use glam::DVec2;
use nav_geom::{Segment, Vec2};
use nav_search::{Endpoint, Graph, NodeId, PathRef, PathStatus, SearchOutcome, Successors};
use nav_spatial::SpatialIndex;

use crate::collision::disc_inside;
use crate::find_path::AgentPlan;
use crate::lattice::LatticePoint;
use crate::lattice_graph::{LatticeGraph, NodeKey, START, TIE_BREAK, find_targets};
use crate::string_pulling::string_pull;
use crate::{AgentContext, AgentQuery, Obstacle, QueryError, World};

/// The most goals [`AgentContext::find_nearest`] accepts (one limit for every navigator): each
/// brings up to 16 lattice targets, and the heuristic looks at every target once per expanded
/// node.
pub use nav_search::MAX_NEAREST_GOALS;

/// The answer of [`AgentContext::find_nearest`]: which goal the path reaches, and the path.
#[derive(Debug, Clone, Copy)]
pub struct NearestGoal<'a> {
    /// The index in the goals given of the goal reached, when one was found.
    pub goal: Option<usize>,
    /// The smoothed path, borrowed from the context, and its outcome (as
    /// [`find_path`](AgentContext::find_path)'s: the cost is the smoothed length).
    pub answer: PathRef<'a, [Vec2]>,
}

/// A goal where the agent stands.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GoalEnd {
    at: Vec2,
    /// The radius of the segments reaching it (the exact one when it touches).
    radius: f32,
    /// Index in the caller's goals.
    index: usize,
    /// Whether the start sees it.
    direct: bool,
}

/// A lattice node that ends the search: near goal `goal` (index in the usable goals), in its
/// sight.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NearTarget {
    node: LatticePoint,
    at: DVec2,
    last_edge: f64,
    goal: u32,
}

/// The memory of nearest-goal queries inside an [`AgentContext`].
#[derive(Debug, Clone, Default)]
pub(crate) struct Scratch {
    goals: Vec<GoalEnd>,
    /// Sorted by node, then last edge, then goal.
    targets: Vec<NearTarget>,
}

impl AgentContext {
    /// Finds the cheapest path from `query`'s start to any of `goals`, in one search, and which
    /// goal it reaches. The query gives everything but the goal (its goal is not used): start,
    /// radius, step, heuristic, own obstacle and [`Limits`](nav_search::Limits).
    ///
    /// The search is [`find_path`](AgentContext::find_path)'s A* on the same lattice, with
    /// every goal's lattice targets (the nodes within one lattice diagonal that see it) as
    /// targets, the start joined straight to every goal it sees, and as heuristic the smallest
    /// estimate through any goal's targets; the first target (or goal) expanded ends it, and
    /// the path is pulled taut towards that goal. What it minimises is therefore what
    /// `find_path` minimises, the raw lattice length: the goal chosen is the one whose
    /// `find_path` raw length is the smallest (up to the heuristic's tie-break of a millionth,
    /// see the tests), and its smoothed path is a `find_path` path to that goal. Smoothing can
    /// make another goal's smoothed path a little shorter than the chosen one's: the choice is
    /// by the lattice length.
    ///
    /// Goals outside the bounds or blocked (for the agent's disc) are ignored, as are repeated
    /// goals (the first index counts). Ties are resolved deterministically: the same query on
    /// the same world always picks the same goal; at a lattice node near several goals, the
    /// nearest of them wins, then the lowest index. The heuristic costs one estimate per target
    /// (up to 16 per goal) per expanded node: use it for a handful of goals, a flow field for
    /// hundreds.
    ///
    /// Statuses: [`OutOfBounds`](PathStatus::OutOfBounds) when the start is outside the bounds
    /// or every goal is; [`StartBlocked`](PathStatus::StartBlocked);
    /// [`GoalBlocked`](PathStatus::GoalBlocked) when no goal is usable (or there are none);
    /// else the search's found, no path or limit reached, with a partial path if the limits ask
    /// for one. Warm queries allocate nothing.
    ///
    /// # Errors
    /// Those of `find_path`, [`QueryError::NonFinitePoint`] naming the goal for a NaN or
    /// infinite goal, and [`QueryError::TooManyGoals`] beyond [`MAX_NEAREST_GOALS`].
    ///
    /// ```
    /// use nav_agent::{Aabb, AgentContext, AgentQuery, Vec2, World};
    /// use nav_search::PathStatus;
    ///
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::new(30.0, 10.0)))?;
    /// world.insert_static(Aabb::new(Vec2::new(14.0, 0.0), Vec2::new(16.0, 9.0)))?;
    /// let depots = [Vec2::new(28.0, 2.0), Vec2::new(2.0, 8.0), Vec2::new(-5.0, 0.0)];
    /// let query = AgentQuery::new(Vec2::new(10.0, 2.0), Vec2::ZERO).with_radius(0.5);
    /// let mut ctx = AgentContext::new();
    /// let nearest = ctx.find_nearest(&world, &query, &depots)?;
    /// assert_eq!(nearest.answer.status(), PathStatus::Found);
    /// assert_eq!(nearest.goal, Some(1)); // the depot behind the wall is further
    /// assert_eq!(nearest.answer.path().last(), Some(&depots[1]));
    /// # Ok(())
    /// # }
    /// ```
    pub fn find_nearest<I: SpatialIndex<Obstacle>>(
        &mut self,
        world: &World<I>,
        query: &AgentQuery,
        goals: &[Vec2],
    ) -> Result<NearestGoal<'_>, QueryError> {
        let goal = world.search_nearest(self, query, goals)?;
        Ok(NearestGoal {
            goal,
            answer: PathRef::new(self.path.outcome(), self.path.points()),
        })
    }
}

impl<I: SpatialIndex<Obstacle>> World<I> {
    /// The query behind [`AgentContext::find_nearest`], writing into `ctx.path`; the index of
    /// the goal reached.
    fn search_nearest(
        &self,
        ctx: &mut AgentContext,
        query: &AgentQuery,
        goals: &[Vec2],
    ) -> Result<Option<usize>, QueryError> {
        if goals.len() > MAX_NEAREST_GOALS {
            ctx.slice = None;
            ctx.path.reset(PathStatus::NoPath);
            return Err(QueryError::TooManyGoals {
                count: goals.len(),
                max: MAX_NEAREST_GOALS,
            });
        }
        if let Some(&point) = goals.iter().find(|g| !g.is_finite()) {
            // The start's errors come first, as in `find_path`.
            if query.start().is_finite() {
                return Err(QueryError::NonFinitePoint {
                    which: Endpoint::Goal,
                    point,
                });
            }
        }
        let Some((mut plan, exact)) = self.prepare_ends(ctx, query, None)? else {
            return Ok(None);
        };
        let mut scratch = std::mem::take(&mut ctx.nearest);
        let partial = query.limits().partial_path;
        let found = self.collect_goals(ctx, &plan, exact, goals, partial, &mut scratch);
        let result = match found {
            Some(status) => {
                ctx.path.status = status;
                None
            }
            None => {
                self.ready(ctx, &mut plan, exact, query.step());
                self.run_nearest(ctx, &plan, query, &scratch)
            }
        };
        ctx.nearest = scratch;
        Ok(result)
    }

    /// Fills `scratch` with the usable goals and their targets; the status when the query
    /// needs no search.
    fn collect_goals(
        &self,
        ctx: &mut AgentContext,
        plan: &AgentPlan,
        exact: f32,
        goals: &[Vec2],
        partial: bool,
        scratch: &mut Scratch,
    ) -> Option<PathStatus> {
        scratch.goals.clear();
        scratch.targets.clear();
        let ignore = plan.own.map(|(key, _)| key);
        let stands = |p: Vec2, r: f32| self.segment_clear_padded(&Segment::new(p, p), r, ignore);
        let bounds = self.bounds();
        let mut inside = 0;
        for (index, &at) in goals.iter().enumerate() {
            if !disc_inside(&bounds, at, exact) {
                continue;
            }
            inside += 1;
            if !stands(at, exact) || scratch.goals.iter().any(|g| g.at == at) {
                continue;
            }
            let radius = if stands(at, plan.radius) {
                plan.radius
            } else {
                exact
            };
            let to = AgentPlan {
                goal: at,
                goal_radius: radius,
                ..*plan
            };
            let k = scratch.goals.len() as u32;
            find_targets(&plan.lattice, at, self.sight(&to), &mut ctx.targets);
            scratch
                .targets
                .extend(ctx.targets.iter().map(|t| NearTarget {
                    node: t.node,
                    at: t.at,
                    last_edge: t.last_edge,
                    goal: k,
                }));
            scratch.goals.push(GoalEnd {
                at,
                radius,
                index,
                direct: self.sight(&to)(plan.start, at),
            });
        }
        ctx.targets.clear();
        if scratch.goals.is_empty() {
            return Some(PathStatus::no_usable_goal(goals.len(), inside));
        }
        let reachable = !scratch.targets.is_empty() || scratch.goals.iter().any(|g| g.direct);
        if !reachable && !partial {
            // Nothing can reach a goal: each is boxed in tighter than the lattice resolves.
            return Some(PathStatus::NoPath);
        }
        scratch.targets.sort_by(|a, b| {
            a.node
                .cmp(&b.node)
                .then(a.last_edge.total_cmp(&b.last_edge))
                .then(a.goal.cmp(&b.goal))
        });
        None
    }

    /// The search of a nearest-goal query and its path; the index of the goal reached.
    fn run_nearest(
        &self,
        ctx: &mut AgentContext,
        plan: &AgentPlan,
        query: &AgentQuery,
        scratch: &Scratch,
    ) -> Option<usize> {
        let base = ctx.keys.len() as NodeId;
        for k in 0..scratch.goals.len() {
            ctx.keys.id(NodeKey::Nearest(k as u32));
        }
        let (search, node_path, _, inner) = self.split(ctx, plan);
        let mut graph = NearestGraph {
            inner,
            goals: &scratch.goals,
            targets: &scratch.targets,
            base,
        };
        let outcome = search.astar(&mut graph, START, query.limits(), node_path);
        let reached = graph.reached(&outcome);
        self.write_nearest(ctx, plan, &outcome, scratch, reached);
        reached.map(|k| scratch.goals[k].index)
    }

    /// Writes the path of a nearest-goal search into `ctx.path`: raw, then pulled taut
    /// towards the goal reached (index in the usable goals).
    fn write_nearest(
        &self,
        ctx: &mut AgentContext,
        plan: &AgentPlan,
        outcome: &SearchOutcome,
        scratch: &Scratch,
        reached: Option<usize>,
    ) {
        let goal = reached.map(|k| scratch.goals[k]);
        let to = match goal {
            Some(g) => AgentPlan {
                goal: g.at,
                goal_radius: g.radius,
                ..*plan
            },
            None => *plan,
        };
        let (_, node_path, path, graph) = self.split(ctx, &to);
        path.status = outcome.status.into();
        path.expanded = outcome.expanded;
        path.partial = outcome.partial;
        let mut ended_on_goal = false;
        for &id in node_path.iter() {
            match graph.keys.key(id) {
                Some(&NodeKey::Nearest(k)) => {
                    path.raw_points.push(scratch.goals[k as usize].at);
                    ended_on_goal = true;
                }
                Some(&key) => path.raw_points.push(graph.position(key)),
                None => {}
            }
        }
        if let Some(g) = goal {
            if outcome.is_found() && !ended_on_goal {
                path.raw_points.push(g.at);
            }
        }
        string_pull(&path.raw_points, &mut path.points, self.sight(&to));
    }
}

/// The lattice graph of a nearest-goal query: the start is joined straight to the goals it
/// sees, every goal's targets end the search, and the heuristic is the smallest estimate
/// through any of them.
struct NearestGraph<'a, I> {
    /// The lattice graph, without a direct edge (its `direct` is false) and without targets
    /// of its own.
    inner: LatticeGraph<'a, I>,
    goals: &'a [GoalEnd],
    targets: &'a [NearTarget],
    /// Node id of goal 0 (goal `k` is `base + k`).
    base: NodeId,
}

impl<I: SpatialIndex<Obstacle>> NearestGraph<'_, I> {
    /// The targets at lattice node `p`, the nearest first.
    fn targets_at(&self, p: LatticePoint) -> &[NearTarget] {
        let from = self.targets.partition_point(|t| t.node < p);
        let to = self.targets.partition_point(|t| t.node <= p);
        &self.targets[from..to]
    }

    /// The usable goal the search ended on, when it found a path.
    fn reached(&self, outcome: &SearchOutcome) -> Option<usize> {
        if !outcome.is_found() {
            return None;
        }
        match self.inner.keys.key(outcome.end?) {
            Some(&NodeKey::Nearest(k)) => Some(k as usize),
            Some(&NodeKey::Lattice(p)) => self.targets_at(p).first().map(|t| t.goal as usize),
            _ => None,
        }
    }
}

impl<I: SpatialIndex<Obstacle>> Graph for NearestGraph<'_, I> {
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        if node == START {
            let start = self.inner.start.as_dvec2();
            for (k, g) in self.goals.iter().enumerate() {
                if g.direct {
                    out.push(self.base + k as NodeId, start.distance(g.at.as_dvec2()));
                }
            }
        }
        self.inner.successors(node, out);
    }

    fn heuristic(&self, node: NodeId) -> f64 {
        let estimate = match self.inner.keys.key(node) {
            Some(&NodeKey::Lattice(p)) => {
                let at = self.inner.lattice.position_f64(p);
                if self.targets.is_empty() {
                    // No target: only a partial path is wanted.
                    self.goals
                        .iter()
                        .map(|g| self.inner.heuristic.estimate(at, g.at.as_dvec2()))
                        .fold(f64::INFINITY, f64::min)
                } else {
                    self.targets
                        .iter()
                        .map(|t| self.inner.heuristic.estimate(at, t.at) + t.last_edge)
                        .fold(f64::INFINITY, f64::min)
                }
            }
            Some(NodeKey::Start) => {
                let start = self.inner.start.as_dvec2();
                self.goals
                    .iter()
                    .map(|g| start.distance(g.at.as_dvec2()))
                    .fold(f64::INFINITY, f64::min)
            }
            _ => 0.0,
        };
        estimate * TIE_BREAK
    }

    fn is_goal(&self, node: NodeId) -> bool {
        match self.inner.keys.key(node) {
            Some(NodeKey::Nearest(_)) => true,
            Some(&NodeKey::Lattice(p)) => !self.targets_at(p).is_empty(),
            _ => false,
        }
    }
}
