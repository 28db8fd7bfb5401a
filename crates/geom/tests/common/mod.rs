//! Shared generators and tolerances for the property tests.
#![allow(dead_code)]

use nav_geom::{Circle, Vec2};
use proptest::prelude::*;

/// A point in f64, for reference computations.
pub type P = (f64, f64);

pub fn p64(v: Vec2) -> P {
    (v.x as f64, v.y as f64)
}

pub fn sub(a: P, b: P) -> P {
    (a.0 - b.0, a.1 - b.1)
}

pub fn dot(a: P, b: P) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

pub fn cross(a: P, b: P) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

pub fn norm(a: P) -> f64 {
    a.0.hypot(a.1)
}

pub fn dist(a: P, b: P) -> f64 {
    norm(sub(a, b))
}

/// The tolerance for an f32 result at coordinates of size `magnitude`: the f64 computation
/// is exact to far better than this, so what remains is rounding the output to f32 (half an
/// ulp per coordinate) and, for derived quantities, a few such roundings.
pub fn tol(magnitude: f64) -> f64 {
    4.0 * f32::EPSILON as f64 * magnitude.max(1e-30)
}

/// Magnitude of a set of circles: the largest coordinate or radius involved.
pub fn magnitude(circles: &[Circle]) -> f64 {
    circles
        .iter()
        .map(|c| c.center.x.abs().max(c.center.y.abs()) as f64 + c.radius as f64)
        .fold(0.0, f64::max)
}

/// World offsets the numerics must survive: the origin, 10^4 and 10^6 units away, anywhere.
pub fn base() -> impl Strategy<Value = Vec2> {
    prop_oneof![
        Just(Vec2::ZERO),
        Just(Vec2::new(1.0e4, -1.0e4)),
        Just(Vec2::new(-1.0e6, 1.0e6)),
        (-1.0e6f32..1.0e6, -1.0e6f32..1.0e6).prop_map(|(x, y)| Vec2::new(x, y)),
    ]
}

/// Local length scales: tiny to huge shapes.
pub fn scale() -> impl Strategy<Value = f32> {
    prop_oneof![Just(0.01f32), Just(1.0), Just(100.0), Just(5000.0)]
}

/// A group of `n` circles near one base point, at one scale.
pub fn circles(n: usize) -> impl Strategy<Value = Vec<Circle>> {
    (base(), scale()).prop_flat_map(move |(base, scale)| {
        proptest::collection::vec((-10.0f32..10.0, -10.0f32..10.0, 0.0f32..6.0), n).prop_map(
            move |raw| {
                raw.into_iter()
                    .map(|(x, y, r)| Circle::new(base + Vec2::new(x, y) * scale, r * scale))
                    .collect()
            },
        )
    })
}

/// A point near a base, at the scale of the circles (used with `circles`).
pub fn local_point(base: Vec2, scale: f32, x: f32, y: f32) -> Vec2 {
    base + Vec2::new(x, y) * scale
}
