//! The oracle checked against the checker: its paths are polylines, so the exact distance
//! computations of `check_piece_path` (which share nothing with the oracle's sector rule)
//! must accept the upper problem's path for the true radius and the lower problem's path for
//! the radius its inscribed polygon contains.

use std::f64::consts::PI;

use glam::{DVec2, Vec2};
use nav_geom::{PathPiece, Segment};
use nav_testkit::TestRng;
use nav_testkit::polygon_oracle::{
    Growth, OraclePath, RandomWorld, check_piece_path, grown_shortest_path, random_world,
};

/// Points for the queries, from the one test generator.
struct Points(TestRng);

impl Points {
    fn point(&mut self, size: f64) -> DVec2 {
        DVec2::new(self.0.range(0.0, size), self.0.range(0.0, size))
    }
}

fn pieces(path: &OraclePath) -> Vec<PathPiece> {
    path.points
        .windows(2)
        .map(|w| PathPiece::Line(Segment::new(w[0].as_vec2(), w[1].as_vec2())))
        .collect()
}

fn f32_length(path: &OraclePath) -> f64 {
    path.points
        .windows(2)
        .map(|w| {
            w[0].as_vec2()
                .as_dvec2()
                .distance(w[1].as_vec2().as_dvec2())
        })
        .sum()
}

#[test]
fn oracle_paths_pass_the_checker() {
    let k = 12;
    let mut rng = Points(TestRng::new(2026));
    let (mut found, mut total, mut bends) = (0, 0, 0);
    for seed in 0..24 {
        let spec = RandomWorld {
            size: 20.0,
            obstacles: 6 + seed as usize % 6,
            circles: false,
            scale: 3.0,
            overlaps: seed % 3 != 0,
        };
        let world = random_world(seed, spec);
        for r in [0.0, 0.4, 1.3] {
            let pick = |rng: &mut Points| {
                (0..200)
                    .map(|_| rng.point(20.0))
                    .find(|&p| world.fits(p, r))
            };
            let (Some(s), Some(g)) = (pick(&mut rng), pick(&mut rng)) else {
                continue;
            };
            total += 1;
            let upper = grown_shortest_path(&world, r, s, g, k, Growth::Circumscribed);
            let lower = grown_shortest_path(&world, r, s, g, k, Growth::Inscribed);
            match (&lower, &upper) {
                (None, Some(_)) => panic!("upper path without a lower one: {world:?} r {r}"),
                (Some(lo), Some(hi)) => {
                    found += 1;
                    bends += hi.points.len() - 2;
                    assert!(
                        lo.length <= hi.length + 1e-9,
                        "{} > {}",
                        lo.length,
                        hi.length
                    );
                    if r == 0.0 {
                        assert!((lo.length - hi.length).abs() < 1e-9);
                    }
                }
                _ => {}
            }
            if let Some(hi) = &upper {
                check_piece_path(&world, r, s, g, &pieces(hi), f32_length(hi))
                    .unwrap_or_else(|e| panic!("upper path rejected: {e}\n{world:?} r {r} {hi:?}"));
            }
            if let Some(lo) = &lower {
                let inner = r * (PI / k as f64).cos();
                check_piece_path(&world, inner, s, g, &pieces(lo), f32_length(lo))
                    .unwrap_or_else(|e| panic!("lower path rejected: {e}\n{world:?} r {r} {lo:?}"));
            }
        }
    }
    assert!(total > 40 && found > total / 3, "{found} of {total}");
    eprintln!("{found} of {total} queries found a path, {bends} bends");
    assert!(bends > found, "too few bends: the worlds are too easy");
    let _ = Vec2::ZERO;
}
