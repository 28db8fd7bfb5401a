use glam::{DVec2, Vec2};

use crate::Aabb;

/// A disc: every point within `radius` of `center`.
///
/// ```
/// use nav_geom::{Circle, Vec2};
///
/// let c = Circle::new(Vec2::new(1.0, 1.0), 2.0);
/// assert!(c.contains_point(Vec2::new(2.0, 2.0)));
/// assert_eq!(c.aabb().min, Vec2::new(-1.0, -1.0));
/// // Minkowski expansion by an agent radius: a point agent avoiding the inflated circle is a
/// // disc of radius 0.5 avoiding the original one.
/// assert_eq!(c.inflated(0.5).radius, 2.5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Circle {
    /// The centre.
    pub center: Vec2,
    /// The radius, `>= 0` for a valid circle.
    pub radius: f32,
}

impl Circle {
    /// The circle of `radius` around `center`.
    pub const fn new(center: Vec2, radius: f32) -> Self {
        Self { center, radius }
    }

    /// Whether the centre is finite and the radius finite and non-negative.
    pub fn is_valid(&self) -> bool {
        self.center.is_finite() && self.radius.is_finite() && self.radius >= 0.0
    }

    /// Whether `p` lies inside or on the circle (computed in f64; false for NaN, and for every
    /// point when the radius is negative).
    pub fn contains_point(&self, p: Vec2) -> bool {
        let r = self.radius as f64;
        r >= 0.0 && self.center.as_dvec2().distance_squared(p.as_dvec2()) <= r * r
    }

    /// Signed distance from `p` to the disc: `|p - center| - radius`, positive outside, zero on
    /// the boundary, negative inside. Computed in f64; NaN for NaN input or a negative radius.
    ///
    /// An agent of radius `r` standing at `p` overlaps the disc exactly when this is `< r`.
    pub fn signed_distance_to_point(&self, p: Vec2) -> f32 {
        if self.radius < 0.0 {
            return f32::NAN;
        }
        (self.center.as_dvec2().distance(p.as_dvec2()) - self.radius as f64) as f32
    }

    /// The bounding box, rounded outward: `center ± radius` is computed in f64 and each side
    /// is rounded away from the disc, so that the box never cuts into it by a fraction of an ulp
    /// (spatial indexes find a circle by its box: a box that rounds inward would hide a circle
    /// that just touches a query).
    pub fn aabb(&self) -> Aabb {
        let r = self.radius as f64;
        let below = |c: f32| {
            let exact = c as f64 - r;
            let rounded = exact as f32;
            if rounded as f64 > exact {
                rounded.next_down()
            } else {
                rounded
            }
        };
        let above = |c: f32| {
            let exact = c as f64 + r;
            let rounded = exact as f32;
            if (rounded as f64) < exact {
                rounded.next_up()
            } else {
                rounded
            }
        };
        Aabb::new(
            Vec2::new(below(self.center.x), below(self.center.y)),
            Vec2::new(above(self.center.x), above(self.center.y)),
        )
    }

    /// The Minkowski sum of this disc and a disc of radius `margin`: the same centre, radius
    /// `radius + margin`. A disc of radius `margin` overlaps this circle exactly when its centre
    /// lies strictly inside the inflated one, which is how agents of any radius are reduced to
    /// points (the Minkowski expansion of Red Blob Games' "Circular Obstacle Pathfinding"). A
    /// negative margin shrinks the circle; the result is invalid if the radius becomes negative.
    pub fn inflated(&self, margin: f32) -> Circle {
        Circle::new(self.center, (self.radius as f64 + margin as f64) as f32)
    }

    /// The point of the boundary at `angle` (radians from +x towards +y).
    pub fn point_at_angle(&self, angle: f32) -> Vec2 {
        (self.center.as_dvec2() + DVec2::from_angle(angle as f64) * self.radius as f64).as_vec2()
    }

    /// The angle (radians in `(-π, π]`) of the direction from the centre to `p`; 0 when `p`
    /// is the centre, NaN when either is NaN.
    pub fn angle_of(&self, p: Vec2) -> f32 {
        crate::turn::angle_of(p.as_dvec2() - self.center.as_dvec2()) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aabb_never_cuts_into_the_disc() {
        // Centres and radii whose sums are not representable in f32: rounding to nearest would
        // put about half of these box sides inside the disc.
        let mut rng = nav_testkit::TestRng::new(0x9E37_79B9_7F4A_7C15);
        let mut next = || rng.unit_f32();
        let mut inward_by_nearest = 0;
        for _ in 0..10_000 {
            let center = Vec2::new(next() * 2.0e4 - 1.0e4, next() * 2.0e6 - 1.0e6);
            let c = Circle::new(center, next() * 100.0);
            let b = c.aabb();
            let r = c.radius as f64;
            assert!(b.min.x as f64 <= c.center.x as f64 - r);
            assert!(b.min.y as f64 <= c.center.y as f64 - r);
            assert!(b.max.x as f64 >= c.center.x as f64 + r);
            assert!(b.max.y as f64 >= c.center.y as f64 + r);
            // Never looser than one ulp beyond the nearest f32.
            let nearest = (c.center.x as f64 - r) as f32;
            assert!(b.min.x == nearest || b.min.x == nearest.next_down());
            if ((c.center.x - c.radius) as f64) > c.center.x as f64 - r {
                inward_by_nearest += 1;
            }
        }
        assert!(
            inward_by_nearest > 1000,
            "the case the rounding guards against occurs"
        );
    }

    #[test]
    fn negative_radius_contains_nothing() {
        let c = Circle::new(Vec2::ZERO, -1.0);
        assert!(!c.is_valid());
        assert!(!c.contains_point(Vec2::ZERO));
        assert!(!Circle::new(Vec2::ZERO, 1.0).contains_point(Vec2::NAN));
    }

    #[test]
    fn signed_distance_signs() {
        let c = Circle::new(Vec2::new(1.0e6, 0.0), 2.0);
        assert_eq!(c.signed_distance_to_point(Vec2::new(1.0e6 + 5.0, 0.0)), 3.0);
        assert_eq!(c.signed_distance_to_point(Vec2::new(1.0e6 + 2.0, 0.0)), 0.0);
        assert_eq!(c.signed_distance_to_point(c.center), -2.0);
        assert!(c.signed_distance_to_point(Vec2::NAN).is_nan());
        assert!(
            Circle::new(Vec2::ZERO, -1.0)
                .signed_distance_to_point(Vec2::ONE)
                .is_nan()
        );
    }

    #[test]
    fn contains_point_is_exact_far_from_origin() {
        // In f32, 1e6^2 swamps the radius; in f64 the test is exact for f32 inputs.
        let c = Circle::new(Vec2::new(1.0e6, 1.0e6), 0.5);
        assert!(c.contains_point(Vec2::new(1.0e6 + 0.5, 1.0e6)));
        assert!(!c.contains_point(Vec2::new(1.0e6 + 0.5, 1.0e6 + 0.0625)));
    }

    #[test]
    fn angle_and_point_round_trip() {
        let c = Circle::new(Vec2::new(2.0, -3.0), 4.0);
        for i in -6..=6 {
            let angle = i as f32 * 0.5;
            let p = c.point_at_angle(angle);
            assert!((p.distance(c.center) - 4.0).abs() < 1e-5);
            let back = c.angle_of(p);
            let diff = crate::Turn::Ccw.sweep_between(angle, back);
            assert!(
                !(1e-5..=std::f32::consts::TAU - 1e-5).contains(&diff),
                "{angle} {back}"
            );
        }
    }
}
