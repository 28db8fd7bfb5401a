//! `nav circles`: the JSON shape (segments joined end to end from the start to the goal), every
//! status with its exit code, the picture, and bad input (exit status 2, one line of error).

mod common;

use common::{TempDir, check_svg, nav};
use serde_json::Value;

const SCENE: &str = r#"{"bounds": {"min": [0, 0], "max": [40, 30]},
 "obstacles": [
   {"circle": {"center": [20, 15], "radius": 5}},
   {"circle": {"center": [27, 12], "radius": 3}, "name": "rock"},
   {"circle": {"center": [8, 25], "radius": 2}}
 ]}"#;

fn pair(value: &Value) -> [f64; 2] {
    let a = value.as_array().expect("[x, y]");
    [a[0].as_f64().unwrap(), a[1].as_f64().unwrap()]
}

fn distance(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Checks the segments: they join end to end from `from` to `to`, arcs lie on the circles of
/// the scene inflated by `radius` and turn the short way their flag says, and their lengths add
/// up to `length`.
fn check_segments(
    report: &Value,
    from: [f64; 2],
    to: [f64; 2],
    circles: &[([f64; 2], f64)],
    radius: f64,
) {
    let segments = report["segments"].as_array().expect("segments");
    assert!(!segments.is_empty());
    let mut at = from;
    let mut total = 0.0;
    for segment in segments {
        let (start, end, length) = if let Some(line) = segment.get("line") {
            let (a, b) = (pair(&line["from"]), pair(&line["to"]));
            (a, b, distance(a, b))
        } else {
            let arc = &segment["arc"];
            let center = pair(&arc["center"]);
            let r = arc["radius"].as_f64().unwrap();
            let (a0, a1) = (
                arc["start_angle"].as_f64().unwrap(),
                arc["end_angle"].as_f64().unwrap(),
            );
            let ccw = arc["ccw"].as_bool().unwrap();
            assert_eq!(ccw, a1 > a0, "{arc}");
            assert!((a1 - a0).abs() < std::f64::consts::TAU);
            assert!(
                circles
                    .iter()
                    .any(|&(c, cr)| distance(c, center) < 1e-5 && (cr + radius - r).abs() < 1e-5),
                "{arc} is not on an inflated circle"
            );
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
        "the last segment ends at {at:?}, not {to:?}"
    );
    let length = report["length"].as_f64().unwrap();
    assert!((total - length).abs() < 1e-4 * length, "{total} {length}");
}

fn circles_of_scene() -> Vec<([f64; 2], f64)> {
    vec![([20.0, 15.0], 5.0), ([27.0, 12.0], 3.0), ([8.0, 25.0], 2.0)]
}

#[test]
fn json_report_of_a_found_path() {
    let dir = TempDir::new("circles-json");
    let scene = dir.write("scene.json", SCENE);
    for (radius, from, to) in [
        ("1", [2.0, 15.0], [38.0, 14.0]),
        ("0", [2.0, 15.0], [38.0, 14.0]),
        ("0.5", [8.0, 29.0], [30.0, 6.0]),
        ("2", [2.0, 2.0], [38.0, 28.0]),
    ] {
        let run = nav(&[
            "circles",
            "--scene",
            scene.to_str().unwrap(),
            "--radius",
            radius,
            "--from",
            &format!("{},{}", from[0], from[1]),
            "--to",
            &format!("{},{}", to[0], to[1]),
            "--json",
        ]);
        assert_eq!(run.code, Some(0), "{run:?}");
        let report = run.json();
        assert_eq!(report["status"], "found");
        assert!(report["expanded"].as_u64().unwrap() >= 1);
        assert!(report.get("partial").is_none());
        check_segments(
            &report,
            from,
            to,
            &circles_of_scene(),
            radius.parse().unwrap(),
        );
    }
    // Around the first rock with an agent of radius 1: two tangents and an arc of radius 6.
    let run = nav(&[
        "circles",
        "--scene",
        scene.to_str().unwrap(),
        "--radius",
        "1",
        "--from",
        "2,15",
        "--to",
        "38,15",
        "--json",
    ]);
    let report = run.json();
    let segments = report["segments"].as_array().unwrap();
    assert_eq!(segments.len(), 3, "{report}");
    assert_eq!(segments[1]["arc"]["radius"], 6.0);
}

#[test]
fn text_report_and_picture() {
    let dir = TempDir::new("circles-text");
    let scene = dir.write("scene.json", SCENE);
    let svg = dir.join("path.svg");
    let run = nav(&[
        "circles",
        "--scene",
        scene.to_str().unwrap(),
        "--radius",
        "1",
        "--from",
        "2,15",
        "--to",
        "38,14",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let first = run.stdout.lines().next().unwrap();
    assert!(first.starts_with("found, length "), "{first}");
    assert!(
        run.stdout.contains("arc around 20,15 radius 6"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("picture: "));
    let text = std::fs::read_to_string(&svg).unwrap();
    let elements = check_svg(&text);
    assert!(
        elements.get("circle").copied().unwrap_or(0) >= 6,
        "{elements:?}"
    );
    assert!(
        elements.get("path").copied().unwrap_or(0) >= 1,
        "{elements:?}"
    );
}

#[test]
fn every_status_and_its_exit_code() {
    let dir = TempDir::new("circles-status");
    let scene = dir.write("scene.json", SCENE);
    let scene = scene.to_str().unwrap();
    let status = |args: &[&str]| {
        let mut all = vec!["circles", "--scene", scene, "--json"];
        all.extend_from_slice(args);
        let run = nav(&all);
        (run.code, run.json())
    };
    let (code, report) = status(&["--radius", "1", "--from", "16,15", "--to", "38,14"]);
    assert_eq!(
        (code, report["status"].as_str()),
        (Some(1), Some("start_blocked"))
    );
    assert_eq!(report["segments"], Value::Array(vec![]));
    let (code, report) = status(&["--radius", "1", "--from", "2,15", "--to", "27,13"]);
    assert_eq!(
        (code, report["status"].as_str()),
        (Some(1), Some("goal_blocked"))
    );
    let (code, report) = status(&["--radius", "1", "--from", "-5,15", "--to", "38,14"]);
    assert_eq!(
        (code, report["status"].as_str()),
        (Some(1), Some("out_of_bounds"))
    );
    let (code, report) = status(&[
        "--radius",
        "1",
        "--from",
        "2,15",
        "--to",
        "38,14",
        "--max-expanded",
        "1",
    ]);
    assert_eq!(
        (code, report["status"].as_str()),
        (Some(1), Some("limit_reached"))
    );
    let (code, report) = status(&[
        "--radius",
        "1",
        "--from",
        "2,15",
        "--to",
        "38,14",
        "--max-expanded",
        "1",
        "--partial",
    ]);
    assert_eq!(
        (code, report["status"].as_str()),
        (Some(1), Some("limit_reached"))
    );
    assert_eq!(report["partial"], true);

    // A ring of rocks: a point gets out, a disc of radius 0.4 does not.
    let ring: Vec<String> = (0..24)
        .map(|i| {
            let angle = i as f64 * std::f64::consts::TAU / 24.0;
            format!(
                r#"{{"circle": {{"center": [{}, {}], "radius": 1}}}}"#,
                20.0 + 10.0 * angle.cos(),
                20.0 + 10.0 * angle.sin()
            )
        })
        .collect();
    let ring_scene = dir.write(
        "ring.json",
        &format!(
            r#"{{"bounds": {{"min": [0, 0], "max": [40, 40]}}, "obstacles": [{}]}}"#,
            ring.join(",")
        ),
    );
    let ring_scene = ring_scene.to_str().unwrap();
    for (radius, code, want) in [("0", 0, "found"), ("0.4", 1, "no_path")] {
        let run = nav(&[
            "circles", "--scene", ring_scene, "--radius", radius, "--from", "20,21", "--to",
            "38,38", "--json",
        ]);
        assert_eq!(run.code, Some(code), "{run:?}");
        assert_eq!(run.json()["status"], want);
    }
    let run = nav(&[
        "circles", "--scene", ring_scene, "--radius", "0.4", "--from", "20,21", "--to", "38,38",
    ]);
    assert!(
        run.stdout.starts_with("no_path: the agent cannot get from"),
        "{}",
        run.stdout
    );
}

#[test]
fn bad_input() {
    let dir = TempDir::new("circles-bad");
    let scene = dir.write("scene.json", SCENE);
    let scene = scene.to_str().unwrap();
    let with_box = dir.write(
        "box.json",
        r#"{"bounds": {"min": [0, 0], "max": [10, 10]},
            "obstacles": [{"circle": {"center": [5, 5], "radius": 1}},
                          {"aabb": {"min": [1, 1], "max": [2, 2]}}]}"#,
    );
    let run = nav(&[
        "circles",
        "--scene",
        with_box.to_str().unwrap(),
        "--radius",
        "1",
        "--from",
        "0,0",
        "--to",
        "9,9",
    ]);
    run.assert_bad_input(&["box.json", "obstacles[1]", "only circles"]);
    for radius in ["-1", "NaN", "inf", "abc"] {
        let run = nav(&[
            "circles", "--scene", scene, "--radius", radius, "--from", "2,15", "--to", "38,14",
        ]);
        run.assert_bad_input(&["--radius"]);
    }
    let run = nav(&[
        "circles", "--scene", scene, "--radius", "1", "--from", "2;15", "--to", "38,14",
    ]);
    run.assert_bad_input(&["--from"]);
    let malformed = dir.write("bad.json", r#"{"bounds": {"min": [0, 0], "max": [10, 10]}, "obstacles": [{"circle": {"center": [1, 1], "radius": -2}}]}"#);
    let run = nav(&[
        "circles",
        "--scene",
        malformed.to_str().unwrap(),
        "--radius",
        "1",
        "--from",
        "0,0",
        "--to",
        "9,9",
    ]);
    run.assert_bad_input(&["bad.json", "obstacles[0].circle.radius -2 is negative"]);
    let missing = dir.join("missing.json");
    let run = nav(&[
        "circles",
        "--scene",
        missing.to_str().unwrap(),
        "--radius",
        "1",
        "--from",
        "0,0",
        "--to",
        "9,9",
    ]);
    run.assert_bad_input(&["missing.json"]);
}
