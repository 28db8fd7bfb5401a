//! Many goals in one search: the shortest path to the nearest of several goals.
//!
//! The tangent graph of a path query, with every goal a target: each corner, circle or start
//! expanded gets a segment to every goal (a node of its own, target code `goal_code(k)`,
//! tested for sight like the goal's segment of `find_path`), and the straight-line distance to
//! the nearest goal is the heuristic (admissible and consistent: the minimum of consistent
//! estimates). One unbounded forward A* run: the length bounds and the two-way search of
//! `find_path` need a single goal.

use glam::DVec2;
use nav_geom::{PathPiece, Vec2};
use nav_search::{NodeId, PathOutcome, PathRef, PathStatus, Successors};

use super::{
    GOAL, GOAL_CODE, MeshContext, MeshGraph, MeshPlan, MeshQuery, Phase, START, check_radius,
    checked_point,
};
use crate::spatial::{Fit, fit_pinched};
use crate::{MeshError, MeshWorld};

/// The most goals [`MeshContext::find_nearest`] accepts (one limit for every navigator):
/// every corner the search expands gets a segment to each goal, and the heuristic looks at
/// every goal once per node.
pub use nav_search::MAX_NEAREST_GOALS;

/// The target code of the segment to goal `k` of a nearest-goal query (below the codes of
/// the start, the goal and the start's later successors; far above every site code).
const FIRST_GOAL_CODE: u32 = u32::MAX - 3;

/// The goal a target code names, in a nearest-goal query.
#[inline]
pub(crate) fn goal_of(code: u32) -> Option<usize> {
    let k = FIRST_GOAL_CODE.wrapping_sub(code) as usize;
    (k < MAX_NEAREST_GOALS).then_some(k)
}

/// The usable goals of the nearest-goal query in progress and their indexes in the caller's
/// goals.
#[derive(Debug, Clone, Default)]
pub(crate) struct Goals {
    pub(crate) goals: Vec<DVec2>,
    index: Vec<usize>,
    /// Whether the next search run is a nearest-goal run (`begin_run` reads and clears it).
    pub(crate) active: bool,
}

/// The answer of [`MeshContext::find_nearest`]: which goal the path reaches, and the path.
#[derive(Debug, Clone, Copy)]
pub struct NearestGoal<'a> {
    /// The index in the goals given of the goal reached, when one was found.
    pub goal: Option<usize>,
    /// The path (segments and arcs), borrowed from the context, and its outcome.
    pub answer: PathRef<'a, [PathPiece]>,
}

impl MeshGraph<'_> {
    /// The straight-line distance to the nearest goal.
    pub(super) fn nearest_heuristic(&self, node: NodeId) -> f64 {
        let from = match node {
            START => self.start,
            GOAL => return 0.0,
            _ => {
                let info = &self.nodes[node as usize];
                if goal_of(info.to).is_some() {
                    return 0.0;
                }
                info.arrive
            }
        };
        self.goals
            .iter()
            .map(|g| from.distance(*g))
            .fold(f64::INFINITY, f64::min)
    }

    /// Pushes the segments from source code `from` (centre, radius, turn sign, corner, whether
    /// a site) to every goal of a nearest-goal run, each turning at the source as
    /// `turn = (node, wedges)` allows (none at the start), the source reached for
    /// `g_node`. Does nothing in a path query.
    pub(super) fn goal_edges(
        &mut self,
        from: u32,
        (c1, r1, s1, corner, site): (DVec2, f64, f64, Option<u32>, bool),
        turn: Option<(NodeId, bool)>,
        g_node: f64,
        out: &mut Successors,
    ) {
        let sight = !self.lazy;
        let saved = self.goal;
        for k in 0..self.goals.len() {
            // The goal's segment of `find_path`, to goal `k`.
            self.goal = self.goals[k];
            let edge = self.segment_edge(c1, r1, s1, (corner, site), GOAL_CODE, sight);
            self.goal = saved;
            let Some(mut e) = edge else {
                continue;
            };
            let code = FIRST_GOAL_CODE - k as u32;
            e.to = code;
            e.info.to = code;
            let sweep = match turn {
                Some((node, wedges)) => {
                    let Some(sweep) = self.turn(node, e.info.depart_n, e.info.depart_dir(), wedges)
                    else {
                        continue;
                    };
                    sweep
                }
                None => 0.0,
            };
            self.push(from, e, r1 * sweep + e.len, g_node, out);
        }
    }
}

impl MeshContext {
    /// Finds the shortest path from `query`'s start to the nearest of `goals` (the one with the
    /// shortest path, not the nearest in a straight line), in one search, and which goal it
    /// reaches. The query gives everything but the goal (its goal is not used): start, agent
    /// radius and [`Limits`](nav_search::Limits).
    ///
    /// The tangent graph of [`find_path`](MeshContext::find_path) with every goal a target
    /// (each expanded corner or circle, and the start, gets a segment to every goal), searched
    /// by one A* whose heuristic is the straight-line distance to the nearest goal (admissible
    /// and consistent), stopped at the first goal reached: the path and its length are the
    /// shortest of the `find_path` answers to each goal. It runs forward only and unbounded
    /// (`find_path`'s length bounds and its search from the goal need one goal), so it may
    /// expand more nodes than one `find_path` does, and a goal walled in is only known
    /// unreachable once the start's region is exhausted (or at once, while the world's
    /// triangulation is prepared: [`MeshWorld::prepare_connected`]).
    ///
    /// Goals outside the bounds or where the disc overlaps an obstacle are ignored, as are
    /// repeated goals (the first index counts). Of goals at exactly the same length, the one
    /// the search reaches first wins: deterministic (the same query on the same world gives
    /// the same goal), not necessarily the lowest index. A start on a goal gives that goal at
    /// length 0.
    ///
    /// Statuses: [`OutOfBounds`](PathStatus::OutOfBounds) when the start is outside the
    /// bounds, or every goal is; [`StartBlocked`](PathStatus::StartBlocked);
    /// [`GoalBlocked`](PathStatus::GoalBlocked) when no goal is usable (or there are none);
    /// else found, no path or limit reached (with a partial path towards the nearest goal if
    /// the limits ask). `goal` is `None` unless found. Warm queries allocate nothing.
    /// Beginning it cancels a sliced query in progress.
    ///
    /// # Errors
    /// Those of `find_path` ([`MeshError::InvalidPoint`] names the goal for a NaN or infinite
    /// goal), and [`MeshError::TooManyGoals`] beyond [`MAX_NEAREST_GOALS`]; the context then
    /// holds no path.
    ///
    /// ```
    /// use nav_geom::{Aabb, Vec2};
    /// use nav_mesh::{MeshContext, MeshQuery, MeshWorld, Obstacle, PathStatus};
    ///
    /// let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::new(30.0, 10.0)))?;
    /// // A wall from (14, 0) to (16, 9): the depot behind it is 8 away in a straight line.
    /// world.insert(Obstacle::Box(Aabb::new(Vec2::new(14.0, 0.0), Vec2::new(16.0, 9.0))))?;
    /// let depots = [Vec2::new(18.0, 2.0), Vec2::new(2.0, 8.0), Vec2::new(40.0, 5.0)];
    /// let unit = MeshQuery::new(Vec2::new(10.0, 2.0), Vec2::ZERO).with_radius(0.5);
    /// let mut ctx = MeshContext::new();
    /// let nearest = ctx.find_nearest(&world, &unit, &depots)?;
    /// assert_eq!(nearest.answer.status(), PathStatus::Found);
    /// assert_eq!(nearest.goal, Some(1));
    /// let length = nearest.answer.cost();
    ///
    /// // The length of find_path to that depot.
    /// let one = ctx.find_path(&world, &MeshQuery::new(unit.start, depots[1]).with_radius(0.5))?;
    /// assert!((one.cost() - length).abs() <= 1e-9 * length);
    /// # Ok::<(), nav_mesh::MeshError>(())
    /// ```
    pub fn find_nearest<'a>(
        &'a mut self,
        world: &MeshWorld,
        query: &MeshQuery,
        goals: &[Vec2],
    ) -> Result<NearestGoal<'a>, MeshError> {
        self.slice = None;
        self.nearest.active = false;
        self.pieces.clear();
        self.ids.clear();
        let (goal, outcome) = self.run_nearest(world, query, goals)?;
        Ok(NearestGoal {
            goal,
            answer: PathRef::new(outcome, &self.pieces),
        })
    }

    fn run_nearest(
        &mut self,
        world: &MeshWorld,
        query: &MeshQuery,
        goals: &[Vec2],
    ) -> Result<(Option<usize>, PathOutcome), MeshError> {
        if goals.len() > MAX_NEAREST_GOALS {
            return Err(MeshError::TooManyGoals {
                count: goals.len(),
                max: MAX_NEAREST_GOALS,
            });
        }
        let start = checked_point(query.start, "start")?;
        for &goal in goals {
            checked_point(goal, "goal")?;
        }
        let r = check_radius(world, query.radius)?;
        let limits = query.limits;
        limits.check()?;
        let answered = |status| Ok((None, PathOutcome::unsearched(status)));
        // Each point's fit, and whether it is a pinch point (sealed, as `find_path` takes it).
        let fit = |sc: &mut crate::sight::Scratch, p: DVec2| fit_pinched(world, sc, p, r, true);
        let start_pinched = match fit(&mut self.scratch, start) {
            (Fit::Fits, pinch) => pinch,
            (Fit::OutOfBounds, _) => return answered(PathStatus::OutOfBounds),
            (Fit::Blocked, _) => return answered(PathStatus::StartBlocked),
        };
        let usable = &mut self.nearest;
        usable.goals.clear();
        usable.index.clear();
        let (mut inside, mut sealed) = (0, 0);
        for (index, goal) in goals.iter().enumerate() {
            let at = goal.as_dvec2();
            match fit(&mut self.scratch, at) {
                (Fit::OutOfBounds, _) => continue,
                (Fit::Blocked, _) => {}
                (Fit::Fits, true) if at != start => sealed += 1,
                (Fit::Fits, _) if !usable.goals.contains(&at) => {
                    usable.goals.push(at);
                    usable.index.push(index);
                }
                (Fit::Fits, _) => {}
            }
            inside += 1;
        }
        if usable.goals.is_empty() {
            if sealed > 0 {
                return answered(PathStatus::NoPath);
            }
            return answered(PathStatus::no_usable_goal(goals.len(), inside));
        }
        if let Some(k) = usable.goals.iter().position(|&g| g == start) {
            let outcome = PathOutcome {
                status: PathStatus::Found,
                cost: 0.0,
                expanded: 0,
                partial: false,
            };
            return Ok((Some(usable.index[k]), outcome));
        }
        if start_pinched {
            return answered(PathStatus::NoPath);
        }
        if !limits.partial_path {
            // Goals the prepared triangulation shows apart from the start cannot be reached.
            let mut k = 0;
            while k < usable.goals.len() {
                if world.proves_disconnected(start, usable.goals[k], r) {
                    usable.goals.swap_remove(k);
                    usable.index.swap_remove(k);
                } else {
                    k += 1;
                }
            }
            if usable.goals.is_empty() {
                return answered(PathStatus::NoPath);
            }
        }
        // The caches, as `prepare` readies them.
        self.ready_caches(world, r);
        let mut plan = MeshPlan {
            start,
            goal: start,
            r,
            goal_status: None,
            limits,
            phase: Phase::Single,
            work_budget: u64::MAX,
            spent: 0,
            bound_round: 0,
            bounded: false,
            lower: 0.0,
        };
        self.nearest.active = true;
        let budgets = (u64::MAX, f64::INFINITY);
        self.begin_run(world, (start, start), r, false, &limits, budgets);
        let outcome = loop {
            if let Some(outcome) = self.advance(world, &mut plan, usize::MAX) {
                break outcome;
            }
        };
        let goal = if outcome.status == PathStatus::Found && !outcome.partial {
            // The path ends with the segment to a goal, then the goal node.
            let last = self.ids[self.ids.len() - 2];
            let k = goal_of(self.nodes[last as usize].to).expect("a found path ends on a goal");
            Some(self.nearest.index[k])
        } else {
            None
        };
        Ok((goal, outcome))
    }
}
