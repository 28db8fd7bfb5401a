//! Which triangles a repair changes.
//!
//! Every spade operation of a repair changes a connected set of faces next to where it
//! worked: an insertion changes the faces around the new vertex (each face it creates has the
//! vertex as a corner), a constraint's insertion the faces its pieces cross (flipped into
//! faces along the pieces) and the faces around the points where it split others, a
//! constraint's removal and a vertex's removal the faces around the edge or the hole (the
//! flips that restore the Delaunay property spread from there through changed faces). After
//! each operation, a walk from the faces where it worked through every face whose corners
//! differ from its entry (or that is new: identity 0) finds them all; it gives the new faces
//! and edges identities, resets the entries of the changed ones, and marks the tiles the
//! changed faces (and the seeds) overlap for the next derivation. Faces spade removed leave
//! their identity unused (at most a few per edit).
//!
//! One change no walk sees: spade 2.15.1's vertex removal swap-removes the edges of the
//! vertex's star, moving the last edge of its array into each freed slot, and points both
//! faces of a moved edge at it (`fix_handle_swap`). Such a face keeps its corners, anywhere in
//! the triangulation, but may start from another one; its entry keeps the old order (and its
//! per-side values with it) until its tile is walked, whose ordered comparison resets it. No
//! other code reads per-side values against spade's order (see the test below and `repair`'s
//! `per_side_values_follow_the_entry`).

use glam::DVec2;
use spade::handles::{FixedDirectedEdgeHandle, FixedFaceHandle, FixedVertexHandle, InnerTag};
use spade::{PositionInTriangulation, Triangulation};

use super::{Cdt, EdgeMemo, FaceMemo, Memo, dv, same};

/// The walks' vectors, kept across calls (for the allocations).
#[derive(Clone, Default)]
pub(super) struct Walks {
    seeds: Vec<FixedFaceHandle<InnerTag>>,
    sides: Vec<FixedFaceHandle<InnerTag>>,
    queue: Vec<(FixedFaceHandle<InnerTag>, bool)>,
    /// Per face handle index: the stamp of the last walk that met it.
    met: Vec<u32>,
    stamp: u32,
}

impl Walks {
    /// The memo's vectors, their seeds and sides emptied, for one [`walk`] (which gives them
    /// back).
    fn take(memo: &mut Memo) -> Self {
        let mut w = std::mem::take(&mut memo.walks);
        w.seeds.clear();
        w.sides.clear();
        w
    }
}

/// Whether the repairs are tracked: there is a derivation to update.
pub(super) fn on(memo: &Memo) -> bool {
    memo.base.is_some() && !memo.lost
}

/// The faces around vertex `v`.
fn star(cdt: &Cdt, v: FixedVertexHandle, out: &mut Vec<FixedFaceHandle<InnerTag>>) {
    out.extend(
        cdt.vertex(v)
            .out_edges()
            .filter_map(|e| e.face().as_inner())
            .map(|f| f.fix()),
    );
}

/// The (up to two) faces beside edge `e`.
fn beside(cdt: &Cdt, e: FixedDirectedEdgeHandle, out: &mut Vec<FixedFaceHandle<InnerTag>>) {
    let e = cdt.directed_edge(e);
    out.extend(
        [e.face(), e.rev().face()]
            .into_iter()
            .filter_map(|f| f.as_inner())
            .map(|f| f.fix()),
    );
}

/// After inserting vertex `v`.
pub(super) fn inserted(cdt: &mut Cdt, memo: &mut Memo, v: FixedVertexHandle) {
    if !on(memo) {
        return;
    }
    let mut w = Walks::take(memo);
    star(cdt, v, &mut w.seeds);
    walk(cdt, memo, w);
}

/// After adding the constraint edges `edges` (or removing constraints between their ends).
pub(super) fn constrained(cdt: &mut Cdt, memo: &mut Memo, edges: &[FixedDirectedEdgeHandle]) {
    if !on(memo) {
        return;
    }
    let mut w = Walks::take(memo);
    for &e in edges {
        let h = cdt.directed_edge(e);
        star(cdt, h.from().fix(), &mut w.seeds);
        star(cdt, h.to().fix(), &mut w.seeds);
        beside(cdt, e, &mut w.sides);
    }
    walk(cdt, memo, w);
}

/// After removing the constraint between vertices `p` and `q`: the faces beside that edge
/// (if it is still there) changed their walls, and spade's flips spread from there.
pub(super) fn unconstrained(
    cdt: &mut Cdt,
    memo: &mut Memo,
    p: FixedVertexHandle,
    q: FixedVertexHandle,
) {
    if !on(memo) {
        return;
    }
    let mut w = Walks::take(memo);
    star(cdt, p, &mut w.seeds);
    star(cdt, q, &mut w.seeds);
    if let Some(e) = cdt.get_edge_from_neighbors(p, q) {
        beside(cdt, e.fix(), &mut w.sides);
    }
    walk(cdt, memo, w);
}

/// Before removing vertex `v`: the tiles of the faces around it (spade may remove them).
///
/// When `v` carries no constraint edge and lies inside the convex hull, spade 2.15.1's
/// `remove` swap-removes every face and edge around it and fills the hole with new ones
/// (`isolate_vertex_and_fill_hole`, then `cleanup_isolated_vertex`): their identities are
/// then free. Otherwise (a constraint's removal first, or a hull vertex) spade flips some of
/// them away from `v` and keeps them, so none is freed.
pub(super) fn removing(cdt: &Cdt, memo: &mut Memo, v: FixedVertexHandle) {
    if !on(memo) {
        return;
    }
    let Some(base) = memo.base.as_mut() else {
        return;
    };
    let vertex = cdt.vertex(v);
    let frees = cdt.num_all_faces() > 1
        && vertex
            .out_edges()
            .all(|e| !e.is_outer_edge() && !e.as_undirected().is_constraint_edge());
    for e in vertex.out_edges() {
        let eid = *e.as_undirected().data().data();
        if frees && eid != 0 {
            memo.dead_edges.push(eid);
        }
        if let Some(f) = e.face().as_inner() {
            let id = *f.data() as usize;
            if id == 0 {
                // A face the tracker has not seen: its tile is unknown.
                memo.lost = true;
                return;
            }
            // A face made by this edit had each tile it was in marked already.
            if let Some(&t) = base.ftile.get(id) {
                base.marked[t as usize] = true;
            }
            if frees {
                memo.dead_faces.push(id as u32);
            }
        }
    }
}

/// After removing a vertex at one of the points `pts` (where the hole was filled).
pub(super) fn around(cdt: &mut Cdt, memo: &mut Memo, pts: &[DVec2]) {
    if !on(memo) {
        return;
    }
    let mut w = Walks::take(memo);
    let seeds = &mut w.seeds;
    for &p in pts {
        match cdt.locate(spade::Point2::new(p.x, p.y)) {
            PositionInTriangulation::OnFace(f) => seeds.push(f),
            PositionInTriangulation::OnEdge(e) => {
                let e = cdt.directed_edge(e);
                for f in [e.face(), e.rev().face()] {
                    if let Some(f) = f.as_inner() {
                        seeds.push(f.fix());
                    }
                }
            }
            PositionInTriangulation::OnVertex(v) => star(cdt, v, seeds),
            _ => {
                // Outside the triangulation: nothing to walk from.
                memo.lost = true;
                memo.walks = w;
                return;
            }
        }
    }
    walk(cdt, memo, w);
}

/// The walk from `w.sides` and `w.seeds` (see the module documentation); the tiles of
/// `w.sides` (faces beside an edge whose constraint changed) are marked whether or not they
/// changed. The vectors go back to the memo.
fn walk(cdt: &mut Cdt, memo: &mut Memo, mut w: Walks) {
    walk_with(cdt, memo, &mut w);
    memo.walks = w;
}

/// [`walk`], on vectors borrowed from it.
fn walk_with(cdt: &mut Cdt, memo: &mut Memo, w: &mut Walks) {
    let Some(base) = memo.base.as_mut() else {
        return;
    };
    let grid = base.grid;
    // The faces met, by a stamp per face handle index.
    w.stamp = w.stamp.wrapping_add(1);
    if w.stamp == 0 {
        w.met.iter_mut().for_each(|m| *m = 0);
        w.stamp = 1;
    }
    let stamp = w.stamp;
    if w.met.len() < cdt.num_all_faces() {
        w.met.resize(cdt.num_all_faces(), 0);
    }
    let (met, queue) = (&mut w.met, &mut w.queue);
    for &f in &w.sides {
        let pts = cdt.face(f).positions().map(dv);
        base.marked[grid.tile((pts[0] + pts[1] + pts[2]) / 3.0)] = true;
    }
    queue.clear();
    queue.extend(w.seeds.iter().chain(&w.sides).map(|&f| (f, true)));
    while let Some((f, seed)) = queue.pop() {
        if met[f.index()] == stamp {
            continue;
        }
        met[f.index()] = stamp;
        let face = cdt.face(f);
        let pts = face.positions().map(dv);
        let id = *face.data() as usize;
        let changed = id == 0 || id >= memo.faces.len() || !same(&memo.faces[id].pts, &pts);
        if changed {
            // The tile it is in now, and the one it was in (its entry's, if it has one).
            base.marked[grid.tile((pts[0] + pts[1] + pts[2]) / 3.0)] = true;
            if let Some(&t) = base.ftile.get(id)
                && id != 0
            {
                base.marked[t as usize] = true;
            }
        }
        if changed {
            let id = if id == 0 || id >= memo.faces.len() {
                // A free identity first (its entry is reset below).
                let n = memo.dead_faces.pop().map_or_else(
                    || {
                        memo.faces.push(FaceMemo::unknown());
                        memo.faces.len() - 1
                    },
                    |n| n as usize,
                );
                *cdt.face_data_mut(f) = n as u32;
                n
            } else {
                id
            };
            memo.faces[id] = FaceMemo {
                pts,
                ..FaceMemo::unknown()
            };
            let edges = cdt
                .face(f)
                .adjacent_edges()
                .map(|e| e.as_undirected().fix());
            for e in edges {
                let pq = cdt.undirected_edge(e).positions().map(dv);
                let mut eid = *cdt.undirected_edge(e).data().data() as usize;
                if eid == 0 || eid >= memo.edges.len() {
                    // A free identity first, its entry forgotten.
                    eid = match memo.dead_edges.pop() {
                        Some(n) => {
                            memo.edges[n as usize] = EdgeMemo::unknown();
                            n as usize
                        }
                        None => {
                            memo.edges.push(EdgeMemo::unknown());
                            memo.edges.len() - 1
                        }
                    };
                    *cdt.undirected_edge_data_mut(e).data_mut() = eid as u32;
                }
                if !same(&memo.edges[eid].pts, &pq) {
                    memo.edges[eid] = EdgeMemo {
                        pts: pq,
                        ..EdgeMemo::unknown()
                    };
                }
            }
        }
        if seed || changed {
            for e in cdt.face(f).adjacent_edges() {
                if let Some(g) = e.rev().face().as_inner()
                    && met[g.fix().index()] != stamp
                {
                    queue.push((g.fix(), false));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where spade 2.15.1 rotates faces it does not change: removing a vertex swap-removes the
    /// edges of its star, and each swap moves the last edge of spade's array into the freed
    /// slot and points both faces of that edge at it (`fix_handle_swap`). Such a face keeps
    /// its corners, but its first corner (`positions()[0]`) may change, wherever it lies. So
    /// no walk from the removal meets it, and its memo entry keeps the old order (see
    /// `repair`'s `per_side_values_follow_the_entry` for why that is safe).
    #[test]
    fn a_removal_rotates_faces_beside_the_edges_spade_moves() {
        let mut cdt = Cdt::new();
        for i in 0..9 {
            for j in 0..9 {
                let jitter = ((i * 7 + j * 3) % 5) as f64 * 0.07;
                cdt.insert(spade::Point2::new(i as f64 + jitter, j as f64 - jitter))
                    .unwrap();
            }
        }
        let (mut rotated, mut removals) = (0, 0);
        while removals < 20 {
            // Every face named (its data), and its corners.
            let faces: Vec<_> = cdt.fixed_inner_faces().collect();
            for (k, &f) in faces.iter().enumerate() {
                *cdt.face_data_mut(f) = k as u32 + 1;
            }
            let corners: Vec<[DVec2; 3]> = std::iter::once([DVec2::ZERO; 3])
                .chain(faces.iter().map(|&f| cdt.face(f).positions().map(dv)))
                .collect();
            // An inner vertex; the edges spade may move are the last as many as its star has.
            let Some(v) = cdt
                .fixed_vertices()
                .find(|&v| cdt.vertex(v).out_edges().all(|e| !e.is_outer_edge()))
            else {
                break;
            };
            let vp = dv(cdt.vertex(v).position());
            let n = cdt.num_undirected_edges();
            let deg = cdt.vertex(v).out_edges().count();
            let tail: Vec<[DVec2; 2]> = cdt
                .fixed_undirected_edges()
                .skip(n - deg)
                .map(|e| cdt.undirected_edge(e).positions().map(dv))
                .collect();
            cdt.remove(v);
            removals += 1;
            for f in cdt.inner_faces() {
                let id = *f.data() as usize;
                let now = f.positions().map(dv);
                if id == 0 || now.contains(&vp) {
                    continue;
                }
                let was = corners[id];
                if now == was {
                    continue;
                }
                if super::super::rotation(&was, &now).is_none() {
                    // Changed by the removal: it lies around the hole.
                    continue;
                }
                rotated += 1;
                let side = |e: &[DVec2; 2]| e.iter().all(|p| now.contains(p));
                assert!(
                    tail.iter().any(side),
                    "a face rotated without a moved edge: {was:?} -> {now:?}"
                );
            }
        }
        assert!(
            rotated > 0,
            "{removals} removals rotated no face: spade changed, see the docs"
        );
    }
}
