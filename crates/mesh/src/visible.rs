//! Candidate corners for a successor list: every corner not proven hidden from a point, found
//! by walking the buckets of the edge grid in increasing distance from it and stopping where
//! everything is hidden. The cost follows what is visible, not the size of the world.
//!
//! Over 600 lines: the walk, its angle bookkeeping and the proof test that it never hides a
//! reachable corner belong together (the test replays the walk's own margins).
//!
//! # Why a hidden corner is never a successor
//! Let `v` be the source (a corner, or the start or goal) and `c` a corner at distance `ρ`. If
//! the segment `v → c` crosses an obstacle edge transversally at a point `x` strictly between
//! them, no tangent between the discs of radius `r` around `v` and `c` (nor from the point `v`
//! to the disc around `c`) is clear:
//! * at `r = 0` the segment enters the blocked side of the edge;
//! * an inner tangent (opposite turns) and a tangent from a point run within distance
//!   `r·(1 − |1 − 2a/ρ|)` resp. `r·a/ρ` less than `r` of `x`, `a` being `|x − v|`;
//! * an outer tangent (same turn) is the segment `v → c` moved sideways by `r`: the edge,
//!   crossing `v → c`, enters the band between them.
//!
//! The sight tests accept overlaps up to a tolerance `ε = 1e-9 × scale`, so the walk only
//! counts crossings that are deeper than that by a margin: an edge piece occludes the open
//! range of directions it spans, shrunk at each end by the angle at which its end point lies
//! `10 ε` off the ray (or not shrunk, but extended by `1e-12`, where the loop runs on through
//! that vertex, or the edge through the point where a bucket's side cut it, to the other side
//! of the ray with a clear angle), for points farther than its farthest point by a margin `m`,
//! and only if its nearest point is at least `m` from `v`. At `r > 0`, `m` also keeps the
//! crossing at least `10 ε` deep for the tangents from a point and the inner tangents, and the
//! run-on cases inside the tangent's band: `m >= max(2000 ε, 10 ε · diagonal / r)`. Pieces
//! spanning more than about a quarter turn are split, so that every point of a piece lies ahead
//! of `v` along any ray it occludes. Directions are kept as pseudo-angles (monotone in the
//! angle and never faster, so a shrink by an angle's worth shrinks by at least that angle).
//!
//! A bucket all of whose directions are occluded by pieces nearer than its nearest point, or
//! outside the cone of directions a successor list may leave along, is skipped (with its edges:
//! whatever they would occlude is hidden already); a corner whose direction is occluded is left
//! out. The walk ends when every direction (of the cone) is occluded.

use glam::DVec2;

use crate::geometry::{cross, dist_point_segment};
use crate::world::{EdgeGrid, MeshWorld, NO_CORNER};

/// Reusable memory of the walk.
#[derive(Debug, Clone, Default)]
pub(crate) struct Walk {
    /// Occluded direction ranges `(lo, hi)` (open), sorted and disjoint, pseudo-angles (see
    /// [`pseudo`]) in `[-2, 2]`; ranges that cross `±2` are split, their outer ends pushed
    /// past `±2`.
    covered: Vec<(f64, f64)>,
    /// Occluding pieces not yet in force, by the distance beyond which they hide.
    pending: PendingRings,
    /// The candidates found by the last walk (corner ids, each once).
    pub cands: Vec<u32>,
    /// The circles found by the last walk (`MeshWorld::discs` ids, each once).
    pub cand_discs: Vec<u32>,
    /// Per circle: the walk that met it.
    dseen: Vec<u32>,
    /// Whether the last walk left out buckets beyond its bound (see [`visible_corners`]).
    pub skipped: bool,
    /// Buckets to visit, by distance from the source (`f64` bits of a non-negative distance
    /// order as the distances do).
    queue: BucketRings,
    /// Per bucket: the walk that queued it.
    seen: Vec<u32>,
    generation: u32,
    /// Per bucket: the resumed walk that queued it again from the last walk's frontier
    /// (`requeue_stamp` then), the only buckets a resumed walk tests against its bound as it
    /// pops them (the others were tested as they were queued).
    requeued: Vec<u32>,
    requeue_stamp: u32,
    /// Whether the walk keeps what [`resume_within`] needs to go on under a larger bound: the
    /// occluders it queued (`log`, in force no nearer than the bucket that queued them), and
    /// the buckets it left out beyond its bound (`frontier`, with their distances).
    pub logging: bool,
    log: Vec<Pending>,
    frontier: Vec<(u64, u32)>,
    /// The distance of the bucket being visited.
    rho: f64,
    /// Whether the next walk goes on from the last one (see [`resume_within`]).
    resume: bool,
}

#[derive(Debug, Clone, Copy)]
struct Pending {
    act: f64,
    lo: f64,
    hi: f64,
}

/// Rings per bucket side in [`BucketRings`] and [`PendingRings`]: a ring is `cell / RINGS`
/// wide in distance from the source.
const RINGS: f64 = 4.0;

/// The ring of distance `d` (non-negative) at `inv` rings per unit, at most `last`. Monotone in `d`: `d1 <= d2` gives `ring(d1) <= ring(d2)` (the product rounds
/// monotonically, the cast truncates).
#[inline]
fn ring(d: f64, inv: f64, (last, lastf): (usize, f64)) -> usize {
    let x = d * inv;
    // NaN (never a distance here) goes to the last ring, whose pieces are tested one by one.
    // `lastf` is `last` (below 2^31, see `walk_from`): the cast truncates exactly.
    if x < lastf { x as i32 as usize } else { last }
}

/// Items in rings of a distance: the machinery of [`BucketRings`] and [`PendingRings`]. An
/// item goes to the ring of its distance, or to ring `lo` if that is farther.
#[derive(Debug, Clone)]
struct Rings<T> {
    rings: Vec<Vec<T>>,
    /// Rings per unit of distance.
    inv: f64,
    /// The last ring, as an index and as a float.
    last: (usize, f64),
    /// The rings before it are empty; an item in it may be nearer than its inner distance.
    lo: usize,
    /// At most the least distance of the items in ring `lo` (infinite when it is empty; kept
    /// by [`PendingRings`] only, where it is exact after each [`PendingRings::due`]).
    lo_min: f64,
    /// One past the farthest ring that may be non-empty.
    end: usize,
}

impl<T> Default for Rings<T> {
    fn default() -> Self {
        Self {
            rings: Vec::new(),
            inv: 0.0,
            last: (0, 0.0),
            lo: 0,
            lo_min: f64::INFINITY,
            end: 0,
        }
    }
}

impl<T> Rings<T> {
    /// Empties it.
    fn clear(&mut self) {
        for r in &mut self.rings[self.lo.min(self.end)..self.end] {
            r.clear();
        }
        self.lo = 0;
        self.lo_min = f64::INFINITY;
        self.end = 0;
    }

    /// Empties it and readies it for rings of `width` (`rings` rings up to the farthest
    /// distance, which may be beyond: it goes to the last ring).
    fn reset(&mut self, width: f64, rings: usize) {
        self.clear();
        if self.rings.len() < rings.max(1) {
            self.rings.resize_with(rings.max(1), Vec::new);
        }
        self.inv = 1.0 / width;
        self.last = (self.rings.len() - 1, (self.rings.len() - 1) as f64);
    }

    #[inline]
    fn put(&mut self, d: f64, item: T) {
        let k = ring(d, self.inv, self.last).max(self.lo);
        self.rings[k].push(item);
        self.end = self.end.max(k + 1);
    }
}

/// The buckets to visit, a priority queue by `(distance bits, bucket)` that pops exactly as
/// a binary heap of those keys would (the smallest first; keys are distinct, each bucket being
/// queued once per walk), in rings of distance: a key goes to its ring, or to the ring being
/// popped (`lo`) if that is farther. Every key in a ring beyond `lo` is at least that ring's
/// inner distance, and every key in a nearer ring or in `lo` is below it, so the smallest key
/// is the smallest in the first non-empty ring from `lo` (a few keys: a linear scan).
/// Nearly all keys come in increasing distance (the walk grows outwards), so `lo` moves on
/// monotonically but for the walk's rare returns to a nearer bucket, which are kept in `lo`.
type BucketRings = Rings<(u64, u32)>;

impl BucketRings {
    #[inline]
    fn push(&mut self, key: (u64, u32)) {
        self.put(f64::from_bits(key.0), key);
    }

    #[inline]
    fn pop(&mut self) -> Option<(u64, u32)> {
        while self.lo < self.end {
            let r = &mut self.rings[self.lo];
            if let Some(mut best) = r.first().copied() {
                let mut at = 0;
                for (i, &k) in r.iter().enumerate().skip(1) {
                    if k < best {
                        (best, at) = (k, i);
                    }
                }
                r.swap_remove(at);
                return Some(best);
            }
            self.lo += 1;
        }
        None
    }
}

/// The occluders not yet in force, in rings of their distance `act` (as [`BucketRings`]): a
/// piece goes to its ring, or to the first ring that may be non-empty (`lo`) if that is
/// farther. [`PendingRings::due`] takes out exactly the pieces with `act <= rho`, as popping
/// a min-heap by `act` while its top is at most `rho` would (in another order: the covered
/// ranges they make do not depend on it, see [`cover`]).
type PendingRings = Rings<Pending>;

impl PendingRings {
    #[inline]
    fn push(&mut self, p: Pending) {
        let k = ring(p.act, self.inv, self.last);
        if k <= self.lo {
            self.lo_min = self.lo_min.min(p.act);
        }
        self.put(p.act, p);
    }

    /// Takes every piece with `act <= rho` out, to `out`. The rings before `rho`'s ring
    /// `k` hold only such pieces (the ring of `act` is at most `k` for `act <= rho` and below
    /// it only for `act < rho`, rings being monotone), those beyond it none (except ring `lo`,
    /// whose pieces may lie nearer); ring `k`, or `lo` when `k` is nearer, is tested piece by
    /// piece. Nothing is due when `k` is at most `lo` and `rho` below `lo_min` (at most the
    /// least distance in ring `lo`): then it returns at once.
    #[inline]
    fn due(&mut self, rho: f64, mut out: impl FnMut(Pending)) {
        if self.lo >= self.end {
            return;
        }
        let k = ring(rho, self.inv, self.last);
        if k <= self.lo && rho < self.lo_min {
            return;
        }
        if k > self.lo {
            for r in &mut self.rings[self.lo..k.min(self.end)] {
                r.iter().for_each(|&p| out(p));
                r.clear();
            }
            self.lo = k;
        }
        if let Some(r) = self.rings.get_mut(self.lo)
            && !r.is_empty()
        {
            let mut i = 0;
            let mut least = f64::INFINITY;
            while i < r.len() {
                if r[i].act <= rho {
                    out(r.swap_remove(i));
                } else {
                    least = least.min(r[i].act);
                    i += 1;
                }
            }
            self.lo_min = least;
        } else {
            self.lo_min = f64::INFINITY;
        }
    }
}

/// Up to this many corners (live or not) in a world, the candidates are simply all of them.
pub(crate) const SCAN_LIMIT: usize = 1024;
/// Up to this many circles (and [`SCAN_LIMIT`] corners), likewise all of them.
pub(crate) const DISC_SCAN_LIMIT: usize = 128;

/// Whether successor candidates come from the walk (else: every corner and circle).
#[inline]
pub(crate) fn takes_walk(world: &MeshWorld) -> bool {
    world.corners.len() > SCAN_LIMIT || world.discs.len() > DISC_SCAN_LIMIT
}

/// Half a turn and a turn in pseudo-angles.
const HALF: f64 = 2.0;
const FULL: f64 = 4.0;
/// The pseudo-angle by which a pass-through end of a piece is extended (the next edge of the loop
/// covers it).
const EXTEND: f64 = 1e-12;
/// The smallest sine between the ray and each of the two edges at a vertex for the loop to
/// count as running on through it.
const PASS_SIN: f64 = 0.01;

impl Walk {
    fn clear(&mut self) {
        self.covered.clear();
        self.pending.clear();
        self.cands.clear();
        self.cand_discs.clear();
        self.skipped = false;
        self.log.clear();
        self.frontier.clear();
    }

    /// Readies a walk that goes on from the last one (see [`resume_within`]): the buckets it
    /// left out queued again, with the occluders it queued.
    #[inline(never)]
    fn requeue(&mut self) {
        self.covered.clear();
        self.pending.clear();
        self.skipped = false;
        self.rho = 0.0;
        for &p in &self.log {
            self.pending.push(p);
        }
        self.requeue_stamp = self.requeue_stamp.wrapping_add(1);
        if self.requeue_stamp == 0 {
            self.requeued.iter_mut().for_each(|s| *s = 0);
            self.requeue_stamp = 1;
        }
        if self.requeued.len() < self.seen.len() {
            self.requeued.resize(self.seen.len(), 0);
        }
        for &e in &self.frontier {
            self.requeued[e.1 as usize] = self.requeue_stamp;
            self.queue.push(e);
        }
        self.frontier.clear();
    }

    /// Leaves out a bucket beyond the bound, at distance `bits` (logged, see `logging`).
    #[inline(never)]
    fn leave_out(&mut self, bits: u64, idx: u32) {
        self.skipped = true;
        if self.logging {
            self.frontier.push((bits, idx));
        }
    }

    /// Queues an occluder (and logs it, see `logging`).
    #[inline]
    fn pend(&mut self, p: Pending) {
        self.pending.push(p);
        if self.logging {
            self.log.push(Pending {
                act: p.act.max(self.rho),
                ..p
            });
        }
    }

    /// Whether the closed range of pseudo-angles `[a0, a1]` (`a1 - a0 < 4`, within `[-6, 6]`)
    /// is hidden, across the `±2` cut.
    fn hides_wrapped(&self, a0: f64, a1: f64) -> bool {
        if a1 > HALF {
            self.hides_range(a0.max(-HALF), HALF) && self.hides_range(-HALF, a1 - FULL)
        } else if a0 < -HALF {
            self.hides_range(a0 + FULL, HALF) && self.hides_range(-HALF, a1)
        } else {
            self.hides_range(a0, a1)
        }
    }

    /// Adds a range of directions from `lo` spanning `ext` (`0 < ext < 2`) counter-clockwise,
    /// pseudo-angles, `lo` within `[-2, 2]` give or take the shrink, split where it crosses
    /// `±2`.
    fn push_pending(&mut self, act: f64, lo: f64, ext: f64) {
        let hi = lo + ext;
        if hi > HALF {
            self.pend(Pending {
                act,
                lo,
                hi: HALF + 1.0,
            });
            self.pend(Pending {
                act,
                lo: -HALF - 1.0,
                hi: hi - FULL,
            });
        } else if lo < -HALF {
            self.pend(Pending {
                act,
                lo: lo + FULL,
                hi: HALF + 1.0,
            });
            self.pend(Pending {
                act,
                lo: -HALF - 1.0,
                hi,
            });
        } else {
            self.pend(Pending { act, lo, hi });
        }
    }

    /// Whether direction `a` is strictly inside an occluded range.
    fn hides(&self, a: f64) -> bool {
        let i = starts_below(&self.covered, a);
        i > 0 && self.covered[i - 1].1 > a
    }

    /// Whether the closed range `[lo, hi]` (`lo <= hi`, both in `[-2, 2]`) is inside one
    /// occluded range.
    fn hides_range(&self, lo: f64, hi: f64) -> bool {
        let i = starts_below(&self.covered, lo);
        i > 0 && self.covered[i - 1].1 > hi
    }

    fn hides_all(&self) -> bool {
        self.covered.len() == 1 && self.covered[0].0 < -HALF && self.covered[0].1 > HALF
    }
}

/// Up to this many occluded ranges, [`starts_below`] and [`ends_by`] scan from the front
/// instead of bisecting: a walk mostly holds a few, and the scan costs fewer instructions.
const SCAN_RANGES: usize = 8;

/// How many ranges of `cov` (sorted, disjoint: a walk's `covered`) start below `a`, as
/// `cov.partition_point(|&(l, _)| l < a)`.
#[inline]
fn starts_below(cov: &[(f64, f64)], a: f64) -> usize {
    if cov.len() <= SCAN_RANGES {
        cov.iter().take_while(|&&(l, _)| l < a).count()
    } else {
        cov.partition_point(|&(l, _)| l < a)
    }
}

/// How many ranges of `cov` (sorted, disjoint, so their ends are sorted too) end at or before
/// `a`, as `cov.partition_point(|&(_, h)| h <= a)`.
#[inline]
fn ends_by(cov: &[(f64, f64)], a: f64) -> usize {
    if cov.len() <= SCAN_RANGES {
        cov.iter().take_while(|&&(_, h)| h <= a).count()
    } else {
        cov.partition_point(|&(_, h)| h <= a)
    }
}

/// Adds the open range `(lo, hi)` (within `[-π - 1, π + 1]`) to the sorted, disjoint open
/// ranges `cov` (a walk's `covered`), merging the ranges that overlap it. The ranges it leaves are the connected components
/// of the union of the ranges added (ranges that only touch stay apart), whatever the order
/// they were added in.
#[inline]
fn cover(cov: &mut Vec<(f64, f64)>, mut lo: f64, mut hi: f64) {
    // First range whose end is beyond `lo`: everything before it ends at or before `lo`.
    let i = ends_by(cov, lo);
    let mut j = i;
    while j < cov.len() && cov[j].0 < hi {
        lo = lo.min(cov[j].0);
        hi = hi.max(cov[j].1);
        j += 1;
    }
    if i == j {
        cov.insert(i, (lo, hi));
    } else {
        cov[i] = (lo, hi);
        if j > i + 1 {
            cov.drain(i + 1..j);
        }
    }
}

/// A pseudo-angle of direction `d` (not zero): in `[-2, 2]`, increasing with the angle as
/// `atan2` does (`0` along `+x`, `±2` along `-x`), without trigonometry. It changes no faster
/// than the angle: a range of directions spans at least its pseudo-angle extent in radians.
#[inline]
fn pseudo(d: DVec2) -> f64 {
    let p = d.y / (d.x.abs() + d.y.abs());
    if d.x >= 0.0 {
        p
    } else if d.y >= 0.0 {
        2.0 - p
    } else {
        -2.0 - p
    }
}

/// `x.rem_euclid(4.0)` (a pseudo-angle difference brought into a turn), bit for bit, without
/// the `fmod` call for `x` in `(-4, 4)`, where `x % 4.0` is `x` itself.
#[inline]
fn turn_mod(x: f64) -> f64 {
    if x > -FULL && x < FULL {
        if x < 0.0 { x + FULL } else { x }
    } else {
        x.rem_euclid(FULL)
    }
}

/// `v` rotated by the angle in `[-π/2, π/2]` whose sine is `s` (counter-clockwise for
/// `s > 0`): `rotate(v, asin s)` without trigonometry.
#[inline]
fn rotate_sin(v: DVec2, s: f64) -> DVec2 {
    let c = (1.0 - s * s).max(0.0).sqrt();
    DVec2::new(v.x * c - v.y * s, v.x * s + v.y * c)
}

/// The range of directions from `v` to the box `[lo, hi]`: its clockwise-most direction's
/// pseudo-angle and its extent (`< 2`), or `None` when `v` is in the box.
fn box_range(v: DVec2, lo: DVec2, hi: DVec2) -> Option<(f64, f64)> {
    let (cw, ccw) = if v.x < lo.x {
        if v.y < lo.y {
            (DVec2::new(hi.x, lo.y), DVec2::new(lo.x, hi.y))
        } else if v.y > hi.y {
            (lo, hi)
        } else {
            (lo, DVec2::new(lo.x, hi.y))
        }
    } else if v.x > hi.x {
        if v.y < lo.y {
            (hi, lo)
        } else if v.y > hi.y {
            (DVec2::new(lo.x, hi.y), DVec2::new(hi.x, lo.y))
        } else {
            (hi, DVec2::new(hi.x, lo.y))
        }
    } else if v.y < lo.y {
        (DVec2::new(hi.x, lo.y), lo)
    } else if v.y > hi.y {
        (DVec2::new(lo.x, hi.y), hi)
    } else {
        return None;
    };
    let (a, b) = (cw - v, ccw - v);
    let start = pseudo(a);
    let ext = turn_mod(pseudo(b) - start);
    (cross(a, b) >= 0.0 && ext < 2.0).then_some((start, ext))
}

/// The part of segment `ab` inside the box `[lo, hi]`, with whether each end is `a` resp. `b`.
fn clip(a: DVec2, b: DVec2, lo: DVec2, hi: DVec2) -> Option<(DVec2, DVec2, bool, bool)> {
    let (t0, t1) = crate::geometry::clip_segment_t(a, b, lo, hi)?;
    let d = b - a;
    let s = if t0 == 0.0 { a } else { a + d * t0 };
    let t = if t1 == 1.0 { b } else { a + d * t1 };
    Some((s, t, t0 == 0.0, t1 == 1.0))
}

/// Whether the loop runs on through vertex `w` (between its neighbours `p` and `q`) across
/// the ray from `v`: `p` and `q` lie on opposite sides of the line `v w`, clearly.
fn passes_through(v: DVec2, w: DVec2, p: DVec2, q: DVec2, h0: f64) -> bool {
    let Some(u) = (w - v).try_normalize() else {
        return false;
    };
    let (dp, dq) = (p - w, q - w);
    let (op, oq) = (cross(u, dp), cross(u, dq));
    let (lp, lq) = (dp.length(), dq.length());
    op.abs() >= h0
        && oq.abs() >= h0
        && op.abs() >= PASS_SIN * lp
        && oq.abs() >= PASS_SIN * lq
        && (op > 0.0) != (oq > 0.0)
}

#[derive(Clone, Copy)]
struct Params {
    v: DVec2,
    h0: f64,
    m: f64,
    /// The agent radius.
    r: f64,
    /// The radius of the source's circle obstacle (0 for a point or a corner): tangents leave
    /// from all round it, so occluders only hide what they hide from every point of it.
    src: f64,
    /// The extra shrink (radians) at both ends of the piece being occluded, for a circle
    /// source.
    umbra: f64,
    /// A point source at `r > 0` (the start or the goal): `r`, else 0. Occluders are then
    /// grown by `r` and targets tested along their tangents' directions (see [`walk_from`]).
    grow: f64,
}

impl Params {
    /// The distance from `v` beyond which an occluder whose rays meet the obstacle (or come
    /// within `r - h0` of it, grown) nearer than `far` hides its directions.
    ///
    /// From a point source at `r > 0` the targets are the tangents' contact points `p2`
    /// (at distance `|p2 - v| >= ρ - min(r, r² / ρ)` for a corner at `ρ`; a circle's is
    /// tested in a bucket at most as far as the point `w` within `r` of `p2` on it, likewise)
    /// and buckets are tested grown by `r`: the chain of buckets along `v → c` (or `v → w`)
    /// stays within `r` of the ray towards `p2`, and every one of them is at most `ρ` (resp.
    /// `|v w|`) away. So an occluder in force at such a bucket (`act <= ρ`) with
    /// `act = far + m + min(r, r² / far)` meets the ray before `p2`, by `m`.
    #[inline]
    fn act(&self, far: f64) -> f64 {
        if self.grow > 0.0 {
            far + self.m + self.grow.min(self.grow * self.grow / far)
        } else {
            far + self.m
        }
    }
}

/// Queues the piece `s → t` of an edge as an occluder; `pass_s` / `pass_t` say whether the loop
/// runs on through that end across the rays near it.
fn occlude(walk: &mut Walk, p: &Params, s: DVec2, t: DVec2, pass_s: bool, pass_t: bool) {
    occlude_at(
        walk,
        p,
        (s, t),
        dist_point_segment(p.v, s, t),
        pass_s,
        pass_t,
    );
}

/// [`occlude`], `dist` being the distance from the source to the piece.
fn occlude_at(
    walk: &mut Walk,
    p: &Params,
    (s, t): (DVec2, DVec2),
    dist: f64,
    pass_s: bool,
    pass_t: bool,
) {
    let v = p.v;
    if dist < p.m + p.src {
        return;
    }
    let (ds, dt) = (s - v, t - v);
    let (ls, lt) = (ds.length(), dt.length());
    if ds.dot(dt) < 0.05 * ls * lt {
        // Two overlapping halves, each spanning less than a quarter turn.
        let (m1, m2) = (s + (t - s) * 0.55, s + (t - s) * 0.45);
        occlude(walk, p, s, m1, pass_s, false);
        occlude(walk, p, m2, t, false, pass_t);
        return;
    }
    let (a, b, pa, pb, la, lb) = if cross(ds, dt) >= 0.0 {
        (ds, dt, pass_s, pass_t, ls, lt)
    } else {
        (dt, ds, pass_t, pass_s, lt, ls)
    };
    // In pseudo-angles, which change no faster than angles: shrinking by an angle's worth
    // shrinks by at least that angle.
    let shrink = |pass: bool, l: f64| {
        if pass && p.src == 0.0 {
            -EXTEND
        } else {
            let x = p.h0 / l;
            (if x < 0.1 { 1.01 * x } else { x.min(1.0).asin() }) + 1e-12 + p.umbra
        }
    };
    if p.grow > 0.0 && dist >= p.grow + p.m {
        // Grown by `r - h0`: the rays passing within it of the piece, its ends widened by
        // the exact angle (rotated, then taken as pseudo-angles, shrunk by a rounding margin).
        let g = p.grow - p.h0;
        if g > 0.0 {
            let (xa, xb) = ((g / la).min(1.0), (g / lb).min(1.0));
            if xa.max(xb) < 0.1 {
                // Small angles: `asin x >= x`, and a pseudo-angle changes at least half as
                // fast as the angle, so widening by `x / 2` in pseudo-angle stays inside.
                let lo = pseudo(a) - 0.5 * xa + 1e-12;
                let ext = turn_mod(pseudo(b) - pseudo(a)) + 0.5 * (xa + xb) - 2e-12;
                if ext > 0.0 && ext < 1.5 {
                    walk.push_pending(p.act(la.max(lb)), lo, ext);
                    return;
                }
            } else {
                // The span `angle(a, b) + asin xa + asin xb`, first bounded from above without
                // trigonometry (the angle is at most twice its pseudo-angle extent, `asin x`
                // at most `π x / 2`), exactly only when the bound does not settle it.
                let pext = turn_mod(pseudo(b) - pseudo(a));
                let upper = 2.0 * pext + std::f64::consts::FRAC_PI_2 * (xa + xb);
                let narrow = upper < 0.9 * std::f64::consts::PI
                    || cross(a, b).atan2(a.dot(b)) + xa.asin() + xb.asin()
                        < 0.9 * std::f64::consts::PI;
                if narrow {
                    // Rotated by `asin xa` clockwise and `asin xb` counter-clockwise: the sine
                    // and cosine are known.
                    let lo = pseudo(rotate_sin(a, -xa)) + 1e-12;
                    let hi = pseudo(rotate_sin(b, xb)) - 1e-12;
                    let ext = turn_mod(hi - lo);
                    if ext > 0.0 && ext < 1.9 {
                        walk.push_pending(p.act(la.max(lb)), lo, ext);
                        return;
                    }
                }
            }
        }
    }
    let (sa, sb) = (shrink(pa, la), shrink(pb, lb));
    let a0 = pseudo(a);
    let ext = turn_mod(pseudo(b) - a0);
    if ext >= 1.5 {
        // Less than a quarter turn in angle is less than 1.5 in pseudo-angle: this is a piece
        // pointing at `v`, its ends' order lost in rounding.
        return;
    }
    let span = ext - sa - sb;
    if span <= 0.0 {
        return;
    }
    walk.push_pending(p.act(la.max(lb)), a0 + sa, span);
}

/// The directions a successor list of a corner may leave along: from `from` counter-clockwise
/// to `to` (less than a half turn apart), as a padded pseudo-angle range `(start, extent)`.
pub(crate) fn cone(from: DVec2, to: DVec2) -> (f64, f64) {
    let lo = pseudo(from);
    let ext = turn_mod(pseudo(to) - lo);
    (lo - 1e-6, ext + 2e-6)
}

/// Whether pseudo-angle `a` lies in the range `(start, extent)`.
#[inline]
fn in_cone(a: f64, (lo, ext): (f64, f64)) -> bool {
    turn_mod(a - lo) <= ext
}

/// `cone` widened on both sides by `w` (radians, which is at least `w` in pseudo-angle).
#[inline]
fn widen((lo, ext): (f64, f64), w: f64) -> Option<(f64, f64)> {
    (ext + 2.0 * w < FULL).then_some((lo - w, ext + 2.0 * w))
}

/// Fills `walk.cands` with every live, unburied corner that may be visible from `v` (see the
/// module documentation), in no particular order. With `cone` (see [`cone`]), only corners
/// some tangent leaving along a direction of it may reach: their direction from `v` is in the
/// cone, widened (at `r > 0`) by the angle `asin(2r / ρ)` between an inner tangent and the
/// line of centres, `ρ` the corner's distance.
pub(crate) fn visible_corners(
    world: &MeshWorld,
    walk: &mut Walk,
    v: DVec2,
    r: f64,
    cone: Option<(f64, f64)>,
) {
    visible_within(world, walk, v, r, cone, None);
}

/// The bound of a walk, `(g, b, w)`: the points within `w` (at least 0) of a point `p` with
/// `|v p| + |p g| <= b` (`v` the source, `b` at least `|v g|`).
pub(crate) type WalkBound = (DVec2, f64, f64);

/// [`visible_corners`], leaving out (when the world takes the walk) the buckets whose every
/// point lies outside `bound` (see [`WalkBound`]): the bound is convex and holds `v`, so a ray
/// from `v` leaves it once, and the buckets that meet it are reached as without the bound.
/// `walk.skipped` tells whether a bucket was left out.
pub(crate) fn visible_within(
    world: &MeshWorld,
    walk: &mut Walk,
    v: DVec2,
    r: f64,
    cone: Option<(f64, f64)>,
    bound: Option<WalkBound>,
) {
    if !takes_walk(world) {
        // A small world: listing every corner costs less than the walk.
        walk.resume = false;
        all_sites(world, walk);
    } else {
        walk_from(world, walk, (v, 0.0), r, cone, bound);
    }
}

/// [`visible_within`] from the same point, without a cone, going on from the last walk of
/// `walk` (made with `logging` on, from `v`, under a smaller bound) instead of starting over:
/// the candidates of the buckets it adds are appended to `walk.cands` and `walk.cand_discs`.
///
/// It queues the buckets the last walk left out beyond its bound, with the occluders the last
/// walk queued, each in force no nearer than the bucket that queued it (it came into force no
/// nearer in the last walk, when that bucket had been visited); the buckets the last walk
/// visited are not visited again. What it hides is hidden by the same occluders as in the
/// walk, and every bucket within the new bound that a ray from `v` reaches through buckets
/// within it is reached: through the buckets visited before up to one left out then (now
/// queued), then as in the walk. So every corner and circle a walk under the new bound would
/// list is listed, by one of the walks.
pub(crate) fn resume_within(
    world: &MeshWorld,
    walk: &mut Walk,
    v: DVec2,
    r: f64,
    bound: WalkBound,
) {
    walk.resume = true;
    visible_within(world, walk, v, r, None, Some(bound));
}

/// Every live, unburied corner and every circle as candidates.
pub(crate) fn all_sites(world: &MeshWorld, walk: &mut Walk) {
    walk.clear();
    walk.cands
        .extend((0..world.corners.len() as u32).filter(|&c| {
            let c = &world.corners[c as usize];
            c.alive && c.buried == 0
        }));
    walk.cand_discs
        .extend((0..world.discs.len() as u32).filter(|&d| world.discs[d as usize].alive));
}

/// The circles of bucket `idx` met for the first time in this walk: a candidate unless every
/// direction of its disc is hidden, or (with a cone) no tangent to it leaves along the cone.
///
/// A tangent from the source (a point, or a disc of radius `r` around it) to the circle grown
/// by `r` arrives at `p2`; the point `w = p2 - r n` (`n` the arrival normal) lies on the circle
/// itself, and `v` and `w` both lie in the disc's sweep along the tangent (a convex stadium),
/// so an edge crossing `v → w` transversally blocks the tangent, as for corners. A `w` whose
/// direction is open is in a bucket the walk visits, so the first bucket meeting the disc sees
/// its direction open too. The tangent's direction is that of `v → w` (outer tangents) or
/// within `asin(2r / |w - v|)` of it.
fn visit_discs(
    world: &MeshWorld,
    walk: &mut Walk,
    p: &Params,
    idx: usize,
    cone: Option<(f64, f64)>,
) {
    let g = &world.grid;
    if g.cbuckets[idx].is_empty() {
        return;
    }
    if walk.dseen.len() < world.discs.len() {
        walk.dseen.resize(world.discs.len(), 0);
    }
    for &di in &g.cbuckets[idx] {
        if walk.dseen[di as usize] == walk.generation {
            continue;
        }
        walk.dseen[di as usize] = walk.generation;
        let disc = world.discs[di as usize];
        let dvec = disc.c - p.v;
        let dl = dvec.length();
        let near = dl - disc.rad;
        // From a circle source of radius `R`, a segment from any point of it to a target
        // whose ray from `v` passes within `e` of this circle's centre passes within
        // `e + 1.42 R` of it (see `circle_sources`).
        let occluding = disc.rad - 1.5 * p.src - p.h0;
        // A point source at `r > 0` outside the circle grown by `r`: the grown circle occludes.
        let grown = p.grow > 0.0 && near >= p.grow + p.m;
        let occluding = if grown { occluding + p.grow } else { occluding };
        if near >= p.m + p.src && occluding > 0.0 {
            // The circle occludes, beyond its farthest point (plus the margin), the rays
            // passing deeper than `h0` inside it: a tangent whose `v → w` segment (see above)
            // passes there comes closer than `R' + r - h0` to its centre.
            // Within `asin x` of the centre's direction (rotations by a known sine).
            let x = (occluding / dl).min(1.0);
            let u = dvec / dl;
            let lo = pseudo(rotate_sin(u, -x)) + 1e-12;
            let ext = turn_mod(pseudo(rotate_sin(u, x)) - lo) - 1e-12;
            if ext > 0.0 && ext < 1.5 {
                let act = if p.grow > 0.0 {
                    // The rays enter the circle nearer than its centre.
                    p.act(dl)
                } else {
                    dl + disc.rad + p.m
                };
                walk.push_pending(act, lo, ext);
            }
        }
        if near <= p.m + 2.0 * p.r || near <= 0.0 {
            walk.cand_discs.push(di);
            continue;
        }
        // Radians bound pseudo-angles from above (see `pseudo`). From a point source at
        // `r > 0`, the tangents' directions: those of the circle grown by `r`.
        let half = ((disc.rad + p.grow) / dl).min(1.0).asin() + 1e-9;
        let a = pseudo(dvec);
        let (a0, a1) = (a - half, a + half);
        if walk.hides_wrapped(a0, a1) {
            continue;
        }
        if let Some(c) = cone {
            let w = if p.r == 0.0 {
                0.0
            } else {
                (2.0 * p.r / near).min(1.0).asin() + 1e-9
            };
            let keep = widen(c, w).is_none_or(|c| in_cone(a0, c) || in_cone(c.0, (a0, a1 - a0)));
            if !keep {
                continue;
            }
        }
        walk.cand_discs.push(di);
    }
}

/// The candidates of the tangents leaving circle obstacle `(c, rad)` (grown by `r`), in any
/// direction: [`all_sites`] in a world small enough to skip the walk, else the walk from `c`
/// whose occluders hide only what they hide from every point of the circle.
///
/// A tangent from the grown circle to a target passes within `r` of the segment from its
/// contact point's `w` on the circle itself (see [`visit_discs`]) to the target's; the
/// segments from points of the circle to a point `X` lie in the convex hull of the circle and
/// `X`, whose points at distance `ρ` from `c` are within the angle `asin(rad / ρ)` of the
/// direction of `X`. So an edge piece at distance `>= rad + m` from `c` hides, beyond its
/// farthest point plus `m`, the directions it spans shrunk by `asin(rad / d)` at both ends,
/// `d` the distance from `c` to its line (every such segment crosses it); and a circle of
/// radius `R'` the directions within `asin((R' - 1.5 rad - h0) / ρ')` of its centre's.
///
/// With `within = Some(d)` (a world that takes the walk), the buckets farther than about `d`
/// from `c` are left out (`walk.skipped` tells whether one was): the walk visits the nearer
/// ones as without it (the same queue order, the same occluders in force there), so it lists
/// every corner within `d` of `c` and every circle whose disc lies within `d` of it that the
/// walk without the bound lists through a chain of buckets within `d` (every visible one:
/// see [`walk_from`]).
pub(crate) fn circle_sources(
    world: &MeshWorld,
    walk: &mut Walk,
    (c, rad): (DVec2, f64),
    r: f64,
    within: Option<f64>,
) {
    if !takes_walk(world) {
        all_sites(world, walk);
    } else {
        walk_from(
            world,
            walk,
            (c, rad),
            r,
            None,
            within.map(|d| (c, 2.0 * d, 0.0)),
        );
    }
}

/// The walk of [`visible_within`] (and [`circle_sources`], `src` the source circle's radius),
/// whatever the size of the world: buckets in increasing distance from `v` (a priority
/// queue), each one's eight neighbours queued once it is visited. Every ray from `v` crosses
/// an 8-connected chain of buckets in increasing distance, and what hides a bucket hides the
/// ray beyond it, so a bucket holding a direction still open is always reached.
fn walk_from(
    world: &MeshWorld,
    walk: &mut Walk,
    (v, src): (DVec2, f64),
    r: f64,
    cone: Option<(f64, f64)>,
    bound: Option<WalkBound>,
) {
    let resume = std::mem::take(&mut walk.resume);
    if !resume {
        walk.clear();
    }
    let eps = world.eps();
    let h0 = 10.0 * eps;
    let diag = (world.max - world.min).length();
    let m = if r == 0.0 {
        h0
    } else {
        (2000.0 * eps).max(10.0 * eps * diag / r)
    };
    let params = Params {
        v,
        h0,
        m,
        r,
        src,
        umbra: 0.0,
        grow: if src == 0.0 && cone.is_none() { r } else { 0.0 },
    };
    let g = &world.grid;
    let cells = (g.nx * g.ny) as usize;
    if walk.seen.len() < cells {
        walk.seen.resize(cells, 0);
    }
    if !resume {
        walk.generation = walk.generation.wrapping_add(1);
        if walk.generation == 0 {
            walk.seen.iter_mut().for_each(|s| *s = 0);
            walk.dseen.iter_mut().for_each(|s| *s = 0);
            walk.generation = 1;
        }
    }
    let pad = g.cell * 1e-9 + eps;
    let (cx, cy) = (g.cell_x(v.x), g.cell_y(v.y));
    // Rings of a quarter of a bucket, out to the grid's diagonal (farther keys share the
    // last ring).
    let (width, rings) = (
        g.cell / RINGS,
        ((g.nx as f64).hypot(g.ny as f64) * RINGS) as usize + 2,
    );
    walk.queue.reset(width, rings);
    walk.pending.reset(width, rings);
    let start = (cy * g.nx + cx) as u32;
    let ellipse = bound.map(|b| Ellipse::new(v, b));
    if resume {
        walk.requeue();
    } else {
        walk.seen[start as usize] = walk.generation;
        walk.queue.push((0, start));
    }
    while let Some((bits, idx)) = walk.queue.pop() {
        let rho = f64::from_bits(bits);
        walk.rho = rho;
        let covered = &mut walk.covered;
        walk.pending.due(rho, |p| cover(covered, p.lo, p.hi));
        if walk.hides_all() {
            break;
        }
        let cell_cone = cone.and_then(|c| {
            let w = if r == 0.0 {
                0.0
            } else if rho > 2.0 * r {
                (2.0 * r / rho).min(1.0).asin() + 1e-9
            } else {
                std::f64::consts::FRAC_PI_2
            };
            widen(c, w)
        });
        let (x, y) = (idx as i64 % g.nx, idx as i64 / g.nx);
        // A bucket queued by this walk was tested as it was queued, the same way (below); only
        // those a resumed walk queued again from the last one's frontier need it (marked by
        // `requeue`; never the start's bucket, visited by the first walk).
        if let Some(ell) = ellipse
            && resume
            && walk.requeued[idx as usize] == walk.requeue_stamp
        {
            let lo = g.origin + DVec2::new(x as f64, y as f64) * g.cell;
            let hi = lo + DVec2::splat(g.cell);
            if ell.beyond(rho, lo, hi) {
                walk.leave_out(bits, idx);
                continue;
            }
        }
        if !visit_cell(world, walk, &params, x, y, idx != start, pad, cell_cone) {
            continue;
        }
        // The eight neighbours within the grid (the bucket itself was seen when queued): bit
        // `3 (dy + 1) + dx + 1` of `fresh` for the one at `(x + dx, y + dy)` not seen before
        // (now seen). The order they are queued in does not matter: the queue pops by
        // distance, then index.
        let generation = walk.generation;
        let fresh = if x > 0 && x + 1 < g.nx && y > 0 && y + 1 < g.ny {
            fresh_inside(&mut walk.seen, g.nx as usize, idx as usize, generation)
        } else {
            fresh_at_border(&mut walk.seen, g, x, y, generation)
        };
        let mut bits = fresh;
        while bits != 0 {
            let k = bits.trailing_zeros() as i64;
            bits &= bits - 1;
            let (nx, ny) = (x + k % 3 - 1, y + k / 3 - 1);
            let n = (ny * g.nx + nx) as u32;
            let lo = g.origin + DVec2::new(nx as f64, ny as f64) * g.cell;
            let hi = lo + DVec2::splat(g.cell);
            let d = (lo - v).max(v - hi).max(DVec2::ZERO).length();
            if let Some(ell) = ellipse
                && ell.beyond(d, lo, hi)
            {
                // Left out at once: popped, it would be (its distance is `d`). As
                // `Walk::leave_out`, inline.
                walk.skipped = true;
                if walk.logging {
                    walk.frontier.push((d.to_bits(), n));
                }
                continue;
            }
            walk.queue.push((d.to_bits(), n));
        }
    }
}

/// The neighbours of bucket `at` (not on the grid's border, `nx` buckets a row) not yet seen
/// by walk `generation`, as the bits of [`walk_from`]'s `fresh`; all of them marked seen.
/// Without branches: the three rows of three slots are read and written whatever they hold
/// (the bucket itself too: it was seen when queued, so it reads as seen and stays so).
#[inline]
fn fresh_inside(seen: &mut [u32], nx: usize, at: usize, generation: u32) -> u32 {
    let mut fresh = 0;
    for (row, base) in [(0, at - nx - 1), (1, at - 1), (2, at + nx - 1)] {
        let slots: &mut [u32; 3] = (&mut seen[base..base + 3]).try_into().unwrap();
        for (k, s) in slots.iter_mut().enumerate() {
            fresh |= u32::from(*s != generation) << (3 * row + k);
            *s = generation;
        }
    }
    debug_assert_eq!(fresh & 1 << 4, 0, "the bucket itself is seen");
    fresh
}

/// [`fresh_inside`] for a bucket `(x, y)` on the grid's border: the neighbours within the
/// grid.
#[inline(never)]
fn fresh_at_border(seen: &mut [u32], g: &EdgeGrid, x: i64, y: i64, generation: u32) -> u32 {
    let mut fresh = 0;
    for ny in (y - 1).max(0)..(y + 2).min(g.ny) {
        for nx in (x - 1).max(0)..(x + 2).min(g.nx) {
            let s = &mut seen[(ny * g.nx + nx) as usize];
            if *s != generation {
                *s = generation;
                fresh |= 1 << (3 * (ny - y + 1) + nx - x + 1);
            }
        }
    }
    fresh
}

/// The bound of a walk (see [`WalkBound`]): the points within `w` of the ellipse
/// `E = {p : |v p| + |p g| <= b}` (`v` the source), a convex set (the sum of two convex
/// sets). It lies in the region `|v p| + |p g| <= b + 2w` (for `p` within `w` of a point `p'`
/// of `E`, `|v p| <= |v p'| + w` and `|p g| <= |p' g| + w`), and in the strip
/// `|n·p - off| <= half + w` along the line `v g` (`E` lies in the strip of its semi-minor
/// axis `half`).
#[derive(Clone, Copy)]
struct Ellipse {
    g: DVec2,
    /// `b + 2w`.
    b: f64,
    /// The unit normal of the line `v g` (zero when `v = g`), and `n·v`.
    n: DVec2,
    off: f64,
    /// The ellipse's semi-minor axis `sqrt(b² - |v g|²) / 2`, padded for rounding (by
    /// `1e-9` relative and `1e-9 b`), plus `w`; infinite when `v = g`.
    half: f64,
}

impl Ellipse {
    fn new(v: DVec2, (g, b, w): WalkBound) -> Self {
        let l = v.distance(g);
        let n = (g - v).perp().normalize_or_zero();
        let half = if n == DVec2::ZERO {
            f64::INFINITY
        } else {
            0.5 * ((b - l).max(0.0) * (b + l)).sqrt() * (1.0 + 1e-9) + 1e-9 * b + w
        };
        Self {
            g,
            b: b + 2.0 * w,
            n,
            off: n.dot(v),
            half,
        }
    }

    /// Whether every point `p` of the bucket `[lo, hi]`, at distance `rho` from `v`, lies
    /// outside the bound: `|v p| + |p g| > b + 2w` by the lower bound `rho + |q g|`, `q` its
    /// point nearest the goal (without a root), or the bucket outside the strip. (The lower
    /// bound alone lets in buckets up to a bucket's width outside a thin ellipse, beside it;
    /// and at `w > 0` up to `w` beyond the strip on its flanks, where the region
    /// `|v p| + |p g| <= b + 2w` is wider than the strip by about `w b / half`.)
    #[inline]
    fn beyond(&self, rho: f64, lo: DVec2, hi: DVec2) -> bool {
        let slack = self.b - rho;
        if slack < 0.0 || self.g.clamp(lo, hi).distance_squared(self.g) > slack * slack {
            return true;
        }
        // The box's extent across the line: its corners' least and greatest offsets.
        let n = self.n;
        let (x0, x1) = if n.x >= 0.0 {
            (lo.x, hi.x)
        } else {
            (hi.x, lo.x)
        };
        let (y0, y1) = if n.y >= 0.0 {
            (lo.y, hi.y)
        } else {
            (hi.y, lo.y)
        };
        let (near, far) = (
            n.x * x0 + n.y * y0 - self.off,
            n.x * x1 + n.y * y1 - self.off,
        );
        near > self.half || far < -self.half
    }
}

/// Visits bucket `(x, y)`: its corners (in `cone`, if any) and occluders, unless all its
/// directions are occluded or outside the cone (`may_skip`: it does not hold `v`). Returns
/// whether it was visited.
#[allow(clippy::too_many_arguments)]
fn visit_cell(
    world: &MeshWorld,
    walk: &mut Walk,
    p: &Params,
    x: i64,
    y: i64,
    may_skip: bool,
    pad: f64,
    cone: Option<(f64, f64)>,
) -> bool {
    let g = &world.grid;
    let lo = g.origin + DVec2::new(x as f64, y as f64) * g.cell;
    let hi = lo + DVec2::splat(g.cell);
    let v = p.v;
    // From a point source at `r > 0`, the bucket grown by `r` (its targets' tangents aim
    // within it).
    let gpad = pad + p.grow;
    // Nothing hides anything yet, and no cone: visited (without the directions of the box).
    let open = walk.covered.is_empty() && cone.is_none();
    if may_skip
        && !open
        && let Some((a0, ext)) = box_range(v, lo - gpad, hi + gpad)
    {
        let (a0, a1) = (a0 - 1e-12, a0 + ext + 1e-12);
        if let Some(c) = cone
            && !in_cone(a0, c)
            && !in_cone(c.0, (a0, a1 - a0))
        {
            return false;
        }
        if walk.hides_wrapped(a0, a1) {
            return false;
        }
    }
    visit_discs(world, walk, p, (y * g.nx + x) as usize, cone);
    for &e in &g.buckets[(y * g.nx + x) as usize] {
        let edge = &world.edges[e as usize];
        if edge.corner != NO_CORNER && g.cell_x(edge.a.x) == x && g.cell_y(edge.a.y) == y {
            let c = &world.corners[edge.corner as usize];
            let d = c.v - v;
            let keep = d == DVec2::ZERO || {
                let a = pseudo(d);
                if p.grow > 0.0 {
                    // The two tangents' directions from the point to the disc of radius `r`
                    // lie within `asin(r / ρ)` of `d` (at most that much in pseudo-angle;
                    // `asin x <= 1.01 x` below 0.1).
                    let x = p.grow / d.length();
                    let w = if x < 0.1 { 1.01 * x } else { x.min(1.0).asin() } + 1e-9;
                    !walk.hides_wrapped(a - w, a + w)
                } else {
                    !walk.hides(a) && cone.is_none_or(|c| in_cone(a, c))
                }
            };
            if c.alive && c.buried == 0 && keep {
                walk.cands.push(edge.corner);
            }
        }
        if p.src == 0.0 && cone.is_none() && cross(edge.b - edge.a, v - edge.a) > 0.0 {
            // From a free point (the start or the goal; no cone), an edge whose blocked side
            // faces the point is met by its rays leaving the blocked side, after they entered
            // it through an edge facing the point, which occludes them first. Leaving it out
            // only ever keeps more: every occluder stands alone (see the module
            // documentation), so any subset of them hides nothing visible.
            continue;
        }
        let Some((s, t, is_a, is_b)) = clip(edge.a, edge.b, lo - pad, hi + pad) else {
            continue;
        };
        if p.src == 0.0 && p.grow > 0.0 {
            let dist = dist_point_segment(v, s, t);
            if dist >= p.grow + p.m {
                // Grown by `r` (see `occlude`): whether the loop runs on is not asked.
                occlude_at(walk, p, (s, t), dist, false, false);
                continue;
            }
        }
        if p.src > 0.0 {
            // A circle source: shrunk at both ends by the angle its points see beside `v`.
            let e = edge.b - edge.a;
            let d_line = cross(e, p.v - edge.a).abs() / e.length();
            if d_line.is_nan() || d_line <= p.src + p.m {
                continue;
            }
            let q = Params {
                umbra: (p.src / d_line).min(1.0).asin() + 1e-9,
                ..*p
            };
            occlude(walk, &q, s, t, false, false);
            continue;
        }
        // A clipped end is inside the edge: the edge itself runs on across the ray.
        let pass_s = if is_a {
            passes_through(v, edge.a, edge.prev, edge.b, p.h0)
        } else {
            passes_through(v, s, edge.a, edge.b, p.h0)
        };
        let pass_t = if is_b {
            passes_through(v, edge.b, edge.a, edge.next, p.h0)
        } else {
            passes_through(v, t, edge.a, edge.b, p.h0)
        };
        occlude(walk, p, s, t, pass_s, pass_t);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{left, tangent};
    use crate::sight::{Scratch, segment_block};
    use crate::world::Obstacle;
    use nav_geom::{Aabb, Vec2};
    use nav_testkit::TestRng;

    #[test]
    fn turn_mod_is_rem_euclid_bit_for_bit() {
        let mut rng = TestRng::new(7);
        let mut xs = vec![
            0.0,
            -0.0,
            4.0,
            -4.0,
            f64::EPSILON,
            -f64::EPSILON,
            4.0 - 1e-16,
            -4.0 + 1e-16,
            8.0,
            -8.5,
            1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        xs.extend((0..10_000).map(|_| rng.range(-9.0, 9.0)));
        for x in xs {
            assert_eq!(turn_mod(x).to_bits(), x.rem_euclid(FULL).to_bits(), "{x}");
        }
    }

    /// `fresh_inside` (the unrolled neighbours of a bucket off the grid's border) finds the
    /// same unseen neighbours as the clamped loops of `fresh_at_border`, and leaves `seen` the
    /// same, on random marks (the bucket itself seen, as in the walk).
    #[test]
    fn fresh_inside_matches_the_clamped_loops() {
        let mut rng = TestRng::new(5);
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(30.0))).unwrap();
        let _ = world.insert(Obstacle::Box(Aabb::new(Vec2::splat(3.0), Vec2::splat(4.0))));
        let g = &world.grid;
        assert!(g.nx >= 3 && g.ny >= 3, "grid {} x {}", g.nx, g.ny);
        let (nx, cells) = (g.nx, (g.nx * g.ny) as usize);
        let mut found = 0;
        for _ in 0..2000 {
            let generation = 1 + rng.below(3) as u32;
            let mut a: Vec<u32> = (0..cells).map(|_| rng.below(4) as u32).collect();
            let (x, y) = (
                1 + rng.below(nx as u64 - 2) as i64,
                1 + rng.below(g.ny as u64 - 2) as i64,
            );
            let at = (y * nx + x) as usize;
            a[at] = generation;
            let mut b = a.clone();
            let fresh = fresh_inside(&mut a, nx as usize, at, generation);
            assert_eq!(
                fresh,
                fresh_at_border(&mut b, g, x, y, generation),
                "({x}, {y})"
            );
            assert_eq!(a, b, "({x}, {y})");
            found += fresh.count_ones();
        }
        assert!(found > 5000, "too few unseen neighbours: {found}");
    }

    /// The scans of short range lists (`starts_below`, `ends_by`) give `partition_point`'s
    /// index, on lists that `cover` builds (of every length across `SCAN_RANGES`), for
    /// directions that fall on the ranges' ends exactly as well as between them.
    #[test]
    fn range_scans_are_partition_points() {
        let mut rng = TestRng::new(11);
        let mut lengths = [0usize; 2];
        for _ in 0..400 {
            let mut cov = Vec::new();
            let n = rng.below(24) as usize;
            for _ in 0..n {
                let lo = rng.range(-2.5, 2.0);
                cover(&mut cov, lo, lo + rng.range(0.0, 0.4));
            }
            lengths[usize::from(cov.len() > SCAN_RANGES)] += 1;
            let mut probes: Vec<f64> = cov.iter().flat_map(|&(l, h)| [l, h]).collect();
            probes.extend((0..16).map(|_| rng.range(-3.0, 3.0)));
            for a in probes {
                assert_eq!(
                    starts_below(&cov, a),
                    cov.partition_point(|&(l, _)| l < a),
                    "{cov:?} {a}"
                );
                assert_eq!(
                    ends_by(&cov, a),
                    cov.partition_point(|&(_, h)| h <= a),
                    "{cov:?} {a}"
                );
            }
        }
        assert!(
            lengths.iter().all(|&k| k > 50),
            "too few lists of a kind: {lengths:?}"
        );
    }

    /// Every corner some clear tangent reaches is a candidate of the walk: from a point (the
    /// start) with no cone, and from each turn of a corner circle of radius `r`, with the cone
    /// of that turn, for tangents whose departure normal lies in the corner's span.
    fn check(world: &MeshWorld, sources: &[DVec2], r: f64, what: &str) -> usize {
        let mut walk = Walk::default();
        let mut sc = Scratch::default();
        let mut seen = 0;
        let live: Vec<u32> = (0..world.corners.len() as u32)
            .filter(|&c| world.corners[c as usize].alive && world.corners[c as usize].buried == 0)
            .collect();
        let in_span = |c: u32, n: DVec2| {
            let c = &world.corners[c as usize];
            cross(c.n1, n) >= -1e-9 && cross(n, c.n2) >= -1e-9 && n.dot(c.n1 + c.n2) > 0.0
        };
        // (source point, source radius, source corner and its turn)
        // (source point, source radius, source corner and its turn, source circle's radius)
        let mut check_from = |v: DVec2, r1: f64, from: Option<(u32, f64)>, src: f64| {
            let dir_cone = from.map(|(c, s1)| {
                let c = &world.corners[c as usize];
                cone(s1 * left(c.n1), s1 * left(c.n2))
            });
            walk_from(world, &mut walk, (v, src), r, dir_cone, None);
            let mut cands = walk.cands.clone();
            cands.sort_unstable();
            let mut dedup = cands.clone();
            dedup.dedup();
            assert_eq!(cands.len(), dedup.len(), "{what}: a corner listed twice");
            let turns: &[f64] = match from {
                Some((_, s1)) => {
                    if s1 > 0.0 {
                        &[1.0]
                    } else {
                        &[-1.0]
                    }
                }
                None if src > 0.0 => &[1.0, -1.0],
                None => &[1.0],
            };
            for &c in &live {
                if from.is_some_and(|(f, _)| f == c) {
                    continue;
                }
                let cv = world.corners[c as usize].v;
                let clear = turns.iter().any(|&s1| {
                    [1.0, -1.0].iter().any(|&s2| {
                        tangent(v, r1, s1, cv, r, s2).is_some_and(|t| {
                            from.is_none_or(|(f, _)| in_span(f, t.normal(s1)))
                                && segment_block(world, &mut sc, t.p1, t.p2, r, false).is_none()
                        })
                    })
                });
                if clear {
                    seen += 1;
                    assert!(
                        cands.binary_search(&c).is_ok(),
                        "{what}: r {r}, corner {cv} reached by a clear tangent from {v} \
                         ({from:?}) but hidden by the walk"
                    );
                }
            }
            let mut discs = walk.cand_discs.clone();
            discs.sort_unstable();
            let n = discs.len();
            discs.dedup();
            assert_eq!(n, discs.len(), "{what}: a circle listed twice");
            for (d, disc) in world.discs.iter().enumerate() {
                if !disc.alive || (src > 0.0 && disc.c == v && disc.rad == src) {
                    continue;
                }
                let clear = turns.iter().any(|&s1| {
                    [1.0, -1.0].iter().any(|&s2| {
                        tangent(v, r1, s1, disc.c, disc.rad + r, s2).is_some_and(|t| {
                            from.is_none_or(|(f, _)| in_span(f, t.normal(s1)))
                                && segment_block(world, &mut sc, t.p1, t.p2, r, false).is_none()
                        })
                    })
                });
                if clear {
                    seen += 1;
                    assert!(
                        discs.binary_search(&(d as u32)).is_ok(),
                        "{what}: r {r}, circle {} reached by a clear tangent from {v} \
                         ({from:?}) but hidden by the walk",
                        disc.c
                    );
                }
            }
        };
        for &s in sources {
            check_from(s, 0.0, None, 0.0);
        }
        for d in &world.discs {
            if d.alive {
                check_from(d.c, d.rad + r, None, d.rad);
            }
        }
        for &c in &live {
            for s1 in [1.0, -1.0] {
                check_from(world.corners[c as usize].v, r, Some((c, s1)), 0.0);
            }
        }
        seen
    }

    #[test]
    fn the_walk_never_hides_a_reachable_corner_on_random_worlds() {
        let mut seen = 0;
        for seed in 0..24u64 {
            let mut rng = TestRng::new(seed);
            let world = random_world(&mut rng);
            let sources: Vec<DVec2> = (0..4)
                .map(|_| DVec2::new(rng.range(0.0, 30.0), rng.range(0.0, 30.0)))
                .collect();
            for r in [0.0, 0.3, 1.1] {
                seen += check(&world, &sources, r, &format!("seed {seed}"));
            }
        }
        assert!(seen > 1000, "too few reachable corners checked: {seen}");
    }

    /// A walk from a point under a length bound, resumed under larger ones (`resume_within`),
    /// lists every corner and circle that a clear tangent from the point reaches with
    /// `|s p2| + |p2 g| <= b` (`p2` its contact point, `b` the last bound), as a fresh walk
    /// under `b` would; the first walk alone misses some of them. The walks are bounded as the
    /// start's (`(g, b, r)`: within `r` of the ellipse); it fails ("target 23 ... not
    /// listed", seed 0, r = 1.1) when the ellipse's strip is not widened by `r`.
    #[test]
    fn resumed_walks_list_every_target_within_the_last_bound() {
        let (mut seen, mut missed_first) = (0, 0);
        let mut sc = Scratch::default();
        for seed in 0..24u64 {
            let mut rng = TestRng::new(seed);
            let world = random_world(&mut rng);
            let mut walk = Walk::default();
            for _ in 0..4 {
                let s = DVec2::new(rng.range(0.0, 30.0), rng.range(0.0, 30.0));
                let g = DVec2::new(rng.range(0.0, 30.0), rng.range(0.0, 30.0));
                let sg = s.distance(g);
                for r in [0.0, 0.3, 1.1] {
                    // Every target reached by a clear tangent, with its `|s p2| + |p2 g|`.
                    let mut targets = Vec::new();
                    let sites = (0..world.corners.len())
                        .filter(|&c| world.corners[c].alive && world.corners[c].buried == 0)
                        .map(|c| (false, c as u32, world.corners[c].v, r))
                        .chain(
                            world
                                .discs
                                .iter()
                                .enumerate()
                                .filter(|(_, d)| d.alive)
                                .map(|(d, disc)| (true, d as u32, disc.c, disc.rad + r)),
                        );
                    for (is_disc, id, c, rad) in sites {
                        let f = [1.0, -1.0]
                            .iter()
                            .filter_map(|&s2| tangent(s, 0.0, 1.0, c, rad, s2))
                            .filter(|t| {
                                segment_block(&world, &mut sc, t.p1, t.p2, r, false).is_none()
                            })
                            .map(|t| t.p1.distance(t.p2) + t.p2.distance(g))
                            .fold(f64::INFINITY, f64::min);
                        if f.is_finite() {
                            targets.push((is_disc, id, f));
                        }
                    }
                    for (k, excess) in [0.02, 0.2, 0.8, 3.0].into_iter().enumerate() {
                        let b = sg * (1.0 + excess);
                        walk.logging = true;
                        walk.resume = k > 0;
                        let bound = (g, b + world.eps(), r);
                        walk_from(&world, &mut walk, (s, 0.0), r, None, Some(bound));
                        for &(is_disc, id, f) in &targets {
                            if f > b {
                                continue;
                            }
                            let listed = if is_disc {
                                walk.cand_discs.contains(&id)
                            } else {
                                walk.cands.contains(&id)
                            };
                            assert!(
                                listed,
                                "seed {seed}, r {r}, bound {b}: target {id} (a circle: \
                                 {is_disc}) with f {f} from {s} to {g} not listed"
                            );
                            seen += 1;
                        }
                        if k == 0 {
                            let first = (walk.cands.clone(), walk.cand_discs.clone());
                            missed_first += targets
                                .iter()
                                .filter(|&&(is_disc, id, f)| {
                                    f <= sg * 4.0
                                        && !if is_disc {
                                            first.1.contains(&id)
                                        } else {
                                            first.0.contains(&id)
                                        }
                                })
                                .count();
                        }
                    }
                    let mut c = walk.cands.clone();
                    c.sort_unstable();
                    let n = c.len();
                    c.dedup();
                    assert_eq!(n, c.len(), "seed {seed}: a corner listed twice");
                }
            }
        }
        assert!(seen > 1000, "too few targets checked: {seen}");
        assert!(
            missed_first > 100,
            "the first walks miss too few: {missed_first}"
        );
    }

    /// A resumed walk visits no bucket beyond its bound: the bucket of every corner it adds is
    /// within the new ellipse, though the last walk's frontier (queued again) holds buckets
    /// beyond it when the bound grows by little (the pop tests those, see `requeue`).
    #[test]
    fn resumed_walks_visit_no_bucket_beyond_their_bound() {
        let (mut added, mut requeued_beyond) = (0, 0);
        for seed in 0..24u64 {
            let mut rng = TestRng::new(seed);
            let world = random_world(&mut rng);
            let g = &world.grid;
            let mut walk = Walk::default();
            for _ in 0..4 {
                let s = DVec2::new(rng.range(0.0, 30.0), rng.range(0.0, 30.0));
                let goal = DVec2::new(rng.range(0.0, 30.0), rng.range(0.0, 30.0));
                let sg = s.distance(goal);
                for r in [0.0, 0.3] {
                    for k in 0..6 {
                        let b = sg * (1.02 + 0.01 * k as f64) + world.eps();
                        let ell = Ellipse::new(s, (goal, b, r));
                        let bucket = |idx: u32| {
                            let (x, y) = (idx as i64 % g.nx, idx as i64 / g.nx);
                            let lo = g.origin + DVec2::new(x as f64, y as f64) * g.cell;
                            let hi = lo + DVec2::splat(g.cell);
                            let d = (lo - s).max(s - hi).max(DVec2::ZERO).length();
                            ell.beyond(d, lo, hi)
                        };
                        if k > 0 {
                            requeued_beyond +=
                                walk.frontier.iter().filter(|&&(_, i)| bucket(i)).count();
                        }
                        let before = if k > 0 { walk.cands.len() } else { 0 };
                        walk.logging = true;
                        walk.resume = k > 0;
                        walk_from(&world, &mut walk, (s, 0.0), r, None, Some((goal, b, r)));
                        for &c in &walk.cands[before..] {
                            let v = world.corners[c as usize].v;
                            let idx = (g.cell_y(v.y) * g.nx + g.cell_x(v.x)) as u32;
                            assert!(
                                idx == (g.cell_y(s.y) * g.nx + g.cell_x(s.x)) as u32
                                    || !bucket(idx),
                                "seed {seed}, r {r}, level {k}: corner {c} listed beyond the bound"
                            );
                            added += usize::from(k > 0);
                        }
                    }
                }
            }
        }
        assert!(
            added > 100,
            "too few corners added by resumed walks: {added}"
        );
        assert!(
            requeued_beyond > 50,
            "too few requeued buckets beyond the new bound: {requeued_beyond}"
        );
    }

    /// A random world of 16 obstacles (boxes, thin walls, polygons, circles) in 30 x 30.
    fn random_world(rng: &mut TestRng) -> MeshWorld {
        let size = 30.0f32;
        let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(size))).unwrap();
        for _ in 0..16 {
            let c = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
            let ob = match rng.below(4) {
                3 => Obstacle::Circle(nav_geom::Circle::new(c, rng.range_f32(0.3, 3.0))),
                0 => {
                    let h = Vec2::new(rng.range_f32(0.2, 3.0), rng.range_f32(0.2, 3.0));
                    Obstacle::Box(Aabb::new(c - h, c + h))
                }
                1 => {
                    let a = rng.range_f32(0.0, 3.2);
                    let along = Vec2::from_angle(a) * rng.range_f32(1.0, 6.0);
                    let across = along.perp() * 0.05;
                    Obstacle::Polygon(vec![
                        c - along - across,
                        c + along - across,
                        c + along + across,
                        c - along + across,
                    ])
                }
                _ => {
                    let n = 5 + rng.below(5) as usize;
                    Obstacle::Polygon(
                        (0..n)
                            .map(|i| {
                                let a = (i as f32 + rng.range_f32(0.1, 0.9)) / n as f32
                                    * std::f32::consts::TAU;
                                c + Vec2::from_angle(a) * rng.range_f32(0.8, 3.0)
                            })
                            .collect(),
                    )
                }
            };
            let _ = world.insert(ob);
        }
        world
    }

    #[test]
    fn the_walk_never_hides_a_reachable_corner_on_random_grids() {
        let mut seen = 0;
        for seed in 0..8u64 {
            let mut rng = TestRng::new(100 + seed);
            let (w, h) = (24u32, 20u32);
            let walkable: Vec<bool> = (0..w * h).map(|_| !rng.chance(0.22)).collect();
            let map = nav_grid::GridMap::from_walkable(w, h, &walkable).unwrap();
            let world = MeshWorld::from_grid(&map).unwrap();
            let sources: Vec<DVec2> = (0..4)
                .map(|_| {
                    DVec2::new(
                        rng.below(w as u64) as f64 + 0.5,
                        rng.below(h as u64) as f64 + 0.5,
                    )
                })
                .collect();
            for r in [0.0, 0.5, 0.25] {
                seen += check(&world, &sources, r, &format!("grid seed {seed}"));
            }
        }
        assert!(seen > 1000, "too few reachable corners checked: {seen}");
    }
}
