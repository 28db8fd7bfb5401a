//! Radius r > 0 against the radius-0 solver on grown worlds: every convex obstacle grown by a
//! regular polygon inscribed in the disc of radius r (a subset of the true grown obstacle: a
//! lower bound of the length) and by one circumscribed about it (a superset: an upper bound).

use nav_geom::{Aabb, Vec2};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, Obstacle, PathStatus};
use nav_testkit::TestRng;

/// Seeded draws from the one test generator.
struct Lcg(TestRng);
impl Lcg {
    fn next(&mut self) -> f64 {
        self.0.unit()
    }
}

/// Convex hull (counter-clockwise) of points.
fn hull(mut pts: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    pts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    pts.dedup();
    let cross = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut lower: Vec<(f64, f64)> = Vec::new();
    for &p in &pts {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= 0.0 {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<(f64, f64)> = Vec::new();
    for &p in pts.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= 0.0 {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

fn grown(poly: &[(f64, f64)], radius: f64, k: usize) -> Vec<Vec2> {
    let mut sums = Vec::new();
    for &(x, y) in poly {
        for i in 0..k {
            let a = std::f64::consts::TAU * (i as f64 + 0.5) / k as f64;
            sums.push((x + radius * a.cos(), y + radius * a.sin()));
        }
    }
    hull(sums)
        .into_iter()
        .map(|(x, y)| Vec2::new(x as f32, y as f32))
        .collect()
}

#[test]
fn radius_paths_lie_between_inscribed_and_circumscribed_growth() {
    let mut rng = Lcg(TestRng::new(3));
    let size = 30.0f64;
    let mut ctx = MeshContext::new();
    let mut ctx0 = MeshContext::new();
    let (mut compared, mut skipped, mut found) = (0, 0, 0usize);
    let k = 64;
    for world_no in 0..100 {
        // Convex obstacles: boxes and rotated rectangles (thin walls among them).
        let mut shapes: Vec<Vec<(f64, f64)>> = Vec::new();
        for _ in 0..(3 + (rng.next() * 6.0) as usize) {
            let (cx, cy) = (
                3.0 + rng.next() * (size - 6.0),
                3.0 + rng.next() * (size - 6.0),
            );
            let (hw, hh) = (0.3 + rng.next() * 4.0, 0.1 + rng.next() * 2.0);
            let a = rng.next() * std::f64::consts::PI;
            let (c, s) = (a.cos(), a.sin());
            shapes.push(
                [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
                    .iter()
                    .map(|&(x, y)| (cx + x * c - y * s, cy + x * s + y * c))
                    .collect(),
            );
        }
        let r = 0.2 + rng.next() * 1.5;
        let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(size as f32));
        let mut world = MeshWorld::new(bounds).unwrap();
        for sh in &shapes {
            world
                .insert(Obstacle::Polygon(
                    sh.iter()
                        .map(|&(x, y)| Vec2::new(x as f32, y as f32))
                        .collect(),
                ))
                .unwrap();
        }
        // Shrunk bounds, exact for a box; grown obstacles, inscribed and circumscribed.
        let shrunk = Aabb::new(Vec2::splat(r as f32), Vec2::splat((size - r) as f32));
        let mut inner = MeshWorld::new(shrunk).unwrap();
        let mut outer = MeshWorld::new(shrunk).unwrap();
        for sh in &shapes {
            inner.insert(Obstacle::Polygon(grown(sh, r, k))).unwrap();
            let big = r / (std::f64::consts::PI / k as f64).cos();
            outer.insert(Obstacle::Polygon(grown(sh, big, k))).unwrap();
        }
        for _ in 0..6 {
            let s = Vec2::new((rng.next() * size) as f32, (rng.next() * size) as f32);
            let g = Vec2::new((rng.next() * size) as f32, (rng.next() * size) as f32);
            let mine = ctx
                .find_path(&world, &MeshQuery::new(s, g).with_radius(r as f32))
                .unwrap()
                .outcome();
            let lo = ctx0
                .find_path(&inner, &MeshQuery::new(s, g))
                .unwrap()
                .outcome();
            let hi = ctx0
                .find_path(&outer, &MeshQuery::new(s, g))
                .unwrap()
                .outcome();
            if lo.status != hi.status
                || !matches!(lo.status, PathStatus::Found | PathStatus::NoPath)
            {
                skipped += 1;
                continue;
            }
            assert_eq!(
                mine.status, lo.status,
                "world {world_no} r {r} {s:?} -> {g:?}"
            );
            if mine.status == PathStatus::Found {
                let tol = 1e-6 * lo.cost.max(1.0);
                assert!(
                    mine.cost >= lo.cost - tol && mine.cost <= hi.cost + tol,
                    "world {world_no} r {r} {s:?} -> {g:?}: {} not in [{}, {}]",
                    mine.cost,
                    lo.cost,
                    hi.cost
                );
            }
            compared += 1;
            found += (mine.status == PathStatus::Found) as usize;
        }
    }
    eprintln!("compared {compared} ({found} found), skipped {skipped}");
    assert!(compared > 200 && found > 200);
}
