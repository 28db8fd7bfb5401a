//! Shared by the proof tests: converting the oracle's worlds to mesh worlds, a seeded point
//! generator.
#![allow(dead_code)]

use glam::DVec2;
use nav_geom::{Aabb, Circle, Vec2};
use nav_mesh::{MeshWorld, Obstacle};
use nav_testkit::TestRng;
use nav_testkit::polygon_oracle::{OracleObstacle, OracleWorld};

pub mod brute;
pub mod limits;
pub mod polyanya_mesh;
pub mod sweep;

/// The points of the queries: seeded draws from the one test generator.
pub struct Rng(TestRng);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(TestRng::new(seed))
    }

    pub fn unit(&mut self) -> f64 {
        self.0.unit()
    }

    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        self.0.range(lo, hi)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0.index(n)
    }

    /// A point in `[min, max]`, rounded to f32 (as the mesh sees it).
    pub fn point(&mut self, min: DVec2, max: DVec2) -> DVec2 {
        f32_point(DVec2::new(
            self.range(min.x, max.x),
            self.range(min.y, max.y),
        ))
    }
}

pub fn f32_point(p: DVec2) -> DVec2 {
    p.as_vec2().as_dvec2()
}

/// The same world with every coordinate rounded to f32, so that the oracle and the mesh see
/// the same shapes.
pub fn rounded(world: &OracleWorld) -> OracleWorld {
    let r = |v: f64| v as f32 as f64;
    let obstacles = world
        .obstacles
        .iter()
        .map(|o| match o {
            OracleObstacle::Polygon(pts) => {
                OracleObstacle::Polygon(pts.iter().map(|&p| f32_point(p)).collect())
            }
            OracleObstacle::Box { min, max } => OracleObstacle::Box {
                min: f32_point(*min),
                max: f32_point(*max),
            },
            OracleObstacle::Circle { center, radius } => OracleObstacle::Circle {
                center: f32_point(*center),
                radius: r(*radius),
            },
        })
        .collect();
    OracleWorld::new(f32_point(world.min), f32_point(world.max), obstacles)
}

/// The mesh obstacle of an oracle obstacle.
pub fn mesh_obstacle(o: &OracleObstacle) -> Obstacle {
    match o {
        OracleObstacle::Polygon(pts) => {
            Obstacle::Polygon(pts.iter().map(|p| p.as_vec2()).collect())
        }
        OracleObstacle::Box { min, max } => Obstacle::Box(Aabb::new(min.as_vec2(), max.as_vec2())),
        OracleObstacle::Circle { center, radius } => {
            Obstacle::Circle(Circle::new(center.as_vec2(), *radius as f32))
        }
    }
}

/// The mesh world of an oracle world (which should be [`rounded`] first).
pub fn mesh_world(world: &OracleWorld) -> MeshWorld {
    let mut mesh = MeshWorld::new(Aabb::new(world.min.as_vec2(), world.max.as_vec2())).unwrap();
    for (i, o) in world.obstacles.iter().enumerate() {
        mesh.insert(mesh_obstacle(o))
            .unwrap_or_else(|e| panic!("obstacle {i} refused: {e}\n{o:?}"));
    }
    mesh
}

pub fn v(p: DVec2) -> Vec2 {
    p.as_vec2()
}

/// The blocked cells of a grid as oracle boxes (one per horizontal run of blocked cells).
pub fn grid_oracle_world(map: &nav_grid::GridMap) -> OracleWorld {
    let mut obstacles = Vec::new();
    for y in 0..map.height() {
        let mut x = 0;
        while x < map.width() {
            if map.is_walkable(nav_grid::Cell::new(x, y)) {
                x += 1;
                continue;
            }
            let start = x;
            while x < map.width() && !map.is_walkable(nav_grid::Cell::new(x, y)) {
                x += 1;
            }
            obstacles.push(OracleObstacle::Box {
                min: DVec2::new(start as f64, y as f64),
                max: DVec2::new(x as f64, y as f64 + 1.0),
            });
        }
    }
    OracleWorld::new(
        DVec2::ZERO,
        DVec2::new(map.width() as f64, map.height() as f64),
        obstacles,
    )
}

/// The corners of a path of pieces at r = 0 (arcs of radius 0 are points).
pub fn corners(start: DVec2, pieces: &[nav_geom::PathPiece]) -> Vec<DVec2> {
    let mut out = vec![start];
    for p in pieces {
        out.push(p.end_point().as_dvec2());
    }
    out
}
