//! `connected` without a path search where a triangulation proves the answer.
//!
//! A constrained Delaunay triangulation (spade) of every loop vertex, with every loop edge a
//! constraint, is built on the first call and repaired by later edits (see [`repair`]); what is
//! derived from it (the two forests below) is updated on the first call after an edit, tile by
//! tile where the edit reached (see [`derive`](mod@derive)), from a memo of what each triangle and edge
//! gave. Its triangles whose
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
//! no path compression, in two levels: see [`derive`](mod@derive)): following a node's parents while the
//! links are wider than a threshold finds the representative of its component at that
//! threshold, in `O(log n)`. A
//! path of the disc between two triangles leaves the first through a crossable edge wider than
//! `2r`, enters the last through one, and in between only takes links wider than `2r`: when no
//! such pair of edges shares a component, there is no path.
//!
//! This width forest only ever answers "not connected"; "connected" comes from the roadmap's
//! forest over the same nodes (see [`crate::roadmap`]). A crossing between two loop vertices
//! (exact points of the obstacles) is closed when `|pq| <= 2r (1 + 1e-12)`, and so is a
//! vertex-to-wall gap between loop vertices when `dist <= 2r (1 + 1e-12)` (before: only below
//! `2r - 1e-13 × scale`, which left every gap of exactly `2r` to the search): the disc would
//! touch both sides at once, a gap of zero width, which the path search closes as well (it
//! takes distances within `min(1e-9 × scale, r / 4)` of `r` for touches). A width involving a
//! point where spade split two crossing edges (a rounded point) is closed only when it is
//! narrower than `2r - 1e-7 × scale`, well beyond that rounding.
//! Everything else, and every case the triangulation cannot place (a point on a triangulation
//! vertex, a triangle whose classification disagrees with `fits`), falls back to the exact path
//! search. Misclassifying a blocked triangle as free can only link more, so it never makes a
//! wrong "not connected".

mod derive;
mod par;
mod repair;
mod track;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use glam::DVec2;
use spade::{
    ConstrainedDelaunayTriangulation, LastUsedVertexHintGenerator, Point2, PositionInTriangulation,
    Triangulation,
    handles::{FixedFaceHandle, FixedVertexHandle},
};

use crate::roadmap::{clearance, incentre, nearest_of};
use crate::sight::{Scratch, segment_block};
use crate::world::{MeshWorld, Owner};

pub(crate) use repair::{Change, edited};

/// The triangulation; each face and each undirected edge carries its identity (0: new), which
/// survives spade's swap-removals (see [`derive`](mod@derive)).
type Cdt = ConstrainedDelaunayTriangulation<Point2<f64>, (), u32, u32, LastUsedVertexHintGenerator>;

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

/// What deriving found about each triangle and edge, kept across edits by identity (spade's
/// face and edge data): an entry depends only on its own geometry and the obstacle edges near
/// it, so it is used again when its geometry is the same and its reach (its box grown by as
/// far as its clearances looked) meets no obstacle edited since.
///
/// The reach holds everything an entry depends on: whether a face is free depends on the
/// loops holding its centroid (inside its box); an end's exactness on the loops through it;
/// a clearance `c = min(upper, distances)` (see [`clearance`]) on the obstacle edges and
/// circles nearer than `c` to the measured segment only: an obstacle added farther away
/// leaves the minimum, and one removed farther away did not make it. So an edge's midpoint
/// clearance reaches as far as its value, and a face's links as far as the largest clearance
/// they computed and the midpoint clearances of its crossable edges, which cap them (recorded
/// in [`FaceMemo::reach`]).
#[derive(Clone, Default)]
pub(crate) struct Memo {
    /// Per face identity (0 unused).
    faces: Vec<FaceMemo>,
    /// Per edge identity (0 unused).
    edges: Vec<EdgeMemo>,
    /// The boundary edges whose chain of constraint pieces is broken, if every boundary edge
    /// was walked.
    broken: Option<Vec<(DVec2, DVec2)>>,
    /// The last derivation, which the next one updates (taken out of `derived` by the first
    /// edit after it).
    base: Option<Box<Derived>>,
    /// Whether the repairs since lost track of the triangles they changed: the next
    /// derivation is a full one.
    lost: bool,
    /// The tiles the identities were numbered by, for the next full derivation.
    grid: Option<derive::TileGrid>,
    /// The faces of each tile of `grid`, as numbering found them, while the triangulation is
    /// as it was then (every edit drops them): the next full derivation's lists.
    lists: Option<Vec<Vec<FixedFaceHandle<spade::handles::InnerTag>>>>,
    /// The repair tracker's vectors.
    walks: track::Walks,
    /// The identities of the faces and edges spade removed (with a vertex), no longer carried
    /// by any: the tracker gives them to new ones before numbering more, so that the
    /// identities, the memo and the derivation's arrays stay as large as the triangulation.
    dead_faces: Vec<u32>,
    dead_edges: Vec<u32>,
}

/// What deriving found about one edge.
#[derive(Clone, Copy)]
struct EdgeMemo {
    /// Its ends (spade's order).
    pts: [DVec2; 2],
    /// Whether the entry is filled.
    known: bool,
    /// The weight of crossing it (NaN: not computed yet).
    weight: f64,
    /// Its midpoint's clearance (NaN: not computed yet).
    clear: f64,
}

impl EdgeMemo {
    fn new(pts: [DVec2; 2]) -> Self {
        EdgeMemo {
            pts,
            known: true,
            weight: f64::NAN,
            clear: f64::NAN,
        }
    }

    fn unknown() -> Self {
        EdgeMemo {
            known: false,
            ..EdgeMemo::new([DVec2::splat(f64::NAN); 2])
        }
    }
}

/// What deriving found about one face.
#[derive(Clone, Copy)]
struct FaceMemo {
    /// Its corners, in spade's order when the entry was filled; its per-side values follow
    /// that order. spade may rotate it later without changing the face (see `track`):
    /// the walk of the face's tile then resets the entry.
    pts: [DVec2; 3],
    /// Whether the entry is filled.
    known: bool,
    /// Whether it is free.
    free: bool,
    /// The roadmap link weight between its edges `k` and `k + 1` (NaN: not computed yet).
    roads: [f64; 3],
    /// The width of the gap between the vertex opposite its edge `k` and that edge, as a
    /// wall (NaN: not computed yet).
    gaps: [f64; 3],
    /// How far beyond its box what it holds depends on the obstacles: the largest clearance
    /// its roadmap links computed, and the midpoint clearances of its crossable edges (which
    /// cap its links); 0 for a blocked face.
    reach: f64,
}

impl FaceMemo {
    fn new(pts: [DVec2; 3], free: bool) -> Self {
        FaceMemo {
            pts,
            known: true,
            free,
            roads: [f64::NAN; 3],
            gaps: [f64::NAN; 3],
            // A blocked face holds no links: its freedom depends on its centroid alone. A
            // free one's reach grows as its links and its edges' clearances are computed.
            reach: 0.0,
        }
    }

    fn unknown() -> Self {
        FaceMemo {
            known: false,
            reach: 0.0,
            ..FaceMemo::new([DVec2::splat(f64::NAN); 3], false)
        }
    }
}

/// Bitwise equality of points (the memo's keys).
fn same<const N: usize>(a: &[DVec2; N], b: &[DVec2; N]) -> bool {
    a.iter()
        .zip(b)
        .all(|(p, q)| p.x.to_bits() == q.x.to_bits() && p.y.to_bits() == q.y.to_bits())
}

/// The rotation `r` with `entry[k] == now[(k + r) % 3]` for every corner `k` (bitwise), if
/// `entry` holds the triangle `now` at all (the tests of spade's rotated faces, see `track`).
#[cfg(test)]
fn rotation(entry: &[DVec2; 3], now: &[DVec2; 3]) -> Option<usize> {
    (0..3).find(|&r| (0..3).all(|k| same(&[entry[k]], &[now[(k + r) % 3]])))
}

/// Whether the entry of face `pts`, which looked as far as `reach` beyond the triangle, may
/// depend on what lies in one of the boxes `dirty`.
///
/// Everything a face's entry holds was measured inside the closed triangle (its centroid, its
/// corners' exactness, its links' segments between its edges' midpoints, hubs and centres)
/// and looked at most `reach` beyond that, so an edit whose box lies farther than `reach`
/// from the triangle leaves it. The distance is bounded from below by the gaps between the
/// projections of the triangle and the box on the axes and on the triangle's edge normals
/// (for a long diagonal triangle far tighter than its bounding box).
fn face_reaches(pts: &[DVec2; 3], reach: f64, dirty: &[(DVec2, DVec2)]) -> bool {
    if dirty.is_empty() {
        return false;
    }
    let bx = bounds(pts);
    let grow = reach + reach_tol(bx);
    dirty.iter().any(|&d| {
        if apart(bx, d, grow) {
            return false;
        }
        !separated(pts, d, grow)
    })
}

/// Whether the projections of triangle `pts` and box `[lo, hi]` on one of the triangle's
/// edge normals lie more than `grow` apart (a degenerate edge gives no normal, and tells
/// nothing). Out of line: it runs only for the few faces whose box meets the edit's.
#[inline(never)]
fn separated(pts: &[DVec2; 3], (lo, hi): (DVec2, DVec2), grow: f64) -> bool {
    let corners = [lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)];
    (0..3).any(|k| {
        let n = crate::geometry::left(pts[(k + 1) % 3] - pts[k]).normalize_or_zero();
        let (mut t0, mut t1) = (f64::INFINITY, f64::NEG_INFINITY);
        for &p in pts {
            let t = p.dot(n);
            t0 = t0.min(t);
            t1 = t1.max(t);
        }
        let (mut b0, mut b1) = (f64::INFINITY, f64::NEG_INFINITY);
        for &c in &corners {
            let t = c.dot(n);
            b0 = b0.min(t);
            b1 = b1.max(t);
        }
        b0 - t1 > grow || t0 - b1 > grow
    })
}

/// The larger of `a` and `b` by a plain comparison (the coordinates here are finite; `f64::max`'s
/// NaN rule costs instructions).
#[inline]
fn fmax(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
}

/// The tolerance of the reach tests for points in box `[a, b]`, far above rounding.
#[inline]
fn reach_tol((a, b): (DVec2, DVec2)) -> f64 {
    1e-6 * (1.0 + fmax(fmax(-a.x, b.x), fmax(-a.y, b.y)))
}

/// Whether boxes `[a, b]` and `[lo, hi]` lie more than `grow` apart along an axis, by plain
/// comparisons.
#[inline]
fn apart((a, b): (DVec2, DVec2), (lo, hi): (DVec2, DVec2), grow: f64) -> bool {
    b.x + grow < lo.x || b.y + grow < lo.y || a.x - grow > hi.x || a.y - grow > hi.y
}

/// The bounding box of finite points, by plain comparisons.
#[inline]
fn bounds<const N: usize>(pts: &[DVec2; N]) -> (DVec2, DVec2) {
    let (mut a, mut b) = (pts[0], pts[0]);
    for p in &pts[1..] {
        a.x = if p.x < a.x { p.x } else { a.x };
        a.y = if p.y < a.y { p.y } else { a.y };
        b.x = fmax(p.x, b.x);
        b.y = fmax(p.y, b.y);
    }
    (a, b)
}

/// Whether the entry of edge `pq` may depend on what lies in one of the boxes `dirty`: its
/// weight depends on its ends' exactness (loop vertices, which lie in the box of an edited
/// loop), its midpoint's clearance `clear` (NaN: none) on the obstacles within `clear` of
/// the midpoint.
fn edge_reaches(pq: &[DVec2; 2], clear: f64, dirty: &[(DVec2, DVec2)]) -> bool {
    if dirty.is_empty() {
        return false;
    }
    let bx = bounds(pq);
    let tol = reach_tol(bx);
    let grow = if clear > 0.0 { clear } else { 0.0 } + tol;
    dirty.iter().any(|&(lo, hi)| {
        if apart(bx, (lo, hi), grow) {
            return false;
        }
        let inside = |p: DVec2| !((p + tol).cmplt(lo).any() || (p - tol).cmpgt(hi).any());
        let m = 0.5 * (pq[0] + pq[1]);
        let gap = (lo - m).max(m - hi).max(DVec2::ZERO);
        inside(pq[0]) || inside(pq[1]) || gap.length_squared() <= grow * grow
    })
}

/// Whether `p` is a vertex of a loop of `world` (an exact point of the obstacles).
fn is_original(world: &MeshWorld, sc: &mut Scratch, p: DVec2) -> bool {
    sc.gather_box(world, p, p);
    let on_edge = sc.near.iter().any(|&e| {
        let edge = &world.edges[e as usize];
        edge.alive && (edge.a == p || edge.b == p)
    });
    // A circle's loop has no edges.
    on_edge
        || world.loops_in_box(p, p).into_iter().any(|i| {
            world.loops[i as usize]
                .as_ref()
                .is_some_and(|lp| lp.edges.is_empty() && lp.points.contains(&p))
        })
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

/// The two forests and the roadmap of a triangulation, by face and edge identity.
#[derive(Clone)]
pub(crate) struct Derived {
    /// Per face identity: whether the triangle is free.
    free: Vec<bool>,
    /// Per face identity: its tile.
    ftile: Vec<u32>,
    /// Per face identity: its edges that join two free triangles (`u32::MAX` for the others).
    sides: Vec<[u32; 3]>,
    /// Per edge identity: the weight of crossing it (NaN if it does not join two free
    /// triangles). A width link is open for a radius `r` when it is more than `2r`.
    cross: Vec<f64>,
    /// Per crossable edge: its two (free) triangles.
    across: Vec<[u32; 2]>,
    /// Per edge: its midpoint, a node of the roadmap (see [`crate::roadmap`]).
    mid: Vec<DVec2>,
    /// Per edge: a lower bound of its midpoint's clearance.
    node_clear: Vec<f64>,
    /// Per crossable edge: its tile, or [`derive::TERM`] for a terminal.
    home: Vec<u32>,
    /// Per crossable edge that is not a terminal: its index in its tile.
    local: Vec<u32>,
    /// The tiles and their forests (widths and roadmap, see [`derive`](mod@derive)).
    tiles: Vec<derive::Tile>,
    /// Per tile: whether the next derivation walks it.
    marked: Vec<bool>,
    grid: derive::TileGrid,
    /// The global width and roadmap forests over the terminals. A roadmap link is open for a
    /// radius `r` when it is more than `r + margin`.
    global: [derive::GlobalForest; 2],
    /// The links of both global forests (weight, a, b, tile), strongest first.
    glinks: [Vec<(f64, u32, u32, u32)>; 2],
    /// Marks of the walks.
    stamp: u32,
    seen: Vec<u32>,
    /// How many faces the last derivation walked.
    walked: usize,
    /// How many threads the last derivation's clearances used (the more of its two fills).
    threads: usize,
    /// Per vertex index: a mark of the derivation that found whether it is a loop vertex,
    /// and that answer.
    vex: Vec<(u32, bool)>,
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
        // Truncation, not `floor`: the same after the clamp (see `EdgeGrid::cell_x`).
        let c = (p - self.origin) / self.cell;
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

/// The roadmap nodes one end of a query has tried (at most its four rings: 3 + 6 + 12 + 24).
struct Near {
    tried: [u32; 45],
    n_tried: usize,
    /// Visible nodes and their components.
    nodes: [(u32, u32); 45],
    len: usize,
}

impl Default for Near {
    fn default() -> Self {
        Near {
            tried: [0; 45],
            n_tried: 0,
            nodes: [(0, 0); 45],
            len: 0,
        }
    }
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
        let mut cdt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| triangulate(world)))
            .ok()
            .flatten()?;
        let mut memo = Memo::default();
        derive::assign_all_ids(&mut cdt, &mut memo);
        Some(Connectivity {
            cdt,
            derived: OnceLock::new(),
            memo: Mutex::new(memo),
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
            let d = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                derive::derive(world, &self.cdt, &mut memo, &self.dirty)
            }))
            .ok()
            .flatten();
            if d.is_none() {
                // The identities stay; every entry is filled again by the next full
                // derivation, after the next edit.
                memo.base = None;
                memo.lost = true;
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

    /// Notes an edit of the triangulation within box `[lo, hi]`: the memo forgets what it
    /// reaches at the next derivation.
    fn note_edit(&mut self, lo: DVec2, hi: DVec2) {
        // The edit changes faces: the tiles' face lists no longer hold.
        self.memo.get_mut().unwrap_or_else(|e| e.into_inner()).lists = None;
        if let Some(d) = self.derived.take() {
            // The memo was refilled since the last edits: that derivation is the base of the
            // next one.
            self.dirty.clear();
            self.memo.get_mut().unwrap_or_else(|e| e.into_inner()).base = d;
        }
        if self.dirty.len() >= 64 {
            // Many edits without a `connected` between them: a full derivation is cheaper
            // than checking every entry against each of them.
            let memo = self.memo.get_mut().unwrap_or_else(|e| e.into_inner());
            memo.base = None;
            memo.lost = true;
            memo.broken = None;
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
    let n: usize = world.loops.iter().flatten().map(|lp| lp.points.len()).sum();
    let mut index: HashMap<(u64, u64), usize, BuildHasherDefault<PointHasher>> =
        HashMap::with_capacity_and_hasher(n, BuildHasherDefault::default());
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

/// A multiplicative hash of a point's bits for the vertex index of [`triangulate`] (SipHash's
/// resistance to chosen keys is not needed there, and it cost as much as the rest of the
/// indexing).
#[derive(Default)]
struct PointHasher(u64);

impl Hasher for PointHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        // The table takes its buckets from the low bits and its tags from the high ones, and
        // the bits of small integers are zero at the bottom: mix every bit into both (the
        // finalizer of MurmurHash3).
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
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
                && self.sides[fb as usize]
                    .iter()
                    .any(|&f| open(f) && self.comp(0, e, cut) == self.comp(0, f, cut))
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
        for ring in 0..4 {
            // The nodes `a` sees, with their components.
            for e in self.ring(fa, ring) {
                if seen_a.tried(e) {
                    continue;
                }
                if segment_block(world, sc, a, self.mid[e as usize], r, false).is_none() {
                    seen_a.push(e, self.comp(1, e, cut));
                }
            }
            // The nodes `b` sees in one of those components.
            for e in self.ring(fb, ring) {
                if seen_b.tried(e) {
                    continue;
                }
                let c = self.comp(1, e, cut);
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

    /// The crossable edges at `ring` steps from free triangle `f`: its own (ring 0), those of
    /// the triangles across them other than the one crossed (ring 1), and so on.
    fn ring(&self, f: u32, ring: usize) -> impl Iterator<Item = u32> + '_ {
        let mut out = [u32::MAX; 24];
        let mut n = 0;
        // (triangle, edge entering it) at the current depth.
        let mut cur = [(u32::MAX, u32::MAX); 12];
        let mut n_cur = 1;
        cur[0] = (f, u32::MAX);
        for depth in 0..=ring {
            let mut next = [(u32::MAX, u32::MAX); 12];
            let mut n_next = 0;
            for &(g, came) in &cur[..n_cur] {
                for e in self.sides[g as usize] {
                    if e == u32::MAX || e == came {
                        continue;
                    }
                    if depth == ring {
                        if n < out.len() {
                            out[n] = e;
                            n += 1;
                        }
                    } else if n_next < next.len() {
                        let [f0, f1] = self.across[e as usize];
                        next[n_next] = (if f0 == g { f1 } else { f0 }, e);
                        n_next += 1;
                    }
                }
            }
            cur = next;
            n_cur = n_next;
        }
        out.into_iter().take(n)
    }

    /// The free triangle holding `p` (a finite point).
    pub(crate) fn place(&self, p: DVec2) -> Place {
        let free = |f: FixedFaceHandle<spade::handles::InnerTag>| {
            let id = *self.cdt.face(f).data();
            if self.free.get(id as usize).copied().unwrap_or(false) {
                Place::Free(id)
            } else {
                Place::Unknown
            }
        };
        let pos = Point2::new(p.x, p.y);
        let at = match self.hints.get(self.hints_grid.bucket(p)) {
            Some(&v) if v != u32::MAX && (v as usize) < self.cdt.num_vertices() => self
                .cdt
                .locate_with_hint(pos, FixedVertexHandle::from_index(v as usize)),
            _ => self.cdt.locate(pos),
        };
        match at {
            PositionInTriangulation::OnFace(f) => free(f),
            PositionInTriangulation::OnEdge(e) => {
                let e = self.cdt.directed_edge(e);
                for face in [e.face(), e.rev().face()] {
                    if let Some(f) = face.as_inner()
                        && let Place::Free(id) = free(f.fix())
                    {
                        return Place::Free(id);
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
            .filter(|f| self.free.get(*f.data() as usize).copied().unwrap_or(false))
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

/// The roadmap links (see [`crate::roadmap`]) of a free face whose memo entry is `entry` and
/// whose crossable edges are `s` (edge `k` runs from its corner `k` to corner `k + 1`), given
/// the edges' midpoints and their clearances, pushed to `links`.
fn road_links(
    world: &MeshWorld,
    entry: &mut FaceMemo,
    s: [u32; 3],
    (mid, node_clear): (&[DVec2], &[f64]),
    links: &mut Vec<(f64, u32, u32)>,
) {
    if s.iter().filter(|&&e| e != u32::MAX).count() < 2 {
        return;
    }
    let pairs = (0..3).filter(|&k| s[k] != u32::MAX && s[(k + 1) % 3] != u32::MAX);
    if pairs.clone().all(|k| !entry.roads[k].is_nan()) {
        // All known: no geometry.
        for k in pairs {
            if entry.roads[k] > 0.0 {
                links.push((entry.roads[k], s[k], s[(k + 1) % 3]));
            }
        }
        return;
    }
    let verts = entry.pts;
    // Per crossable edge, its hub: the point half way from its midpoint to the opposite
    // vertex's line, along the edge's inward normal (the way a disc leaves a narrow mouth).
    let mut hub = [DVec2::ZERO; 3];
    for k in 0..3 {
        if s[k] != u32::MAX {
            let (p, q) = (verts[k], verts[(k + 1) % 3]);
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
    let mut reach = entry.reach;
    let mut clear = |p: DVec2, q: DVec2| {
        let c = clearance(world, p, q, nearest_of(p, q, &verts));
        reach = reach.max(c);
        c
    };
    for k in 0..3 {
        let (i, j) = (k, (k + 1) % 3);
        if s[i] == u32::MAX || s[j] == u32::MAX {
            continue;
        }
        if !entry.roads[k].is_nan() {
            if entry.roads[k] > 0.0 {
                links.push((entry.roads[k], s[i], s[j]));
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
        entry.roads[k] = w;
        if w > 0.0 {
            links.push((w, s[i], s[j]));
        }
    }
    entry.reach = reach;
}

/// Whether every boundary edge of `world` is a chain of constraint edges of `cdt` (see
/// [`Derived::sound`]). When `memo` knows the broken ones, only the edges near the boxes
/// `dirty` are walked again: an edit changes constraints only there; otherwise every loop of
/// [`chain_loops`] is walked ([`loop_broken`]), or `full` holds what those walks found, in
/// the loops' order.
fn chains_sound(
    world: &MeshWorld,
    cdt: &Cdt,
    sc: &mut Scratch,
    memo: &mut Memo,
    dirty: &[(DVec2, DVec2)],
    near: &(dyn Fn(DVec2) -> Option<FixedVertexHandle> + Sync),
    full: Option<Vec<(DVec2, DVec2)>>,
) -> bool {
    let tol = world.eps();
    let pad = DVec2::splat(4.0 * tol);
    let broken = |a: DVec2, b: DVec2| repair::walk(cdt, tol, a, b, |_, _| {}).is_none();
    // A grid world's bounds are not triangulated: the grid's loops run along them.
    let skip = |lp: &crate::world::Loop| !is_chain_loop(world, lp);
    let meets =
        |a: DVec2, b: DVec2, (lo, hi): (DVec2, DVec2)| segment_meets_box(a, b, lo - pad, hi + pad);
    let list = match memo.broken.take() {
        Some(mut list) => {
            list.retain(|&(a, b)| !dirty.iter().any(|&d| meets(a, b, d)));
            for &(lo, hi) in dirty {
                let check = |a: DVec2, b: DVec2, list: &mut Vec<(DVec2, DVec2)>| {
                    if meets(a, b, (lo, hi)) && !list.contains(&(a, b)) && broken(a, b) {
                        list.push((a, b));
                    }
                };
                sc.gather_box(world, lo - pad, hi + pad);
                for &e in &sc.near {
                    let edge = &world.edges[e as usize];
                    if edge.alive
                        && world.loops[edge.lp as usize]
                            .as_ref()
                            .is_some_and(|lp| !skip(lp))
                    {
                        check(edge.a, edge.b, &mut list);
                    }
                }
                // Circles' loops have no edges.
                for lp in world.loops_in_box(lo - pad, hi + pad) {
                    let Some(lp) = world.loops[lp as usize].as_ref() else {
                        continue;
                    };
                    if lp.edges.is_empty() {
                        let n = lp.points.len();
                        for i in 0..n {
                            check(lp.points[i], lp.points[(i + 1) % n], &mut list);
                        }
                    }
                }
            }
            list
        }
        // The full pass, unless the caller made it (`full`).
        None => full.unwrap_or_else(|| {
            chain_loops(world)
                .into_iter()
                .flat_map(|lp| loop_broken(cdt, tol, lp, near))
                .collect()
        }),
    };
    let sound = list.is_empty();
    memo.broken = Some(list);
    sound
}

/// Whether the edges of loop `lp` of `world` must be chains of constraint edges: every loop
/// but a grid world's bounds, which are not triangulated (the grid's loops run along them).
fn is_chain_loop(world: &MeshWorld, lp: &crate::world::Loop) -> bool {
    !(lp.owner == Owner::Bounds && world.region.is_some())
}

/// The loops of `world` whose edges must be chains of constraint edges, in the loops' order.
fn chain_loops(world: &MeshWorld) -> Vec<&crate::world::Loop> {
    world
        .loops
        .iter()
        .flatten()
        .filter(|lp| is_chain_loop(world, lp))
        .collect()
}

/// The edges of loop `lp` that are not chains of constraint edges of `cdt` (in the loop's
/// order), `near` giving a vertex near a point to locate from.
fn loop_broken(
    cdt: &Cdt,
    tol: f64,
    lp: &crate::world::Loop,
    near: &(dyn Fn(DVec2) -> Option<FixedVertexHandle> + Sync),
) -> Vec<(DVec2, DVec2)> {
    let mut list = Vec::new();
    let n = lp.points.len();
    // Each edge's walk starts where the one before it along the loop ended (its vertex at
    // this edge's start), instead of locating that vertex again.
    let mut at = None;
    for i in 0..n {
        let (a, b) = (lp.points[i], lp.points[(i + 1) % n]);
        // A loop's first vertex is located from a vertex near it (the point location hints),
        // not from the last one located.
        let start = match at {
            Some(u) => Some(u),
            None => {
                let p = Point2::new(a.x, a.y);
                let at = match near(a) {
                    Some(v) => cdt.locate_with_hint(p, v),
                    None => cdt.locate(p),
                };
                match at {
                    PositionInTriangulation::OnVertex(v) => Some(v),
                    _ => None,
                }
            }
        };
        at = start.and_then(|u| repair::walk_from(cdt, tol, u, a, b, |_, _| {}));
        if at.is_none() {
            list.push((a, b));
        }
    }
    list
}

/// Whether segment `ab` meets the box `[lo, hi]`.
fn segment_meets_box(a: DVec2, b: DVec2, lo: DVec2, hi: DVec2) -> bool {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for k in 0..2 {
        if d[k] == 0.0 {
            if a[k] < lo[k] || a[k] > hi[k] {
                return false;
            }
        } else {
            let (u, v) = ((lo[k] - a[k]) / d[k], (hi[k] - a[k]) / d[k]);
            t0 = t0.max(u.min(v));
            t1 = t1.min(u.max(v));
        }
    }
    t0 <= t1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{cross, dist_segment_segment};
    use nav_testkit::TestRng;

    /// The distance between a triangle and a box, by brute force.
    fn tri_box_dist(t: &[DVec2; 3], lo: DVec2, hi: DVec2) -> f64 {
        let c = [lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)];
        let in_box = |p: DVec2| p.cmpge(lo).all() && p.cmple(hi).all();
        let side = |k: usize, p: DVec2| cross(t[(k + 1) % 3] - t[k], p - t[k]);
        let in_tri = |p: DVec2| {
            let s = [side(0, p), side(1, p), side(2, p)];
            s.iter().all(|&x| x >= 0.0) || s.iter().all(|&x| x <= 0.0)
        };
        if t.iter().any(|&p| in_box(p)) || c.iter().any(|&p| in_tri(p)) {
            return 0.0;
        }
        let mut d = f64::INFINITY;
        for k in 0..3 {
            for j in 0..4 {
                d = d.min(dist_segment_segment(
                    t[k],
                    t[(k + 1) % 3],
                    c[j],
                    c[(j + 1) % 4],
                ));
            }
        }
        d
    }

    /// A face or an edge said not to reach a box lies farther from it than its reach.
    #[test]
    fn reaches_never_misses_a_box_within_reach() {
        let mut rng = TestRng::new(31);
        let pt = |rng: &mut TestRng| {
            DVec2::new(
                rng.range_f32(0.0, 40.0) as f64,
                rng.range_f32(0.0, 40.0) as f64,
            )
        };
        let (mut skipped, mut reached, mut by_normals) = (0, 0, 0);
        for _ in 0..20_000 {
            let t = [pt(&mut rng), pt(&mut rng), pt(&mut rng)];
            let (a, b) = (pt(&mut rng), pt(&mut rng));
            let (lo, hi) = (a.min(b), a.min(b) + (b - a).abs() * 0.2);
            let reach = rng.range_f32(0.0, 6.0) as f64;
            if face_reaches(&t, reach, &[(lo, hi)]) {
                reached += 1;
            } else {
                skipped += 1;
                let (ta, tb) = (t[0].min(t[1]).min(t[2]), t[0].max(t[1]).max(t[2]));
                if !((tb + reach).cmplt(lo).any() || (ta - reach).cmpgt(hi).any()) {
                    by_normals += 1;
                }
                let d = tri_box_dist(&t, lo, hi);
                assert!(d > reach, "{t:?} [{lo}, {hi}]: {d} within {reach}");
            }
            let pq = [t[0], t[1]];
            if !edge_reaches(&pq, reach, &[(lo, hi)]) {
                let m = 0.5 * (pq[0] + pq[1]);
                let gap = (lo - m).max(m - hi).max(DVec2::ZERO).length();
                let inside = |p: DVec2| p.cmpge(lo).all() && p.cmple(hi).all();
                assert!(gap > reach && !inside(pq[0]) && !inside(pq[1]));
            }
        }
        // Both answers occur, and the normals' test skips triangles whose boxes meet.
        assert!(
            skipped > 1000 && reached > 1000 && by_normals > 100,
            "{skipped} {reached} {by_normals}"
        );
    }

    /// Derivations on one thread and on several give the same values, bit for bit: the
    /// memo's entries, the crossings, the nodes' clearances and midpoints, and the forests'
    /// components at many thresholds, after the first build and after edits (the threads are
    /// used: the tests' threshold of work is small).
    #[test]
    fn threads_change_no_derived_bit() {
        use crate::world::Obstacle;
        use nav_geom::{Aabb, Circle, Vec2};
        let bits = |p: DVec2| (p.x.to_bits(), p.y.to_bits());
        let same_derivation = |one: &MeshWorld, many: &MeshWorld, what: &str| -> usize {
            let [c1, c2] = [one, many].map(|w| w.conn.get().and_then(|c| c.as_deref()).unwrap());
            let (d1, d2) = (c1.ready(one).unwrap(), c2.ready(many).unwrap());
            let (m1, m2) = (c1.memo_lock(), c2.memo_lock());
            assert_eq!(m1.faces.len(), m2.faces.len(), "{what}: faces");
            for (f, g) in m1.faces.iter().zip(&m2.faces) {
                assert_eq!(f.pts.map(bits), g.pts.map(bits), "{what}: corners");
                assert_eq!((f.known, f.free), (g.known, g.free), "{what}: freedom");
                assert_eq!(
                    f.roads.map(f64::to_bits),
                    g.roads.map(f64::to_bits),
                    "{what}"
                );
                assert_eq!(f.gaps.map(f64::to_bits), g.gaps.map(f64::to_bits), "{what}");
                assert_eq!(f.reach.to_bits(), g.reach.to_bits(), "{what}: reach");
            }
            assert_eq!(m1.edges.len(), m2.edges.len(), "{what}: edges");
            for (e, g) in m1.edges.iter().zip(&m2.edges) {
                assert_eq!(e.pts.map(bits), g.pts.map(bits), "{what}: ends");
                assert_eq!(e.known, g.known, "{what}");
                assert_eq!(e.weight.to_bits(), g.weight.to_bits(), "{what}: weight");
                assert_eq!(e.clear.to_bits(), g.clear.to_bits(), "{what}: clearance");
            }
            assert_eq!((&d1.free, &d1.sides), (&d2.free, &d2.sides), "{what}");
            assert_eq!((&d1.home, &d1.local), (&d2.home, &d2.local), "{what}");
            let mut cuts = vec![0.0];
            for e in 0..d1.cross.len() {
                assert_eq!(d1.cross[e].to_bits(), d2.cross[e].to_bits(), "{what}");
                if d1.cross[e].is_nan() {
                    continue;
                }
                assert_eq!(
                    d1.node_clear[e].to_bits(),
                    d2.node_clear[e].to_bits(),
                    "{what}"
                );
                assert_eq!(bits(d1.mid[e]), bits(d2.mid[e]), "{what}: midpoint");
                cuts.extend([d1.cross[e], d1.node_clear[e], d1.node_clear[e] * 0.999_999]);
            }
            cuts.sort_by(f64::total_cmp);
            cuts.dedup();
            let step = (cuts.len() / 20).max(1);
            // The nodes: the crossable edges of the triangulation (the arrays also keep
            // entries of edges gone).
            let live: Vec<u32> = c1
                .cdt
                .undirected_edges()
                .map(|e| *e.data().data())
                .filter(|&e| !d1.cross[e as usize].is_nan())
                .collect();
            for &cut in cuts.iter().step_by(step) {
                for which in 0..2 {
                    for &e in &live {
                        let (a, b) = (d1.comp(which, e, cut), d2.comp(which, e, cut));
                        assert_eq!(a, b, "{what}: forest {which} at {cut}");
                    }
                }
            }
            assert_eq!(d1.threads, 1, "{what}");
            d2.threads
        };
        let mut threaded = 0;
        for seed in 0..10u64 {
            let mut rng = TestRng::new(3300 + seed);
            let size = 40.0;
            let obstacle = |rng: &mut TestRng| {
                let c = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
                match rng.below(3) {
                    0 => {
                        let c = c.round();
                        let h = Vec2::new(rng.below(3) as f32 + 0.5, rng.below(2) as f32 + 1.0);
                        Obstacle::Box(Aabb::new(c - h, c + h))
                    }
                    1 => Obstacle::Circle(Circle::new(c, rng.range_f32(0.3, 2.0))),
                    _ => {
                        let n = 3 + rng.below(5) as usize;
                        let tau = std::f32::consts::TAU;
                        Obstacle::Polygon(
                            (0..n)
                                .map(|i| {
                                    let a = (i as f32 + rng.range_f32(0.1, 0.9)) / n as f32 * tau;
                                    c + Vec2::from_angle(a) * rng.range_f32(0.5, 3.0)
                                })
                                .collect(),
                        )
                    }
                }
            };
            let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
            for _ in 0..25 {
                let _ = world.insert(obstacle(&mut rng));
            }
            let mut worlds = [1, 2, 5].map(|t| {
                let mut w = world.clone();
                w.set_connected_threads(t);
                w
            });
            for step in 0..6 {
                for w in &worlds {
                    assert!(w.prepare_connected() > 0);
                }
                for k in 1..3 {
                    let what = format!("seed {seed} step {step}, {k}");
                    let t = same_derivation(&worlds[0], &worlds[k], &what);
                    threaded += (t > 1) as usize;
                }
                // The same edit of each: a new obstacle, or the removal of one.
                let new = obstacle(&mut rng);
                let gone = worlds[0].iter().next().map(|(id, _)| id);
                for w in &mut worlds {
                    match gone.filter(|_| step % 2 == 1) {
                        Some(id) => drop(w.remove(id)),
                        None => drop(w.insert(new.clone())),
                    }
                }
            }
        }
        // Every first build and most edits' derivations used threads.
        assert!(threaded >= 60, "threads used {threaded} times of 120");
    }
}
