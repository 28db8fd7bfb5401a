//! Cold against warm: the mesh bench's 12 rows of one Moving AI map (same selection) at one
//! radius, each on a fresh `MeshContext` (its first query) and again on the same context
//! (warm); then the expansions of a first and a second pass over all 12 rows on one context.
//!
//! Run: `cargo run --release -p nav-benches --example mesh_cold -- MAP.map MAP.map.scen R`.

use std::time::Instant;

use nav::grid::movingai::{read_map, read_scenario};
use nav::mesh::{MeshContext, MeshQuery, MeshWorld};

/// Rows per map, as in `benches/mesh.rs`.
const ROWS_PER_MAP: usize = 12;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: mesh_cold MAP.map MAP.map.scen R");
        std::process::exit(2);
    }
    let map = read_map(&args[1]).expect("map");
    let scen = read_scenario(&args[2]).expect("scenario");
    let r: f32 = args[3].parse().expect("radius");
    let world = MeshWorld::from_grid(&map).expect("world");
    let rows = nav_benches::spread_rows(&scen, ROWS_PER_MAP);
    let (mut cold_total, mut warm_total) = (0usize, 0usize);
    let (mut cold_us, mut warm_us) = (0.0f64, 0.0f64);
    for &(s, g) in &rows {
        let q = MeshQuery::new(s, g).with_radius(r);
        let mut ctx = MeshContext::new();
        let t = Instant::now();
        let cold = ctx.find_path(&world, &q).expect("valid query").outcome();
        let tc = t.elapsed().as_secs_f64() * 1e6;
        let t = Instant::now();
        let warm = ctx.find_path(&world, &q).expect("valid query").outcome();
        let tw = t.elapsed().as_secs_f64() * 1e6;
        assert_eq!(
            cold.cost.to_bits(),
            warm.cost.to_bits(),
            "cold and warm differ"
        );
        println!(
            "({}, {}) -> ({}, {}): {} length {:.6}; cold {} expansions {tc:.0} us, warm {} expansions {tw:.0} us",
            s.x,
            s.y,
            g.x,
            g.y,
            cold.status.as_str(),
            cold.cost,
            cold.expanded,
            warm.expanded
        );
        cold_total += cold.expanded;
        warm_total += warm.expanded;
        cold_us += tc;
        warm_us += tw;
    }
    println!(
        "each row on a fresh context: {cold_total} expansions, {cold_us:.0} us; again on it: \
         {warm_total} expansions, {warm_us:.0} us"
    );
    let mut ctx = MeshContext::new();
    for pass in 1..=2 {
        let t = Instant::now();
        let total: usize = rows
            .iter()
            .map(|&(s, g)| {
                ctx.find_path(&world, &MeshQuery::new(s, g).with_radius(r))
                    .expect("valid query")
                    .expanded()
            })
            .sum();
        println!(
            "pass {pass} over the rows on one context: {total} expansions, {:.0} us",
            t.elapsed().as_secs_f64() * 1e6
        );
    }
}
