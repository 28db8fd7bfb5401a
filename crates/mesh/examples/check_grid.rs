//! Debug: sample the paths of a scenario and report points strictly inside blocked cells.
use nav_geom::{PathPiece, Vec2};
use nav_grid::movingai::{read_map, read_scenario};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let map = read_map(&args[1]).unwrap();
    let scen = read_scenario(&args[2]).unwrap();
    let limit: usize = args.get(3).map_or(50, |s| s.parse().unwrap());
    let world = MeshWorld::from_grid(&map).unwrap();
    let mut ctx = MeshContext::new();
    let mut bad = 0;
    for (i, row) in scen.rows.iter().enumerate().take(limit) {
        let s = Vec2::new(row.start.x as f32 + 0.5, row.start.y as f32 + 0.5);
        let g = Vec2::new(row.goal.x as f32 + 0.5, row.goal.y as f32 + 0.5);
        let path = ctx.find_path(&world, &MeshQuery::new(s, g)).unwrap();
        let ratio = path.cost() / row.optimal_length;
        if ratio < 0.9 && bad < 5 {
            println!(
                "row {i}: {s:?} -> {g:?} cost {} octile {} pieces {:?}",
                path.cost(),
                row.optimal_length,
                path.path()
            );
            bad += 1;
        }
        for p in path.path() {
            if let PathPiece::Line(seg) = p {
                for k in 1..1000 {
                    let q = seg.point_at(k as f32 / 1000.0);
                    let (x, y) = (q.x.floor(), q.y.floor());
                    let inside = q.x - x > 1e-3
                        && x + 1.0 - q.x > 1e-3
                        && q.y - y > 1e-3
                        && y + 1.0 - q.y > 1e-3;
                    if inside && !map.is_walkable(nav_grid::Cell::new(x as u32, y as u32)) {
                        if bad < 5 {
                            println!(
                                "row {i}: segment {:?} -> {:?} crosses blocked cell ({x}, {y}) at {q:?}; cost {} octile {}",
                                seg.a,
                                seg.b,
                                path.cost(),
                                row.optimal_length
                            );
                        }
                        bad += 1;
                        break;
                    }
                }
            }
        }
    }
    println!("{bad} bad segments");
}
