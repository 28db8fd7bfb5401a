//! `nav path --slice N`: the JSON of `nav path` plus the number of steps, for many N.

mod common;

use common::{TempDir, map_text, movingai_dir, nav};
use serde_json::Value;

const ROOMS: [&str; 5] = [
    "..........",
    ".@@@@@@@@.",
    ".@......@.",
    ".@.@@@@.@.",
    "...@....@.",
];

/// `nav path ARGS --json`, then with `--slice N`: the same report plus `steps`.
fn check_same(args: &[&str], slices: &[usize]) -> Value {
    let mut plain: Vec<&str> = args.to_vec();
    plain.push("--json");
    let one_shot = nav(&plain);
    let expected = one_shot.json();
    for &n in slices {
        let n_text = n.to_string();
        let mut sliced_args = plain.clone();
        sliced_args.extend(["--slice", &n_text]);
        let sliced = nav(&sliced_args);
        assert_eq!(sliced.code, one_shot.code, "{sliced:?}");
        let mut report = sliced.json();
        let steps = report["steps"].as_u64().expect("steps") as usize;
        let expanded = expected["expanded"].as_u64().unwrap() as usize;
        assert!(
            steps >= expanded.div_ceil(n) && steps <= expanded.div_ceil(n) + 1,
            "{steps} steps of {n} for {expanded} expansions"
        );
        report.as_object_mut().unwrap().remove("steps");
        assert_eq!(report, expected, "--slice {n}");
    }
    expected
}

#[test]
fn sliced_reports_equal_one_shot_plus_steps() {
    let dir = TempDir::new("path-slice");
    let map = dir.write("rooms.map", &map_text(&ROOMS));
    let map = map.to_str().unwrap();
    let found = check_same(
        &["path", "--map", map, "--from", "0,4", "--to", "4,4"],
        &[1, 2, 3, 256],
    );
    assert_eq!(found["status"], "found");
    // No path (inside the closed room), partial paths, limits, jump points, agent sizes.
    check_same(
        &[
            "path",
            "--map",
            map,
            "--from",
            "0,0",
            "--to",
            "5,3",
            "--partial",
        ],
        &[1, 7],
    );
    check_same(
        &[
            "path",
            "--map",
            map,
            "--from",
            "0,4",
            "--to",
            "4,4",
            "--max-expanded",
            "5",
        ],
        &[1, 2],
    );
    check_same(
        &[
            "path",
            "--map",
            map,
            "--from",
            "0,0",
            "--to",
            "9,4",
            "--jump-points",
        ],
        &[1, 3],
    );
    // A blocked goal: answered without searching, in 0 steps.
    let blocked = nav(&[
        "path", "--map", map, "--from", "0,0", "--to", "1,1", "--slice", "5", "--json",
    ]);
    assert_eq!(blocked.json()["status"], "goal_blocked");
    assert_eq!(blocked.json()["steps"], 0);
}

#[test]
fn text_output_names_the_steps_and_bad_slices_are_refused() {
    let dir = TempDir::new("path-slice-text");
    let map = dir.write("rooms.map", &map_text(&ROOMS));
    let map = map.to_str().unwrap();
    let run = nav(&[
        "path", "--map", map, "--from", "0,0", "--to", "9,4", "--slice", "4",
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(
        run.stdout.contains("cells expanded in ") && run.stdout.contains(" steps of at most 4"),
        "{}",
        run.stdout
    );
    for bad in ["0", "-3", "x", "1.5", ""] {
        let run = nav(&[
            "path", "--map", map, "--from", "0,0", "--to", "9,4", "--slice", bad,
        ]);
        assert_eq!(run.code, Some(2), "--slice {bad:?}: {run:?}");
        assert!(run.stderr.contains("--slice"), "{}", run.stderr);
    }
}

#[test]
fn a_moving_ai_row_sliced_equals_one_shot() {
    let Some(dir) = movingai_dir() else { return };
    let map = dir.join("dao/arena.map");
    let map = map.to_str().unwrap();
    let report = check_same(
        &["path", "--map", map, "--from", "1,13", "--to", "30,40"],
        &[1, 10, 256],
    );
    assert_eq!(report["status"], "found");
}
