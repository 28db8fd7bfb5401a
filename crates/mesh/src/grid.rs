//! Tile grids as polygon worlds: the outlines of the free areas.

use glam::DVec2;

use crate::world::GridRegion;

pub(crate) fn region_of(map: &nav_grid::GridMap) -> GridRegion {
    let (w, h) = (map.width() as i64, map.height() as i64);
    let mut blocked = vec![false; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            blocked[(y * w + x) as usize] =
                !map.is_walkable(nav_grid::Cell::new(x as u32, y as u32));
        }
    }
    GridRegion {
        width: w,
        height: h,
        blocked,
    }
}

/// The boundary loops between free and blocked cells (outside the map counts as blocked),
/// blocked side on the left, collinear vertices removed. Where two blocked cells touch only
/// diagonally, each loop turns around its own cell, so the corner is visited twice.
pub(crate) fn trace_loops(region: &GridRegion) -> Vec<Vec<DVec2>> {
    let (w, h) = (region.width, region.height);
    let blocked =
        |x: i64, y: i64| x < 0 || y < 0 || x >= w || y >= h || region.blocked[(y * w + x) as usize];
    let vw = w + 1;
    let vid = |x: i64, y: i64| (y * vw + x) as usize;
    // Unit edges: (from, to) vertex coordinates.
    let mut edges: Vec<((i64, i64), (i64, i64))> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if blocked(x, y) {
                continue;
            }
            if blocked(x, y - 1) {
                edges.push(((x + 1, y), (x, y)));
            }
            if blocked(x, y + 1) {
                edges.push(((x, y + 1), (x + 1, y + 1)));
            }
            if blocked(x - 1, y) {
                edges.push(((x, y), (x, y + 1)));
            }
            if blocked(x + 1, y) {
                edges.push(((x + 1, y + 1), (x + 1, y)));
            }
        }
    }
    const NONE: u32 = u32::MAX;
    let mut out = vec![[NONE; 2]; (vw * (h + 1)) as usize];
    for (i, &(a, _)) in edges.iter().enumerate() {
        let slot = &mut out[vid(a.0, a.1)];
        if slot[0] == NONE {
            slot[0] = i as u32;
        } else {
            slot[1] = i as u32;
        }
    }
    let mut used = vec![false; edges.len()];
    let mut loops = Vec::new();
    for first in 0..edges.len() {
        if used[first] {
            continue;
        }
        let mut pts: Vec<(i64, i64)> = Vec::new();
        let mut e = first;
        loop {
            used[e] = true;
            let (a, b) = edges[e];
            pts.push(a);
            let din = (b.0 - a.0, b.1 - a.1);
            let cands = out[vid(b.0, b.1)];
            let mut best = NONE;
            let mut best_rank = i32::MAX;
            for &c in &cands {
                if c == NONE || used[c as usize] {
                    continue;
                }
                let (ca, cb) = edges[c as usize];
                let dout = (cb.0 - ca.0, cb.1 - ca.1);
                let cr = din.0 * dout.1 - din.1 * dout.0;
                let rank = if cr > 0 {
                    0
                } else if cr == 0 {
                    1
                } else {
                    2
                };
                if rank < best_rank {
                    best_rank = rank;
                    best = c;
                }
            }
            if best == NONE {
                break;
            }
            e = best as usize;
        }
        // Drop collinear vertices.
        let n = pts.len();
        let mut lp = Vec::new();
        for i in 0..n {
            let p = pts[(i + n - 1) % n];
            let v = pts[i];
            let q = pts[(i + 1) % n];
            let cr = (v.0 - p.0) * (q.1 - v.1) - (v.1 - p.1) * (q.0 - v.0);
            if cr != 0 {
                lp.push(DVec2::new(v.0 as f64, v.1 as f64));
            }
        }
        if lp.len() >= 3 {
            loops.push(lp);
        }
    }
    loops
}
