//! Builds the largest world a navigator accepts and runs queries on it, for measuring peak
//! memory with `/usr/bin/time -v` (see docs/reliability.md):
//!
//! ```sh
//! cargo build --release -p nav-reliability --example peak_memory
//! /usr/bin/time -v target/release/examples/peak_memory grid        # 8192 x 8192 = 2^26 cells
//! /usr/bin/time -v target/release/examples/peak_memory grid-jps
//! /usr/bin/time -v target/release/examples/peak_memory circles 100000
//! /usr/bin/time -v target/release/examples/peak_memory mesh 10000
//! /usr/bin/time -v target/release/examples/peak_memory agent-capped
//! ```

use std::time::Instant;

use glam::Vec2;
use nav_geom::{Aabb, Circle};
use nav_grid::{Cell, GridContext, GridMap, GridQuery, GridRules, SearchMode};
use nav_search::Limits;
use nav_testkit::TestRng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map(String::as_str).unwrap_or("grid");
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let t = Instant::now();
    match what {
        "grid" | "grid-jps" => {
            // The largest map: MAX_CELLS = 2^26 cells, 8192 x 8192, with 20% blocked cells.
            let side = 8192;
            let rng = &mut TestRng::new(1);
            let mut walkable: Vec<bool> = (0..side as u64 * side as u64)
                .map(|_| !rng.chance(0.2))
                .collect();
            // Open 3 x 3 corners, so that the query from corner to corner is searched.
            for (x, y) in [(0, 0), (side - 3, side - 3)] {
                for i in 0..9 {
                    walkable[((y + i / 3) * side + x + i % 3) as usize] = true;
                }
            }
            let map = GridMap::from_walkable(side, side, &walkable).unwrap();
            drop(walkable);
            eprintln!("map built in {:.1} s", t.elapsed().as_secs_f64());
            let mode = if what == "grid" {
                SearchMode::CellByCell
            } else {
                SearchMode::JumpPoints
            };
            let rules = GridRules::default().with_search(mode).compile().unwrap();
            let mut ctx = GridContext::new();
            let q = GridQuery::new(Cell::new(0, 0), Cell::new(side - 1, side - 1));
            let t = Instant::now();
            let a = ctx.find_path(&map, &rules, &q).unwrap();
            println!(
                "{what}: {:?}, cost {:.1}, {} cells, {} expanded, {:.1} s",
                a.status(),
                a.cost(),
                a.path().len(),
                a.expanded(),
                t.elapsed().as_secs_f64()
            );
        }
        "circles" => {
            let n = n.max(1);
            let side = (n as f32).sqrt() * 8.0;
            let mut world =
                nav_tangent::CircleWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(side))).unwrap();
            let rng = &mut TestRng::new(2);
            for _ in 0..n {
                let c = Vec2::new(rng.range_f32(0.0, side), rng.range_f32(0.0, side));
                world
                    .insert(Circle::new(c, rng.range_f32(0.5, 2.0)))
                    .unwrap();
            }
            let mut ctx = nav_tangent::CircleContext::new();
            let q = nav_tangent::CircleQuery::new(Vec2::splat(0.5), Vec2::splat(side - 0.5))
                .with_radius(0.25);
            let a = ctx.find_path(&world, &q).unwrap();
            println!(
                "circles {n}: {:?}, length {:.1}, {} expanded, {:.1} s",
                a.status(),
                a.cost(),
                a.expanded(),
                t.elapsed().as_secs_f64()
            );
        }
        "mesh" => {
            let n = n.max(1);
            let side = (n as f32).sqrt() * 8.0;
            let mut world =
                nav_mesh::MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(side))).unwrap();
            let rng = &mut TestRng::new(3);
            for _ in 0..n {
                let c = Vec2::new(
                    rng.range_f32(2.0, side - 2.0),
                    rng.range_f32(2.0, side - 2.0),
                );
                let h = Vec2::splat(rng.range_f32(0.25, 1.5));
                let _ = world.insert(nav_mesh::Obstacle::Box(Aabb::new(c - h, c + h)));
            }
            let mut ctx = nav_mesh::MeshContext::new();
            let q = nav_mesh::MeshQuery::new(Vec2::splat(0.5), Vec2::splat(side - 0.5))
                .with_radius(0.25);
            let a = ctx.find_path(&world, &q).unwrap();
            println!(
                "mesh {n}: {:?}, length {:.1}, {} expanded, {:.1} s",
                a.status(),
                a.cost(),
                a.expanded(),
                t.elapsed().as_secs_f64()
            );
        }
        "agent-capped" => {
            // A world whose lattice is near MAX_LATTICE_NODES, searched with an expansion cap:
            // memory follows the cap, not the lattice.
            let world =
                nav_agent::World::new(Aabb::new(Vec2::ZERO, Vec2::splat(40_000.0))).unwrap();
            let mut ctx = nav_agent::AgentContext::new();
            let limits = Limits {
                max_expanded: 1_000_000,
                ..Limits::default()
            };
            let mut world = world;
            world
                .insert_static(Aabb::new(Vec2::new(100.0, 0.0), Vec2::new(101.0, 39_999.0)))
                .unwrap();
            let q = nav_agent::AgentQuery::new(Vec2::splat(1.0), Vec2::new(39_999.0, 1.0))
                .with_step(1.0)
                .with_limits(limits);
            let a = ctx.find_path(&world, &q).unwrap();
            println!(
                "agent capped: {:?}, {} expanded, {:.1} s",
                a.status(),
                a.expanded(),
                t.elapsed().as_secs_f64()
            );
        }
        other => panic!("unknown world {other}"),
    }
}
