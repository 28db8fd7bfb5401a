//! Determinism: the same query gives bit-identical answers across runs, threads, batch versus
//! single calls, and debug versus release builds, checked against a committed golden file of
//! answer fingerprints (`tests/golden/paths.txt`: `name fingerprint` lines, hashes only).
//!
//! * Moving AI rows: 8 evenly spaced rows of every scenario under the data directory
//!   (`nav_testkit::movingai_dir`; skipped with a message when it is missing, a failure under
//!   `CI=true`), cell by cell and by jump points;
//! * random worlds of every navigator (grid, agent, circles, polygons; `nav_reliability::scenes`).
//!
//! Runs: every test run compares with the file, so two runs (two processes, two hash seeds)
//! compare with each other; `cargo test --release` compares the release build. Threads: the
//! grid rows again through `nav_grid::find_paths` (rayon), and every scene's queries answered on
//! 3 threads at once. Regenerate (after a deliberate change of answers, say why in the commit):
//! `NAV_UPDATE_GOLDEN=1 cargo test -p nav-reliability --test determinism`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use nav_grid::movingai::{read_map, read_scenario};
use nav_grid::{GridContext, GridQuery, GridRules, SearchMode};
use nav_reliability::answer;
use nav_reliability::scenes::{AgentScene, CircleScene, GridScene, MeshScene};
use nav_search::PathRef;

const ROWS_PER_SCENARIO: usize = 8;

fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/paths.txt")
}

fn scenarios(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(".map.scen") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Fingerprints of the sampled Moving AI rows: `(name, fingerprint)`, single calls, and the
/// same through the rayon batch (which must agree).
fn movingai(out: &mut BTreeMap<String, u64>) -> bool {
    let Some(dir) = nav_testkit::movingai_dir() else {
        return false;
    };
    let mut ctx = GridContext::new();
    for scen in scenarios(&dir) {
        let map_path = nav_grid::movingai::default_map_path(&scen).unwrap();
        let map = read_map(&map_path).unwrap();
        let rows = read_scenario(&scen).unwrap().rows;
        let step = (rows.len() / ROWS_PER_SCENARIO).max(1);
        let picked: Vec<_> = rows.iter().step_by(step).take(ROWS_PER_SCENARIO).collect();
        let name = map_path.file_stem().unwrap().to_string_lossy().into_owned();
        for mode in [SearchMode::CellByCell, SearchMode::JumpPoints] {
            let rules = GridRules::default().with_search(mode).compile().unwrap();
            let queries: Vec<GridQuery> = picked
                .iter()
                .map(|r| GridQuery::new(r.start, r.goal))
                .collect();
            let batch = nav_grid::find_paths(&map, &rules, &queries);
            for (i, (q, b)) in queries.iter().zip(&batch).enumerate() {
                let single = answer::grid(&ctx.find_path(&map, &rules, q).unwrap());
                let b = b.as_ref().unwrap();
                let batched = answer::grid(&PathRef::new(b.outcome, b.path.cells()));
                let key = format!("movingai/{name}/{}/{i}", mode.name());
                assert_eq!(
                    single, batched,
                    "{key}: the rayon batch differs from a single call"
                );
                out.insert(key, single);
            }
        }
    }
    true
}

/// Fingerprints of every scene's queries, on one thread; checks that 3 threads at once give
/// the same.
fn scenes(out: &mut BTreeMap<String, u64>) {
    fn on_threads(name: &str, n: usize, single: &[u64], answer: impl Fn(usize) -> u64 + Sync) {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..3)
                .map(|t| {
                    let answer = &answer;
                    s.spawn(move || (0..n).map(|i| answer((i + t * 5) % n)).collect::<Vec<_>>())
                })
                .collect();
            for (t, h) in handles.into_iter().enumerate() {
                let got = h.join().unwrap();
                for (i, g) in got.iter().enumerate() {
                    assert_eq!(
                        *g,
                        single[(i + t * 5) % n],
                        "{name}: thread {t} differs on query {}",
                        (i + t * 5) % n
                    );
                }
            }
        });
    }
    for seed in 1..=3u64 {
        let grid = GridScene::new(seed, 64, 24);
        let single: Vec<u64> = (0..24)
            .map(|i| grid.answer(&mut GridContext::new(), &grid.map, i))
            .collect();
        on_threads("grid", 24, &single, |i| {
            grid.answer(&mut GridContext::new(), &grid.map, i)
        });
        for (i, h) in single.iter().enumerate() {
            out.insert(format!("grid/{seed}/{i}"), *h);
        }
        let agent = AgentScene::new(seed, 30, 12);
        let single: Vec<u64> = (0..12)
            .map(|i| agent.answer(&mut nav_agent::AgentContext::new(), &agent.world, i))
            .collect();
        on_threads("agent", 12, &single, |i| {
            agent.answer(&mut nav_agent::AgentContext::new(), &agent.world, i)
        });
        for (i, h) in single.iter().enumerate() {
            out.insert(format!("agent/{seed}/{i}"), *h);
        }
        let circles = CircleScene::new(seed, 30, 12);
        let single: Vec<u64> = (0..12)
            .map(|i| circles.answer(&mut nav_tangent::CircleContext::new(), &circles.world, i))
            .collect();
        on_threads("circles", 12, &single, |i| {
            circles.answer(&mut nav_tangent::CircleContext::new(), &circles.world, i)
        });
        for (i, h) in single.iter().enumerate() {
            out.insert(format!("circles/{seed}/{i}"), *h);
        }
        let mesh = MeshScene::new(seed, 24, 12);
        let single: Vec<u64> = (0..12)
            .map(|i| mesh.answer(&mut nav_mesh::MeshContext::new(), &mesh.world, i))
            .collect();
        on_threads("mesh", 12, &single, |i| {
            mesh.answer(&mut nav_mesh::MeshContext::new(), &mesh.world, i)
        });
        for (i, h) in single.iter().enumerate() {
            out.insert(format!("mesh/{seed}/{i}"), *h);
        }
    }
}

#[test]
fn answers_match_the_golden_file() {
    let mut got = BTreeMap::new();
    let have_data = movingai(&mut got);
    scenes(&mut got);
    let path = golden_path();
    if std::env::var_os("NAV_UPDATE_GOLDEN").is_some() {
        assert!(
            have_data,
            "regenerating the golden file needs the Moving AI data"
        );
        let text: String = got.iter().map(|(k, v)| format!("{k} {v:016x}\n")).collect();
        std::fs::write(&path, text).unwrap();
        eprintln!("wrote {} fingerprints to {}", got.len(), path.display());
        return;
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let golden: BTreeMap<String, u64> = text
        .lines()
        .map(|l| {
            let (k, v) = l.split_once(' ').unwrap();
            (k.to_string(), u64::from_str_radix(v, 16).unwrap())
        })
        .collect();
    let mut differ = Vec::new();
    for (k, v) in &golden {
        match got.get(k) {
            Some(g) if g == v => {}
            Some(g) => differ.push(format!("{k}: golden {v:016x}, now {g:016x}")),
            None if k.starts_with("movingai/") && !have_data => {}
            None => differ.push(format!("{k}: in the golden file, not computed")),
        }
    }
    for k in got.keys().filter(|k| !golden.contains_key(*k)) {
        differ.push(format!("{k}: computed, not in the golden file"));
    }
    assert!(
        differ.is_empty(),
        "{} answers differ from {}:\n{}",
        differ.len(),
        path.display(),
        differ.join("\n")
    );
    eprintln!(
        "{} answers equal to the golden file ({} Moving AI rows)",
        got.len(),
        got.keys().filter(|k| k.starts_with("movingai/")).count()
    );
}
