//! Moving AI maps as polygon worlds: every scenario row at r = 0.

use nav_geom::Vec2;
use nav_grid::movingai::{read_map, read_scenario};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, PathStatus};

#[test]
fn arena_every_row_at_radius_0() {
    let Some(dir) = nav_testkit::movingai_dir() else {
        return;
    };
    let map = read_map(dir.join("dao/arena.map")).unwrap();
    let scen = read_scenario(dir.join("dao/arena.map.scen")).unwrap();
    let world = MeshWorld::from_grid(&map).unwrap();
    let mut ctx = MeshContext::new();
    for row in &scen.rows {
        let s = Vec2::new(row.start.x as f32 + 0.5, row.start.y as f32 + 0.5);
        let g = Vec2::new(row.goal.x as f32 + 0.5, row.goal.y as f32 + 0.5);
        let path = ctx.find_path(&world, &MeshQuery::new(s, g)).unwrap();
        assert_eq!(path.status(), PathStatus::Found, "{row:?}");
        let euclid = s.as_dvec2().distance(g.as_dvec2());
        assert!(
            path.cost() >= euclid - 1e-9,
            "{row:?}: {} < {euclid}",
            path.cost()
        );
        assert!(
            path.cost() <= row.optimal_length + 1e-6 + 1e-5 * row.optimal_length,
            "{row:?}: {} > octile {}",
            path.cost(),
            row.optimal_length
        );
    }
}
