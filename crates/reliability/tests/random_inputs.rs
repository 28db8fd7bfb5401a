//! Every target on seeded random inputs (a smoke test that runs without nightly and without a
//! corpus; the campaigns in `fuzz/` search far more widely).

use nav_reliability::targets::TARGETS;
use nav_testkit::TestRng;

#[test]
fn targets_accept_random_inputs() {
    let mut rng = TestRng::new(15);
    for (name, body) in TARGETS {
        for i in 0..40 {
            let len = [16, 64, 256, 1024][i % 4];
            let data: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            let outcome = std::panic::catch_unwind(|| body(&data));
            assert!(
                outcome.is_ok(),
                "{name} fails on random input {i}: {data:?}"
            );
        }
    }
}
