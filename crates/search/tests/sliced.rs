//! The resumable search: stepping with any budget gives exactly the one-shot search.

mod common;

use common::WeightedGrid;
use nav_search::{Limits, SearchContext, SearchProgress};
use proptest::prelude::*;

/// Steps the search `budget` expansions at a time; returns the outcome, the path and the
/// number of steps.
fn sliced(
    ctx: &mut SearchContext,
    grid: &mut WeightedGrid,
    start: u32,
    limits: &Limits,
    budget: usize,
) -> (nav_search::SearchOutcome, Vec<u32>, usize) {
    let mut path = vec![7, 7];
    ctx.begin(grid, start, limits);
    let mut steps = 0;
    loop {
        steps += 1;
        match ctx.step(grid, budget, &mut path) {
            SearchProgress::Done(outcome) => return (outcome, path, steps),
            SearchProgress::Running { expanded } => {
                assert!(
                    expanded <= steps * budget,
                    "a step expands at most its budget"
                );
                assert!(path.is_empty(), "no path before the end");
                assert_eq!(ctx.progress(), SearchProgress::Running { expanded });
            }
            SearchProgress::Idle => panic!("idle after begin"),
        }
        assert!(steps < 100_000, "no progress");
    }
}

fn grid_strategy() -> impl Strategy<Value = (u32, u32, Vec<u8>, u32, u32)> {
    (2u32..14, 2u32..14).prop_flat_map(|(w, h)| {
        let n = (w * h) as usize;
        (
            Just(w),
            Just(h),
            proptest::collection::vec(prop_oneof![1 => Just(0u8), 4 => 1u8..6], n),
            0..n as u32,
            0..n as u32,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Same outcome (cost bits, expansions), same path, for every budget and limit.
    #[test]
    fn any_budget_gives_the_one_shot_answer(
        (w, h, mut weights, start, goal) in grid_strategy(),
        max_expanded in prop_oneof![Just(usize::MAX), 0usize..40],
        max_cost in prop_oneof![Just(f64::INFINITY), 0.0f64..30.0],
        partial_path: bool,
    ) {
        weights[start as usize] = 1;
        let mut grid = WeightedGrid::new(w, h, weights, goal);
        let limits = Limits { max_expanded, max_cost, partial_path };
        let mut one_shot = Vec::new();
        let mut ctx = SearchContext::new();
        let expected = ctx.astar(&mut grid, start, &limits, &mut one_shot);
        prop_assert!(matches!(ctx.progress(), SearchProgress::Done(o) if o == expected));
        for budget in [1, 2, 3, 7, 64, usize::MAX] {
            let (outcome, path, steps) = sliced(&mut ctx, &mut grid, start, &limits, budget);
            prop_assert_eq!(outcome.status, expected.status);
            prop_assert_eq!(outcome.cost.to_bits(), expected.cost.to_bits());
            prop_assert_eq!(outcome.expanded, expected.expanded);
            prop_assert_eq!(outcome.end, expected.end);
            prop_assert_eq!(outcome.partial, expected.partial);
            prop_assert_eq!(&path, &one_shot);
            if budget == usize::MAX {
                prop_assert_eq!(steps, 1);
            }
        }
    }
}

#[test]
fn a_zero_budget_makes_no_progress_and_cancel_makes_the_context_idle() {
    let mut grid = WeightedGrid::new(8, 1, vec![1; 8], 7);
    let mut ctx = SearchContext::new();
    let mut path = Vec::new();
    assert_eq!(ctx.step(&mut grid, 5, &mut path), SearchProgress::Idle);
    ctx.begin(&mut grid, 0, &Limits::default());
    for _ in 0..3 {
        assert_eq!(
            ctx.step(&mut grid, 0, &mut path),
            SearchProgress::Running { expanded: 0 }
        );
    }
    assert_eq!(
        ctx.step(&mut grid, 3, &mut path),
        SearchProgress::Running { expanded: 3 }
    );
    ctx.cancel();
    assert_eq!(ctx.progress(), SearchProgress::Idle);
    assert_eq!(ctx.step(&mut grid, 100, &mut path), SearchProgress::Idle);
    assert!(path.is_empty());

    // A finished search answers again without rewriting the path.
    ctx.begin(&mut grid, 0, &Limits::default());
    let SearchProgress::Done(done) = ctx.step(&mut grid, 100, &mut path) else {
        panic!("8 nodes in 100 expansions");
    };
    assert_eq!(path, (0..8).collect::<Vec<_>>());
    let mut other = Vec::new();
    assert_eq!(
        ctx.step(&mut grid, 1, &mut other),
        SearchProgress::Done(done)
    );
    assert!(other.is_empty());
}

#[test]
fn a_start_outside_the_arena_ends_at_begin() {
    let mut grid = WeightedGrid::new(2, 1, vec![1; 2], 1);
    let mut ctx = SearchContext::new();
    ctx.begin(&mut grid, u32::MAX, &Limits::default());
    let mut path = vec![1];
    let SearchProgress::Done(outcome) = ctx.progress() else {
        panic!("ended at begin")
    };
    assert_eq!(outcome.expanded, 0);
    assert_eq!(
        ctx.step(&mut grid, 1, &mut path),
        SearchProgress::Done(outcome)
    );
}
