//! Profiling aid: the mesh bench's 12 rows of one Moving AI map (same selection), run warm in a
//! loop at one radius.
//!
//! Run: `cargo run --release -p nav-benches --example mesh_rows_prof -- MAP.map MAP.map.scen R [SECONDS]`
//! (`NAV_MESH_PREPARE=1`: build the triangulation first, as the bench does) prints the wall-clock time per warm query (median of 7 rounds), the expansions and the lengths.

use std::hint::black_box;
use std::time::Instant;

use nav::grid::movingai::{read_map, read_scenario};
use nav::mesh::{MeshContext, MeshQuery, MeshWorld};

/// Rows per map, as in `benches/mesh.rs`.
const ROWS_PER_MAP: usize = 12;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: mesh_rows_prof MAP.map MAP.map.scen R [SECONDS]");
        std::process::exit(2);
    }
    let map = read_map(&args[1]).expect("map");
    let scen = read_scenario(&args[2]).expect("scenario");
    let r: f32 = args[3].parse().expect("radius");
    let secs: f64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let world = MeshWorld::from_grid(&map).expect("world");
    // As the bench (its `free_triangles()` builds the triangulation behind `connected`).
    if std::env::var_os("NAV_MESH_PREPARE").is_some() {
        world.prepare_connected();
    }
    let rows = nav_benches::spread_rows(&scen, ROWS_PER_MAP);
    let mut ctx = MeshContext::new();
    let mut total = 0.0f64;
    for &(s, g) in &rows {
        let p = ctx
            .find_path(&world, &MeshQuery::new(s, g).with_radius(r))
            .expect("valid query");
        total += p.cost() as f64;
        println!(
            "({}, {}) -> ({}, {}): {} length {:.6} expanded {}",
            s.x,
            s.y,
            g.x,
            g.y,
            p.status().as_str(),
            p.cost(),
            p.expanded()
        );
    }
    println!("total length {total:.6}");
    let mut medians = Vec::new();
    for _ in 0..7 {
        let t = Instant::now();
        let mut queries = 0usize;
        while t.elapsed().as_secs_f64() < secs / 7.0 {
            for &(s, g) in &rows {
                let p = ctx
                    .find_path(&world, &MeshQuery::new(s, g).with_radius(r))
                    .expect("valid query");
                black_box(p.cost());
                queries += 1;
            }
        }
        medians.push(t.elapsed().as_secs_f64() * 1e6 / queries as f64);
    }
    medians.sort_by(f64::total_cmp);
    println!(
        "r = {r}: {:.2} us per warm query (median of 7 rounds)",
        medians[3]
    );
}
