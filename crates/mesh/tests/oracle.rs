//! The proof against an independent oracle (`nav_testkit::polygon_oracle`): on random worlds
//! of convex and non-convex polygons, boxes, thin rotated walls and circles, with and without
//! overlaps, for radii from 0 to several units,
//!
//! * a found path's length lies inside the oracle's bracket `[lower, upper]` (obstacles grown
//!   by inscribed and circumscribed regular polygons), within 1e-6 relative;
//! * the statuses agree wherever the bracket decides them (`lower == None` proves no path,
//!   `upper == Some` proves one), and start/goal blocked / out of bounds agree with brute
//!   force distances;
//! * every found path passes the geometric checker (pieces join, clearance, bounds, arcs
//!   around corners, reported length = sum of pieces).
//!
//! Circles are exact in the mesh (arcs of radius `R + r`): both bounds grow the true circle,
//! by inscribed and circumscribed regular polygons as for corners.

mod common;

use common::{Rng, mesh_world, rounded, v};
use glam::DVec2;
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, PathStatus};
use nav_testkit::polygon_oracle::{
    Bracket, Growth, OracleWorld, RandomWorld, check_piece_path, grown_shortest_path, random_world,
};

const K: usize = 24;
const REL: f64 = 1e-6;

struct Tally {
    queries: usize,
    unsearched: usize,
    found: usize,
    no_path: usize,
    undecided: usize,
    worst_below: f64,
    worst_above: f64,
    widest: f64,
}

fn bracket(world: &OracleWorld, r: f64, s: DVec2, g: DVec2) -> Bracket {
    Bracket {
        lower: grown_shortest_path(world, r, s, g, K, Growth::Inscribed).map(|p| p.length),
        upper: grown_shortest_path(world, r, s, g, K, Growth::Circumscribed).map(|p| p.length),
    }
}

fn check_query(
    world: &OracleWorld,
    mesh: &MeshWorld,
    ctx: &mut MeshContext,
    r: f64,
    s: DVec2,
    g: DVec2,
    tally: &mut Tally,
) {
    let query = MeshQuery::new(v(s), v(g)).with_radius(r as f32);
    let path = ctx.find_path(mesh, &query).unwrap();
    let status = path.status();
    let context = || format!("world {world:?}\nr {r} from {s} to {g}");
    // Statuses that need no search: brute-force distances.
    let expected_unsearched = if !world.disc_in_bounds(s, r) {
        Some(PathStatus::OutOfBounds)
    } else if world.signed_clearance(s) < r {
        Some(PathStatus::StartBlocked)
    } else if !world.disc_in_bounds(g, r) {
        Some(PathStatus::OutOfBounds)
    } else if world.signed_clearance(g) < r {
        Some(PathStatus::GoalBlocked)
    } else {
        None
    };
    tally.queries += 1;
    if let Some(expected) = expected_unsearched {
        tally.unsearched += 1;
        assert_eq!(status, expected, "{}", context());
        return;
    }
    let b = bracket(world, r, s, g);
    match status {
        PathStatus::Found => {
            tally.found += 1;
            let length = path.cost();
            let lower = b.lower.unwrap_or_else(|| {
                panic!(
                    "found a path of {length} where even the lower problem has none\n{}",
                    context()
                )
            });
            assert!(
                b.contains(length, REL),
                "length {length} outside the bracket {b:?}\n{}\npath {:?}",
                context(),
                path.path()
            );
            tally.worst_below = tally.worst_below.max((lower - length) / lower.max(1e-9));
            if let Some(upper) = b.upper {
                tally.worst_above = tally.worst_above.max((length - upper) / upper.max(1e-9));
                tally.widest = tally.widest.max((upper - lower) / lower.max(1e-9));
            } else {
                tally.undecided += 1;
            }
            check_piece_path(world, r, s, g, path.path(), length)
                .unwrap_or_else(|e| panic!("checker: {e}\n{}\npath {:?}", context(), path.path()));
        }
        PathStatus::NoPath => {
            tally.no_path += 1;
            assert_eq!(
                b.upper,
                None,
                "no path, but the upper problem has one\n{}",
                context()
            );
            if b.lower.is_some() {
                tally.undecided += 1;
            }
        }
        other => panic!("unexpected status {other:?}\n{}", context()),
    }
}

fn run(seeds: std::ops::Range<u64>, circles: bool, radii: &[f64]) -> Tally {
    let mut tally = Tally {
        queries: 0,
        unsearched: 0,
        found: 0,
        no_path: 0,
        undecided: 0,
        worst_below: f64::NEG_INFINITY,
        worst_above: f64::NEG_INFINITY,
        widest: 0.0,
    };
    let mut ctx = MeshContext::new();
    for seed in seeds {
        let size = 24.0;
        let spec = RandomWorld {
            size,
            obstacles: 5 + seed as usize % 5,
            circles,
            scale: 3.5,
            overlaps: seed % 2 == 0,
        };
        let world = rounded(&random_world(seed, spec));
        let mesh = mesh_world(&world);
        let mut rng = Rng::new(seed ^ 0x5eed);
        for &r in radii {
            for attempt in 0..4 {
                // Mostly points where the disc fits; now and then any point (blocked, out of
                // bounds).
                let any = attempt == 3 && seed % 2 == 0;
                let pick = |rng: &mut Rng| {
                    (0..400)
                        .map(|_| rng.point(DVec2::splat(-0.5), DVec2::splat(size + 0.5)))
                        .find(|&p| any || world.fits(p, r))
                };
                let (Some(s), Some(g)) = (pick(&mut rng), pick(&mut rng)) else {
                    continue;
                };
                check_query(&world, &mesh, &mut ctx, r, s, g, &mut tally);
            }
        }
    }
    eprintln!(
        "{} queries: {} blocked or out of bounds, {} found, {} no_path, {} undecided by the \
         bracket; max (lower - length) / lower {:.2e}, max (length - upper) / upper {:.2e}, \
         widest bracket {:.2e}",
        tally.queries,
        tally.unsearched,
        tally.found,
        tally.no_path,
        tally.undecided,
        tally.worst_below,
        tally.worst_above,
        tally.widest
    );
    tally
}

#[test]
fn polygon_worlds_inside_the_bracket() {
    let tally = run(0..60, false, &[0.0, 0.3, 0.9, 2.0, 3.5]);
    assert!(tally.found > tally.queries / 3, "too few paths found");
    assert!(tally.no_path > 0, "no unreachable case");
    assert!(tally.unsearched > 0, "no blocked or out-of-bounds case");
}

#[test]
fn worlds_with_circles_inside_the_bracket() {
    let tally = run(100..140, true, &[0.0, 0.6, 1.8]);
    assert!(tally.found > tally.queries / 3, "too few paths found");
}

#[test]
fn radius_zero_bracket_is_exact() {
    // Without circles both oracle problems coincide at r = 0: the mesh must match them.
    let tally = run(200..260, false, &[0.0]);
    assert!(tally.widest == 0.0 && tally.worst_below <= REL && tally.worst_above <= REL);
}
