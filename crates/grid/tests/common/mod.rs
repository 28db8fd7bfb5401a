//! Helpers shared by the integration tests: the Moving AI scenario files, the move sets the
//! property tests try, and an independent move checker.
#![allow(dead_code)]

use std::path::PathBuf;

use nav_grid::{Cell, CustomMoves, GridMap, Moves};

/// Every `*.map.scen` file under `dir` (one level of family folders), sorted.
pub fn scenario_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for family in std::fs::read_dir(dir).expect("readable data dir") {
        let family = family.expect("dir entry").path();
        if !family.is_dir() {
            continue;
        }
        for entry in std::fs::read_dir(&family).expect("readable family dir") {
            let path = entry.expect("dir entry").path();
            if path.to_string_lossy().ends_with(".map.scen") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The move sets the property tests try (single cells and larger agents): offsets and
/// optional explicit costs.
pub fn move_sets() -> Vec<Moves> {
    vec![
        Moves::Four,
        Moves::Eight,
        // Knight jumps on top of the four neighbours.
        Moves::custom(&[
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, -1),
        ])
        .unwrap(),
        // Eight neighbours plus straight and diagonal leaps of two.
        Moves::custom(&[
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (-1, 1),
            (1, -1),
            (-1, -1),
            (2, 0),
            (0, -2),
            (2, 2),
            (-2, 1),
        ])
        .unwrap(),
        // Euclidean costs given explicitly, with a one-way set.
        Moves::Custom(
            CustomMoves::with_costs(&[
                (1, 0, 1.0),
                (0, 1, 1.0),
                (-1, 0, 1.0),
                (0, -1, 1.0),
                (3, 1, 10f64.sqrt()),
                (-1, -1, 2f64.sqrt()),
            ])
            .unwrap(),
        ),
    ]
}

/// Rule names for the independent checker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Diagonal {
    Never,
    NoCornerCutting,
    Free,
}

/// Whether stepping from `a` to `b` is legal under the usual 4/8-neighbour rules, decided
/// from scratch (no call into the crate's move logic): the cells differ by at most one in
/// each coordinate, the target is walkable, and a diagonal step is allowed by `rule`.
pub fn legal_unit_step(map: &GridMap, a: Cell, b: Cell, eight: bool, rule: Diagonal) -> bool {
    let dx = b.x as i64 - a.x as i64;
    let dy = b.y as i64 - a.y as i64;
    if dx.abs() > 1 || dy.abs() > 1 || (dx == 0 && dy == 0) || !map.is_walkable(b) {
        return false;
    }
    if dx == 0 || dy == 0 {
        return true;
    }
    if !eight {
        return false;
    }
    match rule {
        Diagonal::Never => false,
        Diagonal::Free => true,
        Diagonal::NoCornerCutting => {
            map.is_walkable(Cell::new(b.x, a.y)) && map.is_walkable(Cell::new(a.x, b.y))
        }
    }
}

/// The Moving AI cost of a unit step: 1 straight, √2 diagonal.
pub fn unit_step_cost(a: Cell, b: Cell) -> f64 {
    if a.x != b.x && a.y != b.y {
        std::f64::consts::SQRT_2
    } else {
        1.0
    }
}
