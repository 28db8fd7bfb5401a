//! The contract every nav navigator keeps, for circle worlds: copies of a circle cost nothing,
//! bad limits are refused, a point agent is legal.

mod common;

use std::time::Instant;

use nav_geom::{Aabb, Circle, Vec2};
use nav_search::{Limits, PathStatus};
use nav_tangent::{CircleContext, CircleQuery, CircleWorld, TangentError};

fn world(circles: impl IntoIterator<Item = Circle>) -> CircleWorld {
    let mut world = CircleWorld::new(Aabb::new(Vec2::splat(-100.0), Vec2::splat(100.0))).unwrap();
    for c in circles {
        world.insert(c).unwrap();
    }
    world
}

#[test]
fn identical_circles_are_searched_once() {
    let rock = Circle::new(Vec2::new(0.0, 0.0), 5.0);
    let query = CircleQuery::new(Vec2::new(-20.0, 1.0), Vec2::new(20.0, -1.0)).with_radius(0.5);
    let mut ctx = CircleContext::new();
    let one = world([rock]);
    let single = ctx.find_path(&one, &query).unwrap().outcome();
    assert_eq!(single.status, PathStatus::Found);

    let mut many = world(std::iter::repeat_n(rock, 10_000));
    let started = Instant::now();
    let copies = ctx.find_path(&many, &query).unwrap().outcome();
    let took = started.elapsed();
    assert_eq!(copies.status, PathStatus::Found);
    assert_eq!(copies.cost, single.cost);
    assert_eq!(copies.expanded, single.expanded, "copies add no nodes");
    assert!(took.as_secs_f64() < 0.5, "10,000 copies took {took:?}");

    // Removing copies, the first among them included, keeps one of them in play.
    let keys: Vec<_> = many.iter().map(|(k, _)| k).collect();
    for &k in keys.iter().step_by(3) {
        many.remove(k);
    }
    let after = ctx.find_path(&many, &query).unwrap().outcome();
    assert_eq!((after.status, after.cost), (PathStatus::Found, single.cost));
    // Moving every copy away but one: still the same rock.
    let left: Vec<_> = many.iter().map(|(k, _)| k).collect();
    for (i, &k) in left.iter().enumerate().skip(1) {
        many.set(
            k,
            Circle::new(Vec2::new(60.0, -60.0 + i as f32 * 1e-3), 0.5),
        )
        .unwrap();
    }
    let moved = ctx.find_path(&many, &query).unwrap().outcome();
    assert_eq!((moved.status, moved.cost), (PathStatus::Found, single.cost));
    many.remove(left[0]);
    let gone = ctx.find_path(&many, &query).unwrap().outcome();
    assert!(
        (gone.cost - 40.0f64.hypot(2.0)).abs() < 1e-4,
        "{}",
        gone.cost
    );
}

#[test]
fn concentric_circles_stay_fast() {
    let circles = (0..10_000).map(|i| Circle::new(Vec2::ZERO, 1.0 + i as f32 * 1e-3));
    let w = world(circles);
    let query = CircleQuery::new(Vec2::new(-20.0, 1.0), Vec2::new(20.0, -1.0)).with_radius(0.5);
    let started = Instant::now();
    let answer = CircleContext::new()
        .find_path(&w, &query)
        .unwrap()
        .outcome();
    assert_eq!(answer.status, PathStatus::Found);
    assert!(
        started.elapsed().as_secs_f64() < 0.5,
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn nan_and_negative_max_cost_are_refused() {
    let w = world([Circle::new(Vec2::ZERO, 1.0)]);
    let mut ctx = CircleContext::new();
    for bad in [f64::NAN, -1.0] {
        let q = CircleQuery::new(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0))
            .with_limits(Limits::default().with_max_cost(bad));
        let err = ctx.find_path(&w, &q).unwrap_err();
        assert!(matches!(err, TangentError::InvalidLimits(_)), "{err}");
        assert!(err.to_string().contains("max_cost"), "{err}");
    }
}
