//! Many overlapping obstacles: the cost of inserting them (every corner's buried count, the
//! number of obstacles holding it, is checked against a full count by the unit tests in
//! `world.rs`, which can read it).

use nav_geom::{Aabb, Vec2};
use nav_mesh::{MeshWorld, Obstacle};
use nav_testkit::TestRng;

/// A star of `k` spikes (2k points) centred at `c`, radii `r` (tips) and `r / 2.5`, turned by
/// `turn` radians.
fn star(c: Vec2, r: f32, k: usize, turn: f32) -> Obstacle {
    let pts = (0..2 * k)
        .map(|i| {
            let a = turn + std::f32::consts::PI * i as f32 / k as f32;
            let rr = if i % 2 == 0 { r } else { r / 2.5 };
            c + Vec2::new(a.cos(), a.sin()) * rr
        })
        .collect();
    Obstacle::Polygon(pts)
}

/// `n` stars of 8 spikes, radius 6, centres in a 20 x 20 square in the middle of a 100 x 100
/// world: every star overlaps most of the others.
fn overlapping_stars(n: usize, seed: u64) -> Vec<Obstacle> {
    let mut rng = TestRng::new(seed);
    (0..n)
        .map(|_| {
            let c = Vec2::new(
                40.0 + 20.0 * rng.unit() as f32,
                40.0 + 20.0 * rng.unit() as f32,
            );
            star(c, 6.0, 8, rng.unit() as f32)
        })
        .collect()
}

/// The cost: `NAV_OVERLAPS=N cargo test --release -p nav-mesh --test overlaps -- --ignored
/// --nocapture insert_cost` inserts N overlapping stars and prints the time.
#[test]
#[ignore]
fn insert_cost() {
    let n: usize = std::env::var("NAV_OVERLAPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let stars = overlapping_stars(n, 7);
    let t = std::time::Instant::now();
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0))).unwrap();
    for s in stars {
        world.insert(s).unwrap();
    }
    println!(
        "{n} overlapping stars inserted in {:.3} s",
        t.elapsed().as_secs_f64()
    );
}
