//! `nav flow`: JSON shape and values (against costs worked out by hand and the Moving AI
//! optimal lengths), following `next` to the goal, statuses, pictures, bad input.

mod common;

use common::{TempDir, check_svg, map_text, movingai_dir, nav};
use serde_json::Value;

const ROOMS: [&str; 3] = [".....", ".@@@.", "....."];

fn cost(report: &Value, x: usize, y: usize) -> Option<f64> {
    report["cost"][y][x].as_f64()
}

#[test]
fn json_has_the_documented_shape_and_costs() {
    let dir = TempDir::new("flow-json");
    let map = dir.write("rooms.map", &map_text(&ROOMS));
    let run = nav(&[
        "flow",
        "--map",
        map.to_str().unwrap(),
        "--to",
        "4,2",
        "--json",
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    assert_eq!(report["width"], 5);
    assert_eq!(report["height"], 3);
    assert_eq!(report["status"], "found");
    assert_eq!(report["goal"], serde_json::json!([4, 2]));
    assert_eq!(report["reachable"], 12);
    let rows = report["cost"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 5));
    // Worked out by hand: along the bottom row, or round the wall.
    assert_eq!(cost(&report, 4, 2), Some(0.0));
    assert_eq!(cost(&report, 0, 2), Some(4.0));
    assert_eq!(cost(&report, 0, 0), Some(6.0));
    assert_eq!(cost(&report, 4, 0), Some(2.0));
    // No corner cutting: (3, 0) cannot step diagonally past the wall's end.
    assert_eq!(cost(&report, 3, 0), Some(3.0));
    assert!(report["cost"][1][2].is_null(), "a wall is unreachable");
    assert!(report["next"][1][2].is_null());
    assert!(report["next"][2][4].is_null(), "the goal has no move");
    assert_eq!(report["sight"][2][0], true);
    assert_eq!(report["sight"][0][0], false);
    // Following `next` from every reachable cell reaches the goal at its cost.
    for y in 0..3usize {
        for x in 0..5usize {
            let Some(c) = cost(&report, x, y) else {
                continue;
            };
            let (mut cx, mut cy, mut sum) = (x as i64, y as i64, 0.0);
            while let Some(step) = report["next"][cy as usize][cx as usize].as_array() {
                let (dx, dy) = (step[0].as_i64().unwrap(), step[1].as_i64().unwrap());
                sum += if dx != 0 && dy != 0 { 2f64.sqrt() } else { 1.0 };
                cx += dx;
                cy += dy;
                assert!(ROOMS[cy as usize].as_bytes()[cx as usize] == b'.');
            }
            assert_eq!((cx, cy), (4, 2));
            assert!((sum - c).abs() < 1e-9, "({x}, {y}): {sum} vs {c}");
        }
    }
    // An open square: diagonals with 8 moves, not with 4.
    let open = dir.write("open.map", &map_text(&["...", "...", "..."]));
    let o = open.to_str().unwrap();
    let eight = nav(&["flow", "--map", o, "--to", "2,2", "--json"]).json();
    assert_eq!(cost(&eight, 0, 0), Some(2.0 * 2f64.sqrt()));
    assert_eq!(eight["next"][0][0], serde_json::json!([1, 1]));
    let four = nav(&["flow", "--map", o, "--to", "2,2", "--json", "--moves", "4"]).json();
    assert_eq!(cost(&four, 0, 0), Some(4.0));
}

#[test]
fn blocked_goals_sizes_and_text() {
    let dir = TempDir::new("flow-status");
    let map = dir.write("rooms.map", &map_text(&ROOMS));
    let m = map.to_str().unwrap();
    let blocked = nav(&["flow", "--map", m, "--to", "2,1", "--json"]);
    assert_eq!(blocked.code, Some(1));
    let report = blocked.json();
    assert_eq!(report["status"], "goal_blocked");
    assert_eq!(report["reachable"], 0);
    let text = nav(&["flow", "--map", m, "--to", "2,1"]);
    assert_eq!(text.code, Some(1));
    assert!(text.stdout.contains("goal_blocked"), "{text:?}");
    let two = nav(&["flow", "--map", m, "--to", "0,0", "--size", "2"]);
    assert_eq!(two.code, Some(1), "no 2x2 square on this map: {two:?}");
    let ok = nav(&["flow", "--map", m, "--to", "0,0"]);
    assert_eq!(ok.code, Some(0));
    assert!(
        ok.stdout.contains("12 of 12 walkable cells reach the goal"),
        "{ok:?}"
    );
}

#[test]
fn bad_input_is_refused() {
    let dir = TempDir::new("flow-bad");
    let map = dir.write("rooms.map", &map_text(&ROOMS));
    let m = map.to_str().unwrap();
    nav(&["flow", "--map", m, "--to", "9,1"]).assert_bad_input(&["(9, 1)", "outside"]);
    nav(&["flow", "--map", m, "--to", "1,1", "--size", "0"]).assert_bad_input(&["agent size 0"]);
    nav(&["flow", "--map", m, "--to", "1,1", "--size", "-3"]).assert_bad_input(&["--size"]);
    nav(&["flow", "--map", m, "--to", "x"]).assert_bad_input(&["--to"]);
    nav(&["flow", "--map", "/nonexistent/x.map", "--to", "1,1"]).assert_bad_input(&["x.map"]);
}

#[test]
fn the_picture_is_well_formed() {
    let dir = TempDir::new("flow-svg");
    let map = dir.write("rooms.map", &map_text(&ROOMS));
    let out = dir.join("flow.svg");
    let run = nav(&[
        "flow",
        "--map",
        map.to_str().unwrap(),
        "--to",
        "4,2",
        "--svg",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let svg = std::fs::read_to_string(&out).unwrap();
    let counts = check_svg(&svg);
    assert!(counts.get("path").copied().unwrap_or(0) >= 3, "{counts:?}");
    assert!(svg.contains("flow field to (4, 2)"));
}

/// The field's cost at a scenario row's start is the row's optimal length.
#[test]
fn costs_match_moving_ai_optimal_lengths() {
    let Some(dir) = movingai_dir() else {
        return;
    };
    let scen = std::fs::read_to_string(dir.join("dao/arena.map.scen")).unwrap();
    let map = dir.join("dao/arena.map");
    let rows: Vec<Vec<&str>> = scen
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    for row in rows.iter().step_by(rows.len() / 6) {
        let (sx, sy, gx, gy): (usize, usize, usize, usize) = (
            row[4].parse().unwrap(),
            row[5].parse().unwrap(),
            row[6].parse().unwrap(),
            row[7].parse().unwrap(),
        );
        let optimal: f64 = row[8].parse().unwrap();
        let to = format!("{gx},{gy}");
        let report = nav(&[
            "flow",
            "--map",
            map.to_str().unwrap(),
            "--to",
            &to,
            "--json",
        ])
        .json();
        let c = cost(&report, sx, sy).expect("reachable");
        assert!(
            (c - optimal).abs() < 5e-3,
            "({sx}, {sy}) -> {to}: {c} vs {optimal}"
        );
    }
}
