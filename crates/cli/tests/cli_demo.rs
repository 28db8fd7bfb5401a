//! `nav demo` and the top-level command line: help, version, unknown subcommands.
//!
//! Over 600 lines: one test per demo panel and report field, side by side, so that a change to
//! the demo shows in one file.

mod common;

use common::{TempDir, check_svg, nav, nav_with_env};
use serde_json::Value;

#[test]
fn demo_prints_a_summary_and_writes_a_picture() {
    let dir = TempDir::new("demo-text");
    let svg = dir.join("demo.svg");
    let run = nav(&["demo", "--svg", svg.to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(run.stderr, "");
    for needle in [
        "nav demo: a 48x28 map built into nav",
        "4 moves",
        "8 moves, no corner cutting (Moving AI rules)",
        "8 moves, free diagonals",
        "swamp costs 3x",
        "Dijkstra's algorithm",
        "per turn",
        "8 moves, agent of 2x2 cells                   no path      0",
        "the doors of the house are one cell wide: no path",
        "the 2x2 agent goes round the house (37.414",
        "Disc agents of three radii in a courtyard (nav::agent",
        "narrow west gate (1.6 wide)",
        "east gate (6 wide)",
        "Exact shortest paths among 30 circles (nav::tangent)",
        "the exact path is",
        &format!("picture: {}", svg.display()),
    ] {
        assert!(
            run.stdout.contains(needle),
            "{needle:?} missing from\n{}",
            run.stdout
        );
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    let counts = check_svg(&text);
    let paths = 4 + 2 + 6 + 1;
    assert!(counts["polyline"] >= paths, "paths of every panel");
    assert!(counts["circle"] >= 4 * 2 + 2, "start, goal and turn ends");
    // Eight panels with their titles, the header of the lower section.
    for title in [
        "4 moves: length 63.00",
        "8 moves, no corner cutting (Moving AI rules): length 52.46",
        "8 moves, free diagonals: length 45.14",
        "8 moves, no corner cutting, swamp costs 3x: length 53.04",
        "Agents of different sizes",
        "8 moves, agent of 2x2 cells: 37.41 round the house; one cell: 14.00 down the alley",
        "nav::agent, discs of radius 0.3, 1, 2 in a courtyard: ",
        "nav::tangent among 30 circles, a point: exact length ",
        "nav::tangent, radius 1: exact length ",
        "Flow field to (44, 12): 1193 cells, 6 units follow it",
    ] {
        assert!(text.contains(&format!(">{title}")), "title {title:?}");
    }
    // The exact paths are drawn with true arcs (SVG elliptical arcs), at least one per arc.
    let arcs = text
        .lines()
        .filter(|l| l.starts_with("<path d=\"M") && l.contains('A'))
        .count();
    assert!(arcs >= 5, "{arcs} arcs drawn");
}

#[test]
fn demo_json_is_consistent() {
    let dir = TempDir::new("demo-json");
    let run = nav(&["demo", "--out-dir", dir.path().to_str().unwrap(), "--json"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    let svg = dir.join("nav-demo.svg");
    assert_eq!(report["svg"], svg.to_str().unwrap());
    check_svg(&std::fs::read_to_string(&svg).unwrap());

    let routes = report["routes"].as_array().unwrap();
    assert_eq!(routes.len(), 4);
    let length = |i: usize| routes[i]["length"].as_f64().unwrap();
    for route in routes {
        assert_eq!(route["status"], "found", "{route}");
        assert_eq!(route["cells"][0], report["from"]);
        let cells = route["cells"].as_array().unwrap();
        assert_eq!(cells.last(), Some(&report["to"]));
    }
    // More freedom never makes a path longer; dearer swamp never makes it shorter.
    assert!(length(0) > length(1), "4 moves are longer than 8");
    assert!(
        length(1) > length(2),
        "free diagonals squeeze between the trees"
    );
    assert!(length(3) >= length(1), "the swamp costs more");
    // Dijkstra finds the same length and expands more.
    assert!((report["dijkstra_length"].as_f64().unwrap() - length(1)).abs() < 1e-9);
    assert!(report["dijkstra_expanded"].as_u64() > routes[1]["expanded"].as_u64());
    // The turns end on the weighted route, the last one at the goal.
    let turns = report["turn_ends"].as_array().unwrap();
    assert!(turns.len() as f64 >= length(3) / report["move_per_turn"].as_f64().unwrap());
    assert_eq!(turns.last(), Some(&report["to"]));
    for end in turns {
        assert!(routes[3]["cells"].as_array().unwrap().contains(end));
    }
}

#[test]
fn demo_defaults_to_the_temporary_directory_and_exports_its_map() {
    let dir = TempDir::new("demo-default");
    let map = dir.join("demo.map");
    let run = nav_with_env(
        &["demo", "--export-map", map.to_str().unwrap()],
        &[("TMPDIR", dir.path())],
    );
    assert_eq!(run.code, Some(0), "{run:?}");
    let svg = dir.join("nav-demo.svg");
    assert!(
        run.stdout.contains(&format!("picture: {}", svg.display())),
        "{}",
        run.stdout
    );
    check_svg(&std::fs::read_to_string(&svg).unwrap());

    // The exported map gives nav path the demo's free-diagonal route.
    let demo = nav(&["demo", "--out-dir", dir.path().to_str().unwrap(), "--json"]).json();
    let path = nav(&[
        "path",
        "--map",
        map.to_str().unwrap(),
        "--from",
        "3,12",
        "--to",
        "44,12",
        "--diagonal",
        "free",
        "--json",
    ]);
    assert_eq!(path.code, Some(0), "{path:?}");
    assert_eq!(path.json()["length"], demo["routes"][2]["length"]);
    assert_eq!(path.json()["cells"], demo["routes"][2]["cells"]);
}

#[test]
fn demo_bad_output_locations() {
    let dir = TempDir::new("demo-bad");
    let nowhere = dir.join("missing-dir/x.svg");
    nav(&["demo", "--svg", nowhere.to_str().unwrap()])
        .assert_bad_input(&[nowhere.to_str().unwrap()]);
    nav(&["demo", "--svg", "a.svg", "--out-dir", "b"])
        .assert_bad_input(&["--out-dir", "cannot be used with"]);
}

#[test]
fn top_level_usage() {
    let help = nav(&["--help"]);
    assert_eq!(help.code, Some(0));
    for command in ["demo", "path", "scen", "gen"] {
        assert!(help.stdout.contains(command), "{command} in help");
    }
    let version = nav(&["--version"]);
    assert_eq!(version.code, Some(0));
    assert_eq!(
        version.stdout.trim(),
        format!("nav {}", env!("CARGO_PKG_VERSION"))
    );
    let path_help = nav(&["path", "--help"]);
    assert_eq!(path_help.code, Some(0));
    assert!(path_help.stdout.contains("--diagonal"));

    // No subcommand: the help, on standard error, and exit status 2.
    let bare = nav::<&str>(&[]);
    assert_eq!(bare.code, Some(2));
    assert!(bare.stderr.contains("Usage: nav"));

    nav(&["teleport"]).assert_bad_input(&["unrecognized subcommand 'teleport'"]);
    nav(&["demo", "--fast"]).assert_bad_input(&["unexpected argument '--fast'", "nav demo --help"]);
}

/// `[x, y]` of a JSON pair.
fn xy(v: &Value) -> [f64; 2] {
    [v[0].as_f64().unwrap(), v[1].as_f64().unwrap()]
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Distance from `p` to the segment `a`-`b`.
fn dist_point_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    };
    dist(p, [a[0] + t * dx, a[1] + t * dy])
}

/// Distance from the segment `a`-`b` to the box `min`..`max` (0 when they meet): the closest
/// pair has an end of the segment or a corner of the box in it, unless they cross.
fn dist_segment_box(a: [f64; 2], b: [f64; 2], min: [f64; 2], max: [f64; 2]) -> f64 {
    // Slab clipping: does the segment enter the box?
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for axis in 0..2 {
        let d = b[axis] - a[axis];
        if d == 0.0 {
            if a[axis] < min[axis] || a[axis] > max[axis] {
                t0 = 2.0;
            }
        } else {
            let (u, v) = ((min[axis] - a[axis]) / d, (max[axis] - a[axis]) / d);
            t0 = t0.max(u.min(v));
            t1 = t1.min(u.max(v));
        }
    }
    if t0 <= t1 {
        return 0.0;
    }
    let to_box = |p: [f64; 2]| {
        let q = [p[0].clamp(min[0], max[0]), p[1].clamp(min[1], max[1])];
        dist(p, q)
    };
    let corners = [min, [max[0], min[1]], max, [min[0], max[1]]];
    corners
        .iter()
        .map(|&c| dist_point_segment(c, a, b))
        .chain([to_box(a), to_box(b)])
        .fold(f64::INFINITY, f64::min)
}

/// Distance from the segment `a`-`b` to the nearest obstacle of a scene (in the scene-file
/// format), a circle's distance being to its rim.
fn clearance(scene: &Value, a: [f64; 2], b: [f64; 2]) -> f64 {
    scene["obstacles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            if let Some(c) = o.get("circle") {
                dist_point_segment(xy(&c["center"]), a, b) - c["radius"].as_f64().unwrap()
            } else {
                let bx = &o["aabb"];
                dist_segment_box(a, b, xy(&bx["min"]), xy(&bx["max"]))
            }
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn the_geometric_checks_of_these_tests_are_right() {
    assert_eq!(dist_point_segment([0.0, 1.0], [-1.0, 0.0], [1.0, 0.0]), 1.0);
    assert_eq!(dist_point_segment([3.0, 4.0], [0.0, 0.0], [0.0, 0.0]), 5.0);
    let (min, max) = ([0.0, 0.0], [2.0, 1.0]);
    assert_eq!(dist_segment_box([-1.0, 0.5], [3.0, 0.5], min, max), 0.0);
    assert_eq!(dist_segment_box([-1.0, 3.0], [3.0, 3.0], min, max), 2.0);
    // Past a corner diagonally: the corner (2, 1) is closest.
    let d = dist_segment_box([2.0, 3.0], [4.0, 1.0], min, max);
    assert!((d - 2f64.sqrt()).abs() < 1e-12, "{d}");
    // A vertical segment beside the box.
    assert_eq!(dist_segment_box([3.0, -5.0], [3.0, 5.0], min, max), 1.0);
}

fn demo_json(dir: &TempDir) -> Value {
    let run = nav(&["demo", "--out-dir", dir.path().to_str().unwrap(), "--json"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    run.json()
}

#[test]
fn demo_json_clearance() {
    let dir = TempDir::new("demo-clearance");
    let map_file = dir.join("demo.map");
    let run = nav(&[
        "demo",
        "--out-dir",
        dir.path().to_str().unwrap(),
        "--export-map",
        map_file.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    let rows: Vec<Vec<u8>> = std::fs::read_to_string(&map_file)
        .unwrap()
        .lines()
        .skip(4)
        .map(|l| l.as_bytes().to_vec())
        .collect();
    // Walkable: open ground and swamp.
    let open = |x: i64, y: i64| {
        y >= 0
            && x >= 0
            && rows
                .get(y as usize)
                .and_then(|r| r.get(x as usize))
                .is_some_and(|&c| c == b'.' || c == b'S')
    };
    let fits = |x: i64, y: i64, k: i64| (0..k).all(|dy| (0..k).all(|dx| open(x + dx, y + dy)));

    let queries = report["clearance"].as_array().unwrap();
    assert_eq!(queries.len(), 3);
    let (house, one, agent) = (&queries[0], &queries[1], &queries[2]);
    // From the house: the 2x2 agent fits at both ends but cannot get out.
    assert_eq!(house["agent_size"], 2);
    assert_eq!(house["from"], report["from"]);
    assert_eq!(house["to"], report["to"]);
    assert_eq!(house["status"], "no_path");
    assert_eq!(house["cells"], serde_json::json!([]));
    for end in [&house["from"], &house["to"]] {
        assert!(fits(end[0].as_i64().unwrap(), end[1].as_i64().unwrap(), 2));
    }
    // Answered from the connected components of 2x2 agents, without searching.
    assert_eq!(house["expanded"], 0);

    // Down the alley: one cell goes straight, the 2x2 agent goes round and is longer.
    assert_eq!(
        (one["agent_size"].as_u64(), agent["agent_size"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(one["from"], agent["from"]);
    assert_eq!(one["to"], agent["to"]);
    assert_eq!(one["status"], "found");
    assert_eq!(agent["status"], "found");
    assert_eq!(one["length"], 14.0);
    assert!(agent["length"].as_f64() > Some(2.0 * 14.0));
    // The one-cell path uses a cell where no 2x2 square fits with it in its left column.
    let one_cells = one["cells"].as_array().unwrap();
    assert!(one_cells.iter().any(|c| {
        let (x, y) = (c[0].as_i64().unwrap(), c[1].as_i64().unwrap());
        !fits(x, y, 2) && !fits(x, y - 1, 2)
    }));
    // Every step of the 2x2 agent: its square fits, steps are king moves, and a diagonal step
    // does not cut a corner (both squares beside it fit).
    let cells: Vec<(i64, i64)> = agent["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap()))
        .collect();
    assert_eq!(
        Some(&Value::from(vec![cells[0].0, cells[0].1])),
        Some(&agent["from"])
    );
    let mut length = 0.0;
    for w in cells.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        assert!(fits(x1, y1, 2), "{x1},{y1}");
        let (dx, dy) = (x1 - x0, y1 - y0);
        assert!(dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0));
        if dx != 0 && dy != 0 {
            assert!(
                fits(x0 + dx, y0, 2) && fits(x0, y0 + dy, 2),
                "corner at {x0},{y0}"
            );
            length += std::f64::consts::SQRT_2;
        } else {
            length += 1.0;
        }
    }
    assert!((length - agent["length"].as_f64().unwrap()).abs() < 1e-9);
    assert_eq!(cells.last().map(|c| vec![c.0, c.1]), Some(vec![0, 20]));
}

#[test]
fn demo_json_agents_in_the_courtyard() {
    let dir = TempDir::new("demo-agents");
    let report = demo_json(&dir);
    let agents = &report["agents"];
    let scene = &agents["scene"];
    let step = agents["step"].as_f64().unwrap();
    let runs = agents["runs"].as_array().unwrap();
    let radii: Vec<f64> = runs.iter().map(|r| r["radius"].as_f64().unwrap()).collect();
    assert_eq!(radii.len(), 3);
    assert!(radii.windows(2).all(|w| w[0] < w[1]), "{radii:?}");
    let gates: Vec<&str> = runs.iter().map(|r| r["gate"].as_str().unwrap()).collect();
    assert_eq!(gates, ["narrow west gate", "west gate", "east gate"]);
    let (min, max) = (xy(&scene["bounds"]["min"]), xy(&scene["bounds"]["max"]));
    for run in runs {
        assert_eq!(run["status"], "found", "{run}");
        let radius = run["radius"].as_f64().unwrap();
        let length = run["length"].as_f64().unwrap();
        assert!(run["raw_length"].as_f64().unwrap() >= length - 1e-9);
        let points: Vec<[f64; 2]> = run["points"].as_array().unwrap().iter().map(xy).collect();
        assert_eq!(points[0], xy(&agents["from"]));
        assert_eq!(*points.last().unwrap(), xy(&agents["to"]));
        let total: f64 = points.windows(2).map(|w| dist(w[0], w[1])).sum();
        assert!((total - length).abs() < 1e-3, "{total} vs {length}");
        // The disc keeps clear of every obstacle and inside the bounds all along.
        for w in points.windows(2) {
            let gap = clearance(scene, w[0], w[1]);
            assert!(gap >= radius - 1e-4, "radius {radius}: {gap} at {w:?}");
        }
        for p in &points {
            for axis in 0..2 {
                assert!(p[axis] - radius >= min[axis] - 1e-4);
                assert!(p[axis] + radius <= max[axis] + 1e-4);
            }
        }
        // `nav agent` on the scene of the report finds the same path.
        let file = dir.write(&format!("courtyard-{radius}.json"), &scene.to_string());
        let from = xy(&agents["from"]);
        let to = xy(&agents["to"]);
        let single = nav(&[
            "agent",
            "--scene",
            file.to_str().unwrap(),
            "--radius",
            &radius.to_string(),
            "--step",
            &step.to_string(),
            "--from",
            &format!("{},{}", from[0], from[1]),
            "--to",
            &format!("{},{}", to[0], to[1]),
            "--json",
        ]);
        assert_eq!(single.code, Some(0), "{single:?}");
        assert_eq!(single.json()["length"], run["length"]);
        assert_eq!(single.json()["points"], run["points"]);
    }
    // A smaller agent is never longer: it fits everywhere a larger one does.
    let lengths: Vec<f64> = runs.iter().map(|r| r["length"].as_f64().unwrap()).collect();
    assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
    // The largest walks round the courtyard: far longer than the others.
    assert!(lengths[2] > 1.5 * lengths[1], "{lengths:?}");
}

/// The pieces of a tangent path in the JSON report as points along them: the ends of a line,
/// 17 points along an arc.
fn tangent_points(segments: &[Value]) -> Vec<Vec<[f64; 2]>> {
    let mut pieces = Vec::new();
    for s in segments {
        let mut points = Vec::new();
        if let Some(line) = s.get("line") {
            points.push(xy(&line["from"]));
            points.push(xy(&line["to"]));
        } else {
            let arc = &s["arc"];
            let c = xy(&arc["center"]);
            let r = arc["radius"].as_f64().unwrap();
            let (a0, a1) = (
                arc["start_angle"].as_f64().unwrap(),
                arc["end_angle"].as_f64().unwrap(),
            );
            assert_eq!(arc["ccw"].as_bool().unwrap(), a1 >= a0, "{arc}");
            for i in 0..=16 {
                let a = a0 + (a1 - a0) * i as f64 / 16.0;
                points.push([c[0] + r * a.cos(), c[1] + r * a.sin()]);
            }
        }
        pieces.push(points);
    }
    pieces
}

#[test]
fn demo_json_exact_paths_among_circles() {
    let dir = TempDir::new("demo-circles");
    let report = demo_json(&dir);
    let circles = &report["circles"];
    let scene = &circles["scene"];
    assert_eq!(scene["obstacles"].as_array().unwrap().len(), 30);
    let runs = circles["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0]["radius"], 0.0);
    assert_eq!(runs[1]["radius"], 1.0);
    let (from, to) = (xy(&circles["from"]), xy(&circles["to"]));
    for run in runs {
        assert_eq!(run["status"], "found", "{run}");
        let radius = run["radius"].as_f64().unwrap();
        let segments = run["segments"].as_array().unwrap();
        let arcs = segments.iter().filter(|s| s.get("arc").is_some()).count();
        assert_eq!(run["arcs"].as_u64(), Some(arcs as u64));
        assert_eq!(run["lines"].as_u64(), Some((segments.len() - arcs) as u64));
        assert!(arcs >= 1, "a path round circles hugs some");
        // The pieces join end to end from the start to the goal, and never come closer to a
        // circle than the agent's radius: a line anywhere along it, an arc at its points.
        let pieces = tangent_points(segments);
        assert!(dist(pieces[0][0], from) < 1e-4);
        assert!(dist(*pieces.last().unwrap().last().unwrap(), to) < 1e-4);
        let mut total = 0.0;
        for (i, (piece, segment)) in pieces.iter().zip(segments).enumerate() {
            if i > 0 {
                let end = *pieces[i - 1].last().unwrap();
                assert!(
                    dist(end, piece[0]) < 1e-3,
                    "piece {i} starts where {} ends",
                    i - 1
                );
            }
            for w in piece.windows(2) {
                total += dist(w[0], w[1]);
            }
            let checks: Vec<([f64; 2], [f64; 2])> = if segment.get("line").is_some() {
                vec![(piece[0], piece[1])]
            } else {
                // An arc hugs a circle of the scene grown by the radius.
                let arc = &segment["arc"];
                let hugged = scene["obstacles"].as_array().unwrap().iter().any(|o| {
                    o["circle"]["center"] == arc["center"]
                        && (o["circle"]["radius"].as_f64().unwrap() + radius
                            - arc["radius"].as_f64().unwrap())
                        .abs()
                            < 1e-5
                });
                assert!(hugged, "{arc}");
                piece.iter().map(|&p| (p, p)).collect()
            };
            for (a, b) in checks {
                let gap = clearance(scene, a, b);
                assert!(
                    gap >= radius - 1e-3,
                    "radius {radius}: {gap} at {a:?}..{b:?}"
                );
            }
        }
        // Sampled arcs are chords: a little shorter than the true length.
        let length = run["length"].as_f64().unwrap();
        assert!(
            total <= length + 1e-3 && total >= length - 0.05,
            "{total} vs {length}"
        );
        // `nav circles` on the scene of the report finds the same length.
        let file = dir.write(&format!("circles-{radius}.json"), &scene.to_string());
        let single = nav(&[
            "circles",
            "--scene",
            file.to_str().unwrap(),
            "--radius",
            &radius.to_string(),
            "--from",
            &format!("{},{}", from[0], from[1]),
            "--to",
            &format!("{},{}", to[0], to[1]),
            "--json",
        ]);
        assert_eq!(single.code, Some(0), "{single:?}");
        assert_eq!(single.json()["length"], run["length"]);
    }
    let exact = |i: usize| runs[i]["length"].as_f64().unwrap();
    assert!(exact(0) >= dist(from, to) - 1e-9);
    assert!(
        exact(0) < exact(1),
        "the disc cannot pass gaps the point threads"
    );
    // The lattice navigator on the same circles, same radius: never shorter than the exact
    // shortest path.
    let lattice = &circles["lattice"];
    assert_eq!(lattice["status"], "found");
    assert_eq!(lattice["radius"], runs[1]["radius"]);
    assert!(lattice["length"].as_f64().unwrap() >= exact(1) - 1e-6);
    assert!(lattice["raw_length"].as_f64() >= lattice["length"].as_f64());
}

/// The picture in the README (`docs/nav-demo.svg`) is what `nav demo` draws today.
#[test]
fn readme_picture_matches_the_demo() {
    let dir = TempDir::new("demo-readme");
    let svg = dir.join("nav-demo.svg");
    let run = nav(&["demo", "--svg", svg.to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/nav-demo.svg");
    let committed = std::fs::read_to_string(&docs).expect("docs/nav-demo.svg is committed");
    assert!(
        drawn == committed,
        "docs/nav-demo.svg is out of date: regenerate it with \
         `cargo run --release -p nav-cli -- demo --svg docs/nav-demo.svg`"
    );
}

/// The polygon panel: three radii in one world, each found, longer with the radius, and
/// `nav mesh` on the report's scene gives the same lengths.
#[test]
fn demo_polygons_match_nav_mesh() {
    let dir = TempDir::new("demo-polygons");
    let run = nav(&["demo", "--out-dir", dir.path().to_str().unwrap(), "--json"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    let polygons = &report["polygons"];
    let runs = polygons["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 3);
    let scene = dir.write("polygons.json", &polygons["scene"].to_string());
    let (from, to) = (&polygons["from"], &polygons["to"]);
    let mut previous = 0.0;
    for run in runs {
        assert_eq!(run["status"], "found", "{run}");
        let length = run["length"].as_f64().unwrap();
        assert!(length > previous, "{length} after {previous}");
        previous = length;
        let single = nav(&[
            "mesh",
            "--scene",
            scene.to_str().unwrap(),
            "--radius",
            &run["radius"].to_string(),
            "--from",
            &format!("{},{}", from[0], from[1]),
            "--to",
            &format!("{},{}", to[0], to[1]),
            "--json",
        ]);
        assert_eq!(single.code, Some(0), "{single:?}");
        assert_eq!(single.json()["length"], run["length"]);
        assert_eq!(single.json()["segments"], run["segments"]);
    }
}
