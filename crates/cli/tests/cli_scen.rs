//! `nav scen`: Moving AI scenarios, summaries, exit codes and bad input.

mod common;

use common::{TempDir, map_text, movingai_dir, nav};

const SQRT_2: f64 = std::f64::consts::SQRT_2;

/// A 6 x 4 map with walls; the two cells at the top right are cut off from the rest.
const ROWS: [&str; 4] = ["...@..", "...@@@", "......", "@@@@@."];

/// Scenario rows (`version 1`, tab-separated) for a `w x h` map called `tiny.map`.
fn scen_v1(rows: &[(u32, u32, u32, u32, f64)]) -> String {
    let mut text = "version 1\n".to_string();
    for (i, &(sx, sy, gx, gy, len)) in rows.iter().enumerate() {
        text.push_str(&format!(
            "{}\ttiny.map\t6\t4\t{sx}\t{sy}\t{gx}\t{gy}\t{len:.8}\n",
            i % 3
        ));
    }
    text
}

#[test]
fn jump_points_match_every_row_of_den312d() {
    let Some(data) = movingai_dir() else { return };
    let scen = data.join("dao/den312d.map.scen");
    let run = nav(&["scen", scen.to_str().unwrap(), "--jump-points", "--json"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    assert_eq!(report["rows"], 320);
    assert_eq!(report["matched"], 320);
    assert_eq!(report["mismatches"], serde_json::json!([]));
}

#[test]
fn jump_points_give_the_same_lengths_in_nav_path() {
    let dir = TempDir::new("path-jump-points");
    let map = dir.join("tiny.map");
    std::fs::write(&map, map_text(&ROWS)).unwrap();
    let args = |extra: &[&str]| {
        let mut a = vec![
            "path",
            "--map",
            map.to_str().unwrap(),
            "--from",
            "0,0",
            "--to",
            "5,3",
            "--json",
        ];
        a.extend_from_slice(extra);
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let plain = nav(&args(&[]));
    let jumping = nav(&args(&["--jump-points"]));
    assert_eq!(plain.code, Some(0), "{plain:?}");
    assert_eq!(jumping.code, Some(0), "{jumping:?}");
    assert_eq!(plain.json()["length"], jumping.json()["length"]);
    assert_eq!(
        plain.json()["cells"].as_array().unwrap().len(),
        jumping.json()["cells"].as_array().unwrap().len()
    );
    // Free diagonals have jump points too.
    let free = nav(&args(&["--diagonal", "free"]));
    let free_jumping = nav(&args(&["--diagonal", "free", "--jump-points"]));
    assert_eq!(free.code, Some(0), "{free:?}");
    assert_eq!(free.json()["length"], free_jumping.json()["length"]);
    assert!(free.json()["length"].as_f64() <= plain.json()["length"].as_f64());
    // Jump points need 8 moves with diagonals: anything else is bad input.
    for bad in [&["--moves", "4"][..], &["--diagonal", "never"]] {
        let mut extra = bad.to_vec();
        extra.push("--jump-points");
        nav(&args(&extra)).assert_bad_input(&["--jump-points"]);
    }
}

#[test]
fn arena_matches_every_row() {
    let Some(data) = movingai_dir() else { return };
    let scen = data.join("dao/arena.map.scen");
    let run = nav(&["scen", scen.to_str().unwrap(), "--json"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    // Standard error is not a terminal here: no progress bar.
    assert_eq!(run.stderr, "");
    let report = run.json();
    assert_eq!(report["rows"], 160);
    assert_eq!(report["solved"], 160);
    assert_eq!(report["matched"], 160);
    let max_error = report["max_abs_error"].as_f64().unwrap();
    assert!((0.0..=5e-3).contains(&max_error), "{max_error}");
    assert!(report["median_us"].as_f64().unwrap() > 0.0);
    let total = report["total_ms"].as_f64().unwrap();
    assert!(total > 0.0 && total < 60_000.0, "{total}");
    assert_eq!(report["mismatches"], serde_json::json!([]));
    assert_eq!(report["map"], data.join("dao/arena.map").to_str().unwrap());

    let text = nav(&["scen", scen.to_str().unwrap()]);
    assert_eq!(text.code, Some(0));
    let first = text.stdout.lines().next().unwrap();
    assert!(
        first.contains(": 160 rows, 160 solved, 160 matched within 0.005"),
        "{first}"
    );
    assert!(
        text.stdout
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("time: median ")
    );
}

#[test]
fn mismatches_and_unreachable_rows_exit_with_1() {
    let dir = TempDir::new("scen-mismatch");
    dir.write("tiny.map", &map_text(&ROWS));
    let scen = dir.write(
        "tiny.map.scen",
        &scen_v1(&[
            (0, 0, 2, 2, 2.0 * SQRT_2),
            (0, 0, 5, 3, 1.0 + 4.0 + SQRT_2), // wrong on purpose: the shortest is 4 + 2√2
            (0, 0, 5, 2, 3.0 + 2.0 * SQRT_2),
            (0, 0, 5, 0, 5.0), // unreachable
            (1, 1, 1, 1, 0.0),
        ]),
    );
    let run = nav(&["scen", scen.to_str().unwrap(), "--json"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    let report = run.json();
    assert_eq!(report["rows"], 5);
    assert_eq!(report["solved"], 4);
    assert_eq!(report["matched"], 3);
    let expected_error = (2.0 * SQRT_2 + 4.0) - (5.0 + SQRT_2);
    let max_error = report["max_abs_error"].as_f64().unwrap();
    assert!((max_error - expected_error).abs() < 1e-6, "{max_error}");
    let mismatches = report["mismatches"].as_array().unwrap();
    assert_eq!(mismatches.len(), 2);
    assert_eq!(mismatches[0]["row"], 2);
    assert_eq!(mismatches[0]["from"], serde_json::json!([0, 0]));
    assert_eq!(mismatches[0]["to"], serde_json::json!([5, 3]));
    assert_eq!(mismatches[0]["status"], "found");
    assert_eq!(mismatches[1]["row"], 4);
    assert_eq!(mismatches[1]["status"], "no_path");

    let text = nav(&["scen", scen.to_str().unwrap()]);
    assert_eq!(text.code, Some(1));
    assert!(
        text.stdout.contains("5 rows, 4 solved, 3 matched"),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains("2 rows did not match:"));
    assert!(
        text.stdout
            .contains("  row 2: (0, 0) to (5, 3): optimal 6.41421356, found 6.8284")
    );
    assert!(
        text.stdout
            .contains("  row 4: (0, 0) to (5, 0): optimal 5, no_path 0.0000")
    );
}

#[test]
fn version_1_0_crlf_and_an_explicit_map() {
    let dir = TempDir::new("scen-v10");
    let map = dir.write("other-name.map", &map_text(&ROWS).replace('\n', "\r\n"));
    let scen = dir.write(
        "rows.txt",
        "version 1.0\r\n0 tiny.map 6 4 0 0 2 2 2.83\r\n1 tiny.map 6 4 0 2 5 2 5.00\r\n",
    );
    let run = nav(&[
        "scen",
        scen.to_str().unwrap(),
        "--map",
        map.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    assert_eq!(report["rows"], 2);
    assert_eq!(report["matched"], 2);
    // Two-decimal lengths are within the tolerance of the exact ones.
    assert!(report["max_abs_error"].as_f64().unwrap() < 5e-3);
}

#[test]
fn bad_input_gives_one_line_and_exit_2() {
    let dir = TempDir::new("scen-bad");
    dir.write("tiny.map", &map_text(&ROWS));
    let good_rows = scen_v1(&[(0, 0, 2, 2, 2.0 * SQRT_2)]);

    // No scenario file.
    let missing = dir.join("missing.map.scen");
    nav(&["scen", missing.to_str().unwrap()]).assert_bad_input(&[missing.to_str().unwrap()]);

    // The default map does not exist.
    let orphan = dir.write("orphan.map.scen", &good_rows);
    let orphan_map = dir.join("orphan.map");
    nav(&["scen", orphan.to_str().unwrap()]).assert_bad_input(&[orphan_map.to_str().unwrap()]);

    // A name without .scen needs --map.
    let odd = dir.write("rows.txt", &good_rows);
    nav(&["scen", odd.to_str().unwrap()]).assert_bad_input(&[
        odd.to_str().unwrap(),
        "does not end in .scen",
        "--map",
    ]);

    // A malformed row names the file and the line.
    let malformed = dir.write(
        "tiny.map.scen",
        "version 1\n0\ttiny.map\t6\t4\t0\t0\t2\t2\t2.8\n0\ttiny.map\t6\t4\t0\tzero\t2\t2\t2.8\n",
    );
    nav(&["scen", malformed.to_str().unwrap()]).assert_bad_input(&[
        &format!("{}:3", malformed.display()),
        "start y 'zero' is not a whole number",
    ]);

    // Rows for another map size, or with cells outside the map.
    let wrong_size = dir.write(
        "tiny.map.scen",
        "version 1\n0\ttiny.map\t6\t4\t0\t0\t2\t2\t2.8\n0\ttiny.map\t8\t8\t0\t0\t2\t2\t2.8\n",
    );
    nav(&["scen", wrong_size.to_str().unwrap()]).assert_bad_input(&[
        wrong_size.to_str().unwrap(),
        "row 2 is for a 8x8 map",
        "is 6x4",
    ]);
    let outside = dir.write(
        "tiny.map.scen",
        "version 1\n0\ttiny.map\t6\t4\t0\t0\t6\t2\t2.8\n",
    );
    nav(&["scen", outside.to_str().unwrap()]).assert_bad_input(&[
        outside.to_str().unwrap(),
        "row 1 goal (6, 2) is outside the map",
    ]);

    // Usage errors.
    nav(&["scen"]).assert_bad_input(&["FILE.map.scen", "required"]);
    let good = dir.write("tiny.map.scen", &good_rows);
    nav(&["scen", good.to_str().unwrap(), "--rows", "3"])
        .assert_bad_input(&["'--rows'", "nav scen --help"]);
    // And the good file works.
    assert_eq!(nav(&["scen", good.to_str().unwrap()]).code, Some(0));
}

#[test]
fn search_option_names_the_search_and_reports_search_time() {
    let dir = TempDir::new("scen-search");
    let map = dir.join("tiny.map");
    std::fs::write(&map, map_text(&ROWS)).unwrap();
    let scen = dir.join("tiny.map.scen");
    std::fs::write(&scen, scen_v1(&[(0, 0, 5, 3, 4.0 + 2.0 * SQRT_2)])).unwrap();
    let scen = scen.to_str().unwrap();
    for (extra, search) in [
        (&[][..], "astar"),
        (&["--search", "astar"][..], "astar"),
        (&["--search", "jps"][..], "jps"),
        (&["--jump-points"][..], "jps"),
        (&["--jump-points", "--search", "jps"][..], "jps"),
        (&["--search", "jps-plus"][..], "jps-plus"),
    ] {
        let mut args = vec!["scen", scen, "--json"];
        args.extend_from_slice(extra);
        let run = nav(&args);
        assert_eq!(run.code, Some(0), "{extra:?}: {run:?}");
        let report = run.json();
        assert_eq!(report["search"], search, "{extra:?}");
        assert_eq!(report["matched"], 1, "{extra:?}");
        let search_us = report["search_us"].as_f64().unwrap();
        let total_ms = report["total_ms"].as_f64().unwrap();
        assert!(search_us > 0.0 && (search_us - total_ms * 1e3).abs() < 1e-6 * search_us.max(1.0));
        // Preparing the map is timed apart from the queries.
        assert!(report["preprocess_us"].as_f64().unwrap() > 0.0, "{extra:?}");
    }
    nav(&["scen", scen, "--jump-points", "--search", "astar"])
        .assert_bad_input(&["--jump-points", "--search astar"]);
    let path = |extra: &[&str]| {
        let mut a = vec![
            "path",
            "--map",
            map.to_str().unwrap(),
            "--from",
            "0,0",
            "--to",
            "5,3",
        ];
        a.extend_from_slice(extra);
        nav(&a)
    };
    path(&["--moves", "4", "--search", "jps"]).assert_bad_input(&["--search jps"]);
    path(&["--moves", "4", "--search", "jps-plus"]).assert_bad_input(&["--search jps-plus"]);
    assert_eq!(path(&["--search", "jps", "--json"]).code, Some(0));
    assert_eq!(path(&["--search", "jps-plus", "--json"]).code, Some(0));
}
