//! One test per pitfall that issue 5 lists from public implementations of this method. (The
//! last one, a heuristic left at zero, needs the graph itself: `src/query/tests.rs`.)

mod common;

use std::f64::consts::{FRAC_PI_2, PI};

use common::{FindPath, Rng, check_path, polygon_oracle, random_circles, world_of};
use nav_geom::{Circle, Vec2};
use nav_search::Limits;
use nav_search::PathStatus;
use nav_tangent::{PathPiece, TangentPath};

fn find(circles: &[Circle], start: Vec2, goal: Vec2, agent: f32) -> TangentPath {
    world_of(circles)
        .find_path(start, goal, agent, &Limits::default())
        .unwrap()
}

fn arcs(path: &TangentPath) -> Vec<nav_geom::Arc> {
    path.pieces()
        .iter()
        .filter_map(|p| match p {
            PathPiece::Arc(a) => Some(*a),
            PathPiece::Line(_) => None,
        })
        .collect()
}

/// Pitfall: arc lengths from a raw angle difference go the long way round when the arc crosses
/// the ±π direction. The path around the left side of a rock crosses it; its length must be
/// the short arc's, the same as the mirrored path that does not cross it, and the same in
/// every rotation of the scene.
#[test]
fn arcs_across_the_pi_direction_are_short() {
    let rock = Circle::new(Vec2::ZERO, 3.5);
    let (start, goal) = (Vec2::new(-3.0, 3.0), Vec2::new(-3.0, -3.0));
    let path = find(&[rock], start, goal, 0.0);
    assert_eq!(path.status(), PathStatus::Found);
    // Two tangents of length sqrt(|S|² - r²) and the arc between the tangent points, at
    // 135° + acos(r/|S|) and 225° - acos(r/|S|).
    let d = 18f64.sqrt();
    let sweep = FRAC_PI_2 - 2.0 * (3.5 / d).acos();
    let want = 2.0 * (d * d - 3.5 * 3.5).sqrt() + 3.5 * sweep;
    assert!(
        (path.length() - want).abs() < 1e-9 * want,
        "{} {want}",
        path.length()
    );
    let [arc] = arcs(&path)[..] else {
        panic!("{:?}", path.pieces())
    };
    assert!((arc.sweep as f64 - sweep).abs() < 1e-6, "{}", arc.sweep);
    // The arc passes through the -x direction.
    assert!(arc.point_at(0.5).x < -3.4);
    check_path(&[rock], 0.0, &path, 1e-5);

    // Mirrored (around the +x side, no crossing) and rotated copies: the same length.
    let mirrored = find(&[rock], Vec2::new(3.0, 3.0), Vec2::new(3.0, -3.0), 0.0);
    assert!((mirrored.length() - want).abs() < 1e-9 * want);
    for k in 0..12 {
        let angle = k as f32 * PI as f32 / 6.0 + 0.1;
        let turn = |p: Vec2| Vec2::from_angle(angle).rotate(p);
        let rotated = find(&[rock], turn(start), turn(goal), 0.0);
        assert!(
            (rotated.length() - want).abs() < 1e-6 * want,
            "rotation {k}: {} {want}",
            rotated.length()
        );
        assert!(arcs(&rotated).iter().all(|a| (a.sweep as f64) < PI));
    }
}

/// Pitfall: a constant added to every edge cost makes paths suboptimal (it favours paths with
/// fewer edges). A slalom between staggered rocks needs many short edges; its length must equal
/// the sum of its pieces and agree with the polygon oracle.
#[test]
fn edge_costs_are_exact_lengths() {
    let rocks: Vec<Circle> = (1..=8)
        .map(|i| {
            Circle::new(
                Vec2::new(4.0 * i as f32, if i % 2 == 0 { -1.5 } else { 1.5 }),
                2.0,
            )
        })
        .collect();
    let (start, goal) = (Vec2::new(0.0, 0.0), Vec2::new(36.0, 0.0));
    let path = find(&rocks, start, goal, 0.0);
    assert_eq!(path.status(), PathStatus::Found);
    assert!(arcs(&path).len() >= 6, "{:?}", path.pieces());
    // `check_path` asserts that the reported length is the sum of the pieces.
    check_path(&rocks, 0.0, &path, 1e-5);
    let oracle = polygon_oracle(&rocks, 0.0, start, goal, 256).unwrap();
    assert!(path.length() <= oracle && path.length() >= oracle * (1.0 - 1e-4));
    // A path with fewer edges exists (round the whole row) but is much longer.
    assert!(path.length() < 38.0, "{}", path.length());
}

/// Pitfall: code that assumes every circle has tangent nodes crashes when one has none: a circle
/// inside another, one covered by the union of two others, a circle of radius zero, a world of
/// such circles only.
#[test]
fn circles_without_tangent_nodes() {
    let circles = [
        Circle::new(Vec2::new(0.0, 0.0), 4.0),
        Circle::new(Vec2::new(1.0, 0.5), 1.0), // inside the first
        Circle::new(Vec2::new(10.0, 0.0), 0.0), // a point
        Circle::new(Vec2::new(20.0, 0.0), 3.0),
        Circle::new(Vec2::new(24.0, 0.0), 3.0),
        Circle::new(Vec2::new(22.0, 0.0), 1.2), // covered by the two around it, by neither alone
        Circle::new(Vec2::new(0.0, 0.0), 4.0),  // the first one again
    ];
    for agent in [0.0, 0.5] {
        for (start, goal) in [
            (Vec2::new(-8.0, 0.0), Vec2::new(30.0, 0.5)),
            (Vec2::new(10.0, 6.0), Vec2::new(22.0, -7.0)),
            (Vec2::new(-6.0, -6.0), Vec2::new(7.0, 5.0)),
        ] {
            let path = find(&circles, start, goal, agent);
            assert_eq!(path.status(), PathStatus::Found);
            check_path(&circles, agent, &path, 1e-5);
            let oracle = polygon_oracle(&circles, agent, start, goal, 256).unwrap();
            assert!(path.length() <= oracle && path.length() >= oracle * (1.0 - 1e-3));
            // No arc around a circle that is swallowed by others.
            for arc in arcs(&path) {
                assert!(arc.center.distance(Vec2::new(22.0, 0.0)) > 0.5);
                assert!(arc.center.distance(Vec2::new(1.0, 0.5)) > 0.5);
            }
        }
    }
    // Only nested and point circles around the straight line.
    let nested = [
        Circle::new(Vec2::new(0.0, 5.0), 2.0),
        Circle::new(Vec2::new(0.0, 5.0), 1.0),
        Circle::new(Vec2::new(3.0, 0.0), 0.0),
    ];
    let path = find(&nested, Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0), 0.0);
    assert!((path.length() - 10.0).abs() < 1e-12);
}

/// Pitfall: hugging arcs that ignore overlapping circles pass through obstacles. The start is
/// just right of the top of rock A, the goal just right of its bottom: alone, A would be passed
/// on its right, but B overlaps A there, so the path must go round A's left side.
#[test]
fn hugging_arcs_respect_overlapping_circles() {
    let circles = [
        Circle::new(Vec2::new(0.0, 0.0), 3.0),
        Circle::new(Vec2::new(4.5, 0.0), 3.0),
    ];
    let (start, goal) = (Vec2::new(1.0, 5.0), Vec2::new(1.0, -5.0));
    for agent in [0.0, 0.4] {
        let path = find(&circles, start, goal, agent);
        assert_eq!(path.status(), PathStatus::Found);
        check_path(&circles, agent, &path, 1e-5);
        let oracle = polygon_oracle(&circles, agent, start, goal, 256).unwrap();
        assert!(path.length() <= oracle && path.length() >= oracle * (1.0 - 1e-3));
        let [arc] = arcs(&path)[..] else {
            panic!("{:?}", path.pieces())
        };
        assert_eq!(arc.center, Vec2::ZERO);
        assert!(arc.point_at(0.5).x < -2.9, "{arc:?}");
    }
    // Without B, the same query goes round the right side.
    let alone = find(&circles[..1], start, goal, 0.0);
    assert!(arcs(&alone)[0].point_at(0.5).x > 2.9);
}

/// Pitfall: deduplicating nodes by rounding to a fixed absolute precision breaks small or large
/// worlds. The same scene scaled by powers of two (exact in f32) from 1/4096 to 65536 gives
/// paths with the same shape and lengths in the same ratio, each checked at its own scale.
#[test]
fn tiny_and_huge_worlds_give_the_same_paths() {
    let mut rng = Rng::new(78);
    let circles = random_circles(&mut rng, 14, 40.0, (1.0, 4.5), true, 0.5);
    let (start, goal) = (Vec2::new(-1.5, 20.0), Vec2::new(41.5, 19.0));
    let reference = find(&circles, start, goal, 0.5);
    assert_eq!(reference.status(), PathStatus::Found);
    assert!(arcs(&reference).len() >= 2);
    for scale in [1.0 / 4096.0, 1.0 / 64.0, 64.0, 4096.0, 65536.0f32] {
        let scaled: Vec<Circle> = circles
            .iter()
            .map(|c| Circle::new(c.center * scale, c.radius * scale))
            .collect();
        let path = find(&scaled, start * scale, goal * scale, 0.5 * scale);
        assert_eq!(path.status(), PathStatus::Found, "scale {scale}");
        let ratio = path.length() / (reference.length() * scale as f64);
        assert!((ratio - 1.0).abs() < 1e-9, "scale {scale}: ratio {ratio}");
        assert_eq!(
            path.pieces().len(),
            reference.pieces().len(),
            "scale {scale}"
        );
        check_path(&scaled, 0.5 * scale, &path, 1e-5 * scale as f64 * 40.0);
    }
}
