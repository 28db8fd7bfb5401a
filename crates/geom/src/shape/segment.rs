use glam::Vec2;

use crate::Aabb;

/// The straight segment from `a` to `b`.
///
/// A segment is *valid* when both ends are finite; `a == b` (a point) is valid and handled by
/// every query.
///
/// ```
/// use nav_geom::{Segment, Vec2};
/// let s = Segment::new(Vec2::new(1.0, 1.0), Vec2::new(4.0, 5.0));
/// assert_eq!(s.length(), 5.0);
/// assert_eq!(s.point_at(0.5), Vec2::new(2.5, 3.0));
/// assert_eq!(s.reversed().a, s.b);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Segment {
    /// First end point.
    pub a: Vec2,
    /// Second end point.
    pub b: Vec2,
}

impl Segment {
    /// The segment from `a` to `b`.
    pub const fn new(a: Vec2, b: Vec2) -> Self {
        Self { a, b }
    }

    /// Whether both end points are finite.
    pub fn is_valid(&self) -> bool {
        self.a.is_finite() && self.b.is_finite()
    }

    /// `b - a`.
    pub fn direction(&self) -> Vec2 {
        self.b - self.a
    }

    /// The same segment from `b` to `a`.
    pub fn reversed(&self) -> Segment {
        Segment::new(self.b, self.a)
    }

    /// Length of the segment (computed in f64).
    pub fn length(&self) -> f32 {
        self.a.as_dvec2().distance(self.b.as_dvec2()) as f32
    }

    /// The point at parameter `t` (0 at `a`, 1 at `b`).
    pub fn point_at(&self, t: f32) -> Vec2 {
        self.a + (self.b - self.a) * t
    }

    /// The bounding box.
    pub fn aabb(&self) -> Aabb {
        Aabb::from_corners(self.a, self.b)
    }
}
