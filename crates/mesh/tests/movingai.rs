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

/// `connected` on den520d's first 400 rows at r = 0.5 agrees with the path search, the roadmap
/// certifies all but one of the "connected" rows (its ends try three rings of nodes round their
/// triangles; one ring left 8 rows to the search), and the widths prove every "not connected"
/// row (5 were left to the search while gaps of exactly 2r between a vertex and a wall stayed
/// open).
#[test]
fn den520d_connected_agrees_and_rarely_searches() {
    let Some(dir) = nav_testkit::movingai_dir() else {
        return;
    };
    let map = read_map(dir.join("dao/den520d.map")).unwrap();
    let scen = read_scenario(dir.join("dao/den520d.map.scen")).unwrap();
    let world = MeshWorld::from_grid(&map).unwrap();
    let plain = MeshWorld::from_grid(&map).unwrap();
    let (mut ctx, mut search) = (MeshContext::new(), MeshContext::new());
    let (mut yes, mut searched, mut no, mut no_searched) = (0, 0, 0, 0);
    for row in scen.rows.iter().take(400) {
        let s = Vec2::new(row.start.x as f32 + 0.5, row.start.y as f32 + 0.5);
        let g = Vec2::new(row.goal.x as f32 + 0.5, row.goal.y as f32 + 0.5);
        let (c, how) = ctx.connected_how(&world, s, g, 0.5).unwrap();
        let q = MeshQuery::new(s, g).with_radius(0.5);
        let found = search.find_path(&plain, &q).unwrap().is_found();
        assert_eq!(c, found, "{row:?}: connected {c} ({})", how.as_str());
        let search = (how == nav_mesh::Decided::Search) as u32;
        if c {
            yes += 1;
            searched += search;
        } else {
            no += 1;
            no_searched += search;
        }
    }
    assert!(yes > 300, "{yes} connected rows");
    assert!(
        searched <= 2,
        "{searched} of {yes} connected rows needed a search"
    );
    assert!(no >= 10, "{no} rows not connected");
    assert_eq!(
        no_searched, 0,
        "rows not connected that needed a search (of {no})"
    );
}
