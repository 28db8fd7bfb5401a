//! Replays every committed fuzz corpus file (`fuzz/corpus/<target>/*`) through its target's
//! body, on stable Rust: the checks the fuzzer ran, now part of the ordinary suite. A file in a
//! folder that names no target fails the test (a renamed target must take its corpus along).

use std::path::PathBuf;

use nav_reliability::targets::TARGETS;

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus")
}

#[test]
fn every_corpus_file_passes_its_target() {
    let dir = corpus_dir();
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        let (_, body) = TARGETS
            .iter()
            .find(|(target, _)| *target == name)
            .unwrap_or_else(|| panic!("corpus folder {name} names no target"));
        let mut files: Vec<PathBuf> = std::fs::read_dir(entry.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).unwrap();
            let outcome = std::panic::catch_unwind(|| body(&data));
            assert!(outcome.is_ok(), "{} fails its target", file.display());
            replayed += 1;
        }
    }
    eprintln!("replayed {replayed} corpus files");
}

#[test]
fn every_target_has_a_corpus() {
    for (name, _) in TARGETS {
        let dir = corpus_dir().join(name);
        let files = std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
        assert!(files > 0, "no corpus for {name} in {}", dir.display());
    }
}
