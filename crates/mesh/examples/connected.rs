//! `MeshWorld::connected` on a Moving AI map: the triangulation's build time, then every row of
//! a scenario at a radius, timed, against the path search's answer and time, with how many
//! answers needed no search; then one edit of each kind (insert, move, remove a small box),
//! the edit's repair of the triangulation and the next call's rebuild of the forests.
//!
//! `cargo run --release -p nav-mesh --example connected -- MAP.map SCEN RADIUS [MAX_ROWS]
//! [ROUNDS]`: with `ROUNDS`, the edits are repeated that many times and medians printed, against
//! the median of as many full builds (5 to 25) of fresh worlds.

use std::time::Instant;

use nav_geom::Vec2;
use nav_grid::movingai::{read_map, read_scenario};
use nav_mesh::{Decided, MeshContext, MeshQuery, MeshWorld};

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// Edit `k` of the three the example times, on a half-cell square at `c`: insert it (into
/// `id`), move it by (1.3, 0.7), remove it.
fn edit(world: &mut MeshWorld, k: usize, c: Vec2, id: &mut Option<nav_mesh::ObstacleId>) {
    let square = |c: Vec2| nav_mesh::Obstacle::Box(nav_geom::Aabb::new(c - 0.25, c + 0.25));
    match k {
        0 => *id = Some(world.insert(square(c)).expect("edit")),
        1 => {
            world
                .set(id.unwrap(), square(c + Vec2::new(1.3, 0.7)))
                .expect("edit");
        }
        _ => {
            world.remove(id.unwrap());
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: connected MAP.map SCEN RADIUS [MAX_ROWS]");
        std::process::exit(2);
    }
    let map = read_map(&args[1]).expect("map");
    let scen = read_scenario(&args[2]).expect("scenario");
    let radius: f32 = args[3].parse().expect("radius");
    let max_rows: usize = args.get(4).map_or(usize::MAX, |s| s.parse().expect("rows"));
    let rounds: Option<usize> = args.get(5).map(|s| s.parse().expect("rounds"));
    let mut world = MeshWorld::from_grid(&map).expect("world");
    // The search's reference: a world that never builds the triangulation (find_path uses it
    // once it is built).
    let plain = MeshWorld::from_grid(&map).expect("world");
    let t = Instant::now();
    let triangles = world.prepare_connected();
    let build = t.elapsed().as_secs_f64();
    let mut ctx = MeshContext::new();
    let mut cctx = MeshContext::new();
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    let (mut fast_no, mut slow_no) = (Vec::new(), Vec::new());
    let (mut yes, mut no, mut disagree) = (0, 0, 0);
    let (mut yes_fast, mut no_fast) = (0, 0);
    for row in scen.rows.iter().take(max_rows) {
        let s = Vec2::new(row.start.x as f32 + 0.5, row.start.y as f32 + 0.5);
        let g = Vec2::new(row.goal.x as f32 + 0.5, row.goal.y as f32 + 0.5);
        let t = Instant::now();
        let (c, how) = cctx.connected_how(&world, s, g, radius).expect("connected");
        let tf = t.elapsed().as_secs_f64();
        if how != Decided::Search {
            if c {
                yes_fast += 1;
            } else {
                no_fast += 1;
            }
        }
        let t = Instant::now();
        let q = MeshQuery::new(s, g).with_radius(radius);
        let found = ctx.find_path(&plain, &q).expect("query").is_found();
        if !c && std::env::var_os("NAV_SHOW_UNDECIDED").is_some() && tf > 20e-6 {
            println!("slow 'not connected': {s} -> {g}");
        }
        let ts = t.elapsed().as_secs_f64();
        if c {
            fast.push(tf);
            slow.push(ts);
        } else {
            fast_no.push(tf);
            slow_no.push(ts);
        }
        if c {
            yes += 1
        } else {
            no += 1
        }
        if c != found {
            disagree += 1;
            println!(
                "DISAGREE: {s} -> {g}: connected {c} ({}), search {found}",
                how.as_str()
            );
        }
    }
    // The build's split, then edits: each repairs the triangulation, the next call derives
    // the forests and the roadmap again.
    let full = world.connected_build().expect("built");
    let c = Vec2::new(map.width() as f32 / 2.0, map.height() as f32 / 2.0);
    let row = &scen.rows[0];
    let s = Vec2::new(row.start.x as f32 + 0.5, row.start.y as f32 + 0.5);
    let g = Vec2::new(row.goal.x as f32 + 0.5, row.goal.y as f32 + 0.5);
    let mut edits = Vec::new();
    let mut id = None;
    for (k, what) in ["insert", "move", "remove"].into_iter().enumerate() {
        let t = Instant::now();
        edit(&mut world, k, c, &mut id);
        let edit = t.elapsed().as_secs_f64();
        let t = Instant::now();
        cctx.connected(&world, s, g, radius).expect("connected");
        let next = t.elapsed().as_secs_f64();
        let b = world.connected_build().expect("kept");
        edits.push(format!(
            "{what} {:.3} ms (repair {:.3} ms, {}), next call {:.1} ms (forests {:.1} ms)",
            edit * 1e3,
            b.triangulation.as_secs_f64() * 1e3,
            if b.repaired { "repaired" } else { "rebuilt" },
            next * 1e3,
            b.forests.map_or(0.0, |d| d.as_secs_f64() * 1e3),
        ));
    }
    println!(
        "{}: radius {radius}: triangulation {triangles} triangles in {:.1} ms; {} rows: \
         {disagree} disagree with the search; {yes} connected ({yes_fast} without a search): \
         median {:.2} us (search {:.2} us); {no} not ({no_fast} without a search): median {:.2} us \
         (search {:.2} us)\n  build: triangulation {:.1} ms, forests and roadmap {:.1} ms\n  {}",
        args[1],
        build * 1e3,
        yes + no,
        median(&mut fast) * 1e6,
        median(&mut slow) * 1e6,
        median(&mut fast_no) * 1e6,
        median(&mut slow_no) * 1e6,
        full.triangulation.as_secs_f64() * 1e3,
        full.forests.map_or(0.0, |d| d.as_secs_f64() * 1e3),
        edits.join("\n  ")
    );
    let Some(rounds) = rounds else {
        return;
    };
    // Repeated: medians of each kind of edit, against the median full build.
    let mut full_t = Vec::new();
    let mut full_f = Vec::new();
    let builds = rounds.clamp(5, 25);
    for _ in 0..builds {
        let fresh = MeshWorld::from_grid(&map).expect("world");
        fresh.prepare_connected();
        let b = fresh.connected_build().expect("built");
        full_t.push(b.triangulation.as_secs_f64());
        full_f.push(b.forests.map_or(0.0, |d| d.as_secs_f64()));
    }
    let (full_t, full_f) = (median(&mut full_t), median(&mut full_f));
    let mut samples = vec![(Vec::new(), Vec::new(), Vec::new()); 3];
    for _ in 0..rounds {
        for (k, (repair, next, forests)) in samples.iter_mut().enumerate() {
            edit(&mut world, k, c, &mut id);
            let t = Instant::now();
            cctx.connected(&world, s, g, radius).expect("connected");
            next.push(t.elapsed().as_secs_f64());
            let b = world.connected_build().expect("kept");
            repair.push(b.triangulation.as_secs_f64());
            forests.push(b.forests.map_or(0.0, |d| d.as_secs_f64()));
        }
    }
    println!(
        "  {rounds} rounds, medians; full build (median of {builds}): triangulation {:.3} ms, \
         forests {:.3} ms",
        full_t * 1e3,
        full_f * 1e3
    );
    for (what, (repair, next, forests)) in ["insert", "move", "remove"].iter().zip(&mut samples) {
        let (r, n, f) = (median(repair), median(next), median(forests));
        println!(
            "  {what}: repair {:.3} ms ({:.2}% of a triangulation), next call {:.3} ms, \
             forests {:.3} ms ({:.2}% of a full derivation)",
            r * 1e3,
            100.0 * r / full_t,
            n * 1e3,
            f * 1e3,
            100.0 * f / full_f
        );
    }
}
