//! Bad input gives an error or an empty result, never a panic; objects and queries beyond the
//! world bounds are clamped into the border cells and still found; touching counts everywhere.

use nav_spatial::{
    Aabb, BruteForce, Circle, HashGrid, ObjectKey, Quadtree, QuadtreeConfig, Segment, SpatialError,
    SpatialIndex, Vec2,
};

fn world() -> Aabb {
    Aabb::new(Vec2::ZERO, Vec2::splat(100.0))
}

fn b(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
    Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1))
}

const NAN: f32 = f32::NAN;
const INF: f32 = f32::INFINITY;

fn bad_boxes() -> Vec<Aabb> {
    vec![
        b(NAN, 0.0, 1.0, 1.0),
        b(0.0, 0.0, 1.0, NAN),
        b(-INF, 0.0, 1.0, 1.0),
        b(0.0, 0.0, INF, 1.0),
        b(2.0, 0.0, 1.0, 1.0), // inverted on x
        b(0.0, 2.0, 1.0, 1.0), // inverted on y
    ]
}

#[test]
fn grid_construction_rejects_bad_bounds_and_cell_sizes() {
    for bounds in bad_boxes() {
        assert_same(
            HashGrid::<()>::new(bounds, 1.0).unwrap_err(),
            SpatialError::InvalidBounds { bounds },
        );
    }
    for cell_size in [0.0, -0.0, -1.0, NAN, INF, -INF] {
        let err = HashGrid::<()>::new(world(), cell_size).unwrap_err();
        assert!(
            matches!(err, SpatialError::InvalidCellSize { cell_size: c } if c.to_bits() == cell_size.to_bits()),
            "{err:?}"
        );
    }
    // Absurd cell counts are refused before anything is allocated.
    let err = HashGrid::<()>::new(b(0.0, 0.0, 1e9, 1e9), 1.0).unwrap_err();
    assert_eq!(
        err,
        SpatialError::TooManyCells {
            columns: 1e9,
            rows: 1e9,
            max: 1 << 26
        }
    );
    assert!(err.to_string().contains("1000000000 x 1000000000"));
    // One cell too many.
    assert!(matches!(
        HashGrid::<()>::new(b(0.0, 0.0, 8193.0, 8192.0), 1.0),
        Err(SpatialError::TooManyCells {
            columns,
            rows,
            ..
        }) if columns == 8193.0 && rows == 8192.0
    ));
    // A cell size far below the bounds' resolution is named with its real count.
    let message = HashGrid::<()>::new(b(0.0, 0.0, 100.0, 100.0), 1e-30)
        .unwrap_err()
        .to_string();
    assert!(message.contains("1.000e32 x 1.000e32 cells"), "{message}");
    assert!(!message.contains("18446744073709551615"), "{message}");
    for cell_size in [f32::MIN_POSITIVE, 1e-45] {
        assert!(matches!(
            HashGrid::<()>::new(b(f32::MIN, f32::MIN, f32::MAX, f32::MAX), cell_size),
            Err(SpatialError::TooManyCells { .. })
        ));
    }
    // Degenerate but valid: bounds of zero size make one cell; a huge cell makes one cell.
    let grid = HashGrid::<()>::new(b(5.0, 5.0, 5.0, 5.0), 1.0).unwrap();
    assert_eq!((grid.columns(), grid.rows()), (1, 1));
    let grid = HashGrid::<()>::new(world(), f32::MAX).unwrap();
    assert_eq!((grid.columns(), grid.rows()), (1, 1));
}

#[test]
fn quadtree_construction_rejects_bad_bounds_and_configs() {
    for bounds in bad_boxes() {
        assert_same(
            Quadtree::<()>::new(bounds).unwrap_err(),
            SpatialError::InvalidBounds { bounds },
        );
    }
    let config = |capacity, max_depth| QuadtreeConfig {
        capacity,
        max_depth,
    };
    assert_eq!(
        Quadtree::<()>::with_config(world(), config(0, 4)).unwrap_err(),
        SpatialError::InvalidCapacity { capacity: 0 }
    );
    assert_eq!(
        Quadtree::<()>::with_config(world(), config(4, 25)).unwrap_err(),
        SpatialError::InvalidMaxDepth {
            max_depth: 25,
            max: 24
        }
    );
    assert!(Quadtree::<()>::with_config(world(), config(1, 24)).is_ok());
    assert!(Quadtree::<()>::with_config(b(3.0, 3.0, 3.0, 3.0), config(1, 24)).is_ok());
}

/// Compares through `Debug`, since errors that carry a NaN are never `==` to themselves.
#[track_caller]
fn assert_same<T: std::fmt::Debug>(actual: T, expected: T) {
    assert_eq!(format!("{actual:?}"), format!("{expected:?}"));
}

fn check_bad_objects<I: SpatialIndex<u32>>(mut index: I) {
    let keep = index.insert(b(1.0, 1.0, 2.0, 2.0), 7).unwrap();
    for aabb in bad_boxes() {
        assert_same(
            index.insert(aabb, 0),
            Err(SpatialError::InvalidAabb { aabb }),
        );
        assert_same(
            index.update(keep, aabb),
            Err(SpatialError::InvalidAabb { aabb }),
        );
    }
    // Nothing changed.
    assert_eq!(index.len(), 1);
    assert_eq!(index.get(keep), Some((&b(1.0, 1.0, 2.0, 2.0), &7)));
    let mut out = Vec::new();
    index.query_aabb(&world(), &mut out);
    assert_eq!(out, [keep]);

    // Unknown handles.
    let stranger = ObjectKey::from_raw(0x1234_5678_9abc);
    assert_eq!(
        index.update(stranger, world()),
        Err(SpatialError::UnknownKey { key: stranger })
    );
    assert_eq!(index.remove(stranger), None);
    assert_eq!(index.remove(ObjectKey::default()), None);
    assert!(!index.contains_key(ObjectKey::default()));

    // Invalid query shapes find nothing (and the buffer is cleared).
    for query in bad_boxes() {
        out.push(keep);
        index.query_aabb(&query, &mut out);
        assert!(out.is_empty(), "{query:?}");
    }
    for circle in [
        Circle::new(Vec2::new(1.5, 1.5), -1.0),
        Circle::new(Vec2::new(1.5, 1.5), NAN),
        Circle::new(Vec2::new(1.5, 1.5), INF),
        Circle::new(Vec2::new(NAN, 1.5), 1.0),
        Circle::new(Vec2::new(1.5, -INF), 1.0),
    ] {
        out.push(keep);
        index.query_circle(&circle, &mut out);
        assert!(out.is_empty(), "{circle:?}");
    }
    for segment in [
        Segment::new(Vec2::new(NAN, 1.5), Vec2::new(3.0, 1.5)),
        Segment::new(Vec2::new(0.0, 1.5), Vec2::new(INF, 1.5)),
        Segment::new(Vec2::new(-INF, 1.5), Vec2::new(INF, 1.5)),
    ] {
        out.push(keep);
        index.query_segment(&segment, &mut out);
        assert!(out.is_empty(), "{segment:?}");
    }
    // Degenerate shapes are points, and valid.
    index.query_circle(&Circle::new(Vec2::new(2.0, 2.0), 0.0), &mut out);
    assert_eq!(out, [keep]);
    index.query_segment(
        &Segment::new(Vec2::new(1.0, 1.5), Vec2::new(1.0, 1.5)),
        &mut out,
    );
    assert_eq!(out, [keep]);
    index.query_aabb(&b(2.0, 1.0, 2.0, 1.0), &mut out);
    assert_eq!(out, [keep]);
}

#[test]
fn bad_objects_and_shapes_are_refused_or_find_nothing() {
    check_bad_objects(HashGrid::new(world(), 10.0).unwrap());
    check_bad_objects(HashGrid::new(world(), 0.5).unwrap());
    check_bad_objects(Quadtree::new(world()).unwrap());
    check_bad_objects(BruteForce::new());
}

/// The results of a few queries on `index` and on a brute-force copy, for the same objects.
fn agree_on<I: SpatialIndex<u32>>(mut index: I, boxes: &[Aabb], queries: &[Query]) {
    let mut reference = BruteForce::new();
    let mut keys = Vec::new();
    for (i, aabb) in boxes.iter().enumerate() {
        let key = index.insert(*aabb, i as u32).unwrap();
        let reference_key = reference.insert(*aabb, i as u32).unwrap();
        keys.push((key, reference_key));
    }
    let (mut out, mut expected) = (Vec::new(), Vec::new());
    for query in queries {
        query.run(&index, &mut out);
        query.run(&reference, &mut expected);
        let mut found: Vec<u32> = out.iter().map(|k| *index.get(*k).unwrap().1).collect();
        let mut wanted: Vec<u32> = expected
            .iter()
            .map(|k| *reference.get(*k).unwrap().1)
            .collect();
        found.sort();
        wanted.sort();
        assert_eq!(found, wanted, "{query:?}");
    }
}

#[derive(Debug, Clone, Copy)]
enum Query {
    Aabb(Aabb),
    Circle(Circle),
    Segment(Segment),
}

impl Query {
    fn run<I: SpatialIndex<u32>>(&self, index: &I, out: &mut Vec<ObjectKey>) {
        match self {
            Query::Aabb(q) => index.query_aabb(q, out),
            Query::Circle(c) => index.query_circle(c, out),
            Query::Segment(s) => index.query_segment(s, out),
        }
    }
}

fn p(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

#[test]
fn objects_and_queries_outside_the_bounds_are_clamped_and_found() {
    let boxes = [
        b(-50.0, -50.0, -40.0, -40.0),   // wholly outside, below-left
        b(150.0, 20.0, 160.0, 30.0),     // wholly outside, right
        b(-5.0, 95.0, 5.0, 105.0),       // straddles the top-left corner
        b(1e30, 1e30, 2e30, 2e30),       // absurdly far away
        b(f32::MIN, 0.0, f32::MIN, 0.0), // at the edge of f32
        b(-1e6, 49.0, 1e6, 51.0),        // crosses the whole world
        b(10.0, 10.0, 11.0, 11.0),       // an ordinary object inside
        b(0.0, 0.0, 100.0, 100.0),       // exactly the world
    ];
    let queries = [
        Query::Aabb(b(-45.0, -45.0, -44.0, -44.0)),
        Query::Aabb(b(-100.0, -100.0, -60.0, -60.0)), // same border cell, no overlap
        Query::Aabb(b(155.0, 0.0, 155.0, 100.0)),
        Query::Aabb(b(1.5e30, 1.5e30, 1.5e30, 1.5e30)),
        Query::Aabb(b(f32::MIN, -1.0, f32::MIN, 1.0)),
        Query::Aabb(b(f32::MIN, f32::MIN, f32::MAX, f32::MAX)),
        Query::Circle(Circle::new(p(-45.0, -45.0), 1.0)),
        Query::Circle(Circle::new(p(-60.0, -60.0), 5.0)),
        Query::Circle(Circle::new(p(200.0, 25.0), 40.0)),
        Query::Circle(Circle::new(p(0.0, 0.0), 1e19)),
        Query::Circle(Circle::new(p(0.0, 0.0), 1e20)), // squares past f32::MAX
        Query::Circle(Circle::new(p(f32::MAX, f32::MAX), f32::MAX)),
        Query::Segment(Segment::new(p(-100.0, -45.0), p(200.0, -45.0))),
        Query::Segment(Segment::new(p(-100.0, -100.0), p(200.0, 200.0))),
        Query::Segment(Segment::new(p(-100.0, 200.0), p(200.0, -100.0))),
        Query::Segment(Segment::new(p(155.0, -1000.0), p(155.0, 1000.0))),
        Query::Segment(Segment::new(p(0.0, 1.5e30), p(3e30, 1.5e30))),
        Query::Segment(Segment::new(p(f32::MIN, 0.0), p(f32::MAX, 0.0))), // b - a overflows
        Query::Segment(Segment::new(p(f32::MIN, f32::MIN), p(f32::MAX, f32::MAX))),
    ];
    for cell_size in [1.0, 7.0, 100.0] {
        agree_on(HashGrid::new(world(), cell_size).unwrap(), &boxes, &queries);
    }
    for capacity in [1, 4] {
        let config = QuadtreeConfig {
            capacity,
            max_depth: 8,
        };
        agree_on(
            Quadtree::with_config(world(), config).unwrap(),
            &boxes,
            &queries,
        );
    }
    // And a few of these are found for the right reason.
    let mut grid = HashGrid::new(world(), 10.0).unwrap();
    let far = grid.insert(b(150.0, 20.0, 160.0, 30.0), 0).unwrap();
    let mut out = Vec::new();
    grid.query_aabb(&b(155.0, 25.0, 155.0, 25.0), &mut out);
    assert_eq!(out, [far]);
    grid.query_aabb(&b(101.0, 25.0, 149.0, 25.0), &mut out);
    assert!(out.is_empty(), "shares the border cell but does not touch");
}

/// Shapes that touch an object exactly on a cell border, from the neighbouring cell.
#[test]
fn touching_across_cell_borders_counts() {
    // Cells of 10: the object fills the start of column 1, row 0.
    let object = b(10.0, 0.0, 11.0, 1.0);
    let queries = [
        Query::Aabb(b(9.0, 0.5, 10.0, 0.5)),
        Query::Circle(Circle::new(p(7.0, 0.5), 3.0)),
        Query::Circle(Circle::new(p(7.0, 4.0), 5.0)), // touches the corner (10, 1): 3-4-5
        Query::Segment(Segment::new(p(0.0, 0.5), p(10.0, 0.5))),
        Query::Segment(Segment::new(p(0.0, 11.0), p(10.0, 1.0))), // ends on the corner
        Query::Segment(Segment::new(p(9.0, 2.0), p(11.0, 0.0))),  // passes through (10, 1)
    ];
    for query in queries {
        for cell_size in [10.0, 5.0, 1.0, 3.3] {
            let mut grid = HashGrid::new(world(), cell_size).unwrap();
            let key = grid.insert(object, 0).unwrap();
            let mut out = Vec::new();
            query.run(&grid, &mut out);
            assert_eq!(out, [key], "cell {cell_size}: {query:?}");
        }
        let mut tree = Quadtree::with_config(
            world(),
            QuadtreeConfig {
                capacity: 1,
                max_depth: 6,
            },
        )
        .unwrap();
        let key = tree.insert(object, 0).unwrap();
        for i in 0..20 {
            // Neighbours to make the tree split around the object.
            tree.insert(b(50.0 + i as f32, 50.0, 50.5 + i as f32, 50.5), 1)
                .unwrap();
        }
        let mut out = Vec::new();
        query.run(&tree, &mut out);
        assert_eq!(out, [key], "quadtree: {query:?}");
    }
}

/// Worlds far from the origin, with cells small relative to the coordinates.
#[test]
fn worlds_far_from_the_origin() {
    let origin = p(1.0e6, -2.0e6);
    let bounds = Aabb::new(origin, origin + Vec2::splat(1000.0));
    let boxes: Vec<Aabb> = (0..200)
        .map(|i| {
            let c = origin + p((i * 37 % 1000) as f32, (i * 91 % 1000) as f32);
            Aabb::from_center_half_extents(c, Vec2::splat(2.0 + (i % 5) as f32))
        })
        .collect();
    let queries: Vec<Query> = (0..50)
        .flat_map(|i| {
            let c = origin + p((i * 53 % 1000) as f32, (i * 29 % 1000) as f32);
            let d = origin + p((i * 71 % 1000) as f32, (i * 13 % 1000) as f32);
            [
                Query::Aabb(Aabb::from_center_half_extents(c, Vec2::splat(20.0))),
                Query::Circle(Circle::new(c, 30.0)),
                Query::Segment(Segment::new(c, d)),
            ]
        })
        .collect();
    agree_on(HashGrid::new(bounds, 1.0).unwrap(), &boxes, &queries);
    agree_on(HashGrid::new(bounds, 16.0).unwrap(), &boxes, &queries);
    agree_on(Quadtree::new(bounds).unwrap(), &boxes, &queries);
}

/// Objects covering more than `MAX_CELLS_PER_OBJECT` cells go to the large list and move in
/// and out of it on update.
#[test]
fn large_objects_move_between_the_list_and_the_cells() {
    let mut grid = HashGrid::new(world(), 1.0).unwrap();
    let mut reference = BruteForce::new();
    let small = b(3.0, 3.0, 4.0, 4.0);
    let large = b(0.0, 0.0, 60.0, 60.0); // 3721 cells
    let mut keys = Vec::new();
    for i in 0..6 {
        let aabb = if i % 2 == 0 { large } else { small };
        keys.push((
            grid.insert(aabb, i).unwrap(),
            reference.insert(aabb, i).unwrap(),
        ));
    }
    // Swap sizes back and forth, then remove some, checking after each step.
    let shapes = [
        Query::Aabb(b(50.0, 50.0, 51.0, 51.0)),
        Query::Circle(Circle::new(p(3.5, 3.5), 0.1)),
        Query::Segment(Segment::new(p(-10.0, 59.0), p(100.0, 59.5))),
    ];
    let check = |grid: &HashGrid<u32>, reference: &BruteForce<u32>| {
        let (mut out, mut expected) = (Vec::new(), Vec::new());
        for shape in &shapes {
            shape.run(grid, &mut out);
            shape.run(reference, &mut expected);
            let mut a: Vec<u32> = out.iter().map(|k| *grid.get(*k).unwrap().1).collect();
            let mut e: Vec<u32> = expected
                .iter()
                .map(|k| *reference.get(*k).unwrap().1)
                .collect();
            a.sort();
            e.sort();
            assert_eq!(a, e, "{shape:?}");
        }
    };
    check(&grid, &reference);
    for (step, &(key, reference_key)) in keys.iter().enumerate() {
        let aabb = if step % 2 == 0 { small } else { large };
        grid.update(key, aabb).unwrap();
        reference.update(reference_key, aabb).unwrap();
        check(&grid, &reference);
    }
    for &(key, reference_key) in keys.iter().step_by(2) {
        assert_eq!(grid.remove(key), reference.remove(reference_key));
        check(&grid, &reference);
    }
    for &(key, _) in keys.iter().skip(1).step_by(2) {
        grid.update(key, b(-1e9, -1e9, 1e9, 1e9)).unwrap();
    }
    let mut out = Vec::new();
    grid.query_aabb(&b(0.0, 0.0, 0.0, 0.0), &mut out);
    assert_eq!(out.len(), 3);
}
