//! A goal in a small pocket cut off from a large start region: the search must answer
//! `NoPath` without expanding the whole start region (each first expansion of a corner builds
//! its successor list, a scan of every corner of the world).

use std::time::{Duration, Instant};

use nav_geom::Vec2;
use nav_grid::movingai::read_map;
use nav_grid::{Cell, GridMap};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, PathStatus};

/// Row 20 of random512-10-0.map.scen, start (235, 299) and goal (241, 296), on a `size` x
/// `size` crop of the map around them; at r = 0.5 the goal's cell is in a pocket.
fn cropped_query(size: u32) -> Option<(MeshWorld, Vec2, Vec2)> {
    let dir = nav_testkit::movingai_dir()?;
    let map = read_map(dir.join("random/random512-10-0.map")).unwrap();
    let (x0, y0) = (238 - size / 2, 298 - size / 2);
    let mut walkable = Vec::new();
    for y in 0..size {
        for x in 0..size {
            walkable.push(map.is_walkable(Cell {
                x: x0 + x,
                y: y0 + y,
            }));
        }
    }
    let crop = GridMap::from_walkable(size, size, &walkable).unwrap();
    let world = MeshWorld::from_grid(&crop).unwrap();
    let off = Vec2::new(x0 as f32, y0 as f32);
    let start = Vec2::new(235.5, 299.5) - off;
    let goal = Vec2::new(241.5, 296.5) - off;
    Some((world, start, goal))
}

#[test]
fn pocketed_goal_answers_no_path_quickly() {
    let Some((world, start, goal)) = cropped_query(CROP) else {
        return;
    };
    let mut ctx = MeshContext::new();
    let t = Instant::now();
    let q = MeshQuery::new(start, goal).with_radius(0.5);
    assert_eq!(
        ctx.find_path(&world, &q).unwrap().status(),
        PathStatus::NoPath
    );
    let cold = t.elapsed();
    // The other way round (the start in the pocket) was always quick; same answer.
    let back = MeshQuery::new(goal, start).with_radius(0.5);
    assert_eq!(
        ctx.find_path(&world, &back).unwrap().status(),
        PathStatus::NoPath
    );
    // A point agent gets through.
    let point = MeshQuery::new(start, goal);
    assert_eq!(
        ctx.find_path(&world, &point).unwrap().status(),
        PathStatus::Found
    );
    assert!(
        cold < Duration::from_secs(LIMIT_SECS),
        "NoPath took {cold:?} (the whole start region expanded?)"
    );
}

const CROP: u32 = 160;
const LIMIT_SECS: u64 = 2;
