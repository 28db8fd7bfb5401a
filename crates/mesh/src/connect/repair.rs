//! Local repair of the triangulation after an obstacle edit.
//!
//! Adding an obstacle adds its vertices and its edges as constraints (split where they cross
//! others), as a full build does. Removing one walks each of its edges from vertex to vertex
//! along the constraint pieces it was split into, unmarks every piece that no other boundary
//! edge covers (spade restores the Delaunay property around it), then removes the vertices
//! left without a constraint, and the points where the obstacle split another boundary edge
//! (the edge is made whole again). Only the triangles around the obstacle change; a move is a
//! removal and an addition. Whatever spade or the walk cannot do (a vertex not found, a walk
//! that does not reach the edge's end) leaves the repair undone, and the next `connected`
//! builds the triangulation from scratch; so does removing a loop near a circle (a circle's
//! inscribed polygon has no edges the walk could see).

use glam::DVec2;
use spade::handles::FixedVertexHandle;
use spade::{Point2, Triangulation};

use super::{Cdt, Connectivity, Memo, derive, dv, track};
use crate::geometry::dist_point_segment;
use crate::sight::Scratch;
use crate::world::{MeshWorld, Owner};

/// An obstacle edit, described to the triangulation.
pub(crate) enum Change<'a> {
    /// The loop with this id was added.
    Added(u32),
    /// A loop with these points was removed.
    Removed(&'a [DVec2]),
}

fn pt(p: DVec2) -> Point2<f64> {
    Point2::new(p.x, p.y)
}

/// After an edit of `world`: repairs its triangulation in place if it was built (and drops it
/// if the repair fails), dropping what was derived from it.
pub(crate) fn edited(world: &mut MeshWorld, change: Change<'_>) {
    let Some(Some(mut conn)) = world.conn.take() else {
        return;
    };
    let t = std::time::Instant::now();
    let ok = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| conn.repair(world, change)))
        .unwrap_or(false);
    if ok {
        conn.derived = std::sync::OnceLock::new();
        conn.triangulating = t.elapsed();
        conn.repaired = true;
        world.conn = std::sync::OnceLock::from(Some(conn));
    }
}

impl Connectivity {
    fn repair(&mut self, world: &MeshWorld, change: Change<'_>) -> bool {
        match change {
            Change::Added(lp) => {
                let Some(lp) = world.loops[lp as usize].as_ref() else {
                    return false;
                };
                if lp.owner != Owner::Obstacle {
                    return false;
                }
                self.note_edit(lp.min, lp.max);
                let memo = self.memo.get_mut().unwrap_or_else(|e| e.into_inner());
                let ok = add_loop(&mut self.cdt, memo, &lp.points).is_some();
                self.untracked();
                ok
            }
            Change::Removed(points) => {
                let (lo, hi) = crate::world::bbox(points);
                self.note_edit(lo, hi);
                let mut rejoined = Vec::new();
                let memo = self.memo.get_mut().unwrap_or_else(|e| e.into_inner());
                let ok = remove_loop(&mut self.cdt, memo, world, points, &mut rejoined).is_some();
                // A boundary edge made whole again may reach beyond the removed loop's box.
                for (x, y) in rejoined {
                    self.note_edit(x.min(y), x.max(y));
                }
                self.untracked();
                ok
            }
        }
    }

    /// When the repair was not tracked (there is no derivation to update), every face and
    /// edge gets a fresh identity for the full derivation to come; so they do when the
    /// identities of the faces and edges spade removed (never given out again) outnumber the
    /// live ones, which bounds the memory a long run of edits holds.
    fn untracked(&mut self) {
        let memo = self.memo.get_mut().unwrap_or_else(|e| e.into_inner());
        let stale = memo.faces.len() > 2 * self.cdt.num_inner_faces() + 1024
            || memo.edges.len() > 2 * self.cdt.num_undirected_edges() + 1024;
        if !track::on(memo) || stale {
            derive::assign_all_ids(&mut self.cdt, memo);
        }
    }
}

/// Adds the loop `points` (its edges as constraints), as a full build adds an obstacle.
pub(super) fn add_loop(cdt: &mut Cdt, memo: &mut Memo, points: &[DVec2]) -> Option<()> {
    let n = points.len();
    // Inserting a point that is a vertex already changes no face: nothing to track (each
    // loop vertex is inserted twice, as the end of one edge and the start of the next).
    let insert = |cdt: &mut Cdt, memo: &mut Memo, p: DVec2| {
        let before = cdt.num_vertices();
        let h = cdt.insert(pt(p)).ok()?;
        if cdt.num_vertices() != before {
            track::inserted(cdt, memo, h);
        }
        Some(h)
    };
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let ha = insert(cdt, memo, a)?;
        let hb = insert(cdt, memo, b)?;
        if ha != hb {
            let es = cdt.add_constraint_and_split(ha, hb, |p| p);
            track::constrained(cdt, memo, &es);
        }
    }
    Some(())
}

/// Whether the segment `pq` lies on a boundary edge of the world (its loops as they are now).
fn covered(world: &MeshWorld, sc: &mut Scratch, p: DVec2, q: DVec2) -> bool {
    let tol = world.eps();
    sc.gather_box(world, p.min(q) - tol, p.max(q) + tol);
    sc.near.iter().any(|&e| {
        let edge = &world.edges[e as usize];
        edge.alive
            && dist_point_segment(p, edge.a, edge.b) <= tol
            && dist_point_segment(q, edge.a, edge.b) <= tol
    })
}

/// Whether `p` is a vertex of a loop of the world as it is now.
fn is_loop_vertex(world: &MeshWorld, sc: &mut Scratch, p: DVec2) -> bool {
    sc.gather_box(world, p, p);
    sc.near.iter().any(|&e| {
        let edge = &world.edges[e as usize];
        edge.alive && (edge.a == p || edge.b == p)
    })
}

/// Walks the constraint pieces that make up boundary edge `ab` (split where other edges cross
/// it or pass through it), calling `piece` on each; `None` if the chain is broken.
pub(super) fn walk(
    cdt: &Cdt,
    tol: f64,
    a: DVec2,
    b: DVec2,
    piece: impl FnMut(DVec2, DVec2),
) -> Option<()> {
    let u = cdt.locate_vertex(pt(a))?.fix();
    walk_from(cdt, tol, u, a, b, piece).map(|_| ())
}

/// [`walk`] from `u`, the vertex of `cdt` at `a` (the end of the walk before it along a loop,
/// which saves the point location); the vertex at `b` if the chain is whole.
pub(super) fn walk_from(
    cdt: &Cdt,
    tol: f64,
    u: FixedVertexHandle,
    a: DVec2,
    b: DVec2,
    mut piece: impl FnMut(DVec2, DVec2),
) -> Option<FixedVertexHandle> {
    let dir = b - a;
    let mut u = cdt.vertex(u);
    debug_assert_eq!(dv(u.position()), a);
    let mut steps = 0usize;
    while dv(u.position()) != b {
        let up = dv(u.position());
        // The next piece: the constraint edge out of `u` along `ab`, nearest ahead.
        let next = u
            .out_edges()
            .filter(|e| cdt.is_constraint_edge(e.as_undirected().fix()))
            .map(|e| e.to())
            .filter(|w| {
                let wp = dv(w.position());
                (wp - up).dot(dir) > 0.0 && dist_point_segment(wp, a, b) <= tol
            })
            .min_by(|x, y| {
                let (xp, yp) = (dv(x.position()), dv(y.position()));
                (xp - up).dot(dir).total_cmp(&(yp - up).dot(dir))
            })?;
        piece(up, dv(next.position()));
        u = next;
        steps += 1;
        if steps > cdt.num_vertices() {
            return None;
        }
    }
    Some(u.fix())
}

/// Every constraint piece along boundary edge `ab` reachable from `a` (vertex `start` of
/// `cdt`) through constraint
/// pieces along it (both ends within `tol` of the segment), each once with its ends in
/// coordinate order, into `pieces`; the vertices they join into `met`. `None` past a bound on
/// the pieces (as for a broken chain: the repair is then left to a rebuild).
///
/// The chain [`walk`] follows is not always all of them: where the same edge was added twice
/// (two equal obstacles) and spade rounded the second crossing with another edge to a point
/// beside the first one's, that second piece joins the new point to the edge's far end beside
/// the first chain's piece, and a repair that unmarked the chain alone would leave it as a
/// wall that is no longer there.
fn pieces_along(
    cdt: &Cdt,
    tol: f64,
    start: FixedVertexHandle,
    (a, b): (DVec2, DVec2),
    pieces: &mut Vec<(DVec2, DVec2)>,
    met: &mut Vec<DVec2>,
) -> Option<()> {
    let first = met.len();
    met.push(a);
    let mut todo = vec![start];
    let mut seen = vec![start];
    while let Some(u) = todo.pop() {
        let u = cdt.vertex(u);
        let up = dv(u.position());
        for e in u.out_edges() {
            if !cdt.is_constraint_edge(e.as_undirected().fix()) {
                continue;
            }
            let w = e.to();
            let wp = dv(w.position());
            if dist_point_segment(wp, a, b) > tol {
                continue;
            }
            let ordered = (up.x, up.y) < (wp.x, wp.y);
            pieces.push(if ordered { (up, wp) } else { (wp, up) });
            if !seen.contains(&w.fix()) {
                if met.len() - first > cdt.num_vertices() {
                    return None;
                }
                seen.push(w.fix());
                met.push(wp);
                todo.push(w.fix());
            }
        }
    }
    Some(())
}

/// Takes the loop `points` (already removed from `world`) out of the triangulation; the ends
/// of every boundary edge it makes whole again go to `rejoined`.
fn remove_loop(
    cdt: &mut Cdt,
    memo: &mut Memo,
    world: &MeshWorld,
    points: &[DVec2],
    rejoined: &mut Vec<(DVec2, DVec2)>,
) -> Option<()> {
    let tol = world.eps();
    let mut sc = Scratch::default();
    // A circle's loop has no edges, so the walk below cannot see it cover a piece or keep a
    // vertex it shares with the removed loop: near a circle, leave it to a rebuild.
    let (lo, hi) = crate::world::bbox(points);
    sc.gather_box(world, lo - DVec2::splat(tol), hi + DVec2::splat(tol));
    if sc.near_d.iter().any(|&d| world.discs[d as usize].alive) {
        return None;
    }
    let n = points.len();
    // The constraint pieces along each edge, and the vertices met on the way.
    let mut pieces: Vec<(DVec2, DVec2)> = Vec::new();
    let mut met: Vec<DVec2> = Vec::new();
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let u = cdt.locate_vertex(pt(a))?.fix();
        // A broken chain is left to a rebuild.
        walk_from(cdt, tol, u, a, b, |_, _| {})?;
        pieces_along(cdt, tol, u, (a, b), &mut pieces, &mut met)?;
    }
    // A piece is found from both its ends (and adjacent edges may share one): each once.
    pieces.sort_by(|(p, q), (s, t)| {
        (p.x.total_cmp(&s.x))
            .then(p.y.total_cmp(&s.y))
            .then(q.x.total_cmp(&t.x))
            .then(q.y.total_cmp(&t.y))
    });
    pieces.dedup();
    // Unmark the pieces no other boundary edge covers.
    for &(p, q) in &pieces {
        if covered(world, &mut sc, p, q) {
            continue;
        }
        let (hp, hq) = (
            cdt.locate_vertex(pt(p))?.fix(),
            cdt.locate_vertex(pt(q))?.fix(),
        );
        if let Some(e) = cdt.get_edge_from_neighbors(hp, hq) {
            let e = e.as_undirected().fix();
            cdt.remove_constraint_edge(e);
            track::unconstrained(cdt, memo, hp, hq);
        }
    }
    // The vertices met: those left without a constraint go; a point where the obstacle split
    // another boundary edge goes too, and that edge is made whole again.
    met.sort_by(|x, y| x.x.total_cmp(&y.x).then(x.y.total_cmp(&y.y)));
    met.dedup();
    for p in met {
        let Some(v) = cdt.locate_vertex(pt(p)) else {
            continue;
        };
        // Its constraint edges, and where they end.
        let cons: Vec<_> = v
            .out_edges()
            .filter(|e| e.is_constraint_edge())
            .map(|e| (e.as_undirected().fix(), dv(e.to().position())))
            .collect();
        let v = v.fix();
        match cons.as_slice() {
            [] => {
                track::removing(cdt, memo, v);
                cdt.remove(v);
                track::around(cdt, memo, &[p]);
            }
            &[(ex, x), (ey, y)]
                if !is_loop_vertex(world, &mut sc, p) && dist_point_segment(p, x, y) <= tol =>
            {
                // Its two constraints first (as `remove` would), so that the removal frees
                // the identities of the faces around it (see `track::removing`); the walk
                // after the removal finds the faces both changed.
                cdt.remove_constraint_edge(ex);
                cdt.remove_constraint_edge(ey);
                track::removing(cdt, memo, v);
                cdt.remove(v);
                track::around(cdt, memo, &[p]);
                rejoined.push((x, y));
                let hx = cdt.locate_vertex(pt(x))?.fix();
                let hy = cdt.locate_vertex(pt(y))?.fix();
                let es = cdt.add_constraint_and_split(hx, hy, |p| p);
                track::constrained(cdt, memo, &es);
            }
            _ => {}
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect::{Ready, rotation};
    use crate::world::Obstacle;
    use nav_geom::{Aabb, Vec2};
    use nav_testkit::TestRng;

    /// One random edit of `world`: a new obstacle from `make`, or the removal or move
    /// (`set`) of one of `ids`; false when `ids` is empty and no insertion was drawn.
    fn random_edit(
        world: &mut MeshWorld,
        ids: &mut Vec<crate::world::ObstacleId>,
        rng: &mut TestRng,
        mut make: impl FnMut(&mut TestRng) -> Obstacle,
    ) -> bool {
        match rng.below(3) {
            0 => {
                if let Ok(id) = world.insert(make(rng)) {
                    ids.push(id);
                }
            }
            1 if !ids.is_empty() => {
                let id = ids.swap_remove(rng.below(ids.len() as u64) as usize);
                world.remove(id);
            }
            _ if !ids.is_empty() => {
                let id = ids[rng.below(ids.len() as u64) as usize];
                let _ = world.set(id, make(rng));
            }
            _ => return false,
        }
        true
    }

    /// A box world of side `size` with up to 8 random obstacles (seed `9000 + seed`), its
    /// triangulation and forests derived; the obstacles' ids, and the generator to go on with.
    fn random_prepared_world(
        seed: u64,
        size: f32,
    ) -> (MeshWorld, Vec<crate::world::ObstacleId>, TestRng) {
        let mut rng = TestRng::new(9000 + seed);
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
        let mut ids = Vec::new();
        for _ in 0..8 {
            if let Ok(id) = world.insert(random_obstacle(&mut rng, size)) {
                ids.push(id);
            }
        }
        assert!(world.prepare_connected() > 0);
        (world, ids, rng)
    }

    fn random_obstacle(rng: &mut TestRng, size: f32) -> Obstacle {
        let c = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
        if rng.chance(0.5) {
            // Boxes on a coarse lattice: shared edges, shared corners, T-junctions.
            let c = (c * 0.5).round() * 2.0;
            let h = Vec2::new(rng.below(3) as f32 + 1.0, rng.below(3) as f32 + 1.0);
            Obstacle::Box(Aabb::new(c - h, c + h))
        } else {
            let n = 3 + rng.below(5) as usize;
            Obstacle::Polygon(
                (0..n)
                    .map(|i| {
                        let a =
                            (i as f32 + rng.range_f32(0.1, 0.9)) / n as f32 * std::f32::consts::TAU;
                        c + Vec2::from_angle(a) * rng.range_f32(0.8, 4.0)
                    })
                    .collect(),
            )
        }
    }

    fn free_area(world: &MeshWorld) -> f64 {
        world
            .free_triangles()
            .iter()
            .map(|t| {
                let [a, b, c] = t.map(|p| p.as_dvec2());
                0.5 * crate::geometry::cross(b - a, c - a)
            })
            .sum()
    }

    /// After every edit, the repaired triangulation has the vertices, the constraints and the
    /// free area of one built from scratch.
    fn check(world: &MeshWorld, what: &str) {
        let repaired = world.conn.get().and_then(|c| c.as_deref()).expect("kept");
        assert!(repaired.repaired, "{what}: repaired, not rebuilt");
        let fresh = super::super::triangulate(world).expect("fresh");
        assert_eq!(
            repaired.cdt.num_vertices(),
            fresh.num_vertices(),
            "{what}: vertices"
        );
        assert_eq!(
            repaired.cdt.num_constraints(),
            fresh.num_constraints(),
            "{what}: constraints"
        );
        check_derived(world, what);
        let mut copy = world.clone();
        copy.conn = std::sync::OnceLock::new();
        let (a, b) = (free_area(world), free_area(&copy));
        assert!(
            (a - b).abs() <= 1e-6 * b.max(1.0),
            "{what}: free area {a} against {b}"
        );
    }

    /// What the memo kept gives what a derivation from nothing gives, on the same
    /// triangulation: the same free triangles, crossings and clearances (triangle by
    /// triangle, edge by edge), the same partitions of both forests at many thresholds, and
    /// the repairs tracked every triangle they changed (none left without an identity).
    fn check_derived(world: &MeshWorld, what: &str) {
        use std::collections::HashMap;
        let repaired = world.conn.get().and_then(|c| c.as_deref()).expect("kept");
        let kept = repaired
            .ready(world)
            .expect("derived (every triangle tracked)");
        // Every live face and edge carries its own identity, and none of the free ones.
        {
            let memo = repaired.memo_lock();
            let held_once = |mut ids: Vec<u32>, dead: &[u32], kind: &str| {
                ids.extend(dead);
                let n = ids.len();
                ids.sort_unstable();
                ids.dedup();
                assert_eq!(ids.len(), n, "{what}: a {kind} identity held twice");
            };
            let cdt = &repaired.cdt;
            held_once(
                cdt.inner_faces().map(|f| *f.data()).collect(),
                &memo.dead_faces,
                "face",
            );
            let edges = cdt.undirected_edges().map(|e| *e.data().data()).collect();
            held_once(edges, &memo.dead_edges, "edge");
        }
        let mut cdt = repaired.cdt.clone();
        let mut fresh_memo = super::super::Memo::default();
        derive::assign_all_ids(&mut cdt, &mut fresh_memo);
        let fresh = derive::derive(world, &cdt, &mut fresh_memo, &[]).expect("derived");
        let sorted = |list: &Option<Vec<(DVec2, DVec2)>>| {
            let mut list = list.clone().expect("walked");
            list.sort_by(|x, y| {
                (x.0.x, x.0.y, x.1.x, x.1.y)
                    .partial_cmp(&(y.0.x, y.0.y, y.1.x, y.1.y))
                    .unwrap()
            });
            list
        };
        assert_eq!(
            sorted(&repaired.memo_lock().broken),
            sorted(&fresh_memo.broken),
            "{what}: broken constraint chains"
        );
        for (f, g) in repaired.cdt.inner_faces().zip(cdt.inner_faces()) {
            let (i, j) = (*f.data() as usize, *g.data() as usize);
            assert_eq!(kept.free[i], fresh.free[j], "{what}: free triangle");
        }
        // Crossable edges, as (kept id, fresh id).
        let mut nodes = Vec::new();
        for (e, g) in repaired.cdt.undirected_edges().zip(cdt.undirected_edges()) {
            let (i, j) = (*e.data().data() as usize, *g.data().data() as usize);
            assert_eq!(
                kept.cross[i].to_bits(),
                fresh.cross[j].to_bits(),
                "{what}: crossing"
            );
            if !fresh.cross[j].is_nan() {
                assert_eq!(kept.node_clear[i], fresh.node_clear[j], "{what}: clearance");
                nodes.push((i as u32, j as u32));
            }
        }
        // The partitions at thresholds between and at the weights.
        let mut cuts: Vec<f64> = nodes
            .iter()
            .flat_map(|&(_, j)| [fresh.cross[j as usize], fresh.node_clear[j as usize]])
            .collect();
        cuts.sort_by(f64::total_cmp);
        cuts.dedup();
        let step = (cuts.len() / 12).max(1);
        let mut sample: Vec<f64> = cuts.iter().step_by(step).copied().collect();
        sample.extend(cuts.iter().step_by(step).map(|c| c * 0.999_999));
        sample.push(0.0);
        for which in 0..2 {
            for &cut in &sample {
                let mut ab: HashMap<u32, u32> = HashMap::new();
                let mut ba: HashMap<u32, u32> = HashMap::new();
                for &(i, j) in &nodes {
                    let (a, b) = (kept.comp(which, i, cut), fresh.comp(which, j, cut));
                    assert_eq!(
                        *ab.entry(a).or_insert(b),
                        b,
                        "{what}: forest {which} at {cut}"
                    );
                    assert_eq!(
                        *ba.entry(b).or_insert(a),
                        a,
                        "{what}: forest {which} at {cut}"
                    );
                }
            }
        }
        assert_eq!(kept.sound, fresh.sound, "{what}: constraint chains");
        per_side_values_follow_the_entry(repaired, &kept, what);
        // Each free face reaches as far as what it depends on: its crossable edges' midpoint
        // clearances and its roadmap links (each one of the clearances it computed), so that
        // an edit within those distances walks its tile again.
        let memo = repaired.memo_lock();
        for f in repaired.cdt.inner_faces() {
            let id = *f.data() as usize;
            if !kept.free[id] {
                continue;
            }
            let m = &memo.faces[id];
            let sides = kept.sides[id];
            for k in 0..3 {
                if sides[k] == u32::MAX {
                    continue;
                }
                let c = kept.node_clear[sides[k] as usize];
                assert!(
                    m.reach >= c,
                    "{what}: reach {} below a clearance {c}",
                    m.reach
                );
                if sides[(k + 1) % 3] != u32::MAX && !m.roads[k].is_nan() {
                    let w = m.roads[k];
                    assert!(m.reach >= w, "{what}: reach {} below a link {w}", m.reach);
                }
            }
        }
    }

    /// The identities of the faces whose memo entry holds spade's corners in a rotated order
    /// (the same triangle, another first corner).
    fn rotated(conn: &Connectivity) -> Vec<u32> {
        let memo = conn.memo_lock();
        conn.cdt
            .inner_faces()
            .filter(|f| {
                let m = &memo.faces[*f.data() as usize];
                matches!(rotation(&m.pts, &f.positions().map(dv)), Some(r) if r != 0)
            })
            .map(|f| *f.data())
            .collect()
    }

    /// A face's per-side values are indexed by its entry's corners (side `k` from corner `k`
    /// to corner `k + 1`), which may be spade's current corners in a rotated order: spade
    /// 2.15.1 gives a face another first edge, without changing it, when it swap-removes an
    /// edge (a vertex's removal) and moves the last edge of its array into the freed slot
    /// (`fix_handle_swap` points both faces of the moved edge at it), wherever that face lies.
    /// Neither the tracker nor the derivation meets such a face unless its tile is walked.
    ///
    /// What keeps that safe: the only code that reads a face's per-side values against
    /// spade's order (`derive`'s phase B: `d.sides`, the gaps and the roadmap links by side
    /// index) runs on the faces of walked tiles, after phase A reset every entry whose corners
    /// differ from spade's in order (`same` is an ordered comparison). `d.sides` written then
    /// follows spade's order, and so does the entry; a face left alone keeps both in its old
    /// order; the queries read `d.sides` as a set. This checks that the two agree for every
    /// face: `d.sides[f]` holds, by the entry's corners, exactly its crossable sides. If phase
    /// A let a rotated entry through (an unordered comparison), phase B would write `d.sides`
    /// in spade's order against an entry in another, and this fails (for a face with one or
    /// two crossable sides, where the order matters).
    fn per_side_values_follow_the_entry(repaired: &Connectivity, kept: &Ready<'_>, what: &str) {
        let memo = repaired.memo_lock();
        for f in repaired.cdt.inner_faces() {
            let id = *f.data() as usize;
            let m = &memo.faces[id];
            let now = f.positions().map(dv);
            assert!(m.known, "{what}: an entry not filled");
            let r = rotation(&m.pts, &now)
                .unwrap_or_else(|| panic!("{what}: an entry holds another triangle"));
            // The entry's side k is spade's side k + r.
            let es = f.adjacent_edges();
            let side = |k: usize| es[(k + r) % 3].as_undirected();
            let expect: [u32; 3] = std::array::from_fn(|k| {
                let eid = *side(k).data().data();
                if kept.free[id] && !kept.cross[eid as usize].is_nan() {
                    eid
                } else {
                    u32::MAX
                }
            });
            assert_eq!(
                kept.sides[id], expect,
                "{what}: sides by the entry's corners (rotated by {r})"
            );
            for k in 0..3 {
                // A gap is between the corner opposite side k and side k, a wall, measured
                // where both other sides were crossable.
                if !m.gaps[k].is_nan() {
                    assert!(side(k).is_constraint_edge(), "{what}: a gap on no wall");
                }
            }
        }
    }

    /// spade's rotations, counted: after random edits, some faces that no repair changed hold
    /// their entry's corners in a rotated order (see [`per_side_values_follow_the_entry`]),
    /// only ever after a removal (insertions and constraints change no face without changing
    /// its corners, which the tracker sees), and some derivations walk such a face's tile and
    /// put its entry in spade's order (which `check_derived` checks after every edit).
    #[test]
    fn rotated_entries_come_from_removals_and_are_reset_when_walked() {
        let (mut after_insert, mut after_removal, mut reset) = (0, 0, 0);
        for seed in 0..12u64 {
            let size = 24.0;
            let (mut world, mut ids, mut rng) = random_prepared_world(seed, size);
            // The rotated entries the last derivation left.
            let mut left = Vec::new();
            for step in 0..16 {
                let what = format!("seed {seed} step {step}");
                let n = ids.len();
                if !random_edit(&mut world, &mut ids, &mut rng, |rng| {
                    random_obstacle(rng, size)
                }) {
                    continue;
                }
                let conn = world.conn.get().and_then(|c| c.as_deref()).expect("kept");
                // Before the derivation: what the repair left.
                let before = rotated(conn);
                let new = before.iter().filter(|f| !left.contains(*f)).count();
                if ids.len() > n {
                    assert_eq!(new, 0, "{what}: rotated by an insertion");
                    after_insert += 1;
                } else {
                    after_removal += new;
                }
                check(&world, &what);
                let conn = world.conn.get().and_then(|c| c.as_deref()).expect("kept");
                left = rotated(conn);
                reset += before.iter().filter(|f| !left.contains(*f)).count();
            }
        }
        assert!(
            after_insert > 20 && after_removal > 0 && reset > 0,
            "insertions {after_insert}, rotated after removals {after_removal}, reset {reset}"
        );
    }

    /// Small edits in a large world: each derivation walks a few tiles only, and gives what
    /// a derivation from nothing gives.
    #[test]
    fn small_edits_walk_few_tiles_and_equal_fresh_derivations() {
        for seed in 0..6u64 {
            let mut rng = TestRng::new(7100 + seed);
            let size = 64.0;
            let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
            let small = |rng: &mut TestRng| {
                let c = Vec2::new(
                    rng.range_f32(1.0, size - 1.0),
                    rng.range_f32(1.0, size - 1.0),
                );
                if rng.chance(0.5) {
                    let c = c.round();
                    let h = Vec2::new(rng.below(2) as f32 + 0.5, rng.below(2) as f32 + 0.5);
                    Obstacle::Box(Aabb::new(c - h, c + h))
                } else {
                    let n = 3 + rng.below(4) as usize;
                    Obstacle::Polygon(
                        (0..n)
                            .map(|i| {
                                let a = (i as f32 + rng.range_f32(0.1, 0.9)) / n as f32
                                    * std::f32::consts::TAU;
                                c + Vec2::from_angle(a) * rng.range_f32(0.3, 1.5)
                            })
                            .collect(),
                    )
                }
            };
            let mut ids = Vec::new();
            for _ in 0..120 {
                if let Ok(id) = world.insert(small(&mut rng)) {
                    ids.push(id);
                }
            }
            assert!(world.prepare_connected() > 0);
            let mut walked = 0;
            let mut total = 0;
            for step in 0..25 {
                let what = format!("seed {seed} step {step}");
                random_edit(&mut world, &mut ids, &mut rng, small);
                check(&world, &what);
                let conn = world.conn.get().and_then(|c| c.as_deref()).expect("kept");
                walked += conn.ready(&world).expect("derived").walked;
                total += conn.triangles();
            }
            assert!(
                walked * 3 < total,
                "seed {seed}: the derivations walked {walked} of {total} triangles"
            );
        }
    }

    #[test]
    fn repaired_triangulations_equal_fresh_ones() {
        for seed in 0..30u64 {
            let size = 24.0;
            let (mut world, mut ids, mut rng) = random_prepared_world(seed, size);
            for step in 0..12 {
                let what = format!("seed {seed} step {step}");
                if !random_edit(&mut world, &mut ids, &mut rng, |rng| {
                    random_obstacle(rng, size)
                }) {
                    continue;
                }
                check(&world, &what);
            }
        }
    }

    #[test]
    fn obstacles_on_a_grid_world_are_repaired_too() {
        let mut rng = TestRng::new(4);
        let (w, h) = (30u32, 20u32);
        let walkable: Vec<bool> = (0..w * h).map(|_| !rng.chance(0.25)).collect();
        let map = nav_grid::GridMap::from_walkable(w, h, &walkable).unwrap();
        let mut world = MeshWorld::from_grid(&map).unwrap();
        assert!(world.prepare_connected() > 0);
        let mut ids = Vec::new();
        for step in 0..20 {
            if step % 3 == 2 {
                world.remove(ids.swap_remove(0));
            } else {
                ids.push(world.insert(random_obstacle(&mut rng, 20.0)).unwrap());
            }
            check(&world, &format!("step {step}"));
        }
    }

    #[test]
    fn many_edits_without_a_query_forget_the_whole_memo() {
        let mut rng = TestRng::new(77);
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(40.0))).unwrap();
        for _ in 0..10 {
            let _ = world.insert(random_obstacle(&mut rng, 40.0));
        }
        assert!(world.prepare_connected() > 0);
        // More edits than the memo keeps boxes for, then one derivation.
        let mut ids = Vec::new();
        for _ in 0..80 {
            let c = Vec2::new(rng.below(20) as f32, rng.below(20) as f32) * 2.0;
            let h = Vec2::new(rng.below(3) as f32 + 1.0, rng.below(3) as f32 + 1.0);
            if let Ok(id) = world.insert(Obstacle::Box(Aabb::new(c - h, c + h))) {
                ids.push(id);
            }
        }
        for id in ids.drain(..30) {
            world.remove(id);
        }
        check(&world, "after 110 edits");
    }

    /// Edits of a world where spade breaks constraint chains: the chains walked again near
    /// each edit give the broken ones a full walk finds, and the forests equal fresh ones.
    #[test]
    fn edits_keep_the_broken_chains_known() {
        let mut rng = TestRng::new(77);
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(40.0))).unwrap();
        let mut ids = Vec::new();
        for _ in 0..90 {
            if let Ok(id) = world.insert(random_obstacle(&mut rng, 40.0)) {
                ids.push(id);
            }
        }
        assert!(world.prepare_connected() > 0);
        let broken = |world: &MeshWorld| {
            let conn = world.conn.get().and_then(|c| c.as_deref()).expect("kept");
            conn.memo_lock().broken.clone().expect("walked")
        };
        let mut changed = 0;
        let mut was = broken(&world);
        for step in 0..24 {
            if step % 2 == 0 {
                let id = ids.swap_remove(rng.below(ids.len() as u64) as usize);
                world.remove(id);
            } else if let Ok(id) = world.insert(random_obstacle(&mut rng, 40.0)) {
                ids.push(id);
            }
            if world.conn.get().and_then(|c| c.as_deref()).is_none() {
                // Rebuilt (a removal near a circle): nothing kept to compare.
                assert!(world.prepare_connected() > 0);
                continue;
            }
            check_derived(&world, &format!("step {step}"));
            let now = broken(&world);
            changed += (now != was) as u32;
            was = now;
        }
        assert!(
            changed > 0,
            "no edit changed the chains: find another sequence"
        );
    }

    #[test]
    fn a_broken_constraint_chain_turns_the_widths_off() {
        // Random polygons crossing lattice boxes: spade leaves x = 28 from (28, 5) to (28, 11)
        // without a constraint where a crossing rounds off both lines (spade 2.15.1).
        let mut rng = TestRng::new(77);
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(40.0))).unwrap();
        for _ in 0..90 {
            let _ = world.insert(random_obstacle(&mut rng, 40.0));
        }
        let ready = world.connectivity().expect("triangulated");
        let broken = world.loops.iter().flatten().any(|lp| {
            let n = lp.points.len();
            (0..n).any(|i| {
                let (a, b) = (lp.points[i], lp.points[(i + 1) % n]);
                walk(ready.cdt, world.eps(), a, b, |_, _| {}).is_none()
            })
        });
        assert!(
            broken,
            "spade now keeps this chain: find another case for the test"
        );
        assert!(!ready.sound);
    }

    /// Found by tests/hunt.rs (an edit sequence on notched polygon bounds): a thin wall across
    /// a side of the bounds, added twice and both copies removed. spade rounds the second
    /// copy's crossing with that side to a point beside the first's, and joins it to the
    /// wall's far end by a second piece; the chain walked on removal went through the first
    /// point only, so that piece stayed a constraint, and `connected` (and `find_path`'s
    /// early "unreachable") saw a wall that was gone. The pieces along each removed edge are
    /// now all found (`pieces_along`): after both removals the triangulation equals a fresh
    /// one, and the two points are connected.
    #[test]
    fn removing_twin_walls_across_polygon_bounds_leaves_no_wall() {
        let bounds: Vec<Vec2> = [
            (0.0, 0.0),
            (3.65625, 0.0),
            (3.65625, 1.796875),
            (7.171875, 1.796875),
            (7.171875, 0.0),
            (10.390625, 0.0),
            (10.390625, 2.5),
            (12.5, 2.5),
            (12.5, 0.0),
            (16.0, 0.0),
            (16.0, 6.234375),
            (13.4375, 6.234375),
            (13.4375, 8.140625),
            (16.0, 8.140625),
            (16.0, 8.9375),
            (15.234375, 8.9375),
            (15.234375, 9.46875),
            (16.0, 9.46875),
            (16.0, 12.359375),
            (14.453125, 12.359375),
            (14.453125, 12.5),
            (16.0, 12.5),
            (16.0, 16.0),
            (0.0, 16.0),
            (0.0, 10.84375),
            (2.65625, 10.84375),
            (2.65625, 9.3125),
            (0.0, 9.3125),
        ]
        .iter()
        .map(|&(x, y)| Vec2::new(x, y))
        .collect();
        let wall = || {
            Obstacle::Polygon(
                [
                    (4.421875, 10.140625),
                    (-0.90625, 10.125),
                    (-0.90625, 10.1875),
                    (4.421875, 10.203125),
                ]
                .iter()
                .map(|&(x, y)| Vec2::new(x, y))
                .collect(),
            )
        };
        let (a, b) = (Vec2::new(11.59375, 3.84375), Vec2::new(3.65625, 10.015625));
        let mut world = MeshWorld::with_polygon_bounds(&bounds).unwrap();
        assert!(world.prepare_connected() > 0);
        let x = world.insert(wall()).unwrap();
        check(&world, "one copy");
        let y = world.insert(wall()).unwrap();
        check(&world, "two copies");
        world.remove(x).unwrap();
        // One copy left: its crossing may be the second copy's point (a fresh build has the
        // first's), so only what was derived is compared.
        check_derived(&world, "one copy removed");
        world.remove(y).unwrap();
        check(&world, "both removed");
        assert!(world.connected(a, b, 1.0).unwrap());
    }
}
