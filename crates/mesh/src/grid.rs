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
    let vid = |x: i64, y: i64| (y * vw + x) as u32;
    let at = |v: u32| (v as i64 % vw, v as i64 / vw);
    // Unit edges as (from, to) vertex ids, free side on the right. Each lies along a blocked
    // cell or the map's edge, so there are at most four per blocked cell plus the perimeter.
    let blocked_cells = region.blocked.iter().filter(|&&b| b).count();
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(4 * blocked_cells + 2 * (w + h) as usize);
    for y in 0..h {
        for x in 0..w {
            if blocked(x, y) {
                continue;
            }
            if blocked(x, y - 1) {
                edges.push((vid(x + 1, y), vid(x, y)));
            }
            if blocked(x, y + 1) {
                edges.push((vid(x, y + 1), vid(x + 1, y + 1)));
            }
            if blocked(x - 1, y) {
                edges.push((vid(x, y), vid(x, y + 1)));
            }
            if blocked(x + 1, y) {
                edges.push((vid(x + 1, y + 1), vid(x + 1, y)));
            }
        }
    }
    const NONE: u32 = u32::MAX;
    // The (at most two) edges leaving each vertex.
    let mut out = vec![[NONE; 2]; (vw * (h + 1)) as usize];
    for (i, &(a, _)) in edges.iter().enumerate() {
        let slot = &mut out[a as usize];
        if slot[0] == NONE {
            slot[0] = i as u32;
        } else {
            slot[1] = i as u32;
        }
    }
    let direction = |(a, b): (u32, u32)| {
        let ((ax, ay), (bx, by)) = (at(a), at(b));
        (bx - ax, by - ay)
    };
    let mut used = vec![false; edges.len()];
    let mut loops = Vec::new();
    let mut pts: Vec<u32> = Vec::new();
    for first in 0..edges.len() {
        if used[first] {
            continue;
        }
        pts.clear();
        let mut e = first;
        loop {
            used[e] = true;
            pts.push(edges[e].0);
            let din = direction(edges[e]);
            // Leaving the edge's end: a left turn first, then straight on, then right.
            let mut best = NONE;
            let mut best_rank = i32::MAX;
            for c in out[edges[e].1 as usize] {
                if c == NONE || used[c as usize] {
                    continue;
                }
                let dout = direction(edges[c as usize]);
                let rank = match (din.0 * dout.1 - din.1 * dout.0).signum() {
                    1 => 0,
                    0 => 1,
                    _ => 2,
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
            let (p, v, q) = (at(pts[(i + n - 1) % n]), at(pts[i]), at(pts[(i + 1) % n]));
            if (v.0 - p.0) * (q.1 - v.1) != (v.1 - p.1) * (q.0 - v.0) {
                lp.push(DVec2::new(v.0 as f64, v.1 as f64));
            }
        }
        if lp.len() >= 3 {
            loops.push(lp);
        }
    }
    loops
}
