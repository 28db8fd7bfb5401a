//! `connected` after edits: along random sequences of small edits in a world of many
//! obstacles (each edit repairs the triangulation and derives again only the tiles it
//! changed), every answer, and how it was decided (ends, widths, roadmap or search), equals
//! the answer of a world built from scratch with the same obstacles.

use nav_geom::{Aabb, Vec2};
use nav_mesh::{Decided, MeshContext, MeshWorld, Obstacle, ObstacleId};
use nav_testkit::TestRng;

const SIZE: f32 = 48.0;

fn obstacle(rng: &mut TestRng) -> Obstacle {
    let c = Vec2::new(
        rng.range_f32(1.0, SIZE - 1.0),
        rng.range_f32(1.0, SIZE - 1.0),
    );
    if rng.chance(0.6) {
        // Boxes on a lattice: shared edges and corners, 1-cell corridors.
        let c = c.round();
        let h = Vec2::new(
            rng.below(3) as f32 * 0.5 + 0.5,
            rng.below(3) as f32 * 0.5 + 0.5,
        );
        Obstacle::Box(Aabb::new(c - h, c + h))
    } else {
        let n = 3 + rng.below(4) as usize;
        Obstacle::Polygon(
            (0..n)
                .map(|i| {
                    let a = (i as f32 + rng.range_f32(0.1, 0.9)) / n as f32 * std::f32::consts::TAU;
                    c + Vec2::from_angle(a) * rng.range_f32(0.4, 1.6)
                })
                .collect(),
        )
    }
}

fn world_of(obstacles: &[(ObstacleId, Obstacle)]) -> MeshWorld {
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(SIZE))).unwrap();
    for (_, o) in obstacles {
        world.insert(o.clone()).unwrap();
    }
    world
}

#[test]
fn connected_after_random_edits_equals_a_fresh_world() {
    let mut decided = [0usize; 4];
    for seed in 0..3u64 {
        let mut rng = TestRng::new(4200 + seed);
        let mut live: Vec<(ObstacleId, Obstacle)> = Vec::new();
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(SIZE))).unwrap();
        for _ in 0..150 {
            let o = obstacle(&mut rng);
            if let Ok(id) = world.insert(o.clone()) {
                live.push((id, o));
            }
        }
        assert!(world.prepare_connected() > 0);
        let (mut ca, mut cb) = (MeshContext::new(), MeshContext::new());
        for step in 0..24 {
            match rng.below(3) {
                0 => {
                    let o = obstacle(&mut rng);
                    if let Ok(id) = world.insert(o.clone()) {
                        live.push((id, o));
                    }
                }
                1 if !live.is_empty() => {
                    let (id, _) = live.swap_remove(rng.below(live.len() as u64) as usize);
                    assert!(world.remove(id).is_some());
                }
                _ if !live.is_empty() => {
                    let i = rng.below(live.len() as u64) as usize;
                    let o = obstacle(&mut rng);
                    if world.set(live[i].0, o.clone()).is_ok() {
                        live[i].1 = o;
                    }
                }
                _ => {}
            }
            let fresh = world_of(&live);
            for q in 0..30 {
                let r = [0.0f32, 0.3, 0.5, 1.0][q % 4];
                let a = Vec2::new(rng.range_f32(0.0, SIZE), rng.range_f32(0.0, SIZE));
                let b = Vec2::new(rng.range_f32(0.0, SIZE), rng.range_f32(0.0, SIZE));
                let x = ca.connected_how(&world, a, b, r).unwrap();
                let y = cb.connected_how(&fresh, a, b, r).unwrap();
                assert_eq!(
                    x, y,
                    "seed {seed} step {step}: connected {a} {b} r {r}: edited world against a fresh one"
                );
                decided[match x.1 {
                    Decided::Ends => 0,
                    Decided::Widths => 1,
                    Decided::Roadmap => 2,
                    _ => 3,
                }] += 1;
            }
            let built = world.connected_build().expect("built");
            assert!(
                built.repaired,
                "seed {seed} step {step}: repaired, not rebuilt"
            );
        }
    }
    // Every way of deciding was met.
    assert!(decided.iter().all(|&n| n > 0), "decided by: {decided:?}");
}
