//! Every outcome of a query, bad input, and the world's edits between queries.

mod common;

use common::{FindPath, Rng, check_path, find_into, free_point, random_circles, world_of};
use nav_geom::{Aabb, Circle, Vec2};
use nav_search::Endpoint;
use nav_search::Limits;
use nav_search::PathStatus;
use nav_spatial::{HashGrid, SpatialIndex};
use nav_tangent::{CircleContext, CircleKey, CircleWorld, TangentError, TangentPath};

fn world_with(circles: &[Circle]) -> (CircleWorld, Vec<CircleKey>) {
    let mut world = CircleWorld::new(Aabb::new(Vec2::splat(-50.0), Vec2::splat(50.0))).unwrap();
    let keys = circles.iter().map(|&c| world.insert(c).unwrap()).collect();
    (world, keys)
}

/// A ring of rocks around the origin (radius 10, rocks of radius 1 every 15°: gaps of 0.61).
fn ring() -> Vec<Circle> {
    (0..24)
        .map(|i| {
            let angle = i as f32 * std::f32::consts::TAU / 24.0;
            Circle::new(Vec2::from_angle(angle) * 10.0, 1.0)
        })
        .collect()
}

#[test]
fn invalid_input_is_an_error_and_changes_nothing() {
    let (mut world, keys) = world_with(&[Circle::new(Vec2::ZERO, 2.0)]);
    let mut ctx = CircleContext::new();
    let mut path = TangentPath::new();
    let limits = Limits::default();
    let (a, b) = (Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0));
    find_into(&mut ctx, &world, a, b, 0.5, &limits, &mut path).unwrap();
    let before = path.clone();

    for bad in [
        Vec2::NAN,
        Vec2::new(f32::INFINITY, 0.0),
        Vec2::new(0.0, f32::NEG_INFINITY),
    ] {
        assert!(matches!(
            find_into(&mut ctx, &world, bad, b, 0.5, &limits, &mut path),
            Err(TangentError::NonFinitePoint {
                which: Endpoint::Start,
                ..
            })
        ));
        assert!(matches!(
            find_into(&mut ctx, &world, a, bad, 0.5, &limits, &mut path),
            Err(TangentError::NonFinitePoint {
                which: Endpoint::Goal,
                ..
            })
        ));
    }
    for radius in [-0.1, f32::NAN, f32::INFINITY, -f32::INFINITY] {
        let err = find_into(&mut ctx, &world, a, b, radius, &limits, &mut path);
        assert!(
            matches!(err, Err(TangentError::InvalidAgentRadius { .. })),
            "{radius}"
        );
    }
    for bad in [f64::NAN, -1.0] {
        let err = find_into(
            &mut ctx,
            &world,
            a,
            b,
            0.5,
            &limits.with_max_cost(bad),
            &mut path,
        );
        assert!(matches!(err, Err(TangentError::InvalidLimits(_))), "{bad}");
    }
    assert_eq!(
        path, before,
        "a refused query leaves the caller's copy alone"
    );
    // ... and the context's latest path empty.
    assert!(ctx.last_path().pieces().is_empty() && !ctx.last_path().is_found());
    let message = TangentError::NonFinitePoint {
        which: Endpoint::Goal,
        point: Vec2::new(f32::NAN, 1.0),
    }
    .to_string();
    assert!(message.contains("goal point (NaN, 1)"), "{message}");
    assert!(matches!(
        path.polyline(0.0),
        Err(TangentError::InvalidMaxDeviation { .. })
    ));
    assert!(matches!(
        path.polyline(f32::NAN),
        Err(TangentError::InvalidMaxDeviation { .. })
    ));

    for bad in [
        Circle::new(Vec2::ZERO, -1.0),
        Circle::new(Vec2::NAN, 1.0),
        Circle::new(Vec2::ZERO, f32::NAN),
        Circle::new(Vec2::new(f32::INFINITY, 0.0), 1.0),
        Circle::new(Vec2::ZERO, f32::INFINITY),
    ] {
        assert!(matches!(
            world.insert(bad),
            Err(TangentError::InvalidCircle { .. })
        ));
        assert!(matches!(
            world.set(keys[0], bad),
            Err(TangentError::InvalidCircle { .. })
        ));
    }
    assert_eq!(world.len(), 1);
    assert_eq!(world.get(keys[0]), Some(Circle::new(Vec2::ZERO, 2.0)));

    // The error messages name the input and the reason.
    let message = world
        .insert(Circle::new(Vec2::ZERO, -1.0))
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("radius -1") && message.contains(">= 0"),
        "{message}"
    );

    // Still usable.
    find_into(&mut ctx, &world, a, b, 0.5, &limits, &mut path).unwrap();
    assert_eq!(path, before);
}

#[test]
fn start_and_goal_inside_or_on_a_circle() {
    let (world, keys) = world_with(&[
        Circle::new(Vec2::ZERO, 2.0),
        Circle::new(Vec2::new(20.0, 0.0), 3.0),
    ]);
    let limits = Limits::default();
    // Inside the inflated circle but outside the true one: blocked for this agent only.
    let start = Vec2::new(2.5, 0.0);
    let goal = Vec2::new(10.0, 0.0);
    let path = world.find_path(start, goal, 1.0, &limits).unwrap();
    assert_eq!(path.status(), PathStatus::StartBlocked);
    assert_eq!(path.blocking_circle(), Some(keys[0]));
    assert!(path.pieces().is_empty() && path.length() == 0.0);
    assert_eq!(
        world.find_path(start, goal, 0.4, &limits).unwrap().status(),
        PathStatus::Found
    );
    let path = world
        .find_path(goal, Vec2::new(20.0, 3.5), 1.0, &limits)
        .unwrap();
    assert_eq!(path.status(), PathStatus::GoalBlocked);
    assert_eq!(path.blocking_circle(), Some(keys[1]));
    // Exactly on the inflated circles: fine, and the path starts hugging right away.
    let circles = [
        Circle::new(Vec2::ZERO, 2.0),
        Circle::new(Vec2::new(20.0, 0.0), 3.0),
    ];
    for (start, goal) in [
        (Vec2::new(-3.0, 0.0), Vec2::new(3.0, 0.0)),
        (Vec2::new(0.0, 3.0), Vec2::new(0.0, -3.0)),
        (Vec2::new(-3.0, 0.0), Vec2::new(16.0, 0.0)),
        (Vec2::new(24.0, 0.0), Vec2::new(3.0, 0.0)),
    ] {
        let path = world.find_path(start, goal, 1.0, &limits).unwrap();
        assert_eq!(path.status(), PathStatus::Found, "{start} {goal}");
        check_path(&circles, 1.0, &path, 1e-5);
    }
    // Around half of the inflated circle of radius 3: 3π.
    let path = world
        .find_path(Vec2::new(-3.0, 0.0), Vec2::new(3.0, 0.0), 1.0, &limits)
        .unwrap();
    assert!(
        (path.length() - 3.0 * std::f64::consts::PI).abs() < 1e-6,
        "{}",
        path.length()
    );
    // Start equal to the goal, on a circle or not.
    for p in [Vec2::new(-3.0, 0.0), Vec2::new(10.0, 10.0)] {
        let path = world.find_path(p, p, 1.0, &limits).unwrap();
        assert_eq!((path.status(), path.length()), (PathStatus::Found, 0.0));
        assert_eq!(path.polyline(0.1).unwrap(), [p]);
    }
}

#[test]
fn no_path_limits_and_partial_paths() {
    let (world, _) = world_with(&ring());
    let limits = Limits::default();
    let (inside, outside) = (Vec2::new(1.0, 2.0), Vec2::new(30.0, 5.0));
    // The gaps between rocks are about 0.61 wide: a point passes, an agent of radius 0.4 does not.
    assert_eq!(
        world
            .find_path(inside, outside, 0.0, &limits)
            .unwrap()
            .status(),
        PathStatus::Found
    );
    let path = world.find_path(inside, outside, 0.4, &limits).unwrap();
    assert_eq!(path.status(), PathStatus::NoPath);
    assert!(path.pieces().is_empty() && path.polyline(0.1).unwrap().is_empty());
    assert_eq!(
        world
            .find_path(outside, inside, 0.4, &limits)
            .unwrap()
            .status(),
        PathStatus::NoPath
    );

    // Out of nodes.
    let (world, _) = world_with(&{
        let mut rng = Rng::new(5);
        random_circles(&mut rng, 60, 90.0, (1.0, 3.0), true, 0.0)
            .into_iter()
            .map(|c| Circle::new(c.center - Vec2::splat(45.0), c.radius))
            .collect::<Vec<_>>()
    });
    let (a, b) = (Vec2::new(-49.0, -49.0), Vec2::new(49.0, 49.0));
    let full = world.find_path(a, b, 0.3, &limits).unwrap();
    assert_eq!(full.status(), PathStatus::Found);
    assert!(full.expanded() > 3);
    let cut = world
        .find_path(a, b, 0.3, &limits.with_max_expanded(2))
        .unwrap();
    assert_eq!(cut.status(), PathStatus::LimitReached);
    assert!(cut.pieces().is_empty() && !cut.is_partial());
    assert!(cut.expanded() <= 2);
    // With a partial path: it starts at the start and ends closer to the goal.
    let partial = world
        .find_path(
            a,
            b,
            0.3,
            &limits.with_max_expanded(2).with_partial_path(true),
        )
        .unwrap();
    assert_eq!(partial.status(), PathStatus::LimitReached);
    assert!(partial.is_partial() && !partial.pieces().is_empty());
    let points = partial.polyline(0.05).unwrap();
    assert_eq!(points[0], a);
    assert!(points.last().unwrap().distance(b) < a.distance(b));

    // A length bound: shorter than the path, limit reached; longer, found.
    let short = world
        .find_path(a, b, 0.3, &limits.with_max_cost(full.length() * 0.999))
        .unwrap();
    assert_eq!(short.status(), PathStatus::LimitReached);
    let enough = world
        .find_path(a, b, 0.3, &limits.with_max_cost(full.length() * 1.001))
        .unwrap();
    assert_eq!(enough.status(), PathStatus::Found);
    assert_eq!(enough.length(), full.length());
}

#[test]
fn long_detours_need_wider_bounds_and_stay_optimal() {
    // A wall across the straight line: the path is far longer than the straight line, so the
    // first bounded attempts fail and the query widens its bound.
    let mut circles: Vec<Circle> = (0..30)
        .map(|i| Circle::new(Vec2::new(0.0, -29.0 + 2.0 * i as f32), 1.2))
        .collect();
    circles.push(Circle::new(Vec2::new(8.0, 30.0), 3.0));
    let (start, goal) = (Vec2::new(-3.0, -20.0), Vec2::new(3.0, -20.0));
    let path = world_of(&circles)
        .find_path(start, goal, 0.2, &Limits::default())
        .unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    assert!(path.length() > 3.0 * start.distance(goal) as f64);
    check_path(&circles, 0.2, &path, 1e-5);
    let oracle = common::polygon_oracle(&circles, 0.2, start, goal, 256).unwrap();
    assert!(path.length() <= oracle && path.length() >= oracle * (1.0 - 1e-3));
}

#[test]
fn edits_between_queries() {
    let (mut world, keys) = world_with(&[
        Circle::new(Vec2::ZERO, 2.0),
        Circle::new(Vec2::new(8.0, 0.0), 2.0),
    ]);
    let (a, b) = (Vec2::new(-6.0, 0.0), Vec2::new(14.0, 0.0));
    let limits = Limits::default();
    let mut ctx = CircleContext::new();
    let mut path = TangentPath::new();
    find_into(&mut ctx, &world, a, b, 0.5, &limits, &mut path).unwrap();
    let around_both = path.length();
    assert!(around_both > 20.0);

    // Move the first rock away: only the second one is in the way.
    assert_eq!(
        world
            .set(keys[0], Circle::new(Vec2::new(0.0, 30.0), 2.0))
            .unwrap(),
        Circle::new(Vec2::ZERO, 2.0)
    );
    find_into(&mut ctx, &world, a, b, 0.5, &limits, &mut path).unwrap();
    let around_one = path.length();
    assert!(around_one > 20.0 && around_one < around_both);

    // Remove the second: a straight line. Its handle is dead, the other one still works.
    assert_eq!(
        world.remove(keys[1]),
        Some(Circle::new(Vec2::new(8.0, 0.0), 2.0))
    );
    assert_eq!(world.remove(keys[1]), None);
    assert_eq!(world.get(keys[1]), None);
    assert!(matches!(
        world.set(keys[1], Circle::new(Vec2::ZERO, 1.0)),
        Err(TangentError::UnknownCircle { .. })
    ));
    assert!(world.contains(keys[0]) && !world.contains(keys[1]));
    find_into(&mut ctx, &world, a, b, 0.5, &limits, &mut path).unwrap();
    assert!((path.length() - 20.0).abs() < 1e-12);

    // A new circle never takes over an old handle.
    let new = world.insert(Circle::new(Vec2::new(4.0, 0.0), 1.0)).unwrap();
    assert_ne!(new, keys[1]);
    assert_eq!(world.get(keys[1]), None);
    assert_eq!(CircleKey::from_raw(new.to_raw()), new);
    assert_eq!(world.iter().count(), 2);
    find_into(&mut ctx, &world, a, b, 0.5, &limits, &mut path).unwrap();
    assert!(path.length() > 20.0);

    world.clear();
    assert!(world.is_empty() && world.get(keys[0]).is_none());
    find_into(&mut ctx, &world, a, b, 0.5, &limits, &mut path).unwrap();
    assert!((path.length() - 20.0).abs() < 1e-12);

    // A world over an index that already holds something is refused.
    let mut grid = HashGrid::new(Aabb::new(Vec2::ZERO, Vec2::splat(10.0)), 1.0).unwrap();
    grid.insert(Aabb::new(Vec2::ZERO, Vec2::ONE), 0u32).unwrap();
    assert!(matches!(
        CircleWorld::with_index(grid),
        Err(TangentError::IndexNotEmpty { len: 1 })
    ));
    // Bad bounds.
    assert!(matches!(
        CircleWorld::new(Aabb::new(Vec2::NAN, Vec2::ONE)),
        Err(TangentError::Spatial(_))
    ));
}

#[test]
fn any_spatial_index_gives_the_same_paths() {
    let mut rng = Rng::new(11);
    let circles = random_circles(&mut rng, 150, 100.0, (0.5, 3.0), true, 0.0);
    let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(100.0));
    let tree = world_of(&circles);
    let mut grid = CircleWorld::with_index(HashGrid::new(bounds, 6.0).unwrap()).unwrap();
    // Circles beyond the grid's bounds are handled too (clamped into border cells).
    let mut all = circles.clone();
    all.push(Circle::new(Vec2::new(130.0, 50.0), 4.0));
    for &c in &circles {
        grid.insert(c).unwrap();
    }
    let mut tree = tree;
    tree.insert(all[all.len() - 1]).unwrap();
    grid.insert(all[all.len() - 1]).unwrap();
    let mut ctx = CircleContext::new();
    let (mut p, mut q) = (TangentPath::new(), TangentPath::new());
    for _ in 0..20 {
        let a = free_point(&mut rng, &all, (Vec2::ZERO, Vec2::splat(140.0)), 0.6, 0.01).unwrap();
        let b = free_point(&mut rng, &all, (Vec2::ZERO, Vec2::splat(140.0)), 0.6, 0.01).unwrap();
        find_into(&mut ctx, &tree, a, b, 0.6, &Limits::default(), &mut p).unwrap();
        find_into(&mut ctx, &grid, a, b, 0.6, &Limits::default(), &mut q).unwrap();
        assert_eq!(p.status(), q.status());
        assert!((p.length() - q.length()).abs() <= 1e-9 * p.length());
        if p.is_found() {
            check_path(&all, 0.6, &p, 1e-4);
        }
    }
}

#[test]
fn polyline_stays_within_the_deviation_and_outside_the_circles() {
    let circles = [
        Circle::new(Vec2::new(0.0, 0.0), 5.0),
        Circle::new(Vec2::new(12.0, 3.0), 4.0),
    ];
    let path = world_of(&circles)
        .find_path(
            Vec2::new(-10.0, 1.0),
            Vec2::new(24.0, 2.0),
            0.5,
            &Limits::default(),
        )
        .unwrap();
    for dev in [1.0f32, 0.1, 0.001] {
        let points = path.polyline(dev).unwrap();
        assert_eq!(points[0], path.start());
        assert_eq!(*points.last().unwrap(), path.goal());
        // Every polyline edge stays outside the inflated circles (touching allowed) and every
        // arc point is within `dev` of the polyline.
        for w in points.windows(2) {
            for c in &circles {
                let d = nav_geom::query::distance_point_segment(
                    c.center,
                    &nav_geom::Segment::new(w[0], w[1]),
                );
                assert!(d >= c.radius + 0.5 - 1e-4, "{w:?} {c:?} {d}");
            }
        }
        for piece in path.pieces() {
            if let nav_tangent::PathPiece::Arc(arc) = piece {
                for i in 0..=100 {
                    let p = arc.point_at(i as f32 / 100.0);
                    let near = points
                        .windows(2)
                        .map(|w| {
                            nav_geom::query::distance_point_segment(
                                p,
                                &nav_geom::Segment::new(w[0], w[1]),
                            )
                        })
                        .fold(f32::INFINITY, f32::min);
                    assert!(near <= dev * 1.001 + 1e-4, "dev {dev}: {near}");
                }
            }
        }
        // Finer deviations need more points.
        assert!(points.len() >= 4);
    }
    assert!(path.polyline(0.001).unwrap().len() > path.polyline(1.0).unwrap().len());
}
