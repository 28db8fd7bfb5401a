//! Deriving the forests and the roadmap tile by tile, so that an edit derives again only the
//! tiles it changed.
//!
//! The plane is cut into square tiles (about `sqrt(n)` triangles each); a triangle belongs to
//! the tile holding its centroid. Each triangle and each edge of the triangulation carries an
//! identity in spade's face and edge data (a `u32`, 0 for "new"), which survives spade's
//! swap-removals, and everything derived is kept by identity ([`Memo`]). The repair of an edit
//! gives identities to the triangles it creates and marks the tiles they overlap (see
//! `track`); the derivation after it walks only the marked tiles, the tiles whose entries'
//! reach meets the edit (each tile keeps the box its entries' reaches cover), and the tiles of
//! the neighbours of every triangle whose freedom may have changed.
//!
//! Both forests are two-level. Inside a tile, Kruskal runs over the tile's links (by decreasing
//! weight, union by rank, no path compression); a node whose two triangles lie in different
//! tiles is a *terminal*, and each union of two sets that both hold a terminal gives a link
//! between those terminals to the global forest, Kruskal over the terminal links of every tile
//! (the links that keep, between any two terminals, the tile's bottleneck). A node's component
//! at a threshold is its tile's component when that holds no terminal at the threshold, and
//! otherwise the global component of the terminal it holds: the same partition as one
//! Kruskal over every link.

use glam::DVec2;
use spade::handles::{FixedFaceHandle, FixedVertexHandle, InnerTag};
use spade::{PositionInTriangulation, Triangulation};

use super::{
    Cdt, Derived, EdgeMemo, FaceMemo, HintGrid, Memo, apart, bounds, chain_loops, chains_sound, dv,
    edge_reaches, face_reaches, hints_of, is_original, loop_broken, par, reach_tol, road_links,
    same,
};
use crate::geometry::dist_point_segment;
use crate::roadmap::clearance;
use crate::sight::Scratch;
use crate::world::MeshWorld;

/// `home` of a terminal node.
pub(super) const TERM: u32 = u32::MAX;

/// The tiles' layout.
#[derive(Clone, Copy, Debug)]
pub(super) struct TileGrid {
    origin: DVec2,
    cell: f64,
    nx: i64,
    ny: i64,
}

impl TileGrid {
    /// Tiles over the box `[lo, hi]` for `n` triangles: about `sqrt(n)` triangles a tile.
    fn of(lo: DVec2, hi: DVec2, n: usize) -> Self {
        let size = (hi - lo).max(DVec2::splat(1e-9));
        // Tests use small tiles, so that their small worlds have many.
        let per = if cfg!(test) {
            2.0
        } else {
            ((n.max(1) as f64).sqrt() * 0.5).max(16.0)
        };
        let tiles = (n as f64 / per).max(1.0);
        let cell = (size.x * size.y / tiles)
            .sqrt()
            .max(size.max_element() / 256.0);
        TileGrid {
            origin: lo,
            cell,
            nx: ((size.x / cell).ceil() as i64).max(1),
            ny: ((size.y / cell).ceil() as i64).max(1),
        }
    }

    pub(super) fn len(&self) -> usize {
        (self.nx * self.ny) as usize
    }

    fn coord(&self, p: DVec2) -> (i64, i64) {
        // Truncation, not `floor`: the same after the clamp (see `EdgeGrid::cell_x`).
        let c = (p - self.origin) / self.cell;
        (
            (c.x as i64).clamp(0, self.nx - 1),
            (c.y as i64).clamp(0, self.ny - 1),
        )
    }

    /// The tile of a point (clamped to the grid).
    pub(super) fn tile(&self, p: DVec2) -> usize {
        let (x, y) = self.coord(p);
        (y * self.nx + x) as usize
    }

    fn bounds(&self, t: usize) -> (DVec2, DVec2) {
        let (x, y) = ((t as i64 % self.nx) as f64, (t as i64 / self.nx) as f64);
        let lo = self.origin + DVec2::new(x, y) * self.cell;
        (lo, lo + DVec2::splat(self.cell))
    }

    /// The box tile `t` stands for: its square, reaching out to infinity on the grid's rim
    /// (clamping sends the points beyond the grid there).
    fn reach_of(&self, t: usize) -> (DVec2, DVec2) {
        let (x, y) = (t as i64 % self.nx, t as i64 / self.nx);
        let (mut lo, mut hi) = self.bounds(t);
        let inf = f64::INFINITY;
        if x == 0 {
            lo.x = -inf;
        }
        if y == 0 {
            lo.y = -inf;
        }
        if x == self.nx - 1 {
            hi.x = inf;
        }
        if y == self.ny - 1 {
            hi.y = inf;
        }
        (lo, hi)
    }
}

/// One tile's Kruskal forest over its nodes (local indices).
#[derive(Clone, Default, Debug, PartialEq)]
pub(super) struct LocalForest {
    parent: Vec<u32>,
    /// The weight of the link to the parent (infinite at roots).
    link: Vec<f64>,
    /// Per node, as a representative: the weight at which its set first held a terminal
    /// (infinite for a terminal, `-inf` for never).
    tw: Vec<f64>,
    /// That terminal (node id), `u32::MAX` for none.
    term: Vec<u32>,
}

/// One tile: its nodes and its two forests.
#[derive(Clone, Default, Debug)]
pub(super) struct Tile {
    /// Its faces (identities), as the last walk found them.
    faces: Vec<u32>,
    /// Local index to node id.
    nodes: Vec<u32>,
    /// Its terminals (node ids).
    terms: Vec<u32>,
    /// Width and roadmap forests.
    forests: [LocalForest; 2],
    /// The links between its terminals, per forest, strongest first.
    tlinks: [Vec<(f64, u32, u32)>; 2],
    /// The links each forest was built from (local indices), as they were found (before
    /// sorting), and which of its nodes were terminals: a walk that finds the same nodes and
    /// links, bit for bit, keeps the forest.
    raw: [Vec<(f64, u32, u32)>; 2],
    flags: Vec<bool>,
    /// The box its triangles' reaches cover.
    reach: (DVec2, DVec2),
    /// Scratch: its faces' handles during a derivation (kept for the allocation).
    handles: Vec<FixedFaceHandle<InnerTag>>,
}

/// The global forest over the terminals, in arrays by node id.
#[derive(Clone, Default, Debug)]
pub(super) struct GlobalForest {
    parent: Vec<u32>,
    link: Vec<f64>,
    rank: Vec<u8>,
    up: Vec<u32>,
}

impl GlobalForest {
    /// Kruskal over `links` (weight, a, b, tile; strongest first) among the nodes `terms`
    /// (every end of a link is one).
    fn rebuild(&mut self, cap: usize, terms: &[u32], links: &[(f64, u32, u32, u32)]) {
        if self.parent.len() < cap {
            self.parent.resize(cap, 0);
            self.link.resize(cap, f64::INFINITY);
            self.rank.resize(cap, 0);
            self.up.resize(cap, 0);
        }
        for &t in terms {
            let t = t as usize;
            self.parent[t] = t as u32;
            self.up[t] = t as u32;
            self.link[t] = f64::INFINITY;
            self.rank[t] = 0;
        }
        let up = &mut self.up;
        let root = |up: &mut [u32], mut f: u32| {
            while up[f as usize] != f {
                let g = up[up[f as usize] as usize];
                up[f as usize] = g;
                f = g;
            }
            f
        };
        for &(w, a, b, _) in links.iter() {
            let (ra, rb) = (root(up, a), root(up, b));
            if ra == rb {
                continue;
            }
            let (child, top) = if self.rank[ra as usize] < self.rank[rb as usize] {
                (ra, rb)
            } else {
                (rb, ra)
            };
            if self.rank[child as usize] == self.rank[top as usize] {
                self.rank[top as usize] += 1;
            }
            self.parent[child as usize] = top;
            up[child as usize] = top;
            self.link[child as usize] = w;
        }
    }

    fn component(&self, mut f: u32, cut: f64) -> u32 {
        while self.parent[f as usize] != f && self.link[f as usize] > cut {
            f = self.parent[f as usize];
        }
        f
    }
}

/// A tile's terminal links in a canonical order (to tell whether they changed).
fn canonical(links: &[(f64, u32, u32)]) -> Vec<(u64, u32, u32)> {
    let mut v: Vec<(u64, u32, u32)> = links
        .iter()
        .map(|&(w, a, b)| (w.to_bits(), a.min(b), a.max(b)))
        .collect();
    v.sort_unstable();
    v
}

/// Kruskal over a tile's `links` (local indices) of `n` nodes, `is_term` telling its
/// terminals, into `forest` (its vectors reused); the terminal links go to `tlinks`. `up` and
/// `rank` are scratch.
fn local_kruskal(
    links: &mut [(f64, u32, u32)],
    nodes: &[u32],
    is_term: &[bool],
    tlinks: &mut Vec<(f64, u32, u32)>,
    forest: &mut LocalForest,
    (up, rank): (&mut Vec<u32>, &mut Vec<u8>),
) {
    let n = nodes.len();
    links.sort_unstable_by(|x, y| y.0.total_cmp(&x.0));
    let LocalForest {
        parent,
        link,
        tw,
        term,
    } = forest;
    parent.clear();
    parent.extend(0..n as u32);
    up.clear();
    up.extend(0..n as u32);
    rank.clear();
    rank.resize(n, 0);
    link.clear();
    link.resize(n, f64::INFINITY);
    tw.clear();
    tw.extend(
        is_term
            .iter()
            .map(|&t| if t { f64::INFINITY } else { f64::NEG_INFINITY }),
    );
    term.clear();
    term.extend((0..n).map(|i| if is_term[i] { nodes[i] } else { u32::MAX }));
    let root = |up: &mut [u32], mut f: u32| {
        while up[f as usize] != f {
            let g = up[up[f as usize] as usize];
            up[f as usize] = g;
            f = g;
        }
        f
    };
    tlinks.clear();
    for &(w, a, b) in links.iter() {
        let (ra, rb) = (root(up, a), root(up, b));
        if ra == rb {
            continue;
        }
        let (child, top) = if rank[ra as usize] < rank[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let (tc, tt) = (term[child as usize], term[top as usize]);
        if tc != u32::MAX && tt != u32::MAX {
            tlinks.push((w, tc, tt));
        } else if tt == u32::MAX && tc != u32::MAX {
            term[top as usize] = tc;
            tw[top as usize] = w;
        }
        if rank[child as usize] == rank[top as usize] {
            rank[top as usize] += 1;
        }
        parent[child as usize] = top;
        up[child as usize] = top;
        link[child as usize] = w;
    }
}

impl Derived {
    /// The representative of node `e`'s component in forest `which` (0 widths, 1 roadmap)
    /// when only links of weight more than `cut` count.
    pub(super) fn comp(&self, which: usize, e: u32, cut: f64) -> u32 {
        let h = self.home[e as usize];
        if h == TERM {
            return self.global[which].component(e, cut);
        }
        let tile = &self.tiles[h as usize];
        let f = &tile.forests[which];
        let mut i = self.local[e as usize];
        while f.parent[i as usize] != i && f.link[i as usize] > cut {
            i = f.parent[i as usize];
        }
        let t = f.term[i as usize];
        if t != u32::MAX && f.tw[i as usize] > cut {
            self.global[which].component(t, cut)
        } else {
            tile.nodes[i as usize]
        }
    }
}

/// Whether vertex `v` of `cdt` is a loop vertex of `world`, cached in `vex` for the
/// derivation marked `stamp`.
fn exact_at(
    world: &MeshWorld,
    sc: &mut Scratch,
    vex: &mut [(u32, bool)],
    stamp: u32,
    v: spade::handles::FixedVertexHandle,
    cdt: &Cdt,
) -> bool {
    let e = &mut vex[v.index()];
    if e.0 != stamp {
        *e = (stamp, is_original(world, sc, dv(cdt.vertex(v).position())));
    }
    e.1
}

/// Gives every face and edge of `cdt` a fresh identity (1, 2, ...) and forgets every entry of
/// `memo` kept by identity: the next derivation is a full one.
pub(super) fn assign_all_ids(cdt: &mut Cdt, memo: &mut Memo) {
    // Faces numbered tile by tile (the tiles of the full derivation to come), so that a
    // tile's entries lie together in memory.
    let grid = grid_of(cdt);
    let mut lists: Vec<Vec<_>> = vec![Vec::new(); grid.map_or(1, |g| g.len())];
    for f in cdt.fixed_inner_faces() {
        let pts = cdt.face(f).positions().map(dv);
        let t = grid.map_or(0, |g| g.tile((pts[0] + pts[1] + pts[2]) / 3.0));
        lists[t].push(f);
    }
    // Edges numbered in the order the faces meet them, so that the derivation's walk over a
    // tile's faces reads their entries (and the per-edge arrays) together too, not scattered
    // over spade's order; the edges beside no inner face come last.
    let mut edges = Vec::with_capacity(cdt.num_undirected_edges());
    let mut numbered = vec![false; cdt.num_undirected_edges()];
    for (k, &f) in lists.iter().flatten().enumerate() {
        *cdt.face_data_mut(f) = k as u32 + 1;
        for e in cdt.face(f).adjacent_edges() {
            let u = e.as_undirected().fix();
            if !std::mem::replace(&mut numbered[u.index()], true) {
                edges.push(u);
            }
        }
    }
    edges.extend(
        cdt.fixed_undirected_edges()
            .filter(|u| !numbered[u.index()]),
    );
    for (k, e) in edges.into_iter().enumerate() {
        *cdt.undirected_edge_data_mut(e).data_mut() = k as u32 + 1;
    }
    memo.grid = grid;
    memo.lists = grid.is_some().then_some(lists);
    memo.faces = vec![FaceMemo::unknown(); cdt.num_inner_faces() + 1];
    memo.edges = vec![EdgeMemo::unknown(); cdt.num_undirected_edges() + 1];
    memo.base = None;
    memo.lost = false;
    memo.dead_faces.clear();
    memo.dead_edges.clear();
}

/// The tiles of a full derivation of `cdt` (`None` without vertices).
fn grid_of(cdt: &Cdt) -> Option<TileGrid> {
    let mut lo = DVec2::splat(f64::INFINITY);
    let mut hi = DVec2::splat(f64::NEG_INFINITY);
    for v in cdt.vertices() {
        let p = dv(v.position());
        lo = lo.min(p);
        hi = hi.max(p);
    }
    (lo.is_finite() && hi.is_finite()).then(|| TileGrid::of(lo, hi, cdt.num_inner_faces()))
}

/// The faces whose centroid lies in tile `t`, found by a walk over the faces whose box meets
/// the tile, from a face holding a point of it (`None` if no point of it could be located).
///
/// A face's corners are read from its memo entry (`faces`, by identity), which holds them
/// after a repair: the entries of the faces the repair changed were reset with their new
/// corners, and every other face is as the last derivation found it (its corners perhaps in
/// a rotated order, see `track`: the same box). An entry without corners (none should be)
/// is read from the triangulation.
fn tile_faces(
    cdt: &Cdt,
    (grid, faces): (&TileGrid, &[FaceMemo]),
    t: usize,
    seen: &mut [u32],
    stamp: u32,
    out: &mut Vec<FixedFaceHandle<InnerTag>>,
    queue: &mut Vec<(FixedFaceHandle<InnerTag>, [DVec2; 3])>,
) -> Option<()> {
    out.clear();
    let (lo, hi) = grid.bounds(t);
    let pad = 1e-9 * (1.0 + lo.abs().max(hi.abs()).max_element());
    let (lo_r, hi_r) = grid.reach_of(t);
    let (lo_p, hi_p) = (lo_r - pad, hi_r + pad);
    let meets = |pts: &[DVec2; 3]| {
        let a = pts[0].min(pts[1]).min(pts[2]);
        let b = pts[0].max(pts[1]).max(pts[2]);
        !((b.cmplt(lo_p)).any() || (a.cmpgt(hi_p)).any())
    };
    let mut start = None;
    // Tiles along the grid's rim may hold centroids beyond it (clamped): walk from their
    // faces too, located at points of the tile.
    for k in 0..9 {
        let p = lo + (hi - lo) * DVec2::new((k % 3) as f64 * 0.5, (k / 3) as f64 * 0.5);
        let p = lo.max(p.min(hi));
        let at = cdt.locate(spade::Point2::new(p.x, p.y));
        start = match at {
            PositionInTriangulation::OnFace(f) => Some(f),
            PositionInTriangulation::OnEdge(e) => {
                let e = cdt.directed_edge(e);
                e.face()
                    .as_inner()
                    .or(e.rev().face().as_inner())
                    .map(|f| f.fix())
            }
            PositionInTriangulation::OnVertex(v) => cdt
                .vertex(v)
                .out_edges()
                .find_map(|e| e.face().as_inner())
                .map(|f| f.fix()),
            _ => None,
        };
        if start.is_some() {
            break;
        }
    }
    let Some(start) = start else {
        // No point of the tile is in the triangulation: look at every face.
        for f in cdt.fixed_inner_faces() {
            let pts = cdt.face(f).positions().map(dv);
            if grid.tile((pts[0] + pts[1] + pts[2]) / 3.0) == t {
                out.push(f);
            }
        }
        return Some(());
    };
    let id = |f: FixedFaceHandle<InnerTag>| *cdt.face(f).data() as usize;
    queue.clear();
    queue.push((start, cdt.face(start).positions().map(dv)));
    seen[id(start)] = stamp;
    while let Some((f, pts)) = queue.pop() {
        let face = cdt.face(f);
        if grid.tile((pts[0] + pts[1] + pts[2]) / 3.0) == t {
            out.push(f);
        }
        for e in face.adjacent_edges() {
            if let Some(g) = e.rev().face().as_inner() {
                let gi = *g.data() as usize;
                // Whether a face meets the box is its own property: looked at once.
                if gi < seen.len() && seen[gi] != stamp {
                    seen[gi] = stamp;
                    let q = match faces.get(gi) {
                        Some(m) if !m.pts[0].x.is_nan() => m.pts,
                        _ => g.positions().map(dv),
                    };
                    if meets(&q) {
                        queue.push((g.fix(), q));
                    }
                }
            }
        }
    }
    Some(())
}

/// A directed edge of the triangulation.
type EdgeHandle<'a> =
    spade::handles::DirectedEdgeHandle<'a, spade::Point2<f64>, (), spade::CdtEdge<u32>, u32>;

/// The identities of a face's edges `es` (spade's order: edge `k` runs from corner `k`) and
/// its crossable sides: the identity of each edge that is a node (`cross` not NaN), or
/// `u32::MAX` for the others and for every edge of a face that is not `free`.
fn sides_of(es: &[EdgeHandle<'_>; 3], free: bool, cross: &[f64]) -> ([usize; 3], [u32; 3]) {
    let ids = es.map(|e| *e.as_undirected().data().data() as usize);
    let sides = ids.map(|n| {
        if free && !cross[n].is_nan() {
            n as u32
        } else {
            u32::MAX
        }
    });
    (ids, sides)
}

/// Whether box `bx` meets one of the boxes `dirty`.
fn meets_any(bx: (DVec2, DVec2), dirty: &[(DVec2, DVec2)]) -> bool {
    dirty.iter().any(|&d| !apart(bx, d, 0.0))
}

/// Whether edge `eid`, crossable now when `cross` and then a terminal when `term`, is what
/// the last derivation left in `d`: a node or none, and a terminal or not.
fn same_node(d: &Derived, eid: usize, cross: bool, term: bool) -> bool {
    let was = !d.cross[eid].is_nan();
    was == cross && (!cross || (d.home[eid] == TERM) == term)
}

/// Derives the forests and the roadmap of `cdt` (a triangulation of `world`), updating the
/// last derivation (`memo.base`) where the edits since (their boxes in `dirty`, their new
/// triangles marked by the repair) reached, or from nothing.
pub(super) fn derive(
    world: &MeshWorld,
    cdt: &Cdt,
    memo: &mut Memo,
    dirty: &[(DVec2, DVec2)],
) -> Option<Box<Derived>> {
    let t0 = std::time::Instant::now();
    let mut sc = Scratch::default();
    let n_face_ids = memo.faces.len();
    let n_edge_ids = memo.edges.len();
    let base = if memo.lost { None } else { memo.base.take() };
    // Whether the tiles keep the boxes their entries reached (a derivation from nothing has
    // none yet).
    let tracked = base.is_some();
    let mut d = match base {
        Some(d) => d,
        None => {
            let grid = match memo.grid {
                Some(g) => g,
                None => grid_of(cdt)?,
            };
            let hints_grid = HintGrid {
                origin: world.grid.origin,
                cell: world.grid.cell,
                nx: world.grid.nx,
                ny: world.grid.ny,
            };
            Box::new(Derived {
                free: Vec::new(),
                ftile: Vec::new(),
                sides: Vec::new(),
                cross: Vec::new(),
                across: Vec::new(),
                mid: Vec::new(),
                node_clear: Vec::new(),
                home: Vec::new(),
                local: Vec::new(),
                tiles: vec![Tile::default(); grid.len()],
                marked: vec![true; grid.len()],
                grid,
                global: [GlobalForest::default(), GlobalForest::default()],
                glinks: [Vec::new(), Vec::new()],
                stamp: 0,
                seen: Vec::new(),
                near: 4.0 * world.grid.cell,
                margin: 10.0 * world.eps(),
                deriving: std::time::Duration::ZERO,
                sound: true,
                hints: hints_of(cdt, hints_grid),
                hints_grid,
                walked: 0,
                threads: 1,
                vex: Vec::new(),
            })
        }
    };
    memo.lost = false;
    d.walked = 0;
    d.threads = 1;
    d.free.resize(n_face_ids, false);
    d.ftile.resize(n_face_ids, 0);
    d.sides.resize(n_face_ids, [u32::MAX; 3]);
    d.seen.resize(n_face_ids.max(n_edge_ids), 0);
    d.cross.resize(n_edge_ids, f64::NAN);
    d.across.resize(n_edge_ids, [0; 2]);
    d.mid.resize(n_edge_ids, DVec2::ZERO);
    d.node_clear.resize(n_edge_ids, 0.0);
    d.home.resize(n_edge_ids, TERM);
    d.local.resize(n_edge_ids, 0);
    // The tiles to walk: marked by the repairs, and those whose reach meets an edit.
    let grid = d.grid;
    for (t, tile) in d.tiles.iter().enumerate() {
        if d.marked[t] {
            continue;
        }
        // A tile the repairs did not change is walked when the reach of one of its faces
        // meets an edit (a crossable edge's reach lies in both its faces').
        if meets_any(tile.reach, dirty)
            && tile.faces.iter().any(|&f| {
                let m = &memo.faces[f as usize];
                face_reaches(&m.pts, m.reach, dirty)
            })
        {
            d.marked[t] = true;
        }
    }
    let mut work: Vec<usize> = (0..grid.len()).filter(|&t| d.marked[t]).collect();
    let mut faces_of: Vec<Vec<FixedFaceHandle<InnerTag>>> = Vec::new();
    let mut queue = Vec::new();
    // Phase A: the faces of each tile to walk, their freedom, their edges' entries; a face
    // whose entry was computed again may have changed its freedom, so its neighbours' tiles
    // are walked too (their links may change).
    let mut all: Option<Vec<Vec<FixedFaceHandle<InnerTag>>>> = None;
    // The lists numbering found, if the triangulation is as it was then and the tiles are
    // those it numbered by (a derivation from nothing uses `memo.grid`).
    let numbered = memo.lists.take().filter(|l| {
        !tracked
            && l.len() == grid.len()
            && l.iter().map(Vec::len).sum::<usize>() == cdt.num_inner_faces()
    });
    if work.len() == grid.len() {
        // Every tile: one pass over the faces (or none, when numbering made the lists).
        all = Some(numbered.unwrap_or_else(|| {
            let mut lists = vec![Vec::new(); grid.len()];
            for f in cdt.fixed_inner_faces() {
                let pts = cdt.face(f).positions().map(dv);
                lists[grid.tile((pts[0] + pts[1] + pts[2]) / 3.0)].push(f);
            }
            lists
        }));
    }
    // Each edge's entry is checked once (an edge lies in two faces).
    d.stamp = d.stamp.wrapping_add(1).max(1);
    let edge_stamp = d.stamp;
    let mut i = 0;
    while i < work.len() {
        let t = work[i];
        i += 1;
        d.stamp = d.stamp.wrapping_add(1).max(1);
        let stamp = d.stamp;
        let mut list = std::mem::take(&mut d.tiles[t].handles);
        match all.as_mut() {
            Some(lists) => list = std::mem::take(&mut lists[t]),
            None => {
                let at = (&grid, &memo.faces[..]);
                tile_faces(cdt, at, t, &mut d.seen, stamp, &mut list, &mut queue)?
            }
        }
        d.walked += list.len();
        // Whether an edit meets the box the tile's entries reached (at its last walk, which
        // computed every entry of it that is still known): if none does, no unchanged face of
        // it and none of their edges is reached (an edge's reach lies in its faces'). A
        // derivation from nothing has no such boxes yet.
        let near = !tracked || meets_any(d.tiles[t].reach, dirty);
        for &f in &list {
            let face = cdt.face(f);
            let fid = *face.data() as usize;
            if fid == 0 || fid >= n_face_ids {
                return None;
            }
            let m = &mut memo.faces[fid];
            let pts = face.positions().map(dv);
            // Ordered: an entry holding the corners in a rotated order (spade rotates faces
            // it does not change, see `track`) is reset here, so that phase B reads its
            // per-side values (gaps, roadmap links) in spade's order.
            let kept = m.known && same(&m.pts, &pts);
            if !kept || (near && face_reaches(&pts, m.reach, dirty)) {
                let [a, b, c] = pts;
                let free = world.count_containing((a + b + c) / 3.0, None) == 0;
                // A face whose corners or freedom changed may change its neighbours'
                // crossings, so their tiles are walked too (unless every tile is); one only
                // reached by an edit keeps them (an edge's clearance reached reaches both its
                // faces).
                let moved = !m.known || !same(&m.pts, &pts) || m.free != free;
                *m = FaceMemo::new(pts, free);
                let every = all.is_some();
                for e in face
                    .adjacent_edges()
                    .into_iter()
                    .filter(|_| moved && !every)
                {
                    if let Some(g) = e.rev().face().as_inner() {
                        let q = g.positions().map(dv);
                        let gt = grid.tile((q[0] + q[1] + q[2]) / 3.0);
                        if d.marked[gt] {
                            continue;
                        }
                        // A neighbour in a tile not walked is unchanged, and so is its side
                        // of the edge: its tile stands if the edge is the same node to it
                        // (or none) as when it was built.
                        let eid = *e.as_undirected().data().data() as usize;
                        let gid = *g.data() as usize;
                        let stays = eid < n_edge_ids
                            && gid < n_face_ids
                            && memo.edges[eid].known
                            && same_node(&d, eid, free && d.free[gid], t != gt);
                        if !stays {
                            d.marked[gt] = true;
                            work.push(gt);
                        }
                    }
                }
            }
            d.free[fid] = m.free;
            d.ftile[fid] = t as u32;
            for e in face.adjacent_edges() {
                let e = e.as_undirected();
                let eid = *e.data().data() as usize;
                if eid == 0 || eid >= n_edge_ids {
                    return None;
                }
                if d.seen[eid] == edge_stamp {
                    continue;
                }
                d.seen[eid] = edge_stamp;
                let em = &mut memo.edges[eid];
                let pq = e.positions().map(dv);
                // Its weight depends on its ends, its midpoint clearance on the obstacles
                // nearer than that clearance (NaN for an edge not crossable).
                if !em.known
                    || !same(&em.pts, &pq)
                    || ((near || !kept) && edge_reaches(&pq, em.clear, dirty))
                {
                    *em = EdgeMemo::new(pq);
                }
            }
        }
        faces_of.push(list);
    }
    d.stamp = d.stamp.wrapping_add(1).max(1);
    let vstamp = d.stamp;
    d.vex.resize(cdt.num_vertices(), (0, false));
    // Phase B: the nodes of the walked tiles (crossings, midpoints, clearances), then each
    // tile's links and forests.
    d.stamp = d.stamp.wrapping_add(1).max(1);
    let node_stamp = d.stamp;
    // Whether the clearances are put off to fills that may use threads (a derivation that
    // walked few faces, an edit's, computes them where it meets them, as it always did).
    let wide = par::workers(d.walked, world.connected_threads) > 1;
    if wide && all.is_some() {
        // Every tile is walked: every vertex's exactness first, each a function of its
        // position alone (on several threads), for the crossings' weights and the gaps.
        let verts: Vec<FixedVertexHandle> = cdt.fixed_vertices().collect();
        let threads = par::workers(verts.len(), world.connected_threads);
        let exact = par::map_with(&verts, threads, Scratch::default, |sc, &v| {
            is_original(world, sc, dv(cdt.vertex(v).position()))
        });
        for (&v, x) in verts.iter().zip(exact) {
            d.vex[v.index()] = (vstamp, x);
        }
        d.threads = d.threads.max(threads);
    }
    // The crossable edges whose midpoint clearance is not known, for the fill.
    let mut unmeasured: Vec<u32> = Vec::new();
    for list in &faces_of {
        for &f in list {
            for e in cdt.face(f).adjacent_edges() {
                let u = e.as_undirected();
                let eid = *u.data().data() as usize;
                if d.seen[eid] == node_stamp {
                    continue;
                }
                d.seen[eid] = node_stamp;
                // An edge that is not crossable keeps nothing: the faces beside it do not
                // reach as far as its clearance, which edits could leave stale.
                let crossable = match (e.face().as_inner(), e.rev().face().as_inner()) {
                    (Some(f0), Some(f1)) => {
                        let (i0, i1) = (*f0.data() as usize, *f1.data() as usize);
                        (d.free[i0] && d.free[i1]).then_some((i0, i1))
                    }
                    _ => None,
                };
                let Some((i0, i1)) = crossable else {
                    d.cross[eid] = f64::NAN;
                    let em = &mut memo.edges[eid];
                    em.weight = f64::NAN;
                    em.clear = f64::NAN;
                    continue;
                };
                d.across[eid] = [i0 as u32, i1 as u32];
                let em = &mut memo.edges[eid];
                // Its ends, as phase A left them in its entry.
                let [p, q] = em.pts;
                let len = p.distance(q);
                if em.weight.is_nan() {
                    let exact = [u.vertices()[0].fix(), u.vertices()[1].fix()]
                        .into_iter()
                        .all(|v| exact_at(world, &mut sc, &mut d.vex, vstamp, v, cdt));
                    em.weight = if exact {
                        len / (1.0 + 1e-12)
                    } else {
                        len + 1e-7 * world.scale
                    };
                }
                d.cross[eid] = em.weight;
                let m = 0.5 * (p + q);
                d.mid[eid] = m;
                if em.clear.is_nan() {
                    if wide {
                        unmeasured.push(eid as u32);
                    } else {
                        em.clear = clearance(world, m, m, 0.5 * len);
                    }
                }
                // Still NaN if put off: set by the fill.
                d.node_clear[eid] = em.clear;
            }
        }
    }
    // The midpoint clearances not known yet, each a function of its edge's ends alone (on
    // several threads when there are many, see `par`).
    let threads = par::workers(unmeasured.len(), world.connected_threads);
    d.threads = d.threads.max(threads);
    let clears = par::map(&unmeasured, threads, |&eid| {
        let [p, q] = memo.edges[eid as usize].pts;
        let m = 0.5 * (p + q);
        clearance(world, m, m, 0.5 * p.distance(q))
    });
    for (&eid, c) in unmeasured.iter().zip(clears) {
        memo.edges[eid as usize].clear = c;
        d.node_clear[eid as usize] = c;
    }
    // The roadmap links of the free faces with links not known yet, each a function of its
    // face's entry and its edges' midpoints and clearances (on several threads when there
    // are many): the tiles' walks below find them known (or compute them, if not `wide`).
    let mut unlinked: Vec<(u32, [u32; 3])> = Vec::new();
    for list in faces_of.iter().filter(|_| wide) {
        for &f in list {
            let face = cdt.face(f);
            let fi = *face.data() as usize;
            if !d.free[fi] {
                continue;
            }
            let (_, sides) = sides_of(&face.adjacent_edges(), true, &d.cross);
            let roads = &memo.faces[fi].roads;
            if (0..3).any(|k| {
                sides[k] != u32::MAX && sides[(k + 1) % 3] != u32::MAX && roads[k].is_nan()
            }) {
                unlinked.push((fi as u32, sides));
            }
        }
    }
    let threads = par::workers(unlinked.len(), world.connected_threads);
    d.threads = d.threads.max(threads);
    let nodes = (&d.mid[..], &d.node_clear[..]);
    let linked = par::map(&unlinked, threads, |&(fi, sides)| {
        let mut entry = memo.faces[fi as usize];
        road_links(world, &mut entry, sides, nodes, &mut Vec::new());
        (entry.roads, entry.reach)
    });
    for (&(fi, _), (roads, reach)) in unlinked.iter().zip(linked) {
        let entry = &mut memo.faces[fi as usize];
        entry.roads = roads;
        entry.reach = reach;
    }
    // `chains_sound`'s full pass (when the memo knows no broken edge) walks each loop apart
    // from the others and reads only the triangulation: on other threads (when there are
    // many edges) while this one walks the tiles, which do not change it.
    let hints = std::mem::take(&mut d.hints);
    let hints_grid = d.hints_grid;
    // A vertex of the hints' bucket of a point (one beyond the triangulation, left by
    // removals, is not used).
    let near = |p: DVec2| {
        let v = *hints.get(hints_grid.bucket(p))?;
        ((v as usize) < cdt.num_vertices()).then(|| FixedVertexHandle::from_index(v as usize))
    };
    let full_pass = memo.broken.is_none();
    let loops = if full_pass {
        chain_loops(world)
    } else {
        Vec::new()
    };
    let threads = par::workers(
        loops.iter().map(|lp| lp.points.len()).sum(),
        world.connected_threads,
    );
    let tol = world.eps();
    let walk_tiles = || {
        let cap = n_edge_ids;
        // Whether a walked tile changed its terminals or their links (if none did, the global
        // forests stand).
        let mut global_changed = [work.len() == grid.len(); 2];
        let mut links: Vec<(f64, u32, u32)> = Vec::new();
        let mut roads: Vec<(f64, u32, u32)> = Vec::new();
        let mut is_term: Vec<bool> = Vec::new();
        let mut terms: Vec<u32> = Vec::new();
        let mut scratch = (Vec::new(), Vec::new());
        let mut spare_nodes: Vec<u32> = Vec::new();
        for (k, list) in faces_of.iter_mut().enumerate() {
            let t = work[k];
            d.stamp = d.stamp.wrapping_add(1).max(1);
            let tstamp = d.stamp;
            links.clear();
            roads.clear();
            let mut nodes = std::mem::take(&mut spare_nodes);
            nodes.clear();
            let mut ra = DVec2::splat(f64::INFINITY);
            let mut rb = DVec2::splat(f64::NEG_INFINITY);
            for &f in list.iter() {
                let face = cdt.face(f);
                let fi = *face.data() as usize;
                let es = face.adjacent_edges();
                let (ids, sides) = sides_of(&es, d.free[fi], &d.cross);
                for &n in sides.iter().filter(|&&n| n != u32::MAX) {
                    let n = n as usize;
                    if d.seen[n] != tstamp {
                        d.seen[n] = tstamp;
                        d.local[n] = nodes.len() as u32;
                        nodes.push(n as u32);
                    }
                }
                d.sides[fi] = sides;
                let entry = &mut memo.faces[fi];
                if d.free[fi] {
                    for k in 0..3 {
                        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
                        if sides[i] == u32::MAX || sides[j] == u32::MAX {
                            continue;
                        }
                        let mut w = d.cross[ids[i]].min(d.cross[ids[j]]);
                        let wall = es[k];
                        if sides[k] == u32::MAX && wall.as_undirected().is_constraint_edge() {
                            let gap = &mut entry.gaps[k];
                            if gap.is_nan() {
                                let p = es[i].to();
                                let [q, s] = wall.vertices();
                                let dd = dist_point_segment(
                                    dv(p.position()),
                                    dv(q.position()),
                                    dv(s.position()),
                                );
                                let exact = [p, q, s].into_iter().all(|v| {
                                    exact_at(world, &mut sc, &mut d.vex, vstamp, v.fix(), cdt)
                                });
                                *gap = if exact {
                                    dd / (1.0 + 1e-12)
                                } else {
                                    dd + 1e-7 * world.scale
                                };
                            }
                            w = w.min(*gap);
                        }
                        links.push((w, d.local[ids[i]], d.local[ids[j]]));
                    }
                    let before = roads.len();
                    road_links(world, entry, sides, (&d.mid, &d.node_clear), &mut roads);
                    for l in &mut roads[before..] {
                        l.1 = d.local[l.1 as usize];
                        l.2 = d.local[l.2 as usize];
                    }
                    // Its links are capped by its crossable edges' clearances: it reaches as far.
                    for &n in sides.iter().filter(|&&n| n != u32::MAX) {
                        entry.reach = entry.reach.max(d.node_clear[n as usize]);
                    }
                }
                let (a, b) = bounds(&entry.pts);
                // `face_reaches`' box, so that the tile's box holds its faces'.
                let grow = entry.reach + reach_tol((a, b));
                ra = ra.min(a - grow);
                rb = rb.max(b + grow);
            }
            is_term.clear();
            is_term.extend(nodes.iter().map(|&n| {
                let [f0, f1] = d.across[n as usize];
                d.ftile[f0 as usize] != d.ftile[f1 as usize]
            }));
            terms.clear();
            for (li, &n) in nodes.iter().enumerate() {
                if is_term[li] {
                    d.home[n as usize] = TERM;
                    terms.push(n);
                } else {
                    d.home[n as usize] = t as u32;
                }
            }
            let tile = &mut d.tiles[t];
            // A tile's terminals are kept sorted, so that they compare as sets.
            terms.sort_unstable();
            let same_terms = terms == tile.terms;
            if !same_terms {
                global_changed = [true; 2];
            }
            // The same nodes, terminals and links, bit for bit, give the same forest: kept.
            let same_bits = |x: &[(f64, u32, u32)], y: &[(f64, u32, u32)]| {
                x.len() == y.len()
                    && x.iter()
                        .zip(y)
                        .all(|(p, q)| p.0.to_bits() == q.0.to_bits() && p.1 == q.1 && p.2 == q.2)
            };
            let same_nodes = nodes == tile.nodes && is_term == tile.flags;
            let keep = [
                same_nodes && same_bits(&links, &tile.raw[0]),
                same_nodes && same_bits(&roads, &tile.raw[1]),
            ];
            // The old terminal links, in a canonical order, when they may tell a change.
            let old = [0, 1]
                .map(|w| (!global_changed[w] && !keep[w]).then(|| canonical(&tile.tlinks[w])));
            for (w, l) in [&mut links, &mut roads].into_iter().enumerate() {
                if keep[w] {
                    continue;
                }
                tile.raw[w].clear();
                tile.raw[w].extend_from_slice(l);
                let sc = (&mut scratch.0, &mut scratch.1);
                local_kruskal(
                    l,
                    &nodes,
                    &is_term,
                    &mut tile.tlinks[w],
                    &mut tile.forests[w],
                    sc,
                );
            }
            for (w, old) in old.iter().enumerate() {
                if old
                    .as_ref()
                    .is_some_and(|o| *o != canonical(&tile.tlinks[w]))
                {
                    global_changed[w] = true;
                }
            }
            std::mem::swap(&mut tile.terms, &mut terms);
            tile.faces.clear();
            tile.faces.extend(list.iter().map(|&f| *cdt.face(f).data()));
            spare_nodes = std::mem::replace(&mut tile.nodes, nodes);
            std::mem::swap(&mut tile.flags, &mut is_term);
            tile.reach = (ra, rb);
            tile.handles = std::mem::take(list);
        }
        // The global forests over every tile's terminals.
        // Their links are kept sorted: those of the tiles walked are replaced by a merge.
        let mut terms: Vec<u32> = Vec::new();
        if global_changed.iter().any(|&c| c) {
            for tile in &d.tiles {
                terms.extend_from_slice(&tile.terms);
            }
        }
        let Derived {
            global,
            glinks,
            tiles,
            marked,
            ..
        } = &mut *d;
        for w in 0..2 {
            if !global_changed[w] {
                continue;
            }
            let mut fresh: Vec<(f64, u32, u32, u32)> = work
                .iter()
                .flat_map(|&t| {
                    tiles[t].tlinks[w]
                        .iter()
                        .map(move |l| (l.0, l.1, l.2, t as u32))
                })
                .collect();
            fresh.sort_unstable_by(|x, y| y.0.total_cmp(&x.0));
            let old = std::mem::take(&mut glinks[w]);
            let mut merged = Vec::with_capacity(old.len() + fresh.len());
            let mut kept = old.into_iter().filter(|l| !marked[l.3 as usize]).peekable();
            let mut fresh = fresh.into_iter().peekable();
            loop {
                let next = match (kept.peek(), fresh.peek()) {
                    (Some(a), Some(b)) => {
                        if a.0 >= b.0 {
                            kept.next()
                        } else {
                            fresh.next()
                        }
                    }
                    (Some(_), None) => kept.next(),
                    (None, Some(_)) => fresh.next(),
                    (None, None) => break,
                };
                merged.extend(next);
            }
            glinks[w] = merged;
            global[w].rebuild(cap, &terms, &glinks[w]);
        }
        for m in d.marked.iter_mut() {
            *m = false;
        }
    };
    let (broken, ()) = par::map_meanwhile(
        &loops,
        threads,
        |lp| loop_broken(cdt, tol, lp, &near),
        walk_tiles,
    );
    if loops.len() > 1 && threads > 1 {
        d.threads = d.threads.max(threads);
        // spade remembers the vertex its last point location found, and starts the next
        // one (an edit's) from there: the last loop walked again leaves it where one
        // thread walking the loops in order leaves it.
        if let Some(lp) = loops.last() {
            loop_broken(cdt, tol, lp, &near);
        }
    }
    let full = full_pass.then(|| broken.concat());
    let sound = chains_sound(world, cdt, &mut sc, memo, dirty, &near, full);
    d.hints = hints;
    d.sound = sound;
    // The point location hints stay: a vertex index beyond the triangulation is not used
    // (`place` checks), and one spade moved only makes that bucket's walk longer.
    d.deriving = t0.elapsed();
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roadmap::Forest;
    use nav_testkit::TestRng;

    /// Random graphs cut into tiles: a node's component through its tile's forest and the
    /// global forest over the terminals is the component of one Kruskal over every link, at
    /// every threshold (ties included).
    #[test]
    fn two_levels_partition_as_one_kruskal() {
        for seed in 0..40u64 {
            let mut rng = TestRng::new(500 + seed);
            let n = 10 + rng.below(60) as usize;
            let n_tiles = 1 + rng.below(6) as usize;
            // Each link lies in one tile; a node is in the tiles of its links.
            let links: Vec<(f64, u32, u32, usize)> = (0..rng.below(3 * n as u64) as usize)
                .map(|_| {
                    let w = rng.below(8) as f64; // ties
                    let a = rng.below(n as u64) as u32;
                    let b = rng.below(n as u64) as u32;
                    (w, a, b, rng.below(n_tiles as u64) as usize)
                })
                .filter(|l| l.1 != l.2)
                .collect();
            let one = Forest::build(n, links.iter().map(|l| (l.0, l.1, l.2)).collect());
            let mut tiles_of = vec![Vec::new(); n];
            for l in &links {
                for v in [l.1, l.2] {
                    if !tiles_of[v as usize].contains(&l.3) {
                        tiles_of[v as usize].push(l.3);
                    }
                }
            }
            let mut home = vec![TERM; n];
            let mut local = vec![0u32; n];
            let mut forests = Vec::new();
            let mut nodes_of = Vec::new();
            let mut glinks: Vec<(f64, u32, u32, u32)> = Vec::new();
            let mut terms = Vec::new();
            for t in 0..n_tiles {
                let nodes: Vec<u32> = (0..n as u32)
                    .filter(|&v| tiles_of[v as usize].contains(&t))
                    .collect();
                let is_term: Vec<bool> = nodes
                    .iter()
                    .map(|&v| tiles_of[v as usize].len() > 1)
                    .collect();
                for (i, &v) in nodes.iter().enumerate() {
                    local[v as usize] = i as u32;
                    if is_term[i] {
                        terms.push(v);
                    } else {
                        home[v as usize] = t as u32;
                    }
                }
                let mut ll: Vec<(f64, u32, u32)> = links
                    .iter()
                    .filter(|l| l.3 == t)
                    .map(|l| (l.0, local[l.1 as usize], local[l.2 as usize]))
                    .collect();
                let mut tl = Vec::new();
                let mut forest = LocalForest::default();
                let scratch = (&mut Vec::new(), &mut Vec::new());
                local_kruskal(&mut ll, &nodes, &is_term, &mut tl, &mut forest, scratch);
                forests.push(forest);
                glinks.extend(tl.into_iter().map(|l| (l.0, l.1, l.2, t as u32)));
                nodes_of.push(nodes);
            }
            glinks.sort_unstable_by(|x, y| y.0.total_cmp(&x.0));
            let mut global = GlobalForest::default();
            global.rebuild(n, &terms, &glinks);
            let comp = |e: u32, cut: f64| {
                let h = home[e as usize];
                if h == TERM {
                    return global.component(e, cut);
                }
                let f = &forests[h as usize];
                let mut i = local[e as usize];
                while f.parent[i as usize] != i && f.link[i as usize] > cut {
                    i = f.parent[i as usize];
                }
                let t = f.term[i as usize];
                if t != u32::MAX && f.tw[i as usize] > cut {
                    global.component(t, cut)
                } else {
                    nodes_of[h as usize][i as usize]
                }
            };
            for cut in [-1.0, 0.0, 0.5, 1.0, 2.5, 3.0, 5.0, 7.0, 8.0] {
                for a in 0..n as u32 {
                    if tiles_of[a as usize].is_empty() {
                        continue;
                    }
                    for b in 0..n as u32 {
                        if tiles_of[b as usize].is_empty() {
                            continue;
                        }
                        assert_eq!(
                            comp(a, cut) == comp(b, cut),
                            one.component(a, cut) == one.component(b, cut),
                            "seed {seed}: {a} and {b} at {cut}"
                        );
                    }
                }
            }
        }
    }
}
