//! The generators' random numbers: xoshiro256++ from `rand_xoshiro`, behind a private type
//! so that the public API takes a `u64` seed and nothing else.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// xoshiro256++ (Blackman and Vigna), seeded from a `u64` through SplitMix64 as
/// `rand_xoshiro` does: the same sequence on every run and platform.
#[derive(Debug, Clone)]
pub(crate) struct MapRng(Xoshiro256PlusPlus);

impl MapRng {
    /// A generator started from `seed`.
    pub(crate) fn new(seed: u64) -> Self {
        Self(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// A number in `[0, 1)` with 53 random bits.
    fn next_f64(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A number in `0..n` (`n > 0`), without modulo bias worth noticing for map sizes
    /// (multiply-shift, bias below `n / 2^64`).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        ((self.0.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// `true` with probability `p`.
    pub(crate) fn chance(&mut self, p: f64) -> bool {
        self.next_f64() < p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let (mut a, mut b) = (MapRng::new(0), MapRng::new(0));
        for _ in 0..100 {
            assert_eq!(a.below(1000), b.below(1000));
        }
        let mut rng = MapRng::new(42);
        for _ in 0..1000 {
            assert!(rng.below(7) < 7);
            let f = rng.next_f64();
            assert!((0.0..1.0).contains(&f));
        }
        assert!(!rng.chance(0.0));
        assert!(rng.chance(1.0));
    }
}
