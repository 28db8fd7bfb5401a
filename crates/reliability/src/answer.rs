//! Bit-exact fingerprints of answers: a 64-bit FNV-1a hash over the status, the cost's bits,
//! the expanded count, the partial flag and every coordinate of the path. Two answers with the
//! same fingerprint are, for every practical purpose, the same bits. Used by the concurrency
//! stress tests (an answer equals the sequential replay's) and the golden file of the
//! determinism tests.

use nav_geom::PathPiece;
use nav_grid::Cell;
use nav_search::PathRef;

/// FNV-1a, 64 bits: tiny, and its output is fixed by its definition (no seed, no platform).
#[derive(Debug, Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Self::new()
    }
}

impl Fnv {
    /// The empty hash.
    pub fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    /// Adds bytes.
    pub fn bytes(&mut self, bytes: &[u8]) -> &mut Self {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self
    }

    /// Adds a u64, little-endian.
    pub fn u64(&mut self, v: u64) -> &mut Self {
        self.bytes(&v.to_le_bytes())
    }

    /// Adds an f32's bits.
    pub fn f32(&mut self, v: f32) -> &mut Self {
        self.bytes(&v.to_bits().to_le_bytes())
    }

    /// The hash.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

fn outcome<P: ?Sized>(h: &mut Fnv, answer: &PathRef<'_, P>) {
    h.bytes(answer.status().as_str().as_bytes())
        .u64(answer.cost().to_bits())
        .u64(answer.expanded() as u64)
        .u64(answer.is_partial() as u64);
}

/// The fingerprint of a grid answer.
pub fn grid(answer: &PathRef<'_, [Cell]>) -> u64 {
    let mut h = Fnv::new();
    outcome(&mut h, answer);
    for c in answer.path() {
        h.u64(((c.x as u64) << 32) | c.y as u64);
    }
    h.finish()
}

/// The fingerprint of an answer made of points (nav-agent).
pub fn points(answer: &PathRef<'_, [glam::Vec2]>) -> u64 {
    let mut h = Fnv::new();
    outcome(&mut h, answer);
    for p in answer.path() {
        h.f32(p.x).f32(p.y);
    }
    h.finish()
}

/// The fingerprint of an answer made of segments and arcs (nav-tangent, nav-mesh).
pub fn pieces(answer: &PathRef<'_, [PathPiece]>) -> u64 {
    let mut h = Fnv::new();
    outcome(&mut h, answer);
    for piece in answer.path() {
        match piece {
            PathPiece::Line(s) => {
                h.u64(0).f32(s.a.x).f32(s.a.y).f32(s.b.x).f32(s.b.y);
            }
            PathPiece::Arc(a) => {
                h.u64(1)
                    .f32(a.center.x)
                    .f32(a.center.y)
                    .f32(a.radius)
                    .f32(a.start)
                    .f32(a.sweep);
                h.u64(matches!(a.turn, nav_geom::Turn::Ccw) as u64);
            }
        }
    }
    h.finish()
}
