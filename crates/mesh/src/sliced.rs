//! Time-sliced polygon queries: one query spread over several calls (frames of a game).

use nav_geom::PathPiece;
use nav_search::{PathRef, SliceState};

use crate::search::{MeshPlan, Prepared};
use crate::{MeshContext, MeshError, MeshQuery, MeshWorld};

/// The sliced query a [`MeshContext`] holds between steps.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slice {
    /// The world's identity and version at `begin_sliced`.
    world: (u64, u64),
    query: MeshQuery,
    /// `None` when the query was answered without searching.
    plan: Option<MeshPlan>,
    state: SliceState,
}

impl MeshContext {
    /// Begins a time-sliced query: [`find_path`](MeshContext::find_path) spread over several
    /// calls, so that a game can give pathfinding a fixed budget per frame.
    ///
    /// Checks the query (the errors of `find_path`) and answers at once what needs no search
    /// (out of bounds, a blocked end, start = goal: the state is then already
    /// [`Finished`](SliceState::Finished)); otherwise the query is
    /// [`Running`](SliceState::Running) and [`step_sliced`](MeshContext::step_sliced) advances
    /// it, through both directions of the two-way search when it runs one. The search state
    /// lives in the context: nothing borrows the world between steps, and each step takes it
    /// again. The finished query gives exactly the answer of `find_path` (the same pieces,
    /// length and outcome), whatever the budgets. Beginning a query, or calling `find_path`,
    /// replaces the sliced query in progress.
    ///
    /// ```
    /// use nav_geom::{Aabb, Circle, Vec2};
    /// use nav_mesh::{MeshContext, MeshQuery, MeshWorld, Obstacle, SliceState};
    ///
    /// let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::new(20.0, 10.0)))?;
    /// world.insert(Obstacle::Polygon(vec![
    ///     Vec2::new(8.0, 0.0), Vec2::new(12.0, 0.0), Vec2::new(12.0, 7.0), Vec2::new(8.0, 7.0),
    /// ]))?;
    /// let query = MeshQuery::new(Vec2::new(2.0, 2.0), Vec2::new(18.0, 2.0)).with_radius(0.5);
    /// let mut ctx = MeshContext::new();
    /// ctx.begin_sliced(&world, &query)?;
    /// while ctx.step_sliced(&world, 1)?.is_running() {}
    /// let sliced = ctx.sliced_path().expect("finished");
    /// let (length, pieces) = (sliced.cost(), sliced.path().to_vec());
    /// let one_shot = ctx.find_path(&world, &query)?;
    /// assert_eq!((one_shot.cost(), one_shot.path()), (length, &pieces[..]));
    ///
    /// // An edit between two steps is detected: the query is cancelled.
    /// ctx.begin_sliced(&world, &query)?;
    /// world.insert(Obstacle::Circle(Circle::new(Vec2::new(15.0, 8.5), 1.0)))?;
    /// assert!(ctx.step_sliced(&world, 1).is_err());
    /// assert_eq!(ctx.sliced_state(), SliceState::Idle);
    /// # Ok::<(), nav_mesh::MeshError>(())
    /// ```
    pub fn begin_sliced(
        &mut self,
        world: &MeshWorld,
        query: &MeshQuery,
    ) -> Result<SliceState, MeshError> {
        let (plan, state) = match self.prepare(world, query)? {
            Prepared::Answered(outcome) => (None, SliceState::Finished(outcome)),
            Prepared::Search(plan) => (Some(plan), SliceState::Running { expanded: 0 }),
        };
        self.slice = Some(Slice {
            world: (world.identity, world.version),
            query: *query,
            plan,
            state,
        });
        Ok(state)
    }

    /// Advances the sliced query by at most `max_expansions` expanded nodes (0 makes no
    /// progress) and returns its state. Once it is [`Finished`](SliceState::Finished),
    /// [`sliced_path`](MeshContext::sliced_path) reads the path; stepping a finished query
    /// returns the same state again, and stepping with no query returns
    /// [`SliceState::Idle`].
    ///
    /// `world` must be the world the query began on, unedited: an edit since then, or another
    /// world, gives [`MeshError::WorldChanged`] and cancels the query (begin it again).
    pub fn step_sliced(
        &mut self,
        world: &MeshWorld,
        max_expansions: usize,
    ) -> Result<SliceState, MeshError> {
        let Some(slice) = self.slice else {
            return Ok(SliceState::Idle);
        };
        let Some(mut plan) = slice.plan.filter(|_| slice.state.is_running()) else {
            return Ok(slice.state);
        };
        if (world.identity, world.version) != slice.world {
            self.cancel_sliced();
            return Err(MeshError::WorldChanged);
        }
        let state = match self.advance(world, &mut plan, max_expansions) {
            Some(outcome) => SliceState::Finished(outcome),
            None => SliceState::Running {
                expanded: plan.spent + self.run_expanded(),
            },
        };
        self.slice = Some(Slice {
            plan: Some(plan),
            state,
            ..slice
        });
        Ok(state)
    }

    /// The state of the sliced query: [`Idle`](SliceState::Idle) when none was begun (or it
    /// was cancelled, or replaced by another query), [`Running`](SliceState::Running), or
    /// [`Finished`](SliceState::Finished) with the outcome `find_path` gives.
    pub fn sliced_state(&self) -> SliceState {
        self.slice.map_or(SliceState::Idle, |slice| slice.state)
    }

    /// The answer of the finished sliced query, borrowing its pieces from the context as
    /// [`find_path`](MeshContext::find_path)'s does; `None` while it runs or when there is
    /// none.
    pub fn sliced_path(&self) -> Option<PathRef<'_, [PathPiece]>> {
        let outcome = self.sliced_state().outcome()?;
        Some(PathRef::new(outcome, self.pieces()))
    }

    /// The query of the sliced query in progress or finished.
    pub fn sliced_query(&self) -> Option<&MeshQuery> {
        self.slice.as_ref().map(|slice| &slice.query)
    }

    /// Abandons the sliced query (finished or not): the state becomes
    /// [`Idle`](SliceState::Idle).
    pub fn cancel_sliced(&mut self) {
        self.slice = None;
        self.cancel_search();
    }
}
