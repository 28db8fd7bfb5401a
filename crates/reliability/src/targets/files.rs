//! The file readers: Moving AI maps and scenarios, and scene JSON.
//!
//! Any bytes: a reader answers a map or an error naming the place, never a panic. What it
//! accepts must make sense: a parsed map written back and read again is the same map, a
//! scenario's rows have finite non-negative lengths, and a scene's shapes are valid (finite,
//! non-negative radii, ordered boxes) and build the navigators' worlds without a panic.

use nav_grid::movingai::{map_to_string, parse_map, parse_scenario};

/// Moving AI `.map` text.
pub fn movingai_map(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match parse_map(&text, "fuzz.map") {
        Ok(map) => {
            let written = map_to_string(&map);
            let again = parse_map(&written, "again.map")
                .unwrap_or_else(|e| panic!("a written map does not read back: {e}\n{written}"));
            assert_eq!(
                map_to_string(&again),
                written,
                "a map changed on the way back"
            );
            assert_eq!(again.walkable_count(), map.walkable_count());
        }
        Err(e) => {
            let message = e.to_string();
            assert!(
                message.starts_with("fuzz.map"),
                "error without the file name: {message}"
            );
        }
    }
}

/// Moving AI `.map.scen` text.
pub fn movingai_scenario(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match parse_scenario(&text, "fuzz.map.scen") {
        Ok(scenario) => {
            for row in &scenario.rows {
                assert!(
                    row.optimal_length.is_finite() && row.optimal_length >= 0.0,
                    "a row's optimal length is {}",
                    row.optimal_length
                );
            }
        }
        Err(e) => {
            let message = e.to_string();
            assert!(
                message.starts_with("fuzz.map.scen"),
                "error without the file name: {message}"
            );
        }
    }
}

/// Scene JSON (`nav circles` / `nav mesh` scenes).
pub fn scene_json(data: &[u8]) {
    use nav_cli::scene::{Obstacle, parse_scene};
    let text = String::from_utf8_lossy(data);
    let scene = match parse_scene(&text, "fuzz.json") {
        Ok(scene) => scene,
        Err(e) => {
            let message = e.to_string();
            assert!(
                message.starts_with("fuzz.json"),
                "error without the file name: {message}"
            );
            return;
        }
    };
    assert!(
        scene.bounds.is_valid(),
        "invalid bounds accepted: {:?}",
        scene.bounds
    );
    let mut circles = nav_tangent::CircleWorld::new(scene.bounds).ok();
    let mut mesh = nav_mesh::MeshWorld::new(scene.bounds).ok();
    for o in scene.obstacles.iter().take(64) {
        match o {
            Obstacle::Aabb(aabb) => {
                assert!(aabb.is_valid(), "invalid box accepted: {aabb:?}");
                if let Some(mesh) = mesh.as_mut() {
                    let _ = mesh.insert(nav_mesh::Obstacle::Box(*aabb));
                }
            }
            Obstacle::Circle(c) => {
                assert!(c.is_valid(), "invalid circle accepted: {c:?}");
                if let Some(world) = circles.as_mut() {
                    let _ = world.insert(*c);
                }
                if let Some(mesh) = mesh.as_mut() {
                    let _ = mesh.insert(nav_mesh::Obstacle::Circle(*c));
                }
            }
            Obstacle::Polygon(points) => {
                assert!(points.len() >= 3 && points.iter().all(|p| p.is_finite()));
                if let Some(mesh) = mesh.as_mut() {
                    let _ = mesh.insert(nav_mesh::Obstacle::Polygon(points.clone()));
                }
            }
        }
    }
}
