//! Profiling aid: nav-agent's benchmark world (`nav_benches::agent_scene`, as in the mesh
//! bench) as a polygon world, its 8 queries run warm in a loop at one radius.
//!
//! Run: `cargo run --release -p nav-benches --example agent_world_prof -- R [SECONDS] [cold]`
//! prints the mean time per query, the expansions and the lengths.

use std::hint::black_box;
use std::time::Instant;

use nav::mesh::{MeshContext, MeshQuery};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let r: f32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let secs: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let cold = args.get(3).is_some_and(|s| s == "cold");
    let nav_benches::AgentScene { mesh, queries, .. } = nav_benches::agent_scene();
    let mut ctx = MeshContext::new();
    for &(a, b) in &queries {
        let p = ctx
            .find_path(&mesh, &MeshQuery::new(a, b).with_radius(r))
            .expect("valid query");
        println!(
            "({}, {}) -> ({}, {}): {} length {:.6} expanded {}",
            a.x,
            a.y,
            b.x,
            b.y,
            p.status().as_str(),
            p.cost(),
            p.expanded()
        );
    }
    // CPU time of this thread: the median of 7 rounds of `secs / 7` each.
    let mut rounds = Vec::new();
    let mut total = 0u64;
    for _ in 0..7 {
        let t = Instant::now();
        let c0 = nav_benches::thread_cpu_ns().expect("thread CPU time");
        let mut n = 0u64;
        while t.elapsed().as_secs_f64() < secs / 7.0 {
            for &(a, b) in &queries {
                if cold {
                    ctx = MeshContext::new();
                }
                let q = MeshQuery::new(a, b).with_radius(r);
                black_box(ctx.find_path(&mesh, &q).map(|p| p.cost()).ok());
                n += 1;
            }
        }
        let c1 = nav_benches::thread_cpu_ns().expect("thread CPU time");
        rounds.push((c1 - c0) as f64 / 1e3 / n as f64);
        total += n;
    }
    rounds.sort_by(f64::total_cmp);
    println!(
        "r = {r}: {:.2} us CPU per query (median of 7 rounds, {total} queries)",
        rounds[3]
    );
}
