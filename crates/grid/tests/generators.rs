//! Map generators: deterministic, within their parameters, connected where they promise it,
//! and refusing bad parameters.

use nav_grid::generate::{MapGenerator, MapKind, caves, maze, random_fill, rooms};
use nav_grid::movingai::{map_to_string, parse_map};
use nav_grid::{Cell, GridError, GridMap};

fn open_cells(map: &GridMap) -> Vec<Cell> {
    (0..map.height())
        .flat_map(|y| (0..map.width()).map(move |x| Cell::new(x, y)))
        .filter(|&c| map.is_walkable(c))
        .collect()
}

/// Number of open cells reachable from `from` by 4-moves (an independent flood fill).
fn reachable_count(map: &GridMap, from: Cell) -> usize {
    let (w, h) = (map.width() as i64, map.height() as i64);
    let mut seen = vec![false; (w * h) as usize];
    let mut stack = vec![from];
    seen[(from.y as i64 * w + from.x as i64) as usize] = true;
    let mut count = 0;
    while let Some(c) = stack.pop() {
        count += 1;
        for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
            let (x, y) = (c.x as i64 + dx, c.y as i64 + dy);
            if x >= 0 && y >= 0 && x < w && y < h {
                let next = Cell::new(x as u32, y as u32);
                if map.is_walkable(next) && !seen[(y * w + x) as usize] {
                    seen[(y * w + x) as usize] = true;
                    stack.push(next);
                }
            }
        }
    }
    count
}

fn assert_connected(map: &GridMap, what: &str) {
    let open = open_cells(map);
    assert!(!open.is_empty(), "{what}: no open cell");
    assert_eq!(
        reachable_count(map, open[0]),
        open.len(),
        "{what}: not connected"
    );
}

#[test]
fn same_seed_same_map_other_seed_other_map() {
    for kind in [
        MapKind::Random,
        MapKind::Caves,
        MapKind::Rooms,
        MapKind::Maze,
    ] {
        let a = MapGenerator::new(kind, 61, 40)
            .with_seed(5)
            .generate()
            .unwrap();
        let b = MapGenerator::new(kind, 61, 40)
            .with_seed(5)
            .generate()
            .unwrap();
        let c = MapGenerator::new(kind, 61, 40)
            .with_seed(6)
            .generate()
            .unwrap();
        assert_eq!(a, b, "{kind}");
        assert_ne!(map_to_string(&a), map_to_string(&c), "{kind}");
        assert_eq!((a.width(), a.height()), (61, 40));
        // Generated maps are valid Moving AI maps.
        assert_eq!(parse_map(&map_to_string(&a), "gen.map").unwrap(), a);
    }
}

#[test]
fn random_fill_follows_the_density() {
    for fill in [0.0, 0.1, 0.5, 0.9, 1.0] {
        let map = random_fill(200, 100, fill, 11).unwrap();
        let blocked = (map.cell_count() - map.walkable_count()) as f64 / map.cell_count() as f64;
        assert!((blocked - fill).abs() < 0.02, "fill {fill}: {blocked}");
    }
}

#[test]
fn caves_mazes_and_rooms_are_connected() {
    for seed in 0..5 {
        for (w, h) in [(3, 3), (10, 7), (64, 48), (101, 33)] {
            let cave = caves(w, h, 0.45, seed).unwrap();
            // A tiny cave may fill in completely; a real one keeps its largest region.
            if cave.walkable_count() > 0 {
                assert_connected(&cave, "caves");
            }
            assert_connected(&maze(w, h, seed).unwrap(), "maze");
            assert_connected(&rooms(w, h, seed).unwrap(), "rooms");
        }
    }
    // A big cave is mostly open.
    let cave = caves(128, 128, 0.45, 1).unwrap();
    assert!(cave.walkable_count() > 128 * 128 / 3);
}

#[test]
fn mazes_are_perfect() {
    // A perfect maze is a tree: open cells minus 4-adjacent open pairs is exactly 1.
    let map = maze(41, 31, 9).unwrap();
    let open = open_cells(&map);
    let edges: usize = open
        .iter()
        .map(|c| {
            [Cell::new(c.x + 1, c.y), Cell::new(c.x, c.y + 1)]
                .iter()
                .filter(|&&n| map.is_walkable(n))
                .count()
        })
        .sum();
    assert_eq!(open.len() - edges, 1);
}

#[test]
fn bad_parameters_are_refused() {
    assert!(matches!(
        random_fill(10, 10, 1.5, 0),
        Err(GridError::InvalidGeneratorParameter { name: "fill", .. })
    ));
    assert!(random_fill(10, 10, f64::NAN, 0).is_err());
    assert!(caves(10, 10, -0.1, 0).is_err());
    assert!(maze(2, 10, 0).is_err());
    assert!(rooms(10, 1, 0).is_err());
    assert!(matches!(
        MapGenerator::new(MapKind::Caves, 1_000_000, 1_000_000).generate(),
        Err(GridError::InvalidSize { .. })
    ));
    assert!(MapGenerator::new(MapKind::Maze, 0, 5).generate().is_err());
    assert_eq!("maze".parse::<MapKind>(), Ok(MapKind::Maze));
    assert!("dungeon".parse::<MapKind>().is_err());
}
