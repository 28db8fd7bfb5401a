//! Every returned path, raw and smoothed, checked by the independent geometric checker of
//! `common` on random worlds, for radii from tiny to large.

mod common;

use common::{
    FindPath, RefShape, Rng, Scene, check_path, disc_blocked, dist_point_segment,
    dist_segment_shape, length,
};
use nav_agent::{Agent, AgentContext, AgentHeuristic, Vec2};
use nav_search::{Limits, PathStatus};

/// The checker's own distance formulas against brute-force sampling, so that the checker is
/// known to be right before it judges the crate.
#[test]
fn checker_formulas_agree_with_dense_sampling() {
    let mut rng = Rng::new(0x5eed_0001);
    for _ in 0..300 {
        let a = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        let b = [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)];
        let c = [rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)];
        let shapes = [
            RefShape::Disc {
                center: c,
                radius: rng.range(0.0, 2.0),
            },
            RefShape::Box {
                min: c,
                max: [c[0] + rng.range(0.0, 3.0), c[1] + rng.range(0.0, 3.0)],
            },
        ];
        for shape in &shapes {
            let exact = dist_segment_shape(a, b, shape);
            let mut sampled = f64::INFINITY;
            let n = 4000;
            for k in 0..=n {
                let t = k as f64 / n as f64;
                let p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
                let d = match *shape {
                    RefShape::Disc { center, radius } => {
                        (dist_point_segment(center, p, p) - radius).max(0.0)
                    }
                    RefShape::Box { min, max } => {
                        let dx = (min[0] - p[0]).max(p[0] - max[0]).max(0.0);
                        let dy = (min[1] - p[1]).max(p[1] - max[1]).max(0.0);
                        (dx * dx + dy * dy).sqrt()
                    }
                };
                sampled = sampled.min(d);
            }
            // Sampling can only overestimate, by at most half a sample spacing.
            let spacing = ((b[0] - a[0]).hypot(b[1] - a[1])) / n as f64;
            assert!(
                exact <= sampled + 1e-12,
                "{shape:?} {a:?} {b:?}: {exact} > {sampled}"
            );
            assert!(
                sampled - exact <= spacing,
                "{shape:?} {a:?} {b:?}: {exact} vs {sampled}"
            );
        }
    }
}

#[test]
fn paths_on_random_worlds_keep_their_distance() {
    let mut rng = Rng::new(0xa9e7_2024);
    let radii = [0.02f32, 0.1, 0.3, 0.7, 1.5, 3.0, 6.0];
    let mut found = 0;
    let mut statuses = std::collections::HashMap::new();
    for world_no in 0..6 {
        let scene = Scene::random(&mut rng, 60.0, 40.0, 40, 1.0, 7.0);
        let world = scene.world();
        let shapes = scene.shapes();
        let mut ctx = AgentContext::new();
        for &radius in &radii {
            let step = (radius * 0.75).clamp(0.25, 1.5);
            let heuristic = [
                AgentHeuristic::Octile,
                AgentHeuristic::IntegerOctile,
                AgentHeuristic::Euclidean,
            ][world_no % 3];
            let agent = Agent::new(radius, step).unwrap().with_heuristic(heuristic);
            for _ in 0..6 {
                let start = rng.point((0.0, 0.0), (60.0, 40.0));
                let goal = rng.point((0.0, 0.0), (60.0, 40.0));
                let path = world
                    .find_path(&mut ctx, start, goal, &agent, &Limits::default())
                    .unwrap();
                *statuses.entry(path.status()).or_insert(0) += 1;
                let what = format!("world {world_no}, r {radius}, {start:?} -> {goal:?}");
                let (start_out, start_hit) = disc_blocked(&scene, start, radius);
                let (goal_out, goal_hit) = disc_blocked(&scene, goal, radius);
                match path.status() {
                    PathStatus::Found => {
                        found += 1;
                        assert_eq!(path.points().first(), Some(&start), "{what}");
                        assert_eq!(path.points().last(), Some(&goal), "{what}");
                        assert_eq!(path.raw_points().first(), Some(&start), "{what}");
                        assert_eq!(path.raw_points().last(), Some(&goal), "{what}");
                        let (min, max) = (scene.min, scene.max);
                        check_path(min, max, &shapes, None, radius, path.points(), &what);
                        check_path(min, max, &shapes, None, radius, path.raw_points(), &what);
                        assert!(path.length() <= path.raw_length() + 1e-9, "{what}");
                        assert!((path.length() - length(path.points())).abs() < 1e-9);
                        // Raw steps are lattice moves, except the first and last.
                        let raw = path.raw_points();
                        for w in raw[1..raw.len() - 1].windows(2) {
                            let d = w[0].distance(w[1]);
                            assert!(
                                (d - step).abs() < 1e-3 * step
                                    || (d - step * 2f32.sqrt()).abs() < 1e-3 * step,
                                "{what}: raw step {d}"
                            );
                        }
                    }
                    PathStatus::OutOfBounds => assert!(start_out || goal_out, "{what}"),
                    PathStatus::StartBlocked => assert!(!start_out && start_hit, "{what}"),
                    PathStatus::GoalBlocked => {
                        assert!(!start_out && !goal_out && !start_hit && goal_hit, "{what}")
                    }
                    PathStatus::NoPath | PathStatus::LimitReached => {
                        assert!(path.points().is_empty(), "{what}");
                        assert!(!start_out && !goal_out && !start_hit && !goal_hit, "{what}");
                    }
                    other => panic!("{what}: unexpected status {other}"),
                }
                if !matches!(path.status(), PathStatus::OutOfBounds) {
                    // Where the checker sees room (with a visible margin), the crate agrees.
                    let margin = 1e-3;
                    let (_, clear_start) = disc_blocked(&scene, start, radius + margin);
                    if !start_out && !clear_start {
                        assert_ne!(path.status(), PathStatus::StartBlocked, "{what}");
                    }
                }
            }
        }
    }
    assert!(found >= 60, "only {found} paths found: {statuses:?}");
}

#[test]
fn thin_walls_are_never_stepped_over() {
    // Walls much thinner than the step, at every offset against the lattice.
    for k in 0..10 {
        let mut scene = Scene::new(20.0, 10.0);
        let x = 7.0 + k as f32 * 0.137;
        scene.boxes.push(nav_agent::Aabb::new(
            Vec2::new(x, 0.0),
            Vec2::new(x + 0.01, 10.0),
        ));
        let world = scene.world();
        let agent = Agent::new(0.1, 2.0).unwrap();
        let path = world
            .find_path(
                &mut AgentContext::new(),
                Vec2::new(2.0, 5.0),
                Vec2::new(18.0, 5.0),
                &agent,
                &Limits::default(),
            )
            .unwrap();
        assert_eq!(path.status(), PathStatus::NoPath, "wall at {x}");
    }
}
