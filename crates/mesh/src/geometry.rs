//! f64 kernels: orientation, distances, tangents between corner circles, angle spans.

use std::f64::consts::TAU;

use glam::DVec2;

/// The z component of `a x b`.
#[inline]
pub(crate) fn cross(a: DVec2, b: DVec2) -> f64 {
    a.x * b.y - a.y * b.x
}

/// `a` turned a quarter counter-clockwise.
#[inline]
pub(crate) fn left(a: DVec2) -> DVec2 {
    DVec2::new(-a.y, a.x)
}

/// `y.atan2(x)`, bit for bit, with the cases on an axis (`x` or `y` zero, not both) answered
/// without the call: there the arctangent is exact by definition (IEEE 754 and C's Annex F:
/// `±0` for `x > 0`, `±π` for `x < 0`, `±π/2` for `y ≠ 0`, each rounded to the nearest
/// double). Grid worlds have many such directions: normals and offsets along the axes.
#[inline]
pub(crate) fn atan2(y: f64, x: f64) -> f64 {
    use std::f64::consts::{FRAC_PI_2, PI};
    if y == 0.0 && x != 0.0 && !x.is_nan() {
        if x > 0.0 {
            y
        } else if y.is_sign_negative() {
            -PI
        } else {
            PI
        }
    } else if x == 0.0 && y != 0.0 && !y.is_nan() {
        if y > 0.0 { FRAC_PI_2 } else { -FRAC_PI_2 }
    } else {
        y.atan2(x)
    }
}

/// The angle from direction `from` counter-clockwise to direction `to`, in `[0, 2π)`.
#[inline]
pub(crate) fn ccw_angle(from: DVec2, to: DVec2) -> f64 {
    let a = atan2(cross(from, to), from.dot(to));
    if a < 0.0 { a + TAU } else { a }
}

/// Parameter of the point of segment `ab` closest to `p`, in `[0, 1]`.
#[inline]
pub(crate) fn closest_t(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let d = b - a;
    let len2 = d.length_squared();
    if len2 == 0.0 {
        0.0
    } else {
        ((p - a).dot(d) / len2).clamp(0.0, 1.0)
    }
}

/// Distance from `p` to segment `ab`.
#[inline]
pub(crate) fn dist_point_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let t = closest_t(p, a, b);
    p.distance(a + (b - a) * t)
}

/// Whether closed segments `ab` and `cd` share a point.
#[inline]
pub(crate) fn segments_intersect(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> bool {
    let o1 = cross(b - a, c - a);
    let o2 = cross(b - a, d - a);
    let o3 = cross(d - c, a - c);
    let o4 = cross(d - c, b - c);
    if ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))
        && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0))
    {
        return true;
    }
    let on = |p: DVec2, q: DVec2, x: DVec2, o: f64| {
        o == 0.0 && x.cmpge(p.min(q)).all() && x.cmple(p.max(q)).all()
    };
    on(a, b, c, o1) || on(a, b, d, o2) || on(c, d, a, o3) || on(c, d, b, o4)
}

/// Distance between segments `pq` and `ab`.
#[inline]
pub(crate) fn dist_segment_segment(p: DVec2, q: DVec2, a: DVec2, b: DVec2) -> f64 {
    if segments_intersect(p, q, a, b) {
        return 0.0;
    }
    dist_point_segment(p, a, b)
        .min(dist_point_segment(q, a, b))
        .min(dist_point_segment(a, p, q))
        .min(dist_point_segment(b, p, q))
}

/// Whether segment `ab` meets the box `[lo, hi]` (bounds may be infinite).
pub(crate) fn segment_touches_box(a: DVec2, b: DVec2, lo: DVec2, hi: DVec2) -> bool {
    clip_segment_t(a, b, lo, hi).is_some()
}

/// The parameters `t0 <= t1` (along `a + t (b - a)`, within `[0, 1]`) of the part of segment
/// `ab` inside the box `[lo, hi]` (bounds may be infinite), or `None` when they do not meet:
/// the segment clipped one axis at a time (Liang and Barsky).
#[inline]
pub(crate) fn clip_segment_t(a: DVec2, b: DVec2, lo: DVec2, hi: DVec2) -> Option<(f64, f64)> {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for axis in 0..2 {
        let (o, v, l, h) = (a[axis], d[axis], lo[axis], hi[axis]);
        if v == 0.0 {
            if o < l || o > h {
                return None;
            }
        } else {
            let (mut ta, mut tb) = ((l - o) / v, (h - o) / v);
            if ta > tb {
                std::mem::swap(&mut ta, &mut tb);
            }
            t0 = t0.max(ta);
            t1 = t1.min(tb);
            if t0 > t1 {
                return None;
            }
        }
    }
    Some((t0, t1))
}

/// The parameters `t` (along `p + t d`, unclamped) where the line is within `radius` of
/// segment `ab`: the line clipped by the stadium `ab ⊕ disc(radius)`. `None` if it misses.
pub(crate) fn line_stadium(
    p: DVec2,
    d: DVec2,
    a: DVec2,
    b: DVec2,
    radius: f64,
) -> Option<(f64, f64)> {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    let dd = d.length_squared();
    if dd == 0.0 {
        return None;
    }
    // The two discs.
    for c in [a, b] {
        let f = p - c;
        let bq = f.dot(d);
        let cq = f.length_squared() - radius * radius;
        let disc = bq * bq - dd * cq;
        if disc >= 0.0 {
            let s = disc.sqrt();
            lo = lo.min((-bq - s) / dd);
            hi = hi.max((-bq + s) / dd);
        }
    }
    // The rectangle: 0 <= u <= L along the edge, |v| <= radius across.
    let e = b - a;
    let len = e.length();
    if len > 0.0 {
        let ux = e / len;
        let vx = left(ux);
        let (u0, du) = ((p - a).dot(ux), d.dot(ux));
        let (v0, dv) = ((p - a).dot(vx), d.dot(vx));
        let mut t0 = f64::NEG_INFINITY;
        let mut t1 = f64::INFINITY;
        let mut ok = true;
        for (o, v, l, h) in [(u0, du, 0.0, len), (v0, dv, -radius, radius)] {
            if v == 0.0 {
                if o < l || o > h {
                    ok = false;
                }
            } else {
                let (mut ta, mut tb) = ((l - o) / v, (h - o) / v);
                if ta > tb {
                    std::mem::swap(&mut ta, &mut tb);
                }
                t0 = t0.max(ta);
                t1 = t1.min(tb);
            }
        }
        if ok && t0 <= t1 {
            lo = lo.min(t0);
            hi = hi.max(t1);
        }
    }
    (lo <= hi).then_some((lo, hi))
}

/// A tangent segment from circle `(c1, r1)` travelled turning `s1` (+1 counter-clockwise,
/// -1 clockwise) to circle `(c2, r2)` turning `s2`. Radii may be 0 (points).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tangent {
    pub p1: DVec2,
    pub p2: DVec2,
    pub dir: DVec2,
    pub len: f64,
}

impl Tangent {
    /// Outward normal at the contact on a circle travelled turning `s` (+1 / -1).
    #[inline]
    pub fn normal(&self, s: f64) -> DVec2 {
        -s * left(self.dir)
    }
}

pub(crate) fn tangent(c1: DVec2, r1: f64, s1: f64, c2: DVec2, r2: f64, s2: f64) -> Option<Tangent> {
    let dvec = c2 - c1;
    let dd = dvec.length_squared();
    if dd == 0.0 {
        return None;
    }
    let k = s2 * r2 - s1 * r1;
    let l2 = dd - k * k;
    if l2 < 0.0 {
        return None;
    }
    let len = l2.sqrt();
    let dir = ((dvec * len - left(dvec) * k) / dd).normalize();
    if !dir.is_finite() {
        return None;
    }
    let p1 = c1 - s1 * r1 * left(dir);
    let p2 = c2 - s2 * r2 * left(dir);
    Some(Tangent { p1, p2, dir, len })
}

/// Whether the direction at angle `atan2(y, x)` (taken in `[0, 2π)`) lies within `sweep` of
/// the arc's start, or within `1e-15` short of a full turn: [`in_sweep_end`] without the end
/// direction (the quadrant test, else the arctangent). The reference of the tests.
#[cfg(test)]
pub(crate) fn in_sweep(y: f64, x: f64, sweep: f64) -> bool {
    in_sweep_end(y, x, sweep, 0.0, 0.0)
}

/// Whether the direction `d` at angle `atan2(y, x)` (taken in `[0, 2π)`) lies within `sweep`
/// of the arc's start, or within `1e-15` short of a full turn, given also `d`'s cross product
/// `c` with the arc's end direction `n_end = rotate(n0, s sweep)` (a unit vector), turning the
/// arc's way (`cross(d, n_end)` turning left, `cross(n_end, d)` turning right), and `d`'s
/// squared length `dd`. The answer of the arctangent, which decides only where the cheaper
/// tests cannot:
/// - the quadrant of the direction, where the sweep ends clearly outside it;
/// - else (in the first three quadrants) the sign of `c`, once `|c| > 1e-12 |d|`: the
///   direction then lies within a quarter turn and `1e-12` of the end's quadrant, so
///   `c ≈ |d| sin(sweep - t)` (`t` its angle from the start, up to rounding of about
///   `1e-16 |d|`) has the sign of `sweep - t`, and `|sweep - t| > 1e-12` while the
///   arctangent's `t` is off by about `1e-15`: both say `t <= sweep` alike. (`c = 0` never
///   decides.)
#[inline]
pub(crate) fn in_sweep_end(y: f64, x: f64, sweep: f64, c: f64, dd: f64) -> bool {
    if y != 0.0 && x != 0.0 {
        let q = match (y > 0.0, x > 0.0) {
            (true, true) => 0.0,
            (true, false) => 1.0,
            (false, false) => 2.0,
            (false, true) => 3.0,
        };
        let lo = q * std::f64::consts::FRAC_PI_2;
        if sweep >= lo + std::f64::consts::FRAC_PI_2 + 1e-12 {
            return true;
        }
        // In the last quadrant, not within `1e-12` short of the full turn either.
        if sweep <= lo - 1e-12 && (q != 3.0 || -y > 1e-12 * x) {
            return false;
        }
        if q != 3.0 && c * c > 1e-24 * dd {
            return c > 0.0;
        }
    }
    let a = atan2(y, x);
    let t = if a < 0.0 { a + TAU } else { a };
    t <= sweep || t >= TAU - 1e-15
}

/// Distance from arc (centre `v`, radius `r`, from direction `n0` turning `s` through `sweep`,
/// ending along `n_end = rotate(n0, s sweep)`, given: computed once for many segments) to
/// segment `ab`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn dist_arc_segment_to(
    v: DVec2,
    r: f64,
    n0: DVec2,
    n_end: DVec2,
    s: f64,
    sweep: f64,
    a: DVec2,
    b: DVec2,
) -> f64 {
    let on_arc = |dir: DVec2| on_arc(n0, n_end, s, sweep, dir);
    let e0 = v + n0 * r;
    let e1 = v + n_end * r;
    let mut best = dist_point_segment(e0, a, b).min(dist_point_segment(e1, a, b));
    for x in [a, b] {
        if on_arc(x - v) {
            best = best.min((x.distance(v) - r).abs());
        }
    }
    let t = closest_t(v, a, b);
    let c = a + (b - a) * t;
    let dc = c.distance(v);
    if on_arc(c - v) && dc >= r {
        best = best.min(dc - r);
    }
    if dc < r {
        // The segment's line crosses the circle: the crossings within the segment on the arc.
        let d = b - a;
        let dd = d.length_squared();
        if dd > 0.0 {
            let tu = (v - a).dot(d) / dd;
            let cu = a + d * tu;
            let h = ((r * r - cu.distance_squared(v)).max(0.0)).sqrt() / dd.sqrt();
            for tt in [tu - h, tu + h] {
                if (0.0..=1.0).contains(&tt) {
                    let x = a + d * tt;
                    if on_arc(x - v) {
                        best = 0.0;
                    }
                }
            }
        }
    }
    best
}

/// Whether direction `dir` (from the centre) lies on the arc from `n0` turning `s` through
/// `sweep` to `n_end` (the zero vector never does).
#[inline(always)]
fn on_arc(n0: DVec2, n_end: DVec2, s: f64, sweep: f64, dir: DVec2) -> bool {
    if dir == DVec2::ZERO {
        return false;
    }
    // `ccw_angle(n0, dir)` turning left, `ccw_angle(dir, n0)` turning right.
    let (y, x, c) = if s > 0.0 {
        (cross(n0, dir), n0.dot(dir), cross(dir, n_end))
    } else {
        (cross(dir, n0), dir.dot(n0), cross(n_end, dir))
    };
    in_sweep_end(y, x, sweep, c, dir.length_squared())
}

/// Whether segment `ab` comes within `near` of the arc (as in [`dist_arc_segment_to`])
/// somewhere other than its two ends: at the arc's point in the direction of `a`, of `b`, or
/// of the point of `ab`'s line nearest the centre, where the distance along the arc has its
/// other local minima (it is monotone between them and the ends). For a segment that crosses
/// no point of the arc (the caller knows it is farther than 0): a crossing is not looked for.
/// Each distance is compared before its direction is placed on the arc.
#[allow(clippy::too_many_arguments)]
pub(crate) fn arc_inside_near(
    v: DVec2,
    r: f64,
    n0: DVec2,
    n_end: DVec2,
    s: f64,
    sweep: f64,
    a: DVec2,
    b: DVec2,
    near: f64,
) -> bool {
    let at = |dir: DVec2, d: f64| d <= near && on_arc(n0, n_end, s, sweep, dir);
    if at(a - v, (a.distance(v) - r).abs()) || at(b - v, (b.distance(v) - r).abs()) {
        return true;
    }
    let c = a + (b - a) * closest_t(v, a, b);
    let dc = c.distance(v);
    dc >= r && at(c - v, dc - r)
}

/// `v` turned by `angle` radians counter-clockwise.
#[inline]
pub(crate) fn rotate(v: DVec2, angle: f64) -> DVec2 {
    let (s, c) = angle.sin_cos();
    DVec2::new(v.x * c - v.y * s, v.x * s + v.y * c)
}
