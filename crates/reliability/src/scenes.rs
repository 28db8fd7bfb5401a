//! Seeded worlds and queries of every navigator, shared by the concurrency stress tests and
//! the determinism golden file: the same seed gives the same world on every run and platform
//! (`TestRng` is xoshiro256++; worlds are built from its integers and from f32 lattice
//! coordinates, so no float formatting or platform math enters them).

use glam::Vec2;
use nav_agent::{AgentContext, AgentQuery, ObstacleHandle, World};
use nav_geom::{Aabb, Circle};
use nav_grid::{Cell, CompiledRules, GridContext, GridMap, GridQuery, GridRules};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, Obstacle, ObstacleId};
use nav_tangent::{CircleContext, CircleKey, CircleQuery, CircleWorld};
use nav_testkit::TestRng;

use crate::answer;

/// A point on the 1/4 lattice of `[lo, hi]²`.
fn point(rng: &mut TestRng, lo: f32, hi: f32) -> Vec2 {
    let steps = ((hi - lo) * 4.0) as u64;
    Vec2::new(
        lo + rng.below(steps + 1) as f32 / 4.0,
        lo + rng.below(steps + 1) as f32 / 4.0,
    )
}

/// A grid scene: a random map, the Moving AI rules, queries between walkable cells.
#[derive(Clone)]
pub struct GridScene {
    /// The map.
    pub map: GridMap,
    /// The rules.
    pub rules: CompiledRules,
    /// The queries.
    pub queries: Vec<GridQuery>,
}

impl GridScene {
    /// A `side x side` map with 25% blocked cells and `n` queries, from `seed`.
    pub fn new(seed: u64, side: u32, n: usize) -> Self {
        let map = nav_grid::generate::random_fill(side, side, 0.25, seed).expect("a valid size");
        let rng = &mut TestRng::new(seed ^ 0x9e37);
        let mut queries = Vec::new();
        while queries.len() < n {
            let a = Cell::new(rng.below(side as u64) as u32, rng.below(side as u64) as u32);
            let b = Cell::new(rng.below(side as u64) as u32, rng.below(side as u64) as u32);
            queries.push(GridQuery::new(a, b).with_agent_size(1 + (queries.len() % 3 == 2) as u32));
        }
        let rules = GridRules::default().compile().expect("the default rules");
        Self {
            map,
            rules,
            queries,
        }
    }

    /// Edit number `v`: toggles a few cells (never the same pattern twice in a row).
    pub fn edit(map: &mut GridMap, v: usize) {
        let rng = &mut TestRng::new(v as u64);
        for _ in 0..8 {
            let c = Cell::new(
                rng.below(map.width() as u64) as u32,
                rng.below(map.height() as u64) as u32,
            );
            let blocked = map.is_blocked(c).unwrap_or(false);
            map.set_blocked(c, !blocked).expect("a cell on the map");
        }
    }

    /// The fingerprint of query `i` on `map`.
    pub fn answer(&self, ctx: &mut GridContext, map: &GridMap, i: usize) -> u64 {
        answer::grid(
            &ctx.find_path(map, &self.rules, &self.queries[i])
                .expect("a valid query"),
        )
    }
}

/// An agent-world scene: boxes and discs, one dynamic disc that the edits move.
#[derive(Clone)]
pub struct AgentScene {
    /// The world.
    pub world: World,
    /// The moving obstacle.
    pub mover: ObstacleHandle,
    /// The queries.
    pub queries: Vec<AgentQuery>,
}

impl AgentScene {
    /// A 64 x 64 world with `obstacles` obstacles and `n` queries, from `seed`.
    pub fn new(seed: u64, obstacles: usize, n: usize) -> Self {
        let rng = &mut TestRng::new(seed);
        let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::splat(64.0))).expect("valid bounds");
        for i in 0..obstacles {
            let c = point(rng, 4.0, 60.0);
            if i % 2 == 0 {
                world
                    .insert_static(Circle::new(c, 1.0 + rng.below(8) as f32 / 4.0))
                    .expect("a valid disc");
            } else {
                let h = Vec2::new(
                    0.5 + rng.below(8) as f32 / 4.0,
                    0.5 + rng.below(8) as f32 / 4.0,
                );
                world
                    .insert_static(Aabb::new(c - h, c + h))
                    .expect("a valid box");
            }
        }
        let mover = world
            .insert_dynamic(Circle::new(Vec2::splat(32.0), 3.0))
            .expect("a valid disc");
        let queries = (0..n)
            .map(|i| {
                AgentQuery::new(point(rng, 1.0, 63.0), point(rng, 1.0, 63.0))
                    .with_radius([0.0, 0.5, 1.0][i % 3])
                    .with_step(1.0)
            })
            .collect();
        Self {
            world,
            mover,
            queries,
        }
    }

    /// Edit number `v`: moves the dynamic disc.
    pub fn edit(world: &mut World, mover: ObstacleHandle, v: usize) {
        let rng = &mut TestRng::new(v as u64);
        world
            .move_obstacle(
                mover,
                Circle::new(point(rng, 8.0, 56.0), 1.0 + rng.below(12) as f32 / 4.0),
            )
            .expect("the mover exists");
    }

    /// The fingerprint of query `i` on `world`.
    pub fn answer(&self, ctx: &mut AgentContext, world: &World, i: usize) -> u64 {
        answer::points(
            &ctx.find_path(world, &self.queries[i])
                .expect("a valid query"),
        )
    }
}

/// A circle-world scene; the edits move one circle.
#[derive(Clone)]
pub struct CircleScene {
    /// The world.
    pub world: CircleWorld,
    /// Its circles.
    pub keys: Vec<CircleKey>,
    /// The queries.
    pub queries: Vec<CircleQuery>,
}

impl CircleScene {
    /// A 64 x 64 world with `circles` circles and `n` queries, from `seed`.
    pub fn new(seed: u64, circles: usize, n: usize) -> Self {
        let rng = &mut TestRng::new(seed);
        let mut world =
            CircleWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(64.0))).expect("valid bounds");
        let keys = (0..circles)
            .map(|_| {
                world
                    .insert(Circle::new(
                        point(rng, 2.0, 62.0),
                        0.5 + rng.below(12) as f32 / 4.0,
                    ))
                    .expect("a valid circle")
            })
            .collect();
        let queries = (0..n)
            .map(|i| {
                CircleQuery::new(point(rng, 1.0, 63.0), point(rng, 1.0, 63.0))
                    .with_radius([0.0, 0.5, 1.0][i % 3])
            })
            .collect();
        Self {
            world,
            keys,
            queries,
        }
    }

    /// Edit number `v`: moves one circle.
    pub fn edit(world: &mut CircleWorld, keys: &[CircleKey], v: usize) {
        let rng = &mut TestRng::new(v as u64);
        let key = keys[rng.index(keys.len())];
        world
            .set(
                key,
                Circle::new(point(rng, 2.0, 62.0), 0.5 + rng.below(12) as f32 / 4.0),
            )
            .expect("the circle exists");
    }

    /// The fingerprint of query `i` on `world`.
    pub fn answer(&self, ctx: &mut CircleContext, world: &CircleWorld, i: usize) -> u64 {
        answer::pieces(
            &ctx.find_path(world, &self.queries[i])
                .expect("a valid query"),
        )
    }
}

/// A polygon-world scene (boxes, triangles, circles); the edits move one obstacle.
#[derive(Clone)]
pub struct MeshScene {
    /// The world.
    pub world: MeshWorld,
    /// Its obstacles.
    pub ids: Vec<ObstacleId>,
    /// The queries.
    pub queries: Vec<MeshQuery>,
}

fn mesh_obstacle(rng: &mut TestRng) -> Obstacle {
    let c = point(rng, 4.0, 60.0);
    let s = 0.5 + rng.below(12) as f32 / 4.0;
    match rng.below(3) {
        0 => Obstacle::Box(Aabb::new(c - Vec2::splat(s), c + Vec2::splat(s))),
        1 => Obstacle::Circle(Circle::new(c, s)),
        _ => Obstacle::Polygon(vec![
            c + Vec2::new(-s, -s),
            c + Vec2::new(s, -s),
            c + Vec2::new(0.0, s),
        ]),
    }
}

impl MeshScene {
    /// A 64 x 64 world with `obstacles` obstacles and `n` queries, from `seed`.
    pub fn new(seed: u64, obstacles: usize, n: usize) -> Self {
        let rng = &mut TestRng::new(seed);
        let mut world =
            MeshWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(64.0))).expect("valid bounds");
        let ids = (0..obstacles)
            .map(|_| world.insert(mesh_obstacle(rng)).expect("a valid obstacle"))
            .collect();
        let queries = (0..n)
            .map(|i| {
                MeshQuery::new(point(rng, 1.0, 63.0), point(rng, 1.0, 63.0))
                    .with_radius([0.0, 0.5, 1.0][i % 3])
            })
            .collect();
        Self {
            world,
            ids,
            queries,
        }
    }

    /// Edit number `v`: replaces one obstacle.
    pub fn edit(world: &mut MeshWorld, ids: &[ObstacleId], v: usize) {
        let rng = &mut TestRng::new(v as u64);
        let id = ids[rng.index(ids.len())];
        world
            .set(id, mesh_obstacle(rng))
            .expect("the obstacle exists");
    }

    /// The fingerprint of query `i` on `world`.
    pub fn answer(&self, ctx: &mut MeshContext, world: &MeshWorld, i: usize) -> u64 {
        answer::pieces(
            &ctx.find_path(world, &self.queries[i])
                .expect("a valid query"),
        )
    }
}
