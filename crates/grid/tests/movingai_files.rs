//! The Moving AI readers: both scenario versions, both line endings, round trips through files,
//! and one test per kind of malformed input (each error names the file, the line and why).

use nav_grid::movingai::{
    MovingAiError, default_map_path, map_to_string, parse_map, parse_scenario, read_map,
    read_scenario, write_map_file,
};
use nav_grid::{Cell, GridMap};

const MAP: &str = "type octile\nheight 3\nwidth 4\nmap\n.@..\nGST.\nOW..\n";

/// The error of parsing `text` as a map named `bad.map`, with its line and message.
fn map_error(text: &str) -> (usize, String) {
    let err = parse_map(text, "bad.map").expect_err("malformed map accepted");
    let message = err.to_string();
    assert!(message.starts_with("bad.map:"), "{message}");
    (err.line().expect("syntax errors have a line"), message)
}

fn scen_error(text: &str) -> (usize, String) {
    let err = parse_scenario(text, "bad.map.scen").expect_err("malformed scenario accepted");
    let message = err.to_string();
    assert!(message.starts_with("bad.map.scen:"), "{message}");
    (err.line().expect("syntax errors have a line"), message)
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "nav-grid-test-{}-{:?}-{name}",
        std::process::id(),
        std::thread::current().id()
    ))
}

#[test]
fn map_characters_and_line_endings() {
    let lf = parse_map(MAP, "a.map").unwrap();
    let crlf = parse_map(&MAP.replace('\n', "\r\n"), "a.map").unwrap();
    assert_eq!(lf, crlf);
    assert_eq!((lf.width(), lf.height()), (4, 3));
    let walkable = |x, y| lf.is_walkable(Cell::new(x, y));
    assert!(walkable(0, 0) && !walkable(1, 0));
    // G and S pass; T, O and W block.
    assert!(walkable(0, 1) && walkable(1, 1) && !walkable(2, 1));
    assert!(!walkable(0, 2) && !walkable(1, 2) && walkable(2, 2));
    assert_eq!(lf.walkable_count(), 8);
    // Writing gives the characters back.
    assert_eq!(map_to_string(&lf), MAP);
}

#[test]
fn maps_round_trip_through_files() {
    let path = temp_path("round.map");
    let mut map = parse_map(MAP, "a.map").unwrap();
    map.set_blocked(Cell::new(3, 2), true).unwrap();
    write_map_file(&map, &path).unwrap();
    let back = read_map(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(map_to_string(&back), map_to_string(&map));
    assert!(!back.is_walkable(Cell::new(3, 2)));
}

#[test]
fn a_missing_file_is_named() {
    let path = temp_path("does-not-exist.map");
    let err = read_map(&path).unwrap_err();
    assert!(matches!(err, MovingAiError::Io { .. }));
    assert!(err.to_string().contains("does-not-exist.map"), "{err}");
    assert!(read_scenario(&path).is_err());
}

#[test]
fn non_utf8_text_is_refused_with_its_line() {
    let path = temp_path("binary.map");
    std::fs::write(&path, b"type octile\nheight 1\nwidth 1\nmap\n\xff\n").unwrap();
    let err = read_map(&path).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(err.line(), Some(5));
    assert!(err.to_string().contains("UTF-8"), "{err}");
}

#[test]
fn bad_headers() {
    let (line, msg) = map_error("type octile\nheight 3\nwidth 4\n");
    assert!(msg.contains("missing the 'map' line"), "{msg}");
    assert_eq!(line, 3);
    let (line, msg) = map_error("type octile\nheight three\nwidth 4\nmap\n....\n");
    assert_eq!(line, 2);
    assert!(
        msg.contains("height 'three' is not a whole number"),
        "{msg}"
    );
    let (line, msg) = map_error("type octile\nheight 1\nwidth -4\nmap\n....\n");
    assert_eq!(line, 3);
    assert!(msg.contains("width '-4'"), "{msg}");
    let (_, msg) = map_error("type octile\nwidth 4\nmap\n....\n");
    assert!(msg.contains("no 'height' line"), "{msg}");
    let (_, msg) = map_error("type octile\nheight 1\nmap\n....\n");
    assert!(msg.contains("no 'width' line"), "{msg}");
    let (_, msg) = map_error("height 1\nwidth 4\nmap\n....\n");
    assert!(msg.contains("no 'type' line"), "{msg}");
    let (line, msg) = map_error("type octile\nheight 1\ndepth 4\nmap\n....\n");
    assert_eq!(line, 3);
    assert!(msg.contains("unexpected header line 'depth 4'"), "{msg}");
    let (line, msg) = map_error("");
    assert_eq!(line, 1);
    assert!(msg.contains("'map'"), "{msg}");
}

#[test]
fn absurd_sizes_are_refused_before_allocating() {
    let (line, msg) = map_error("type octile\nheight 1000000000\nwidth 1000000000\nmap\n");
    assert_eq!(line, 4);
    assert!(msg.contains("refused"), "{msg}");
    // A refused size is told apart from malformed text.
    let err = parse_map("type octile\nheight 1000000000\nwidth 9\nmap\n", "big.map").unwrap_err();
    assert!(
        matches!(err, MovingAiError::InvalidSize { line: 4, .. }),
        "{err:?}"
    );
    let (_, msg) = map_error("type octile\nheight 0\nwidth 4\nmap\n");
    assert!(msg.contains("refused"), "{msg}");
}

#[test]
fn bad_rows() {
    let (line, msg) = map_error("type octile\nheight 2\nwidth 4\nmap\n....\n...\n");
    assert_eq!(line, 6);
    assert!(
        msg.contains("map row 2 has 3 characters, expected 4"),
        "{msg}"
    );
    let (line, msg) = map_error("type octile\nheight 2\nwidth 4\nmap\n.....\n....\n");
    assert_eq!(line, 5);
    assert!(msg.contains("more than 4"), "{msg}");
    let (line, msg) = map_error("type octile\nheight 1\nwidth 4\nmap\n..x.\n");
    assert_eq!(line, 5);
    assert!(
        msg.contains("unknown map character 'x' in column 3"),
        "{msg}"
    );
    let (line, msg) = map_error("type octile\nheight 3\nwidth 2\nmap\n..\n..\n");
    assert_eq!(line, 7);
    assert!(msg.contains("has 2 rows, the header says 3"), "{msg}");
    let (line, msg) = map_error("type octile\nheight 1\nwidth 2\nmap\n..\n..\n");
    assert_eq!(line, 6);
    assert!(msg.contains("more than 1 map rows"), "{msg}");
    // Trailing blank lines are fine.
    assert!(parse_map("type octile\nheight 1\nwidth 2\nmap\n..\n\n\n", "ok.map").is_ok());
}

#[test]
fn scenarios_of_both_versions_and_line_endings() {
    let v1 = "version 1\n\
              0\tmaps/a.map\t4\t3\t0\t0\t3\t2\t4.24264069\n\
              1\tmaps/a.map\t4\t3\t3\t0\t0\t0\t3\n";
    let v10 = "version 1.0\r\n\
               0 a.map 4 3 0 0 3 2 4.24\r\n\
               \r\n";
    let a = parse_scenario(v1, "a.map.scen").unwrap();
    assert_eq!(a.version, "1");
    assert_eq!(a.rows.len(), 2);
    let row = &a.rows[0];
    assert_eq!(
        (row.bucket, row.map_name.as_str(), row.width, row.height),
        (0, "maps/a.map", 4, 3)
    );
    assert_eq!((row.start, row.goal), (Cell::new(0, 0), Cell::new(3, 2)));
    assert!((row.optimal_length - 4.24264069).abs() < 1e-12);
    let b = parse_scenario(v10, "b.map.scen").unwrap();
    assert_eq!(b.version, "1.0");
    assert_eq!(b.rows.len(), 1);
    assert_eq!(b.rows[0].optimal_length, 4.24);
    assert_eq!(
        default_map_path("data/maps/a.map.scen"),
        Some("data/maps/a.map".into())
    );
    assert_eq!(default_map_path("a.map"), None);
}

#[test]
fn bad_scenarios() {
    let (line, msg) = scen_error("");
    assert_eq!(line, 1);
    assert!(msg.contains("no 'version' line"), "{msg}");
    let (line, msg) = scen_error("0\ta.map\t4\t3\t0\t0\t3\t2\t4.2\n");
    assert_eq!(line, 1);
    assert!(msg.contains("missing the 'version' line"), "{msg}");
    let (_, msg) = scen_error("version 2\n");
    assert!(msg.contains("unsupported scenario version '2'"), "{msg}");
    let (line, msg) = scen_error("version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\n");
    assert_eq!(line, 2);
    assert!(msg.contains("expected 9 fields, found 8"), "{msg}");
    let (line, msg) = scen_error("version 1\n\n0\ta.map\t4\t3\tx\t0\t3\t2\t4.2\n");
    assert_eq!(line, 3);
    assert!(msg.contains("start x 'x' is not a whole number"), "{msg}");
    let (_, msg) = scen_error("version 1\n0\ta.map\t4\t3\t0\t-1\t3\t2\t4.2\n");
    assert!(msg.contains("start y '-1'"), "{msg}");
    let (_, msg) = scen_error("version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\tNaN\n");
    assert!(msg.contains("optimal length 'NaN'"), "{msg}");
    let (_, msg) = scen_error("version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\t-4\n");
    assert!(msg.contains("optimal length '-4'"), "{msg}");
    let (_, msg) = scen_error("version 1.0\n0 a.map four 3 0 0 3 2 4.2\n");
    assert!(msg.contains("width 'four'"), "{msg}");
}

#[test]
fn ascii_maps() {
    let map = GridMap::from_ascii("\n  ..@\n  .T.\n").unwrap();
    assert_eq!((map.width(), map.height()), (3, 2));
    assert!(GridMap::from_ascii("").is_err());
    assert!(GridMap::from_ascii("..\n.").is_err());
    assert!(GridMap::from_ascii("..\n.x").is_err());
}
