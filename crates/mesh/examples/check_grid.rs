//! Debug aid: runs a scenario at a radius and checks every path against the grid directly
//! (sampled clearance from blocked cells and the map's edges).
//!
//! `cargo run --release -p nav-mesh --example check_grid -- MAP.map SCEN RADIUS [ROWS]`
use nav_geom::{PathPiece, Vec2};
use nav_grid::movingai::{read_map, read_scenario};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, PathStatus};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let map = read_map(&args[1]).unwrap();
    let scen = read_scenario(&args[2]).unwrap();
    let r: f32 = args[3].parse().unwrap();
    let limit: usize = args.get(4).map_or(usize::MAX, |s| s.parse().unwrap());
    let world = MeshWorld::from_grid(&map).unwrap();
    let mut ctx = MeshContext::new();
    let (w, h) = (map.width() as i32, map.height() as i32);
    let blocked = |x: i32, y: i32| {
        x < 0
            || y < 0
            || x >= w
            || y >= h
            || !map.is_walkable(nav_grid::Cell::new(x as u32, y as u32))
    };
    let clearance = |q: Vec2| -> f32 {
        let mut best = f32::INFINITY;
        let reach = r.ceil() as i32 + 1;
        let (cx, cy) = (q.x.floor() as i32, q.y.floor() as i32);
        for y in cy - reach..=cy + reach {
            for x in cx - reach..=cx + reach {
                if blocked(x, y) {
                    let dx = (x as f32 - q.x).max(0.0).max(q.x - (x + 1) as f32);
                    let dy = (y as f32 - q.y).max(0.0).max(q.y - (y + 1) as f32);
                    best = best.min((dx * dx + dy * dy).sqrt());
                }
            }
        }
        best
    };
    let (mut bad, mut found, mut not) = (0, 0, 0);
    for (i, row) in scen.rows.iter().enumerate().take(limit) {
        let s = Vec2::new(row.start.x as f32 + 0.5, row.start.y as f32 + 0.5);
        let g = Vec2::new(row.goal.x as f32 + 0.5, row.goal.y as f32 + 0.5);
        let path = ctx
            .find_path(&world, &MeshQuery::new(s, g).with_radius(r))
            .unwrap();
        if path.status() != PathStatus::Found {
            if not < 3 {
                println!("row {i}: {s:?} -> {g:?}: {}", path.status());
            }
            not += 1;
            continue;
        }
        found += 1;
        let cost = path.cost();
        let mut ctx0 = MeshContext::new();
        let base = ctx0
            .find_path(&world, &MeshQuery::new(s, g))
            .unwrap()
            .cost();
        if cost < base - 1e-9 {
            println!("row {i}: radius {r} path {cost} shorter than the point path {base}");
            bad += 1;
        }
        let path = ctx
            .find_path(&world, &MeshQuery::new(s, g).with_radius(r))
            .unwrap();
        let mut worst = f32::INFINITY;
        for p in path.path() {
            for k in 0..=400 {
                let t = k as f32 / 400.0;
                let q = match p {
                    PathPiece::Line(seg) => seg.point_at(t),
                    PathPiece::Arc(a) => a.point_at(t),
                };
                worst = worst.min(clearance(q));
            }
        }
        if worst < r - 1e-3 {
            if bad < 5 {
                println!(
                    "row {i}: {s:?} -> {g:?}: clearance {worst} < {r}; pieces {:?}",
                    path.path()
                );
            }
            bad += 1;
        }
    }
    println!("{found} found, {not} not, {bad} with clearance below the radius");
}
