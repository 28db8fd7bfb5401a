//! Profiling aid for instruction counts (independent of the machine's load): one cold pass
//! and one warm pass (`warm_pass`) over the queries of nav-agent's benchmark world
//! (`agent`) or the mesh bench's 12 rows of a Moving AI map, at one radius. Prints the total
//! length of each pass and the bits of the warm one's.
//!
//! Run: `valgrind --tool=callgrind --toggle-collect='*warm_pass*'
//! target/release/examples/mesh_count agent - R` (or `MAP.map MAP.map.scen R`); the program
//! total is the warm pass's instructions. `NAV_COUNT_PASSES=n` runs n - 1 more unmeasured
//! passes before the warm one (`NAV_COUNT_EXPANDED=1`: each pass's expansions on stderr).
//! `NAV_COUNT_FOUND=F` takes the rows the mesh bench times for radius
//! `F` instead (its `mesh/found_r*` groups and the r > 0 columns of its CPU table, timed at
//! `F` and at 0): of each of 12 equal stretches of the scenario, the first row found at `F`.
//! `NAV_COUNT_CACHE_MB=m` sets the context's cache limit to `m` MB
//! (`MeshContext::set_cache_limit`) and prints the memory its lists hold at the end on stderr.

use nav::geom::Vec2;
use nav::grid::movingai::{read_map, read_scenario};
use nav::mesh::{MeshContext, MeshQuery, MeshWorld};
/// The warm pass (its own symbol, for `--toggle-collect`).
#[inline(never)]
fn warm_pass(ctx: &mut MeshContext, world: &MeshWorld, rows: &[(Vec2, Vec2)], r: f32) -> f64 {
    measured(ctx, world, rows, r)
}
/// Every query once; the total length.
#[inline(never)]
fn measured(ctx: &mut MeshContext, world: &MeshWorld, rows: &[(Vec2, Vec2)], r: f32) -> f64 {
    let mut t = 0.0;
    let mut expanded = 0;
    for &(s, g) in rows {
        let path = ctx
            .find_path(world, &MeshQuery::new(s, g).with_radius(r))
            .unwrap();
        t += path.cost();
        expanded += path.expanded();
    }
    if std::env::var("NAV_COUNT_EXPANDED").is_ok_and(|v| v == "1") {
        eprintln!("expanded {expanded}");
    }
    t
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let r: f32 = args[3].parse().unwrap();
    let (world, rows) = if args[1] == "agent" {
        let s = nav_benches::agent_scene();
        (s.mesh, s.queries)
    } else {
        let map = read_map(&args[1]).unwrap();
        let scen = read_scenario(&args[2]).unwrap();
        let world = MeshWorld::from_grid(&map).unwrap();
        let found = std::env::var("NAV_COUNT_FOUND").ok();
        let rows = match found.and_then(|f| f.parse::<f32>().ok()) {
            Some(f) => nav_benches::rows_found(&world, &scen, 12, f),
            None => nav_benches::spread_rows(&scen, 12),
        };
        (world, rows)
    };
    let mut ctx = MeshContext::new();
    let cache_mb: Option<usize> = std::env::var("NAV_COUNT_CACHE_MB")
        .ok()
        .and_then(|s| s.parse().ok());
    ctx.set_cache_limit(cache_mb.map(|m| m << 20));
    let a = measured(&mut ctx, &world, &rows, r);
    // `NAV_COUNT_PASSES=n`: n - 1 more unmeasured passes first (successor lists and sight
    // tests cached by a pass that gave up early are built by a later one).
    let passes: usize = std::env::var("NAV_COUNT_PASSES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    for _ in 1..passes {
        measured(&mut ctx, &world, &rows, r);
    }
    let b = warm_pass(&mut ctx, &world, &rows, r);
    println!("{a:.9} {b:.9} {:?}", b.to_bits());
    if cache_mb.is_some() {
        eprintln!("cache {} bytes", ctx.cache_bytes());
    }
}
