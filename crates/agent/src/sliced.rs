//! Time-sliced agent queries: one query spread over several calls (frames of a game).

use nav_geom::Vec2;
use nav_search::{PathRef, SearchProgress, SliceState};
use nav_spatial::SpatialIndex;

use crate::find_path::AgentPlan;
use crate::lattice_graph::START;
use crate::{AgentContext, AgentQuery, Obstacle, QueryError, World};

/// The sliced query an [`AgentContext`] holds between steps.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slice {
    /// The world (its id) and its version at `begin_sliced`.
    world: (u64, u64),
    query: AgentQuery,
    /// `None` when the query was answered without searching.
    plan: Option<AgentPlan>,
    state: SliceState,
}

impl AgentContext {
    /// Begins a time-sliced query: [`find_path`](AgentContext::find_path) spread over several
    /// calls, so that a game can give pathfinding a fixed budget per frame.
    ///
    /// Checks the query (the errors of `find_path`) and answers at once what needs no search
    /// (out of bounds, a blocked end: the state is then already
    /// [`Finished`](SliceState::Finished)); otherwise the query is
    /// [`Running`](SliceState::Running) and [`step_sliced`](AgentContext::step_sliced)
    /// advances it. The search state lives in the context: nothing borrows the world between
    /// steps, and each step takes it again. The finished query gives exactly the answer of
    /// `find_path` (the same points, lengths and outcome), whatever the budgets. Beginning a
    /// query, or calling `find_path`, replaces the sliced query in progress.
    ///
    /// ```
    /// use nav_agent::{Aabb, AgentContext, AgentQuery, SliceState, Vec2, World};
    ///
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::new(20.0, 10.0)))?;
    /// world.insert_static(Aabb::new(Vec2::new(9.0, 0.0), Vec2::new(11.0, 8.0)))?;
    /// let query = AgentQuery::new(Vec2::new(2.0, 2.0), Vec2::new(18.0, 2.0))
    ///     .with_radius(0.5)
    ///     .with_step(0.5);
    /// let mut ctx = AgentContext::new();
    /// ctx.begin_sliced(&world, &query)?;
    /// while ctx.step_sliced(&world, 16)?.is_running() {}
    /// let sliced = ctx.sliced_path().expect("finished");
    /// let (length, points) = (sliced.cost(), sliced.path().to_vec());
    /// let one_shot = ctx.find_path(&world, &query)?;
    /// assert_eq!((one_shot.cost(), one_shot.path()), (length, &points[..]));
    ///
    /// // An edit between two steps is detected: the query is cancelled.
    /// ctx.begin_sliced(&world, &query)?;
    /// ctx.step_sliced(&world, 1)?;
    /// world.insert_static(Aabb::new(Vec2::new(14.0, 0.0), Vec2::new(15.0, 1.0)))?;
    /// assert!(ctx.step_sliced(&world, 1).is_err());
    /// assert_eq!(ctx.sliced_state(), SliceState::Idle);
    /// # Ok(())
    /// # }
    /// ```
    pub fn begin_sliced<I: SpatialIndex<Obstacle>>(
        &mut self,
        world: &World<I>,
        query: &AgentQuery,
    ) -> Result<SliceState, QueryError> {
        let plan = world.prepare(self, query)?;
        let state = match &plan {
            None => SliceState::Finished(self.path.outcome()),
            Some(plan) => {
                let (search, _, _, mut graph) = world.split(self, plan);
                search.begin(&mut graph, START, query.limits());
                SliceState::Running { expanded: 0 }
            }
        };
        self.slice = Some(Slice {
            world: (world.id(), world.version()),
            query: *query,
            plan,
            state,
        });
        Ok(state)
    }

    /// Advances the sliced query by at most `max_expansions` expanded lattice nodes (0 makes
    /// no progress) and returns its state. Once it is [`Finished`](SliceState::Finished),
    /// [`sliced_path`](AgentContext::sliced_path) reads the path; stepping a finished query
    /// returns the same state again, and stepping with no query returns
    /// [`SliceState::Idle`].
    ///
    /// `world` must be the world the query began on, unchanged: an obstacle inserted, moved
    /// or removed since (see [`World::version`]), or another world, gives
    /// [`QueryError::WorldChanged`] and cancels the query (begin it again).
    pub fn step_sliced<I: SpatialIndex<Obstacle>>(
        &mut self,
        world: &World<I>,
        max_expansions: usize,
    ) -> Result<SliceState, QueryError> {
        let Some(slice) = self.slice else {
            return Ok(SliceState::Idle);
        };
        let Some(plan) = slice.plan.filter(|_| slice.state.is_running()) else {
            return Ok(slice.state);
        };
        if (world.id(), world.version()) != slice.world {
            self.cancel_sliced();
            return Err(QueryError::WorldChanged);
        }
        let (search, node_path, _, mut graph) = world.split(self, &plan);
        let state = match search.step(&mut graph, max_expansions, node_path) {
            SearchProgress::Running { expanded } => SliceState::Running { expanded },
            SearchProgress::Done(outcome) => {
                world.write_path(self, &plan, &outcome);
                SliceState::Finished(self.path.outcome())
            }
            // Only `prepare` (which drops the slice) begins another search: not reached.
            _ => SliceState::Idle,
        };
        self.slice = Some(Slice { state, ..slice });
        Ok(state)
    }

    /// The state of the sliced query: [`Idle`](SliceState::Idle) when none was begun (or it
    /// was cancelled, or replaced by another query), [`Running`](SliceState::Running), or
    /// [`Finished`](SliceState::Finished) with the outcome `find_path` gives.
    pub fn sliced_state(&self) -> SliceState {
        self.slice.map_or(SliceState::Idle, |slice| slice.state)
    }

    /// The answer of the finished sliced query, borrowing its smoothed points from the
    /// context as [`find_path`](AgentContext::find_path)'s does; `None` while it runs or when
    /// there is none.
    pub fn sliced_path(&self) -> Option<PathRef<'_, [Vec2]>> {
        let outcome = self.sliced_state().outcome()?;
        Some(PathRef::new(outcome, self.path.points()))
    }

    /// The query of the sliced query in progress or finished.
    pub fn sliced_query(&self) -> Option<&AgentQuery> {
        self.slice.as_ref().map(|slice| &slice.query)
    }

    /// Abandons the sliced query (finished or not): the state becomes
    /// [`Idle`](SliceState::Idle).
    pub fn cancel_sliced(&mut self) {
        self.slice = None;
        self.search.cancel();
    }
}
