//! `nav demo` and the top-level command line: help, version, unknown subcommands.

mod common;

use common::{TempDir, check_svg, nav, nav_with_env};

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
        &format!("picture: {}", svg.display()),
    ] {
        assert!(
            run.stdout.contains(needle),
            "{needle:?} missing from\n{}",
            run.stdout
        );
    }
    let counts = check_svg(&std::fs::read_to_string(&svg).unwrap());
    assert_eq!(counts["polyline"], 4, "one path per panel");
    assert!(counts["circle"] >= 4 * 2 + 2, "start, goal and turn ends");
    assert!(counts["text"] >= 5, "a title per panel and a legend");
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
