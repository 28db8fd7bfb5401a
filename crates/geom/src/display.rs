//! Plain-number `Display` forms of points and shapes, for error messages.
//!
//! glam prints a `Vec2` as `[1, 2]` and `Debug` as `Vec2(1.0, 2.0)`; messages meant for people
//! (and for C callers, who never saw a Rust type) print a point as `(x, y)`, a box as its two
//! corners and a circle as its centre and radius. Every navigator's errors use these.
//!
//! ```
//! use nav_geom::{Aabb, Circle, Vec2, display};
//!
//! assert_eq!(display::point(Vec2::new(1.0, -2.5)).to_string(), "(1, -2.5)");
//! let b = Aabb::new(Vec2::ZERO, Vec2::new(3.0, f32::NAN));
//! assert_eq!(display::aabb(b).to_string(), "min (0, 0), max (3, NaN)");
//! let c = Circle::new(Vec2::new(3.0, 4.0), 1.0);
//! assert_eq!(display::circle(c).to_string(), "centre (3, 4), radius 1");
//! ```

use std::fmt;

use crate::{Aabb, Circle, Vec2};

/// A point printed as `(x, y)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointDisplay(pub Vec2);

/// A box printed as `min (x, y), max (x, y)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AabbDisplay(pub Aabb);

/// A circle printed as `centre (x, y), radius r`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CircleDisplay(pub Circle);

/// `p` printed as `(x, y)`.
pub fn point(p: Vec2) -> PointDisplay {
    PointDisplay(p)
}

/// `b` printed as `min (x, y), max (x, y)`.
pub fn aabb(b: Aabb) -> AabbDisplay {
    AabbDisplay(b)
}

/// `c` printed as `centre (x, y), radius r`.
pub fn circle(c: Circle) -> CircleDisplay {
    CircleDisplay(c)
}

impl fmt::Display for PointDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0.x, self.0.y)
    }
}

impl fmt::Display for AabbDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "min {}, max {}", point(self.0.min), point(self.0.max))
    }
}

impl fmt::Display for CircleDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "centre {}, radius {}",
            point(self.0.center),
            self.0.radius
        )
    }
}
