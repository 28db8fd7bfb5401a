//! `nav path`: JSON shape and values, statuses and exit codes, pictures, bad input.

mod common;

use std::collections::VecDeque;

use common::{TempDir, check_svg, map_text, movingai_dir, nav};
use serde_json::Value;

const SQRT_2: f64 = std::f64::consts::SQRT_2;

/// `[[x, y], ...]` from a JSON report.
fn cells(report: &Value) -> Vec<(i64, i64)> {
    report["cells"]
        .as_array()
        .expect("cells array")
        .iter()
        .map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap()))
        .collect()
}

/// Checks that `path` runs from `from` to `to` in unit steps (4 or 8 neighbours) over `open`
/// cells and that `length` is the sum of the step lengths.
fn check_path(rows: &[&str], path: &[(i64, i64)], from: (i64, i64), to: (i64, i64), length: f64) {
    assert_eq!(path.first(), Some(&from));
    assert_eq!(path.last(), Some(&to));
    let open = |(x, y): (i64, i64)| rows[y as usize].as_bytes()[x as usize] == b'.';
    let mut sum = 0.0;
    for pair in path.windows(2) {
        let (dx, dy) = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
        assert!(
            dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
            "step {pair:?}"
        );
        assert!(open(pair[1]), "{:?} is blocked", pair[1]);
        sum += if dx != 0 && dy != 0 { SQRT_2 } else { 1.0 };
    }
    assert!(
        (sum - length).abs() < 1e-9,
        "length {length}, steps sum to {sum}"
    );
}

const ROOMS: [&str; 5] = [
    "..........",
    ".@@@@@@@@.",
    ".@......@.",
    ".@.@@@@.@.",
    "...@....@.",
];

#[test]
fn found_path_json_has_the_documented_shape() {
    let dir = TempDir::new("path-json");
    let map = dir.write("rooms.map", &map_text(&ROOMS));
    let run = nav(&[
        "path",
        "--map",
        map.to_str().unwrap(),
        "--from",
        "0,4",
        "--to",
        "4,4",
        "--json",
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    let keys: Vec<&str> = report
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys.len(), 4, "{keys:?}");
    for key in ["status", "length", "cells", "expanded"] {
        assert!(keys.contains(&key), "{key} missing");
    }
    assert_eq!(report["status"], "found");
    // Into the walled room through the gap at (2, 3), along row 2 and down at column 7; no
    // corner of a wall may be cut on the way.
    let length = report["length"].as_f64().unwrap();
    check_path(&ROOMS, &cells(&report), (0, 4), (4, 4), length);
    assert!(report["expanded"].as_u64().unwrap() >= cells(&report).len() as u64 - 1);
    assert_eq!(run.stderr, "");
}

#[test]
fn text_output_and_picture() {
    let dir = TempDir::new("path-text");
    let map = dir.write("rooms.map", &map_text(&ROOMS));
    let svg = dir.join("route.svg");
    let run = nav(&[
        "path",
        "--map",
        map.to_str().unwrap(),
        "--from",
        "0,0",
        "--to",
        "9,4",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let lines: Vec<&str> = run.stdout.lines().collect();
    // Along the top row and down the right column: the walls allow no shortcut.
    assert!(
        lines[0].starts_with("found, length 13.000 over 14 cells; "),
        "{lines:?}"
    );
    assert!(lines[0].ends_with("(8 moves, no-corner-cutting, octile)"));
    assert!(lines[1].starts_with("path: 0,0 1,0 2,0"));
    assert!(lines[1].ends_with(" 9,4"));
    assert_eq!(lines[2], format!("picture: {}", svg.display()));
    let counts = check_svg(&std::fs::read_to_string(&svg).unwrap());
    assert_eq!(counts.get("polyline"), Some(&1), "the path");
    assert_eq!(counts.get("circle"), Some(&2), "start and goal");
    assert_eq!(counts.get("text"), Some(&1), "the title");
}

#[test]
fn move_rules_change_the_path() {
    let dir = TempDir::new("path-rules");
    // Two blocks touching at their corners between (0, 0) and (1, 1).
    let rows = [".@.", "@..", "..."];
    let map = dir.write("corner.map", &map_text(&rows));
    let query = |extra: &[&str]| {
        let mut args = vec![
            "path",
            "--map",
            map.to_str().unwrap(),
            "--from",
            "0,0",
            "--to",
            "1,1",
            "--json",
        ];
        args.extend_from_slice(extra);
        nav(&args)
    };
    let free = query(&["--diagonal", "free"]);
    assert_eq!(free.code, Some(0));
    let report = free.json();
    assert_eq!(report["status"], "found");
    assert!((report["length"].as_f64().unwrap() - SQRT_2).abs() < 1e-12);
    assert_eq!(cells(&report), vec![(0, 0), (1, 1)]);

    for extra in [
        &[][..],
        &["--diagonal", "no-corner-cutting"],
        &["--diagonal", "never"],
        &["--moves", "4"],
    ] {
        let run = query(extra);
        assert_eq!(run.code, Some(1), "{extra:?}: {run:?}");
        let report = run.json();
        assert_eq!(report["status"], "no_path", "{extra:?}");
        assert_eq!(report["length"], 0.0);
        assert_eq!(report["cells"], Value::Array(vec![]));
        assert_eq!(
            report["expanded"], 0,
            "answered from the connected components"
        );
    }

    // Every heuristic that is admissible for 8 moves gives the same length on open ground.
    let open = dir.write("open.map", &map_text(&["........"; 6]));
    let mut lengths = Vec::new();
    for heuristic in ["chebyshev", "octile", "euclidean", "zero"] {
        let run = nav(&[
            "path",
            "--map",
            open.to_str().unwrap(),
            "--from",
            "0,0",
            "--to",
            "7,5",
            "--heuristic",
            heuristic,
            "--json",
        ]);
        assert_eq!(run.code, Some(0), "{heuristic}: {run:?}");
        lengths.push(run.json()["length"].as_f64().unwrap());
    }
    let expected = 5.0 * SQRT_2 + 2.0;
    for length in lengths {
        assert!((length - expected).abs() < 1e-9);
    }
    // Manhattan overestimates diagonal moves: refused unless suboptimal paths are accepted.
    let args = |extra: &'static str| {
        let mut a = vec![
            "path".to_string(),
            "--map".into(),
            open.display().to_string(),
            "--from".into(),
            "0,0".into(),
            "--to".into(),
            "7,5".into(),
            "--heuristic".into(),
            "manhattan".into(),
            "--json".into(),
        ];
        if !extra.is_empty() {
            a.push(extra.into());
        }
        a
    };
    nav(&args("")).assert_bad_input(&["--heuristic manhattan", "not admissible"]);
    let greedy = nav(&args("--allow-inadmissible"));
    assert_eq!(greedy.code, Some(0));
    assert!(greedy.json()["length"].as_f64().unwrap() >= expected - 1e-9);
    // With 4 moves Manhattan is the default and admissible.
    let four = nav(&[
        "path",
        "--map",
        open.to_str().unwrap(),
        "--from",
        "0,0",
        "--to",
        "7,5",
        "--moves",
        "4",
        "--json",
    ]);
    assert_eq!(four.json()["length"], 12.0);
}

#[test]
fn blocked_endpoints_and_limits_exit_with_1() {
    let dir = TempDir::new("path-status");
    let rows = ["..@..", "..@..", "....."];
    let map = dir.write("wall.map", &map_text(&rows));
    let query = |from: &str, to: &str, extra: &[&str]| {
        let mut args = vec![
            "path",
            "--map",
            map.to_str().unwrap(),
            "--from",
            from,
            "--to",
            to,
            "--json",
        ];
        args.extend_from_slice(extra);
        nav(&args)
    };
    for (from, to, status) in [
        ("2,0", "4,0", "start_blocked"),
        ("0,0", "2,1", "goal_blocked"),
    ] {
        let run = query(from, to, &[]);
        assert_eq!(run.code, Some(1), "{run:?}");
        let report = run.json();
        assert_eq!(report["status"], status);
        assert_eq!(report["cells"], Value::Array(vec![]));
        assert_eq!(report["expanded"], 0);
    }
    let run = query("0,0", "4,0", &["--max-expanded", "2"]);
    assert_eq!(run.code, Some(1));
    let report = run.json();
    assert_eq!(report["status"], "limit_reached");
    assert_eq!(report["expanded"], 2);
    // The way round the wall costs 4 + 2√2 ≈ 6.83 (no corner cutting); capping the cost
    // below it leaves no admissible path.
    let run = query("0,0", "4,0", &["--max-cost", "6.5"]);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.json()["status"], "limit_reached");
    let run = query("0,0", "4,0", &["--max-cost", "7"]);
    assert_eq!(run.code, Some(0));
    let report = run.json();
    check_path(
        &rows,
        &cells(&report),
        (0, 0),
        (4, 0),
        report["length"].as_f64().unwrap(),
    );

    // A partial path leads as close to a blocked goal as possible and says so.
    let run = query("0,0", "2,1", &["--partial"]);
    assert_eq!(run.code, Some(1));
    let report = run.json();
    assert_eq!(report["status"], "goal_blocked");
    assert_eq!(report["partial"], true);
    let path = cells(&report);
    assert_eq!(path.first(), Some(&(0, 0)));
    let end = *path.last().unwrap();
    let distance = (end.0 - 2).abs().max((end.1 - 1).abs());
    assert_eq!(distance, 1, "ends next to the goal, at {end:?}");
    // Without --partial the key is absent; with it and a path found, partial is false.
    let run = query("0,0", "4,0", &["--partial"]);
    assert_eq!(run.json()["partial"], false);

    // The text form explains the status.
    let run = nav(&[
        "path",
        "--map",
        map.to_str().unwrap(),
        "--from",
        "2,0",
        "--to",
        "4,0",
    ]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stdout
            .starts_with("start_blocked: the start cell (2, 0) is not walkable"),
        "{}",
        run.stdout
    );
}

/// Breadth-first distances over 4-neighbour open cells (`.`).
fn bfs(rows: &[String], from: (usize, usize)) -> Vec<Vec<Option<u32>>> {
    let (w, h) = (rows[0].len(), rows.len());
    let mut dist = vec![vec![None; w]; h];
    let mut queue = VecDeque::from([from]);
    dist[from.1][from.0] = Some(0);
    while let Some((x, y)) = queue.pop_front() {
        let d = dist[y][x].unwrap();
        for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                continue;
            }
            let (nx, ny) = (nx as usize, ny as usize);
            if rows[ny].as_bytes()[nx] == b'.' && dist[ny][nx].is_none() {
                dist[ny][nx] = Some(d + 1);
                queue.push_back((nx, ny));
            }
        }
    }
    dist
}

#[test]
fn four_move_paths_on_generated_maps_match_breadth_first_search() {
    let dir = TempDir::new("path-generated");
    // Caves are one connected region, a perfect maze connects every open cell.
    for (kind, size) in [("caves", "48x32"), ("maze", "41x31")] {
        let map = dir.join(&format!("{kind}.map"));
        let run = nav(&[
            "gen",
            "--kind",
            kind,
            "--size",
            size,
            "--seed",
            "5",
            "-o",
            map.to_str().unwrap(),
        ]);
        assert_eq!(run.code, Some(0), "{run:?}");
        let text = std::fs::read_to_string(&map).unwrap();
        let rows: Vec<String> = text.lines().skip(4).map(String::from).collect();
        let open: Vec<(usize, usize)> = (0..rows.len())
            .flat_map(|y| (0..rows[0].len()).map(move |x| (x, y)))
            .filter(|&(x, y)| rows[y].as_bytes()[x] == b'.')
            .collect();
        assert!(open.len() > 50, "{kind}: {} open cells", open.len());
        let from = open[0];
        let dist = bfs(&rows, from);
        // A spread of goals, near and far.
        for &to in open.iter().step_by(open.len() / 7) {
            let run = nav(&[
                "path",
                "--map",
                map.to_str().unwrap(),
                "--from",
                &format!("{},{}", from.0, from.1),
                "--to",
                &format!("{},{}", to.0, to.1),
                "--moves",
                "4",
                "--json",
            ]);
            assert_eq!(run.code, Some(0), "{kind} to {to:?}: {run:?}");
            let report = run.json();
            let expected = dist[to.1][to.0].expect("connected open cells") as f64;
            assert_eq!(
                report["length"].as_f64().unwrap(),
                expected,
                "{kind} to {to:?}"
            );
            assert_eq!(cells(&report).len() as f64, expected + 1.0);
        }
    }
}

#[test]
fn lengths_on_a_moving_ai_map_match_the_scenario() {
    let Some(data) = movingai_dir() else { return };
    let map = data.join("dao/arena.map");
    let scenario = nav::grid::movingai::read_scenario(data.join("dao/arena.map.scen")).unwrap();
    // A spread of rows, short and long.
    for row in scenario.rows.iter().step_by(16) {
        let run = nav(&[
            "path",
            "--map",
            map.to_str().unwrap(),
            "--from",
            &format!("{},{}", row.start.x, row.start.y),
            "--to",
            &format!("{},{}", row.goal.x, row.goal.y),
            "--json",
        ]);
        assert_eq!(run.code, Some(0), "{run:?}");
        let report = run.json();
        let length = report["length"].as_f64().unwrap();
        assert!(
            (length - row.optimal_length).abs() <= 5e-3,
            "{row:?}: found {length}"
        );
        let path = cells(&report);
        assert_eq!(path[0], (row.start.x as i64, row.start.y as i64));
        assert_eq!(
            *path.last().unwrap(),
            (row.goal.x as i64, row.goal.y as i64)
        );
    }
}

#[test]
fn bad_input_gives_one_line_and_exit_2() {
    let dir = TempDir::new("path-bad");
    let map = dir.write("small.map", &map_text(&["....", "...."]));
    let map = map.to_str().unwrap();
    let missing = dir.join("missing.map");
    let missing = missing.to_str().unwrap();
    let malformed = dir.write(
        "malformed.map",
        "type octile\nheight 2\nwidth 4\nmap\n....\n..x.\n",
    );
    let malformed = malformed.to_str().unwrap();
    let short = dir.write("short.map", "type octile\nheight 3\nwidth 4\nmap\n....\n");
    let short = short.to_str().unwrap();
    let base = |map: &str, from: &str, to: &str| -> Vec<String> {
        ["path", "--map", map, "--from", from, "--to", to]
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    let with = |mut args: Vec<String>, extra: &[&str]| {
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };
    let cases: Vec<(Vec<String>, Vec<String>)> = vec![
        (base(missing, "0,0", "1,1"), vec![missing.into()]),
        (
            base(malformed, "0,0", "1,1"),
            vec![
                format!("{malformed}:6"),
                "unknown map character 'x' in column 3".into(),
            ],
        ),
        (
            base(short, "0,0", "1,1"),
            vec![short.into(), "the map has 1 rows, the header says 3".into()],
        ),
        (
            base(map, "4,0", "1,1"),
            vec![map.into(), "start (4, 0) is outside the 4x2 map".into()],
        ),
        (
            base(map, "0,0", "0,2"),
            vec![map.into(), "goal (0, 2) is outside the 4x2 map".into()],
        ),
        (
            base(map, "0,0", "99999999999,0"),
            vec!["--to".into(), "99999999999".into(), "too large".into()],
        ),
        (
            base(map, "-1,0", "1,1"),
            vec!["--from".into(), "'-1' is negative".into()],
        ),
        (base(map, "0;0", "1,1"), vec!["--from".into(), "0;0".into()]),
        (
            base(map, "0,0", "1.5,1"),
            vec!["--to".into(), "'1.5' is not a whole number".into()],
        ),
        (
            base(map, "0,0", "nan,1"),
            vec!["--to".into(), "'nan'".into()],
        ),
        (
            with(base(map, "0,0", "1,1"), &["--max-cost", "NaN"]),
            vec!["--max-cost NaN".into()],
        ),
        (
            with(base(map, "0,0", "1,1"), &["--max-cost", "-1"]),
            vec!["--max-cost -1".into()],
        ),
        (
            with(base(map, "0,0", "1,1"), &["--max-expanded", "lots"]),
            vec!["--max-expanded".into(), "lots".into()],
        ),
        (
            with(base(map, "0,0", "1,1"), &["--moves", "6"]),
            vec![
                "--moves".into(),
                "'6'".into(),
                "possible values: 4, 8".into(),
            ],
        ),
        (
            with(base(map, "0,0", "1,1"), &["--diagonal", "sometimes"]),
            vec!["--diagonal".into(), "sometimes".into()],
        ),
        (
            with(base(map, "0,0", "1,1"), &["--heuristic", "guess"]),
            vec!["--heuristic".into(), "guess".into()],
        ),
        (
            with(base(map, "0,0", "1,1"), &["--size-of-agent", "2"]),
            vec![
                "unexpected argument '--size-of-agent'".into(),
                "nav path --help".into(),
            ],
        ),
        (
            ["path", "--map", map, "--from", "0,0"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            vec!["--to".into(), "required".into()],
        ),
        (
            with(
                base(map, "0,0", "1,1"),
                &["--svg", "/nonexistent-dir/x.svg"],
            ),
            vec!["/nonexistent-dir/x.svg".into()],
        ),
    ];
    for (args, needles) in cases {
        let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
        let run = nav(&args);
        run.assert_bad_input(&needles);
    }
}
