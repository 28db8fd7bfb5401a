//! Shared helpers of the benchmarks in `benches/benches/` (their random data comes from
//! `nav_testkit::TestRng`): criterion's medians read back after a run, the number formats
//! of the summary tables, the Moving AI successors a `pathfinding` user writes, and
//! nav-agent's benchmark world as every kind of world.
#![warn(missing_docs)]

use std::path::PathBuf;

use nav::geom::{Aabb, Circle, Vec2};
use nav::grid::movingai::{Scenario, ScenarioRow};
use nav::mesh::{MeshContext, MeshQuery, MeshWorld, Obstacle};
use nav_testkit::TestRng;

/// Criterion's output directory, as `criterion::Criterion::default` picks it: `CRITERION_HOME`,
/// else `$CARGO_TARGET_DIR/criterion`, else the workspace's `target/criterion`.
pub fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"));
    target.join("criterion")
}

/// The median (ns per iteration) of a finished benchmark `group/function`, read from
/// criterion's estimates file; `None` when it did not run (filtered out, say).
pub fn median_ns(group: &str, function: &str) -> Option<f64> {
    let path = criterion_dir()
        .join(directory_name(group))
        .join(directory_name(function))
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let median = &text[text.find("\"median\"")?..];
    let value = &median[median.find("\"point_estimate\":")? + "\"point_estimate\":".len()..];
    let end = value.find([',', '}'])?;
    value[..end].trim().parse().ok()
}

/// The directory criterion stores an id under: the characters that are not safe in a file
/// name (`/` among them) become `_`.
fn directory_name(id: &str) -> String {
    id.replace(['?', '"', '/', '\\', '*', '<', '>', ':', '|', '^'], "_")
}

/// `value` with `decimals` decimals, or `-` when it is missing.
pub fn fixed(value: Option<f64>, decimals: usize) -> String {
    value.map_or("-".to_string(), |v| format!("{v:.decimals$}"))
}

/// `a / b` as `2.50x` (with `decimals` decimals), or `-` when either is missing.
pub fn ratio(a: Option<f64>, b: Option<f64>, decimals: usize) -> String {
    match (a, b) {
        (Some(a), Some(b)) => format!("{:.decimals$}x", a / b),
        _ => "-".to_string(),
    }
}

/// Successors under the Moving AI rules on a plain walkability array, written the way a
/// `pathfinding` user would (node = cell index, no allocation: a fixed array of options).
pub fn moving_ai_successors<C: Copy>(
    open: &[bool],
    w: u32,
    h: u32,
    node: u32,
    straight: C,
    diagonal: C,
) -> impl Iterator<Item = (u32, C)> + use<C> {
    let (x, y) = ((node % w) as i64, (node / w) as i64);
    let is_open = |dx: i64, dy: i64| {
        let (nx, ny) = (x + dx, y + dy);
        nx >= 0 && ny >= 0 && nx < w as i64 && ny < h as i64 && open[(ny * w as i64 + nx) as usize]
    };
    let id = |dx: i64, dy: i64| ((y + dy) * w as i64 + x + dx) as u32;
    let (n, s, e, wst) = (is_open(0, -1), is_open(0, 1), is_open(1, 0), is_open(-1, 0));
    [
        n.then(|| (id(0, -1), straight)),
        s.then(|| (id(0, 1), straight)),
        e.then(|| (id(1, 0), straight)),
        wst.then(|| (id(-1, 0), straight)),
        (n && e && is_open(1, -1)).then(|| (id(1, -1), diagonal)),
        (n && wst && is_open(-1, -1)).then(|| (id(-1, -1), diagonal)),
        (s && e && is_open(1, 1)).then(|| (id(1, 1), diagonal)),
        (s && wst && is_open(-1, 1)).then(|| (id(-1, 1), diagonal)),
    ]
    .into_iter()
    .flatten()
}

/// Nanoseconds this thread has spent on a CPU (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)` on
/// Unix, to the nanosecond; `None` elsewhere), which the other work of a shared machine does not
/// inflate the way it inflates wall time.
pub fn thread_cpu_ns() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid, writable timespec for the duration of the call.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        ok.then(|| t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// `per` rows spread over scenario `scen` (the middle row of each of `per` equal slices, fewer
/// when it has fewer rows), start and goal at their cells' centres: the rows the mesh bench
/// (`benches/mesh.rs`) and its profiling examples time.
pub fn spread_rows(scen: &Scenario, per: usize) -> Vec<(Vec2, Vec2)> {
    let n = scen.rows.len();
    (0..per.min(n))
        .map(|k| centres(&scen.rows[(k * n / per.min(n) + n / per / 2).min(n - 1)]))
        .collect()
}

/// A scenario row's start and goal at their cells' centres.
fn centres(row: &ScenarioRow) -> (Vec2, Vec2) {
    let centre = |c: nav::grid::Cell| Vec2::new(c.x as f32 + 0.5, c.y as f32 + 0.5);
    (centre(row.start), centre(row.goal))
}

/// Up to `per` scenario rows (cell centres) that nav-mesh finds a path for at radius `r`: from
/// each of `per` evenly spaced positions, the first such row before the next position (the
/// mesh bench's rows at r, and `mesh_count`'s with `NAV_COUNT_FOUND`).
pub fn rows_found(world: &MeshWorld, scen: &Scenario, per: usize, r: f32) -> Vec<(Vec2, Vec2)> {
    let mut ctx = MeshContext::new();
    let n = scen.rows.len();
    let per = per.min(n);
    let mut rows = Vec::new();
    for k in 0..per {
        let (from, to) = (k * n / per, ((k + 1) * n / per).min(n));
        for row in &scen.rows[from..to] {
            let (s, g) = centres(row);
            let q = MeshQuery::new(s, g).with_radius(r);
            if ctx.find_path(world, &q).expect("valid query").is_found() {
                rows.push((s, g));
                break;
            }
        }
    }
    rows
}

/// nav-agent's benchmark world (`benches/agent.rs`: same seed, same draws) as an agent world
/// and as a polygon world, and its 8 queries (shared by the mesh bench and the
/// `agent_world_prof` example).
pub struct AgentScene {
    /// The boxes and discs as nav-agent's world (cell size 8).
    pub world: nav::agent::World,
    /// The same obstacles as a polygon world.
    pub mesh: MeshWorld,
    /// Start and goal of each query: 100 to 200 apart, both clear of a disc of radius 15.
    pub queries: Vec<(Vec2, Vec2)>,
    /// The same world's circles alone, as a circle world.
    pub circles: nav::tangent::CircleWorld,
    /// The same circles as a polygon world.
    pub circles_mesh: MeshWorld,
}

/// An obstacle of nav-agent's benchmark world.
#[derive(Debug, Clone, Copy)]
pub enum AgentObstacle {
    /// A box of sides 4 to 16 (the shorter 0.3 to 1 times the longer).
    Box(Aabb),
    /// A disc of radius 2 to 8.
    Disc(Circle),
}

/// The seed of nav-agent's benchmark world (`benches/agent.rs` and the mesh bench).
pub const AGENT_SEED: u64 = 0x00a9_e7be_5eed;

/// The obstacles of nav-agent's benchmark world: `count` of them in a `size` x `size` square,
/// boxes and discs alternating, drawn from `rng` (make it with [`AGENT_SEED`]).
pub fn agent_obstacles(rng: &mut TestRng, size: f32, count: usize) -> Vec<AgentObstacle> {
    (0..count)
        .map(|k| {
            let c = Vec2::new(rng.range_f32(0.0, size), rng.range_f32(0.0, size));
            if k % 2 == 0 {
                let side = rng.range_f32(4.0, 16.0);
                let other = side * rng.range_f32(0.3, 1.0);
                let half = if k % 4 == 0 {
                    Vec2::new(side, other)
                } else {
                    Vec2::new(other, side)
                } / 2.0;
                AgentObstacle::Box(Aabb::from_center_half_extents(c, half))
            } else {
                AgentObstacle::Disc(Circle::new(c, rng.range_f32(2.0, 8.0)))
            }
        })
        .collect()
}

/// `count` queries of nav-agent's benchmark world, drawn from `rng` after the obstacles:
/// start and goal 100 to 200 apart, at least `largest + 1` inside the square, and clear of a
/// disc of radius `1.5 * largest` in `world`.
pub fn agent_queries(
    rng: &mut TestRng,
    world: &nav::agent::World,
    size: f32,
    largest: f32,
    count: usize,
) -> Vec<(Vec2, Vec2)> {
    let mut queries = Vec::new();
    let m = largest + 1.0;
    while queries.len() < count {
        let a = Vec2::new(rng.range_f32(m, size - m), rng.range_f32(m, size - m));
        let b = Vec2::new(rng.range_f32(m, size - m), rng.range_f32(m, size - m));
        let free = |p: Vec2| world.disc_is_clear(p, largest * 1.5, None);
        if (100.0..=200.0).contains(&a.distance(b)) && free(a) && free(b) {
            queries.push((a, b));
        }
    }
    queries
}

/// Builds [`AgentScene`]: nav-agent's benchmark world ([`agent_obstacles`]: 1,000 obstacles in
/// a 1000 x 1000 square) and its 8 queries for radii up to 10 ([`agent_queries`]).
pub fn agent_scene() -> AgentScene {
    const SIZE: f32 = 1000.0;
    let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(SIZE));
    let mut world = nav::agent::World::with_cell_size(bounds, 8.0).expect("valid world");
    let mut mesh = MeshWorld::new(bounds).expect("valid world");
    let mut circles = nav::tangent::CircleWorld::new(bounds).expect("valid world");
    let mut circles_mesh = MeshWorld::new(bounds).expect("valid world");
    let mut rng = TestRng::new(AGENT_SEED);
    for obstacle in agent_obstacles(&mut rng, SIZE, 1000) {
        match obstacle {
            AgentObstacle::Box(b) => {
                world.insert_static(b).expect("valid box");
                mesh.insert(Obstacle::Box(b)).expect("valid box");
            }
            AgentObstacle::Disc(circle) => {
                world.insert_static(circle).expect("valid circle");
                mesh.insert(Obstacle::Circle(circle)).expect("valid circle");
                circles.insert(circle).expect("valid circle");
                circles_mesh
                    .insert(Obstacle::Circle(circle))
                    .expect("valid circle");
            }
        }
    }
    let queries = agent_queries(&mut rng, &world, SIZE, 10.0, 8);
    AgentScene {
        world,
        mesh,
        queries,
        circles,
        circles_mesh,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(fixed(Some(1.234), 1), "1.2");
        assert_eq!(fixed(Some(1.236), 2), "1.24");
        assert_eq!(fixed(None, 2), "-");
        assert_eq!(ratio(Some(5.0), Some(2.0), 1), "2.5x");
        assert_eq!(ratio(Some(5.0), Some(2.0), 2), "2.50x");
        assert_eq!(ratio(None, Some(2.0), 2), "-");
        assert_eq!(ratio(Some(5.0), None, 2), "-");
    }

    #[test]
    fn directory_names_follow_criterion() {
        assert_eq!(directory_name("agent/r=0.5"), "agent_r=0.5");
        assert_eq!(directory_name("open/full"), "open_full");
        assert_eq!(directory_name("query_small"), "query_small");
    }
}
