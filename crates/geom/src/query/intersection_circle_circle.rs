use glam::Vec2;

use crate::Circle;

/// How two circles (their boundaries) meet ([`intersection_circle_circle`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CircleCircleIntersection {
    /// Each circle lies outside the other: `d > rA + rB`. No common point.
    Separate,
    /// One circle lies strictly inside the other, or they are concentric with different radii:
    /// `d < |rA - rB|`. No common point.
    Nested,
    /// Same centre and radius: every point is common.
    Coincident,
    /// The circles touch at one point, from outside (`d = rA + rB`) or from inside
    /// (`d = |rA - rB|`), or cross at two points too close to tell apart in f32.
    Touching(Vec2),
    /// The circles cross at two points. The first lies on the left of the line from A's centre
    /// to B's centre, the second on its right.
    Crossing([Vec2; 2]),
}

impl CircleCircleIntersection {
    /// The common points: none, one (touching) or two (crossing). Empty for coincident circles,
    /// whose common points are all of them.
    pub fn points(&self) -> &[Vec2] {
        match self {
            CircleCircleIntersection::Touching(p) => std::slice::from_ref(p),
            CircleCircleIntersection::Crossing(points) => points,
            _ => &[],
        }
    }
}

/// Where the boundaries of circles `a` and `b` meet.
///
/// The radical-line construction of Red Blob Games' "Circular Obstacle Pathfinding", in f64: the
/// common chord crosses the centre line at distance `a = (rA² - rB² + d²) / (2d)` from A's centre,
/// and the points lie `h` either side of it with `h² = rA² - a²`. `h²` is evaluated as the product
/// `(rA + rB - d)(rA + rB + d)(d - |rA - rB|)(d + |rA - rB|) / (4d²)`, which keeps its sign and
/// digits for nearly tangent circles where `rA² - a²` would cancel. The classification is exact for
/// the f64 distance between the f32 centres; two crossing points that round to the same f32 point
/// are reported as [`Touching`](CircleCircleIntersection::Touching).
///
/// `None` for an invalid circle (NaN, infinite, negative radius). Zero radii are fine: a point
/// on a circle touches it.
///
/// ```
/// use nav_geom::{Circle, Vec2, query::{intersection_circle_circle, CircleCircleIntersection}};
/// let a = Circle::new(Vec2::new(0.0, 0.0), 5.0);
/// let b = Circle::new(Vec2::new(8.0, 0.0), 5.0);
/// let Some(CircleCircleIntersection::Crossing([left, right])) = intersection_circle_circle(&a, &b)
/// else { panic!("they cross") };
/// assert_eq!((left, right), (Vec2::new(4.0, 3.0), Vec2::new(4.0, -3.0)));
///
/// let c = Circle::new(Vec2::new(10.0, 0.0), 5.0);
/// assert_eq!(intersection_circle_circle(&a, &c), Some(CircleCircleIntersection::Touching(Vec2::new(5.0, 0.0))));
/// let far = Circle::new(Vec2::new(11.0, 0.0), 5.0);
/// assert_eq!(intersection_circle_circle(&a, &far), Some(CircleCircleIntersection::Separate));
/// assert!(intersection_circle_circle(&a, &far).unwrap().points().is_empty());
/// ```
pub fn intersection_circle_circle(a: &Circle, b: &Circle) -> Option<CircleCircleIntersection> {
    use CircleCircleIntersection::*;
    if !a.is_valid() || !b.is_valid() {
        return None;
    }
    let (ca, cb) = (a.center.as_dvec2(), b.center.as_dvec2());
    let (ra, rb) = (a.radius as f64, b.radius as f64);
    let d = ca.distance(cb);
    let (sum, diff) = (ra + rb, (ra - rb).abs());
    if d == 0.0 {
        return Some(if ra != rb {
            Nested
        } else if ra == 0.0 {
            Touching(a.center)
        } else {
            Coincident
        });
    }
    if d > sum {
        return Some(Separate);
    }
    if d < diff {
        return Some(Nested);
    }
    let u = (cb - ca) / d;
    let along = ((ra - rb) * (ra + rb) + d * d) / (2.0 * d);
    let h2 = (sum - d) * (sum + d) * (d - diff) * (d + diff) / (4.0 * d * d);
    let h = h2.max(0.0).sqrt();
    let foot = ca + u * along;
    let left = (foot + u.perp() * h).as_vec2();
    let right = (foot - u.perp() * h).as_vec2();
    Some(if left == right {
        Touching(foot.as_vec2())
    } else {
        Crossing([left, right])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use CircleCircleIntersection::*;

    #[test]
    fn none_and_degenerate_cases() {
        let a = Circle::new(Vec2::ZERO, 2.0);
        assert_eq!(intersection_circle_circle(&a, &a), Some(Coincident));
        assert_eq!(
            intersection_circle_circle(&a, &Circle::new(Vec2::ZERO, 1.0)),
            Some(Nested)
        );
        assert_eq!(
            intersection_circle_circle(&a, &Circle::new(Vec2::new(0.5, 0.0), 1.0)),
            Some(Nested)
        );
        assert_eq!(
            intersection_circle_circle(&a, &Circle::new(Vec2::new(1.0, 0.0), 1.0)),
            Some(Touching(Vec2::new(2.0, 0.0)))
        );
        let dot = Circle::new(Vec2::new(0.0, 2.0), 0.0);
        assert_eq!(
            intersection_circle_circle(&a, &dot),
            Some(Touching(dot.center))
        );
        assert_eq!(
            intersection_circle_circle(&dot, &dot),
            Some(Touching(dot.center))
        );
        assert_eq!(
            intersection_circle_circle(&a, &Circle::new(Vec2::NAN, 1.0)),
            None
        );
        assert_eq!(
            intersection_circle_circle(&a, &Circle::new(Vec2::ONE, -1.0)),
            None
        );
        assert_eq!(Coincident.points(), &[] as &[Vec2]);
    }

    #[test]
    fn nearly_tangent_far_from_origin_against_reference() {
        // Overlap of 1e-3 between circles of radius 1e3 near (1e4, 1e4): the half chord is
        // sqrt(2 r e / 2) ≈ 1, which the naive rA² - a² computes from numbers of size 1e6.
        let a = Circle::new(Vec2::new(1.0e4, 1.0e4), 1000.0);
        let b = Circle::new(Vec2::new(1.0e4 + 1999.999, 1.0e4), 1000.0);
        let Some(Crossing([p, q])) = intersection_circle_circle(&a, &b) else {
            panic!()
        };
        let d = 1999.999f32 as f64;
        let x = 1.0e4 + d / 2.0;
        let h = (1000.0f64 * 1000.0 - (d / 2.0) * (d / 2.0)).sqrt();
        let tol = 1.0e4 * f32::EPSILON as f64;
        assert!((p.x as f64 - x).abs() < tol && (p.y as f64 - (1.0e4 + h)).abs() < tol);
        assert!((q.y as f64 - (1.0e4 - h)).abs() < tol);
    }
}
