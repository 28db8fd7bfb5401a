use glam::Vec2;

use crate::Aabb;

/// The straight segment from `a` to `b`.
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

    /// Length of the segment.
    pub fn length(&self) -> f32 {
        self.a.distance(self.b)
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
