use glam::{DVec2, Vec2};

use crate::turn::angle_of;
use crate::{Circle, Segment, Turn};

/// A segment tangent to two circles, directed from circle A to circle B, labelled with the turn
/// of travel around each circle (the surfing edge between oriented nodes of
/// Red Blob Games' "Circular Obstacle Pathfinding").
///
/// Picture A at the origin and B at (10, 0), both of radius 1, and travel from A to B:
///
/// ```text
///        a ─────────────────→ b          external, turn_a = Cw,  turn_b = Cw
///      ( A )                ( B )        (over the top of both: clockwise around each)
///        a ─────────────────→ b          external, turn_a = Ccw, turn_b = Ccw
///
///        a ──╮                           internal, turn_a = Cw,  turn_b = Ccw
///      ( A )  ╰──────────╮  ( B )        (leaves over the top of A, arrives under B,
///                        ╰──→ b           crossing the line between the centres)
/// ```
///
/// * `turn_a` is the direction a path hugging A must be circling for the tangent to continue
///   it without a cusp: it leaves A at `a` moving along the tangent.
/// * `turn_b` is the direction the path circles B after arriving at `b` and hugging B.
/// * Equal turns mean an external (pulley) tangent, different turns an internal (belt) one.
/// * Travelling the same segment from B to A flips both turns ([`Bitangent::reversed`]).
///
/// Angles are measured in radians from +x towards +y (y up); [`Turn`] explains the y-down case.
/// The tangent queries return a pair indexed by [`Turn::index`] of `turn_a`, so consumer code
/// reads `external_bitangents(&a, &b)?[Turn::Cw.index()]`, or use [`bitangent`] to ask for
/// one pair of turns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bitangent {
    /// The tangent point on circle A: where the segment starts.
    pub a: Vec2,
    /// The tangent point on circle B: where the segment ends.
    pub b: Vec2,
    /// Turn of travel around A when leaving it along the segment.
    pub turn_a: Turn,
    /// Turn of travel around B when arriving on it along the segment.
    pub turn_b: Turn,
    /// Angle of `a` seen from A's centre (radians in `(-π, π]`), computed before `a` is
    /// rounded to f32: use it (not `a - center`) to build arcs far from the origin.
    pub angle_a: f32,
    /// Angle of `b` seen from B's centre (radians in `(-π, π]`), computed likewise.
    pub angle_b: f32,
    /// Length of the segment, computed in f64 from the centres and radii (more precise than
    /// `a.distance(b)` far from the origin).
    pub length: f32,
}

impl Bitangent {
    /// The segment from `a` to `b`.
    pub fn segment(&self) -> Segment {
        Segment::new(self.a, self.b)
    }

    /// Whether this is an internal (belt) tangent, crossing the line between the centres:
    /// the turns differ.
    pub fn is_internal(&self) -> bool {
        self.turn_a != self.turn_b
    }

    /// The same segment travelled from B to A: the ends swap and both turns flip.
    pub fn reversed(&self) -> Bitangent {
        Bitangent {
            a: self.b,
            b: self.a,
            turn_a: self.turn_b.opposite(),
            turn_b: self.turn_a.opposite(),
            angle_a: self.angle_b,
            angle_b: self.angle_a,
            length: self.length,
        }
    }
}

/// The two external (pulley) bitangents from circle `a` to circle `b`: the tangents that keep
/// both circles on the same side. Indexed by `turn_a` ([`Turn::index`]: `[Cw, Ccw]`); for
/// both, `turn_b == turn_a`.
///
/// They exist when neither circle lies inside the other: `d > |rA - rB|` for the distance `d`
/// between the centres. `None` otherwise (one circle contains the other, including touching
/// from inside, where the two tangents merge into a single point; coincident centres), and for
/// invalid circles (NaN, infinite, negative radius). Overlapping circles still have them.
///
/// Computed in f64 (the `θ = arccos(|rA - rB| / d)` of Red Blob Games' "Circular Obstacle
/// Pathfinding", evaluated through its cosine and sine so that nearly tangent circles do not lose
/// precision in `arccos` near 1).
///
/// ```
/// use nav_geom::{Circle, Turn, Vec2, query::external_bitangents};
/// let a = Circle::new(Vec2::new(0.0, 0.0), 1.0);
/// let b = Circle::new(Vec2::new(10.0, 0.0), 1.0);
/// let [over, under] = external_bitangents(&a, &b).unwrap();
/// assert_eq!((over.turn_a, over.turn_b), (Turn::Cw, Turn::Cw));
/// assert!(over.a.distance(Vec2::new(0.0, 1.0)) < 1e-6 && over.b.distance(Vec2::new(10.0, 1.0)) < 1e-6);
/// assert!(under.a.distance(Vec2::new(0.0, -1.0)) < 1e-6);
/// // A circle inside another has none.
/// assert!(external_bitangents(&a, &Circle::new(Vec2::new(0.5, 0.0), 3.0)).is_none());
/// ```
pub fn external_bitangents(a: &Circle, b: &Circle) -> Option<[Bitangent; 2]> {
    let frame = Frame::new(a, b)?;
    Some([
        frame.tangent(Kind::External, Turn::Cw)?,
        frame.tangent(Kind::External, Turn::Ccw)?,
    ])
}

/// The two internal (belt) bitangents from circle `a` to circle `b`: the tangents that cross
/// between the circles. Indexed by `turn_a` ([`Turn::index`]: `[Cw, Ccw]`); for both,
/// `turn_b == turn_a.opposite()`.
///
/// They exist when the circles are apart: `d > rA + rB`. `None` when they touch (the two
/// tangents merge at the contact point) or overlap, and for invalid circles.
///
/// Computed in f64 (the `θ = arccos((rA + rB) / d)` of Red Blob Games' "Circular Obstacle
/// Pathfinding", through its cosine and sine).
///
/// ```
/// use nav_geom::{Circle, Turn, Vec2, query::internal_bitangents};
/// let a = Circle::new(Vec2::new(0.0, 0.0), 1.0);
/// let b = Circle::new(Vec2::new(4.0, 0.0), 1.0);
/// let [from_top, from_bottom] = internal_bitangents(&a, &b).unwrap();
/// assert_eq!((from_top.turn_a, from_top.turn_b), (Turn::Cw, Turn::Ccw));
/// assert!(from_top.a.y > 0.0 && from_top.b.y < 0.0);
/// assert_eq!(from_bottom.turn_a, Turn::Ccw);
/// // Touching circles have none.
/// assert!(internal_bitangents(&a, &Circle::new(Vec2::new(2.0, 0.0), 1.0)).is_none());
/// ```
pub fn internal_bitangents(a: &Circle, b: &Circle) -> Option<[Bitangent; 2]> {
    let frame = Frame::new(a, b)?;
    Some([
        frame.tangent(Kind::Internal, Turn::Cw)?,
        frame.tangent(Kind::Internal, Turn::Ccw)?,
    ])
}

/// The tangent that leaves circle `a` circling `turn_a` and arrives on circle `b` circling
/// `turn_b`: external when the turns are equal, internal when they differ. `None` when that
/// tangent does not exist (see [`external_bitangents`] and [`internal_bitangents`]).
///
/// This is the query for expanding an oriented node of a tangent graph: from "hugging A
/// clockwise", `bitangent(&a, Turn::Cw, &b, turn_b)` for each `turn_b` gives the surfing edges
/// that continue the path without a cusp.
///
/// ```
/// use nav_geom::{Circle, Turn, Vec2, query::bitangent};
/// let a = Circle::new(Vec2::new(0.0, 0.0), 2.0);
/// let b = Circle::new(Vec2::new(10.0, 3.0), 1.0);
/// for turn_b in Turn::BOTH {
///     let edge = bitangent(&a, Turn::Cw, &b, turn_b).unwrap();
///     assert_eq!((edge.turn_a, edge.turn_b), (Turn::Cw, turn_b));
///     // The direction of travel at `a` really circles A clockwise:
///     assert_eq!(Turn::around(a.center, edge.a, edge.b - edge.a), Some(Turn::Cw));
/// }
/// ```
pub fn bitangent(a: &Circle, turn_a: Turn, b: &Circle, turn_b: Turn) -> Option<Bitangent> {
    let kind = if turn_a == turn_b {
        Kind::External
    } else {
        Kind::Internal
    };
    Frame::new(a, b)?.tangent(kind, turn_a)
}

#[derive(Clone, Copy)]
enum Kind {
    External,
    Internal,
}

/// The two circles in f64 with the unit vector `u` from A to B and its left normal `n`.
struct Frame {
    a: DVec2,
    b: DVec2,
    ra: f64,
    rb: f64,
    d: f64,
    u: DVec2,
    n: DVec2,
}

impl Frame {
    fn new(a: &Circle, b: &Circle) -> Option<Frame> {
        if !a.is_valid() || !b.is_valid() {
            return None;
        }
        let (ca, cb) = (a.center.as_dvec2(), b.center.as_dvec2());
        let ab = cb - ca;
        let d = ab.length();
        // Valid circles have finite centres, so `d` is finite.
        if d == 0.0 {
            return None;
        }
        let u = ab / d;
        Some(Frame {
            a: ca,
            b: cb,
            ra: a.radius as f64,
            rb: b.radius as f64,
            d,
            u,
            n: u.perp(),
        })
    }

    fn tangent(&self, kind: Kind, turn_a: Turn) -> Option<Bitangent> {
        // The unit normal `m` of the tangent line satisfies m·(B - A) = k, with k = rA - rB
        // (B on the same side) or rA + rB (B on the other side). So m = (k/d) u ± s n with
        // s = sqrt(d² - k²) / d, written as a product so that it stays accurate when d ≈ |k|.
        let k = match kind {
            Kind::External => self.ra - self.rb,
            Kind::Internal => self.ra + self.rb,
        };
        let gap = self.d - k.abs();
        if gap <= 0.0 {
            return None;
        }
        let length = (gap * (self.d + k.abs())).sqrt();
        let (cos, sin) = (k / self.d, length / self.d);
        // Normal on the left of A -> B: the path passes A on its right side, clockwise.
        let side = match turn_a {
            Turn::Cw => 1.0,
            Turn::Ccw => -1.0,
        };
        let m = self.u * cos + self.n * (sin * side);
        let angle_a = angle_of(m);
        // B's tangent point lies along m (external) or -m (internal): the same angle or the
        // opposite one, without a second atan2.
        let (mb, turn_b, angle_b) = match kind {
            Kind::External => (m, turn_a, angle_a),
            Kind::Internal => (-m, turn_a.opposite(), opposite_angle(angle_a)),
        };
        Some(Bitangent {
            a: (self.a + m * self.ra).as_vec2(),
            b: (self.b + mb * self.rb).as_vec2(),
            turn_a,
            turn_b,
            angle_a: angle_a as f32,
            angle_b: angle_b as f32,
            length: length as f32,
        })
    }
}

/// The angle of the opposite direction, kept in `(-π, π]`.
fn opposite_angle(angle: f64) -> f64 {
    if angle > 0.0 {
        angle - std::f64::consts::PI
    } else {
        angle + std::f64::consts::PI
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The construction of Red Blob Games' "Circular Obstacle Pathfinding", literally:
    /// θ = arccos(k / d) measured from the centre line, in f64 (a reference for the vector
    /// formulation used above).
    fn reference_external(a: (f64, f64, f64), b: (f64, f64, f64)) -> [(f64, f64); 2] {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let d = dx.hypot(dy);
        let base = dy.atan2(dx);
        let theta = ((a.2 - b.2) / d).acos();
        [base + theta, base - theta].map(|angle| (a.0 + a.2 * angle.cos(), a.1 + a.2 * angle.sin()))
    }

    #[test]
    fn external_matches_the_seed_formula() {
        let a = Circle::new(Vec2::new(1.0, 2.0), 3.0);
        let b = Circle::new(Vec2::new(9.0, -4.0), 1.5);
        let [cw, ccw] = external_bitangents(&a, &b).unwrap();
        let [left, right] = reference_external((1.0, 2.0, 3.0), (9.0, -4.0, 1.5));
        assert!(cw.a.as_dvec2().distance(DVec2::from(left)) < 1e-5);
        assert!(ccw.a.as_dvec2().distance(DVec2::from(right)) < 1e-5);
    }

    #[test]
    fn nearly_touching_circles_keep_precision() {
        // d = rA + rB + 1e-4 with large radii: arccos((rA + rB) / d) would lose about half of
        // the digits; the product form keeps the tangent length exact to f32 rounding.
        let a = Circle::new(Vec2::ZERO, 1000.0);
        let b = Circle::new(Vec2::new(2000.0001, 0.0), 1000.0);
        let d = b.center.x as f64;
        let [t, _] = internal_bitangents(&a, &b).unwrap();
        let want = ((d - 2000.0) * (d + 2000.0)).sqrt();
        assert!(
            (t.length as f64 - want).abs() < 1e-6 * want,
            "{} {want}",
            t.length
        );
        assert!(internal_bitangents(&a, &Circle::new(Vec2::new(2000.0, 0.0), 1000.0)).is_none());
    }

    #[test]
    fn none_cases() {
        let a = Circle::new(Vec2::ZERO, 2.0);
        // Coincident centres.
        assert!(external_bitangents(&a, &a).is_none());
        assert!(internal_bitangents(&a, &Circle::new(Vec2::ZERO, 1.0)).is_none());
        // Touching from inside: the external tangents merge.
        assert!(external_bitangents(&a, &Circle::new(Vec2::new(1.0, 0.0), 1.0)).is_none());
        // Overlapping: external only.
        let overlap = Circle::new(Vec2::new(3.0, 0.0), 2.0);
        assert!(external_bitangents(&a, &overlap).is_some());
        assert!(internal_bitangents(&a, &overlap).is_none());
        // Invalid.
        let far = Circle::new(Vec2::new(10.0, 0.0), 1.0);
        assert!(external_bitangents(&Circle::new(Vec2::NAN, 1.0), &far).is_none());
        assert!(internal_bitangents(&Circle::new(Vec2::ZERO, -1.0), &far).is_none());
        assert!(bitangent(&a, Turn::Cw, &Circle::new(far.center, f32::NAN), Turn::Cw).is_none());
    }

    #[test]
    fn point_circles_give_the_segment_between_them() {
        let p = Circle::new(Vec2::new(1.0, 1.0), 0.0);
        let q = Circle::new(Vec2::new(4.0, 5.0), 0.0);
        for t in external_bitangents(&p, &q)
            .unwrap()
            .iter()
            .chain(&internal_bitangents(&p, &q).unwrap())
        {
            assert_eq!((t.a, t.b, t.length), (p.center, q.center, 5.0));
        }
    }

    #[test]
    fn reversed_flips_turns() {
        let a = Circle::new(Vec2::ZERO, 1.0);
        let b = Circle::new(Vec2::new(5.0, 5.0), 2.0);
        for t in internal_bitangents(&a, &b)
            .unwrap()
            .into_iter()
            .chain(external_bitangents(&a, &b).unwrap())
        {
            let back = t.reversed();
            // The reversed tangent is the one the query returns from B to A.
            let from_b = bitangent(&b, back.turn_a, &a, back.turn_b).unwrap();
            assert!(from_b.a.distance(back.a) < 1e-5 && from_b.b.distance(back.b) < 1e-5);
            assert_eq!(back.is_internal(), t.is_internal());
        }
    }

    #[test]
    fn far_from_origin_against_f64_reference() {
        for base in [1.0e4f32, 1.0e6] {
            let a = Circle::new(Vec2::new(base, -base), 3.0);
            let b = Circle::new(Vec2::new(base + 50.0, -base + 20.0), 7.0);
            let [left, right] = reference_external(
                (a.center.x as f64, a.center.y as f64, 3.0),
                (b.center.x as f64, b.center.y as f64, 7.0),
            );
            let [cw, ccw] = external_bitangents(&a, &b).unwrap();
            // Only the final rounding to f32 is lost: half an ulp of the coordinate.
            let tol = base as f64 * f32::EPSILON as f64;
            assert!(cw.a.as_dvec2().distance(DVec2::from(left)) < tol);
            assert!(ccw.a.as_dvec2().distance(DVec2::from(right)) < tol);
            // The angle is exact although `a - center` is not.
            let want = (left.1 - a.center.y as f64).atan2(left.0 - a.center.x as f64);
            assert!((cw.angle_a as f64 - want).abs() < 1e-6);
        }
    }
}
