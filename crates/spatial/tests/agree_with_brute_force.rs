//! Every query of every index equals a brute-force scan of a plain list of boxes, after random
//! sequences of inserts, removes and updates; removed handles stay dead.

use std::ops::ControlFlow;

use nav_geom::query::{intersects_aabb_circle, intersects_aabb_segment};
use nav_spatial::{
    Aabb, BruteForce, Circle, HashGrid, ObjectKey, Quadtree, QuadtreeConfig, Segment, SpatialError,
    SpatialIndex, Vec2,
};
use proptest::prelude::*;

/// World bounds of every index under test: not square, and objects reach past them.
fn world() -> Aabb {
    Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(64.0, 48.0))
}

#[derive(Debug, Clone)]
enum Shape {
    Aabb(Aabb),
    Circle(Circle),
    Segment(Segment),
}

#[derive(Debug, Clone)]
enum Op {
    Insert(Aabb),
    /// Remove the live object at this position (modulo the count), or a removed one.
    Remove(usize),
    Update(usize, Aabb),
    Query(Shape),
}

/// Coordinates on a half-unit lattice (so that boxes often touch exactly, and touch cell and
/// node borders) mixed with arbitrary floats; some lie outside the world bounds.
fn coordinate() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => (-32i32..=160).prop_map(|i| i as f32 * 0.5),
        1 => -16.0f32..80.0,
    ]
}

fn point() -> impl Strategy<Value = Vec2> {
    (coordinate(), coordinate()).prop_map(|(x, y)| Vec2::new(x, y))
}

/// Mostly small boxes, some points, some larger than many cells.
fn aabb() -> impl Strategy<Value = Aabb> {
    let size = prop_oneof![
        1 => Just(0.0f32),
        6 => (0i32..=12).prop_map(|i| i as f32 * 0.5),
        1 => 0.0f32..48.0,
    ];
    (point(), size.clone(), size).prop_map(|(min, w, h)| Aabb::new(min, min + Vec2::new(w, h)))
}

fn shape() -> impl Strategy<Value = Shape> {
    let radius = prop_oneof![
        Just(0.0f32),
        (0i32..=40).prop_map(|i| i as f32 * 0.5),
        0.0f32..30.0
    ];
    prop_oneof![
        aabb().prop_map(Shape::Aabb),
        (point(), radius).prop_map(|(c, r)| Shape::Circle(Circle::new(c, r))),
        (point(), point()).prop_map(|(a, b)| Shape::Segment(Segment::new(a, b))),
        // Axis-aligned segments, the cases where the sweep has no slope or no width.
        (point(), coordinate())
            .prop_map(|(a, x)| Shape::Segment(Segment::new(a, Vec2::new(x, a.y)))),
        (point(), coordinate())
            .prop_map(|(a, y)| Shape::Segment(Segment::new(a, Vec2::new(a.x, y)))),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => aabb().prop_map(Op::Insert),
        1 => any::<usize>().prop_map(Op::Remove),
        2 => (any::<usize>(), aabb()).prop_map(|(i, b)| Op::Update(i, b)),
        3 => shape().prop_map(Op::Query),
    ]
}

/// The reference: a list of live objects, and the handles removed so far.
#[derive(Default)]
struct Model {
    live: Vec<(ObjectKey, Aabb, u32)>,
    dead: Vec<ObjectKey>,
}

impl Model {
    fn expected(&self, shape: &Shape) -> Vec<ObjectKey> {
        let mut keys: Vec<ObjectKey> = self
            .live
            .iter()
            .filter(|(_, b, _)| match shape {
                Shape::Aabb(q) => q.is_valid() && b.intersects(q),
                Shape::Circle(c) => c.is_valid() && intersects_aabb_circle(b, c),
                Shape::Segment(s) => s.is_valid() && intersects_aabb_segment(b, s),
            })
            .map(|(k, _, _)| *k)
            .collect();
        keys.sort();
        keys
    }
}

fn query<I: SpatialIndex<u32>>(index: &I, shape: &Shape, out: &mut Vec<ObjectKey>) {
    match shape {
        Shape::Aabb(q) => index.query_aabb(q, out),
        Shape::Circle(c) => index.query_circle(c, out),
        Shape::Segment(s) => index.query_segment(s, out),
    }
    out.sort();
}

/// Runs the operations on `index` and on the model, checking after every step.
fn check<I: SpatialIndex<u32>>(mut index: I, ops: &[Op]) -> Result<(), TestCaseError> {
    let mut model = Model::default();
    let mut out = Vec::new();
    for (step, op) in ops.iter().enumerate() {
        let value = step as u32;
        match op {
            Op::Insert(aabb) => {
                let key = index.insert(*aabb, value).unwrap();
                prop_assert!(
                    !model.dead.contains(&key),
                    "new handle aliases a removed one"
                );
                model.live.push((key, *aabb, value));
            }
            Op::Remove(i) => {
                if model.live.is_empty() || i % 4 == 0 {
                    // A removed handle (or a never-issued one) must not remove anything.
                    let dead = model.dead.get(i / 4 % model.dead.len().max(1)).copied();
                    let key = dead.unwrap_or_else(|| ObjectKey::from_raw(*i as u64));
                    prop_assert_eq!(index.remove(key), None);
                } else {
                    let (key, _, value) = model.live.swap_remove(i % model.live.len());
                    prop_assert_eq!(index.remove(key), Some(value));
                    model.dead.push(key);
                }
            }
            Op::Update(i, aabb) => {
                if model.live.is_empty() {
                    continue;
                }
                let i = i % model.live.len();
                let key = model.live[i].0;
                index.update(key, *aabb).unwrap();
                model.live[i].1 = *aabb;
            }
            Op::Query(shape) => {
                query(&index, shape, &mut out);
                prop_assert_eq!(&out, &model.expected(shape), "step {}: {:?}", step, shape);
            }
        }
        prop_assert_eq!(index.len(), model.live.len());
        for &key in &model.dead {
            prop_assert!(index.get(key).is_none());
            prop_assert_eq!(
                index.update(key, Aabb::new(Vec2::ZERO, Vec2::ONE)),
                Err(SpatialError::UnknownKey { key })
            );
        }
    }
    // Finally every object is where the model says, and every shape agrees.
    for (key, aabb, value) in &model.live {
        prop_assert_eq!(index.get(*key), Some((aabb, value)));
        let point = Shape::Aabb(Aabb::new(aabb.min, aabb.min));
        query(&index, &point, &mut out);
        prop_assert_eq!(&out, &model.expected(&point));
        prop_assert!(out.contains(key));
    }
    let mut all: Vec<ObjectKey> = index.iter().map(|(k, _, _)| k).collect();
    all.sort();
    let mut live: Vec<ObjectKey> = model.live.iter().map(|(k, _, _)| *k).collect();
    live.sort();
    prop_assert_eq!(all, live);
    Ok(())
}

fn grid(cell_size: f32) -> HashGrid<u32> {
    HashGrid::new(world(), cell_size).unwrap()
}

fn tree(capacity: usize, max_depth: u32) -> Quadtree<u32> {
    Quadtree::with_config(
        world(),
        QuadtreeConfig {
            capacity,
            max_depth,
        },
    )
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn hash_grid_agrees(
        cell_size in prop_oneof![Just(1.0f32), Just(2.5), Just(7.0), Just(16.0), Just(100.0), 0.7f32..20.0],
        ops in prop::collection::vec(op(), 1..80),
    ) {
        check(grid(cell_size), &ops)?;
    }

    #[test]
    fn quadtree_agrees(
        capacity in 1usize..6,
        max_depth in 0u32..8,
        ops in prop::collection::vec(op(), 1..80),
    ) {
        check(tree(capacity, max_depth), &ops)?;
    }

    #[test]
    fn brute_force_agrees(ops in prop::collection::vec(op(), 1..80)) {
        check(BruteForce::new(), &ops)?;
    }

    /// Many objects in a small world: crowded cells, deep trees, splits and merges.
    #[test]
    fn crowded_indexes_agree(
        boxes in prop::collection::vec(aabb(), 50..200),
        moves in prop::collection::vec((any::<usize>(), aabb()), 0..100),
        removals in prop::collection::vec(any::<usize>(), 0..150),
        shapes in prop::collection::vec(shape(), 1..30),
    ) {
        let mut ops: Vec<Op> = boxes.into_iter().map(Op::Insert).collect();
        ops.extend(moves.into_iter().map(|(i, b)| Op::Update(i, b)));
        ops.extend(shapes.iter().cloned().map(Op::Query));
        ops.extend(removals.into_iter().map(|i| Op::Remove(i | 1)));
        ops.extend(shapes.into_iter().map(Op::Query));
        check(grid(1.5), &ops)?;
        check(tree(2, 10), &ops)?;
        check(tree(8, 4), &ops)?;
    }
}

/// A visitor that breaks stops the query at once and hands its value back.
#[test]
fn visitors_stop_early() {
    let mut grid = grid(4.0);
    let mut tree = tree(2, 6);
    for i in 0..20 {
        let b = Aabb::from_center_half_extents(Vec2::new(3.0 * i as f32, 10.0), Vec2::ONE);
        grid.insert(b, i).unwrap();
        tree.insert(b, i).unwrap();
    }
    fn third<I: SpatialIndex<u32>>(index: &I) -> (ControlFlow<ObjectKey>, usize) {
        let mut seen = 0;
        let flow = index.visit_segment(
            &Segment::new(Vec2::new(-5.0, 10.0), Vec2::new(100.0, 10.0)),
            |key, _| {
                seen += 1;
                if seen == 3 {
                    ControlFlow::Break(key)
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        (flow, seen)
    }
    for (flow, seen) in [third(&grid), third(&tree)] {
        assert!(flow.is_break());
        assert_eq!(seen, 3);
    }
}

/// Slots are reused after removal, yet old handles never reach the new objects.
#[test]
fn reused_slots_do_not_revive_handles() {
    fn run<I: SpatialIndex<u32>>(mut index: I) {
        let b = Aabb::new(Vec2::ONE, Vec2::splat(2.0));
        let mut dead = Vec::new();
        for round in 0..50 {
            let key = index.insert(b, round).unwrap();
            assert!(!dead.contains(&key));
            for &old in &dead {
                assert_eq!(index.get(old), None);
                assert_eq!(index.remove(old), None);
                assert_eq!(index.get_mut(old), None);
            }
            assert_eq!(index.remove(key), Some(round));
            dead.push(key);
        }
        // Handles of the same slot differ only by generation; the raw form keeps them apart.
        let raw: Vec<u64> = dead.iter().map(|k| k.to_raw()).collect();
        assert!(
            raw.iter()
                .all(|r| raw.iter().filter(|s| *s == r).count() == 1)
        );
        let live = index.insert(b, 99).unwrap();
        index.clear();
        assert_eq!(index.get(live), None);
        assert!(index.is_empty());
        let mut out = vec![live];
        index.query_aabb(&b, &mut out);
        assert!(out.is_empty());
    }
    run(grid(1.0));
    run(tree(1, 4));
    run(BruteForce::new());
}

/// Queries take `&self`, and the indexes can be shared between threads.
#[test]
fn indexes_are_sync_and_send() {
    fn assert_sync_send<T: Sync + Send>() {}
    assert_sync_send::<HashGrid<u32>>();
    assert_sync_send::<Quadtree<u32>>();
    assert_sync_send::<BruteForce<u32>>();

    let mut grid = grid(2.0);
    for i in 0..100 {
        let p = Vec2::new((i % 10) as f32 * 6.0, (i / 10) as f32 * 4.0);
        grid.insert(Aabb::from_center_half_extents(p, Vec2::ONE), i)
            .unwrap();
    }
    let counts: Vec<usize> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let grid = &grid;
                scope.spawn(move || {
                    let mut out = Vec::new();
                    let row = Segment::new(
                        Vec2::new(-1.0, t as f32 * 4.0),
                        Vec2::new(70.0, t as f32 * 4.0),
                    );
                    grid.query_segment(&row, &mut out);
                    out.len()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(counts, [10, 10, 10, 10]);
}

/// Raw handles round-trip, are never 0, and values that no handle produces give no object.
#[test]
fn raw_handles_round_trip_and_zero_is_no_object() {
    let mut grid = grid(1.0);
    let b = Aabb::new(Vec2::ONE, Vec2::splat(2.0));
    let mut keys = Vec::new();
    for i in 0..100 {
        let key = grid.insert(b, i).unwrap();
        if i % 3 == 0 {
            grid.remove(key);
        } else {
            keys.push(key);
        }
    }
    for &key in &keys {
        assert_ne!(key.to_raw(), 0);
        assert_eq!(ObjectKey::from_raw(key.to_raw()), key);
    }
    for raw in [0, 1, 2, u64::MAX, 1 << 32, 2 << 32] {
        let key = ObjectKey::from_raw(raw);
        assert!(grid.get(key).is_none() || key.to_raw() == raw, "{raw:#x}");
    }
    assert_eq!(ObjectKey::from_raw(0), ObjectKey::default());
    assert_eq!(ObjectKey::from_raw(2 << 32), ObjectKey::default()); // even generation: never issued
}
