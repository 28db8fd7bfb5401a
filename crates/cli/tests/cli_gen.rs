//! `nav gen`: Moving AI output that re-parses, determinism, stdout, pictures, bad input.

mod common;

use common::{TempDir, check_svg, nav};
use nav::grid::movingai::{parse_map, read_map};

fn generate(dir: &TempDir, name: &str, args: &[&str]) -> String {
    let out = dir.join(name);
    let mut all = vec!["gen"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", out.to_str().unwrap()]);
    let run = nav(&all);
    assert_eq!(run.code, Some(0), "{args:?}: {run:?}");
    assert!(
        run.stdout
            .starts_with(&format!("wrote {}: ", out.display())),
        "{}",
        run.stdout
    );
    std::fs::read_to_string(out).unwrap()
}

#[test]
fn every_kind_writes_a_map_that_reparses() {
    let dir = TempDir::new("gen-kinds");
    for kind in ["random", "caves", "rooms", "maze"] {
        for size in ["33x33", "40x24"] {
            let text = generate(
                &dir,
                "map.map",
                &["--kind", kind, "--size", size, "--seed", "3"],
            );
            let map = parse_map(&text, "map.map").unwrap();
            let (w, h) = size.split_once('x').unwrap();
            assert_eq!(map.width().to_string(), w, "{kind}");
            assert_eq!(map.height().to_string(), h, "{kind}");
            assert!(map.walkable_count() > 0, "{kind} has open cells");
            assert!(map.walkable_count() < map.cell_count(), "{kind} has walls");
            assert!(text.starts_with(&format!("type octile\nheight {h}\nwidth {w}\nmap\n")));
        }
    }
}

#[test]
fn same_seed_same_file_other_seed_other_file() {
    let dir = TempDir::new("gen-seed");
    for kind in ["random", "caves", "rooms"] {
        let args = ["--kind", kind, "--size", "64x48", "--seed", "42"];
        let a = generate(&dir, "a.map", &args);
        let b = generate(&dir, "b.map", &args);
        assert_eq!(a, b, "{kind}: same seed, same map");
        let c = generate(
            &dir,
            "c.map",
            &["--kind", kind, "--size", "64x48", "--seed", "43"],
        );
        assert_ne!(a, c, "{kind}: another seed, another map");
    }
}

#[test]
fn fill_controls_random_maps() {
    let dir = TempDir::new("gen-fill");
    let blocked = |fill: &str| {
        let text = generate(
            &dir,
            "f.map",
            &["--kind", "random", "--size", "100x100", "--fill", fill],
        );
        let map = parse_map(&text, "f.map").unwrap();
        map.cell_count() - map.walkable_count()
    };
    assert_eq!(blocked("0"), 0);
    assert_eq!(blocked("1"), 10_000);
    let tenth = blocked("0.1");
    assert!(
        (700..1300).contains(&tenth),
        "{tenth} of 10000 blocked at fill 0.1"
    );
}

#[test]
fn dash_writes_to_stdout_and_svg_previews() {
    let dir = TempDir::new("gen-stdout");
    let file = generate(
        &dir,
        "x.map",
        &["--kind", "caves", "--size", "30x20", "--seed", "9"],
    );
    let run = nav(&[
        "gen", "--kind", "caves", "--size", "30x20", "--seed", "9", "-o", "-",
    ]);
    assert_eq!(run.code, Some(0));
    assert_eq!(run.stdout, file, "stdout carries exactly the map");

    let svg = dir.join("preview.svg");
    let map = dir.join("y.map");
    let run = nav(&[
        "gen",
        "--kind",
        "rooms",
        "--size",
        "30x20",
        "--out",
        map.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(run.stdout.contains(&format!("picture: {}", svg.display())));
    let counts = check_svg(&std::fs::read_to_string(&svg).unwrap());
    assert!(counts["path"] >= 1, "the walls");
    assert!(read_map(&map).is_ok());
}

#[test]
fn bad_input_gives_one_line_and_exit_2() {
    let dir = TempDir::new("gen-bad");
    let out = dir.join("x.map");
    let out = out.to_str().unwrap();
    let cases: [(&[&str], &[&str]); 12] = [
        (
            &["--kind", "random", "--size", "10x10", "--fill", "1.5"],
            &["--fill 1.5", "from 0 to 1"],
        ),
        (
            &["--kind", "random", "--size", "10x10", "--fill", "-0.1"],
            &["--fill -0.1"],
        ),
        (
            &["--kind", "caves", "--size", "10x10", "--fill", "NaN"],
            &["--fill NaN"],
        ),
        (
            &["--kind", "random", "--size", "10x10", "--fill", "half"],
            &["--fill", "half"],
        ),
        (
            &["--kind", "random", "--size", "1000000000x1000000000"],
            &["--size 1000000000x1000000000", "refused"],
        ),
        (
            &["--kind", "random", "--size", "0x10"],
            &["--size", "width must be at least 1"],
        ),
        (
            &["--kind", "random", "--size", "10"],
            &["--size", "WIDTHxHEIGHT"],
        ),
        (
            &["--kind", "random", "--size", "-3x3"],
            &["--size", "'-3' is negative"],
        ),
        (
            &["--kind", "maze", "--size", "2x9"],
            &["--size 2x9", "at least 3 cells"],
        ),
        (
            &["--kind", "mountains", "--size", "10x10"],
            &["--kind", "mountains", "possible values"],
        ),
        (
            &["--kind", "random", "--size", "10x10", "--seed", "-1"],
            &["--seed"],
        ),
        (
            &["--kind", "random", "--size", "10x10", "--seed", "x"],
            &["--seed", "'x'"],
        ),
    ];
    for (args, needles) in cases {
        let mut all = vec!["gen"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["-o", out]);
        nav(&all).assert_bad_input(needles);
        assert!(!std::path::Path::new(out).exists(), "{args:?} wrote a file");
    }
    // Missing -o, and an output that cannot be created.
    nav(&["gen", "--kind", "random", "--size", "4x4"]).assert_bad_input(&["--out", "required"]);
    let unwritable = dir.join("no-such-dir/x.map");
    nav(&[
        "gen",
        "--kind",
        "random",
        "--size",
        "4x4",
        "-o",
        unwritable.to_str().unwrap(),
    ])
    .assert_bad_input(&[unwritable.to_str().unwrap()]);
}
