//! Time-sliced grid queries: one query spread over several calls (frames of a game).

use nav_search::{PathRef, Revision, SearchProgress, SliceState};

use super::{GridContext, Plan, Prepared};
use crate::cell::Cell;
use crate::error::GridError;
use crate::map::GridMap;
use crate::query::GridQuery;
use crate::rules::CompiledRules;
use crate::view::GridView;

/// The sliced query a [`GridContext`] holds between steps.
#[derive(Debug, Clone, Copy)]
pub(super) struct Slice {
    query: GridQuery,
    /// The map's revision at `begin_sliced`.
    revision: Revision,
    /// `None` when the query was answered without searching.
    plan: Option<Plan>,
    state: SliceState,
}

impl GridContext {
    /// Begins a time-sliced query: [`find_path`](GridContext::find_path) spread over several
    /// calls, so that a game can give pathfinding a fixed budget per frame (Detour's
    /// `initSlicedFindPath`).
    ///
    /// Checks the query (the errors of `find_path`) and answers at once what needs no search
    /// (a blocked endpoint, two cells in different components: the state is then already
    /// [`Finished`](SliceState::Finished)); otherwise the query is
    /// [`Running`](SliceState::Running) and [`step_sliced`](GridContext::step_sliced) advances
    /// it. The whole search state lives in the context, so nothing borrows the map between
    /// steps; each step takes the map and the rules again.
    ///
    /// The finished query gives exactly what `find_path` gives for the same query (the same
    /// cells, costs, outcome and expanded cells), whatever the budgets of the steps.
    /// Beginning a query, or calling `find_path`, replaces the sliced query in progress.
    ///
    /// ```
    /// use nav_grid::{Cell, GridContext, GridMap, GridQuery, GridRules, PathStatus, SliceState};
    ///
    /// let map = GridMap::from_ascii(
    ///     "..........\n\
    ///      .@@@@@@@@.\n\
    ///      ..........",
    /// )?;
    /// let rules = GridRules::default().compile()?;
    /// let query = GridQuery::new(Cell::new(0, 1), Cell::new(9, 1));
    /// let mut ctx = GridContext::new();
    /// ctx.begin_sliced(&map, &rules, &query)?;
    /// let mut frames = 0;
    /// while ctx.step_sliced(&map, &rules, 4)?.is_running() {
    ///     frames += 1; // the rest of the frame: move units, draw...
    /// }
    /// assert!(frames > 0);
    /// let sliced = ctx.sliced_path().expect("finished");
    /// assert_eq!(sliced.status(), PathStatus::Found);
    /// let (cost, path) = (sliced.cost(), sliced.path().to_vec());
    ///
    /// let one_shot = ctx.find_path(&map, &rules, &query)?;
    /// assert_eq!((one_shot.cost(), one_shot.path()), (cost, &path[..]));
    /// // find_path replaced the sliced query.
    /// assert_eq!(ctx.sliced_state(), SliceState::Idle);
    /// # Ok::<(), nav_grid::GridError>(())
    /// ```
    pub fn begin_sliced(
        &mut self,
        map: &GridMap,
        rules: &CompiledRules,
        query: &GridQuery,
    ) -> Result<SliceState, GridError> {
        let (plan, state) = match self.prepare(map, rules, query)? {
            Prepared::Answered(outcome) => (None, SliceState::Finished(outcome)),
            Prepared::Search(plan) => {
                let mut view = GridView::with_arrivals(
                    map,
                    rules,
                    query.agent_size,
                    query.goal,
                    Some(&mut self.arrivals),
                )?;
                if query.limits.max_cost == f64::INFINITY {
                    view = view.with_exact_steps(rules);
                }
                self.ctx.reserve(map.cell_count());
                self.ctx.begin(&mut view, plan.start, &query.limits);
                (Some(plan), SliceState::Running { expanded: 0 })
            }
        };
        // A copy of the rules, to compare at each step (copied only when they change, so that a
        // warm sliced query allocates nothing).
        if self.slice_rules.as_ref() != Some(rules) {
            self.slice_rules = Some(rules.clone());
        }
        self.slice = Some(Slice {
            query: *query,
            revision: map.revision(),
            plan,
            state,
        });
        Ok(state)
    }

    /// Advances the sliced query by at most `max_expansions` expanded cells (jump points, in
    /// a jump point search; 0 makes no progress) and returns its state. Once it is
    /// [`Finished`](SliceState::Finished), [`sliced_path`](GridContext::sliced_path) and
    /// [`path`](GridContext::path) read the path; stepping a finished query returns the same
    /// state again, and stepping with no query returns [`SliceState::Idle`].
    ///
    /// `map` and `rules` must be the ones the query began with: a map edited since then (any
    /// setter, see [`GridMap::revision`]), another map, or other rules give
    /// [`GridError::WorldChanged`], and the query is cancelled (begin it again on the new
    /// map). A query never reads a map it did not begin on.
    pub fn step_sliced(
        &mut self,
        map: &GridMap,
        rules: &CompiledRules,
        max_expansions: usize,
    ) -> Result<SliceState, GridError> {
        let Some(slice) = self.slice else {
            return Ok(SliceState::Idle);
        };
        let Some(plan) = slice.plan.filter(|_| slice.state.is_running()) else {
            return Ok(slice.state);
        };
        let changed = if map.revision() != slice.revision {
            Some("map")
        } else if self.slice_rules.as_ref() != Some(rules) {
            Some("rules")
        } else {
            None
        };
        if let Some(what) = changed {
            self.cancel_sliced();
            return Err(GridError::WorldChanged { what });
        }
        let mut view = GridView::with_arrivals(
            map,
            rules,
            slice.query.agent_size,
            slice.query.goal,
            Some(&mut self.arrivals),
        )?;
        if slice.query.limits.max_cost == f64::INFINITY {
            view = view.with_exact_steps(rules);
        }
        let state = match self.ctx.step(&mut view, max_expansions, &mut self.nodes) {
            SearchProgress::Running { expanded } => SliceState::Running { expanded },
            SearchProgress::Done(outcome) => {
                SliceState::Finished(self.write_answer(map, rules, &plan, &outcome))
            }
            // The search context is private and only `prepare` (which drops the slice)
            // begins another search: not reached.
            _ => SliceState::Idle,
        };
        self.slice = Some(Slice { state, ..slice });
        Ok(state)
    }

    /// The state of the sliced query: [`Idle`](SliceState::Idle) when none was begun (or it
    /// was cancelled, or replaced by `find_path`), [`Running`](SliceState::Running), or
    /// [`Finished`](SliceState::Finished) with the outcome `find_path` gives.
    pub fn sliced_state(&self) -> SliceState {
        self.slice.map_or(SliceState::Idle, |slice| slice.state)
    }

    /// The answer of the finished sliced query, borrowing its path from the context as
    /// [`find_path`](GridContext::find_path)'s does; `None` while it runs or when there is
    /// none.
    pub fn sliced_path(&self) -> Option<PathRef<'_, [Cell]>> {
        let outcome = self.sliced_state().outcome()?;
        Some(PathRef::new(outcome, self.cells.as_slice()))
    }

    /// Abandons the sliced query (finished or not): the state becomes
    /// [`Idle`](SliceState::Idle). The path of a finished one stays readable through
    /// [`path`](GridContext::path) until the next query.
    pub fn cancel_sliced(&mut self) {
        self.slice = None;
        self.ctx.cancel();
    }
}
