//! nav's lengths against an independent oracle: the shortest path among regular 256-gons that
//! circumscribe the inflated circles. The oracle's path avoids the circles, so nav's length can
//! never exceed it; 256-gons are only 7.5e-5 larger than their circles, so nav must be within
//! 1e-3 of it. Every returned path also passes the geometric checker.

mod common;

use common::{FindPath, Rng, check_path, free_point, polygon_oracle, random_circles, world_of};
use nav_geom::Vec2;
use nav_search::Limits;
use nav_search::PathStatus;

/// Runs `scenes` random scenes of `n` circles and returns how many were compared with a path.
fn compare(seed: u64, scenes: usize, n: usize, overlap: bool, agent: f32) -> usize {
    let size = 40.0;
    let mut compared = 0;
    for scene in 0..scenes {
        let mut rng = Rng::new(seed * 1_000 + scene as u64);
        let circles = random_circles(&mut rng, n, size, (1.0, 4.5), overlap, agent);
        // Polygon corners stick out by r (1/cos(π/256) - 1) < 4e-4: keep start and goal clear.
        let clearance = 1e-2;
        // From the left side to the right side, so that most paths must bend.
        let left = (Vec2::new(-2.0, -2.0), Vec2::new(size * 0.2, size + 2.0));
        let right = (
            Vec2::new(size * 0.8, -2.0),
            Vec2::new(size + 2.0, size + 2.0),
        );
        let (Some(start), Some(goal)) = (
            free_point(&mut rng, &circles, left, agent, clearance),
            free_point(&mut rng, &circles, right, agent, clearance),
        ) else {
            continue;
        };
        let world = world_of(&circles);
        let path = world
            .find_path(start, goal, agent, &Limits::default())
            .unwrap();
        let oracle = polygon_oracle(&circles, agent, start, goal, 256);
        let context = format!(
            "seed {seed} scene {scene} overlap {overlap} agent {agent}: {start} -> {goal}, \
             nav {:?} {}, oracle {oracle:?}\ncircles {circles:?}",
            path.status(),
            path.length()
        );
        // Without an oracle path (the polygons, being larger, may close a gap nav goes
        // through) nav's path, if any, is still checked below.
        if let Some(bound) = oracle {
            assert_eq!(path.status(), PathStatus::Found, "{context}");
            assert!(path.length() <= bound * (1.0 + 1e-9), "{context}");
            assert!(path.length() >= bound * (1.0 - 1e-3), "{context}");
            compared += 1;
        }
        if path.is_found() {
            check_path(&circles, agent, &path, 1e-4);
        }
    }
    compared
}

#[test]
fn separate_circles_point_agent() {
    assert!(compare(1, 24, 10, false, 0.0) >= 20);
}

#[test]
fn separate_circles_disc_agent() {
    assert!(compare(2, 24, 10, false, 0.6) >= 20);
}

#[test]
fn overlapping_circles_point_agent() {
    assert!(compare(3, 24, 14, true, 0.0) >= 15);
}

#[test]
fn overlapping_circles_disc_agent() {
    assert!(compare(4, 24, 14, true, 0.8) >= 12);
}
