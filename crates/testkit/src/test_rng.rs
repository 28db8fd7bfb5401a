//! The one random generator of the tests and benchmarks.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// A seeded random generator for tests and benchmarks: xoshiro256++ (Blackman and Vigna) from
/// the `rand_xoshiro` crate, seeded from a `u64` through SplitMix64. The same seed gives the
/// same sequence on every run and platform, and every seed (0 included) is a good one.
///
/// ```
/// use nav_testkit::TestRng;
///
/// let mut rng = TestRng::new(7);
/// let x = rng.range(-1.0, 1.0);
/// assert!((-1.0..1.0).contains(&x));
/// assert!(rng.below(10) < 10);
/// assert_eq!(TestRng::new(7).next_u64(), TestRng::new(7).next_u64());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestRng(Xoshiro256PlusPlus);

impl TestRng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Self(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `[0, 1)`, with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `[0, 1)`, with 24 random bits.
    pub fn unit_f32(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 * (1.0 / (1u64 << 24) as f32)
    }

    /// Uniform in `[lo, hi)` (`lo` when `lo == hi`).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform in `[lo, hi)` in `f32` (`lo` when `lo == hi`).
    pub fn range_f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit_f32()
    }

    /// A number in `0..n`; `n` must be above 0. Multiply-shift: the bias is below `n / 2^64`.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "TestRng::below(0): the range 0..0 is empty");
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// An index in `0..len`; `len` must be above 0.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// `true` with probability `p` (never for `p <= 0`, always for `p >= 1`).
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let mut a = TestRng::new(0);
        let mut b = TestRng::new(0);
        let first: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        assert_eq!(first, (0..4).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert!(
            first.iter().any(|&x| x != 0),
            "seed 0 must not be a stuck state"
        );
        assert_ne!(TestRng::new(1).next_u64(), TestRng::new(2).next_u64());
        let mut rng = TestRng::new(42);
        for _ in 0..1000 {
            assert!(rng.below(7) < 7);
            assert!((0.0..1.0).contains(&rng.unit()));
            assert!((0.0..1.0).contains(&rng.unit_f32()));
            assert!((2.0..3.0).contains(&rng.range(2.0, 3.0)));
        }
        assert!(!rng.chance(0.0));
        assert!(rng.chance(1.0));
    }
}
