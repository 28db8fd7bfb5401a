//! `connected` without a path search where a triangulation proves the answer.
//!
//! A constrained Delaunay triangulation (spade) of every loop vertex, with every loop edge a
//! constraint, is built on the first call and repaired by later edits (see [`repair`]); what is
//! derived from it (the two forests below) is rebuilt on the first call after an edit, from a
//! memo of what each triangle and edge gave where the edit did not reach. Its triangles whose
//! centroid lies in no obstacle (and inside the bounds) are *free*; an edge joining two free
//! triangles is *crossable*.
//!
//! Both ends of every triangle edge lie on the boundary of the blocked set (loop vertices, or
//! points where two loop edges cross), so a disc of radius `r` crossing edge `pq` keeps distance
//! `>= r` from `p` and from `q`: it needs `|pq| >= 2r`, and `|pq| = 2r` is a gap of zero width,
//! closed. A disc passing through a free triangle from its crossable edge `pq` to its crossable
//! edge `ps` crosses the segment from `p` to the nearest point of the opposite side `qs`, so when
//! `qs` is a wall (a loop edge) it also needs `dist(p, qs) > 2r`. The nodes of a union-find
//! forest are the crossable edges; inside each free triangle, two crossable edges are linked
//! with the smallest of those widths. The forest is built by decreasing weight (union by rank,
//! no path compression): following a node's parents while the links are wider than a
//! threshold finds the representative of its component at that threshold, in `O(log n)`. A
//! path of the disc between two triangles leaves the first through a crossable edge wider than
//! `2r`, enters the last through one, and in between only takes links wider than `2r`: when no
//! such pair of edges shares a component, there is no path.
//!
//! This width forest only ever answers "not connected"; "connected" comes from the roadmap's
//! forest over the same nodes (see [`crate::roadmap`]). A crossing between two loop vertices
//! (exact points of the obstacles) is closed when `|pq| <= 2r (1 + 1e-12)`, a vertex-to-wall gap
//! when `dist <= 2r - 1e-13 × scale`: the disc would touch both sides at once, a gap of zero
//! width, which the path search closes as well (its tolerance is wider). A width involving a
//! point where spade split two crossing edges (a rounded point) is closed only when it is
//! narrower than `2r - 1e-7 × scale`, well beyond that rounding.
//! Everything else, and every case the triangulation cannot place (a point on a triangulation
//! vertex, a triangle whose classification disagrees with `fits`), falls back to the exact path
//! search. Misclassifying a blocked triangle as free can only link more, so it never makes a
//! wrong "not connected".

mod repair;

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use glam::DVec2;
use spade::{
    ConstrainedDelaunayTriangulation, LastUsedVertexHintGenerator, Point2, PositionInTriangulation,
    Triangulation, handles::FixedVertexHandle,
};

use crate::geometry::dist_point_segment;
use crate::roadmap::{Forest, clearance, incentre, nearest_of};
use crate::sight::{Scratch, segment_block};
use crate::world::{MeshWorld, Owner};

pub(crate) use repair::{Change, edited};

type Cdt = ConstrainedDelaunayTriangulation<Point2<f64>, (), (), (), LastUsedVertexHintGenerator>;

/// The triangulation of a world, kept across edits (repaired locally), and what is derived
/// from it (rebuilt on first use after an edit).
pub(crate) struct Connectivity {
    cdt: Cdt,
    derived: OnceLock<Option<Box<Derived>>>,
    /// What the last derivation found, for the next one.
    memo: Mutex<Memo>,
    /// The boxes of the obstacles edited since `memo` was filled.
    dirty: Vec<(DVec2, DVec2)>,
    /// How long the last triangulation (a build, or the repairs since it) took.
    pub(crate) triangulating: Duration,
    /// Whether the triangulation was repaired since its last full build.
    pub(crate) repaired: bool,
}

/// What deriving found about each triangle and edge, kept across edits: it depends only on
/// their own geometry and the obstacle edges near them, so an edit forgets only the entries
/// whose reach (their box grown by twice its diagonal) meets the edited obstacle's box.
#[derive(Clone, Default)]
pub(crate) struct Memo {
    /// Per triangle (its vertices' bits, sorted): whether it is free, and the roadmap link
    /// weight of its two edges at each vertex (in key order; NaN: not computed yet).
    tris: HashMap<[u64; 6], (bool, [f64; 3]), KeyHash>,
    /// Per edge (its ends' bits, sorted): its midpoint's clearance.
    edges: HashMap<[u64; 4], f64, KeyHash>,
}

/// A fast hash of the memo's keys (coordinates' bits, chosen by no adversary: a collision only
/// costs time).
type KeyHash = std::hash::BuildHasherDefault<KeyHasher>;

#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // splitmix64's finaliser: coordinates' low bits are mostly zero.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(23);
    }
}

fn key_points<const N: usize, const M: usize>(pts: [DVec2; N]) -> ([u64; M], [DVec2; N]) {
    let mut pts = pts;
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let mut key = [0u64; M];
    for (k, p) in pts.iter().enumerate() {
        key[2 * k] = p.x.to_bits();
        key[2 * k + 1] = p.y.to_bits();
    }
    (key, pts)
}

/// Whether the entry with key `key` (points' bits) may depend on what lies in `[lo, hi]`.
fn reaches(key: &[u64], lo: DVec2, hi: DVec2) -> bool {
    let mut a = DVec2::splat(f64::INFINITY);
    let mut b = DVec2::splat(f64::NEG_INFINITY);
    for p in key.chunks(2) {
        let p = DVec2::new(f64::from_bits(p[0]), f64::from_bits(p[1]));
        a = a.min(p);
        b = b.max(p);
    }
    let grow = 2.0 * (b - a).length() + 1e-6 * (1.0 + b.abs().max_element());
    !((b + grow).cmplt(lo).any() || (a - grow).cmpgt(hi).any())
}

impl Memo {
    /// Forgets what an edit inside `[lo, hi]` may have changed.
    fn forget(&mut self, lo: DVec2, hi: DVec2) {
        self.tris.retain(|k, _| !reaches(k, lo, hi));
        self.edges.retain(|k, _| !reaches(k, lo, hi));
    }
}

/// The triangulation with its derived data, ready for queries.
#[derive(Clone, Copy)]
pub(crate) struct Ready<'a> {
    cdt: &'a Cdt,
    d: &'a Derived,
}

impl std::ops::Deref for Ready<'_> {
    type Target = Derived;
    fn deref(&self) -> &Derived {
        self.d
    }
}

/// The two forests and the roadmap of a triangulation.
#[derive(Clone)]
pub(crate) struct Derived {
    /// Per face index (0 is spade's outer face): whether the triangle is free.
    free: Vec<bool>,
    /// Per face index: its edges that join two free triangles (`u32::MAX` for the others).
    sides: Vec<[u32; 3]>,
    /// Per undirected edge: the weight of crossing it (NaN if it does not join two free
    /// triangles).
    cross: Vec<f64>,
    /// Union-find forest over the edges, by decreasing link weight (see the module
    /// documentation): a link is open for a radius `r` when it is more than `2r`.
    widths: Forest,
    /// Per crossable edge: its two (free) triangles.
    across: Vec<[u32; 2]>,
    /// Per undirected edge: its midpoint, a node of the roadmap (see [`crate::roadmap`]).
    mid: Vec<DVec2>,
    /// Per undirected edge: a lower bound of its midpoint's clearance.
    node_clear: Vec<f64>,
    /// The roadmap's forest over the same nodes, by decreasing clearance: a link is open for
    /// a radius `r` when it is more than `r + margin`.
    roads: Forest,
    /// Ends nearer than this (four buckets of the edge grid) try the segment between them.
    near: f64,
    /// The margin of the roadmap's clearances (ten times the sight tests' tolerance).
    margin: f64,
    /// How long deriving took.
    pub(crate) deriving: Duration,
    /// Whether every boundary edge is a chain of constraint edges. spade sometimes leaves one
    /// broken where it splits crossing edges whose crossing rounds off both lines; the widths
    /// then prove nothing (a triangle may straddle that wall), and only the roadmap answers.
    sound: bool,
    /// Per bucket of `hints_grid`: a vertex in it or before it in its row (`u32::MAX` for
    /// none), where point location starts walking.
    hints: Vec<u32>,
    hints_grid: HintGrid,
}

/// The world's edge grid's layout, for the point location hints.
#[derive(Clone, Copy, Debug)]
struct HintGrid {
    origin: DVec2,
    cell: f64,
    nx: i64,
    ny: i64,
}

impl HintGrid {
    fn bucket(&self, p: DVec2) -> usize {
        let c = ((p - self.origin) / self.cell).floor();
        let x = (c.x as i64).clamp(0, self.nx - 1);
        let y = (c.y as i64).clamp(0, self.ny - 1);
        (y * self.nx + x) as usize
    }
}

/// Per bucket, a vertex of `cdt` to start point location from.
fn hints_of(cdt: &Cdt, grid: HintGrid) -> Vec<u32> {
    let mut hints = vec![u32::MAX; (grid.nx * grid.ny) as usize];
    for v in cdt.vertices() {
        hints[grid.bucket(dv(v.position()))] = v.fix().index() as u32;
    }
    // Empty buckets take the last vertex before them (row-major).
    let mut last = u32::MAX;
    for h in hints.iter_mut() {
        if *h == u32::MAX {
            *h = last;
        } else {
            last = *h;
        }
    }
    hints
}

fn dv(p: Point2<f64>) -> DVec2 {
    DVec2::new(p.x, p.y)
}

impl Clone for Connectivity {
    fn clone(&self) -> Self {
        Connectivity {
            cdt: self.cdt.clone(),
            derived: self.derived.clone(),
            memo: Mutex::new(self.memo_lock().clone()),
            dirty: self.dirty.clone(),
            triangulating: self.triangulating,
            repaired: self.repaired,
        }
    }
}

impl std::fmt::Debug for Connectivity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connectivity")
            .field("triangles", &self.cdt.num_inner_faces())
            .field("repaired", &self.repaired)
            .finish()
    }
}

/// The roadmap nodes one end of a query has tried (at most its two rings: 3 + 6).
#[derive(Default)]
struct Near {
    tried: [u32; 9],
    n_tried: usize,
    /// Visible nodes and their components.
    nodes: [(u32, u32); 9],
    len: usize,
}

impl Near {
    /// Whether `e` was tried already (if not, it is now).
    fn tried(&mut self, e: u32) -> bool {
        if self.tried[..self.n_tried].contains(&e) || self.n_tried == self.tried.len() {
            return true;
        }
        self.tried[self.n_tried] = e;
        self.n_tried += 1;
        false
    }

    fn push(&mut self, e: u32, c: u32) {
        self.nodes[self.len] = (e, c);
        self.len += 1;
    }
}

/// What a point's triangle says.
pub(crate) enum Place {
    /// In (or on an edge of) this free triangle.
    Free(u32),
    /// Somewhere the triangulation cannot answer for.
    Unknown,
}

impl Connectivity {
    /// Builds the triangulation of `world`, or `None` if spade refuses the input (it then
    /// never answers, and `connected` searches).
    pub(crate) fn build(world: &MeshWorld) -> Option<Self> {
        let t = Instant::now();
        // spade panics on some degenerate inputs (overlapping constraints in a bulk load):
        // a refusal, not a crash.
        let cdt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| triangulate(world)))
            .ok()
            .flatten()?;
        Some(Connectivity {
            cdt,
            derived: OnceLock::new(),
            memo: Mutex::new(Memo::default()),
            dirty: Vec::new(),
            triangulating: t.elapsed(),
            repaired: false,
        })
    }

    /// The triangulation with its forests and roadmap, derived now if need be (`None` if
    /// that failed).
    pub(crate) fn ready(&self, world: &MeshWorld) -> Option<Ready<'_>> {
        let d = self.derived.get_or_init(|| {
            let mut memo = self.memo_lock();
            for &(lo, hi) in &self.dirty {
                memo.forget(lo, hi);
            }
            let d = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                Derived::of(world, &self.cdt, &mut memo).map(Box::new)
            }))
            .ok()
            .flatten();
            if d.is_none() {
                *memo = Memo::default();
            }
            d
        });
        d.as_deref().map(|d| Ready { cdt: &self.cdt, d })
    }

    /// Number of triangles of the triangulation.
    pub(crate) fn triangles(&self) -> usize {
        self.cdt.num_inner_faces()
    }

    fn memo_lock(&self) -> std::sync::MutexGuard<'_, Memo> {
        // A derivation that panicked leaves the memo as it was or cleared: still valid.
        self.memo.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Notes an edit of an obstacle with box `[lo, hi]`: the memo forgets what it reaches
    /// before the next derivation.
    fn note_edit(&mut self, lo: DVec2, hi: DVec2) {
        if self.derived.get().is_some() {
            // The memo was refilled since the last edits.
            self.dirty.clear();
        }
        if self.dirty.len() >= 64 {
            // Many edits without a `connected` between them: forgetting everything is cheaper
            // than checking every entry against each of them.
            *self.memo.get_mut().unwrap_or_else(|e| e.into_inner()) = Memo::default();
            self.dirty.clear();
        }
        self.dirty.push((lo, hi));
    }

    /// The triangulation with its derived data if both are built already.
    pub(crate) fn ready_now(&self) -> Option<Ready<'_>> {
        let d = self.derived.get()?.as_deref()?;
        Some(Ready { cdt: &self.cdt, d })
    }
}

/// The constrained Delaunay triangulation of every loop of `world`.
fn triangulate(world: &MeshWorld) -> Option<Cdt> {
    let mut index: HashMap<(u64, u64), usize> = HashMap::new();
    let mut verts: Vec<Point2<f64>> = Vec::new();
    let mut edges: Vec<[usize; 2]> = Vec::new();
    let mut later: Vec<(DVec2, DVec2)> = Vec::new();
    let mut id = |p: DVec2, verts: &mut Vec<Point2<f64>>| {
        *index
            .entry((p.x.to_bits(), p.y.to_bits()))
            .or_insert_with(|| {
                verts.push(Point2::new(p.x, p.y));
                verts.len() - 1
            })
    };
    for lp in world.loops.iter().flatten() {
        // The grid's loops never cross or overlap one another: they are bulk loaded. A
        // grid world's bounds run along its outer loops (outside the map is blocked), so
        // they are left out; obstacles may cross anything and are added one by one.
        let bulk = match lp.owner {
            Owner::Grid => true,
            Owner::Bounds => {
                if world.region.is_some() {
                    continue;
                }
                true
            }
            Owner::Obstacle => false,
        };
        let n = lp.points.len();
        for i in 0..n {
            let (a, b) = (lp.points[i], lp.points[(i + 1) % n]);
            if bulk {
                let (ia, ib) = (id(a, &mut verts), id(b, &mut verts));
                if ia != ib {
                    edges.push([ia, ib]);
                }
            } else {
                later.push((a, b));
            }
        }
    }
    let mut cdt = Cdt::bulk_load_cdt(verts, edges).ok()?;
    for (a, b) in later {
        let ha = cdt.insert(Point2::new(a.x, a.y)).ok()?;
        let hb = cdt.insert(Point2::new(b.x, b.y)).ok()?;
        if ha != hb {
            cdt.add_constraint_and_split(ha, hb, |p| p);
        }
    }
    Some(cdt)
}

impl Derived {
    /// The forests and the roadmap of `cdt`, a triangulation of `world`.
    fn of(world: &MeshWorld, cdt: &Cdt, memo: &mut Memo) -> Option<Self> {
        let t = Instant::now();
        let originals: std::collections::HashSet<(u64, u64)> = world
            .loops
            .iter()
            .flatten()
            .flat_map(|lp| lp.points.iter().map(|p| (p.x.to_bits(), p.y.to_bits())))
            .collect();
        let n_faces = cdt.num_all_faces();
        let mut free = vec![false; n_faces];
        for face in cdt.inner_faces() {
            let (key, _) = key_points::<3, 6>(face.positions().map(dv));
            free[face.fix().index()] = memo
                .tris
                .entry(key)
                .or_insert_with(|| {
                    let [a, b, c] = face.positions().map(dv);
                    let free = world.count_containing((a + b + c) / 3.0, None) == 0;
                    (free, [f64::NAN; 3])
                })
                .0;
        }
        let exact = |p: Point2<f64>| originals.contains(&(p.x.to_bits(), p.y.to_bits()));
        // Per undirected edge: whether it joins two free triangles, and the weight of crossing
        // it (open for radius r iff more than 2r).
        let n_edges = cdt.num_undirected_edges();
        let mut cross = vec![f64::NAN; n_edges];
        let mut across = vec![[0u32; 2]; n_edges];
        for edge in cdt.undirected_edges() {
            let d0 = edge.as_directed();
            let (Some(f0), Some(f1)) = (d0.face().as_inner(), d0.rev().face().as_inner()) else {
                continue;
            };
            if free[f0.fix().index()] && free[f1.fix().index()] {
                across[edge.fix().index()] = [f0.fix().index() as u32, f1.fix().index() as u32];
                let len = edge.length_2().sqrt();
                cross[edge.fix().index()] = if edge.positions().iter().all(|&p| exact(p)) {
                    len / (1.0 + 1e-12)
                } else {
                    len + 1e-7 * world.scale
                };
            }
        }
        // Per free triangle: its crossable edges; and the links between two of them, weighted
        // by the narrowest of the two crossings and the gap between their shared vertex and
        // the wall opposite (see the module documentation).
        let mut sides = vec![[u32::MAX; 3]; n_faces];
        let mut links: Vec<(f64, u32, u32)> = Vec::new();
        for face in cdt.inner_faces() {
            let fi = face.fix().index();
            if !free[fi] {
                continue;
            }
            let es = face.adjacent_edges();
            let ids = es.map(|e| e.as_undirected().fix().index());
            for k in 0..3 {
                if !cross[ids[k]].is_nan() {
                    sides[fi][k] = ids[k] as u32;
                }
            }
            for k in 0..3 {
                // The edges after and before edge k share the vertex opposite edge k.
                let (i, j) = ((k + 1) % 3, (k + 2) % 3);
                if cross[ids[i]].is_nan() || cross[ids[j]].is_nan() {
                    continue;
                }
                let mut w = cross[ids[i]].min(cross[ids[j]]);
                let wall = es[k];
                if cross[ids[k]].is_nan() && cdt.is_constraint_edge(wall.as_undirected().fix()) {
                    let p = es[i].to().position();
                    let [q, t] = wall.positions();
                    let gap = dist_point_segment(
                        DVec2::new(p.x, p.y),
                        DVec2::new(q.x, q.y),
                        DVec2::new(t.x, t.y),
                    );
                    w = w.min(if exact(p) && exact(q) && exact(t) {
                        gap + 1e-13 * world.scale
                    } else {
                        gap + 1e-7 * world.scale
                    });
                }
                links.push((w, ids[i] as u32, ids[j] as u32));
            }
        }
        let widths = Forest::build(n_edges, links);
        let (mid, node_clear, roads) = roadmap_of(world, cdt, &free, &sides, &cross, memo);
        let sound = world.loops.iter().flatten().all(|lp| {
            if lp.owner == Owner::Bounds && world.region.is_some() {
                return true; // not triangulated: the grid's loops run along it
            }
            let n = lp.points.len();
            (0..n).all(|i| {
                let (a, b) = (lp.points[i], lp.points[(i + 1) % n]);
                repair::walk(cdt, world.eps(), a, b, |_, _| {}).is_some()
            })
        });
        let hints_grid = HintGrid {
            origin: world.grid.origin,
            cell: world.grid.cell,
            nx: world.grid.nx,
            ny: world.grid.ny,
        };
        Some(Derived {
            free,
            sides,
            cross,
            widths,
            across,
            mid,
            node_clear,
            roads,
            margin: 10.0 * world.eps(),
            near: 4.0 * world.grid.cell,
            deriving: t.elapsed(),
            sound,
            hints: hints_of(cdt, hints_grid),
            hints_grid,
        })
    }
}

impl Ready<'_> {
    /// Number of triangles of the triangulation.
    pub(crate) fn triangles(&self) -> usize {
        self.cdt.num_inner_faces()
    }

    /// Whether the triangulation leaves open that a disc of radius `r` travels between free
    /// triangles `fa` and `fb` (false: it certainly cannot).
    pub(crate) fn may_connect(&self, fa: u32, fb: u32, r: f64) -> bool {
        if fa == fb || !self.sound {
            return true;
        }
        let cut = 2.0 * r;
        let open = |e: u32| e != u32::MAX && self.cross[e as usize] > cut;
        self.sides[fa as usize].iter().any(|&e| {
            open(e)
                && self.sides[fb as usize].iter().any(|&f| {
                    open(f) && self.widths.component(e, cut) == self.widths.component(f, cut)
                })
        })
    }

    /// Whether the roadmap proves that a disc of radius `r` travels from `a` (in free
    /// triangle `fa`) to `b` (in `fb`); both fit. False means "not proven", not "no".
    ///
    /// Each end is joined to the roadmap by a straight segment that passes the path search's
    /// sight test (touching allowed, zero-width gaps closed) to the midpoint of a crossable
    /// edge of its triangle, or failing that of a triangle next to it. Two such nodes in one
    /// component of the roadmap's forest at `r + margin` are joined by roadmap edges clearer
    /// than that, so the nodes themselves are (a node reached from both ends must be clearer
    /// on its own).
    pub(crate) fn certify(
        &self,
        world: &MeshWorld,
        sc: &mut Scratch,
        (a, fa): (DVec2, u32),
        (b, fb): (DVec2, u32),
        r: f64,
    ) -> bool {
        let cut = r + self.margin;
        let mut seen_a = Near::default();
        let mut seen_b = Near::default();
        for ring in 0..2 {
            // The nodes `a` sees, with their components.
            for e in self.ring(fa, ring) {
                if seen_a.tried(e) {
                    continue;
                }
                if segment_block(world, sc, a, self.mid[e as usize], r, false).is_none() {
                    seen_a.push(e, self.roads.component(e, cut));
                }
            }
            // The nodes `b` sees in one of those components.
            for e in self.ring(fb, ring) {
                if seen_b.tried(e) {
                    continue;
                }
                let c = self.roads.component(e, cut);
                let joins = seen_a.nodes[..seen_a.len]
                    .iter()
                    .any(|&(n, cn)| cn == c && (n != e || self.node_clear[e as usize] > cut));
                if joins && segment_block(world, sc, b, self.mid[e as usize], r, false).is_none() {
                    return true;
                }
            }
        }
        // Ends in one triangle, or near each other: the straight segment between them.
        (fa == fb || a.distance(b) <= self.near)
            && segment_block(world, sc, a, b, r, false).is_none()
    }

    /// The crossable edges of free triangle `f` (ring 0), or those of the triangles across
    /// them (ring 1).
    fn ring(&self, f: u32, ring: usize) -> impl Iterator<Item = u32> + '_ {
        let own = self.sides[f as usize]
            .into_iter()
            .filter(|&e| e != u32::MAX);
        let (first, second) = if ring == 0 {
            (Some(own), None)
        } else {
            let next = own.flat_map(move |e| {
                let [f0, f1] = self.across[e as usize];
                let g = if f0 == f { f1 } else { f0 };
                self.sides[g as usize]
                    .into_iter()
                    .filter(move |&x| x != u32::MAX && x != e)
            });
            (None, Some(next))
        };
        first
            .into_iter()
            .flatten()
            .chain(second.into_iter().flatten())
    }

    /// The free triangle holding `p` (a finite point).
    pub(crate) fn place(&self, p: DVec2) -> Place {
        let free = |f: usize| {
            if self.free[f] {
                Place::Free(f as u32)
            } else {
                Place::Unknown
            }
        };
        let pos = Point2::new(p.x, p.y);
        let at = match self.hints.get(self.hints_grid.bucket(p)) {
            Some(&v) if v != u32::MAX => self
                .cdt
                .locate_with_hint(pos, FixedVertexHandle::from_index(v as usize)),
            _ => self.cdt.locate(pos),
        };
        match at {
            PositionInTriangulation::OnFace(f) => free(f.index()),
            PositionInTriangulation::OnEdge(e) => {
                let e = self.cdt.directed_edge(e);
                for face in [e.face(), e.rev().face()] {
                    if let Some(f) = face.as_inner()
                        && self.free[f.fix().index()]
                    {
                        return Place::Free(f.fix().index() as u32);
                    }
                }
                Place::Unknown
            }
            _ => Place::Unknown,
        }
    }

    /// The free triangles, counter-clockwise.
    pub(crate) fn free_triangles(&self) -> Vec<[DVec2; 3]> {
        self.cdt
            .inner_faces()
            .filter(|f| self.free[f.fix().index()])
            .map(|f| {
                let [a, b, c] = f.positions().map(|p| DVec2::new(p.x, p.y));
                if crate::geometry::cross(b - a, c - a) >= 0.0 {
                    [a, b, c]
                } else {
                    [a, c, b]
                }
            })
            .collect()
    }
}

/// The roadmap of a triangulation (see [`crate::roadmap`]): per undirected edge its midpoint
/// and that point's clearance, and the forest of the roadmap's edges by clearance.
fn roadmap_of(
    world: &MeshWorld,
    cdt: &Cdt,
    free: &[bool],
    sides: &[[u32; 3]],
    cross: &[f64],
    memo: &mut Memo,
) -> (Vec<DVec2>, Vec<f64>, Forest) {
    let n_edges = cross.len();
    let mut sc = Scratch::default();
    let mut mid = vec![DVec2::ZERO; n_edges];
    let mut node_clear = vec![0.0; n_edges];
    for edge in cdt.undirected_edges() {
        let i = edge.fix().index();
        if !cross[i].is_nan() {
            let [p, q] = edge.positions().map(|p| DVec2::new(p.x, p.y));
            let m = 0.5 * (p + q);
            mid[i] = m;
            let (key, _) = key_points::<2, 4>([p, q]);
            node_clear[i] = *memo
                .edges
                .entry(key)
                .or_insert_with(|| clearance(world, &mut sc, m, m, 0.5 * p.distance(q)));
        }
    }
    let mut links: Vec<(f64, u32, u32)> = Vec::new();
    for face in cdt.inner_faces() {
        let fi = face.fix().index();
        if !free[fi] {
            continue;
        }
        let s = sides[fi];
        if s.iter().filter(|&&e| e != u32::MAX).count() < 2 {
            continue;
        }
        let verts = face.positions().map(|p| DVec2::new(p.x, p.y));
        let (key, sorted) = key_points::<3, 6>(verts);
        let Some(entry) = memo.tris.get_mut(&key) else {
            continue;
        };
        // Per crossable edge, its hub: the point half way from its midpoint to the opposite
        // vertex's line, along the edge's inward normal (the way a disc leaves a narrow mouth).
        let mut hub = [DVec2::ZERO; 3];
        let es = face.adjacent_edges();
        for k in 0..3 {
            if s[k] != u32::MAX {
                let [p, q] = es[k].positions().map(|p| DVec2::new(p.x, p.y));
                let o = verts
                    .iter()
                    .copied()
                    .find(|&v| v != p && v != q)
                    .unwrap_or(p);
                let n = crate::geometry::left(q - p).normalize_or_zero();
                let m = mid[s[k] as usize];
                hub[k] = m + n * (0.5 * (o - m).dot(n));
            }
        }
        let centres = [
            incentre(verts[0], verts[1], verts[2]),
            (verts[0] + verts[1] + verts[2]) / 3.0,
        ];
        let mut clear =
            |p: DVec2, q: DVec2| clearance(world, &mut sc, p, q, nearest_of(p, q, &verts));
        for k in 0..3 {
            let (i, j) = (k, (k + 1) % 3);
            if s[i] == u32::MAX || s[j] == u32::MAX {
                continue;
            }
            // The two edges' shared vertex, where the memo keeps their link.
            let shared = dv(es[i].to().position());
            let at = sorted.iter().position(|&v| v == shared).unwrap_or(0);
            if !entry.1[at].is_nan() {
                if entry.1[at] > 0.0 {
                    links.push((entry.1[at], s[i], s[j]));
                }
                continue;
            }
            let (mi, mj) = (mid[s[i] as usize], mid[s[j] as usize]);
            // No path through the two nodes is clearer than they are: stop there.
            let cap = node_clear[s[i] as usize].min(node_clear[s[j] as usize]);
            let mut w = clear(mi, mj);
            let vias: [&[DVec2]; 5] = [
                &[hub[i]],
                &[hub[j]],
                &[hub[i], hub[j]],
                &centres[..1],
                &centres[1..],
            ];
            for via in vias {
                if w >= cap {
                    break;
                }
                let mut at = mi;
                let mut v = f64::INFINITY;
                for &x in via.iter().chain(std::iter::once(&mj)) {
                    if v <= w {
                        break;
                    }
                    v = v.min(clear(at, x));
                    at = x;
                }
                w = w.max(v);
            }
            entry.1[at] = w;
            if w > 0.0 {
                links.push((w, s[i], s[j]));
            }
        }
    }
    (mid, node_clear, Forest::build(n_edges, links))
}
