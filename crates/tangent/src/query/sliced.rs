//! Time-sliced circle queries: one query spread over several calls (frames of a game).

use nav_geom::PathPiece;
use nav_search::{PathRef, Revision, SliceState};
use nav_spatial::SpatialIndex;

use super::{CircleContext, CircleQuery, Mode, Plan};
use crate::{CircleWorld, TangentError};

/// The sliced query a [`CircleContext`] holds between steps.
#[derive(Debug, Clone, Copy)]
pub(super) struct Slice {
    revision: Revision,
    query: CircleQuery,
    /// `None` when the query was answered without searching.
    plan: Option<Plan>,
    state: SliceState,
}

impl CircleContext {
    /// Begins a time-sliced query: [`find_path`](CircleContext::find_path) spread over several
    /// calls, so that a game can give pathfinding a fixed budget per frame.
    ///
    /// Checks the query (the errors of `find_path`) and answers at once what needs no search
    /// (out of bounds, a blocked end, start = goal: the state is then already
    /// [`Finished`](SliceState::Finished)); otherwise the query is
    /// [`Running`](SliceState::Running) and [`step_sliced`](CircleContext::step_sliced)
    /// advances it. The search state (including which length bound it is trying) lives in
    /// the context: nothing borrows the world between steps, and each step takes it again.
    /// The finished query gives exactly the answer of `find_path` (the same pieces, length
    /// and outcome), whatever the budgets. Beginning a query, or calling `find_path`,
    /// replaces the sliced query in progress.
    ///
    /// ```
    /// use nav_geom::{Aabb, Circle, Vec2};
    /// use nav_tangent::{CircleContext, CircleQuery, CircleWorld, SliceState};
    ///
    /// let mut world = CircleWorld::new(Aabb::new(Vec2::splat(-20.0), Vec2::splat(20.0)))?;
    /// world.insert(Circle::new(Vec2::new(5.0, 0.0), 2.0))?;
    /// let query = CircleQuery::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0)).with_radius(0.5);
    /// let mut ctx = CircleContext::new();
    /// ctx.begin_sliced(&world, &query)?;
    /// while ctx.step_sliced(&world, 1)?.is_running() {}
    /// let sliced = ctx.sliced_path().expect("finished");
    /// let (length, pieces) = (sliced.cost(), sliced.path().to_vec());
    /// let one_shot = ctx.find_path(&world, &query)?;
    /// assert_eq!((one_shot.cost(), one_shot.path()), (length, &pieces[..]));
    ///
    /// // An edit between two steps is detected: the query is cancelled.
    /// ctx.begin_sliced(&world, &query)?;
    /// world.insert(Circle::new(Vec2::new(5.0, 3.0), 1.0))?;
    /// assert!(ctx.step_sliced(&world, 1).is_err());
    /// assert_eq!(ctx.sliced_state(), SliceState::Idle);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn begin_sliced<I: SpatialIndex<u32>>(
        &mut self,
        world: &CircleWorld<I>,
        query: &CircleQuery,
    ) -> Result<SliceState, TangentError> {
        let mut path = std::mem::take(&mut self.path);
        let result = self.prepare(
            world,
            query.start(),
            query.goal(),
            query.radius(),
            query.limits(),
            &mut path,
            Mode::BoundedAStar,
        );
        if result.is_err() {
            path.begin(nav_geom::Vec2::ZERO, nav_geom::Vec2::ZERO);
        }
        self.path = path;
        let plan = result?;
        let state = match plan {
            None => SliceState::Finished(self.path.outcome()),
            Some(_) => SliceState::Running { expanded: 0 },
        };
        self.slice = Some(Slice {
            revision: world.revision(),
            query: *query,
            plan,
            state,
        });
        Ok(state)
    }

    /// Advances the sliced query by at most `max_expansions` expanded nodes (0 makes no
    /// progress) and returns its state. Once it is [`Finished`](SliceState::Finished),
    /// [`sliced_path`](CircleContext::sliced_path) reads the path; stepping a finished query
    /// returns the same state again, and stepping with no query returns
    /// [`SliceState::Idle`].
    ///
    /// `world` must be the world the query began on, unedited (see
    /// [`CircleWorld::revision`]): otherwise the step gives [`TangentError::WorldChanged`]
    /// and cancels the query (begin it again).
    pub fn step_sliced<I: SpatialIndex<u32>>(
        &mut self,
        world: &CircleWorld<I>,
        max_expansions: usize,
    ) -> Result<SliceState, TangentError> {
        let Some(slice) = self.slice else {
            return Ok(SliceState::Idle);
        };
        let Some(mut plan) = slice.plan.filter(|_| slice.state.is_running()) else {
            return Ok(slice.state);
        };
        if world.revision() != slice.revision {
            self.cancel_sliced();
            return Err(TangentError::WorldChanged);
        }
        let mut path = std::mem::take(&mut self.path);
        let ended = self.step_plan(world, &mut plan, max_expansions, &mut path);
        self.path = path;
        let state = match ended {
            Some(_) => SliceState::Finished(self.path.outcome()),
            None => SliceState::Running {
                expanded: plan.expanded(&self.search),
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
    /// [`find_path`](CircleContext::find_path)'s does; `None` while it runs or when there is
    /// none.
    pub fn sliced_path(&self) -> Option<PathRef<'_, [PathPiece]>> {
        let outcome = self.sliced_state().outcome()?;
        Some(PathRef::new(outcome, self.path.pieces()))
    }

    /// The query of the sliced query in progress or finished.
    pub fn sliced_query(&self) -> Option<&CircleQuery> {
        self.slice.as_ref().map(|slice| &slice.query)
    }

    /// Abandons the sliced query (finished or not): the state becomes
    /// [`Idle`](SliceState::Idle).
    pub fn cancel_sliced(&mut self) {
        self.slice = None;
        self.search.cancel();
    }
}
