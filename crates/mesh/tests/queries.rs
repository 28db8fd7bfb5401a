//! fits, nearest_fit, raycast, connected; edits against rebuilt worlds; threads; allocations.

use nav_geom::{Aabb, Circle, Vec2};
use nav_mesh::{MeshContext, MeshError, MeshQuery, MeshWorld, Obstacle, PathStatus};
use nav_testkit::TestRng;

#[global_allocator]
static ALLOCATOR: nav_testkit::CountingAllocator = nav_testkit::CountingAllocator;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn aabb(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
    Aabb::new(v(x0, y0), v(x1, y1))
}

fn world() -> MeshWorld {
    let mut w = MeshWorld::new(aabb(0.0, 0.0, 20.0, 20.0)).unwrap();
    w.insert(Obstacle::Box(aabb(5.0, 5.0, 10.0, 10.0))).unwrap();
    w.insert(Obstacle::Circle(Circle::new(v(15.0, 15.0), 2.0)))
        .unwrap();
    w
}

#[test]
fn fits() {
    let w = world();
    assert!(w.fits(v(2.0, 2.0), 1.0).unwrap());
    assert!(!w.fits(v(0.5, 2.0), 1.0).unwrap());
    assert!(w.fits(v(1.0, 2.0), 1.0).unwrap());
    assert!(!w.fits(v(7.0, 7.0), 0.0).unwrap());
    assert!(w.fits(v(5.0, 7.0), 0.0).unwrap());
    assert!(w.fits(v(4.0, 7.0), 1.0).unwrap());
    assert!(!w.fits(v(4.1, 7.0), 1.0).unwrap());
    assert!(!w.fits(v(15.0, 12.5), 1.0).unwrap());
    assert!(w.fits(v(15.0, 11.0), 1.0).unwrap());
    assert!(matches!(
        w.fits(v(f32::NAN, 0.0), 1.0),
        Err(MeshError::InvalidPoint { .. })
    ));
    assert!(matches!(
        w.fits(v(1.0, 1.0), -1.0),
        Err(MeshError::InvalidRadius { .. })
    ));
}

#[test]
fn nearest_fit() {
    let w = world();
    assert_eq!(w.nearest_fit(v(2.0, 2.0), 1.0).unwrap(), Some(v(2.0, 2.0)));
    // Inside the box, nearest free point at r = 1 is 1 left of its left side.
    let p = w.nearest_fit(v(6.0, 7.0), 1.0).unwrap().unwrap();
    assert!(p.distance(v(4.0, 7.0)) < 1e-4, "{p:?}");
    assert!(w.fits(p, 1.0).unwrap());
    // Near a corner: the corner circle.
    let p = w.nearest_fit(v(10.2, 10.2), 1.0).unwrap().unwrap();
    let expect = v(10.0, 10.0) + (v(1.0, 1.0).normalize());
    assert!(p.distance(expect) < 1e-4, "{p:?}");
    // Outside the bounds.
    let p = w.nearest_fit(v(-3.0, 2.0), 1.0).unwrap().unwrap();
    assert!(p.distance(v(1.0, 2.0)) < 1e-4, "{p:?}");
    // Too big to fit anywhere.
    assert_eq!(w.nearest_fit(v(2.0, 2.0), 11.0).unwrap(), None);
}

#[test]
fn raycast() {
    let w = world();
    // From (1, 7.5) to the right at r = 1: contact when the centre reaches x = 4.
    let d = w
        .raycast(v(1.0, 7.5), v(1.0, 0.0), 100.0, 1.0)
        .unwrap()
        .unwrap();
    assert!((d - 3.0).abs() < 1e-4, "{d}");
    let d = w
        .raycast(v(1.0, 7.5), v(1.0, 0.0), 100.0, 0.0)
        .unwrap()
        .unwrap();
    assert!((d - 4.0).abs() < 1e-4, "{d}");
    assert_eq!(w.raycast(v(1.0, 7.5), v(1.0, 0.0), 2.0, 1.0).unwrap(), None);
    // Upwards at x = 2: the bounds stop the disc at y = 19.
    let d = w
        .raycast(v(2.0, 2.0), v(0.0, 1.0), 100.0, 1.0)
        .unwrap()
        .unwrap();
    assert!((d - 17.0).abs() < 1e-4, "{d}");
    // Sliding along the box's side is not a contact.
    assert_eq!(w.raycast(v(4.0, 1.0), v(0.0, 1.0), 3.0, 1.0).unwrap(), None);
    assert!(matches!(
        w.raycast(v(1.0, 1.0), Vec2::ZERO, 1.0, 0.0),
        Err(MeshError::InvalidDirection { .. })
    ));
    // Starting inside: 0.
    assert_eq!(
        w.raycast(v(7.0, 7.0), v(1.0, 0.0), 1.0, 0.0).unwrap(),
        Some(0.0)
    );
}

#[test]
fn connected() {
    let mut w = MeshWorld::new(aabb(0.0, 0.0, 10.0, 10.0)).unwrap();
    w.insert(Obstacle::Box(aabb(4.0, 0.0, 6.0, 4.0))).unwrap();
    w.insert(Obstacle::Box(aabb(4.0, 5.0, 6.0, 10.0))).unwrap();
    assert!(w.connected(v(1.0, 1.0), v(9.0, 9.0), 0.0).unwrap());
    assert!(w.connected(v(1.0, 1.0), v(9.0, 9.0), 0.4).unwrap());
    assert!(!w.connected(v(1.0, 1.0), v(9.0, 9.0), 0.5).unwrap());
    assert!(!w.connected(v(1.0, 1.0), v(5.0, 8.0), 0.0).unwrap());
}

/// Seeded draws from the one test generator.
struct Lcg(TestRng);
impl Lcg {
    fn next(&mut self) -> f32 {
        self.0.unit_f32()
    }
}

fn random_obstacle(rng: &mut Lcg) -> Obstacle {
    let (x, y) = (2.0 + 26.0 * rng.next(), 2.0 + 26.0 * rng.next());
    match (rng.next() * 3.0) as u32 {
        0 => Obstacle::Box(aabb(
            x,
            y,
            x + 0.5 + 3.0 * rng.next(),
            y + 0.5 + 3.0 * rng.next(),
        )),
        1 => Obstacle::Circle(Circle::new(v(x, y), 0.3 + 1.5 * rng.next())),
        _ => {
            // A non-convex arrow, clockwise.
            let s = 0.5 + 2.0 * rng.next();
            Obstacle::Polygon(vec![
                v(x, y),
                v(x + s, y + 2.0 * s),
                v(x + 2.0 * s, y),
                v(x + s, y + s),
            ])
        }
    }
}

#[test]
fn edited_world_answers_like_a_rebuilt_one() {
    let mut rng = Lcg(TestRng::new(7));
    let bounds = aabb(0.0, 0.0, 32.0, 32.0);
    let mut w = MeshWorld::new(bounds).unwrap();
    let mut ids = Vec::new();
    let mut ctx = MeshContext::new();
    let mut fresh_ctx = MeshContext::new();
    for step in 0..40 {
        let op = (rng.next() * 3.0) as u32;
        if op == 0 && !ids.is_empty() {
            let i = (rng.next() * ids.len() as f32) as usize % ids.len();
            w.remove(ids.swap_remove(i)).unwrap();
        } else if op == 1 && !ids.is_empty() {
            let i = (rng.next() * ids.len() as f32) as usize % ids.len();
            w.set(ids[i], random_obstacle(&mut rng)).unwrap();
        } else {
            ids.push(w.insert(random_obstacle(&mut rng)).unwrap());
        }
        let mut fresh = MeshWorld::new(bounds).unwrap();
        for (_, o) in w.iter() {
            fresh.insert(o.clone()).unwrap();
        }
        for k in 0..4 {
            let s = v(32.0 * rng.next(), 32.0 * rng.next());
            let g = v(32.0 * rng.next(), 32.0 * rng.next());
            let r = [0.0, 0.3, 1.0, 0.0][k];
            let q = MeshQuery::new(s, g).with_radius(r);
            let a = ctx.find_path(&w, &q).unwrap().outcome();
            let b = fresh_ctx.find_path(&fresh, &q).unwrap().outcome();
            assert_eq!(a.status, b.status, "step {step}: {q:?}");
            assert!(
                (a.cost - b.cost).abs() <= 1e-9 * a.cost.max(1.0),
                "step {step}: {q:?}: {} vs {}",
                a.cost,
                b.cost
            );
            assert_eq!(w.fits(s, r).unwrap(), fresh.fits(s, r).unwrap());
        }
    }
}

#[test]
fn threads_share_one_world() {
    let mut w = world();
    w.insert(Obstacle::Box(aabb(12.0, 1.0, 13.0, 12.0)))
        .unwrap();
    let queries: Vec<MeshQuery> = (0..16)
        .map(|i| {
            MeshQuery::new(v(1.0 + i as f32 * 0.5, 2.0), v(18.0, 18.0 - i as f32 * 0.5))
                .with_radius((i % 3) as f32 * 0.4)
        })
        .collect();
    let mut ctx = MeshContext::new();
    let expected: Vec<(PathStatus, f64)> = queries
        .iter()
        .map(|q| {
            let p = ctx.find_path(&w, q).unwrap();
            (p.status(), p.cost())
        })
        .collect();
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                let mut ctx = MeshContext::new();
                for (q, e) in queries.iter().zip(&expected) {
                    let p = ctx.find_path(&w, q).unwrap();
                    assert_eq!((p.status(), p.cost()), *e);
                }
            });
        }
    });
}

#[test]
fn a_warm_query_allocates_nothing() {
    let w = world();
    let mut ctx = MeshContext::new();
    let queries = [
        MeshQuery::new(v(1.0, 1.0), v(19.0, 19.0)),
        MeshQuery::new(v(1.0, 1.0), v(19.0, 19.0)).with_radius(0.7),
        MeshQuery::new(v(1.0, 12.0), v(19.0, 3.0)).with_radius(0.7),
    ];
    for q in &queries {
        ctx.find_path(&w, q).unwrap();
    }
    for q in &queries {
        let n = nav_testkit::allocations_during(|| {
            let p = ctx.find_path(&w, q).unwrap();
            assert_eq!(p.status(), PathStatus::Found);
        });
        assert_eq!(n, 0, "{q:?}");
    }
}

/// A world that takes the visibility walk (more than 1024 corners), cluttered enough that
/// paths detour: the length-bounded runs resume under larger bounds (deferred expansions, the
/// start's walk going on), and a warm query still allocates nothing.
#[test]
fn a_warm_resumed_query_allocates_nothing() {
    let mut rng = TestRng::new(7);
    let mut w = MeshWorld::new(aabb(0.0, 0.0, 200.0, 200.0)).unwrap();
    for k in 0..600 {
        let c = v(rng.range_f32(4.0, 196.0), rng.range_f32(4.0, 196.0));
        let ob = if k % 5 == 0 {
            Obstacle::Circle(Circle::new(c, rng.range_f32(1.0, 3.0)))
        } else {
            let h = v(rng.range_f32(0.5, 3.0), rng.range_f32(0.5, 3.0));
            Obstacle::Box(Aabb::new(c - h, c + h))
        };
        w.insert(ob).unwrap();
    }
    let mut ctx = MeshContext::new();
    let mut queries = Vec::new();
    while queries.len() < 12 {
        let q = MeshQuery::new(
            v(rng.range_f32(5.0, 195.0), rng.range_f32(5.0, 195.0)),
            v(rng.range_f32(5.0, 195.0), rng.range_f32(5.0, 195.0)),
        )
        .with_radius([0.5, 2.0, 3.0][queries.len() % 3]);
        let p = ctx.find_path(&w, &q).unwrap();
        if p.status() == PathStatus::Found {
            queries.push((q, p.cost()));
        }
    }
    let detours = queries
        .iter()
        .filter(|(q, cost)| *cost > 1.15 * q.start.distance(q.goal) as f64)
        .count();
    assert!(detours >= 2, "too few detours: {detours}");
    for (q, cost) in &queries {
        ctx.find_path(&w, q).unwrap();
        let n = nav_testkit::allocations_during(|| {
            let p = ctx.find_path(&w, q).unwrap();
            assert_eq!(p.cost(), *cost);
        });
        assert_eq!(n, 0, "{q:?}");
    }
}

/// A context with a cache limit gives the answers of one without (the same status and pieces,
/// bit for bit), keeps no more than its limit plus one query's lists, and a query that
/// starts over the limit drops them: with a limit of one byte every query starts from nothing,
/// as on a fresh context. A warm query that stays under a limit allocates nothing.
#[test]
fn a_cache_limit_bounds_the_lists_and_changes_no_answer() {
    let mut rng = TestRng::new(11);
    let mut w = MeshWorld::new(aabb(0.0, 0.0, 200.0, 200.0)).unwrap();
    for k in 0..700 {
        let c = v(rng.range_f32(4.0, 196.0), rng.range_f32(4.0, 196.0));
        let ob = if k % 6 == 0 {
            Obstacle::Circle(Circle::new(c, rng.range_f32(0.5, 2.0)))
        } else {
            let h = v(rng.range_f32(0.3, 2.0), rng.range_f32(0.3, 2.0));
            Obstacle::Box(Aabb::new(c - h, c + h))
        };
        w.insert(ob).unwrap();
    }
    let queries: Vec<MeshQuery> = (0..30)
        .map(|i| {
            MeshQuery::new(
                v(rng.range_f32(2.0, 198.0), rng.range_f32(2.0, 198.0)),
                v(rng.range_f32(2.0, 198.0), rng.range_f32(2.0, 198.0)),
            )
            // Mostly one radius (the lists are kept per radius), and a few others.
            .with_radius(if i % 10 == 9 { 1.5 } else { 0.5 })
        })
        .collect();
    let answer = |ctx: &mut MeshContext, q: &MeshQuery| {
        let p = ctx.find_path(&w, q).unwrap();
        // Not the expansions: a list built whole (warm) or only as far as a bound asks
        // (cold) can change how many deferred nodes the levels pop, never the path.
        (p.status(), p.cost().to_bits(), p.path().to_vec())
    };
    let mut unlimited = MeshContext::new();
    let mut one_byte = MeshContext::new();
    one_byte.set_cache_limit(Some(1));
    assert_eq!(one_byte.cache_limit(), Some(1));
    let mut grown = 0;
    for q in &queries {
        let expected = answer(&mut unlimited, q);
        assert_eq!(answer(&mut one_byte, q), expected, "{q:?}");
        // Every query of the one-byte context starts from nothing: as a fresh context.
        let mut fresh = MeshContext::new();
        assert_eq!(answer(&mut fresh, q), expected, "{q:?}");
        assert_eq!(one_byte.cache_bytes(), fresh.cache_bytes(), "{q:?}");
        grown = grown.max(fresh.cache_bytes());
    }
    assert!(grown > 0, "the queries built no lists");
    assert!(
        unlimited.cache_bytes() > 2 * grown,
        "the unlimited context kept {} bytes, one query needs up to {grown}",
        unlimited.cache_bytes()
    );
    // A limit between the two: never more than the limit plus what one query builds.
    let limit = unlimited.cache_bytes() / 3;
    let mut limited = MeshContext::new();
    limited.set_cache_limit(Some(limit));
    let mut fresh = MeshContext::new();
    for q in queries.iter().chain(&queries) {
        assert_eq!(answer(&mut limited, q), answer(&mut fresh, q), "{q:?}");
        assert!(limited.cache_bytes() <= limit + 2 * grown + (64 << 10));
    }
    // Under a limit that holds everything, a warm query allocates nothing.
    let mut roomy = MeshContext::new();
    roomy.set_cache_limit(Some(usize::MAX));
    for q in &queries {
        roomy.find_path(&w, q).unwrap();
    }
    for q in queries.iter().filter(|q| q.radius == 0.5) {
        roomy.find_path(&w, q).unwrap();
        let n = nav_testkit::allocations_during(|| {
            roomy.find_path(&w, q).unwrap();
        });
        assert_eq!(n, 0, "{q:?}");
    }
}

#[test]
fn world_is_send_sync_clone_and_polyline_keeps_clear() {
    fn assert_traits<T: Send + Sync + Clone>() {}
    assert_traits::<MeshWorld>();
    assert_traits::<MeshContext>();
    let w = world();
    let mut ctx = MeshContext::new();
    let q = MeshQuery::new(v(2.0, 7.5), v(13.0, 7.5)).with_radius(1.0);
    let path = ctx.find_path(&w, &q).unwrap();
    assert_eq!(path.status(), PathStatus::Found);
    let mut pts = Vec::new();
    ctx.polyline(0.01, &mut pts);
    assert!(pts.len() > 4);
    assert_eq!(pts[0], q.start);
    assert!(pts.last().unwrap().distance(q.goal) < 1e-4);
    // Every polyline vertex and segment midpoint keeps the radius from the box (less the
    // rounding of f32 points).
    let b = aabb(5.0, 5.0, 10.0, 10.0);
    for win in pts.windows(2) {
        for t in [0.0, 0.25, 0.5, 0.75] {
            let p = win[0].lerp(win[1], t);
            assert!(
                nav_geom::query::distance_point_aabb(p, &b) >= 1.0 - 1e-4,
                "{p:?}"
            );
        }
    }
    // Nothing for an invalid deviation.
    ctx.polyline(f32::NAN, &mut pts);
    assert!(pts.is_empty());
}

#[test]
fn nearest_fit_has_no_nearer_fitting_sample() {
    let mut rng = Lcg(TestRng::new(99));
    let mut checked = 0;
    for _ in 0..12 {
        let mut w = MeshWorld::new(aabb(0.0, 0.0, 20.0, 20.0)).unwrap();
        for _ in 0..6 {
            let o = random_obstacle(&mut rng);
            let o = match o {
                Obstacle::Box(b) => Obstacle::Box(Aabb::new(b.min * 0.6, b.max * 0.6)),
                Obstacle::Circle(c) => Obstacle::Circle(Circle::new(c.center * 0.6, c.radius)),
                Obstacle::Polygon(p) => Obstacle::Polygon(p.iter().map(|q| *q * 0.6).collect()),
            };
            w.insert(o).unwrap();
        }
        for _ in 0..30 {
            let p = v(20.0 * rng.next(), 20.0 * rng.next());
            let r = [0.0, 0.5, 1.5][(rng.next() * 3.0) as usize % 3];
            let Some(q) = w.nearest_fit(p, r).unwrap() else {
                continue;
            };
            assert!(w.fits(q, r).unwrap());
            let d = p.distance(q);
            if d == 0.0 {
                continue;
            }
            let step = (d / 40.0).max(0.01);
            let n = (d / step).ceil() as i32;
            for i in -n..=n {
                for j in -n..=n {
                    let s = p + v(i as f32, j as f32) * step;
                    if s.distance(p) < d - 1e-3 {
                        assert!(
                            !w.fits(s, r).unwrap(),
                            "{s:?} fits (r {r}), nearer to {p:?} than {q:?}"
                        );
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked}");
}

#[test]
fn hostile_input_never_panics() {
    let mut rng = Lcg(TestRng::new(5));
    let mut w = MeshWorld::new(aabb(-10.0, -10.0, 10.0, 10.0)).unwrap();
    let mut ctx = MeshContext::new();
    let mut ids = Vec::new();
    let specials = [
        0.0f32,
        -0.0,
        1e-30,
        1e30,
        f32::NAN,
        f32::INFINITY,
        -1.0,
        5.0,
        1e7,
        2e7,
    ];
    let pick = |rng: &mut Lcg| -> f32 {
        if rng.next() < 0.2 {
            specials[(rng.next() * specials.len() as f32) as usize % specials.len()]
        } else {
            rng.next() * 24.0 - 12.0
        }
    };
    for _ in 0..200 {
        let n = (rng.next() * 7.0) as usize;
        let pts: Vec<Vec2> = (0..n).map(|_| v(pick(&mut rng), pick(&mut rng))).collect();
        let o = match (rng.next() * 3.0) as u32 {
            0 => Obstacle::Polygon(pts),
            1 => Obstacle::Circle(Circle::new(
                v(pick(&mut rng), pick(&mut rng)),
                pick(&mut rng),
            )),
            _ => Obstacle::Box(aabb(
                pick(&mut rng),
                pick(&mut rng),
                pick(&mut rng),
                pick(&mut rng),
            )),
        };
        if let Ok(id) = w.insert(o) {
            ids.push(id);
        }
        if rng.next() < 0.2 && !ids.is_empty() {
            w.remove(ids.swap_remove(0));
        }
        let (s, g) = (
            v(pick(&mut rng), pick(&mut rng)),
            v(pick(&mut rng), pick(&mut rng)),
        );
        let r = pick(&mut rng).abs() * 0.1;
        let limits = nav_search::Limits::default()
            .with_max_expanded(300)
            .with_partial_path(rng.next() < 0.5);
        if let Ok(p) = ctx.find_path(&w, &MeshQuery::new(s, g).with_radius(r).with_limits(limits)) {
            assert!(p.cost().is_finite());
        }
        let _ = w.fits(s, r);
        if rng.next() < 0.2 {
            let _ = w.nearest_fit(s, r.min(1.0));
        }
        let _ = w.raycast(s, g, pick(&mut rng), r);
    }
}

#[test]
fn one_context_serves_several_worlds_and_radii() {
    let mut a = MeshWorld::new(aabb(0.0, 0.0, 20.0, 20.0)).unwrap();
    a.insert(Obstacle::Box(aabb(5.0, 2.0, 7.0, 18.0))).unwrap();
    let mut b = MeshWorld::new(aabb(0.0, 0.0, 20.0, 20.0)).unwrap();
    b.insert(Obstacle::Box(aabb(12.0, 0.0, 14.0, 16.0)))
        .unwrap();
    let c = a.clone();
    let q = MeshQuery::new(v(1.0, 10.0), v(19.0, 10.0));
    let mut shared = MeshContext::new();
    for round in 0..3 {
        for (world, r) in [(&a, 0.0), (&b, 0.0), (&a, 0.5), (&c, 0.5), (&b, 1.0)] {
            let q = q.with_radius(r);
            let got = shared.find_path(world, &q).unwrap().outcome();
            let want = MeshContext::new().find_path(world, &q).unwrap().outcome();
            assert_eq!(got.status, want.status, "round {round} r {r}");
            assert!(
                (got.cost - want.cost).abs() < 1e-12,
                "round {round} r {r}: {} vs {}",
                got.cost,
                want.cost
            );
        }
    }
    // Editing a clone does not leave stale successor lists behind for the original.
    let mut d = a.clone();
    d.insert(Obstacle::Box(aabb(8.0, 0.0, 9.0, 20.0))).unwrap();
    assert_eq!(
        shared.find_path(&d, &q).unwrap().status(),
        PathStatus::NoPath
    );
    assert_eq!(
        shared.find_path(&a, &q).unwrap().status(),
        PathStatus::Found
    );
}
