//! `nav mesh`: the JSON shape (the object of `nav circles --json`, segments joined end to end,
//! arcs of radius r around obstacle corners), every status with its exit code, the picture,
//! Moving AI maps and scenarios (dao/arena), and bad input (exit status 2, one line naming the
//! obstacle).

mod common;

use common::{TempDir, check_svg, map_text, movingai_dir, nav};
use serde_json::Value;

const SCENE: &str = r#"{"bounds": {"min": [0, 0], "max": [30, 20]},
 "obstacles": [
   {"polygon": {"points": [[8, 3], [14, 5], [12, 14], [9, 11]]}, "name": "rock"},
   {"aabb": {"min": [18, 0], "max": [20, 13]}},
   {"circle": {"center": [24, 15], "radius": 2}},
   {"polygon": {"points": [[3, 14], [5, 18], [7, 16]]}}
 ]}"#;

/// Corners of the scene's polygons and box (arcs of radius r sit on them).
const CORNERS: [[f64; 2]; 11] = [
    [8.0, 3.0],
    [14.0, 5.0],
    [12.0, 14.0],
    [9.0, 11.0],
    [18.0, 0.0],
    [20.0, 0.0],
    [20.0, 13.0],
    [18.0, 13.0],
    [3.0, 14.0],
    [5.0, 18.0],
    [7.0, 16.0],
];

fn pair(value: &Value) -> [f64; 2] {
    let a = value.as_array().expect("[x, y]");
    [a[0].as_f64().unwrap(), a[1].as_f64().unwrap()]
}

fn distance(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// The segments join end to end from `from` to `to`, arcs have radius `radius` around a corner
/// of the scene (or lie near the circle), and their lengths add up to `length`. Returns the
/// number of arcs.
fn check_segments(report: &Value, from: [f64; 2], to: [f64; 2], radius: f64) -> usize {
    let segments = report["segments"].as_array().expect("segments");
    assert!(!segments.is_empty());
    let (mut at, mut total, mut arcs) = (from, 0.0, 0);
    for segment in segments {
        let (start, end, length) = if let Some(line) = segment.get("line") {
            let (a, b) = (pair(&line["from"]), pair(&line["to"]));
            (a, b, distance(a, b))
        } else {
            arcs += 1;
            let arc = &segment["arc"];
            let center = pair(&arc["center"]);
            let r = arc["radius"].as_f64().unwrap();
            let (a0, a1) = (
                arc["start_angle"].as_f64().unwrap(),
                arc["end_angle"].as_f64().unwrap(),
            );
            assert_eq!(arc["ccw"].as_bool().unwrap(), a1 > a0, "{arc}");
            assert!(
                (r - radius).abs() < 1e-5,
                "{arc}: radius {r}, agent {radius}"
            );
            let on_corner = CORNERS.iter().any(|&c| distance(c, center) < 1e-5);
            let near_circle = (distance(center, [24.0, 15.0]) - 2.0).abs() < 0.01;
            assert!(on_corner || near_circle, "{arc} is around no corner");
            let point = |angle: f64| [center[0] + r * angle.cos(), center[1] + r * angle.sin()];
            (point(a0), point(a1), r * (a1 - a0).abs())
        };
        assert!(
            distance(at, start) < 1e-4,
            "{segment} does not start at {at:?}"
        );
        at = end;
        total += length;
    }
    assert!(
        distance(at, to) < 1e-4,
        "the path ends at {at:?}, not {to:?}"
    );
    let length = report["length"].as_f64().unwrap();
    assert!((total - length).abs() < 1e-4 * length, "{total} {length}");
    arcs
}

fn query(scene: &str, radius: &str, from: [f64; 2], to: [f64; 2], extra: &[&str]) -> common::Run {
    let (f, t) = (
        format!("{},{}", from[0], from[1]),
        format!("{},{}", to[0], to[1]),
    );
    let mut args = vec![
        "mesh", "--scene", scene, "--radius", radius, "--from", &f, "--to", &t,
    ];
    args.extend_from_slice(extra);
    nav(&args)
}

#[test]
fn json_report_of_a_found_path() {
    let dir = TempDir::new("mesh-json");
    let scene = dir.write("scene.json", SCENE);
    let scene = scene.to_str().unwrap();
    let mut lengths = Vec::new();
    for radius in ["0", "0.5", "1", "1.2"] {
        let (from, to) = ([2.0, 2.0], [28.0, 3.0]);
        let run = query(scene, radius, from, to, &["--json"]);
        assert_eq!(run.code, Some(0), "{run:?}");
        let report = run.json();
        let keys: Vec<&String> = report.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            ["expanded", "length", "segments", "status"],
            "{report}"
        );
        assert_eq!(report["status"], "found");
        assert!(report["expanded"].as_u64().unwrap() >= 1);
        let arcs = check_segments(&report, from, to, radius.parse().unwrap());
        if radius == "0" {
            assert_eq!(arcs, 0, "a point agent's path has no arcs: {report}");
        } else {
            assert!(arcs >= 1, "{report}");
        }
        lengths.push(report["length"].as_f64().unwrap());
    }
    // A bigger disc never has a shorter path here (the same corners, wider arcs).
    assert!(
        lengths.windows(2).all(|w| w[0] <= w[1] + 1e-9),
        "{lengths:?}"
    );
    // Over the box (which touches the bottom of the bounds): at least up to y = 13 and back.
    assert!(lengths[0] > 2.0 * 11.0, "{lengths:?}");
}

#[test]
fn text_report_and_picture() {
    let dir = TempDir::new("mesh-text");
    let scene = dir.write("scene.json", SCENE);
    let svg = dir.join("path.svg");
    let run = query(
        scene.to_str().unwrap(),
        "1",
        [2.0, 2.0],
        [28.0, 3.0],
        &["--svg", svg.to_str().unwrap()],
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    let first = run.stdout.lines().next().unwrap();
    assert!(first.starts_with("found, length "), "{first}");
    assert!(
        run.stdout.contains("arc around 20,13 radius 1"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("picture: "));
    let text = std::fs::read_to_string(&svg).unwrap();
    let elements = check_svg(&text);
    assert!(
        elements.get("polygon").copied().unwrap_or(0) >= 2,
        "{elements:?}"
    );
    assert!(
        elements.get("path").copied().unwrap_or(0) >= 1,
        "{elements:?}"
    );
}

#[test]
fn every_status_and_its_exit_code() {
    let dir = TempDir::new("mesh-status");
    let scene = dir.write("scene.json", SCENE);
    let scene = scene.to_str().unwrap();
    let status = |radius: &str, from: [f64; 2], to: [f64; 2], extra: &[&str]| {
        let mut all = vec!["--json"];
        all.extend_from_slice(extra);
        let run = query(scene, radius, from, to, &all);
        let report = run.json();
        (
            run.code,
            report["status"].as_str().unwrap().to_string(),
            report,
        )
    };
    let (code, s, report) = status("1", [11.0, 8.0], [28.0, 3.0], &[]);
    assert_eq!((code, s.as_str()), (Some(1), "start_blocked"));
    assert_eq!(report["segments"], Value::Array(vec![]));
    assert_eq!(report["length"], 0.0);
    let (code, s, _) = status("1", [2.0, 2.0], [24.0, 12.5], &[]);
    assert_eq!((code, s.as_str()), (Some(1), "goal_blocked"));
    // Inside the bounds, but the disc sticks out.
    let (code, s, _) = status("1", [0.5, 2.0], [28.0, 3.0], &[]);
    assert_eq!((code, s.as_str()), (Some(1), "out_of_bounds"));
    let (code, s, _) = status("0", [-5.0, 2.0], [28.0, 3.0], &[]);
    assert_eq!((code, s.as_str()), (Some(1), "out_of_bounds"));
    let (code, s, _) = status("1", [2.0, 2.0], [28.0, 3.0], &["--max-expanded", "1"]);
    assert_eq!((code, s.as_str()), (Some(1), "limit_reached"));
    let (code, s, report) = status(
        "1",
        [2.0, 2.0],
        [28.0, 3.0],
        &["--max-expanded", "1", "--partial"],
    );
    assert_eq!((code, s.as_str()), (Some(1), "limit_reached"));
    assert_eq!(report["partial"], true);
    // The box and the bounds leave a gap of width 2 above it (y in [13, 20] minus the circle's
    // reach): a disc of radius 3.6 cannot cross, one of 0.5 can.
    let walled = dir.write(
        "walled.json",
        r#"{"bounds": {"min": [0, 0], "max": [30, 20]},
            "obstacles": [{"aabb": {"min": [14, 0], "max": [16, 16]}}]}"#,
    );
    let walled = walled.to_str().unwrap();
    for (radius, code, want) in [
        ("0.5", 0, "found"),
        ("1.9", 0, "found"),
        ("2.1", 1, "no_path"),
    ] {
        let run = query(walled, radius, [3.0, 3.0], [27.0, 3.0], &["--json"]);
        assert_eq!(run.code, Some(code), "{run:?}");
        assert_eq!(run.json()["status"], want, "radius {radius}");
    }
    let run = query(walled, "2.1", [3.0, 3.0], [27.0, 3.0], &[]);
    assert!(
        run.stdout.starts_with("no_path: the agent cannot get from"),
        "{}",
        run.stdout
    );
}

#[test]
fn bad_input_names_the_obstacle() {
    let dir = TempDir::new("mesh-bad");
    let scene = dir.write("scene.json", SCENE);
    let scene = scene.to_str().unwrap();
    let bad_scene = |name: &str, obstacles: &str| {
        dir.write(
            name,
            &format!(r#"{{"bounds": {{"min": [0, 0], "max": [10, 10]}}, "obstacles": [{{"aabb": {{"min": [1, 1], "max": [2, 2]}}}}, {obstacles}]}}"#),
        )
    };
    let cases = [
        (
            bad_scene(
                "bowtie.json",
                r#"{"polygon": {"points": [[3, 3], [6, 6], [6, 3], [3, 6]]}}"#,
            ),
            vec![
                "bowtie.json",
                "obstacles[1]",
                "polygon",
                "intersects itself",
            ],
        ),
        (
            bad_scene("two.json", r#"{"polygon": {"points": [[3, 3], [6, 6]]}}"#),
            vec!["two.json", "obstacles[1].polygon.points has 2 points"],
        ),
        (
            bad_scene(
                "flat.json",
                r#"{"polygon": {"points": [[3, 3], [4, 4], [5, 5]]}}"#,
            ),
            vec!["flat.json", "obstacles[1]"],
        ),
        (
            bad_scene(
                "far.json",
                r#"{"polygon": {"points": [[30, 30], [40, 30], [35, 40]]}}"#,
            ),
            vec!["far.json", "obstacles[1]", "outside"],
        ),
        (
            bad_scene(
                "nan.json",
                r#"{"polygon": {"points": [[3, 3], [1e39, 3], [5, 5]]}}"#,
            ),
            vec!["nan.json", "obstacles[1].polygon.points[1]"],
        ),
        (
            bad_scene("shape.json", r#"{"polygon": [[3, 3], [6, 3], [5, 5]]}"#),
            vec!["shape.json", "obstacles[1].polygon", "expected an object"],
        ),
    ];
    for (file, needles) in cases {
        let run = nav(&[
            "mesh",
            "--scene",
            file.to_str().unwrap(),
            "--from",
            "0.5,0.5",
            "--to",
            "9,9",
        ]);
        run.assert_bad_input(&needles);
    }
    for radius in ["-1", "NaN", "inf", "abc"] {
        let run = query(scene, radius, [2.0, 2.0], [28.0, 3.0], &[]);
        run.assert_bad_input(&["--radius"]);
    }
    let run = nav(&["mesh", "--scene", scene, "--from", "2;2", "--to", "28,3"]);
    run.assert_bad_input(&["--from"]);
    let run = nav(&["mesh", "--scene", scene, "--from", "2,2"]);
    run.assert_bad_input(&["--to"]);
    let run = nav(&["mesh", "--from", "2,2", "--to", "3,3"]);
    run.assert_bad_input(&["--scene", "--map"]);
    let run = nav(&["mesh", "--scene", scene, "--scen", "x.map.scen"]);
    run.assert_bad_input(&["--map"]);
    let missing = dir.join("missing.json");
    let run = nav(&[
        "mesh",
        "--scene",
        missing.to_str().unwrap(),
        "--from",
        "0,0",
        "--to",
        "9,9",
    ]);
    run.assert_bad_input(&["missing.json"]);
}

#[test]
fn tile_maps() {
    let dir = TempDir::new("mesh-map");
    // A wall with a door at the bottom; diagonal pinch at the top.
    let map = dir.write(
        "wall.map",
        &map_text(&[
            "....@.....",
            "....@.....",
            "....@.....",
            "..........",
            "...@@@....",
        ]),
    );
    let map = map.to_str().unwrap();
    let run = nav(&[
        "mesh", "--map", map, "--from", "1.5,0.5", "--to", "8.5,0.5", "--json",
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    check_segments(&report, [1.5, 0.5], [8.5, 0.5], 0.0);
    // Down to the corner (4, 3), along the wall's foot to (5, 3), up to the goal.
    let expect = 12.5f64.sqrt() + 1.0 + 18.5f64.sqrt();
    assert!(
        (report["length"].as_f64().unwrap() - expect).abs() < 1e-5,
        "{report}"
    );
    // The door is one cell high: a disc of radius 0.45 passes, 0.5 (a gap of zero width) does
    // not (and at 0.6 the start, half a cell from the map's edge, is out of bounds).
    for (radius, want) in [
        ("0.45", "found"),
        ("0.5", "no_path"),
        ("0.6", "out_of_bounds"),
    ] {
        let run = nav(&[
            "mesh", "--map", map, "--from", "1.5,0.5", "--to", "8.5,0.5", "--radius", radius,
            "--json",
        ]);
        assert_eq!(run.json()["status"], want, "radius {radius}: {run:?}");
    }
    // The picture of a map.
    let svg = dir.join("map.svg");
    let run = nav(&[
        "mesh",
        "--map",
        map,
        "--from",
        "1.5,0.5",
        "--to",
        "8.5,0.5",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    check_svg(&std::fs::read_to_string(&svg).unwrap());
}

#[test]
fn arena_scenario() {
    let Some(data) = movingai_dir() else { return };
    let map = data.join("dao/arena.map");
    let scen = data.join("dao/arena.map.scen");
    let run = nav(&[
        "mesh",
        "--map",
        map.to_str().unwrap(),
        "--scen",
        scen.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 160);
    assert_eq!(report["found"], 160);
    for row in rows {
        assert_eq!(row["status"], "found");
        let (length, octile) = (
            row["length"].as_f64().unwrap(),
            row["octile"].as_f64().unwrap(),
        );
        assert!(length <= octile + 1e-4 && length > 0.0, "{row}");
    }
    let shorter = report["mean_shorter_percent"].as_f64().unwrap();
    assert!(shorter > 1.0 && shorter < 8.0, "{shorter}");
    assert!(report["search_us"].as_f64().unwrap() > 0.0);
    for key in ["mean_search_us", "build_us", "map", "radius"] {
        assert!(report.get(key).is_some(), "{key}");
    }
    // First row of the file: (1, 11) to (1, 12), one step.
    assert!((rows[0]["length"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    // Text, with a radius: rows may be blocked; the report says how many.
    let text = |radius: &str| {
        nav(&[
            "mesh",
            "--map",
            map.to_str().unwrap(),
            "--scen",
            scen.to_str().unwrap(),
            "--radius",
            radius,
        ])
        .stdout
    };
    let out = text("0.4");
    assert!(out.contains("160 rows, radius 0.4"), "{out}");
    assert!(out.contains("shorter than the octile optimum"), "{out}");
    assert!(out.contains("per row"), "{out}");
    // Every start of arena's rows is half a cell from a wall: a disc of radius 0.7 fits none.
    let out = text("0.7");
    assert!(out.contains("160 start_blocked"), "{out}");
    assert!(out.contains("no row found a path"), "{out}");
}
