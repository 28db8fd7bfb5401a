//! Polyanya meshes of the same free space: from a tile grid (one square polygon per free cell)
//! and from a polygon world (polyanya's own constrained Delaunay triangulation).

use std::collections::VecDeque;

use nav_grid::{Cell, GridMap};
use nav_testkit::polygon_oracle::OracleWorld;

/// The free cells of `map` as a polyanya mesh: cell `(x, y)` is the square
/// `[x, x+1] x [y, y+1]`, each free cell one polygon, every vertex listing its (up to four)
/// cells counter-clockwise with `u32::MAX` for blocked or outside ones. Diagonally touching
/// blocked cells leave a vertex with two non-adjacent free cells, which polyanya never
/// crosses (a closed gap, as the mesh world's rule).
pub fn grid_mesh(map: &GridMap) -> polyanya::Mesh {
    let (w, h) = (map.width() as i64, map.height() as i64);
    let free = |x: i64, y: i64| {
        x >= 0 && y >= 0 && x < w && y < h && map.is_walkable(Cell::new(x as u32, y as u32))
    };
    let mut poly_of = vec![u32::MAX; (w * h) as usize];
    let mut count = 0u32;
    for y in 0..h {
        for x in 0..w {
            if free(x, y) {
                poly_of[(y * w + x) as usize] = count;
                count += 1;
            }
        }
    }
    let cell_poly = |x: i64, y: i64| {
        if free(x, y) {
            poly_of[(y * w + x) as usize]
        } else {
            u32::MAX
        }
    };
    let mut vertex_of = vec![u32::MAX; ((w + 1) * (h + 1)) as usize];
    let mut vertices = Vec::new();
    for y in 0..=h {
        for x in 0..=w {
            // Counter-clockwise around (x, y): the cells at angles 45°, 135°, 225°, 315°.
            let around = [
                cell_poly(x, y),
                cell_poly(x - 1, y),
                cell_poly(x - 1, y - 1),
                cell_poly(x, y - 1),
            ];
            if around.iter().all(|&p| p == u32::MAX) {
                continue;
            }
            let mut list: VecDeque<u32> = around.into_iter().collect();
            while list[0] == u32::MAX {
                list.rotate_left(1);
            }
            let mut list: Vec<u32> = list.into();
            list.dedup();
            vertex_of[(y * (w + 1) + x) as usize] = vertices.len() as u32;
            vertices.push(polyanya::Vertex::new([x as f32, y as f32].into(), list));
        }
    }
    let vid = |x: i64, y: i64| vertex_of[(y * (w + 1) + x) as usize];
    let mut polygons = Vec::with_capacity(count as usize);
    for y in 0..h {
        for x in 0..w {
            if free(x, y) {
                polygons.push(polyanya::Polygon::new(
                    vec![vid(x, y), vid(x + 1, y), vid(x + 1, y + 1), vid(x, y + 1)],
                    false,
                ));
            }
        }
    }
    let mut mesh = polyanya::Mesh::new(vertices, polygons).expect("a valid polyanya mesh");
    // Not `merge_polygons`: on these meshes polyanya 0.16's merge loses connections (paths
    // found before merging are not found after).
    mesh.bake();
    mesh
}

/// A polygon world (no circles) triangulated by polyanya: the bounds as the outer edge, every
/// obstacle outline as a hole.
pub fn world_mesh(world: &OracleWorld) -> polyanya::Mesh {
    let (lo, hi) = (world.min.as_vec2(), world.max.as_vec2());
    let mut tri = polyanya::Triangulation::from_outer_edges(&[
        [lo.x, lo.y].into(),
        [hi.x, lo.y].into(),
        [hi.x, hi.y].into(),
        [lo.x, hi.y].into(),
    ]);
    for o in &world.obstacles {
        let outline = o
            .outline()
            .expect("polyanya meshes are built without circles");
        tri.add_obstacle(outline.iter().map(|p| [p.x as f32, p.y as f32].into()));
    }
    let mut mesh = tri.as_navmesh();
    mesh.bake();
    mesh
}

/// Polyanya's path from `from` to `to` as corners, `from` included (`None`: no path).
pub fn path_corners(
    mesh: &polyanya::Mesh,
    from: glam::Vec2,
    to: glam::Vec2,
) -> Option<Vec<glam::DVec2>> {
    let path = mesh.path(
        polyanya::Coords::on_mesh([from.x, from.y].into()),
        polyanya::Coords::on_mesh([to.x, to.y].into()),
    )?;
    let mut corners = vec![from.as_dvec2()];
    corners.extend(
        path.path
            .iter()
            .map(|q| glam::DVec2::new(q.x as f64, q.y as f64)),
    );
    Some(corners)
}

/// Polyanya's path length, summed in f64 over its f32 corners (`None`: no path).
pub fn path_length(mesh: &polyanya::Mesh, from: glam::Vec2, to: glam::Vec2) -> Option<f64> {
    let corners = path_corners(mesh, from, to)?;
    Some(corners.windows(2).map(|w| w[0].distance(w[1])).sum())
}
