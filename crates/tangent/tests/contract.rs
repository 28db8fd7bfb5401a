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
    eprintln!(
        "10,000 copies of one circle: {took:?}, {} expanded",
        copies.expanded
    );
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
    eprintln!("10,000 concentric circles: {:?}", started.elapsed());
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

/// Every point of the path's pieces (ends and samples of arcs).
fn samples(path: &nav_tangent::TangentPath) -> Vec<Vec2> {
    let mut out = vec![path.start()];
    for piece in path.pieces() {
        match piece {
            nav_geom::PathPiece::Line(s) => out.extend([s.a, s.b]),
            nav_geom::PathPiece::Arc(arc) => {
                out.extend((0..=64).map(|i| arc.point_at(i as f32 / 64.0)))
            }
        }
    }
    out
}

#[test]
fn the_bounds_confine_the_whole_disc() {
    let bounds = Aabb::new(Vec2::ZERO, Vec2::new(20.0, 10.0));
    let mut w = CircleWorld::new(bounds).unwrap();
    // A rock near the bottom border: below it, an agent of radius 0.5 would leave the world.
    w.insert(Circle::new(Vec2::new(10.0, 2.0), 1.8)).unwrap();
    let r = 0.5;
    let mut ctx = CircleContext::new();
    let q = CircleQuery::new(Vec2::new(2.0, 1.0), Vec2::new(18.0, 1.0)).with_radius(r);
    let path = ctx.find_path(&w, &q).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    let length = path.cost();
    for p in samples(ctx.last_path()) {
        assert!(
            p.x >= r - 1e-4 && p.y >= r - 1e-4 && p.x <= 20.0 - r + 1e-4 && p.y <= 10.0 - r + 1e-4,
            "{p:?} leaves the bounds shrunk by the radius"
        );
    }
    // Over the top of the rock (y up to 2 + 1.8 + 0.5), not under it.
    assert!(samples(ctx.last_path()).iter().any(|p| p.y > 4.0));
    // Unbounded, the same query goes under the rock, shorter.
    let mut free = CircleWorld::with_index(nav_spatial::Quadtree::new(bounds).unwrap()).unwrap();
    free.insert(Circle::new(Vec2::new(10.0, 2.0), 1.8)).unwrap();
    let under = ctx.find_path(&free, &q).unwrap();
    assert!(under.cost() < length, "{} vs {length}", under.cost());

    // Ends whose disc leaves the bounds are out of bounds; touching the border is inside.
    for (a, want) in [
        (Vec2::new(0.4, 5.0), PathStatus::OutOfBounds),
        (Vec2::new(-1.0, 5.0), PathStatus::OutOfBounds),
        (Vec2::new(0.5, 5.0), PathStatus::Found),
        (Vec2::new(19.5, 9.5), PathStatus::Found),
    ] {
        let q = CircleQuery::new(a, Vec2::new(5.0, 8.0)).with_radius(r);
        assert_eq!(ctx.find_path(&w, &q).unwrap().status(), want, "{a:?}");
        let back = CircleQuery::new(Vec2::new(5.0, 8.0), a).with_radius(r);
        assert_eq!(ctx.find_path(&w, &back).unwrap().status(), want, "{a:?}");
    }
    // An agent wider than the world fits nowhere.
    let q = CircleQuery::new(Vec2::new(10.0, 5.0), Vec2::new(11.0, 5.0)).with_radius(6.0);
    assert_eq!(
        ctx.find_path(&w, &q).unwrap().status(),
        PathStatus::OutOfBounds
    );
}

#[test]
fn a_rock_touching_the_border_closes_the_way_past_it() {
    let mut w = CircleWorld::new(Aabb::new(Vec2::ZERO, Vec2::new(20.0, 10.0))).unwrap();
    // Inflated by 0.5, the rocks touch the bottom and top borders of the bounds shrunk by the
    // radius, and each other: a wall from border to border.
    w.insert(Circle::new(Vec2::new(10.0, 2.0), 1.5)).unwrap();
    w.insert(Circle::new(Vec2::new(10.0, 6.0), 2.0)).unwrap();
    w.insert(Circle::new(Vec2::new(10.0, 9.0), 0.0)).unwrap();
    let q = CircleQuery::new(Vec2::new(2.0, 5.0), Vec2::new(18.0, 5.0)).with_radius(0.5);
    let mut ctx = CircleContext::new();
    let answer = ctx.find_path(&w, &q).unwrap();
    assert_eq!(
        answer.status(),
        PathStatus::NoPath,
        "{:?}",
        ctx.last_path().pieces()
    );
}

#[test]
fn a_point_does_not_pass_between_touching_circles() {
    let mut w = world([
        Circle::new(Vec2::new(0.0, 0.0), 2.0),
        Circle::new(Vec2::new(4.0, 0.0), 2.0),
    ]);
    let mut ctx = CircleContext::new();
    let q = CircleQuery::new(Vec2::new(2.0, 5.0), Vec2::new(2.0, -5.0));
    let path = ctx.find_path(&w, &q).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    assert!(path.cost() > 12.0, "{}", path.cost());
    // A start touching a circle is not blocked.
    let on = CircleQuery::new(Vec2::new(-2.0, 0.0), Vec2::new(-8.0, 0.0));
    assert_eq!(ctx.find_path(&w, &on).unwrap().status(), PathStatus::Found);

    // A ring of touching circles is a wall: nothing gets in or out.
    w.clear();
    let n = 4;
    for (x, y) in [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)] {
        w.insert(Circle::new(Vec2::new(x, y), 1.0)).unwrap();
    }
    assert_eq!(w.len(), n);
    for (a, b) in [
        (Vec2::ZERO, Vec2::new(8.0, 3.0)),
        (Vec2::new(8.0, 3.0), Vec2::ZERO),
        (Vec2::new(0.0, 0.1), Vec2::new(0.0, 9.0)),
    ] {
        let answer = ctx.find_path(&w, &CircleQuery::new(a, b)).unwrap();
        assert_eq!(answer.status(), PathStatus::NoPath, "{a:?} -> {b:?}");
    }
}
