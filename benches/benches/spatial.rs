//! Spatial indexes: nav-spatial's `HashGrid`, `Quadtree` and `BruteForce` against the `rstar`
//! crate's R*-tree (the index a Rust user would otherwise pick), on the same objects and
//! queries in the same run.
//!
//! Run: `cargo bench -p nav-benches --bench spatial`
//! (about three minutes; criterion's `--warm-up-time` / `--measurement-time` flags override the
//! short defaults set in `main`, and a filter such as `-- query_small` runs one group).
//!
//! Data (deterministic, from a seeded xoshiro256++ generator): `n` boxes of 0.5 to 4 units a side,
//! centres spread uniformly over a 1000 x 1000 world, for n = 1k, 10k and 100k. Small queries are
//! 4 x 4 boxes, large queries 100 x 100 boxes (1% of the world), segment queries 50 units long
//! in random directions; all uniformly placed. The grid uses cells of 4 units (about the small
//! query size); the quadtree its default configuration (capacity 8, depth 12).
//!
//! Groups (criterion times one iteration; the summary at the end divides by the batch size):
//! * `insert/<n>`: build an index of n objects one insert at a time (plus `rstar_bulk_load`).
//! * `update/<n>`, `remove/<n>`: a batch of 1000 objects moved by up to 2 units, or removed
//!   (and put back untimed). rstar has no update: remove + insert.
//! * `query_small/<n>`, `query_large/<n>`, `query_segment/<n>`: one query per iteration, the
//!   handles written to a reused buffer (rstar: `locate_in_envelope_intersecting`, ids collected
//!   into a reused buffer; for segments, the segment's envelope and then the exact test).
//!
//! Before timing, every index's results are checked against brute force on the same queries.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use nav_benches::{fixed, median_ns, ratio};
use nav_spatial::{Aabb, BruteForce, HashGrid, ObjectKey, Quadtree, Segment, SpatialIndex, Vec2};
use nav_testkit::TestRng;
use rstar::{AABB, RTree, RTreeObject};

const WORLD: f32 = 1000.0;
const SIZES: [usize; 3] = [1_000, 10_000, 100_000];
const CELL_SIZE: f32 = 4.0;
/// A group of benchmarks timed by wall clock.
type Group<'a> = BenchmarkGroup<'a, WallTime>;
/// Objects moved or removed per iteration of the update and remove benchmarks.
const BATCH: usize = 1000;
/// Distinct queries cycled through by the query benchmarks.
const QUERIES: usize = 4096;

/// A point uniformly placed in the world.
fn point(rng: &mut TestRng) -> Vec2 {
    Vec2::new(rng.range_f32(0.0, WORLD), rng.range_f32(0.0, WORLD))
}

/// An object as rstar sees it: its envelope and an id.
#[derive(Debug, Clone, Copy, PartialEq)]
struct RObject {
    min: [f32; 2],
    max: [f32; 2],
    id: u32,
}

impl RObject {
    fn new(aabb: &Aabb, id: u32) -> Self {
        Self {
            min: aabb.min.to_array(),
            max: aabb.max.to_array(),
            id,
        }
    }
}

impl RTreeObject for RObject {
    type Envelope = AABB<[f32; 2]>;

    fn envelope(&self) -> Self::Envelope {
        AABB::from_corners(self.min, self.max)
    }
}

fn envelope(aabb: &Aabb) -> AABB<[f32; 2]> {
    AABB::from_corners(aabb.min.to_array(), aabb.max.to_array())
}

/// The data of one size: objects, their moved boxes, and the queries.
struct Data {
    n: usize,
    boxes: Vec<Aabb>,
    moved: Vec<Aabb>,
    small: Vec<Aabb>,
    large: Vec<Aabb>,
    segments: Vec<Segment>,
}

impl Data {
    fn new(n: usize) -> Self {
        let mut rng = TestRng::new(0x9E37_79B9_7F4A_7C15 ^ n as u64);
        let boxes: Vec<Aabb> = (0..n)
            .map(|_| {
                let half = Vec2::new(rng.range_f32(0.25, 2.0), rng.range_f32(0.25, 2.0));
                Aabb::from_center_half_extents(point(&mut rng), half)
            })
            .collect();
        let moved = boxes
            .iter()
            .map(|b| {
                let shift = Vec2::new(rng.range_f32(-2.0, 2.0), rng.range_f32(-2.0, 2.0));
                Aabb::new(b.min + shift, b.max + shift)
            })
            .collect();
        let square = |rng: &mut TestRng, half: f32| {
            Aabb::from_center_half_extents(point(rng), Vec2::splat(half))
        };
        let small = (0..QUERIES).map(|_| square(&mut rng, 2.0)).collect();
        let large = (0..QUERIES).map(|_| square(&mut rng, 50.0)).collect();
        let segments = (0..QUERIES)
            .map(|_| {
                let a = point(&mut rng);
                let angle = rng.range_f32(0.0, std::f32::consts::TAU);
                Segment::new(a, a + Vec2::from_angle(angle) * 50.0)
            })
            .collect();
        Self {
            n,
            boxes,
            moved,
            small,
            large,
            segments,
        }
    }

    fn rtree(&self) -> RTree<RObject> {
        let mut tree = RTree::new();
        for (i, b) in self.boxes.iter().enumerate() {
            tree.insert(RObject::new(b, i as u32));
        }
        tree
    }
}

fn world() -> Aabb {
    Aabb::new(Vec2::ZERO, Vec2::splat(WORLD))
}

fn new_grid() -> HashGrid<u32> {
    HashGrid::new(world(), CELL_SIZE).expect("valid grid")
}

fn new_tree() -> Quadtree<u32> {
    Quadtree::new(world()).expect("valid quadtree")
}

/// An index of ours filled with the data's boxes, and the handles in data order.
fn filled<I: SpatialIndex<u32>>(mut index: I, data: &Data) -> (I, Vec<ObjectKey>) {
    let keys = data
        .boxes
        .iter()
        .enumerate()
        .map(|(i, b)| index.insert(*b, i as u32).expect("valid box"))
        .collect();
    (index, keys)
}

/// Every index finds the same objects as brute force (by id) on a few hundred queries.
fn check_results(data: &Data) {
    let (brute, _) = filled(BruteForce::new(), data);
    let (grid, _) = filled(new_grid(), data);
    let (tree, _) = filled(new_tree(), data);
    let rtree = data.rtree();
    let ids = |index: &dyn Fn(&mut Vec<ObjectKey>), get: &dyn Fn(ObjectKey) -> u32| {
        let mut out = Vec::new();
        index(&mut out);
        let mut ids: Vec<u32> = out.into_iter().map(get).collect();
        ids.sort_unstable();
        ids
    };
    for q in data.small.iter().chain(&data.large).step_by(16) {
        let expected = ids(&|o| brute.query_aabb(q, o), &|k| *brute.get(k).unwrap().1);
        assert_eq!(
            ids(&|o| grid.query_aabb(q, o), &|k| *grid.get(k).unwrap().1),
            expected
        );
        assert_eq!(
            ids(&|o| tree.query_aabb(q, o), &|k| *tree.get(k).unwrap().1),
            expected
        );
        let mut r: Vec<u32> = rtree
            .locate_in_envelope_intersecting(envelope(q))
            .map(|o| o.id)
            .collect();
        r.sort_unstable();
        assert_eq!(r, expected, "rstar disagrees");
    }
    for s in data.segments.iter().step_by(16) {
        let expected = ids(&|o| brute.query_segment(s, o), &|k| {
            *brute.get(k).unwrap().1
        });
        assert_eq!(
            ids(&|o| grid.query_segment(s, o), &|k| *grid.get(k).unwrap().1),
            expected
        );
        assert_eq!(
            ids(&|o| tree.query_segment(s, o), &|k| *tree.get(k).unwrap().1),
            expected
        );
    }
}

fn bench_insert(c: &mut Criterion, data: &Data) {
    let mut group = c.benchmark_group(format!("insert/{}", data.n));
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Elements(data.n as u64));
    group.bench_function("hash_grid", |b| {
        b.iter_with_large_drop(|| filled(new_grid(), data))
    });
    group.bench_function("quadtree", |b| {
        b.iter_with_large_drop(|| filled(new_tree(), data))
    });
    group.bench_function("brute_force", |b| {
        b.iter_with_large_drop(|| filled(BruteForce::new(), data))
    });
    group.bench_function("rstar", |b| b.iter_with_large_drop(|| data.rtree()));
    group.bench_function("rstar_bulk_load", |b| {
        b.iter_with_large_drop(|| {
            let objects = data
                .boxes
                .iter()
                .enumerate()
                .map(|(i, b)| RObject::new(b, i as u32))
                .collect();
            RTree::bulk_load(objects)
        })
    });
    group.finish();
}

/// The objects of the `round`-th batch: consecutive ids, wrapping around.
fn batch(data: &Data, round: usize) -> impl Iterator<Item = usize> + '_ {
    (0..BATCH.min(data.n)).map(move |i| (round * BATCH + i) % data.n)
}

/// Moves a batch per iteration; each object alternates between its two boxes.
fn bench_update(c: &mut Criterion, data: &Data) {
    let mut group = c.benchmark_group(format!("update/{}", data.n));
    group.throughput(Throughput::Elements(BATCH as u64));
    fn ours<I: SpatialIndex<u32>>(group: &mut Group<'_>, name: &str, index: I, data: &Data) {
        let (mut index, keys) = filled(index, data);
        let mut at_moved = vec![false; data.n];
        let mut round = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                for i in batch(data, round) {
                    at_moved[i] = !at_moved[i];
                    let target = if at_moved[i] {
                        data.moved[i]
                    } else {
                        data.boxes[i]
                    };
                    index.update(keys[i], target).expect("live key");
                }
                round += 1;
            })
        });
    }
    ours(&mut group, "hash_grid", new_grid(), data);
    ours(&mut group, "quadtree", new_tree(), data);
    ours(&mut group, "brute_force", BruteForce::new(), data);
    let mut tree = data.rtree();
    let mut at_moved = vec![false; data.n];
    let mut round = 0;
    group.bench_function("rstar", |b| {
        b.iter(|| {
            for i in batch(data, round) {
                let (from, to) = if at_moved[i] {
                    (data.moved[i], data.boxes[i])
                } else {
                    (data.boxes[i], data.moved[i])
                };
                at_moved[i] = !at_moved[i];
                let id = i as u32;
                black_box(tree.remove(&RObject::new(&from, id))).expect("present");
                tree.insert(RObject::new(&to, id));
            }
            round += 1;
        })
    });
    group.finish();
}

/// Removes a batch per iteration (timed), then puts it back (not timed).
fn bench_remove(c: &mut Criterion, data: &Data) {
    let mut group = c.benchmark_group(format!("remove/{}", data.n));
    group.throughput(Throughput::Elements(BATCH as u64));
    fn ours<I: SpatialIndex<u32>>(group: &mut Group<'_>, name: &str, index: I, data: &Data) {
        let (mut index, mut keys) = filled(index, data);
        let mut round = 0;
        group.bench_function(name, |b| {
            b.iter_custom(|iterations| {
                let mut timed = Duration::ZERO;
                for _ in 0..iterations {
                    let start = Instant::now();
                    for i in batch(data, round) {
                        black_box(index.remove(keys[i]));
                    }
                    timed += start.elapsed();
                    for i in batch(data, round) {
                        keys[i] = index.insert(data.boxes[i], i as u32).expect("valid box");
                    }
                    round += 1;
                }
                timed
            })
        });
    }
    ours(&mut group, "hash_grid", new_grid(), data);
    ours(&mut group, "quadtree", new_tree(), data);
    ours(&mut group, "brute_force", BruteForce::new(), data);
    let mut tree = data.rtree();
    let mut round = 0;
    group.bench_function("rstar", |b| {
        b.iter_custom(|iterations| {
            let mut timed = Duration::ZERO;
            for _ in 0..iterations {
                let start = Instant::now();
                for i in batch(data, round) {
                    black_box(tree.remove(&RObject::new(&data.boxes[i], i as u32)));
                }
                timed += start.elapsed();
                for i in batch(data, round) {
                    tree.insert(RObject::new(&data.boxes[i], i as u32));
                }
                round += 1;
            }
            timed
        })
    });
    group.finish();
}

fn bench_box_queries(c: &mut Criterion, data: &Data, name: &str, queries: &[Aabb]) {
    let mut group = c.benchmark_group(format!("{name}/{}", data.n));
    fn ours<I: SpatialIndex<u32>>(
        group: &mut Group<'_>,
        name: &str,
        index: I,
        data: &Data,
        queries: &[Aabb],
    ) {
        let (index, _) = filled(index, data);
        let mut out = Vec::new();
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                next = (next + 1) % queries.len();
                index.query_aabb(&queries[next], &mut out);
                out.len()
            })
        });
    }
    ours(&mut group, "hash_grid", new_grid(), data, queries);
    ours(&mut group, "quadtree", new_tree(), data, queries);
    ours(&mut group, "brute_force", BruteForce::new(), data, queries);
    let tree = data.rtree();
    let mut out: Vec<u32> = Vec::new();
    let mut next = 0;
    group.bench_function("rstar", |b| {
        b.iter(|| {
            next = (next + 1) % queries.len();
            out.clear();
            out.extend(
                tree.locate_in_envelope_intersecting(envelope(&queries[next]))
                    .map(|o| o.id),
            );
            out.len()
        })
    });
    group.finish();
}

fn bench_segment_queries(c: &mut Criterion, data: &Data) {
    let mut group = c.benchmark_group(format!("query_segment/{}", data.n));
    fn ours<I: SpatialIndex<u32>>(group: &mut Group<'_>, name: &str, index: I, data: &Data) {
        let (index, _) = filled(index, data);
        let mut out = Vec::new();
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                next = (next + 1) % data.segments.len();
                index.query_segment(&data.segments[next], &mut out);
                out.len()
            })
        });
    }
    ours(&mut group, "hash_grid", new_grid(), data);
    ours(&mut group, "quadtree", new_tree(), data);
    ours(&mut group, "brute_force", BruteForce::new(), data);
    let tree = data.rtree();
    let mut out: Vec<u32> = Vec::new();
    let mut next = 0;
    group.bench_function("rstar", |b| {
        b.iter(|| {
            next = (next + 1) % data.segments.len();
            let segment = &data.segments[next];
            out.clear();
            out.extend(
                tree.locate_in_envelope_intersecting(envelope(&segment.aabb()))
                    .filter(|o| {
                        let aabb = Aabb::new(Vec2::from(o.min), Vec2::from(o.max));
                        nav_geom::query::intersects_aabb_segment(&aabb, segment)
                    })
                    .map(|o| o.id),
            );
            out.len()
        })
    });
    group.finish();
}

/// Medians per operation (per object for insert, update, remove; per query for queries) and
/// the ratio rstar / ours, as a Markdown table.
fn print_summary() {
    const IMPLS: [&str; 4] = ["hash_grid", "quadtree", "brute_force", "rstar"];
    println!("\nmedian time per operation (criterion median / objects per iteration), ns:\n");
    println!(
        "| group | n | HashGrid | Quadtree | BruteForce | rstar | rstar / HashGrid | rstar / Quadtree |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for name in [
        "insert",
        "update",
        "remove",
        "query_small",
        "query_large",
        "query_segment",
    ] {
        for n in SIZES {
            let group = format!("{name}/{n}");
            let per_op = |f: &str| {
                let divisor = match name {
                    "insert" => n,
                    "update" | "remove" => BATCH.min(n),
                    _ => 1,
                };
                median_ns(&group, f).map(|ns| ns / divisor as f64)
            };
            let cells: Vec<Option<f64>> = IMPLS.iter().map(|f| per_op(f)).collect();
            if cells.iter().all(Option::is_none) {
                continue;
            }
            let bulk = if name == "insert" {
                per_op("rstar_bulk_load").map_or(String::new(), |v| format!(" (bulk load {v:.1})"))
            } else {
                String::new()
            };
            println!(
                "| {name} | {n} | {} | {} | {} | {}{bulk} | {} | {} |",
                fixed(cells[0], 1),
                fixed(cells[1], 1),
                fixed(cells[2], 1),
                fixed(cells[3], 1),
                ratio(cells[3], cells[0], 2),
                ratio(cells[3], cells[1], 2),
            );
        }
    }
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1000))
        .configure_from_args();
    for n in SIZES {
        let data = Data::new(n);
        check_results(&data);
        bench_insert(&mut c, &data);
        bench_update(&mut c, &data);
        bench_remove(&mut c, &data);
        bench_box_queries(&mut c, &data, "query_small", &data.small);
        bench_box_queries(&mut c, &data, "query_large", &data.large);
        bench_segment_queries(&mut c, &data);
    }
    c.final_summary();
    print_summary();
}
