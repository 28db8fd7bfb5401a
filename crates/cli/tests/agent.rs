//! `nav agent`: JSON shape, exit statuses, and malformed scenes or numbers (exit status 2 with
//! one line of error).

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn nav(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_nav"))
        .args(args)
        .output()
        .expect("nav runs");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

impl Run {
    fn json(&self) -> serde_json::Value {
        assert_eq!(self.stdout.lines().count(), 1, "{:?}", self.stdout);
        serde_json::from_str(&self.stdout).expect("stdout is JSON")
    }

    fn assert_bad_input(&self, needles: &[&str]) {
        assert_eq!(
            self.code,
            Some(2),
            "stdout {:?} stderr {:?}",
            self.stdout,
            self.stderr
        );
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "one line of error: {:?}", self.stderr);
        assert!(lines[0].starts_with("error: "), "{:?}", lines[0]);
        for needle in needles {
            assert!(
                lines[0].contains(needle),
                "{:?} should mention {needle:?}",
                lines[0]
            );
        }
        assert!(!lines[0].contains("panicked"));
        assert_eq!(self.stdout, "");
    }
}

/// A temporary file with `text`, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "nav-cli-agent-{}-{}-{name}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&path, text).unwrap();
        Self(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A 40 x 20 world with a wall at x in [19, 21] leaving a gap of 2 at y in [9, 11], and a rock.
const SCENE: &str = r#"{
  "name": "gap",
  "bounds": {"min": [0, 0], "max": [40, 20]},
  "obstacles": [
    {"aabb": {"min": [19, 0], "max": [21, 9]}},
    {"aabb": {"min": [19, 11], "max": [21, 20]}, "label": "upper wall"},
    {"circle": {"center": [30, 5], "radius": 2}}
  ]
}"#;

fn agent_args<'a>(scene: &'a str, radius: &'a str, from: &'a str, to: &'a str) -> Vec<&'a str> {
    vec![
        "agent", "--scene", scene, "--radius", radius, "--step", "0.25", "--from", from, "--to", to,
    ]
}

#[test]
fn json_of_a_found_path() {
    let scene = TempFile::new("scene.json", SCENE);
    let mut args = agent_args(scene.path(), "0.5", "5,5", "35,15");
    args.push("--json");
    let run = nav(&args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let json = run.json();
    assert_eq!(json["status"], "found");
    let points = json["points"].as_array().unwrap();
    assert_eq!(points.first().unwrap(), &serde_json::json!([5.0, 5.0]));
    assert_eq!(points.last().unwrap(), &serde_json::json!([35.0, 15.0]));
    assert!(json["expanded"].as_u64().unwrap() > 0);
    let length = json["length"].as_f64().unwrap();
    let polyline: f64 = points
        .windows(2)
        .map(|w| {
            let (a, b) = (&w[0], &w[1]);
            let dx = b[0].as_f64().unwrap() - a[0].as_f64().unwrap();
            let dy = b[1].as_f64().unwrap() - a[1].as_f64().unwrap();
            dx.hypot(dy)
        })
        .sum();
    assert!((length - polyline).abs() < 1e-3, "{length} vs {polyline}");
    // The straight line happens to pass the gap 0.63 from its corners: a radius-0.5 agent
    // walks it, so the smoothed path is that line.
    assert!((length - 1000f64.sqrt()).abs() < 1e-3, "{length}");
    assert_eq!(points.len(), 2);
    assert!(points.iter().all(|p| p.as_array().unwrap().len() == 2));
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["expanded", "length", "points", "status"]);

    // A clear straight line is answered as it is, raw or not.
    args.push("--raw");
    let raw = nav(&args).json();
    assert_eq!(raw["points"].as_array().unwrap().len(), 2);

    // Around the rock (the straight line from (5, 15) to (35, 5) passes 1.58 from its centre):
    // --raw gives the lattice path, at least as long, with more points.
    let mut args = agent_args(scene.path(), "0.5", "5,15", "35,5");
    args.push("--json");
    let smoothed = nav(&args).json();
    assert_eq!(smoothed["status"], "found");
    let (length, points) = (
        smoothed["length"].as_f64().unwrap(),
        smoothed["points"].as_array().unwrap().clone(),
    );
    args.push("--raw");
    let raw = nav(&args).json();
    assert!(raw["length"].as_f64().unwrap() >= length - 1e-6);
    assert!(raw["points"].as_array().unwrap().len() > points.len());
}

#[test]
fn other_outcomes_exit_with_status_1() {
    let scene = TempFile::new("scene.json", SCENE);
    let cases = [
        ("1.5", "5,5", "35,15", "no_path"),
        ("0.5", "30,5", "35,15", "start_blocked"),
        ("0.5", "5,5", "30,6", "goal_blocked"),
        ("0.5", "0.2,5", "35,15", "out_of_bounds"),
        ("0.5", "5,5", "45,15", "out_of_bounds"),
    ];
    for (radius, from, to, status) in cases {
        let mut args = agent_args(scene.path(), radius, from, to);
        args.push("--json");
        let run = nav(&args);
        assert_eq!(run.code, Some(1), "{status}: {}", run.stderr);
        let json = run.json();
        assert_eq!(json["status"], status);
        assert_eq!(json["points"], serde_json::json!([]));
        assert_eq!(json["length"], 0.0);
    }
    // Around the rock, so that the lattice is searched.
    let mut args = agent_args(scene.path(), "0.5", "5,15", "35,5");
    args.extend(["--max-expanded", "3", "--json", "--partial"]);
    let json = nav(&args).json();
    assert_eq!(json["status"], "limit_reached");
    assert_eq!(json["partial"], true);
    assert_eq!(json["points"][0], serde_json::json!([5.0, 15.0]));
}

#[test]
fn text_and_svg_output() {
    let scene = TempFile::new("scene.json", SCENE);
    let svg = TempFile::new("out.svg", "");
    let mut args = agent_args(scene.path(), "0.5", "5,5", "35,15");
    args.extend(["--svg", svg.path()]);
    let run = nav(&args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.starts_with("found, smoothed length "),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("path: 5,5 "), "{}", run.stdout);
    let picture = std::fs::read_to_string(&svg.0).unwrap();
    assert!(picture.starts_with("<?xml") && picture.trim_end().ends_with("</svg>"));
    assert!(picture.contains("<polyline") && picture.contains("<circle"));
}

#[test]
fn malformed_scenes_and_numbers_exit_with_status_2() {
    let scene = TempFile::new("scene.json", SCENE);
    let bad_scenes = [
        ("{", "EOF"),
        ("[1, 2]", "expected a JSON object"),
        (r#"{"obstacles": []}"#, "bounds"),
        (
            r#"{"bounds": {"min": [0, 0], "max": [10, 10]}, "obstacles": [{"circle": {"center": [1, 1], "radius": -1}}]}"#,
            "obstacles[0].circle.radius -1 is negative",
        ),
        (
            r#"{"bounds": {"min": [0, 0], "max": [10, 10]}, "obstacles": [{"aabb": {"min": [5, 5], "max": [1, 1]}}]}"#,
            "obstacles[0].aabb",
        ),
        (
            r#"{"bounds": {"min": [0, 0], "max": [10, 0]}}"#,
            "min < max",
        ),
    ];
    for (text, needle) in bad_scenes {
        let file = TempFile::new("bad.json", text);
        nav(&agent_args(file.path(), "0.5", "1,1", "2,2")).assert_bad_input(&[file.path(), needle]);
    }
    nav(&agent_args("/no/such/scene.json", "0.5", "1,1", "2,2"))
        .assert_bad_input(&["/no/such/scene.json"]);

    let p = scene.path();
    for radius in ["-1", "NaN", "inf"] {
        nav(&agent_args(p, radius, "5,5", "35,15")).assert_bad_input(&["--radius"]);
    }
    // Radius 0 is a point agent, not bad input.
    let mut args = agent_args(p, "0", "5,5", "35,15");
    args.push("--json");
    let run = nav(&args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.json()["status"], "found");
    nav(&agent_args(p, "abc", "5,5", "35,15")).assert_bad_input(&["--radius"]);
    for step in ["0", "-0.5", "NaN"] {
        let args = [
            "agent", "--scene", p, "--radius", "0.5", "--step", step, "--from", "5,5", "--to",
            "35,15",
        ];
        nav(&args).assert_bad_input(&["--step"]);
    }
    // A step so fine that the lattice would exceed 2^31 nodes: refused, not searched.
    let args = [
        "agent", "--scene", p, "--radius", "0.5", "--step", "0.0001", "--from", "5,5", "--to",
        "35,15",
    ];
    nav(&args).assert_bad_input(&["--step", "lattice"]);
    for point in ["5", "5,x", "NaN,1", "1e39,0"] {
        nav(&agent_args(p, "0.5", point, "35,15")).assert_bad_input(&["--from"]);
    }
}
