//! The certifying half of `connected`: a roadmap in the free space whose edges carry their
//! exact clearance, and its bottleneck forest.
//!
//! The nodes are the midpoints of the triangulation's crossable edges (the nodes of the width
//! forest too); inside each free triangle the midpoints of two crossable edges are joined by
//! the straight segment between them (parallel to the third side, half way to it), and by the
//! paths through two hubs of the triangle (its incentre, and its centroid), whichever is clearest. Each roadmap edge carries a
//! lower bound of its clearance, computed against the world's own obstacle edges and circles (not the
//! triangulation's, which sees a circle as its inscribed polygon): the distance from the segment to every obstacle edge nearer than the
//! triangle's vertices, which lie on the blocked set's boundary and so bound it from above.
//! A forest built by decreasing clearance (union by rank, no path compression) then tells in
//! `O(log n)`, for any radius `r`, whether two nodes are joined by roadmap edges all clearer
//! than `r` by a margin.
//!
//! Soundness does not depend on the triangulation being right: a roadmap edge open at `r`
//! keeps more than `r` (plus the margin) from every obstacle edge, so the disc following it
//! touches nothing, and no zero-width gap (two obstacles touching the disc at one place) can
//! lie on it; the query's own segments, from its ends to a node, are tested with the path
//! search's sight test, zero-width rule included. Clearances exactly `r` (touching) are never
//! open here: those answers go to the search, which knows the touching rule.

use glam::DVec2;

use crate::geometry::{dist_point_segment, dist_segment_segment};
use crate::world::MeshWorld;

/// A lower bound of the distance from segment `pq` to the world's obstacle edges and circles,
/// given that it is at most `upper` (some point of the blocked set's boundary is that close).
///
/// It reads the edge grid's buckets that the segment's box, grown by `upper` and a tolerance,
/// meets, in place: an edge or circle listed by two of them is measured twice, which leaves
/// the minimum as it is.
pub(crate) fn clearance(world: &MeshWorld, p: DVec2, q: DVec2, upper: f64) -> f64 {
    let pad = upper + 4.0 * world.eps();
    let (lo, hi) = (p.min(q), p.max(q));
    let g = &world.grid;
    let (x0, x1) = (g.cell_x(lo.x - pad), g.cell_x(hi.x + pad));
    let (y0, y1) = (g.cell_y(lo.y - pad), g.cell_y(hi.y + pad));
    let mut best = upper;
    // An edge whose box lies farther from the segment's box than `best` (by more than the
    // distances' rounding, far less than `slack`) cannot lower it: skipped, the minimum
    // is the same to the bit.
    let slack = 1e-9 * (1.0 + world.scale.max(lo.abs().max(hi.abs()).max_element()));
    let point = p == q;
    for y in y0..=y1 {
        for x in x0..=x1 {
            let cell = (y * g.nx + x) as usize;
            for &e in &g.buckets[cell] {
                let edge = &world.edges[e as usize];
                let (a, b) = (edge.a, edge.b);
                // Plain comparisons (not `f64::min`, whose NaN rule costs instructions):
                // the coordinates are finite.
                let (ex0, ex1) = if a.x < b.x { (a.x, b.x) } else { (b.x, a.x) };
                let (ey0, ey1) = if a.y < b.y { (a.y, b.y) } else { (b.y, a.y) };
                let gx = max(max(ex0 - hi.x, lo.x - ex1), 0.0);
                let gy = max(max(ey0 - hi.y, lo.y - ey1), 0.0);
                let m = max(max(-ex0, ex1), max(-ey0, ey1));
                let reach = best + slack + 1e-9 * m.abs();
                if gx > reach || gy > reach || gx * gx + gy * gy > reach * reach {
                    continue;
                }
                let d = if point {
                    dist_point_segment(p, a, b)
                } else {
                    dist_segment_segment(p, q, a, b)
                };
                best = best.min(d);
            }
        }
    }
    // Circles have no edges (their loops only shape the triangulation): the distance to a
    // circle is the distance to its centre less its radius.
    for y in y0..=y1 {
        for x in x0..=x1 {
            for &d in &g.cbuckets[(y * g.nx + x) as usize] {
                let disc = &world.discs[d as usize];
                if disc.alive {
                    best = best.min(dist_point_segment(disc.c, p, q) - disc.rad);
                }
            }
        }
    }
    best
}

/// The larger of `a` and `b` (either if one is NaN).
#[inline]
fn max(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
}

/// Distance from segment `pq` to the nearest of `pts` (an upper bound of its clearance when
/// those points are on the blocked set's boundary).
pub(crate) fn nearest_of(p: DVec2, q: DVec2, pts: &[DVec2]) -> f64 {
    pts.iter()
        .map(|&v| dist_point_segment(v, p, q))
        .fold(f64::INFINITY, f64::min)
}

/// The incentre of triangle `abc`.
pub(crate) fn incentre(a: DVec2, b: DVec2, c: DVec2) -> DVec2 {
    let (la, lb, lc) = (b.distance(c), c.distance(a), a.distance(b));
    let s = la + lb + lc;
    if s > 0.0 {
        (a * la + b * lb + c * lc) / s
    } else {
        a
    }
}

/// A union-find forest by decreasing link weight, without path compression: a node's
/// component at a threshold is found by following parents while links exceed it.
#[cfg(test)]
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Forest {
    parent: Vec<u32>,
    /// The weight of the link to the parent (infinite at roots).
    link: Vec<f64>,
}

#[cfg(test)]
impl Forest {
    /// The forest of `n` nodes joined by `links` (weight, a, b), strongest first.
    pub(crate) fn build(n: usize, mut links: Vec<(f64, u32, u32)>) -> Self {
        links.sort_unstable_by(|x, y| y.0.total_cmp(&x.0));
        let mut parent: Vec<u32> = (0..n as u32).collect();
        let mut rank = vec![0u8; n];
        let mut link = vec![f64::INFINITY; n];
        // Roots are found on a copy of the parents with path halving: the same roots, found
        // faster; the forest itself keeps its uncompressed parents.
        let mut up = parent.clone();
        let root = |up: &mut [u32], mut f: u32| {
            while up[f as usize] != f {
                let g = up[up[f as usize] as usize];
                up[f as usize] = g;
                f = g;
            }
            f
        };
        for (w, a, b) in links {
            let (ra, rb) = (root(&mut up, a), root(&mut up, b));
            if ra == rb {
                continue;
            }
            let (child, top) = if rank[ra as usize] < rank[rb as usize] {
                (ra, rb)
            } else {
                (rb, ra)
            };
            if rank[child as usize] == rank[top as usize] {
                rank[top as usize] += 1;
            }
            parent[child as usize] = top;
            up[child as usize] = top;
            link[child as usize] = w;
        }
        Forest { parent, link }
    }

    /// The representative of `f`'s component when only links of weight more than `cut`
    /// count.
    pub(crate) fn component(&self, mut f: u32, cut: f64) -> u32 {
        while self.parent[f as usize] != f && self.link[f as usize] > cut {
            f = self.parent[f as usize];
        }
        f
    }
}
