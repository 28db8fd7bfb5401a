#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| nav_reliability::targets::agent_query(data));
