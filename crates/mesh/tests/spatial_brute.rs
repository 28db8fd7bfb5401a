//! The spatial queries against brute force on random worlds (exact distances from
//! `nav_testkit::polygon_oracle`): `fits`, `nearest_fit` (no point of a dense sample both fits
//! and is nearer), `raycast` (marching the disc in small steps brackets the contact distance)
//! and `connected` (equals whether `find_path` finds a path, and agrees with the oracle's
//! bracket where it decides).
//!
//! Circles are exact in the mesh: the brute force runs on the true world (`big` is the same
//! world; it held the circles' circumscribed polygons when the mesh used them).

mod common;

use common::brute::{fitting_lattice_point, margin, nearer_fitting_sample};
use common::{Rng, mesh_world, rounded, v};
use glam::DVec2;
use nav_mesh::{MeshContext, MeshQuery};
use nav_testkit::polygon_oracle::{
    Growth, OracleWorld, RandomWorld, grown_shortest_path, random_world,
};

const SIZE: f64 = 20.0;

fn worlds(circles: bool) -> impl Iterator<Item = (u64, OracleWorld)> {
    (0..10u64).map(move |seed| {
        let spec = RandomWorld {
            size: SIZE,
            obstacles: 5 + seed as usize % 4,
            circles,
            scale: 3.0,
            overlaps: seed % 2 == 1,
        };
        (
            seed,
            rounded(&random_world(seed + if circles { 500 } else { 0 }, spec)),
        )
    })
}

#[test]
fn fits_matches_distances() {
    let mut checked = 0;
    for circles in [false, true] {
        for (seed, world) in worlds(circles) {
            let mesh = mesh_world(&world);
            let big = world.clone();
            let mut rng = Rng::new(seed);
            for _ in 0..300 {
                let p = rng.point(DVec2::splat(-1.0), DVec2::splat(SIZE + 1.0));
                let r = [0.0, 0.2, 0.8, 2.0][rng.below(4)];
                let (m_true, m_big) = (margin(&world, p), margin(&big, p));
                // Skip ties within f32 precision.
                if (m_true - r).abs() < 1e-4 || (m_big - r).abs() < 1e-4 {
                    continue;
                }
                let nav = mesh.fits(v(p), r as f32).unwrap();
                let (fits_true, fits_big) = (m_true >= r, m_big >= r);
                assert!(
                    !nav || fits_true,
                    "fits at {p} r {r} but the disc overlaps (margin {m_true})\n{world:?}"
                );
                assert!(
                    nav || !fits_big,
                    "does not fit at {p} r {r} with margin {m_big}\n{world:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 4000);
}

#[test]
fn nearest_fit_has_no_nearer_fitting_sample() {
    let mut checked = 0;
    for (seed, world) in worlds(false).take(6) {
        let mesh = mesh_world(&world);
        let mut rng = Rng::new(seed + 99);
        for _ in 0..12 {
            let r = [0.0, 0.5, 1.5][rng.below(3)];
            // Mostly points where the disc does not fit (the answer is elsewhere).
            let p = (0..50)
                .map(|_| rng.point(DVec2::splat(0.0), DVec2::splat(SIZE)))
                .find(|&p| margin(&world, p) < r - 1e-3 || r == 0.0)
                .unwrap_or(DVec2::splat(SIZE / 2.0));
            let nav = mesh.nearest_fit(v(p), r as f32).unwrap();
            let Some(q) = nav else {
                // Nowhere? Then no sample fits anywhere.
                if let Some(s) = fitting_lattice_point(&world, SIZE, 80, r, 1e-3) {
                    panic!("{s} fits; nearest_fit said none");
                }
                continue;
            };
            let q = q.as_dvec2();
            assert!(
                margin(&world, q) >= r - 1e-4,
                "nearest_fit {q} does not fit (r {r})"
            );
            let d = p.distance(q);
            if d == 0.0 {
                assert!(margin(&world, p) >= r - 1e-4);
                continue;
            }
            // A dense sample of the disc of radius d around p.
            let step = (d / 60.0).max(0.01);
            if let Some(s) = nearer_fitting_sample(&world, p, d, step, r, 1e-3) {
                panic!("{s} fits (r {r}) and is nearer to {p} than nearest_fit's {q}\n{world:?}");
            }
            checked += 1;
        }
    }
    assert!(checked > 40);
}

#[test]
fn raycast_brackets_marching() {
    let h = 0.004;
    let mut checked = 0;
    for circles in [false, true] {
        for (seed, world) in worlds(circles).take(6) {
            let mesh = mesh_world(&world);
            let big = world.clone();
            let mut rng = Rng::new(seed + 7);
            for _ in 0..25 {
                let r = [0.0, 0.3, 1.0][rng.below(3)];
                let Some(from) = (0..200)
                    .map(|_| rng.point(DVec2::ZERO, DVec2::splat(SIZE)))
                    .find(|&p| margin(&world, p) > r + 1e-3 && margin(&big, p) > r + 1e-3)
                else {
                    continue;
                };
                let dir = DVec2::from_angle(rng.range(0.0, std::f64::consts::TAU));
                let max = rng.range(1.0, 30.0);
                let nav = mesh
                    .raycast(v(from), dir.as_vec2(), max as f32, r as f32)
                    .unwrap()
                    .map(|d| d as f64);
                // First sampled distance where the disc no longer fits.
                let march = |w: &OracleWorld| {
                    let mut t = 0.0;
                    while t <= max {
                        if margin(w, from + dir * t) < r {
                            return Some(t);
                        }
                        t += h;
                    }
                    if margin(w, from + dir * max) < r {
                        Some(max)
                    } else {
                        None
                    }
                };
                let (late, early) = (march(&world), march(&big));
                let context = || {
                    format!(
                        "ray from {from} dir {dir} max {max} r {r}: nav {nav:?}, marching {early:?}..{late:?}\n{world:?}"
                    )
                };
                // The mesh stops no later than the true contact and no earlier than the
                // contact with the larger circles (minus a step).
                match (nav, late) {
                    (Some(d), Some(t)) => assert!(d <= t + 1e-3, "{}", context()),
                    (None, Some(_)) => panic!("ray passes a contact: {}", context()),
                    _ => {}
                }
                match (nav, early) {
                    (Some(d), Some(t)) => assert!(d >= t - h - 1e-3, "{}", context()),
                    (Some(d), None) => panic!("contact at {d} on a clear ray: {}", context()),
                    _ => {}
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 150);
}

#[test]
fn connected_matches_find_path_and_the_oracle() {
    let mut ctx = MeshContext::new();
    let mut checked = 0;
    for (seed, world) in worlds(false).take(6) {
        let mesh = mesh_world(&world);
        let mut rng = Rng::new(seed + 1234);
        for _ in 0..10 {
            let r = [0.0, 0.6, 1.6][rng.below(3)];
            let pick = |rng: &mut Rng| {
                (0..300)
                    .map(|_| rng.point(DVec2::ZERO, DVec2::splat(SIZE)))
                    .find(|&p| world.fits(p, r))
            };
            let (Some(a), Some(b)) = (pick(&mut rng), pick(&mut rng)) else {
                continue;
            };
            let connected = mesh.connected(v(a), v(b), r as f32).unwrap();
            let found = ctx
                .find_path(&mesh, &MeshQuery::new(v(a), v(b)).with_radius(r as f32))
                .unwrap()
                .is_found();
            assert_eq!(connected, found, "from {a} to {b} r {r}");
            let lower = grown_shortest_path(&world, r, a, b, 16, Growth::Inscribed);
            let upper = grown_shortest_path(&world, r, a, b, 16, Growth::Circumscribed);
            if lower.is_none() {
                assert!(!connected, "connected where even the lower problem is not");
            }
            if upper.is_some() {
                assert!(connected, "not connected where the upper problem is");
            }
            checked += 1;
        }
    }
    assert!(checked > 40);
}
