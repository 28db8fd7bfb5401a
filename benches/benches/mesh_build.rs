//! Building a polygon world from a Moving AI map, and one edit, against the rebuild.
//!
//! * `from_grid`: `MeshWorld::from_grid`, the world the path search uses (its edge grid and
//!   corners): what "converted" means in the goal of 50 ms for a 512x512 map.
//! * `from_grid_and_triangulation`: the same, plus `prepare_connected` (the constrained
//!   Delaunay triangulation and the forests behind `connected`, built on first use).
//! * `edit_pair`: on a world whose triangulation is built, a 2x2 box inserted in the middle of
//!   the map, `prepare_connected` (the forests derived again), the box removed, and
//!   `prepare_connected` again: two edits and what `connected` needs after each, on the same
//!   world in the steady state. Half of it is one edit, compared with
//!   `from_grid_and_triangulation`. (A clone's first edit costs more: its vectors have no
//!   spare capacity.)
//!
//! Run: `cargo bench -p nav-benches --bench mesh_build -- --warm-up-time 1
//! --measurement-time 3`; `NAV_MESH_BUILD_MAPS=random/random512-10-0,dao/den520d` picks maps.
//! The summary printed at the end gives criterion's medians in ms and the ratios.

use std::hint::black_box;

use criterion::Criterion;
use nav::geom::{Aabb, Vec2};
use nav::grid::movingai::read_map;
use nav::mesh::{MeshWorld, Obstacle};
use nav_benches::{fixed, median_ns};

/// The 512x512 maps of the data set, and two DAO maps.
const MAPS: [&str; 6] = [
    "bg512/AR0011SR",
    "maze/maze512-32-0",
    "random/random512-10-0",
    "room/8room_000",
    "dao/den520d",
    "dao/brc202d",
];

/// Inserts a 2x2 box centred on `centre`.
fn insert_box(world: &mut MeshWorld, centre: Vec2) -> nav::mesh::ObstacleId {
    world
        .insert(Obstacle::Box(Aabb::new(centre - 1.0, centre + 1.0)))
        .expect("a valid box")
}

fn main() {
    let Some(dir) = nav_testkit::movingai_dir() else {
        return;
    };
    let only = std::env::var("NAV_MESH_BUILD_MAPS").ok();
    let maps: Vec<&str> = MAPS
        .into_iter()
        .filter(|m| {
            only.as_deref()
                .is_none_or(|l| l.split(',').any(|x| x == *m))
        })
        .collect();
    let mut c = Criterion::default().configure_from_args();
    for &name in &maps {
        let map = read_map(dir.join(format!("{name}.map"))).expect("a Moving AI map");
        let centre = Vec2::new(map.width() as f32 / 2.0, map.height() as f32 / 2.0);
        let mut group = c.benchmark_group(format!("mesh_build/{}", name.replace('/', "_")));
        group.sample_size(10);
        group.bench_function("from_grid", |b| {
            b.iter(|| MeshWorld::from_grid(black_box(&map)).expect("a world"))
        });
        group.bench_function("from_grid_and_triangulation", |b| {
            b.iter(|| {
                let world = MeshWorld::from_grid(black_box(&map)).expect("a world");
                assert!(world.prepare_connected() > 0);
                world
            })
        });
        let mut prepared = MeshWorld::from_grid(&map).expect("a world");
        assert!(prepared.prepare_connected() > 0);
        // One edit and its undoing first: the world's free lists and memo are then sized.
        let id = insert_box(&mut prepared, centre);
        prepared.remove(id);
        prepared.prepare_connected();
        group.bench_function("edit_pair", |b| {
            b.iter(|| {
                let id = insert_box(&mut prepared, centre);
                assert!(prepared.prepare_connected() > 0);
                prepared.remove(id);
                assert!(prepared.prepare_connected() > 0);
            })
        });
        group.finish();
    }
    c.final_summary();
    println!(
        "\n| map | from_grid (ms) | with triangulation (ms) | one edit + derivation (ms) | edit / rebuild |"
    );
    println!("|---|---:|---:|---:|---:|");
    for &name in &maps {
        let group = format!("mesh_build/{}", name.replace('/', "_"));
        let build = median_ns(&group, "from_grid").map(|ns| ns / 1e6);
        let full = median_ns(&group, "from_grid_and_triangulation").map(|ns| ns / 1e6);
        let edit = median_ns(&group, "edit_pair").map(|ns| ns / 2e6);
        println!(
            "| {name} | {} | {} | {} | {} |",
            fixed(build, 2),
            fixed(full, 2),
            fixed(edit, 3),
            edit.zip(full)
                .map_or("-".to_string(), |(e, f)| format!("{:.2}%", 100.0 * e / f))
        );
    }
}
