//! `connected` after edits: along random sequences of small edits in a world of many
//! obstacles (each edit repairs the triangulation and derives again only the tiles it
//! changed), every answer equals the answer of a world built from scratch with the same
//! obstacles, and so does how it was decided (ends, widths, roadmap or search) wherever the
//! two triangulations are the same. They may differ: where obstacles overlap, or corners are
//! cocircular, the constrained Delaunay triangulation depends on the order of insertion (two
//! fresh worlds with the same obstacles in different orders differ too), and with it what the
//! widths can prove.

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

/// The world's free triangles, each with its corners sorted, in sorted order.
fn triangles(world: &MeshWorld) -> Vec<[[u32; 2]; 3]> {
    let mut all: Vec<[[u32; 2]; 3]> = world
        .free_triangles()
        .iter()
        .map(|t| {
            let mut c = t.map(|p| [p.x.to_bits(), p.y.to_bits()]);
            c.sort_unstable();
            c
        })
        .collect();
    all.sort_unstable();
    all
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
    let (mut same, mut differ) = (0usize, 0usize);
    // Seed 121 (found by a run over seeds 100..130): an edited triangulation that differs
    // from the fresh one, where the fresh widths prove "not connected" and the edited world
    // searches.
    for seed in [0, 1, 2, 121u64] {
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
            let mut alike = None;
            for q in 0..30 {
                let r = [0.0f32, 0.3, 0.5, 1.0][q % 4];
                let a = Vec2::new(rng.range_f32(0.0, SIZE), rng.range_f32(0.0, SIZE));
                let b = Vec2::new(rng.range_f32(0.0, SIZE), rng.range_f32(0.0, SIZE));
                let x = ca.connected_how(&world, a, b, r).unwrap();
                let y = cb.connected_how(&fresh, a, b, r).unwrap();
                assert_eq!(
                    x.0, y.0,
                    "seed {seed} step {step}: connected {a} {b} r {r}: edited world against a fresh one"
                );
                if x.1 != y.1 {
                    let alike =
                        *alike.get_or_insert_with(|| triangles(&world) == triangles(&fresh));
                    assert!(
                        !alike,
                        "seed {seed} step {step}: connected {a} {b} r {r}: decided by {:?} in the \
                         edited world, by {:?} in a fresh one with the same triangles",
                        x.1, y.1
                    );
                }
                decided[match x.1 {
                    Decided::Ends => 0,
                    Decided::Widths => 1,
                    Decided::Roadmap => 2,
                    _ => 3,
                }] += 1;
            }
            if *alike.get_or_insert_with(|| triangles(&world) == triangles(&fresh)) {
                same += 1;
            } else {
                differ += 1;
            }
            let built = world.connected_build().expect("built");
            assert!(
                built.repaired,
                "seed {seed} step {step}: repaired, not rebuilt"
            );
        }
    }
    // Every way of deciding was met, and both kinds of step came up.
    assert!(decided.iter().all(|&n| n > 0), "decided by: {decided:?}");
    assert!(
        same > 0 && differ > 0,
        "steps with the same triangles {same}, different {differ}"
    );
}
