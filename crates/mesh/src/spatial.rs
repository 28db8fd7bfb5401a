//! Point queries: fits, nearest fit, raycast, connected.

use glam::DVec2;
use nav_geom::Vec2;

use crate::connect::{Connectivity, Place, Ready};
use crate::error::{MeshError, Point};
use crate::geometry::{closest_t, cross, left};
use crate::search::{MeshContext, MeshQuery, check_radius, checked_point};
use crate::sight::{Scratch, segment_block};
use crate::world::{MeshWorld, NO_CORNER};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fit {
    Fits,
    OutOfBounds,
    Blocked,
}

/// Where a disc of radius `r` at `p` stands.
pub(crate) fn fit_status(world: &MeshWorld, sc: &mut Scratch, p: DVec2, r: f64) -> Fit {
    fit_status_with(world, sc, p, r, true)
}

/// [`fit_status`]; with `edges` false, the edges are not looked at (and neither are the
/// circles: a world without circles only). A caller passes false when a sight test it made
/// shows that no edge lies within `r - eps` of `p`: a `segment_block` from or to `p` at
/// radius `r > 0` that found the segment clear (its `dist_segment_segment` is at most the
/// distance from `p`, compared to the same `r - eps`, over every edge near `p`; the segment
/// of positive length).
pub(crate) fn fit_status_with(
    world: &MeshWorld,
    sc: &mut Scratch,
    p: DVec2,
    r: f64,
    edges: bool,
) -> Fit {
    fit_and_pinch::<false>(world, sc, p, r, edges).0
}

/// [`fit_status_with`], and whether `p` is a pinch point: at `r > 0`, the disc touches
/// obstacles (or the bounds) from two opposite sides, so that `p` is a point where two grown
/// obstacles touch, a zero-width gap. Such a point is sealed: a path may neither pass through
/// it nor start or end on it (see the crate's contract). Always false at `r = 0`, for a point
/// that does not fit, and with `edges` false (no edge is looked at).
pub(crate) fn fit_pinched(
    world: &MeshWorld,
    sc: &mut Scratch,
    p: DVec2,
    r: f64,
    edges: bool,
) -> (Fit, bool) {
    fit_and_pinch::<true>(world, sc, p, r, edges)
}

/// Two touches whose directions from the disc's centre have a dot product below this are
/// opposite (an angle within about `1.4e-6` of a half turn: the zero-width rule's sight tests
/// take a touch's side with a sine of `1e-6`).
const PINCH_DOT: f64 = -1.0 + 1e-12;

/// The directions of the touches [`fit_and_pinch`] keeps to pair (a point touched more often
/// pairs its later touches with these only).
const PINCH_TOUCHES: usize = 16;

/// [`fit_status_with`], and with `PINCH` whether the disc touches within the tolerance from
/// two opposite directions ([`fit_pinched`]).
fn fit_and_pinch<const PINCH: bool>(
    world: &MeshWorld,
    sc: &mut Scratch,
    p: DVec2,
    r: f64,
    edges: bool,
) -> (Fit, bool) {
    let bl = world.bounds_loop();
    let lp = world.loops[bl as usize].as_ref().expect("bounds loop");
    if world.loop_strictly_contains(lp, p) {
        return (Fit::OutOfBounds, false);
    }
    let mut blocked = false;
    let mut pinch = false;
    debug_assert!(edges || world.discs.is_empty());
    if edges && (r > 0.0 || !world.discs.is_empty()) {
        let eps = if r > 0.0 {
            world.eps().min(0.25 * r)
        } else {
            world.eps()
        };
        let m = r + eps;
        let (lo, hi) = (p - m, p + m);
        let mut out_of_bounds = false;
        let mut dirs = [DVec2::ZERO; PINCH_TOUCHES];
        let mut kept = 0;
        let mut touch = |to: DVec2| {
            let Some(u) = (to - p).try_normalize() else {
                return;
            };
            pinch |= dirs[..kept].iter().any(|d| d.dot(u) < PINCH_DOT);
            if kept < PINCH_TOUCHES {
                dirs[kept] = u;
                kept += 1;
            }
        };
        sc.gather_box_with(world, lo, hi, &mut |e| {
            if e & crate::sight::DISC_BIT != 0 {
                // A circle: the centre keeps distance `R + r` from its centre.
                let disc = &world.discs[(e & !crate::sight::DISC_BIT) as usize];
                let d = p.distance(disc.c);
                blocked |= d < disc.rad + r - eps;
                if PINCH && r > 0.0 && d <= disc.rad + r + eps {
                    touch(disc.c);
                }
                return true;
            }
            if r == 0.0 {
                return true;
            }
            let edge = &world.edges[e as usize];
            // An edge whose box misses `[lo, hi]` is farther than `m = r + eps` from `p`
            // (rounding is far below `eps`), so it cannot be within `r - eps`.
            if edge.a.max(edge.b).cmplt(lo).any() || edge.a.min(edge.b).cmpgt(hi).any() {
                return true;
            }
            let d = crate::geometry::dist_point_segment(p, edge.a, edge.b);
            if d < r - eps {
                if edge.lp == bl {
                    out_of_bounds = true;
                    return false;
                }
                blocked = true;
            } else if PINCH && d <= r + eps {
                touch(edge.a + (edge.b - edge.a) * closest_t(p, edge.a, edge.b));
            }
            true
        });
        if out_of_bounds {
            return (Fit::OutOfBounds, false);
        }
    }
    if blocked || world.count_containing(p, Some(bl)) > 0 {
        (Fit::Blocked, false)
    } else {
        (Fit::Fits, pinch)
    }
}

/// The eight f32 neighbours of a point and the point itself, as steps of -1, 0 or +1 along x
/// and y (for [`MeshWorld::fitting_f32`]).
const NEIGHBOURS: [(i8, i8); 9] = [
    (0, 0),
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// How many `f32` points [`MeshWorld::nearest_fit`] may try one by one, in a region of free
/// space too thin for its nudges (far from the origin).
const SCAN_BUDGET: f64 = 4096.0;

/// The finest `f32` spacing within `h` of `v` (at its smallest magnitude there).
fn spacing(v: f64, h: f64) -> f64 {
    let m = if (v - h..=v + h).contains(&0.0) {
        0.0
    } else {
        (v.abs() - h) as f32
    };
    let m = m.next_down().max(0.0);
    (m.next_up() - m) as f64
}

/// `x`, or the next `f32` below or above it (`d` = 0, -1, +1).
fn f32_step(x: f32, d: i8) -> f32 {
    match d {
        -1 => x.next_down(),
        1 => x.next_up(),
        _ => x,
    }
}

impl MeshWorld {
    /// Whether a disc of radius `radius` centred at `p` fits: inside the bounds and
    /// overlapping no obstacle (touching is allowed).
    ///
    /// ```
    /// use nav_geom::{Aabb, Vec2};
    /// use nav_mesh::{MeshWorld, Obstacle};
    ///
    /// let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(10.0)))?;
    /// world.insert(Obstacle::Box(Aabb::new(Vec2::new(4.0, 4.0), Vec2::new(6.0, 6.0))))?;
    /// assert!(world.fits(Vec2::new(3.0, 5.0), 1.0)?); // touches the box
    /// assert!(!world.fits(Vec2::new(3.5, 5.0), 1.0)?);
    /// assert_eq!(world.nearest_fit(Vec2::new(3.5, 5.0), 1.0)?, Some(Vec2::new(3.0, 5.0)));
    /// // Moving right from (1, 5), the disc touches the box after 2 units.
    /// let d = world.raycast(Vec2::new(1.0, 5.0), Vec2::X, 100.0, 1.0)?.unwrap();
    /// assert!((d - 2.0).abs() < 1e-5);
    /// # Ok::<(), nav_mesh::MeshError>(())
    /// ```
    pub fn fits(&self, p: Vec2, radius: f32) -> Result<bool, MeshError> {
        let pd = checked_point(p, "query")?;
        let r = check_radius(self, radius)?;
        let mut sc = Scratch::default();
        Ok(matches!(fit_status(self, &mut sc, pd, r), Fit::Fits))
    }

    /// The point nearest to `p` where a disc of radius `radius` fits (`p` itself if it fits),
    /// or `None` when it fits nowhere. The returned `f32` point is checked to fit; where the
    /// nearest free space is a sliver holding no `f32` point (far from the origin, where `f32`
    /// steps are coarse), it is the nearest fitting `f32` point found among the candidates'
    /// neighbours (a few thousand `f32` points tried at most).
    pub fn nearest_fit(&self, p: Vec2, radius: f32) -> Result<Option<Vec2>, MeshError> {
        let pd = checked_point(p, "query")?;
        let r = check_radius(self, radius)?;
        let mut sc = Scratch::default();
        if matches!(fit_status(self, &mut sc, pd, r), Fit::Fits) {
            return Ok(Some(p));
        }
        // A disc wider than the bounds' box fits nowhere.
        if 2.0 * r > (self.max - self.min).min_element() {
            return Ok(None);
        }
        let diag = (self.max - self.min).length();
        let far = pd.distance(self.min.max(pd.min(self.max))) + diag;
        let mut reach = (diag / 64.0).max(r).max(1e-6 * self.scale);
        loop {
            let best = self.nearest_within(&mut sc, pd, r, reach);
            let last = reach > 2.0 * far + 2.0 * r;
            match best {
                // Every candidate nearer than `q` was tried: they all lie within `reach`.
                Some((d, q, lower)) if d <= reach || last => {
                    return Ok(Some(self.nearer_f32(&mut sc, pd, r, lower, d, q)));
                }
                None if last => return Ok(None),
                _ => reach *= 2.0,
            }
        }
    }

    /// The nearest fitting `f32` point found from the candidates within `reach` of `p`, with
    /// its distance to `p` (which may exceed `reach`: a candidate's fitting `f32` point may
    /// lie many `f32` steps from it) and the distance of the nearest candidate that fits in
    /// `f64` (no point nearer than that fits).
    fn nearest_within(
        &self,
        sc: &mut Scratch,
        p: DVec2,
        r: f64,
        reach: f64,
    ) -> Option<(f64, Vec2, f64)> {
        // Features of the boundary of the free space: edges moved out by r, corner circles.
        #[derive(Clone, Copy)]
        enum F {
            Seg(DVec2, DVec2),
            /// A circle: a corner's (radius `r`) or a circle obstacle's (`R + r`).
            Circ(DVec2, f64),
        }
        let m = reach + r + self.eps();
        sc.gather_box(self, p - m, p + m);
        let mut feats = Vec::new();
        for &e in &sc.near {
            let edge = &self.edges[e as usize];
            let n = -left((edge.b - edge.a).normalize());
            let (a, b) = (edge.a + n * r, edge.b + n * r);
            // Only features passing within `reach` of p can hold a candidate.
            if crate::geometry::dist_point_segment(p, a, b) <= reach {
                feats.push(F::Seg(a, b));
            }
            if r > 0.0 && edge.corner != NO_CORNER && (p.distance(edge.a) - r).abs() <= reach {
                feats.push(F::Circ(edge.a, r));
            }
        }
        for &d in &sc.near_d {
            let disc = &self.discs[d as usize];
            let rad = disc.rad + r;
            if (p.distance(disc.c) - rad).abs() <= reach {
                feats.push(F::Circ(disc.c, rad));
            }
        }
        let mut cands: Vec<DVec2> = Vec::new();
        for f in &feats {
            match *f {
                F::Seg(a, b) => cands.push(a + (b - a) * closest_t(p, a, b)),
                F::Circ(c, rad) => {
                    let d = (p - c).try_normalize().unwrap_or(DVec2::X);
                    cands.push(c + d * rad);
                }
            }
        }
        for i in 0..feats.len() {
            for j in i + 1..feats.len() {
                match (feats[i], feats[j]) {
                    (F::Seg(a, b), F::Seg(c, d)) => {
                        let den = cross(b - a, d - c);
                        if den != 0.0 {
                            let t = cross(c - a, d - c) / den;
                            let u = cross(c - a, b - a) / den;
                            if (-1e-12..=1.0 + 1e-12).contains(&t)
                                && (-1e-12..=1.0 + 1e-12).contains(&u)
                            {
                                cands.push(a + (b - a) * t);
                            }
                        }
                    }
                    (F::Seg(a, b), F::Circ(c, rad)) | (F::Circ(c, rad), F::Seg(a, b)) => {
                        if let Some((t0, t1)) = crate::geometry::line_stadium(a, b - a, c, c, rad) {
                            for t in [t0, t1] {
                                if (0.0..=1.0).contains(&t) {
                                    cands.push(a + (b - a) * t);
                                }
                            }
                        }
                    }
                    (F::Circ(c1, r1), F::Circ(c2, r2)) => {
                        // The crossings of two circles, from the radical line.
                        let d = c2 - c1;
                        let dl = d.length();
                        if r1 == r2 && dl > 0.0 && dl <= 2.0 * r1 {
                            let mid = c1 + d * 0.5;
                            let h = (r1 * r1 - 0.25 * dl * dl).max(0.0).sqrt();
                            let perp = left(d / dl);
                            cands.push(mid + perp * h);
                            cands.push(mid - perp * h);
                        } else if r1 != r2 && dl > 0.0 {
                            // The crossings of two circles (nav-geom's radical-line kernel), or
                            // where they touch.
                            if let Some((mid, half)) = nav_geom::f64::covered_arc(c1, r1, c2, r2) {
                                for a in [mid - half, mid + half] {
                                    cands.push(c1 + DVec2::from_angle(a) * r1);
                                }
                            } else if (dl - (r1 + r2)).abs() <= 1e-12 * (r1 + r2) {
                                cands.push(c1 + d / dl * r1);
                            }
                        }
                    }
                }
            }
        }
        cands.sort_by(|a, b| a.distance_squared(p).total_cmp(&b.distance_squared(p)));
        // The first candidate with a fitting f32 point is not enough: far from the origin (an
        // f32 step of 1/128 at 65536) the free space near it may be a sliver holding no f32
        // point for many steps, and its nudges then land farther than a later candidate's
        // own f32 point. The candidates are tried until one lies beyond the best point found.
        let mut best: Option<(f64, Vec2)> = None;
        let mut lower = None;
        for c in cands {
            let dc = c.distance(p);
            if dc > reach || best.is_some_and(|(bd, _)| dc >= bd) {
                break;
            }
            // A candidate that does not fit before rounding is not worth nudging.
            if !matches!(fit_status(self, sc, c, r), Fit::Fits) {
                continue;
            }
            lower.get_or_insert(dc);
            let q = self.fitting_f32(sc, p, c, r);
            if let Some(q) = q {
                let d = q.as_dvec2().distance(p);
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, q));
                }
            }
            // Nudges that went far (or found nothing): the tip of a thin cusp, whose first f32
            // points the nudges' directions may miss; the f32 points around it are all tried.
            let steps = 4.0 * spacing(c.x, 0.0).max(spacing(c.y, 0.0));
            if q.is_none_or(|q| q.as_dvec2().distance(c) > steps) {
                let bound = best.map_or(f64::INFINITY, |(bd, _)| bd);
                if let Some(found) = self.scan_around(sc, p, c, r, bound) {
                    best = Some(found);
                }
            }
        }
        best.map(|(d, q)| (d, q, lower.unwrap_or(0.0)))
    }

    /// `q` (a fitting `f32` point at distance `d` from `p`), or a nearer fitting `f32` point:
    /// every `f32` point at a distance in `[lower, d)` from `p` is tried, when they are few
    /// ([`SCAN_BUDGET`]; far from the origin, where a sliver of free space near the nearest
    /// candidates may hold no `f32` point while a point between them and `q` fits). Near the
    /// origin `q` lies within a few `f32` steps of `lower` and nothing is tried.
    fn nearer_f32(&self, sc: &mut Scratch, p: DVec2, r: f64, lower: f64, d: f64, q: Vec2) -> Vec2 {
        let (sx, sy) = (spacing(p.x, d), spacing(p.y, d));
        let lower = (lower - 2.0 * sx.max(sy)).max(0.0);
        if d <= lower + 4.0 * sx.max(sy)
            || std::f64::consts::PI * (d * d - lower * lower) / (sx * sy) > SCAN_BUDGET
        {
            return q;
        }
        let mut best = (d, None);
        let mut y = ((p.y - d) as f32).next_down();
        while (y as f64) <= p.y + d {
            let dy = y as f64 - p.y;
            let outer = (best.0 * best.0 - dy * dy).max(0.0).sqrt();
            let inner = (lower * lower - dy * dy).max(0.0).sqrt();
            // The row's two spans of the annulus, left and right of `p`.
            for span in [(p.x - outer, p.x - inner), (p.x + inner, p.x + outer)] {
                self.scan_row(sc, p, r, y, span, &mut best);
            }
            y = y.next_up();
        }
        best.1.unwrap_or(q)
    }

    /// Tries the `f32` points of row `y` from `from` to `to`, keeping in `best` the one
    /// nearest to `p` where the disc fits, nearer than `best`'s distance (which it lowers).
    fn scan_row(
        &self,
        sc: &mut Scratch,
        p: DVec2,
        r: f64,
        y: f32,
        (from, to): (f64, f64),
        best: &mut (f64, Option<Vec2>),
    ) {
        let mut x = (from as f32).next_down();
        while (x as f64) <= to {
            let c = DVec2::new(x as f64, y as f64);
            let d = c.distance(p);
            if d < best.0 && matches!(fit_status(self, sc, c, r), Fit::Fits) {
                *best = (d, Some(Vec2::new(x, y)));
            }
            x = x.next_up();
        }
    }

    /// The fitting `f32` point nearest to `p` (nearer than `bound`) in the smallest square
    /// around `c` (half side 4 f32 steps, doubling) that holds one, or in the next larger
    /// square; `None` when the squares grow beyond [`SCAN_BUDGET`] points or `bound`.
    fn scan_around(
        &self,
        sc: &mut Scratch,
        p: DVec2,
        c: DVec2,
        r: f64,
        bound: f64,
    ) -> Option<(f64, Vec2)> {
        let mut h = 4.0 * spacing(c.x, 0.0).max(spacing(c.y, 0.0));
        let mut best = (bound, None);
        let found = |best: (f64, Option<Vec2>)| best.1.map(|q| (best.0, q));
        let mut more = 1;
        loop {
            let (sx, sy) = (spacing(c.x, h), spacing(c.y, h));
            if (2.0 * h / sx + 1.0) * (2.0 * h / sy + 1.0) > SCAN_BUDGET
                || c.distance(p) - h * std::f64::consts::SQRT_2 > best.0
            {
                return found(best);
            }
            let mut y = ((c.y - h) as f32).next_down();
            while (y as f64) <= c.y + h {
                self.scan_row(sc, p, r, y, (c.x - h, c.x + h), &mut best);
                y = y.next_up();
            }
            if best.1.is_some() {
                if more == 0 {
                    return found(best);
                }
                more -= 1;
            }
            h *= 2.0;
        }
    }

    /// `c` rounded to `f32`, nudged by a few ulps (away from `p` first, then in eight
    /// directions) until it fits, if it can be: a candidate where two grown features meet may
    /// only fit on one side of the rounding.
    fn fitting_f32(&self, sc: &mut Scratch, p: DVec2, c: DVec2, r: f64) -> Option<Vec2> {
        let away = (c - p).try_normalize().unwrap_or(DVec2::X);
        let ulp = (c.abs().max_element().max(1.0)) * f32::EPSILON as f64;
        // Keeps `q` in `best` when it is nearer to `p` than `best` and the disc fits there.
        let mut consider = |best: &mut Option<(f64, Vec2)>, q: Vec2| {
            let d = q.as_dvec2().distance(p);
            if best.is_none_or(|(bd, _)| d < bd)
                && matches!(fit_status(self, sc, q.as_dvec2(), r), Fit::Fits)
            {
                *best = Some((d, q));
            }
        };
        let mut step = 0.0;
        for _ in 0..10 {
            let mut best: Option<(f64, Vec2)> = None;
            for k in 0..9 {
                let dir = if k == 0 {
                    away
                } else {
                    DVec2::from_angle(k as f64 * std::f64::consts::FRAC_PI_4)
                };
                let q = (c + dir * step).as_vec2();
                consider(&mut best, q);
                if step == 0.0 {
                    break;
                }
            }
            if let Some((_, q)) = best {
                return Some(q);
            }
            step = if step == 0.0 { ulp } else { step * 2.0 };
        }
        // Still nothing: the candidate may be the tip of a cusp of free space (an edge and a
        // corner's circle crossing at a tiny angle, as one f32 step of radius past a gap's
        // closing), thinner than one f32 step for a while, where no nudge along the nine
        // directions lands inside. Nudges along sixteen directions, each rounded point with
        // its eight f32 neighbours, find the cusp's first f32 points (or nothing, at a point
        // where the disc fits alone).
        let mut step = ulp;
        for _ in 0..12 {
            let mut best: Option<(f64, Vec2)> = None;
            for k in 0..16 {
                let dir = DVec2::from_angle(k as f64 * std::f64::consts::FRAC_PI_8);
                let base = (c + dir * step).as_vec2();
                for (dx, dy) in NEIGHBOURS {
                    let q = Vec2::new(f32_step(base.x, dx), f32_step(base.y, dy));
                    consider(&mut best, q);
                }
            }
            if let Some((_, q)) = best {
                return Some(q);
            }
            step *= 2.0;
        }
        // Still nothing: a cusp narrower than the sixteen directions' spacing (two grown
        // features crossing at an angle below 22 degrees, such as a corner's circle and a wall's
        // edge at a corridor's closing radius) is missed by them at every distance. The
        // nearest f32 points along 256 directions, doubling the step to 2^14 ulps, find it.
        let mut step = ulp;
        for _ in 0..15 {
            let mut best: Option<(f64, Vec2)> = None;
            for k in 0..256 {
                let dir = DVec2::from_angle(k as f64 * std::f64::consts::TAU / 256.0);
                let q = (c + dir * step).as_vec2();
                consider(&mut best, q);
            }
            if let Some((_, q)) = best {
                return Some(q);
            }
            step *= 2.0;
        }
        None
    }

    /// How far a disc of radius `radius` can move from `from` along `dir` (any length, not
    /// zero) before it overlaps an obstacle, leaves the bounds or passes a zero-width gap:
    /// `Some(distance)` of the first contact within `max_distance`, `None` if the whole move is
    /// clear. `Some(0.0)` when the disc does not fit at `from`.
    pub fn raycast(
        &self,
        from: Vec2,
        dir: Vec2,
        max_distance: f32,
        radius: f32,
    ) -> Result<Option<f32>, MeshError> {
        let p = checked_point(from, "ray origin")?;
        if !dir.is_finite() || dir == Vec2::ZERO {
            return Err(MeshError::InvalidDirection { dir: Point(dir) });
        }
        if max_distance.is_nan() || max_distance < 0.0 {
            return Err(MeshError::InvalidDistance {
                distance: max_distance,
            });
        }
        let r = check_radius(self, radius)?;
        let mut sc = Scratch::default();
        if !matches!(fit_status(self, &mut sc, p, r), Fit::Fits) {
            return Ok(Some(0.0));
        }
        let d = dir.as_dvec2().normalize();
        let max =
            (max_distance as f64).min(4.0 * (self.max - self.min).length() + 4.0 * self.scale);
        if max == 0.0 {
            return Ok(None);
        }
        let q = p + d * max;
        Ok(segment_block(self, &mut sc, p, q, r, true).map(|t| (t * max) as f32))
    }

    /// Whether a disc of radius `radius` can travel from `a` to `b` (both must fit), exactly,
    /// with the rules of [`MeshContext::find_path`].
    ///
    /// The first call triangulates the world (a constrained Delaunay triangulation of the
    /// obstacles' and the bounds' edges, see [`prepare_connected`](MeshWorld::prepare_connected);
    /// edits repair it, and the first call after an edit derives its forests again). A disc
    /// crossing a triangle edge between two obstacle points needs the edge longer than
    /// `2 * radius`, and going through a triangle between two of its edges, their shared vertex
    /// farther than that from the wall opposite; so when the triangles of `a` and `b` are not
    /// joined through such passages the answer is `false` in `O(log n)`, without a path
    /// search. A roadmap of points in the free space, whose edges carry their exact clearance,
    /// answers `true` when both ends see it and it joins them by edges clearer than the disc,
    /// also in `O(log n)` (plus a few sight tests). Otherwise (1% to 5% of the Moving AI rows
    /// measured in `docs/polygons.md`, and points the triangulation cannot place) it runs a
    /// path search with a context of its own; callers that ask often should keep a
    /// [`MeshContext`] and call [`MeshContext::connected`], whose searches reuse its caches
    /// ([`MeshContext::connected_how`] says which way each answer was reached).
    ///
    /// The triangulation comes from `spade`, whose internal assertions fail on a few inputs
    /// (a build, or an edit's repair); such a panic is caught, and the repair dropped (the next
    /// call triangulates again) or the build left out (every call searches), so the answers
    /// stay right. In a program built with `panic = "abort"` it aborts instead: such programs
    /// should not call `connected`, `connected_how`, [`prepare_connected`](Self::prepare_connected)
    /// or [`free_triangles`](Self::free_triangles), the only calls that triangulate.
    ///
    /// ```
    /// use nav_geom::{Aabb, Vec2};
    /// use nav_mesh::{MeshWorld, Obstacle};
    ///
    /// // Two walls leave a gap of 2 between y = 4 and y = 6.
    /// let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(10.0)))?;
    /// world.insert(Obstacle::Box(Aabb::new(Vec2::new(4.0, 0.0), Vec2::new(6.0, 4.0))))?;
    /// world.insert(Obstacle::Box(Aabb::new(Vec2::new(4.0, 6.0), Vec2::new(6.0, 10.0))))?;
    /// let (a, b) = (Vec2::new(2.0, 5.0), Vec2::new(8.0, 5.0));
    /// assert!(world.connected(a, b, 0.9)?);
    /// assert!(!world.connected(a, b, 1.0)?); // exactly as wide as the disc: closed
    /// assert!(!world.connected(a, b, 1.5)?);
    /// # Ok::<(), nav_mesh::MeshError>(())
    /// ```
    pub fn connected(&self, a: Vec2, b: Vec2, radius: f32) -> Result<bool, MeshError> {
        MeshContext::new().connected(self, a, b, radius)
    }

    /// Builds now the triangulation that [`connected`](MeshWorld::connected) builds on its
    /// first call, and its forests (derived again after each edit); returns its number of
    /// triangles (0 if it
    /// could not be built, in which case `connected` always searches). Thread-safe: concurrent
    /// callers wait for one build. While it is built, [`MeshContext::find_path`] also answers
    /// `NoPath` without a search (0 expansions) when it proves the ends apart (not with
    /// `Limits::partial_path`, which needs the search); `find_path` never builds it.
    pub fn prepare_connected(&self) -> usize {
        self.connectivity().map_or(0, |c| c.triangles())
    }

    /// Limits the threads that the build behind [`connected`](MeshWorld::connected) (the
    /// first call, [`prepare_connected`](Self::prepare_connected), or the first call after an
    /// edit) may use, the calling thread included: `1` keeps it on the calling thread, for
    /// programs that own their threads; `0` (the default) lets it choose. It then computes
    /// the roadmap's clearances on up to [`std::thread::available_parallelism`] threads (at
    /// most 8, spawned with [`std::thread::scope`] for that call and joined before it
    /// returns), only when there are thousands of them (a large world's first build, not an
    /// edit's); a thread that cannot be spawned leaves its share to the calling thread, and
    /// on wasm32 it always stays there. The answers are the same for any number of threads,
    /// bit for bit. Clones keep the limit.
    pub fn set_connected_threads(&mut self, threads: usize) {
        self.connected_threads = threads;
    }

    /// The limit set by [`set_connected_threads`](Self::set_connected_threads) (0: automatic).
    pub fn connected_threads(&self) -> usize {
        self.connected_threads
    }

    /// The free triangles (counter-clockwise) of the triangulation behind
    /// [`connected`](MeshWorld::connected), built if need be: a triangulated navigation mesh
    /// of the free space at radius 0, e.g. to draw or to hand to another navigator. Triangles
    /// with a corner where two obstacle edges cross have that corner rounded to `f32`. Empty
    /// if the triangulation could not be built.
    pub fn free_triangles(&self) -> Vec<[Vec2; 3]> {
        self.connectivity().map_or_else(Vec::new, |c| {
            c.free_triangles()
                .into_iter()
                .map(|t| t.map(|p| p.as_vec2()))
                .collect()
        })
    }

    /// Whether the triangulation, if already built (never built here), proves that a disc of
    /// radius `r` cannot travel between `a` and `b` (both fit).
    pub(crate) fn proves_disconnected(&self, a: DVec2, b: DVec2, r: f64) -> bool {
        let Some(conn) = self.conn.get().and_then(|c| c.as_deref()?.ready_now()) else {
            return false;
        };
        matches!(
            (conn.place(a), conn.place(b)),
            (Place::Free(fa), Place::Free(fb)) if !conn.may_connect(fa, fb, r)
        )
    }

    /// What the triangulation behind [`connected`](MeshWorld::connected) cost, if it is built
    /// (never built here): see [`ConnectedBuild`].
    pub fn connected_build(&self) -> Option<ConnectedBuild> {
        let conn = self.conn.get()?.as_deref()?;
        Some(ConnectedBuild {
            triangles: conn.triangles(),
            triangulation: conn.triangulating,
            repaired: conn.repaired,
            forests: conn.ready_now().map(|r| r.deriving),
        })
    }

    pub(crate) fn connectivity(&self) -> Option<Ready<'_>> {
        self.conn
            .get_or_init(|| Connectivity::build(self).map(Box::new))
            .as_deref()?
            .ready(self)
    }
}

/// The cost of the triangulation behind [`MeshWorld::connected`]
/// ([`MeshWorld::connected_build`]).
///
/// The triangulation is built whole on the first `connected` (or
/// [`prepare_connected`](MeshWorld::prepare_connected)); later edits repair it locally, each
/// in time proportional to the triangles around the edited obstacle, and the forests and the
/// roadmap derived from it are updated, in the tiles the edit reached, on the first
/// `connected` after an edit.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct ConnectedBuild {
    /// Triangles of the triangulation.
    pub triangles: usize,
    /// Time of the last work on the triangulation: its full build, or the repair done by the
    /// last edit.
    pub triangulation: std::time::Duration,
    /// Whether the triangulation was repaired by edits since its full build.
    pub repaired: bool,
    /// Time spent deriving the forests and the roadmap, if they are built for the current
    /// version of the world.
    pub forests: Option<std::time::Duration>,
}

/// How [`MeshContext::connected_how`] reached its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Decided {
    /// An end does not fit or is a pinch point, sealed (`false`), or both ends are the same
    /// point (`true`).
    Ends,
    /// The triangulation's passage widths prove every way narrower than the disc (`false`).
    Widths,
    /// The roadmap holds a path whose clearance exceeds the radius (`true`).
    Roadmap,
    /// A path search decided.
    Search,
}

impl Decided {
    /// `ends`, `widths`, `roadmap` or `search`.
    pub fn as_str(self) -> &'static str {
        match self {
            Decided::Ends => "ends",
            Decided::Widths => "widths",
            Decided::Roadmap => "roadmap",
            Decided::Search => "search",
        }
    }
}

impl MeshContext {
    /// [`MeshWorld::connected`] with this context for the searches it cannot avoid (its
    /// successor lists stay warm between calls). The last path of the context is replaced
    /// when it searches.
    pub fn connected(
        &mut self,
        world: &MeshWorld,
        a: Vec2,
        b: Vec2,
        radius: f32,
    ) -> Result<bool, MeshError> {
        self.connected_how(world, a, b, radius).map(|(c, _)| c)
    }

    /// [`connected`](MeshContext::connected), and how the answer was reached: without a
    /// search ([`Decided::Widths`] for "no", [`Decided::Roadmap`] for "yes") or by one.
    ///
    /// ```
    /// use nav_geom::{Aabb, Vec2};
    /// use nav_mesh::{Decided, MeshContext, MeshWorld, Obstacle};
    ///
    /// let mut world = MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(10.0)))?;
    /// world.insert(Obstacle::Box(Aabb::new(Vec2::new(4.0, 0.0), Vec2::new(6.0, 4.0))))?;
    /// world.insert(Obstacle::Box(Aabb::new(Vec2::new(4.0, 6.0), Vec2::new(6.0, 10.0))))?;
    /// let mut ctx = MeshContext::new();
    /// let (a, b) = (Vec2::new(2.0, 5.0), Vec2::new(8.0, 5.0));
    /// assert_eq!(ctx.connected_how(&world, a, b, 0.5)?, (true, Decided::Roadmap));
    /// assert_eq!(ctx.connected_how(&world, a, b, 1.0)?, (false, Decided::Widths));
    /// # Ok::<(), nav_mesh::MeshError>(())
    /// ```
    pub fn connected_how(
        &mut self,
        world: &MeshWorld,
        a: Vec2,
        b: Vec2,
        radius: f32,
    ) -> Result<(bool, Decided), MeshError> {
        let pa = checked_point(a, "start")?;
        let pb = checked_point(b, "goal")?;
        let r = check_radius(world, radius)?;
        let (fa, pinch_a) = fit_pinched(world, &mut self.scratch, pa, r, true);
        let (fb, pinch_b) = fit_pinched(world, &mut self.scratch, pb, r, true);
        if fa != Fit::Fits || fb != Fit::Fits {
            return Ok((false, Decided::Ends));
        }
        if pa == pb {
            return Ok((true, Decided::Ends));
        }
        if pinch_a || pinch_b {
            // A pinch point is sealed (as `find_path` takes it).
            return Ok((false, Decided::Ends));
        }
        // Built here if need be; then the search below checks it again, for free.
        if let Some(conn) = world.connectivity()
            && let (Place::Free(fa), Place::Free(fb)) = (conn.place(pa), conn.place(pb))
        {
            if !conn.may_connect(fa, fb, r) {
                return Ok((false, Decided::Widths));
            }
            if conn.certify(world, &mut self.scratch, (pa, fa), (pb, fb), r) {
                return Ok((true, Decided::Roadmap));
            }
        }
        let path = self.find_path(world, &MeshQuery::new(a, b).with_radius(radius))?;
        Ok((path.is_found(), Decided::Search))
    }
}

#[cfg(test)]
mod tests {
    use glam::DVec2;
    use nav_testkit::TestRng;

    use super::{Fit, fit_status, fit_status_with};
    use crate::MeshWorld;
    use crate::geometry::dist_point_segment;
    use crate::sight::{Scratch, segment_block};

    /// `fit_status` as it was before its edges came from a visit with a box test: every edge
    /// of the world looked at.
    fn fit_of_every_edge(world: &MeshWorld, p: DVec2, r: f64) -> (bool, bool) {
        let eps = world.eps().min(0.25 * r);
        let bl = world.bounds_loop();
        let near: Vec<_> = (0..world.edges.len())
            .filter(|&e| world.edges[e].alive)
            .filter(|&e| dist_point_segment(p, world.edges[e].a, world.edges[e].b) < r - eps)
            .collect();
        (
            near.iter().any(|&e| world.edges[e].lp == bl),
            !near.is_empty(),
        )
    }

    /// On random grids (walls at exact distances `r` from cell centres and corners at
    /// `r = 0.5` and 1): `fit_status` at `r > 0` agrees with a test of every edge, and when a
    /// segment from or to the point is clear at `r`, `fit_status_with` without the edges
    /// gives the same answer (what `prepare` relies on).
    #[test]
    fn fit_tests_agree_with_every_edge_and_with_a_clear_line() {
        let mut rng = TestRng::new(0xf17);
        let (mut skipped, mut blocked) = (0usize, 0usize);
        for (size, density) in [(16u32, 0.1), (24, 0.2), (40, 0.3)] {
            let walkable: Vec<bool> = (0..size * size).map(|_| rng.unit() >= density).collect();
            let map = nav_grid::GridMap::from_walkable(size, size, &walkable).expect("a map");
            let world = MeshWorld::from_grid(&map).expect("a world");
            let mut sc = Scratch::default();
            for k in 0..600 {
                let pt = |rng: &mut TestRng| {
                    let half = [0.0, 0.5, 0.25, 0.75][k % 4];
                    DVec2::new(
                        rng.below(size as u64 + 1) as f64 + half - 0.5,
                        rng.below(size as u64 + 1) as f64 + half - 0.5,
                    )
                };
                let p = pt(&mut rng);
                let o = pt(&mut rng) * (8.0 / size as f64) - DVec2::splat(4.0);
                let q = p + o;
                for r in [0.25, 0.5, 1.0, 1.5, 2.0] {
                    let f = fit_status(&world, &mut sc, p, r);
                    let (oob, near) = fit_of_every_edge(&world, p, r);
                    if oob {
                        assert_eq!(f, Fit::OutOfBounds, "{p}, r = {r}");
                    } else if near {
                        assert_ne!(f, Fit::Fits, "{p}, r = {r}");
                    }
                    if f != Fit::Fits {
                        blocked += 1;
                    }
                    if !near {
                        let g = fit_status_with(&world, &mut sc, p, r, false);
                        assert_eq!(f, g, "{p}, r = {r}");
                    }
                    for (a, b) in [(p, q), (q, p)] {
                        if a != b && segment_block(&world, &mut sc, a, b, r, false).is_none() {
                            let g = fit_status_with(&world, &mut sc, p, r, false);
                            assert_eq!(f, g, "{a} -> {b}, r = {r}");
                            skipped += 1;
                        }
                    }
                }
            }
        }
        assert!(
            skipped > 1000 && blocked > 1000,
            "{skipped} skipped, {blocked} blocked"
        );
    }
}
