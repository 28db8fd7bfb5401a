//! Edits: after every step of random insert / set (move, reshape) / remove sequences, every
//! query on the edited world gives the answer of a world built from scratch with the same
//! obstacles: path statuses and lengths, fits, raycasts, nearest fits, connectivity.

mod common;

use common::{Rng, mesh_obstacle, rounded, v};
use glam::DVec2;
use nav_geom::Aabb;
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, ObstacleId};
use nav_testkit::polygon_oracle::{OracleObstacle, RandomWorld, random_world};

const SIZE: f64 = 20.0;

fn from_scratch(obstacles: &[(ObstacleId, OracleObstacle)]) -> MeshWorld {
    let mut world = MeshWorld::new(Aabb::new(v(DVec2::ZERO), v(DVec2::splat(SIZE)))).unwrap();
    for (_, o) in obstacles {
        world.insert(mesh_obstacle(o)).unwrap();
    }
    world
}

fn same_answers(edited: &MeshWorld, fresh: &MeshWorld, rng: &mut Rng, step: &str) {
    let (mut a, mut b) = (MeshContext::new(), MeshContext::new());
    for _ in 0..6 {
        let r = [0.0f32, 0.4, 1.2][rng.below(3)];
        let s = v(rng.point(DVec2::ZERO, DVec2::splat(SIZE)));
        let g = v(rng.point(DVec2::ZERO, DVec2::splat(SIZE)));
        let query = MeshQuery::new(s, g).with_radius(r);
        let pa = a.find_path(edited, &query).unwrap();
        let pb = b.find_path(fresh, &query).unwrap();
        assert_eq!(pa.status(), pb.status(), "{step}: from {s} to {g} r {r}");
        let (ca, cb) = (pa.cost(), pb.cost());
        assert!(
            (ca - cb).abs() <= 1e-9 * ca.max(1.0),
            "{step}: from {s} to {g} r {r}: edited {ca} vs fresh {cb}"
        );
        assert_eq!(
            edited.fits(s, r).unwrap(),
            fresh.fits(s, r).unwrap(),
            "{step}: fits {s} r {r}"
        );
        let dir = v(DVec2::from_angle(rng.range(0.0, std::f64::consts::TAU)));
        let ra = edited.raycast(s, dir, 25.0, r).unwrap();
        let rb = fresh.raycast(s, dir, 25.0, r).unwrap();
        match (ra, rb) {
            (Some(x), Some(y)) => assert!((x - y).abs() <= 1e-5, "{step}: raycast {x} vs {y}"),
            (x, y) => assert_eq!(x, y, "{step}: raycast from {s} dir {dir} r {r}"),
        }
        let na = edited.nearest_fit(s, r).unwrap();
        let nb = fresh.nearest_fit(s, r).unwrap();
        match (na, nb) {
            (Some(x), Some(y)) => assert!(
                (x.distance(s) - y.distance(s)).abs() <= 1e-4,
                "{step}: nearest_fit {x} vs {y} from {s} r {r}"
            ),
            (x, y) => assert_eq!(x, y, "{step}: nearest_fit from {s} r {r}"),
        }
        assert_eq!(
            edited.connected(s, g, r).unwrap(),
            fresh.connected(s, g, r).unwrap(),
            "{step}: connected {s} {g} r {r}"
        );
    }
}

/// Runs `steps` random edits of sequence `seed` (inserts, sets, removes drawn from a pool of
/// random obstacles), checking after each that every query equals a fresh world's, then
/// calling `after(step, world)`.
fn edit_sequence(seed: u64, steps: usize, mut after: impl FnMut(usize, &MeshWorld)) {
    let spec = RandomWorld {
        size: SIZE,
        obstacles: 40,
        circles: seed % 2 == 1,
        scale: 2.5,
        overlaps: true,
    };
    let pool = rounded(&random_world(seed * 31 + 7, spec)).obstacles;
    let mut rng = Rng::new(seed);
    let mut world = MeshWorld::new(Aabb::new(v(DVec2::ZERO), v(DVec2::splat(SIZE)))).unwrap();
    let mut live: Vec<(ObstacleId, OracleObstacle)> = Vec::new();
    for step in 0..steps {
        let op = rng.below(4);
        let label;
        if live.is_empty() || op <= 1 {
            let o = pool[rng.below(pool.len())].clone();
            let id = world.insert(mesh_obstacle(&o)).unwrap();
            live.push((id, o));
            label = format!("seed {seed} step {step}: insert");
        } else if op == 2 {
            let i = rng.below(live.len());
            let o = pool[rng.below(pool.len())].clone();
            world.set(live[i].0, mesh_obstacle(&o)).unwrap();
            live[i].1 = o;
            label = format!("seed {seed} step {step}: set {i}");
        } else {
            let i = rng.below(live.len());
            let (id, _) = live.remove(i);
            assert!(world.remove(id).is_some());
            assert!(world.remove(id).is_none(), "a removed handle stays invalid");
            label = format!("seed {seed} step {step}: remove {i}");
        }
        assert_eq!(world.len(), live.len());
        let fresh = from_scratch(&live);
        same_answers(&world, &fresh, &mut rng, &label);
        after(step, &world);
    }
}

#[test]
fn random_edit_sequences_match_a_rebuild() {
    for seed in 0..6u64 {
        edit_sequence(seed, 40, |_, _| {});
    }
}

/// Found by a soak with more seeds (2026-12-02): at step 32 of sequence 620, spade 2.15.1's
/// `add_constraint_and_split` fails an internal assertion while the edit repairs the
/// triangulation behind `connected` (its panic message is printed). The repair is dropped and
/// the next `connected` triangulates the world again: the answers still equal a fresh
/// world's, and the build reports a full triangulation, not a repaired one.
#[test]
fn a_repair_spade_rejects_falls_back_to_a_full_triangulation() {
    let mut repaired = Vec::new();
    edit_sequence(620, 33, |step, world| {
        let build = world.connected_build().expect("connected was asked");
        repaired.push((step, build.repaired));
    });
    assert_eq!(
        &repaired[31..],
        &[(31, true), (32, false)],
        "step 31 is repaired, step 32 falls back (if spade no longer rejects this repair, \
         the fallback needs another case)"
    );
}
