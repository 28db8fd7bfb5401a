//! Circles are exact in polygon worlds (arcs of radius `R + r` around a circle of radius `R`):
//!
//! * on worlds of circles only, nav-mesh equals nav-tangent (an independent exact solver of
//!   the same problem): the same status, and lengths within `1e-9` relative (the 96-gons the
//!   mesh used before were `6e-4` off);
//! * on mixed worlds of circles and polygons, every path passes the geometric checker (pieces
//!   join, clearance, inside the shrunk bounds, length = sum of pieces) and keeps distance
//!   `>= R + r` from every circle (within the `f32` rounding of the pieces), and its length is
//!   bracketed by the same world with each circle replaced by a polygon of 96 sides: inscribed
//!   (less blocked: a lower bound) and circumscribed (more blocked: an upper bound, when that
//!   world has a path at all), both solved by nav-mesh as polygon worlds.

mod common;

use common::{Rng, mesh_obstacle, rounded, v};
use glam::DVec2;
use nav_geom::{Aabb, Circle, PathPiece, Vec2};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, Obstacle, PathStatus};
use nav_tangent::{CircleContext, CircleQuery, CircleWorld};
use nav_testkit::polygon_oracle::{
    OracleObstacle, OracleWorld, RandomWorld, check_piece_path, random_world,
};

const SIZE: f32 = 40.0;

/// A random world of circles only, inside `[0, SIZE]²` and clear of its edges.
fn circle_world(seed: u64) -> Vec<Circle> {
    let mut rng = Rng::new(seed);
    let n = 6 + rng.below(20);
    (0..n)
        .map(|_| {
            let radius = rng.range(0.3, 4.0) as f32;
            let m = radius as f64 + 0.5;
            let c = rng.point(DVec2::splat(m), DVec2::splat(SIZE as f64 - m));
            Circle::new(c.as_vec2(), radius)
        })
        .collect::<Vec<_>>()
        .into_iter()
        .enumerate()
        .flat_map(|(i, c)| {
            // Some copies, and circles nested in others (the fuzz corpus found arcs refused
            // because a copy touched them).
            let copies = match (seed + i as u64) % 7 {
                0 => vec![c, c],
                1 => vec![c, Circle::new(c.center, 0.6 * c.radius)],
                _ => vec![c],
            };
            copies.into_iter()
        })
        .collect()
}

#[test]
fn circles_only_equal_nav_tangent() {
    let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(SIZE));
    let (mut found, mut other, mut worst) = (0, 0, 0.0f64);
    let mut mctx = MeshContext::new();
    let mut tctx = CircleContext::new();
    for seed in 0..40u64 {
        let mut circles = circle_world(seed);
        let ring = (seed % 3 == 2).then(|| {
            // A ring of 12 circles with gaps of about 0.2 around a centre: closed for r >= 0.1.
            let mut rng = Rng::new(2000 + seed);
            let centre = rng.point(DVec2::splat(8.0), DVec2::splat(SIZE as f64 - 8.0));
            circles.retain(|c| c.center.as_dvec2().distance(centre) > 7.0 + c.radius as f64);
            for k in 0..12 {
                let a = k as f64 * std::f64::consts::TAU / 12.0;
                let c = centre + DVec2::from_angle(a) * 5.0;
                circles.push(Circle::new(c.as_vec2(), 1.2));
            }
            centre.as_vec2()
        });
        let mut mesh = MeshWorld::new(bounds).unwrap();
        let mut tangent = CircleWorld::new(bounds).unwrap();
        for &c in &circles {
            mesh.insert(Obstacle::Circle(c)).unwrap();
            tangent.insert(c).unwrap();
        }
        let mut rng = Rng::new(1000 + seed);
        for q in 0..16 {
            let r = [0.0, 0.25, 0.7, 1.5][q % 4] as f32;
            let s = rng.point(DVec2::ZERO, DVec2::splat(SIZE as f64)).as_vec2();
            let mut g = rng.point(DVec2::ZERO, DVec2::splat(SIZE as f64)).as_vec2();
            if let Some(centre) = ring
                && q % 2 == 0
            {
                g = centre;
            }
            if !mesh.fits(s, r).unwrap() || !mesh.fits(g, r).unwrap() {
                // The order of the blocked and out-of-bounds statuses differs between the
                // two navigators when both ends are bad.
                continue;
            }
            let context = format!("seed {seed} query {q}");
            match same_as_tangent(&mut mctx, &mesh, &mut tctx, &tangent, s, g, r, &context) {
                Some(rel) => {
                    found += 1;
                    worst = worst.max(rel);
                }
                None => other += 1,
            }
        }
    }
    println!("{found} found, {other} other statuses, worst relative difference {worst:.2e}");
    assert!(found >= 300, "too few found paths compared: {found}");
    assert!(other >= 10, "too few other statuses compared: {other}");
}

/// Asserts that nav-mesh answers the query as nav-tangent does on the same circles: the same
/// status, and when found the same length within `1e-9` relative, which it returns.
#[allow(clippy::too_many_arguments)]
fn same_as_tangent(
    mctx: &mut MeshContext,
    mesh: &MeshWorld,
    tctx: &mut CircleContext,
    tangent: &CircleWorld,
    s: Vec2,
    g: Vec2,
    r: f32,
    context: &str,
) -> Option<f64> {
    let ours = mctx
        .find_path(mesh, &MeshQuery::new(s, g).with_radius(r))
        .unwrap();
    let (status, length) = (ours.status(), ours.cost());
    let theirs = tctx
        .find_path(tangent, &CircleQuery::new(s, g).with_radius(r))
        .unwrap();
    assert_eq!(status, theirs.status(), "{context}: r {r}, {s} -> {g}");
    if status != PathStatus::Found {
        return None;
    }
    let rel = (length - theirs.cost()).abs() / theirs.cost().max(1.0);
    assert!(
        rel <= 1e-9,
        "{context}: r {r}, {s} -> {g}: nav-mesh {length}, nav-tangent {}",
        theirs.cost()
    );
    Some(rel)
}

/// The regular polygon of 96 sides inscribed in (`outside` false) or circumscribed about the
/// circle, nudged by `1e-6` relative inwards or outwards so that its `f32` corners stay on the
/// right side of the circle.
fn polygon_of(center: DVec2, radius: f64, outside: bool) -> Obstacle {
    let n = 96;
    let step = std::f64::consts::TAU / n as f64;
    let big = if outside {
        radius / (step / 2.0).cos() * (1.0 + 1e-6)
    } else {
        radius * (1.0 - 1e-6)
    };
    Obstacle::Polygon(
        (0..n)
            .map(|k| (center + DVec2::from_angle(k as f64 * step) * big).as_vec2())
            .collect(),
    )
}

/// The mesh world of `world`, circles exact or replaced by 96-gons.
fn build(world: &OracleWorld, circles: Option<bool>) -> MeshWorld {
    let mut mesh = MeshWorld::new(Aabb::new(world.min.as_vec2(), world.max.as_vec2())).unwrap();
    for o in &world.obstacles {
        let ob = match (o, circles) {
            (OracleObstacle::Circle { center, radius }, Some(outside)) => {
                polygon_of(*center, *radius, outside)
            }
            _ => mesh_obstacle(o),
        };
        mesh.insert(ob).unwrap();
    }
    mesh
}

/// The distance from `x` to the piece.
fn piece_distance(x: DVec2, piece: &PathPiece) -> f64 {
    match piece {
        PathPiece::Line(s) => {
            let (a, b) = (s.a.as_dvec2(), s.b.as_dvec2());
            let d = b - a;
            let t = if d.length_squared() > 0.0 {
                ((x - a).dot(d) / d.length_squared()).clamp(0.0, 1.0)
            } else {
                0.0
            };
            x.distance(a + d * t)
        }
        PathPiece::Arc(arc) => {
            let c = arc.center.as_dvec2();
            let rad = arc.radius as f64;
            let (p0, p1) = (arc.start_point().as_dvec2(), arc.end_point().as_dvec2());
            let mut best = x.distance(p0).min(x.distance(p1));
            let dir = x - c;
            if dir.length() > 0.0 {
                let angle = dir.y.atan2(dir.x);
                let from = arc.start as f64;
                let sweep = arc.sweep as f64;
                let t = match arc.turn {
                    nav_geom::Turn::Ccw => (angle - from).rem_euclid(std::f64::consts::TAU),
                    nav_geom::Turn::Cw => (from - angle).rem_euclid(std::f64::consts::TAU),
                };
                if t <= sweep {
                    best = best.min((dir.length() - rad).abs());
                }
            }
            best
        }
    }
}

#[test]
fn mixed_worlds_pass_the_checker_and_the_96_gon_bracket() {
    let mut ctx = MeshContext::new();
    let (mut found, mut bracketed, mut arcs_on_circles) = (0, 0, 0);
    // The closest the length came to each bound (relative).
    let (mut worst_lo, mut worst_hi) = (f64::INFINITY, f64::INFINITY);
    for seed in 0..24u64 {
        let spec = RandomWorld {
            size: 30.0,
            obstacles: 10,
            circles: true,
            scale: 2.5,
            overlaps: seed % 2 == 0,
        };
        let mut world = random_world(seed, spec);
        // More circles than the generator draws.
        let mut extra = Rng::new(900 + seed);
        for _ in 0..6 {
            let radius = extra.range(0.4, 3.0);
            let center = extra.point(DVec2::splat(2.0), DVec2::splat(28.0));
            world
                .obstacles
                .push(OracleObstacle::Circle { center, radius });
        }
        let world = rounded(&world);
        let exact = build(&world, None);
        let inscribed = build(&world, Some(false));
        let circumscribed = build(&world, Some(true));
        let circles: Vec<(DVec2, f64)> = world
            .obstacles
            .iter()
            .filter_map(|o| match o {
                OracleObstacle::Circle { center, radius } => Some((*center, *radius)),
                _ => None,
            })
            .collect();
        let mut rng = Rng::new(500 + seed);
        for q in 0..10 {
            let r = [0.0, 0.3, 0.8, 1.6][q % 4];
            let s = rng.point(DVec2::ZERO, DVec2::splat(30.0));
            let g = rng.point(DVec2::ZERO, DVec2::splat(30.0));
            let query = MeshQuery::new(v(s), v(g)).with_radius(r as f32);
            let context = || format!("seed {seed} query {q}: r {r}, {s} -> {g}\n{world:?}");
            let lower = {
                let p = ctx.find_path(&inscribed, &query).unwrap();
                (p.status(), p.cost())
            };
            let upper = {
                let p = ctx.find_path(&circumscribed, &query).unwrap();
                (p.status(), p.cost())
            };
            let path = ctx.find_path(&exact, &query).unwrap();
            let (status, length) = (path.status(), path.cost());
            if upper.0 == PathStatus::Found {
                assert_eq!(status, PathStatus::Found, "upper found: {}", context());
            }
            if status != PathStatus::Found {
                continue;
            }
            found += 1;
            check_piece_path(&world, r, s, g, path.path(), length)
                .unwrap_or_else(|e| panic!("checker: {e}\n{}", context()));
            for piece in path.path() {
                for &(c, radius) in &circles {
                    let d = piece_distance(c, piece);
                    assert!(
                        d >= radius + r - 2e-5,
                        "{}: piece {piece:?} within {d} of circle {c} (R {radius})",
                        context()
                    );
                    if let PathPiece::Arc(a) = piece
                        && a.center.as_dvec2().distance(c) < 1e-5
                    {
                        arcs_on_circles += 1;
                    }
                }
            }
            assert_eq!(lower.0, PathStatus::Found, "lower: {}", context());
            worst_lo = worst_lo.min(length / lower.1 - 1.0);
            assert!(
                length >= lower.1 * (1.0 - 1e-9),
                "{}: {length} below the inscribed 96-gons' {}",
                context(),
                lower.1
            );
            if upper.0 == PathStatus::Found {
                bracketed += 1;
                worst_hi = worst_hi.min(upper.1 / length - 1.0);
                assert!(
                    length <= upper.1 * (1.0 + 1e-9),
                    "{}: {length} above the circumscribed 96-gons' {}",
                    context(),
                    upper.1
                );
            }
        }
    }
    println!(
        "{found} found, {bracketed} bracketed on both sides, {arcs_on_circles} arcs on circles; \
         closest to the lower bound {worst_lo:.2e}, to the upper {worst_hi:.2e} (relative)"
    );
    assert!(found >= 120, "too few paths: {found}");
    assert!(bracketed >= 100, "too few bracketed: {bracketed}");
    assert!(
        arcs_on_circles >= 50,
        "too few arcs around circles: {arcs_on_circles}"
    );
}

#[test]
fn one_circle_has_the_closed_form_length() {
    // Around a circle of radius 2 centred between start and goal 10 away from it on each side:
    // two tangents of sqrt(d² - ρ²) and an arc of ρ (π - 2 acos(ρ / d)), ρ = R + r.
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::new(20.0, 10.0))).unwrap();
    world
        .insert(Obstacle::Circle(Circle::new(Vec2::new(10.0, 5.0), 2.0)))
        .unwrap();
    let mut ctx = MeshContext::new();
    for r in [0.0f64, 0.5, 1.0] {
        let q =
            MeshQuery::new(Vec2::new(0.0 + 1.5, 5.0), Vec2::new(18.5, 5.0)).with_radius(r as f32);
        let path = ctx.find_path(&world, &q).unwrap();
        assert_eq!(path.status(), PathStatus::Found);
        let (d, rho) = (8.5f64, 2.0 + r);
        let want = 2.0 * (d * d - rho * rho).sqrt()
            + rho * (std::f64::consts::PI - 2.0 * (rho / d).acos());
        assert!(
            (path.cost() - want).abs() <= 1e-12 * want,
            "r {r}: {} vs {want}",
            path.cost()
        );
        // One arc, around the circle, of radius R + r.
        let arcs: Vec<_> = path
            .path()
            .iter()
            .filter_map(|p| match p {
                PathPiece::Arc(a) => Some(*a),
                _ => None,
            })
            .collect();
        assert_eq!(arcs.len(), 1);
        assert!((arcs[0].radius as f64 - rho).abs() < 1e-6);
    }
    // Exactly wide enough gaps: a circle touching a box at r = 0 closes the gap between them,
    // and a gap of exactly 2r between two circles is closed.
    let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::new(20.0, 20.0))).unwrap();
    world
        .insert(Obstacle::Circle(Circle::new(Vec2::new(10.0, 4.0), 4.0)))
        .unwrap();
    world
        .insert(Obstacle::Circle(Circle::new(Vec2::new(10.0, 13.0), 3.0)))
        .unwrap();
    world
        .insert(Obstacle::Box(Aabb::new(
            Vec2::new(9.0, 16.0),
            Vec2::new(11.0, 20.0),
        )))
        .unwrap();
    // Gap between the circles: 13 - 3 - 8 = 2; between the upper circle and the box: 0.
    let (s, g) = (Vec2::new(2.0, 9.0), Vec2::new(18.0, 9.0));
    for (r, open) in [(0.0, true), (0.99, true), (1.0, false), (1.2, false)] {
        let q = MeshQuery::new(s, g).with_radius(r);
        let status = ctx.find_path(&world, &q).unwrap().status();
        assert_eq!(status == PathStatus::Found, open, "r {r}");
        assert_eq!(world.connected(s, g, r).unwrap(), open, "connected r {r}");
    }
}

/// A world of more than 1024 corners, where successor lists come from the visibility walk
/// (circles occlude it, and circles' own lists come from a walk of their own): the lengths
/// still lie between the inscribed and circumscribed 96-gons' (whose worlds use the walk too,
/// over polygon corners only).
#[test]
fn large_worlds_with_the_walk_stay_in_the_bracket() {
    let mut rng = Rng::new(77);
    let size = 120.0;
    let mut obstacles = Vec::new();
    for k in 0..340 {
        let c = rng.point(DVec2::splat(2.0), DVec2::splat(size - 2.0));
        if k % 5 == 0 {
            obstacles.push(OracleObstacle::Circle {
                center: c,
                radius: rng.range(0.5, 3.0),
            });
        } else {
            let h = DVec2::new(rng.range(0.2, 1.5), rng.range(0.2, 1.5));
            obstacles.push(OracleObstacle::Box {
                min: c - h,
                max: c + h,
            });
        }
    }
    let world = rounded(&OracleWorld::new(
        DVec2::ZERO,
        DVec2::splat(size),
        obstacles,
    ));
    let exact = build(&world, None);
    let inscribed = build(&world, Some(false));
    let circumscribed = build(&world, Some(true));
    let mut ctx = MeshContext::new();
    let (mut found, mut bracketed) = (0, 0);
    for q in 0..24 {
        let r = [0.0, 0.4, 0.9][q % 3];
        let s = rng.point(DVec2::ZERO, DVec2::splat(size));
        let g = rng.point(DVec2::ZERO, DVec2::splat(size));
        let query = MeshQuery::new(v(s), v(g)).with_radius(r as f32);
        let lower = ctx.find_path(&inscribed, &query).unwrap().cost();
        let upper = {
            let p = ctx.find_path(&circumscribed, &query).unwrap();
            (p.status(), p.cost())
        };
        let path = ctx.find_path(&exact, &query).unwrap();
        if path.status() != PathStatus::Found {
            assert_ne!(
                upper.0,
                PathStatus::Found,
                "query {q}: upper found, exact not"
            );
            continue;
        }
        found += 1;
        let length = path.cost();
        check_piece_path(&world, r, s, g, path.path(), length)
            .unwrap_or_else(|e| panic!("query {q}: checker: {e}"));
        assert!(
            length >= lower * (1.0 - 1e-9),
            "query {q}: {length} < {lower}"
        );
        if upper.0 == PathStatus::Found {
            bracketed += 1;
            assert!(
                length <= upper.1 * (1.0 + 1e-9),
                "query {q}: r {r}, {s} -> {g}: {length} > {}",
                upper.1
            );
        }
    }
    assert!(exact_corners_exceed_the_scan(&exact));
    assert!(
        found >= 15 && bracketed >= 15,
        "{found} found, {bracketed} bracketed"
    );
}

/// Whether the world is large enough for the visibility walk (more than 1024 corners: the
/// boxes have 4 each).
fn exact_corners_exceed_the_scan(world: &MeshWorld) -> bool {
    world
        .iter()
        .filter(|(_, o)| matches!(o, Obstacle::Box(_)))
        .count()
        * 4
        > 1024
}

/// More than 128 circles: the candidates come from the walk (circles occluding it, the umbra
/// walks of the circles' own lists, the start's ellipse, the bounded runs): still nav-tangent's
/// answers.
#[test]
fn many_circles_through_the_walk_equal_nav_tangent() {
    let size = 100.0f32;
    let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(size));
    let mut mesh = MeshWorld::new(bounds).unwrap();
    let mut tangent = CircleWorld::new(bounds).unwrap();
    let mut rng = Rng::new(4242);
    for _ in 0..220 {
        let radius = rng.range(0.3, 3.5) as f32;
        let m = radius as f64 + 0.5;
        let c = rng.point(DVec2::splat(m), DVec2::splat(size as f64 - m));
        let circle = Circle::new(c.as_vec2(), radius);
        mesh.insert(Obstacle::Circle(circle)).unwrap();
        tangent.insert(circle).unwrap();
    }
    let (mut mctx, mut tctx) = (MeshContext::new(), CircleContext::new());
    let mut found = 0;
    for q in 0..100 {
        let r = [0.0, 0.3, 1.0, 2.0][q % 4] as f32;
        let s = rng.point(DVec2::ZERO, DVec2::splat(size as f64)).as_vec2();
        let g = rng.point(DVec2::ZERO, DVec2::splat(size as f64)).as_vec2();
        if !mesh.fits(s, r).unwrap() || !mesh.fits(g, r).unwrap() {
            continue;
        }
        let context = format!("query {q}");
        if same_as_tangent(&mut mctx, &mesh, &mut tctx, &tangent, s, g, r, &context).is_some() {
            found += 1;
        }
    }
    assert!(found >= 30, "too few found: {found}");
}
