//! `MeshWorld::connected` (a triangulation's bottleneck forest, then a search where it cannot
//! decide) against the path search itself: random worlds and radii, gaps exactly as wide as the
//! disc (closed), random grids at radius 0.5 (corridors one cell wide are closed), edits, and
//! bad input.

use nav_geom::{Aabb, Circle, Vec2};
use nav_mesh::{Decided, MeshContext, MeshError, MeshQuery, MeshWorld, Obstacle, ObstacleId};
use nav_testkit::{CountingAllocator, TestRng, allocations_during};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// A copy of `world` whose triangulation is not ready (an edit repairs it, but its forests
/// wait for the next `connected`), so that its searches are the reference: `find_path` would
/// otherwise use the triangulation under test.
fn reference(world: &MeshWorld) -> MeshWorld {
    let mut copy = world.clone();
    let id = copy
        .insert(Obstacle::Box(Aabb::new(Vec2::ZERO, Vec2::splat(1e-3))))
        .unwrap();
    copy.remove(id);
    copy
}

fn by_search(world: &MeshWorld, a: Vec2, b: Vec2, r: f32) -> bool {
    let mut ctx = MeshContext::new();
    ctx.find_path(world, &MeshQuery::new(a, b).with_radius(r))
        .unwrap()
        .is_found()
}

/// One random edit of `world`: a new obstacle, or the removal or move (`set`) of one of
/// `ids`.
fn random_edit(world: &mut MeshWorld, ids: &mut Vec<ObstacleId>, rng: &mut TestRng, size: f32) {
    match rng.below(3) {
        0 => {
            if let Ok(id) = world.insert(random_obstacle(rng, size)) {
                ids.push(id);
            }
        }
        1 if !ids.is_empty() => {
            let id = ids.swap_remove(rng.below(ids.len() as u64) as usize);
            world.remove(id);
        }
        _ if !ids.is_empty() => {
            let id = ids[rng.below(ids.len() as u64) as usize];
            let _ = world.set(id, random_obstacle(rng, size));
        }
        _ => {}
    }
}

fn random_obstacle(rng: &mut TestRng, size: f32) -> Obstacle {
    let c = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
    match rng.below(3) {
        0 => {
            let h = Vec2::new(rng.range_f32(0.3, 3.0), rng.range_f32(0.3, 3.0));
            Obstacle::Box(Aabb::new(c - h, c + h))
        }
        1 => {
            let along = Vec2::from_angle(rng.range_f32(0.0, 3.2)) * rng.range_f32(1.0, 7.0);
            let across = along.perp() * 0.05;
            Obstacle::Polygon(vec![
                c - along - across,
                c + along - across,
                c + along + across,
                c - along + across,
            ])
        }
        _ => {
            let n = 5 + rng.below(5) as usize;
            Obstacle::Polygon(
                (0..n)
                    .map(|i| {
                        let a =
                            (i as f32 + rng.range_f32(0.1, 0.9)) / n as f32 * std::f32::consts::TAU;
                        c + Vec2::from_angle(a) * rng.range_f32(0.8, 3.0)
                    })
                    .collect(),
            )
        }
    }
}

#[derive(Default)]
struct Tally {
    yes: usize,
    no: usize,
    /// "Yes" answers the roadmap certified (no search).
    certified: usize,
    /// "No" answers the widths proved (no search).
    proved: usize,
}

impl Tally {
    fn count(&mut self, world: &MeshWorld, a: Vec2, b: Vec2, r: f32, (c, how): (bool, Decided)) {
        if c {
            self.yes += 1;
            self.certified += (how == Decided::Roadmap) as usize;
        } else if world.fits(a, r).unwrap() && world.fits(b, r).unwrap() {
            self.no += 1;
            self.proved += (how == Decided::Widths) as usize;
        }
        // Each way of deciding gives only the answer it can prove.
        assert!(
            if c {
                how != Decided::Widths
            } else {
                how != Decided::Roadmap
            },
            "{how:?} answered {c}"
        );
    }

    /// Most "yes" answers need no search.
    fn assert_mostly_certified(&self, at_least: f64) {
        eprintln!(
            "yes {} ({} certified), no {} ({} proved by the widths)",
            self.yes, self.certified, self.no, self.proved
        );
        assert!(
            self.certified as f64 >= at_least * self.yes as f64,
            "only {} of {} 'connected' answers certified without a search",
            self.certified,
            self.yes
        );
    }
}

fn compare(
    world: &MeshWorld,
    rng: &mut TestRng,
    size: f32,
    radii: &[f32],
    n: usize,
    t: &mut Tally,
) {
    let plain = reference(world);
    let mut ctx = MeshContext::new();
    for &r in radii {
        for _ in 0..n {
            let a = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
            let b = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
            let answer = ctx.connected_how(world, a, b, r).unwrap();
            assert_eq!(answer.0, world.connected(a, b, r).unwrap());
            assert_eq!(
                answer.0,
                by_search(&plain, a, b, r),
                "r {r} from {a} to {b} ({answer:?})"
            );
            t.count(world, a, b, r, answer);
        }
    }
}

#[test]
fn connected_equals_the_search_on_random_worlds() {
    let mut t = Tally::default();
    for seed in 0..40u64 {
        let mut rng = TestRng::new(seed);
        let size = 30.0;
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
        for _ in 0..(20 + rng.below(30)) {
            let ob = random_obstacle(&mut rng, size);
            let _ = world.insert(ob);
        }
        compare(
            &world,
            &mut rng,
            size,
            &[0.0, 0.3, 0.8, 1.5, 2.5],
            6,
            &mut t,
        );
    }
    // Both answers must occur often, or the test proves little.
    assert!(t.yes > 200 && t.no > 40, "yes {} no {}", t.yes, t.no);
    t.assert_mostly_certified(0.9);
}

#[test]
fn a_gap_exactly_as_wide_as_the_disc_is_closed() {
    let mut rng = TestRng::new(7);
    for _ in 0..40 {
        let gap = rng.range_f32(0.2, 4.0);
        let y0 = rng.range_f32(3.0, 10.0);
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(20.0))).unwrap();
        // A wall across the world at x in [9, 11], open between y0 and y0 + gap.
        world
            .insert(Obstacle::Box(Aabb::new(
                Vec2::new(9.0, 0.0),
                Vec2::new(11.0, y0),
            )))
            .unwrap();
        world
            .insert(Obstacle::Box(Aabb::new(
                Vec2::new(9.0, y0 + gap),
                Vec2::new(11.0, 20.0),
            )))
            .unwrap();
        let real_gap = (y0 + gap) - y0;
        let plain = reference(&world);
        let (a, b) = (Vec2::new(4.0, 15.0), Vec2::new(16.0, 4.0));
        for r in [
            real_gap / 2.0,
            real_gap / 2.0 * (1.0 + 1e-3),
            real_gap / 2.0 * (1.0 - 1e-3),
            real_gap,
        ] {
            let expect = by_search(&plain, a, b, r);
            assert_eq!(
                world.connected(a, b, r).unwrap(),
                expect,
                "gap {real_gap} r {r}"
            );
        }
        assert!(!world.connected(a, b, real_gap / 2.0).unwrap());
        // Just narrower than the gap: certified by the roadmap (its clearance through the gap
        // is half the gap); exactly as wide: never (a roadmap edge of clearance exactly r
        // through the gap would touch both walls), whoever decides.
        let mut ctx = MeshContext::new();
        let narrower = real_gap / 2.0 * (1.0 - 1e-3);
        assert_eq!(
            ctx.connected_how(&world, a, b, narrower).unwrap(),
            (true, Decided::Roadmap),
            "gap {real_gap}"
        );
        assert!(!ctx.connected_how(&world, a, b, real_gap / 2.0).unwrap().0);
        assert!(
            !world
                .connected(a, b, real_gap / 2.0 * (1.0 + 1e-3))
                .unwrap()
        );
    }
}

/// A corner pointing at a wall, exactly `2r` away (and `2r` times 1 ± 1e-3): closed at `2r`
/// by the widths (no search), as the search closes it, open just below.
#[test]
fn a_corner_exactly_2r_from_a_wall_is_closed_by_the_widths() {
    let mut rng = TestRng::new(11);
    for _ in 0..40 {
        // Integers and halves: exact in f32, the gap exact in f64.
        let gap = (rng.below(8) + 1) as f32 * 0.5;
        let y0 = (rng.below(10) + 4) as f32 * 0.5;
        let apex_x = (rng.below(8) + 16) as f32 * 0.5;
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(20.0))).unwrap();
        // A wall along the bottom, y in [0, y0]; from the top, a pentagon whose lowest point
        // is a corner `gap` above the wall: the only way from left to right.
        world
            .insert(Obstacle::Box(Aabb::new(Vec2::ZERO, Vec2::new(20.0, y0))))
            .unwrap();
        let top = y0 + gap;
        world
            .insert(Obstacle::Polygon(vec![
                Vec2::new(apex_x, top),
                Vec2::new(apex_x + 1.5, top + 1.0),
                Vec2::new(apex_x + 1.5, 20.0),
                Vec2::new(apex_x - 1.5, 20.0),
                Vec2::new(apex_x - 1.5, top + 1.0),
            ]))
            .unwrap();
        let plain = reference(&world);
        let (a, b) = (Vec2::new(2.5, 15.0), Vec2::new(17.5, 15.0));
        let mut ctx = MeshContext::new();
        let r = gap / 2.0;
        for r in [r, r * (1.0 + 1e-3), r * (1.0 - 1e-3)] {
            let (c, how) = ctx.connected_how(&world, a, b, r).unwrap();
            assert_eq!(c, by_search(&plain, a, b, r), "gap {gap} r {r} ({how:?})");
        }
        assert_eq!(
            ctx.connected_how(&world, a, b, r).unwrap(),
            (false, Decided::Widths),
            "gap {gap}"
        );
        assert!(ctx.connected_how(&world, a, b, r * (1.0 - 1e-3)).unwrap().0);
    }
}

#[test]
fn connected_equals_the_search_on_random_grids() {
    let mut t = Tally::default();
    for seed in 0..16u64 {
        let mut rng = TestRng::new(1000 + seed);
        let (w, h) = (28u32, 22u32);
        let walkable: Vec<bool> = (0..w * h).map(|_| !rng.chance(0.3)).collect();
        let map = nav_grid::GridMap::from_walkable(w, h, &walkable).unwrap();
        let world = MeshWorld::from_grid(&map).unwrap();
        let plain = MeshWorld::from_grid(&map).unwrap();
        let mut ctx = MeshContext::new();
        for r in [0.0f32, 0.5, 0.49, 1.0, 0.75] {
            for _ in 0..6 {
                let cell = |rng: &mut TestRng| {
                    Vec2::new(
                        rng.below(w as u64) as f32 + 0.5,
                        rng.below(h as u64) as f32 + 0.5,
                    )
                };
                let (a, b) = (cell(&mut rng), cell(&mut rng));
                let answer = ctx.connected_how(&world, a, b, r).unwrap();
                assert_eq!(
                    answer.0,
                    by_search(&plain, a, b, r),
                    "seed {seed} r {r} {a} -> {b} ({answer:?})"
                );
                t.count(&world, a, b, r, answer);
            }
        }
    }
    assert!(t.yes > 60 && t.no > 40, "yes {} no {}", t.yes, t.no);
    t.assert_mostly_certified(0.9);
}

#[test]
fn connected_follows_edits() {
    let mut t = Tally::default();
    for seed in 0..12u64 {
        let mut rng = TestRng::new(500 + seed);
        let size = 25.0;
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
        let mut ids = Vec::new();
        for _ in 0..15 {
            if let Ok(id) = world.insert(random_obstacle(&mut rng, size)) {
                ids.push(id);
            }
        }
        compare(&world, &mut rng, size, &[0.0, 0.7], 4, &mut t);
        for _ in 0..6 {
            random_edit(&mut world, &mut ids, &mut rng, size);
            compare(&world, &mut rng, size, &[0.0, 0.7, 1.6], 4, &mut t);
        }
    }
    assert!(t.yes > 100 && t.no > 20, "yes {} no {}", t.yes, t.no);
    t.assert_mostly_certified(0.95);
}

#[test]
fn bad_input_is_an_error() {
    let world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(10.0))).unwrap();
    let p = Vec2::new(1.0, 1.0);
    assert!(matches!(
        world.connected(Vec2::new(f32::NAN, 1.0), p, 0.5),
        Err(MeshError::InvalidPoint { .. })
    ));
    assert!(matches!(
        world.connected(p, Vec2::new(1.0, f32::INFINITY), 0.5),
        Err(MeshError::InvalidPoint { .. })
    ));
    assert!(matches!(
        world.connected(p, p, -1.0),
        Err(MeshError::InvalidRadius { .. })
    ));
    assert!(matches!(
        world.connected(p, p, f32::NAN),
        Err(MeshError::InvalidRadius { .. })
    ));
    assert!(world.prepare_connected() > 0);
}

#[test]
fn a_prepared_triangulation_answers_unreachable_goals_without_a_search() {
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(20.0))).unwrap();
    // A closed ring of four walls around (15, 15); the start outside.
    for b in [
        Aabb::new(Vec2::new(12.0, 12.0), Vec2::new(18.0, 13.0)),
        Aabb::new(Vec2::new(12.0, 17.0), Vec2::new(18.0, 18.0)),
        Aabb::new(Vec2::new(12.0, 12.0), Vec2::new(13.0, 18.0)),
        Aabb::new(Vec2::new(17.0, 12.0), Vec2::new(18.0, 18.0)),
    ] {
        world.insert(Obstacle::Box(b)).unwrap();
    }
    let q = MeshQuery::new(Vec2::new(2.0, 2.0), Vec2::new(15.0, 15.0)).with_radius(0.5);
    let mut ctx = MeshContext::new();
    let before = ctx.find_path(&world, &q).unwrap();
    assert_eq!(before.status(), nav_mesh::PathStatus::NoPath);
    assert!(before.expanded() > 0);
    assert!(world.prepare_connected() > 0);
    let after = ctx.find_path(&world, &q).unwrap();
    assert_eq!(after.status(), nav_mesh::PathStatus::NoPath);
    assert_eq!(after.expanded(), 0);
    // A reachable goal still searches and finds its path.
    let q2 = MeshQuery::new(Vec2::new(2.0, 2.0), Vec2::new(5.0, 15.0)).with_radius(0.5);
    assert!(ctx.find_path(&world, &q2).unwrap().is_found());
    // An edit drops the triangulation: the query searches again.
    world
        .insert(Obstacle::Box(Aabb::new(Vec2::splat(1.0), Vec2::splat(1.5))))
        .unwrap();
    assert!(ctx.find_path(&world, &q).unwrap().expanded() > 0);
}

/// A `size` x `size` world of boxes, each `(x0, y0, x1, y1)`.
fn boxes_world(size: f32, boxes: &[(f32, f32, f32, f32)]) -> MeshWorld {
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
    for &(x0, y0, x1, y1) in boxes {
        world
            .insert(Obstacle::Box(Aabb::new(
                Vec2::new(x0, y0),
                Vec2::new(x1, y1),
            )))
            .unwrap();
    }
    world
}

fn area(t: &[Vec2; 3]) -> f64 {
    let [a, b, c] = t.map(|p| p.as_dvec2());
    0.5 * ((b - a).perp_dot(c - a))
}

#[test]
fn the_free_triangles_cover_exactly_the_free_space() {
    for seed in 0..8u64 {
        let mut rng = TestRng::new(2000 + seed);
        let (w, h) = (30u32, 20u32);
        let walkable: Vec<bool> = (0..w * h).map(|_| !rng.chance(0.3)).collect();
        let free = walkable.iter().filter(|&&x| x).count() as f64;
        let map = nav_grid::GridMap::from_walkable(w, h, &walkable).unwrap();
        let world = MeshWorld::from_grid(&map).unwrap();
        let tris = world.free_triangles();
        assert!(
            tris.iter().all(|t| area(t) > 0.0),
            "counter-clockwise, not degenerate"
        );
        let total: f64 = tris.iter().map(area).sum();
        assert!(
            (total - free).abs() < 1e-9,
            "seed {seed}: {total} against {free} free cells"
        );
    }
    // Two overlapping boxes in a 10 x 10 world: 100 - (16 + 16 - 4).
    let world = boxes_world(10.0, &[(2.0, 2.0, 6.0, 6.0), (4.0, 4.0, 8.0, 8.0)]);
    let total: f64 = world.free_triangles().iter().map(area).sum();
    assert!((total - 72.0).abs() < 1e-6, "{total}");
}

#[test]
fn degenerate_overlaps_keep_connected_exact() {
    let b = |x0: f32, y0: f32, x1: f32, y1: f32| {
        Obstacle::Box(Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1)))
    };
    let layouts: Vec<Vec<Obstacle>> = vec![
        // The same box twice, and a box inside another.
        vec![
            b(4.0, 4.0, 8.0, 8.0),
            b(4.0, 4.0, 8.0, 8.0),
            b(5.0, 5.0, 6.0, 6.0),
        ],
        // Boxes sharing an edge, and sharing part of one.
        vec![
            b(2.0, 2.0, 5.0, 5.0),
            b(5.0, 2.0, 8.0, 5.0),
            b(6.0, 5.0, 9.0, 9.0),
        ],
        // Touching at a corner only (a pinch), and a wall through a box.
        vec![
            b(2.0, 2.0, 5.0, 5.0),
            b(5.0, 5.0, 8.0, 8.0),
            Obstacle::Polygon(vec![
                Vec2::new(1.0, 9.0),
                Vec2::new(11.0, 1.0),
                Vec2::new(11.2, 1.2),
                Vec2::new(1.2, 9.2),
            ]),
        ],
        // A box sticking out of the bounds.
        vec![b(-2.0, 3.0, 4.0, 6.0), b(8.0, 8.0, 14.0, 14.0)],
    ];
    let mut rng = TestRng::new(77);
    for (i, obstacles) in layouts.into_iter().enumerate() {
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(12.0))).unwrap();
        for o in obstacles {
            world.insert(o).unwrap();
        }
        assert!(world.prepare_connected() > 0, "layout {i}: triangulated");
        let plain = reference(&world);
        for r in [0.0f32, 0.25, 0.5, 1.0, 1.5] {
            for _ in 0..30 {
                let a = Vec2::new(rng.range_f32(0.0, 12.0), rng.range_f32(0.0, 12.0));
                let c = Vec2::new(rng.range_f32(0.0, 12.0), rng.range_f32(0.0, 12.0));
                assert_eq!(
                    world.connected(a, c, r).unwrap(),
                    by_search(&plain, a, c, r),
                    "layout {i} r {r} {a} -> {c}"
                );
            }
        }
    }
}

/// The world `world` would be if built from scratch: its bounds and its obstacles.
fn from_scratch(world: &MeshWorld, size: f32) -> MeshWorld {
    let mut fresh = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
    for (_, ob) in world.iter() {
        fresh.insert(ob.clone()).unwrap();
    }
    fresh
}

#[test]
fn an_edit_sequence_answers_as_a_world_built_from_scratch() {
    let mut t = Tally::default();
    let mut repairs = 0;
    for seed in 0..10u64 {
        let mut rng = TestRng::new(3100 + seed);
        let size = 25.0;
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
        let mut ids = Vec::new();
        for _ in 0..15 {
            if let Ok(id) = world.insert(random_obstacle(&mut rng, size)) {
                ids.push(id);
            }
        }
        assert!(world.prepare_connected() > 0);
        let mut ctx = MeshContext::new();
        for _ in 0..8 {
            // A few edits between queries: the triangulation is repaired by each.
            for _ in 0..1 + rng.below(3) {
                random_edit(&mut world, &mut ids, &mut rng, size);
            }
            let fresh = from_scratch(&world, size);
            assert!(fresh.prepare_connected() > 0);
            let mut fctx = MeshContext::new();
            for r in [0.0f32, 0.4, 1.1] {
                for _ in 0..6 {
                    let a = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
                    let b = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
                    let answer = ctx.connected_how(&world, a, b, r).unwrap();
                    let expect = fctx.connected_how(&fresh, a, b, r).unwrap();
                    assert_eq!(
                        answer.0, expect.0,
                        "seed {seed} r {r} {a} -> {b}: {answer:?} against {expect:?}"
                    );
                    t.count(&world, a, b, r, answer);
                }
            }
            let build = world.connected_build().unwrap();
            repairs += build.repaired as usize;
            assert!(build.forests.is_some());
        }
    }
    // The repairs ran (a failed repair would rebuild from scratch), and both answers occur.
    assert!(
        repairs >= 70,
        "{repairs} of 80 checks on repaired triangulations"
    );
    assert!(t.yes > 150 && t.no > 30, "yes {} no {}", t.yes, t.no);
    t.assert_mostly_certified(0.95);
}

#[test]
fn a_disc_touching_both_walls_of_a_corner_may_leave_it() {
    // The search once took the two touches at the start, on either side of a diagonal way
    // out, for a zero-width gap (brc202d, (103.5, 61.5) -> (99.5, 117.5) at r = 0.5).
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(10.0))).unwrap();
    world
        .insert(Obstacle::Polygon(vec![
            Vec2::new(6.0, 2.0),
            Vec2::new(9.0, 2.0),
            Vec2::new(9.0, 8.0),
            Vec2::new(8.0, 8.0),
            Vec2::new(8.0, 3.0),
            Vec2::new(6.0, 3.0),
        ]))
        .unwrap();
    let mut ctx = MeshContext::new();
    for (a, b) in [
        // The bounds' corner, and the obstacle's inner corner, each touched on both walls.
        (Vec2::new(0.5, 0.5), Vec2::new(5.0, 5.0)),
        (Vec2::new(7.5, 3.5), Vec2::new(2.0, 8.0)),
        (Vec2::new(2.0, 8.0), Vec2::new(7.5, 3.5)),
    ] {
        let q = MeshQuery::new(a, b).with_radius(0.5);
        assert!(ctx.find_path(&world, &q).unwrap().is_found(), "{a} -> {b}");
        assert!(world.connected(a, b, 0.5).unwrap(), "{a} -> {b}");
    }
    // A corridor exactly 2r wide stays closed, from its end too.
    let world = boxes_world(10.0, &[(0.0, 0.0, 6.0, 4.0), (0.0, 5.0, 6.0, 10.0)]);
    let (a, b) = (Vec2::new(0.5, 4.5), Vec2::new(8.0, 4.5));
    assert!(!world.connected(a, b, 0.5).unwrap());
    assert!(!reference(&world).connected(a, b, 0.5).unwrap());
    assert!(world.connected(a, b, 0.499).unwrap());
}

#[test]
fn warm_answers_without_a_search_allocate_nothing() {
    let mut rng = TestRng::new(42);
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(30.0))).unwrap();
    for _ in 0..25 {
        let _ = world.insert(random_obstacle(&mut rng, 30.0));
    }
    assert!(world.prepare_connected() > 0);
    let mut ctx = MeshContext::new();
    let mut decided = 0;
    for _ in 0..40 {
        let a = Vec2::new(rng.range_f32(0.0, 30.0), rng.range_f32(0.0, 30.0));
        let b = Vec2::new(rng.range_f32(0.0, 30.0), rng.range_f32(0.0, 30.0));
        let first = ctx.connected_how(&world, a, b, 0.5).unwrap();
        if first.1 == Decided::Search {
            continue;
        }
        decided += 1;
        let n = allocations_during(|| {
            assert_eq!(ctx.connected_how(&world, a, b, 0.5).unwrap(), first);
        });
        assert_eq!(n, 0, "{a} -> {b}: {first:?}");
    }
    assert!(decided > 20, "{decided}");
}

#[test]
fn circles_keep_connected_exact() {
    // A wall of overlapping circles from the bottom bound to the top one: the triangulation sees
    // each circle as its inscribed polygon, so it finds gaps where two circles overlap; the
    // roadmap must still measure its clearance against the true circles and never certify a
    // way through them.
    let mut t = Tally::default();
    for seed in 0..24u64 {
        let mut rng = TestRng::new(seed);
        let size = 30.0;
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
        let x = rng.range_f32(10.0, 20.0);
        let radius = rng.range_f32(1.0, 2.5);
        // Overlapping by less than an inscribed 96-gon's sagitta (5.4e-4 of the radius), so that
        // the polygons the triangulation sees leave gaps where the circles do not.
        let step = 2.0 * radius * rng.range_f32(0.9997, 0.99995);
        let tilt = rng.range_f32(-0.3, 0.3);
        let mut y = 0.0;
        while y < size + radius {
            world
                .insert(Obstacle::Circle(Circle::new(
                    Vec2::new(x + tilt * y, y),
                    radius,
                )))
                .unwrap();
            // Centres `step` apart along the tilted line.
            y += step / (1.0 + tilt * tilt).sqrt();
        }
        for _ in 0..(5 + rng.below(15)) {
            let c = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
            let _ = world.insert(if rng.below(2) == 0 {
                Obstacle::Circle(Circle::new(c, rng.range_f32(0.3, 3.0)))
            } else {
                random_obstacle(&mut rng, size)
            });
        }
        compare(&world, &mut rng, size, &[0.0, 0.01, 0.3, 1.0], 8, &mut t);
        // Across the wall: never connected.
        for &r in &[0.0, 0.001, 0.01, 0.05] {
            for k in 0..6 {
                let yy = 2.0 + k as f32 * 5.0;
                let (a, b) = (Vec2::new(1.0, yy), Vec2::new(size - 1.0, yy));
                let answer = MeshContext::new().connected_how(&world, a, b, r).unwrap();
                assert!(
                    !by_search(&world, a, b, r),
                    "seed {seed} r {r}: the wall has a gap"
                );
                assert!(
                    !answer.0,
                    "seed {seed} r {r}: {a} -> {b} through the wall ({answer:?})"
                );
            }
        }
    }
    assert!(t.yes > 100 && t.no > 40, "yes {} no {}", t.yes, t.no);
}
