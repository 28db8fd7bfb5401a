//! Degenerate scenes: duplicates, touching and nearly touching circles, zero radii, starts and
//! goals on circles and at tangent points, huge agents. Nothing panics, every found path passes
//! the geometric checker, and the symmetric query finds the same length.

mod common;

use common::{FindPath, Rng, check_path, world_of};
use nav_geom::{Circle, Vec2};
use nav_search::Limits;
use nav_search::PathStatus;

#[test]
fn touching_circles_leave_a_point_wide_gap() {
    let circles = [
        Circle::new(Vec2::new(0.0, 0.0), 2.0),
        Circle::new(Vec2::new(4.0, 0.0), 2.0),
    ];
    let world = world_of(&circles);
    let (a, b) = (Vec2::new(2.0, 5.0), Vec2::new(2.0, -5.0));
    // Touching is allowed, but the gap of zero width between them is closed: a point goes
    // round like any disc (it may touch the circles).
    let point = world.find_path(a, b, 0.0, &Limits::default()).unwrap();
    assert_eq!(point.status(), PathStatus::Found);
    assert!(point.length() > 12.0, "{}", point.length());
    check_path(&circles, 0.0, &point, 1e-5);
    let disc = world.find_path(a, b, 0.01, &Limits::default()).unwrap();
    assert!(disc.length() > point.length());
    check_path(&circles, 0.01, &disc, 1e-5);
}

#[test]
fn degenerate_scenes_never_fail() {
    let mut rng = Rng::new(2024);
    let mut found = 0;
    for scene in 0..60 {
        let mut circles: Vec<Circle> = Vec::new();
        for _ in 0..12 {
            let choice = rng.range(0.0, 1.0);
            let last = circles.last().copied();
            let c = match (choice, last) {
                // A duplicate of the previous circle.
                (x, Some(prev)) if x < 0.15 => prev,
                // Touching the previous one from outside, exactly (in f32 terms, nearly).
                (x, Some(prev)) if x < 0.3 => {
                    let r = rng.range(0.5, 3.0);
                    let dir = Vec2::from_angle(rng.range(0.0, 6.3));
                    Circle::new(prev.center + dir * (prev.radius + r), r)
                }
                // Inside the previous one, touching it from inside.
                (x, Some(prev)) if x < 0.4 => {
                    let r = prev.radius * 0.5;
                    Circle::new(prev.center + Vec2::X * (prev.radius - r), r)
                }
                // A point.
                (x, _) if x < 0.5 => {
                    Circle::new(Vec2::new(rng.range(0.0, 30.0), rng.range(0.0, 30.0)), 0.0)
                }
                _ => Circle::new(
                    Vec2::new(rng.range(0.0, 30.0), rng.range(0.0, 30.0)),
                    rng.range(0.2, 4.0),
                ),
            };
            circles.push(c);
        }
        let world = world_of(&circles);
        let agent = [0.0, 0.3, 2.0][scene % 3];
        // Starts and goals: free points, points on inflated circles, tangent points.
        let mut points = vec![Vec2::new(-3.0, 15.0), Vec2::new(33.0, 14.0)];
        for c in circles.iter().take(4) {
            let angle = rng.range(0.0, 6.3);
            points.push(c.center + Vec2::from_angle(angle) * (c.radius + agent));
        }
        for (i, &a) in points.iter().enumerate() {
            for &b in &points[i + 1..] {
                let forward = world.find_path(a, b, agent, &Limits::default()).unwrap();
                let backward = world.find_path(b, a, agent, &Limits::default()).unwrap();
                match forward.status() {
                    PathStatus::Found => {
                        found += 1;
                        check_path(&circles, agent, &forward, 1e-4);
                        assert_eq!(backward.status(), PathStatus::Found, "{a} {b} {circles:?}");
                        let diff = (forward.length() - backward.length()).abs();
                        assert!(
                            diff <= 1e-6 * forward.length().max(1.0),
                            "{a} {b} {circles:?}"
                        );
                    }
                    PathStatus::NoPath => assert_eq!(backward.status(), PathStatus::NoPath),
                    PathStatus::StartBlocked | PathStatus::GoalBlocked => {}
                    other => panic!("{other}: no limit was set, the world has no bounds to leave"),
                }
            }
        }
    }
    assert!(found > 500, "{found}");
}

#[test]
fn a_far_away_circle_does_not_blunt_decisions_near_the_origin() {
    // A gap of 0.002 between two rocks: a point agent slips through. A rock at 1e30 must not
    // widen the tolerance near the origin.
    let near = [
        Circle::new(Vec2::new(0.0, 0.0), 1.0),
        Circle::new(Vec2::new(2.002, 0.0), 1.0),
    ];
    let (a, b) = (Vec2::new(1.001, 3.0), Vec2::new(1.001, -3.0));
    for far in [None, Some(Circle::new(Vec2::new(1e30, 0.0), 1.0))] {
        let mut circles = near.to_vec();
        circles.extend(far);
        let world = world_of(&circles);
        let point = world.find_path(a, b, 0.0, &Limits::default()).unwrap();
        assert!(
            (point.length() - 6.0).abs() < 1e-6,
            "{far:?}: {}",
            point.length()
        );
        let disc = world.find_path(a, b, 0.002, &Limits::default()).unwrap();
        assert_eq!(disc.status(), PathStatus::Found);
        assert!(disc.length() > 7.0, "{far:?}: {}", disc.length());
        check_path(&circles, 0.002, &disc, 1e-5);
        // Starting inside a rock near the origin is still refused.
        let inside = world
            .find_path(Vec2::new(0.0, 0.999), b, 0.0, &Limits::default())
            .unwrap();
        assert!(
            matches!(inside.status(), PathStatus::StartBlocked),
            "{far:?}"
        );
    }
}
