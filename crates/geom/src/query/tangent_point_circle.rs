use glam::Vec2;

use crate::turn::angle_of;
use crate::{Circle, Turn};

/// A tangent between a free point (a path's start or goal) and a circle.
///
/// `turn` is the direction of travel around the circle on the circle's side of the tangent:
/// * from [`tangents_point_circle`] (travel from the point to the circle, e.g. leaving the
///   start): the turn of the path hugging the circle *after arriving* at `point`;
/// * from [`tangents_circle_point`] (travel from the circle to the point, e.g. reaching the
///   goal): the turn of the path hugging the circle *before leaving* at `point`.
///
/// With the circle at the origin and the point at (10, 0), the tangent reaching the top of the
/// circle arrives moving left, so a path continuing over the top circles counter-clockwise:
/// `turn = Ccw` from the point to the circle, and `Cw` for the goal-side query, which travels
/// the same segment the other way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointTangent {
    /// The tangent point on the circle.
    pub point: Vec2,
    /// Angle of `point` seen from the centre (radians in `(-π, π]`), computed before `point`
    /// is rounded to f32: use it to build arcs far from the origin.
    pub angle: f32,
    /// The turn around the circle (see the type's documentation for which side of the travel).
    pub turn: Turn,
    /// Distance from the free point to `point`, computed in f64: `sqrt(d² - r²)`.
    pub length: f32,
}

/// The tangents from `p` to `circle`, for travel from `p` to the circle (a path's start).
/// Indexed by `turn` ([`Turn::index`]: `[Cw, Ccw]`), where `turn` is the direction of travel
/// around the circle after arriving.
///
/// * `p` outside the circle: the two tangent points.
/// * `p` exactly on the circle (in f64, for the f32 inputs): both entries are `p` itself with
///   length 0, one for each turn: the path can start hugging either way.
/// * `p` strictly inside, or invalid input (NaN, infinite, negative radius): `None`. A caller
///   whose point may be a rounding error inside should first push it to the boundary.
///
/// ```
/// use nav_geom::{Circle, Turn, Vec2, query::tangents_point_circle};
/// let rock = Circle::new(Vec2::ZERO, 1.0);
/// let start = Vec2::new(2.0, 0.0);
/// let [cw, ccw] = tangents_point_circle(start, &rock).unwrap();
/// // Arriving on the bottom and going on clockwise, or on the top counter-clockwise.
/// assert!(cw.point.y < 0.0 && ccw.point.y > 0.0);
/// assert!(ccw.point.distance(Vec2::new(0.5, 0.75f32.sqrt())) < 1e-6);
/// assert!((ccw.length - 3f32.sqrt()).abs() < 1e-6);
/// assert_eq!(ccw.turn, Turn::Ccw);
/// assert!(tangents_point_circle(Vec2::new(0.5, 0.0), &rock).is_none());
/// ```
pub fn tangents_point_circle(p: Vec2, circle: &Circle) -> Option<[PointTangent; 2]> {
    tangents(p, circle, Turn::Ccw)
}

/// The tangents from `circle` to `p`, for travel from the circle to `p` (reaching a goal).
/// Indexed by `turn` ([`Turn::index`]: `[Cw, Ccw]`), where `turn` is the direction of travel
/// around the circle before leaving it. Same points and cases as [`tangents_point_circle`],
/// with the turns swapped (the segments are travelled the other way).
///
/// ```
/// use nav_geom::{Circle, Turn, Vec2, query::tangents_circle_point};
/// let rock = Circle::new(Vec2::ZERO, 1.0);
/// let goal = Vec2::new(2.0, 0.0);
/// let [cw, ccw] = tangents_circle_point(&rock, goal).unwrap();
/// // Coming over the top clockwise, or under the bottom counter-clockwise.
/// assert!(cw.point.y > 0.0 && ccw.point.y < 0.0);
/// assert_eq!(Turn::around(rock.center, cw.point, goal - cw.point), Some(Turn::Cw));
/// ```
pub fn tangents_circle_point(circle: &Circle, p: Vec2) -> Option<[PointTangent; 2]> {
    tangents(p, circle, Turn::Cw)
}

/// `left_turn` is the turn of the tangent whose point lies on the left of the line from the
/// centre to `p`.
fn tangents(p: Vec2, circle: &Circle, left_turn: Turn) -> Option<[PointTangent; 2]> {
    if !circle.is_valid() || !p.is_finite() {
        return None;
    }
    let c = circle.center.as_dvec2();
    let r = circle.radius as f64;
    let v = p.as_dvec2() - c;
    let d = v.length();
    if d < r {
        return None;
    }
    if d == r {
        // On the circle (including p == centre for a zero radius): p is its own tangent point.
        let angle = angle_of(v) as f32;
        let on = |turn| PointTangent {
            point: p,
            angle,
            turn,
            length: 0.0,
        };
        return Some([on(Turn::Cw), on(Turn::Ccw)]);
    }
    // The tangent point T makes a right angle at T: cos(angle at the centre) = r / d, and the
    // tangent length is sqrt(d² - r²), as a product for accuracy when p is nearly on the circle.
    let u = v / d;
    let n = u.perp();
    let length = ((d - r) * (d + r)).sqrt();
    let (cos, sin) = (r / d, length / d);
    let tangent = |side: f64, turn| {
        let m = u * cos + n * (sin * side);
        PointTangent {
            point: (c + m * r).as_vec2(),
            angle: angle_of(m) as f32,
            turn,
            length: length as f32,
        }
    };
    let left = tangent(1.0, left_turn);
    let right = tangent(-1.0, left_turn.opposite());
    Some(match left_turn {
        Turn::Cw => [left, right],
        Turn::Ccw => [right, left],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_the_circle_gives_both_turns_at_the_point() {
        let rock = Circle::new(Vec2::new(1.0, 1.0), 5.0);
        let p = Vec2::new(4.0, 5.0);
        let [cw, ccw] = tangents_point_circle(p, &rock).unwrap();
        assert_eq!((cw.point, cw.turn, cw.length), (p, Turn::Cw, 0.0));
        assert_eq!((ccw.point, ccw.turn), (p, Turn::Ccw));
        assert!((cw.angle - (4f32).atan2(3.0)).abs() < 1e-6);
    }

    #[test]
    fn zero_radius_and_invalid() {
        let point = Circle::new(Vec2::new(3.0, 4.0), 0.0);
        let [a, b] = tangents_point_circle(Vec2::ZERO, &point).unwrap();
        assert_eq!(
            (a.point, b.point, a.length),
            (point.center, point.center, 5.0)
        );
        assert!(tangents_point_circle(point.center, &point).is_some());
        assert!(tangents_point_circle(Vec2::NAN, &point).is_none());
        assert!(tangents_point_circle(Vec2::ZERO, &Circle::new(Vec2::ONE, -1.0)).is_none());
        assert!(
            tangents_circle_point(&Circle::new(Vec2::ONE, f32::INFINITY), Vec2::ZERO).is_none()
        );
    }

    #[test]
    fn turns_match_the_direction_of_travel() {
        let rock = Circle::new(Vec2::new(-2.0, 7.0), 3.0);
        for p in [
            Vec2::new(10.0, 0.0),
            Vec2::new(-2.0, -5.0),
            Vec2::new(-9.0, 12.0),
        ] {
            for t in tangents_point_circle(p, &rock).unwrap() {
                assert_eq!(
                    Turn::around(rock.center, t.point, t.point - p),
                    Some(t.turn)
                );
            }
            for t in tangents_circle_point(&rock, p).unwrap() {
                assert_eq!(
                    Turn::around(rock.center, t.point, p - t.point),
                    Some(t.turn)
                );
            }
        }
    }

    #[test]
    fn nearly_on_the_circle_far_from_origin() {
        // 1e-3 outside a circle of radius 100 around (1e6, 1e6): tangent length sqrt(2 r e).
        let rock = Circle::new(Vec2::splat(1.0e6), 100.0);
        let p = Vec2::new(1.0e6 + 100.0625, 1.0e6);
        let [t, _] = tangents_point_circle(p, &rock).unwrap();
        let (d, r) = (100.0625f64, 100.0f64);
        let want = (d * d - r * r).sqrt();
        assert!((t.length as f64 - want).abs() < 1e-6 * want);
        let want_angle = (r / d).acos();
        assert!((t.angle.abs() as f64 - want_angle).abs() < 1e-6);
    }
}
