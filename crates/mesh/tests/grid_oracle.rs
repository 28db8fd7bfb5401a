//! Radius 0 on random tile grids against an independent oracle: Dijkstra over the grid's convex
//! corners with a sight test written on the cells (no polygon code shared with the crate).

use nav_geom::Vec2;
use nav_grid::GridMap;
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, PathStatus};
use nav_testkit::TestRng;

/// Seeded draws from the one test generator.
struct Lcg(TestRng);
impl Lcg {
    fn next(&mut self) -> f64 {
        self.0.unit()
    }
}

struct Cells {
    w: i64,
    h: i64,
    blocked: Vec<bool>,
}

impl Cells {
    fn b(&self, x: i64, y: i64) -> bool {
        x < 0 || y < 0 || x >= self.w || y >= self.h || self.blocked[(y * self.w + x) as usize]
    }

    /// Whether a point may travel the straight segment p -> q (the Moving AI rules on cells:
    /// never inside a blocked cell, never between two blocked cells, never diagonally through
    /// a corner where two blocked cells touch).
    fn sight(&self, p: (f64, f64), q: (f64, f64)) -> bool {
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let mut ts = vec![0.0, 1.0];
        for (o, d) in [(p.0, dx), (p.1, dy)] {
            if d != 0.0 {
                let (lo, hi) = (o.min(o + d).ceil() as i64, o.max(o + d).floor() as i64);
                for k in lo..=hi {
                    let t = (k as f64 - o) / d;
                    if t > 0.0 && t < 1.0 {
                        ts.push(t);
                    }
                }
            }
        }
        ts.sort_by(|a, b| a.total_cmp(b));
        ts.dedup_by(|a, b| (*a - *b).abs() < 1e-12);
        for win in ts.windows(2) {
            let t = 0.5 * (win[0] + win[1]);
            let (mx, my) = (p.0 + dx * t, p.1 + dy * t);
            let on_x = mx == mx.floor();
            let on_y = my == my.floor();
            let (cx, cy) = (mx.floor() as i64, my.floor() as i64);
            match (on_x, on_y) {
                (false, false) => {
                    if self.b(cx, cy) {
                        return false;
                    }
                }
                (true, false) => {
                    if self.b(cx - 1, cy) && self.b(cx, cy) {
                        return false;
                    }
                }
                (false, true) => {
                    if self.b(cx, cy - 1) && self.b(cx, cy) {
                        return false;
                    }
                }
                (true, true) => unreachable!(),
            }
        }
        // Interior grid vertices crossed diagonally.
        for &t in &ts[1..ts.len() - 1] {
            let (x, y) = (p.0 + dx * t, p.1 + dy * t);
            let (rx, ry) = (x.round(), y.round());
            if (x - rx).abs() < 1e-9 && (y - ry).abs() < 1e-9 && (dx == 0.0 || dy == 0.0) {
                // Along a grid line through a vertex: blocked cells touching it on both sides.
                let (vx, vy) = (rx as i64, ry as i64);
                let (side_a, side_b) = if dy == 0.0 {
                    (
                        self.b(vx - 1, vy) || self.b(vx, vy),
                        self.b(vx - 1, vy - 1) || self.b(vx, vy - 1),
                    )
                } else {
                    (
                        self.b(vx - 1, vy - 1) || self.b(vx - 1, vy),
                        self.b(vx, vy - 1) || self.b(vx, vy),
                    )
                };
                if side_a && side_b {
                    return false;
                }
            }
            if (x - rx).abs() < 1e-9 && (y - ry).abs() < 1e-9 && dx != 0.0 && dy != 0.0 {
                let (vx, vy) = (rx as i64, ry as i64);
                // The cells the segment comes from and goes to.
                let from = (
                    if dx > 0.0 { vx - 1 } else { vx },
                    if dy > 0.0 { vy - 1 } else { vy },
                );
                let to = (
                    if dx > 0.0 { vx } else { vx - 1 },
                    if dy > 0.0 { vy } else { vy - 1 },
                );
                if self.b(from.0, to.1) && self.b(to.0, from.1) {
                    return false;
                }
            }
        }
        true
    }
}

fn oracle(cells: &Cells, s: (f64, f64), g: (f64, f64)) -> Option<f64> {
    let mut nodes = vec![s, g];
    for y in 0..=cells.h {
        for x in 0..=cells.w {
            let n = [
                cells.b(x - 1, y - 1),
                cells.b(x, y - 1),
                cells.b(x - 1, y),
                cells.b(x, y),
            ]
            .iter()
            .filter(|&&b| b)
            .count();
            if n == 1 {
                nodes.push((x as f64, y as f64));
            }
        }
    }
    let n = nodes.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    let mut pred = vec![usize::MAX; n];
    dist[0] = 0.0;
    loop {
        let mut u = usize::MAX;
        for i in 0..n {
            if !done[i] && dist[i].is_finite() && (u == usize::MAX || dist[i] < dist[u]) {
                u = i;
            }
        }
        if u == usize::MAX {
            return None;
        }
        if u == 1 {
            if std::env::var_os("ORACLE_DEBUG").is_some() {
                let mut k = 1;
                while k != usize::MAX {
                    eprint!("{:?} <- ", nodes[k]);
                    k = pred[k];
                }
                eprintln!();
            }
            return Some(dist[1]);
        }
        done[u] = true;
        for v in 0..n {
            if done[v] {
                continue;
            }
            let d = ((nodes[u].0 - nodes[v].0).powi(2) + (nodes[u].1 - nodes[v].1).powi(2)).sqrt();
            if dist[u] + d < dist[v] && cells.sight(nodes[u], nodes[v]) {
                dist[v] = dist[u] + d;
                pred[v] = u;
            }
        }
    }
}

#[test]
fn random_grids_at_radius_0_match_the_oracle() {
    let mut rng = Lcg(TestRng::new(11));
    let mut ctx = MeshContext::new();
    let mut checked = 0;
    for map_no in 0..100 {
        let (w, h) = (
            6 + (rng.next() * 12.0) as i64,
            6 + (rng.next() * 12.0) as i64,
        );
        let density = 0.15 + 0.3 * rng.next();
        let blocked: Vec<bool> = (0..w * h).map(|_| rng.next() < density).collect();
        let walk: Vec<bool> = blocked.iter().map(|b| !b).collect();
        let map = GridMap::from_walkable(w as u32, h as u32, &walk).unwrap();
        let world = MeshWorld::from_grid(&map).unwrap();
        let cells = Cells { w, h, blocked };
        let free: Vec<(i64, i64)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| !cells.b(x, y))
            .collect();
        if free.len() < 2 {
            continue;
        }
        for _ in 0..8 {
            let a = free[(rng.next() * free.len() as f64) as usize % free.len()];
            let b = free[(rng.next() * free.len() as f64) as usize % free.len()];
            let s = (a.0 as f64 + 0.5, a.1 as f64 + 0.5);
            let g = (b.0 as f64 + 0.5, b.1 as f64 + 0.5);
            let expected = oracle(&cells, s, g);
            let q = MeshQuery::new(
                Vec2::new(s.0 as f32, s.1 as f32),
                Vec2::new(g.0 as f32, g.1 as f32),
            );
            let path = ctx.find_path(&world, &q).unwrap();
            let mismatch = match expected {
                Some(len) => {
                    path.status() != PathStatus::Found || (path.cost() - len).abs() >= 1e-9
                }
                None => path.status() != PathStatus::NoPath,
            };
            if mismatch {
                for y in (0..h).rev() {
                    let row: String = (0..w)
                        .map(|x| {
                            if (x, y) == a {
                                'S'
                            } else if (x, y) == b {
                                'G'
                            } else if cells.b(x, y) {
                                '#'
                            } else {
                                '.'
                            }
                        })
                        .collect();
                    eprintln!("{y:3} {row}");
                }
                eprintln!(
                    "mesh: {:?} {} {:?}",
                    path.status(),
                    path.cost(),
                    path.path()
                );
            }
            match expected {
                Some(len) => {
                    assert_eq!(
                        path.status(),
                        PathStatus::Found,
                        "map {map_no} {s:?} -> {g:?}"
                    );
                    assert!(
                        (path.cost() - len).abs() < 1e-9,
                        "map {map_no} {s:?} -> {g:?}: {} vs {len}",
                        path.cost()
                    );
                }
                None => assert_eq!(
                    path.status(),
                    PathStatus::NoPath,
                    "map {map_no} {s:?} -> {g:?}"
                ),
            }
            checked += 1;
        }
    }
    assert!(checked > 100);
}
