//! The triangulation behind `connected` on a Moving AI map, built `ROUNDS` times from fresh
//! worlds: the median times of the triangulation and of the derivation.
//!
//! `cargo run --release -p nav-mesh --example cdt_build -- MAP.map [ROUNDS]`
//!
//! `NAV_CDT_THREADS=N` limits the derivation to `N` threads
//! (`MeshWorld::set_connected_threads`; 1: the calling thread alone).

use std::time::Instant;

use nav_grid::movingai::read_map;
use nav_mesh::MeshWorld;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 2 {
        eprintln!("usage: cdt_build MAP.map [ROUNDS]");
        std::process::exit(2);
    }
    let map = read_map(&args[1]).expect("map");
    let rounds: usize = args.get(2).map_or(1, |s| s.parse().expect("rounds"));
    let (mut tri, mut der, mut all) = (Vec::new(), Vec::new(), Vec::new());
    let threads: usize = std::env::var("NAV_CDT_THREADS")
        .ok()
        .map_or(0, |s| s.parse().expect("NAV_CDT_THREADS"));
    let mut triangles = 0;
    for _ in 0..rounds {
        let mut world = MeshWorld::from_grid(&map).expect("world");
        world.set_connected_threads(threads);
        let t = Instant::now();
        triangles = world.prepare_connected();
        all.push(t.elapsed().as_secs_f64() * 1e3);
        let b = world.connected_build().expect("built");
        tri.push(b.triangulation.as_secs_f64() * 1e3);
        der.push(b.forests.map_or(f64::NAN, |d| d.as_secs_f64() * 1e3));
    }
    println!(
        "{triangles} triangles: triangulation {:.2} ms, derivation {:.2} ms, both {:.2} ms (medians of {rounds})",
        median(&mut tri),
        median(&mut der),
        median(&mut all)
    );
}
