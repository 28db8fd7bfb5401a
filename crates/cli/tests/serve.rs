//! `nav serve`: every endpoint of the API, its answers equal to the command line's on the same
//! input (`nav path`, `nav gen`, `nav mesh`, `nav circles`, `nav agent` with `--json`), every
//! refusal (an HTTP 4xx naming the input), and a server that goes on serving after them.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use common::{TempDir, map_text, nav};
use nav_cli::serve::{MAX_BODY_BYTES, Reply, Server, handle};
use serde_json::{Value, json};

const ROOMS: [&str; 8] = [
    "....................",
    ".@@@@@@@@.@@@@@@@@@.",
    ".@......@.@.......@.",
    ".@......@.@...@...@.",
    ".@@@.@@@@.@...@...@.",
    "..........@@@.@@@@@.",
    ".@@@@@@.............",
    "......@......@@@@...",
];

fn post(path: &str, body: &Value) -> Reply {
    handle("POST", path, body.to_string().as_bytes())
}

fn answer(reply: &Reply) -> Value {
    assert_eq!(
        reply.status,
        200,
        "{}",
        String::from_utf8_lossy(&reply.body)
    );
    assert_eq!(reply.content_type, "application/json");
    serde_json::from_slice(&reply.body).expect("JSON answer")
}

/// The reason of a refusal, checking its status.
fn refusal(reply: &Reply, status: u16) -> String {
    let text = String::from_utf8_lossy(&reply.body).into_owned();
    assert_eq!(reply.status, status, "{text}");
    let value: Value = serde_json::from_str(&text).expect("JSON error");
    value["error"]
        .as_str()
        .expect("an error message")
        .to_string()
}

/// The fields of `nav path --json`'s object in an API answer.
fn cli_fields(answer: &Value, keys: &[&str]) -> Value {
    let object = answer.as_object().unwrap();
    Value::Object(
        keys.iter()
            .filter_map(|k| object.get(*k).map(|v| (k.to_string(), v.clone())))
            .collect(),
    )
}

#[test]
fn the_page_and_its_assets_are_served_with_no_outside_reference() {
    let page = handle("GET", "/", b"");
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/html"));
    let html = String::from_utf8(page.body).unwrap();
    assert!(html.contains("<canvas id=\"world-canvas\""));
    assert!(html.contains("src=\"/app.js\"") && html.contains("href=\"/style.css\""));
    for (path, kind) in [("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let reply = handle("GET", path, b"");
        assert_eq!(reply.status, 200, "{path}");
        assert!(reply.content_type.starts_with(kind), "{path}");
        let text = String::from_utf8(reply.body).unwrap();
        assert!(text.len() > 500, "{path} is there");
        // Offline: no CDN, no other host.
        for text in [&text, &html] {
            assert!(
                !text.contains("http://") && !text.contains("https://"),
                "{path}"
            );
        }
    }
    assert_eq!(handle("HEAD", "/", b"").status, 200);
    assert_eq!(handle("GET", "/favicon.ico", b"").status, 204);
    assert_eq!(handle("GET", "/index.html?x=1", b"").status, 200);
}

#[test]
fn options_list_the_command_line_values() {
    let options = answer(&handle("GET", "/api/options", b""));
    assert_eq!(options["moves"], json!(["4", "8"]));
    assert_eq!(
        options["diagonal"],
        json!(["never", "no-corner-cutting", "free"])
    );
    assert!(
        options["search"]
            .as_array()
            .unwrap()
            .contains(&json!("jps"))
    );
    assert_eq!(
        options["kinds"],
        json!(["random", "caves", "rooms", "maze"])
    );
    assert_eq!(options["max_body_bytes"], MAX_BODY_BYTES);
}

/// Runs one query through the API and through `nav path --json` and compares the reports.
fn same_as_nav_path(map: &str, rules: Value, cli_rules: &[&str], query: Value) {
    let dir = TempDir::new("serve-path");
    let file = dir.write("map.map", map);
    let mut request = json!({"map": map, "rules": rules});
    for (k, v) in query.as_object().unwrap() {
        request[k] = v.clone();
    }
    let api = answer(&post("/api/path", &request));
    let cell = |k: &str| format!("{},{}", query[k][0], query[k][1]);
    let mut args = vec![
        "path".to_string(),
        "--map".into(),
        file.to_str().unwrap().into(),
        "--from".into(),
        cell("start"),
        "--to".into(),
        cell("goal"),
        "--json".into(),
    ];
    args.extend(cli_rules.iter().map(|s| s.to_string()));
    if let Some(size) = query.get("size") {
        args.extend(["--size".into(), size.to_string()]);
    }
    if let Some(n) = query.get("max_expanded") {
        args.extend(["--max-expanded".into(), n.to_string()]);
    }
    if query.get("partial") == Some(&json!(true)) {
        args.push("--partial".into());
    }
    let cli = nav(&args).json();
    let keys = ["status", "length", "cells", "expanded", "partial"];
    assert_eq!(
        cli_fields(&api, &keys),
        cli,
        "{request} against nav {args:?}"
    );
    // The cells drawn as expanded are cells of the map, no more than the search counted.
    let listed = api["expanded_cells"].as_array().unwrap();
    assert!(listed.len() as u64 <= api["expanded"].as_u64().unwrap());
    assert_eq!(api["expanded_cells_truncated"], false);
    assert!(api["micros"].as_f64().unwrap() >= 0.0);
}

#[test]
fn path_answers_equal_nav_path_json_under_every_rule() {
    let rooms = map_text(&ROOMS);
    let cases: Vec<(Value, Vec<&str>)> = vec![
        (json!({}), vec![]),
        (json!({"moves": 4}), vec!["--moves", "4"]),
        (
            json!({"moves": "8", "diagonal": "free"}),
            vec!["--diagonal", "free"],
        ),
        (
            json!({"diagonal": "never", "heuristic": "zero"}),
            vec!["--diagonal", "never", "--heuristic", "zero"],
        ),
        (
            json!({"heuristic": "euclidean", "search": "astar"}),
            vec!["--heuristic", "euclidean", "--search", "astar"],
        ),
        (json!({"search": "jps"}), vec!["--search", "jps"]),
        (
            json!({"heuristic": "manhattan", "allow_inadmissible": true}),
            vec!["--heuristic", "manhattan", "--allow-inadmissible"],
        ),
    ];
    for (rules, cli) in &cases {
        for (start, goal) in [([0, 0], [19, 7]), ([2, 2], [16, 3]), ([0, 7], [19, 0])] {
            same_as_nav_path(
                &rooms,
                rules.clone(),
                cli,
                json!({"start": start, "goal": goal}),
            );
        }
    }
    // Agent sizes, limits, partial paths, blocked ends and unreachable goals.
    same_as_nav_path(
        &rooms,
        json!({}),
        &[],
        json!({"start": [0, 0], "goal": [17, 6], "size": 2}),
    );
    same_as_nav_path(
        &rooms,
        json!({}),
        &[],
        json!({"start": [0, 0], "goal": [19, 7], "max_expanded": 5, "partial": true}),
    );
    same_as_nav_path(
        &rooms,
        json!({}),
        &[],
        json!({"start": [1, 1], "goal": [19, 7]}),
    );
    same_as_nav_path(
        &rooms,
        json!({}),
        &[],
        json!({"start": [0, 0], "goal": [3, 3]}),
    );
}

#[test]
fn path_answers_equal_nav_path_json_on_generated_maps() {
    for kind in ["random", "caves", "maze"] {
        let generated = answer(&post(
            "/api/generate",
            &json!({"kind": kind, "width": 64, "height": 48, "seed": 3}),
        ));
        let map = generated["map"].as_str().unwrap();
        let rows: Vec<&str> = map.lines().skip(4).collect();
        let open: Vec<[usize; 2]> = (0..48)
            .flat_map(|y| (0..64).map(move |x| [x, y]))
            .filter(|&[x, y]| rows[y].as_bytes()[x] == b'.')
            .collect();
        let (a, b) = (open[open.len() / 10], open[open.len() * 9 / 10]);
        for (rules, cli) in [
            (json!({}), vec![]),
            (json!({"search": "jps"}), vec!["--search", "jps"]),
        ] {
            same_as_nav_path(map, rules, &cli, json!({"start": a, "goal": b}));
        }
    }
}

#[test]
fn generate_equals_nav_gen() {
    for (kind, fill) in [("random", Some(0.3)), ("caves", None), ("rooms", None)] {
        let mut request = json!({"kind": kind, "width": 40, "height": 30, "seed": 11});
        let mut args = vec![
            "gen", "--kind", kind, "--size", "40x30", "--seed", "11", "-o", "-",
        ];
        if let Some(fill) = fill {
            request["fill"] = json!(fill);
            args.extend(["--fill", "0.3"]);
        }
        let api = answer(&post("/api/generate", &request));
        let cli = nav(&args);
        assert_eq!(cli.code, Some(0));
        assert_eq!(api["map"].as_str().unwrap(), cli.stdout, "{kind}");
        assert_eq!(
            (api["width"].as_u64(), api["height"].as_u64()),
            (Some(40), Some(30))
        );
        let walkable = cli
            .stdout
            .lines()
            .skip(4)
            .flat_map(|l| l.bytes())
            .filter(|&b| b == b'.');
        assert_eq!(api["walkable"].as_u64(), Some(walkable.count() as u64));
    }
}

#[test]
fn cost_multipliers_weigh_the_path() {
    // A corridor of three rows: the straight middle row costs 9 per cell, so the path goes
    // round it along the top row.
    let map = map_text(&[".........", ".........", "........."]);
    let costs: Vec<Value> = (1..8).map(|x| json!([x, 1, 9.0])).collect();
    let flat = answer(&post(
        "/api/path",
        &json!({"map": map, "start": [0, 1], "goal": [8, 1], "rules": {"moves": 4}}),
    ));
    assert_eq!(flat["length"], 8.0);
    let weighted = answer(&post(
        "/api/path",
        &json!({"map": map, "costs": costs, "start": [0, 1], "goal": [8, 1], "rules": {"moves": 4}}),
    ));
    assert_eq!(weighted["length"], 10.0);
    assert!(
        weighted["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c[1] != 1 || c[0] == 0 || c[0] == 8)
    );
    // Jump points do not search weighted maps: refused, with the reason.
    let jps = post(
        "/api/path",
        &json!({"map": map, "costs": costs, "start": [0, 1], "goal": [8, 1], "rules": {"search": "jps"}}),
    );
    let reason = refusal(&jps, 400);
    assert!(reason.contains("jump point"), "{reason}");
    // Unless asked to fall back: then the answer says that it searched cell by cell.
    let either = answer(&post(
        "/api/path",
        &json!({"map": map, "costs": costs, "start": [0, 1], "goal": [8, 1], "rules": {"search": "jps-or-astar"}}),
    ));
    assert_eq!(either["search_used"], "cells");
    assert_eq!(either["status"], "found");
}

#[test]
fn jps_or_astar_runs_jump_points_where_they_apply() {
    let rooms = map_text(&ROOMS);
    let request = json!({"map": rooms, "start": [0, 0], "goal": [19, 7]});
    let mut either = request.clone();
    either["rules"] = json!({"search": "jps-or-astar"});
    let mut jps = request.clone();
    jps["rules"] = json!({"search": "jps"});
    let (either, jps) = (
        answer(&post("/api/path", &either)),
        answer(&post("/api/path", &jps)),
    );
    assert_eq!(either["search_used"], "jump-points");
    let keys = ["status", "length", "cells", "expanded"];
    assert_eq!(cli_fields(&either, &keys), cli_fields(&jps, &keys));
    let mut four = request.clone();
    four["rules"] = json!({"search": "jps-or-astar", "moves": 4});
    assert_eq!(answer(&post("/api/path", &four))["search_used"], "cells");
    let options = answer(&handle("GET", "/api/options", b""));
    assert!(
        options["search"]
            .as_array()
            .unwrap()
            .contains(&json!("jps-or-astar"))
    );
}

const SCENE: &str = r#"{"bounds": {"min": [0, 0], "max": [40, 24]},
 "obstacles": [
   {"circle": {"center": [12, 12], "radius": 4}},
   {"circle": {"center": [26, 9], "radius": 3}},
   {"circle": {"center": [27, 18], "radius": 3.5}}
 ]}"#;

/// The report of a navigator in an API answer, without the fields the command does not print.
fn navigator(answer: &Value, name: &str) -> Value {
    let mut report = answer[name].clone();
    let object = report.as_object_mut().unwrap();
    assert!(object.remove("micros").unwrap().as_f64().unwrap() >= 0.0);
    object.remove("raw_points");
    object.remove("raw_length");
    report
}

#[test]
fn world_answers_equal_nav_mesh_circles_and_agent() {
    let dir = TempDir::new("serve-world");
    let scene = dir.write("scene.json", SCENE);
    let scene_value: Value = serde_json::from_str(SCENE).unwrap();
    for (radius, from, to) in [
        (0.0, [1.0, 12.0], [39.0, 12.0]),
        (1.5, [2.0, 3.0], [37.0, 20.0]),
        (2.0, [20.0, 2.5], [20.0, 21.0]),
    ] {
        let api = answer(&post(
            "/api/world",
            &json!({"scene": scene_value, "radius": radius, "start": from, "goal": to, "step": 0.5}),
        ));
        let (f, t, r) = (
            format!("{},{}", from[0], from[1]),
            format!("{},{}", to[0], to[1]),
            radius.to_string(),
        );
        let s = scene.to_str().unwrap();
        let common = [
            "--scene", s, "--from", &f, "--to", &t, "--radius", &r, "--json",
        ];
        let mesh = nav(&[&["mesh"], &common[..]].concat()).json();
        let circles = nav(&[&["circles"], &common[..]].concat()).json();
        let agent = nav(&[&["agent"], &common[..], &["--step", "0.5"]].concat()).json();
        assert_eq!(navigator(&api, "mesh"), mesh, "mesh, radius {radius}");
        assert_eq!(
            navigator(&api, "tangent"),
            circles,
            "circles, radius {radius}"
        );
        assert_eq!(navigator(&api, "lattice"), agent, "agent, radius {radius}");
        assert_eq!(mesh["status"], "found");
        // The raw lattice path runs from the start to the goal too.
        let raw = api["lattice"]["raw_points"].as_array().unwrap();
        assert_eq!(raw.first().unwrap(), &json!(from));
        assert_eq!(raw.last().unwrap(), &json!(to));
        assert!(
            api["lattice"]["raw_length"].as_f64().unwrap()
                >= agent["length"].as_f64().unwrap() - 1e-6
        );
    }
}

#[test]
fn world_skips_the_navigators_a_scene_does_not_suit() {
    let scene = json!({"bounds": {"min": [0, 0], "max": [40, 24]}, "obstacles": [
        {"aabb": {"min": [10, 0], "max": [14, 16]}},
        {"polygon": {"points": [[20, 8], [30, 10], [24, 20]]}}
    ]});
    let api = answer(&post(
        "/api/world",
        &json!({"scene": scene, "radius": 1, "start": [2, 2], "goal": [38, 22]}),
    ));
    assert_eq!(api["mesh"]["status"], "found");
    let tangent = api["tangent"]["skipped"].as_str().unwrap();
    assert!(tangent.contains("obstacles[0] is an aabb"), "{tangent}");
    let lattice = api["lattice"]["skipped"].as_str().unwrap();
    assert!(lattice.contains("obstacles[1] is a polygon"), "{lattice}");
    // Moving the box changes the exact path: what the page redraws while dragging.
    let mut moved = scene.clone();
    moved["obstacles"][0]["aabb"] = json!({"min": [10, 6], "max": [14, 24]});
    let again = answer(&post(
        "/api/world",
        &json!({"scene": moved, "radius": 1, "start": [2, 2], "goal": [38, 22]}),
    ));
    assert_ne!(again["mesh"]["segments"], api["mesh"]["segments"]);
}

#[test]
fn every_bad_request_is_refused_with_its_reason() {
    let map = map_text(&ROOMS);
    let scene: Value = serde_json::from_str(SCENE).unwrap();
    let path = |extra: Value| {
        let mut request = json!({"map": map, "start": [0, 0], "goal": [19, 7]});
        for (k, v) in extra.as_object().unwrap() {
            request[k] = v.clone();
        }
        request.to_string()
    };
    let world = |extra: Value| {
        let mut request = json!({"scene": scene, "radius": 1, "start": [1, 1], "goal": [39, 23]});
        for (k, v) in extra.as_object().unwrap() {
            request[k] = v.clone();
        }
        request.to_string()
    };
    let billion = "type octile\nheight 40000\nwidth 25000\nmap\n....\n";
    let many: Vec<Value> = (0..10_001)
        .map(|i| json!({"circle": {"center": [i % 40, 5], "radius": 0.1}}))
        .collect();
    let cases: Vec<(&str, &str, String, u16, &str)> = vec![
        (
            "POST",
            "/api/path",
            "{\"map\": ".into(),
            400,
            "not valid JSON",
        ),
        (
            "POST",
            "/api/path",
            "[1, 2]".into(),
            400,
            "must be a JSON object, not an array",
        ),
        ("POST", "/api/path", "".into(), 400, "not valid JSON"),
        (
            "POST",
            "/api/path",
            "{\"start\": [NaN, 0]}".into(),
            400,
            "not valid JSON",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"start": null})),
            400,
            "start is missing",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"map": null})),
            400,
            "map is missing",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"map": 7})),
            400,
            "map must be a string",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"start": [20, 0]})),
            400,
            "outside",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"goal": [0, 4000000000u64]})),
            400,
            "outside",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"start": [-1, 0]})),
            400,
            "x '-1' is negative",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"start": [1.5, 0]})),
            400,
            "not a whole number",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"start": [1]})),
            400,
            "start must be [x, y]",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"start": ["a", 0]})),
            400,
            "start must be a number",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"start": [99999999999u64, 0]})),
            400,
            "too large",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"map": billion})),
            400,
            "1000000000 cells is larger than the server's limit",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"map": "type octile\nheight 1\nwidth 2\nmap\n.x\n"})),
            400,
            "unknown map character 'x'",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"rules": {"moves": 6}})),
            400,
            "rules.moves '6': expected one of 4, 8",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"rules": {"search": "dfs"}})),
            400,
            "rules.search 'dfs'",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"rules": {"speed": 1}})),
            400,
            "rules.speed is not a rule",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"rules": "fast"})),
            400,
            "rules must be an object",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"rules": {"heuristic": "manhattan"}})),
            400,
            "not admissible",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"rules": {"moves": 4, "search": "jps"}})),
            400,
            "needs --moves 8",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"rules": {"allow_inadmissible": "yes"}})),
            400,
            "allow_inadmissible must be true or false",
        ),
        ("POST", "/api/path", path(json!({"size": 0})), 400, "size 0"),
        (
            "POST",
            "/api/path",
            path(json!({"size": 256})),
            400,
            "size 256",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"max_cost": -1})),
            400,
            "--max-cost -1",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"max_expanded": -5})),
            400,
            "max_expanded -5",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"costs": [[0, 0, 0]]})),
            400,
            "costs[0]",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"costs": [[0, 0, -2]]})),
            400,
            "costs[0]",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"costs": [[50, 0, 2]]})),
            400,
            "costs[0]",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"costs": [[0, 0]]})),
            400,
            "costs[0] must be [x, y, multiplier]",
        ),
        (
            "POST",
            "/api/path",
            path(json!({"costs": 3})),
            400,
            "costs must be an array",
        ),
        (
            "POST",
            "/api/generate",
            json!({"kind": "random", "width": 40000, "height": 25000}).to_string(),
            400,
            "1000000000 cells",
        ),
        (
            "POST",
            "/api/generate",
            json!({"kind": "random", "width": 5_000_000_000u64, "height": 0}).to_string(),
            400,
            "width 5000000000 is too large",
        ),
        (
            "POST",
            "/api/generate",
            json!({"kind": "random", "width": 0, "height": 5}).to_string(),
            400,
            "--size 0x5",
        ),
        (
            "POST",
            "/api/generate",
            json!({"kind": "random", "width": 10, "height": 5, "fill": 2}).to_string(),
            400,
            "--fill 2",
        ),
        (
            "POST",
            "/api/generate",
            json!({"kind": "hills", "width": 10, "height": 5}).to_string(),
            400,
            "kind 'hills': expected one of random, caves, rooms, maze",
        ),
        (
            "POST",
            "/api/generate",
            json!({"width": 10, "height": 5}).to_string(),
            400,
            "kind is missing",
        ),
        (
            "POST",
            "/api/world",
            world(json!({"radius": -1})),
            400,
            "--radius -1",
        ),
        (
            "POST",
            "/api/world",
            world(json!({"radius": 1e39})),
            400,
            "radius 1e+39: too large",
        ),
        (
            "POST",
            "/api/world",
            world(json!({"radius": "NaN"})),
            400,
            "radius must be a number, not a string",
        ),
        (
            "POST",
            "/api/world",
            world(json!({"start": [1e39, 0]})),
            400,
            "start [1e+39,0]: x '1e+39' is too large",
        ),
        (
            "POST",
            "/api/world",
            world(json!({"step": 0})),
            400,
            "--step",
        ),
        (
            "POST",
            "/api/world",
            world(json!({"step": 0.0001})),
            400,
            "--step",
        ),
        (
            "POST",
            "/api/world",
            world(
                json!({"scene": {"bounds": {"min": [0, 0], "max": [10, 10]}, "obstacles": [{"circle": {"center": [5, 5], "radius": -1}}]}}),
            ),
            400,
            "scene: obstacles[0].circle.radius -1 is negative",
        ),
        (
            "POST",
            "/api/world",
            world(json!({"scene": {"obstacles": []}})),
            400,
            "scene",
        ),
        (
            "POST",
            "/api/world",
            world(
                json!({"scene": {"bounds": {"min": [0, 0], "max": [40, 10]}, "obstacles": many}}),
            ),
            400,
            "10001 obstacles, more than the server's limit",
        ),
        (
            "POST",
            "/api/world",
            world(
                json!({"scene": {"bounds": {"min": [0, 0], "max": [10, 10]}, "obstacles": [{"polygon": {"points": [[1, 1], [5, 5], [5, 1], [1, 5]]}}]}}),
            ),
            400,
            "obstacles[0] (polygon)",
        ),
        (
            "GET",
            "/api/path",
            String::new(),
            405,
            "/api/path takes POST, not GET",
        ),
        ("POST", "/", String::new(), 405, "/ takes GET, not POST"),
        ("DELETE", "/api/world", String::new(), 405, "takes POST"),
        (
            "GET",
            "/etc/passwd",
            String::new(),
            404,
            "no page or endpoint at /etc/passwd",
        ),
        (
            "GET",
            "/../Cargo.toml",
            String::new(),
            404,
            "no page or endpoint",
        ),
    ];
    for (method, url, body, status, needle) in cases {
        let reason = refusal(&handle(method, url, body.as_bytes()), status);
        assert!(
            reason.contains(needle),
            "{method} {url} {body:.200}: {reason:?} should mention {needle:?}"
        );
        assert!(
            !reason.contains("panicked") && !reason.contains('\n'),
            "{reason}"
        );
    }
}

/// Sends one HTTP request and reads the answer's status and body (by its Content-Length, so
/// that a server still reading a long body does not hold the test).
fn http(addr: SocketAddr, head: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    // The body goes from another thread, so that the answer is read as soon as it comes: a
    // server that refuses early may close before the body is all sent (that is its right).
    let mut writer = stream.try_clone().unwrap();
    let request = [head.as_bytes(), body].concat();
    let sender = std::thread::spawn(move || {
        let _ = writer.write_all(&request);
    });
    let mut received = Vec::new();
    let mut buf = [0u8; 4096];
    let clock = std::time::Instant::now();
    loop {
        let n = match stream.read(&mut buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            read => read,
        };
        let n = n.unwrap_or_else(|e| {
            panic!(
                "{e} after {:?} reading the answer to {head:?} (received {:?})",
                clock.elapsed(),
                String::from_utf8_lossy(&received)
            )
        });
        assert!(
            n > 0,
            "the connection closed before the answer was complete"
        );
        received.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&received).into_owned();
        if let Some(end) = text.find("\r\n\r\n") {
            let length: usize = text[..end]
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().parse().unwrap())
                })
                .expect("Content-Length");
            if received.len() >= end + 4 + length {
                let status = text[9..12].parse().unwrap();
                let body = String::from_utf8_lossy(&received[end + 4..end + 4 + length]);
                // Ends the sender's write too, if the server stopped reading.
                let _ = stream.shutdown(std::net::Shutdown::Both);
                let _ = sender.join();
                return (status, body.into_owned());
            }
        }
    }
}

fn post_head(path: &str, length: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n"
    )
}

#[test]
fn the_server_refuses_over_http_and_goes_on_serving() {
    let server = Server::start("127.0.0.1:0".parse().unwrap()).expect("a free port");
    let addr = server.addr();
    assert!(addr.ip().is_loopback() && addr.port() != 0);
    let good = json!({"map": map_text(&ROOMS), "start": [0, 0], "goal": [19, 7]}).to_string();
    let dir = TempDir::new("serve-http");
    let file = dir.write("rooms.map", &map_text(&ROOMS));
    let cli = nav(&[
        "path",
        "--map",
        file.to_str().unwrap(),
        "--from",
        "0,0",
        "--to",
        "19,7",
        "--json",
    ])
    .json();
    let check_good = || {
        let (status, body) = http(addr, &post_head("/api/path", good.len()), good.as_bytes());
        assert_eq!(status, 200, "{body}");
        let value: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(value["length"], cli["length"], "{body}");
        assert_eq!(value["cells"], cli["cells"], "{body}");
    };
    check_good();

    // A body of 100 MB, announced: refused from its length, before it is read.
    let (status, body) = http(addr, &post_head("/api/path", 100 << 20), b"{\"map\": \"");
    assert_eq!(status, 413, "{body}");
    assert!(
        body.contains("104857600 bytes is larger than the server's limit"),
        "{body}"
    );
    check_good();

    // Clients that announce 100 MB and send nothing more hold no worker: with more of them
    // than the server has workers, it still answers.
    // (One after the other, each answered before the next connects: tiny_http 0.12's
    // connection threads can miss a burst of new connections while others stay open.)
    let idle: Vec<TcpStream> = (0..6)
        .map(|_| {
            let mut stream = TcpStream::connect(addr).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(20)))
                .unwrap();
            stream
                .write_all(post_head("/api/path", 100 << 20).as_bytes())
                .unwrap();
            let mut answer = [0u8; 12];
            stream.read_exact(&mut answer).unwrap();
            assert_eq!(&answer, b"HTTP/1.1 413");
            stream
        })
        .collect();
    check_good();
    drop(idle);

    // A body over the limit sent in chunks, without a length: refused once the limit is read.
    let chunk = vec![b' '; 1 << 20];
    let mut chunked = Vec::new();
    for _ in 0..(MAX_BODY_BYTES >> 20) + 2 {
        chunked.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        chunked.extend_from_slice(&chunk);
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let head = "POST /api/path HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
    let (status, body) = http(addr, head, &chunked);
    assert_eq!(status, 413, "{body}");
    check_good();

    // Malformed JSON, a cell off the map, a billion cells, an unknown path.
    for (request, status) in [
        ("{\"map\": 3".to_string(), 400),
        (
            json!({"map": map_text(&ROOMS), "start": [0, 0], "goal": [99, 7]}).to_string(),
            400,
        ),
        (
            json!({"map": "type octile\nheight 40000\nwidth 25000\nmap\n", "start": [0, 0], "goal": [1, 1]}).to_string(),
            400,
        ),
    ] {
        let (got, body) = http(addr, &post_head("/api/path", request.len()), request.as_bytes());
        assert_eq!(got, status, "{body}");
        assert!(body.starts_with("{\"error\":"), "{body}");
        check_good();
    }
    let (status, _) = http(
        addr,
        "GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        b"",
    );
    assert_eq!(status, 404);
    let (status, page) = http(
        addr,
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        b"",
    );
    assert_eq!(status, 200);
    assert!(page.contains("<canvas"));
    check_good();
    server.stop();
}

#[test]
fn nav_serve_listens_on_localhost_and_refuses_a_bad_address() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_nav"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("nav serve starts");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let addr: SocketAddr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .unwrap();
    assert!(addr.ip().is_loopback(), "{line}");
    let (status, options) = http(
        addr,
        "GET /api/options HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        b"",
    );
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(status, 200);
    assert!(options.contains("\"kinds\""));

    let bad = nav(&["serve", "--bind", "localhost:80"]);
    bad.assert_bad_input(&["--bind"]);
    let bad = nav(&["serve", "--port", "70000"]);
    bad.assert_bad_input(&["--port"]);
    // A port already taken: bad input naming it.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    nav(&["serve", "--port", &port]).assert_bad_input(&["--port", &port]);
}
