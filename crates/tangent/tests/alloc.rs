//! A warm query context allocates nothing: proven with a counting global allocator.

mod common;

use common::{Rng, free_point, random_circles, world_of};
use nav_geom::Vec2;
use nav_search::Limits;
use nav_tangent::{CircleContext, CircleQuery};
use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn warm_queries_allocate_nothing() {
    let mut rng = Rng::new(3);
    let circles = random_circles(&mut rng, 400, 200.0, (1.0, 3.0), true, 0.0);
    let world = world_of(&circles);
    let square = (Vec2::ZERO, Vec2::splat(200.0));
    let queries: Vec<(Vec2, Vec2, f32)> = (0..24)
        .map(|i| {
            let agent = [0.0, 0.5, 1.0][i % 3];
            let a = free_point(&mut rng, &circles, square, agent, 0.01).unwrap();
            let b = free_point(&mut rng, &circles, square, agent, 0.01).unwrap();
            (a, b, agent)
        })
        .collect();
    let mut ctx = CircleContext::new();
    let limits = Limits::default();
    let run = |ctx: &mut CircleContext| {
        let mut found = 0;
        for &(a, b, agent) in &queries {
            let query = CircleQuery::new(a, b)
                .with_radius(agent)
                .with_limits(limits);
            found += ctx.find_path(&world, &query).unwrap().is_found() as usize;
            let points = ctx.polyline(0.05).unwrap();
            assert!(!points.is_empty() || !ctx.last_path().is_found());
        }
        found
    };
    // Cold: the context grows.
    let mut found = 0;
    let cold = allocations_during(|| found = run(&mut ctx));
    assert!(cold > 0);
    assert!(found >= 20, "{found}");
    // Warm: the same queries again.
    let warm = allocations_during(|| {
        run(&mut ctx);
    });
    assert_eq!(warm, 0, "warm queries allocated {warm} times");
}
