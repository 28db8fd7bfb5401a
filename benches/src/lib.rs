//! Shared helpers of the benchmarks in `benches/benches/`: a deterministic random generator,
//! criterion's medians read back after a run, and the number formats of the summary tables.
#![warn(missing_docs)]

use std::path::PathBuf;

/// Marsaglia's xorshift64: deterministic data without a dependency. The same seed gives the
/// same sequence on every run and platform.
#[derive(Debug, Clone)]
pub struct XorShift64(pub u64);

impl XorShift64 {
    /// The next 64 random bits. (A seed of 0 stays 0: seed with anything else.)
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in `[0, 1)`, from the top 24 bits.
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// Criterion's output directory, as `criterion::Criterion::default` picks it: `CRITERION_HOME`,
/// else `$CARGO_TARGET_DIR/criterion`, else the workspace's `target/criterion`.
pub fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"));
    target.join("criterion")
}

/// The median (ns per iteration) of a finished benchmark `group/function`, read from
/// criterion's estimates file; `None` when it did not run (filtered out, say).
pub fn median_ns(group: &str, function: &str) -> Option<f64> {
    let path = criterion_dir()
        .join(directory_name(group))
        .join(directory_name(function))
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let median = &text[text.find("\"median\"")?..];
    let value = &median[median.find("\"point_estimate\":")? + "\"point_estimate\":".len()..];
    let end = value.find([',', '}'])?;
    value[..end].trim().parse().ok()
}

/// The directory criterion stores an id under: the characters that are not safe in a file
/// name (`/` among them) become `_`.
fn directory_name(id: &str) -> String {
    id.replace(['?', '"', '/', '\\', '*', '<', '>', ':', '|', '^'], "_")
}

/// `value` with `decimals` decimals, or `-` when it is missing.
pub fn fixed(value: Option<f64>, decimals: usize) -> String {
    value.map_or("-".to_string(), |v| format!("{v:.decimals$}"))
}

/// `a / b` as `2.50x` (with `decimals` decimals), or `-` when either is missing.
pub fn ratio(a: Option<f64>, b: Option<f64>, decimals: usize) -> String {
    match (a, b) {
        (Some(a), Some(b)) => format!("{:.decimals$}x", a / b),
        _ => "-".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(fixed(Some(1.234), 1), "1.2");
        assert_eq!(fixed(Some(1.236), 2), "1.24");
        assert_eq!(fixed(None, 2), "-");
        assert_eq!(ratio(Some(5.0), Some(2.0), 1), "2.5x");
        assert_eq!(ratio(Some(5.0), Some(2.0), 2), "2.50x");
        assert_eq!(ratio(None, Some(2.0), 2), "-");
        assert_eq!(ratio(Some(5.0), None, 2), "-");
    }

    #[test]
    fn directory_names_follow_criterion() {
        assert_eq!(directory_name("agent/r=0.5"), "agent_r=0.5");
        assert_eq!(directory_name("open/full"), "open_full");
        assert_eq!(directory_name("query_small"), "query_small");
    }

    #[test]
    fn xorshift_is_the_usual_sequence() {
        // First outputs of xorshift64 (13, 7, 17) from seed 1.
        let mut rng = XorShift64(1);
        assert_eq!(rng.next_u64(), 1_082_269_761);
        let mut rng = XorShift64(0x9E37_79B9_7F4A_7C15);
        for _ in 0..1000 {
            let u = rng.unit();
            assert!((0.0..1.0).contains(&u));
            let r = rng.range(-2.0, 3.0);
            assert!((-2.0..3.0).contains(&r));
        }
    }
}
