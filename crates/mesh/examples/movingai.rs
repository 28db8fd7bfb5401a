//! Every row of a Moving AI scenario on the map converted to a polygon world.
//!
//! `cargo run --release -p nav-mesh --example movingai -- MAP.map SCEN [RADIUS] [MAX_SECONDS] [MAX_ROWS]`
//!
//! Prints the mean and median time per query (first pass: cold successor lists), the mean
//! length relative to the scenario's octile optimum and the statuses. With `MAX_SECONDS` the
//! first pass stops after that much query time (the rows done are reported); with `MAX_ROWS`
//! after that many rows.

use std::time::Instant;

use nav_geom::Vec2;
use nav_grid::movingai::{read_map, read_scenario};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, PathStatus};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: movingai MAP.map SCEN [RADIUS]");
        std::process::exit(2);
    }
    let map = read_map(&args[1]).expect("map");
    let scen = read_scenario(&args[2]).expect("scenario");
    let radius: f32 = args.get(3).map_or(0.0, |r| r.parse().expect("radius"));
    let max_seconds: f64 = args
        .get(4)
        .map_or(f64::INFINITY, |s| s.parse().expect("seconds"));
    let max_rows: usize = args.get(5).map_or(usize::MAX, |s| s.parse().expect("rows"));
    let t0 = Instant::now();
    let world = MeshWorld::from_grid(&map).expect("world");
    let build = t0.elapsed();
    // NAV_MESH_PREPARE=1: build the triangulation first, so unreachable goals need no search.
    if std::env::var_os("NAV_MESH_PREPARE").is_some() {
        let t = Instant::now();
        let n = world.prepare_connected();
        println!(
            "triangulation: {n} triangles in {:.1} ms",
            t.elapsed().as_secs_f64() * 1e3
        );
    }
    // One edit against the rebuild: a 2 x 2 box in the middle of the map, added then removed.
    let mut edited = world.clone();
    let (w, h) = (map.width() as f32, map.height() as f32);
    let centre = nav_geom::Vec2::new(w / 2.0, h / 2.0);
    // Warm up once (the clone's vectors have no spare capacity), then time a second edit.
    let id = edited
        .insert(nav_mesh::Obstacle::Box(nav_geom::Aabb::new(
            centre - 1.0,
            centre + 1.0,
        )))
        .expect("edit");
    edited.remove(id);
    let t = Instant::now();
    let id = edited
        .insert(nav_mesh::Obstacle::Box(nav_geom::Aabb::new(
            centre - 1.0,
            centre + 1.0,
        )))
        .expect("edit");
    edited.remove(id);
    let edit = t.elapsed() / 2;
    let mut ctx = MeshContext::new();
    let (mut found, mut other) = (0usize, 0usize);
    let mut shorter = 0.0f64;
    let mut expanded = 0usize;
    let mut total = std::time::Duration::ZERO;
    let mut times = Vec::with_capacity(scen.rows.len());
    let mut done = 0usize;
    let mut slowest = (0.0f64, 0usize);
    for (i, row) in scen.rows.iter().enumerate() {
        if total.as_secs_f64() > max_seconds || i >= max_rows {
            break;
        }
        done += 1;
        let s = Vec2::new(row.start.x as f32 + 0.5, row.start.y as f32 + 0.5);
        let g = Vec2::new(row.goal.x as f32 + 0.5, row.goal.y as f32 + 0.5);
        let q = MeshQuery::new(s, g).with_radius(radius);
        let t = Instant::now();
        let path = ctx.find_path(&world, &q).expect("query");
        let dt = t.elapsed();
        total += dt;
        times.push(dt.as_secs_f64());
        if dt.as_secs_f64() > slowest.0 {
            slowest = (dt.as_secs_f64(), i);
        }
        expanded += path.expanded();
        if path.status() == PathStatus::Found {
            found += 1;
            if row.optimal_length > 0.0 {
                shorter += 1.0 - path.cost() / row.optimal_length;
            }
        } else {
            other += 1;
        }
    }
    // A second pass over the same rows: the context's per-corner successor lists are warm.
    let t = Instant::now();
    for row in scen.rows.iter().take(done) {
        let s = Vec2::new(row.start.x as f32 + 0.5, row.start.y as f32 + 0.5);
        let g = Vec2::new(row.goal.x as f32 + 0.5, row.goal.y as f32 + 0.5);
        let q = MeshQuery::new(s, g).with_radius(radius);
        std::hint::black_box(ctx.find_path(&world, &q).expect("query").cost());
    }
    let warm = t.elapsed();
    let n = done.max(1);
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{}: {done} of {} rows, radius {radius}: build {:.2} ms, one edit {:.1} us, {:.1} us/query \
         (median {:.1} us, slowest {:.1} ms at row {}), {} found, {} not, \
         {:.2}% shorter than octile (found rows), {:.1} expansions/query; \
         second pass (warm lists) {:.1} us/query",
        args[1],
        scen.rows.len(),
        build.as_secs_f64() * 1e3,
        edit.as_secs_f64() * 1e6,
        total.as_secs_f64() * 1e6 / n as f64,
        median * 1e6,
        slowest.0 * 1e3,
        slowest.1,
        found,
        other,
        100.0 * shorter / found.max(1) as f64,
        expanded as f64 / n as f64,
        warm.as_secs_f64() * 1e6 / n as f64
    );
}
