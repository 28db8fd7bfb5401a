//! `nav path --size K`: agents of K x K cells on a grid (clearance). The JSON keeps its shape;
//! every cell of the path is the top-left cell of a K x K square of walkable cells (checked
//! here from the map's rows); blocked endpoints for a large agent are outcomes (exit 1); bad
//! sizes are bad input (exit 2).

mod common;

use common::{TempDir, check_svg, map_text, nav};
use serde_json::Value;

const SQRT_2: f64 = std::f64::consts::SQRT_2;

/// Two rooms joined by a gap of one cell (column 1) and a gap of two (columns 6 and 7).
const GAPS: [&str; 6] = [
    "..........",
    "..........",
    "@.@@@@..@@",
    "..........",
    "..........",
    "..........",
];

fn cells(report: &Value) -> Vec<(i64, i64)> {
    report["cells"]
        .as_array()
        .expect("cells array")
        .iter()
        .map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap()))
        .collect()
}

/// Whether a `k x k` agent fits with its top-left cell at `(x, y)` on `rows`.
fn fits(rows: &[&str], (x, y): (i64, i64), k: i64) -> bool {
    let (w, h) = (rows[0].len() as i64, rows.len() as i64);
    x >= 0
        && y >= 0
        && x + k <= w
        && y + k <= h
        && (y..y + k).all(|r| (x..x + k).all(|c| rows[r as usize].as_bytes()[c as usize] == b'.'))
}

/// Checks a path of a `k x k` agent under the Moving AI rules (8 moves, no corner cutting of
/// the agent's square) and returns its length.
fn check_agent_path(rows: &[&str], path: &[(i64, i64)], k: i64) -> f64 {
    let mut length = 0.0;
    for &cell in path {
        assert!(
            fits(rows, cell, k),
            "the {k}x{k} agent does not fit at {cell:?}"
        );
    }
    for pair in path.windows(2) {
        let ((ax, ay), (bx, by)) = (pair[0], pair[1]);
        let (dx, dy) = (bx - ax, by - ay);
        assert!(
            dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
            "{pair:?}"
        );
        if dx != 0 && dy != 0 {
            assert!(
                fits(rows, (bx, ay), k) && fits(rows, (ax, by), k),
                "the diagonal step {pair:?} cuts a corner"
            );
            length += SQRT_2;
        } else {
            length += 1.0;
        }
    }
    length
}

fn path_json(map: &str, from: &str, to: &str, extra: &[&str]) -> common::Run {
    let mut args = vec!["path", "--map", map, "--from", from, "--to", to, "--json"];
    args.extend_from_slice(extra);
    nav(&args)
}

#[test]
fn larger_agents_take_the_wider_gap_and_the_json_keeps_its_shape() {
    let dir = TempDir::new("path-size");
    let map = dir.write("gaps.map", &map_text(&GAPS));
    let map = map.to_str().unwrap();

    let one = path_json(map, "0,0", "0,3", &[]);
    assert_eq!(one.code, Some(0), "{one:?}");
    let one = one.json();
    // Through the narrow gap at (1, 2): one diagonal step and three straight ones.
    assert!((one["length"].as_f64().unwrap() - (3.0 + SQRT_2)).abs() < 1e-9);
    assert!(cells(&one).contains(&(1, 2)));
    assert_eq!(
        path_json(map, "0,0", "0,3", &["--size", "1"]).json(),
        one,
        "--size 1 is the default"
    );

    let run = path_json(map, "0,0", "0,3", &["--size", "2"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let two = run.json();
    let mut keys: Vec<&str> = two
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort();
    assert_eq!(keys, ["cells", "expanded", "length", "status"]);
    assert_eq!(two["status"], "found");
    let path = cells(&two);
    assert_eq!(path.first(), Some(&(0, 0)));
    assert_eq!(path.last(), Some(&(0, 3)));
    let length = check_agent_path(&GAPS, &path, 2);
    assert!((length - two["length"].as_f64().unwrap()).abs() < 1e-9);
    assert!(path.contains(&(6, 2)), "through the wide gap: {path:?}");
    // Only anchor (6, 1) holds the agent in row 1 and only (6, 2) in row 2, and no diagonal
    // step into or out of them keeps its corners clear: 6 along row 0, 3 down, 6 back.
    assert_eq!(two["length"], 15.0);

    // Three cells do not fit at the start (the square would cover the wall's row).
    let three = path_json(map, "0,0", "0,3", &["--size", "3"]);
    assert_eq!(three.code, Some(1), "{three:?}");
    assert_eq!(three.json()["status"], "start_blocked");

    // With the wide gap narrowed to one cell, two cells find no way across: exit 1.
    let mut narrowed = GAPS;
    narrowed[2] = "@.@@@@@.@@";
    let map = dir.write("narrowed.map", &map_text(&narrowed));
    let run = path_json(map.to_str().unwrap(), "0,0", "0,3", &["--size", "2"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    let report = run.json();
    assert_eq!(report["status"], "no_path");
    assert_eq!(report["cells"].as_array().unwrap().len(), 0);
}

#[test]
fn endpoints_where_the_agent_does_not_fit_are_blocked() {
    let dir = TempDir::new("path-size-blocked");
    let map = dir.write("gaps.map", &map_text(&GAPS));
    let map = map.to_str().unwrap();
    // (9, 0): walkable, but a 2x2 square would leave the map.
    let run = path_json(map, "9,0", "0,0", &["--size", "2"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.json()["status"], "start_blocked");
    // (1, 1): walkable, but the square would cover (2, 2), a wall.
    let run = path_json(map, "0,0", "1,1", &["--size", "2"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.json()["status"], "goal_blocked");
    // With --partial: the path to the closest cell the agent reaches.
    let run = path_json(map, "0,4", "1,1", &["--size", "2", "--partial"]);
    let report = run.json();
    assert_eq!(report["status"], "goal_blocked");
    assert_eq!(report["partial"], true);
    let path = cells(&report);
    assert_eq!(path.first(), Some(&(0, 4)));
    check_agent_path(&GAPS, &path, 2);

    // The text says why.
    let text = nav(&[
        "path", "--map", map, "--from", "9,0", "--to", "0,0", "--size", "2",
    ]);
    assert_eq!(text.code, Some(1));
    assert!(
        text.stdout.contains(
            "start_blocked: the 2x2 agent does not fit with its top-left cell at the start (9, 0)"
        ),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains("agent 2x2"), "{}", text.stdout);
}

#[test]
fn pictures_of_large_agents() {
    let dir = TempDir::new("path-size-svg");
    let map = dir.write("gaps.map", &map_text(&GAPS));
    let svg = dir.join("out.svg");
    let run = nav(&[
        "path",
        "--map",
        map.to_str().unwrap(),
        "--from",
        "0,0",
        "--to",
        "0,3",
        "--size",
        "2",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let text = std::fs::read_to_string(&svg).unwrap();
    check_svg(&text);
    assert!(text.contains("agent 2x2"));
}

#[test]
fn bad_sizes_give_one_line_and_exit_2() {
    let dir = TempDir::new("path-size-bad");
    let map = dir.write("gaps.map", &map_text(&GAPS));
    let map = map.to_str().unwrap();
    for size in ["0", "256", "-1", "99999999999", "2.5", "x", ""] {
        let run = nav(&[
            "path", "--map", map, "--from", "0,0", "--to", "0,3", "--size", size, "--json",
        ]);
        run.assert_bad_input(&["--size", "from 1 to 255"]);
    }
    // The largest size is accepted (and fits nowhere here).
    let run = path_json(map, "0,0", "0,3", &["--size", "255"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.json()["status"], "start_blocked");
}
