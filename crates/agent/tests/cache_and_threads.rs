//! The walkability cache against cold queries after obstacles move, and queries from several
//! threads against the same queries on one thread.

mod common;

use common::{FindPath, Rng, Scene, check_path};
use nav_agent::{Aabb, Agent, AgentContext, AgentPath, Circle, Shape, Vec2, World};
use nav_search::{Limits, PathStatus};

fn limits() -> Limits {
    Limits::default()
}

/// A cold answer: a fresh context, nothing cached.
fn cold(world: &World, a: Vec2, b: Vec2, agent: &Agent) -> AgentPath {
    world
        .find_path(&mut AgentContext::new(), a, b, agent, &limits())
        .unwrap()
}

#[test]
fn a_cached_corridor_is_blocked_and_reopened() {
    // A corridor between two long walls, y in [8, 12].
    let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::new(60.0, 20.0))).unwrap();
    world
        .insert_static(Aabb::new(Vec2::new(5.0, 0.0), Vec2::new(55.0, 8.0)))
        .unwrap();
    world
        .insert_static(Aabb::new(Vec2::new(5.0, 12.0), Vec2::new(55.0, 20.0)))
        .unwrap();
    let agent = Agent::new(1.0, 0.5).unwrap();
    // From below the lower wall's end to above the upper wall's end: the straight line is
    // blocked (a clear straight line would be answered without walking the lattice), so the
    // search walks through the corridor.
    let (a, b) = (Vec2::new(2.0, 3.0), Vec2::new(58.0, 17.0));
    let mut ctx = AgentContext::new();

    let first = world.find_path(&mut ctx, a, b, &agent, &limits()).unwrap();
    assert!(first.is_found());
    for p in first.points() {
        if p.x > 6.0 && p.x < 54.0 {
            assert!(p.y >= 9.0 && p.y <= 11.0, "{p:?} is not in the corridor");
        }
    }
    let cold_stats = ctx.stats();
    assert!(cold_stats.computed_expansions > 0);

    // The same query again is served from the cache: no spatial query during the search.
    ctx.reset_stats();
    let again = world.find_path(&mut ctx, a, b, &agent, &limits()).unwrap();
    assert_eq!(again, first);
    assert_eq!(ctx.stats().computed_expansions, 0);
    assert!(ctx.stats().cached_expansions > 0);

    // A crate dropped into the middle of the corridor blocks it.
    let plug = world
        .insert_dynamic(Circle::new(Vec2::new(30.0, 10.0), 1.5))
        .unwrap();
    ctx.reset_stats();
    let blocked = world.find_path(&mut ctx, a, b, &agent, &limits()).unwrap();
    assert_eq!(blocked.status(), PathStatus::NoPath);
    assert_eq!(blocked, cold(&world, a, b, &agent));
    // Only nodes near the plug were forgotten: the cache knows at most the five rows of nodes
    // where the agent fits (y = 9 to 11) along the 50 units of the corridor (about 500
    // entries), and the plug's box padded by step + radius (plus a node of margin on each
    // side) spans 17 columns of them.
    let forgotten = ctx.stats().invalidated_nodes;
    assert!(
        forgotten > 0 && forgotten <= 5 * 17,
        "{forgotten} nodes forgotten"
    );

    // Moved half out of the way: it bulges 1.4 units into the corridor, so the agent swerves.
    world
        .move_obstacle(plug, Circle::new(Vec2::new(30.0, 7.0), 2.4))
        .unwrap();
    let squeezed = world.find_path(&mut ctx, a, b, &agent, &limits()).unwrap();
    assert!(squeezed.is_found());
    assert_eq!(squeezed, cold(&world, a, b, &agent));
    assert!(squeezed.length() > first.length());

    // Removed: the straight corridor again, as cold.
    world.remove(plug).unwrap();
    let reopened = world.find_path(&mut ctx, a, b, &agent, &limits()).unwrap();
    assert_eq!(reopened, first);
    assert_eq!(reopened, cold(&world, a, b, &agent));
}

#[test]
fn random_changes_keep_warm_answers_equal_to_cold_ones() {
    let mut rng = Rng::new(0xcac4f);
    let scene = Scene::random(&mut rng, 80.0, 50.0, 30, 2.0, 8.0);
    let mut world = World::new(scene.bounds()).unwrap();
    for b in &scene.boxes {
        world.insert_static(*b).unwrap();
    }
    let mut movers = Vec::new();
    for c in &scene.circles {
        movers.push((world.insert_dynamic(*c).unwrap(), *c));
    }
    let agents = [
        Agent::new(0.4, 0.5).unwrap(),
        Agent::new(1.5, 1.0).unwrap(),
        Agent::new(3.0, 1.0).unwrap(),
    ];
    let queries: Vec<(Vec2, Vec2)> = (0..5)
        .map(|_| {
            (
                rng.point((3.0, 3.0), (77.0, 47.0)),
                rng.point((3.0, 3.0), (77.0, 47.0)),
            )
        })
        .collect();
    let mut warm = AgentContext::new();
    let mut compared = 0;
    for round in 0..8 {
        for agent in &agents {
            for &(a, b) in &queries {
                let w = world.find_path(&mut warm, a, b, agent, &limits()).unwrap();
                let c = cold(&world, a, b, agent);
                assert_eq!(w, c, "round {round}, r {}, {a:?} -> {b:?}", agent.radius());
                if w.is_found() {
                    compared += 1;
                    let shapes: Vec<common::RefShape> = world
                        .obstacles()
                        .map(|(_, o)| match o.shape {
                            Shape::Aabb(b) => common::RefShape::from_aabb(&b),
                            Shape::Circle(c) => common::RefShape::from_circle(&c),
                        })
                        .collect();
                    check_path(
                        scene.min,
                        scene.max,
                        &shapes,
                        None,
                        agent.radius(),
                        w.points(),
                        "warm",
                    );
                }
            }
        }
        // Move a few discs, remove one, add one.
        for _ in 0..4 {
            let k = (rng.next_u64() % movers.len() as u64) as usize;
            let (handle, circle) = movers[k];
            let moved = Circle::new(
                circle.center + Vec2::new(rng.range(-6.0, 6.0) as f32, rng.range(-6.0, 6.0) as f32),
                circle.radius,
            );
            world.move_obstacle(handle, moved).unwrap();
            movers[k].1 = moved;
        }
        if round % 3 == 1 {
            let (handle, _) = movers.swap_remove(0);
            world.remove(handle).unwrap();
            let c = Circle::new(
                rng.point((0.0, 0.0), (80.0, 50.0)),
                rng.range(1.0, 4.0) as f32,
            );
            movers.push((world.insert_dynamic(c).unwrap(), c));
        }
    }
    assert!(compared >= 30, "only {compared} found paths compared");
    assert!(warm.stats().cached_expansions > warm.stats().computed_expansions);
}

#[test]
fn too_many_changes_reset_the_cache_and_stay_correct() {
    let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::splat(40.0))).unwrap();
    let unit = world
        .insert_dynamic(Circle::new(Vec2::new(20.0, 20.0), 2.0))
        .unwrap();
    let agent = Agent::new(1.0, 1.0).unwrap();
    let (a, b) = (Vec2::new(2.0, 20.0), Vec2::new(38.0, 20.0));
    let mut ctx = AgentContext::new();
    world.find_path(&mut ctx, a, b, &agent, &limits()).unwrap();
    // More changes than the log keeps.
    for k in 0..5000 {
        let x = 10.0 + (k % 20) as f32;
        world
            .move_obstacle(unit, Circle::new(Vec2::new(x, 20.0), 2.0))
            .unwrap();
    }
    ctx.reset_stats();
    let warm = world.find_path(&mut ctx, a, b, &agent, &limits()).unwrap();
    assert_eq!(ctx.stats().cache_resets, 1);
    assert_eq!(warm, cold(&world, a, b, &agent));
    // Another world, same context: a fresh cache, right answers.
    let other = World::new(Aabb::new(Vec2::ZERO, Vec2::splat(40.0))).unwrap();
    let path = other.find_path(&mut ctx, a, b, &agent, &limits()).unwrap();
    assert_eq!(path.points(), [a, b]);
    // Bounded memory: a context that may hold almost nothing still answers right.
    let mut small = AgentContext::new();
    small.set_max_cached_nodes(0);
    small.set_max_caches(1);
    for _ in 0..3 {
        assert_eq!(
            world
                .find_path(&mut small, a, b, &agent, &limits())
                .unwrap(),
            cold(&world, a, b, &agent)
        );
        assert_eq!(
            world
                .find_path(&mut small, a, b, &Agent::new(0.5, 0.5).unwrap(), &limits())
                .unwrap(),
            cold(&world, a, b, &Agent::new(0.5, 0.5).unwrap())
        );
    }
}

#[test]
fn threads_sharing_a_world_agree_with_one_thread() {
    let mut rng = Rng::new(0x0712_3ad5);
    let scene = Scene::random(&mut rng, 100.0, 100.0, 120, 1.0, 6.0);
    let world = scene.world();
    let agents = [
        Agent::new(0.3, 0.5).unwrap(),
        Agent::new(1.0, 0.75).unwrap(),
        Agent::new(2.5, 1.0).unwrap(),
    ];
    let queries: Vec<(Vec2, Vec2, usize)> = (0..24)
        .map(|k| {
            (
                rng.point((3.0, 3.0), (97.0, 97.0)),
                rng.point((3.0, 3.0), (97.0, 97.0)),
                k % 3,
            )
        })
        .collect();
    let mut ctx = AgentContext::new();
    let expected: Vec<AgentPath> = queries
        .iter()
        .map(|&(a, b, k)| {
            world
                .find_path(&mut ctx, a, b, &agents[k], &limits())
                .unwrap()
        })
        .collect();
    assert!(expected.iter().filter(|p| p.is_found()).count() >= 12);

    let threads = 4;
    let results: Vec<Vec<(usize, AgentPath)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (world, queries, agents) = (&world, &queries, &agents);
                s.spawn(move || {
                    let mut ctx = AgentContext::new();
                    // Each thread runs every query twice (cold, then warm), in its own order.
                    let mut out = Vec::new();
                    for pass in 0..2 {
                        for k in 0..queries.len() {
                            let q = (k * (t + 1) + pass) % queries.len();
                            let (a, b, agent) = queries[q];
                            let path = world
                                .find_path(&mut ctx, a, b, &agents[agent], &Limits::default())
                                .unwrap();
                            out.push((q, path));
                        }
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (t, result) in results.iter().enumerate() {
        assert_eq!(result.len(), 2 * queries.len());
        for (q, path) in result {
            assert_eq!(path, &expected[*q], "thread {t}, query {q}");
        }
    }
}
