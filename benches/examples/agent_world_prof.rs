//! Profiling aid: nav-agent's benchmark world (the mesh bench's `agent_scene`, same seed and
//! draws) as a polygon world, its 8 queries run warm in a loop at one radius.
//!
//! Run: `cargo run --release -p nav-benches --example agent_world_prof -- R [SECONDS] [cold]`
//! prints the mean time per query, the expansions and the lengths.

use std::hint::black_box;
use std::time::Instant;

use nav::geom::{Aabb, Circle, Vec2};
use nav::mesh::{MeshContext, MeshQuery, MeshWorld, Obstacle};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let r: f32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let secs: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let cold = args.get(3).is_some_and(|s| s == "cold");
    const SIZE: f32 = 1000.0;
    let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(SIZE));
    let mut world = nav::agent::World::with_cell_size(bounds, 8.0).expect("valid world");
    let mut mesh = MeshWorld::new(bounds).expect("valid world");
    let mut rng = nav_testkit::TestRng::new(0x00a9_e7be_5eed);
    for k in 0..1000 {
        let c = Vec2::new(rng.range_f32(0.0, SIZE), rng.range_f32(0.0, SIZE));
        if k % 2 == 0 {
            let side = rng.range_f32(4.0, 16.0);
            let other = side * rng.range_f32(0.3, 1.0);
            let half = if k % 4 == 0 {
                Vec2::new(side, other)
            } else {
                Vec2::new(other, side)
            } / 2.0;
            let b = Aabb::from_center_half_extents(c, half);
            world.insert_static(b).expect("valid box");
            mesh.insert(Obstacle::Box(b)).expect("valid box");
        } else {
            let circle = Circle::new(c, rng.range_f32(2.0, 8.0));
            world.insert_static(circle).expect("valid circle");
            mesh.insert(Obstacle::Circle(circle)).expect("valid circle");
        }
    }
    let largest = 10.0;
    let mut queries = Vec::new();
    while queries.len() < 8 {
        let m = largest + 1.0;
        let a = Vec2::new(rng.range_f32(m, SIZE - m), rng.range_f32(m, SIZE - m));
        let b = Vec2::new(rng.range_f32(m, SIZE - m), rng.range_f32(m, SIZE - m));
        let d = a.distance(b);
        let free = |p: Vec2| world.disc_is_clear(p, largest * 1.5, None);
        if (100.0..=200.0).contains(&d) && free(a) && free(b) {
            queries.push((a, b));
        }
    }
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
