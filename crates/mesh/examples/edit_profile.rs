//! One obstacle edit in the steady state, for profiling: the bench `mesh_build`'s `edit_pair`
//! (a 2x2 box inserted at the map's centre, `prepare_connected`, the box removed,
//! `prepare_connected`) repeated `N` times on one prepared world, after one pair that sizes
//! the world's free lists and memo.
//!
//! `cargo run --release -p nav-mesh --example edit_profile -- MAP.map [N]` prints the median
//! time of a pair; under callgrind, `--toggle-collect=*edit_pairs*` counts the pairs alone
//! (`--toggle-collect=*rebuild*` the rebuild, `from_grid` and `prepare_connected`):
//! `valgrind --tool=callgrind --toggle-collect='*edit_pairs*' target/release/examples/edit_profile MAP.map 20`.

use std::hint::black_box;
use std::time::Instant;

use nav_geom::{Aabb, Vec2};
use nav_grid::movingai::read_map;
use nav_mesh::{MeshWorld, Obstacle};

/// `n` edit pairs on `world` at `centre`, each timed into `times` (seconds).
#[inline(never)]
fn edit_pairs(world: &mut MeshWorld, centre: Vec2, n: usize, times: &mut Vec<f64>) {
    for _ in 0..n {
        let t = Instant::now();
        let id = world
            .insert(Obstacle::Box(Aabb::new(centre - 1.0, centre + 1.0)))
            .expect("a valid box");
        assert!(black_box(world.prepare_connected()) > 0);
        world.remove(id);
        assert!(black_box(world.prepare_connected()) > 0);
        times.push(t.elapsed().as_secs_f64());
    }
}

/// The world of `map` with its triangulation and forests (the bench's rebuild).
#[inline(never)]
fn rebuild(map: &nav_grid::GridMap) -> (MeshWorld, usize) {
    let world = MeshWorld::from_grid(map).expect("a world");
    let triangles = world.prepare_connected();
    (world, triangles)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: edit_profile MAP.map [N]");
        std::process::exit(2);
    };
    let n: usize = args.get(2).map_or(200, |s| s.parse().expect("N"));
    let map = read_map(path).expect("a Moving AI map");
    let centre = Vec2::new(map.width() as f32 / 2.0, map.height() as f32 / 2.0);
    let t = Instant::now();
    let (mut world, triangles) = rebuild(&map);
    let build = t.elapsed().as_secs_f64();
    let mut times = Vec::new();
    // One pair first: the world's free lists and memo are then sized.
    edit_pairs(&mut world, centre, 1, &mut times);
    times.clear();
    edit_pairs(&mut world, centre, n, &mut times);
    times.sort_by(f64::total_cmp);
    let med = times[times.len() / 2];
    println!(
        "{path}: {triangles} triangles, from_grid + prepare_connected {:.3} ms, one edit (half a pair) median {:.4} ms over {n} pairs",
        build * 1e3,
        med * 0.5e3
    );
}
