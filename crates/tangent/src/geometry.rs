//! The f64 geometry of the tangent graph.
//!
//! The kernels shared with `nav-geom` (angles, sweeps, closest points on segments, arcs covered
//! by crossing circles) come from [`nav_geom::f64`]. What stays here is specific to the graph
//! and its hot loops: bitangents from an already known centre distance (no trigonometry, the
//! `arccos` constructions of Red Blob Games' circular obstacle pathfinding rewritten as
//! products so that nearly tangent circles keep their digits; unit tests check them against
//! `nav-geom`'s f32 bitangents), the tolerances, diamond angles for binning directions and
//! boxes of annular sectors. Keeping every intermediate value in f64 (rounding only the
//! reported pieces) keeps lengths exact to ~1e-15 relative, far from the origin too.

#[cfg(test)]
use nav_geom::f64::wrap_angle as wrap;
pub(crate) use nav_geom::f64::{
    angle_of, closest_point_on_segment as closest_point_segment, covered_arc, sweep as sweep_raw,
};

use std::f64::consts::TAU;

use glam::DVec2;
use nav_geom::Turn;

/// Relative tolerance of every geometric decision (blocked or not, on a circle or inside it),
/// as a fraction of the magnitude of the coordinates involved: about four f32 ulps. Inputs are f32, so two
/// configurations closer than this cannot be told apart by the caller anyway; a path may
/// therefore graze an obstacle by up to this much.
pub(crate) const TOL_REL: f64 = 1.0 / (1u64 << 21) as f64;

/// The tolerance of a decision about geometry of magnitude `magnitude` (the largest absolute
/// coordinate involved): local, so that one far-away circle does not blunt decisions elsewhere.
#[inline]
pub(crate) fn tolerance(magnitude: f64) -> f64 {
    TOL_REL * magnitude
}

/// The largest absolute coordinate of `p`.
#[inline]
pub(crate) fn magnitude(p: DVec2) -> f64 {
    p.abs().max_element()
}

/// Angular slack (radians) when deciding whether an angle lies inside an angular interval.
/// Angles come from `atan2` of f64 vectors, accurate to ~1e-15; the slack only has to absorb
/// that, not a distance tolerance.
pub(crate) const ANGLE_SLACK: f64 = 1e-9;

/// `+1.0` for counter-clockwise, `-1.0` for clockwise.
#[inline]
pub(crate) fn sign(turn: Turn) -> f64 {
    match turn {
        Turn::Ccw => 1.0,
        Turn::Cw => -1.0,
    }
}

/// [`sweep_raw`] (nav-geom's [`sweep`](nav_geom::f64::sweep)) for the length of a hugging arc: a sweep within rounding of a full turn is
/// the empty arc (the departure point equals the arrival point up to rounding, as when a
/// straight line grazes the circle). A shortest path never loops around a whole circle.
#[inline]
pub(crate) fn arc_sweep(turn: Turn, from: f64, to: f64) -> f64 {
    let s = sweep_raw(turn, from, to);
    if s > TAU - ANGLE_SLACK { 0.0 } else { s }
}

/// A directed segment tangent to a source circle (or point) and a target circle (or point).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Tangent {
    /// Unit normal of the source circle at the departure point (its direction from the centre).
    pub depart_normal: DVec2,
    /// Departure point.
    pub depart: DVec2,
    /// Unit normal of the target circle at the arrival point.
    pub arrive_normal: DVec2,
    /// Arrival point.
    pub arrive: DVec2,
    /// Length of the segment.
    pub length: f64,
}

/// The segment leaving circle (`a`, `ra`) while circling it `turn_a` and arriving on circle
/// (`b`, `rb`) circling it `turn_b`: external when the turns agree, internal otherwise. Radii
/// may be zero (a point: the start or the goal). `None` when that tangent does not exist (one
/// circle inside the other for external ones, touching or overlapping for internal ones, equal
/// centres).
///
/// With `m` the unit normal at the departure point, `m · (b - a) = k` for `k = ra - rb`
/// (external) or `ra + rb` (internal); the other component of `m` is `sqrt(d² - k²) / d`,
/// computed as `sqrt((d - |k|)(d + |k|))` so that nearly touching circles stay accurate. No
/// trigonometry: angles are only computed for the edges that survive line of sight.
#[inline]
pub(crate) fn bitangent(
    a: DVec2,
    ra: f64,
    turn_a: Turn,
    b: DVec2,
    rb: f64,
    turn_b: Turn,
) -> Option<Tangent> {
    let ab = b - a;
    let d = ab.length();
    if d.is_nan() || d == 0.0 {
        return None;
    }
    bitangent_from(a, ra, turn_a, ab / d, d, b, rb, turn_b)
}

/// [`bitangent`] with the unit vector `u` from `a` to `b` and the distance `d` already known.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn bitangent_from(
    a: DVec2,
    ra: f64,
    turn_a: Turn,
    u: DVec2,
    d: f64,
    b: DVec2,
    rb: f64,
    turn_b: Turn,
) -> Option<Tangent> {
    let internal = turn_a != turn_b;
    let k = if internal { ra + rb } else { ra - rb };
    let gap = d - k.abs();
    if gap.is_nan() || gap <= 0.0 {
        return None;
    }
    let length = (gap * (d + k.abs())).sqrt();
    // Leaving clockwise keeps the circle on the right: the normal points to the left of a -> b.
    let side = -sign(turn_a);
    let m = u * (k / d) + u.perp() * (length / d * side);
    let mb = if internal { -m } else { m };
    Some(Tangent {
        depart_normal: m,
        depart: a + m * ra,
        arrive_normal: mb,
        arrive: b + mb * rb,
        length,
    })
}

/// A monotone stand-in for the polar angle of `v` (the "diamond angle"), in `[0, 4)`: 0 along
/// +x, 1 along +y, 2 along -x, 3 along -y, linear in `y / (|x| + |y|)` in between. Binning
/// directions by it needs no trigonometry; opposite directions differ by exactly 2.
#[inline]
pub(crate) fn pseudo_angle(v: DVec2) -> f64 {
    let s = v.x.abs() + v.y.abs();
    // Also catches NaN.
    if s.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return 0.0;
    }
    let p = if v.y >= 0.0 {
        if v.x >= 0.0 { v.y / s } else { 1.0 - v.x / s }
    } else if v.x < 0.0 {
        2.0 - v.y / s
    } else {
        3.0 + v.x / s
    };
    if p >= 4.0 { 0.0 } else { p }
}

/// The true angle (radians in `(-π, π]`) of the direction whose [`pseudo_angle`] is `p`.
pub(crate) fn angle_of_pseudo(p: f64) -> f64 {
    let p = p.rem_euclid(4.0);
    let quarter = p.floor();
    let f = p - quarter;
    let v = match quarter as u32 {
        0 => DVec2::new(1.0 - f, f),
        1 => DVec2::new(-f, 1.0 - f),
        2 => DVec2::new(f - 1.0, -f),
        _ => DVec2::new(f, f - 1.0),
    };
    angle_of(v)
}

/// The bounding box of an annular sector around `c`: radii `[r0, r1]`, directions from the
/// unit vector `from` counter-clockwise to the unit vector `to` (the whole annulus when `full`).
/// No trigonometry: the axis directions the sector contains are found by diamond angles.
pub(crate) fn annular_sector_box(
    c: DVec2,
    r0: f64,
    r1: f64,
    from: DVec2,
    to: DVec2,
    full: bool,
) -> (DVec2, DVec2) {
    if full {
        return (c - DVec2::splat(r1), c + DVec2::splat(r1));
    }
    let mut min = DVec2::splat(f64::INFINITY);
    let mut max = DVec2::splat(f64::NEG_INFINITY);
    for dir in [from, to] {
        for r in [r0, r1] {
            let p = c + dir * r;
            min = min.min(p);
            max = max.max(p);
        }
    }
    // The outer arc reaches further than its ends where it crosses an axis direction.
    let start = pseudo_angle(from);
    let mut span = pseudo_angle(to) - start;
    if span < 0.0 {
        span += 4.0;
    }
    for (quarter, axis) in [DVec2::X, DVec2::Y, DVec2::NEG_X, DVec2::NEG_Y]
        .into_iter()
        .enumerate()
    {
        let mut offset = quarter as f64 - start;
        if offset < 0.0 {
            offset += 4.0;
        }
        if offset <= span {
            let p = c + axis * r1;
            min = min.min(p);
            max = max.max(p);
        }
    }
    (min, max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;
    use nav_geom::{Circle, query};

    #[test]
    fn bitangent_agrees_with_nav_geom() {
        let a = Circle::new(Vec2::new(1.0, 2.0), 3.0);
        let b = Circle::new(Vec2::new(11.5, -4.25), 1.5);
        for turn_a in Turn::BOTH {
            for turn_b in Turn::BOTH {
                let want = query::bitangent(&a, turn_a, &b, turn_b).unwrap();
                let got = bitangent(
                    a.center.as_dvec2(),
                    3.0,
                    turn_a,
                    b.center.as_dvec2(),
                    1.5,
                    turn_b,
                )
                .unwrap();
                assert!(got.depart.as_vec2().distance(want.a) < 1e-5);
                assert!(got.arrive.as_vec2().distance(want.b) < 1e-5);
                assert!((got.length as f32 - want.length).abs() < 1e-5);
                assert!((angle_of(got.depart_normal) as f32 - want.angle_a).abs() < 1e-6);
                assert!((angle_of(got.arrive_normal) as f32 - want.angle_b).abs() < 1e-6);
                // The travel direction circles each circle the way it was asked to.
                let dir = (got.arrive - got.depart).as_vec2();
                assert_eq!(
                    Turn::around(a.center, got.depart.as_vec2(), dir),
                    Some(turn_a)
                );
                assert_eq!(
                    Turn::around(b.center, got.arrive.as_vec2(), dir),
                    Some(turn_b)
                );
            }
        }
    }

    #[test]
    fn point_tangents_agree_with_nav_geom() {
        let p = Vec2::new(-3.0, 0.5);
        let c = Circle::new(Vec2::new(4.0, 1.0), 2.0);
        let from_point = query::tangents_point_circle(p, &c).unwrap();
        let to_point = query::tangents_circle_point(&c, p).unwrap();
        for turn in Turn::BOTH {
            // From the point (a circle of radius 0; its own turn does not matter).
            let got =
                bitangent(p.as_dvec2(), 0.0, Turn::Ccw, c.center.as_dvec2(), 2.0, turn).unwrap();
            let want = from_point[turn.index()];
            assert!(got.arrive.as_vec2().distance(want.point) < 1e-5);
            assert!((got.length as f32 - want.length).abs() < 1e-5);
            assert_eq!(got.depart, p.as_dvec2());
            // To the point: leave the circle turning `turn`, arrive on the point.
            let got = bitangent(c.center.as_dvec2(), 2.0, turn, p.as_dvec2(), 0.0, turn).unwrap();
            let want = to_point[turn.index()];
            assert!(got.depart.as_vec2().distance(want.point) < 1e-5);
            assert!((angle_of(got.depart_normal) as f32 - want.angle).abs() < 1e-6);
        }
    }

    #[test]
    fn pseudo_angles_are_monotone_and_invertible() {
        let mut last = -1.0;
        for i in 0..4000 {
            let angle = i as f64 * TAU / 4000.0;
            let p = pseudo_angle(DVec2::from_angle(angle));
            assert!(p > last && (0.0..4.0).contains(&p), "{angle} {p}");
            last = p;
            assert!((wrap(angle_of_pseudo(p)) - angle).abs() < 1e-12, "{angle}");
            let opposite = pseudo_angle(-DVec2::from_angle(angle));
            assert!(((opposite - p).rem_euclid(4.0) - 2.0).abs() < 1e-12);
        }
        assert_eq!(pseudo_angle(DVec2::ZERO), 0.0);
        assert_eq!(pseudo_angle(DVec2::new(1.0, -0.0)), 0.0);
    }

    #[test]
    fn bitangent_none_cases() {
        let o = DVec2::ZERO;
        // Nested: no external; overlapping: no internal; equal centres: nothing.
        assert!(bitangent(o, 3.0, Turn::Cw, DVec2::new(0.5, 0.0), 1.0, Turn::Cw).is_none());
        assert!(bitangent(o, 1.0, Turn::Cw, DVec2::new(1.5, 0.0), 1.0, Turn::Ccw).is_none());
        assert!(bitangent(o, 1.0, Turn::Cw, DVec2::new(1.5, 0.0), 1.0, Turn::Cw).is_some());
        assert!(bitangent(o, 1.0, Turn::Cw, o, 2.0, Turn::Cw).is_none());
        assert!(bitangent(o, 1.0, Turn::Cw, DVec2::NAN, 2.0, Turn::Cw).is_none());
    }

    #[test]
    fn sweeps_cross_the_cut_the_short_way() {
        let (from, to) = (170f64.to_radians(), (-170f64).to_radians());
        assert!((sweep_raw(Turn::Ccw, from, to) - 20f64.to_radians()).abs() < 1e-12);
        assert!((sweep_raw(Turn::Cw, from, to) - 340f64.to_radians()).abs() < 1e-12);
        assert_eq!(arc_sweep(Turn::Ccw, 1.0, 1.0 - 1e-13), 0.0);
        assert!(sweep_raw(Turn::Ccw, 1.0, 1.0 - 1e-13) > TAU - 1e-12);
    }

    #[test]
    fn covered_arc_matches_intersection_points() {
        let c = Circle::new(Vec2::new(0.0, 0.0), 5.0);
        let b = Circle::new(Vec2::new(8.0, 0.0), 5.0);
        let (mid, half) = covered_arc(c.center.as_dvec2(), 5.0, b.center.as_dvec2(), 5.0).unwrap();
        let Some(query::CircleCircleIntersection::Crossing([p, q])) =
            query::intersection_circle_circle(&c, &b)
        else {
            panic!()
        };
        let (pa, qa) = (angle_of(p.as_dvec2()), angle_of(q.as_dvec2()));
        assert!((wrap(mid + half) - wrap(pa)).abs() < 1e-6);
        assert!((wrap(mid - half) - wrap(qa)).abs() < 1e-6);
        assert!(covered_arc(DVec2::ZERO, 5.0, DVec2::new(10.0, 0.0), 5.0).is_none());
        assert!(covered_arc(DVec2::ZERO, 5.0, DVec2::new(1.0, 0.0), 1.0).is_none());
    }

    #[test]
    fn annular_sector_box_holds_sampled_points() {
        let c = DVec2::new(3.0, -2.0);
        for (a0, span) in [(0.3, 0.4), (2.9, 0.8), (-0.2, 0.5), (-3.5, 5.0), (1.0, 6.2)] {
            let (from, to) = (DVec2::from_angle(a0), DVec2::from_angle(a0 + span));
            let (min, max) = annular_sector_box(c, 1.0, 4.0, from, to, false);
            for i in 0..=50 {
                for r in [1.0, 2.5, 4.0] {
                    let angle = a0 + span * i as f64 / 50.0;
                    let p = c + DVec2::from_angle(angle) * r;
                    assert!(p.cmpge(min - 1e-9).all() && p.cmple(max + 1e-9).all());
                }
            }
            // Not much larger than needed: the box of dense samples, give or take rounding.
            let samples = (0..=2000).flat_map(|i| {
                let u = DVec2::from_angle(a0 + span * i as f64 / 2000.0);
                [c + u, c + u * 4.0]
            });
            let (smin, smax) = samples
                .fold((DVec2::INFINITY, DVec2::NEG_INFINITY), |(lo, hi), p| {
                    (lo.min(p), hi.max(p))
                });
            assert!(
                min.distance(smin) < 1e-3 && max.distance(smax) < 1e-3,
                "{a0} {span}"
            );
        }
        let (min, max) = annular_sector_box(c, 1.0, 4.0, DVec2::X, DVec2::X, true);
        assert_eq!((min, max), (c - 4.0, c + 4.0));
    }
}
