//! Every Moving AI map in the shared data: nav's lengths must match the published optimal
//! lengths (within 5e-3) and every path must be legal under the Moving AI rules, searching
//! cell by cell and by jump points (on sampled rows of the larger maps), and by preprocessed
//! jump points (JPS+) on every row.

mod common;

use std::time::Instant;

use common::{Diagonal, legal_unit_step, scenario_files, unit_step_cost};
use nav_grid::movingai::{default_map_path, read_map, read_scenario};
use nav_grid::{GridContext, GridQuery, GridRules, PathStatus, SearchMode};
use nav_testkit::movingai_dir;

/// Maps with at most this many rows are checked row by row; larger ones on evenly spaced rows.
const ALL_ROWS_UP_TO: usize = 1000;
/// Rows checked on the larger maps.
const SAMPLED_ROWS: usize = 200;

#[test]
fn every_map_matches_the_published_optimal_lengths() {
    let Some(dir) = movingai_dir() else { return };
    let files = scenario_files(&dir);
    assert_eq!(
        files.len(),
        12,
        "expected the 12 scenario files, found {files:?}"
    );

    let rule_sets = [
        GridRules::moving_ai().compile().unwrap(),
        GridRules::moving_ai()
            .with_search(SearchMode::JumpPoints)
            .compile()
            .unwrap(),
    ];
    let mut finder = GridContext::new();
    let mut checked = 0;
    for scen_path in files {
        let started = Instant::now();
        let scen = read_scenario(&scen_path).unwrap();
        let map_path = default_map_path(&scen_path).unwrap();
        let map = read_map(&map_path).unwrap();
        let n = scen.rows.len();
        let picks: Vec<usize> = if n <= ALL_ROWS_UP_TO {
            (0..n).collect()
        } else {
            (0..SAMPLED_ROWS).map(|i| i * n / SAMPLED_ROWS).collect()
        };
        let mut worst: f64 = 0.0;
        for &i in &picks {
            let row = &scen.rows[i];
            assert_eq!(
                (row.width, row.height),
                (map.width(), map.height()),
                "{scen_path:?} row {i}"
            );
            for rules in &rule_sets {
                let outcome = finder
                    .find_path(&map, rules, &GridQuery::new(row.start, row.goal))
                    .unwrap()
                    .outcome();
                assert_eq!(outcome.status, PathStatus::Found, "{scen_path:?} row {i}");
                assert_eq!(finder.search_used(), Some(rules.search_mode()));
                let error = (outcome.cost - row.optimal_length).abs();
                assert!(
                    error <= 5e-3 + 1e-9,
                    "{scen_path:?} row {i}: length {} but the optimal length is {}",
                    outcome.cost,
                    row.optimal_length
                );
                worst = worst.max(error);
                // The path itself: from start to goal, legal steps, summing to the reported cost.
                let path = finder.path();
                assert_eq!(path.first(), Some(&row.start));
                assert_eq!(path.last(), Some(&row.goal));
                let mut sum = 0.0;
                for step in path.windows(2) {
                    assert!(
                        legal_unit_step(&map, step[0], step[1], true, Diagonal::NoCornerCutting),
                        "{scen_path:?} row {i}: illegal step {} -> {}",
                        step[0],
                        step[1]
                    );
                    sum += unit_step_cost(step[0], step[1]);
                }
                assert!((sum - outcome.cost).abs() < 1e-9);
                checked += 1;
            }
        }
        eprintln!(
            "{}: {} of {} rows, max error {worst:.2e}, {:.0} ms",
            map_path.file_name().unwrap().to_string_lossy(),
            picks.len(),
            n,
            started.elapsed().as_secs_f64() * 1e3
        );
    }
    assert!(checked > 5000);
}

/// Every row of every map, by preprocessed jump points (JPS+), with the tables built ahead of
/// time: each length equals the published optimal length and each path is legal.
#[test]
fn every_row_matches_by_preprocessed_jump_points() {
    let Some(dir) = movingai_dir() else { return };
    let files = scenario_files(&dir);
    assert_eq!(files.len(), 12, "expected the 12 scenario files");
    let rules = GridRules::moving_ai()
        .with_search(SearchMode::JumpPointsPlus)
        .compile()
        .unwrap();
    let mut finder = GridContext::new();
    let mut checked = 0;
    for scen_path in files {
        let scen = read_scenario(&scen_path).unwrap();
        let map = read_map(default_map_path(&scen_path).unwrap()).unwrap();
        assert!(map.prepare(&rules, 1).unwrap(), "{scen_path:?}: built now");
        for (i, row) in scen.rows.iter().enumerate() {
            let outcome = finder
                .find_path(&map, &rules, &GridQuery::new(row.start, row.goal))
                .unwrap()
                .outcome();
            assert_eq!(outcome.status, PathStatus::Found, "{scen_path:?} row {i}");
            assert_eq!(finder.search_used(), Some(SearchMode::JumpPointsPlus));
            assert!(
                (outcome.cost - row.optimal_length).abs() <= 5e-3 + 1e-9,
                "{scen_path:?} row {i}: length {} but the optimal length is {}",
                outcome.cost,
                row.optimal_length
            );
            let path = finder.path();
            assert_eq!(path.first(), Some(&row.start));
            assert_eq!(path.last(), Some(&row.goal));
            assert!(
                path.windows(2).all(|step| legal_unit_step(
                    &map,
                    step[0],
                    step[1],
                    true,
                    Diagonal::NoCornerCutting
                )),
                "{scen_path:?} row {i}: an illegal step"
            );
            checked += 1;
        }
    }
    assert!(checked > 20_000, "{checked} rows");
}
