//! Concurrency under edits, clone-and-swap (Rust): reader threads query a shared grid, agent,
//! circle and polygon world while a writer thread edits a copy and publishes it. Every answer a
//! reader got is then compared with a sequential replay on the version it read (rebuilt by
//! applying the same edits in order): equal fingerprints, bit for bit. Readers keep warm
//! contexts across versions, so stale caches would show up as mismatches.
//!
//! Bounded: the writer publishes a fixed number of versions, the readers stop when it is done.

use std::sync::{Arc, RwLock};
use std::thread;
use std::time::{Duration, Instant};

use nav_reliability::scenes::{AgentScene, CircleScene, GridScene, MeshScene};

const READERS: usize = 3;
const VERSIONS: usize = 24;

/// Runs the stress: `answer(ctx, world, query)` on readers, `edit(world, v)` on the writer;
/// returns how many answers were checked.
fn stress<W, C>(
    initial: W,
    queries: usize,
    edit: impl Fn(&mut W, usize) + Sync,
    new_ctx: impl Fn() -> C + Sync,
    answer: impl Fn(&mut C, &W, usize) -> u64 + Sync,
) -> usize
where
    W: Clone + Send + Sync,
{
    let published = RwLock::new(Arc::new((0usize, initial.clone())));
    let done = std::sync::atomic::AtomicBool::new(false);
    let started = Instant::now();
    let records: Vec<Vec<(usize, usize, u64)>> = thread::scope(|s| {
        let readers: Vec<_> = (0..READERS)
            .map(|t| {
                let (published, done, new_ctx, answer) = (&published, &done, &new_ctx, &answer);
                s.spawn(move || {
                    let mut ctx = new_ctx();
                    let mut seen = Vec::new();
                    let mut i = t;
                    while !done.load(std::sync::atomic::Ordering::Acquire) || seen.len() < 8 {
                        let current = Arc::clone(&published.read().unwrap());
                        let q = i % queries;
                        seen.push((current.0, q, answer(&mut ctx, &current.1, q)));
                        i += 7;
                    }
                    seen
                })
            })
            .collect();
        let mut world = initial.clone();
        for v in 1..=VERSIONS {
            edit(&mut world, v);
            *published.write().unwrap() = Arc::new((v, world.clone()));
            thread::sleep(Duration::from_millis(2));
        }
        done.store(true, std::sync::atomic::Ordering::Release);
        readers.into_iter().map(|r| r.join().unwrap()).collect()
    });
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "the stress took too long"
    );
    // The sequential replay: every version rebuilt in order, every recorded query answered
    // again with a fresh context.
    let mut versions = vec![initial];
    for v in 1..=VERSIONS {
        let mut next = versions[v - 1].clone();
        edit(&mut next, v);
        versions.push(next);
    }
    let mut checked = 0;
    let mut per_version = [0usize; VERSIONS + 1];
    for (t, seen) in records.iter().enumerate() {
        for &(v, q, got) in seen {
            let mut ctx = new_ctx();
            let expected = answer(&mut ctx, &versions[v], q);
            assert_eq!(
                got, expected,
                "reader {t}: query {q} on version {v} differs from the replay"
            );
            per_version[v] += 1;
            checked += 1;
        }
    }
    let versions_read = per_version.iter().filter(|&&n| n > 0).count();
    assert!(
        versions_read >= 2,
        "readers saw only {versions_read} versions: no concurrency tested"
    );
    checked
}

#[test]
fn grid_clone_and_swap() {
    let scene = GridScene::new(7, 96, 24);
    let n = stress(
        scene.map.clone(),
        scene.queries.len(),
        GridScene::edit,
        nav_grid::GridContext::new,
        |ctx, map, i| scene.answer(ctx, map, i),
    );
    eprintln!("grid: {n} answers equal to the replay");
}

#[test]
fn agent_clone_and_swap() {
    let scene = AgentScene::new(7, 40, 18);
    let mover = scene.mover;
    let n = stress(
        scene.world.clone(),
        scene.queries.len(),
        |w, v| AgentScene::edit(w, mover, v),
        nav_agent::AgentContext::new,
        |ctx, world, i| scene.answer(ctx, world, i),
    );
    eprintln!("agent: {n} answers equal to the replay");
}

#[test]
fn circle_clone_and_swap() {
    let scene = CircleScene::new(7, 40, 18);
    let keys = scene.keys.clone();
    let n = stress(
        scene.world.clone(),
        scene.queries.len(),
        |w, v| CircleScene::edit(w, &keys, v),
        nav_tangent::CircleContext::new,
        |ctx, world, i| scene.answer(ctx, world, i),
    );
    eprintln!("circle: {n} answers equal to the replay");
}

#[test]
fn mesh_clone_and_swap() {
    let scene = MeshScene::new(7, 30, 18);
    let ids = scene.ids.clone();
    let n = stress(
        scene.world.clone(),
        scene.queries.len(),
        |w, v| MeshScene::edit(w, &ids, v),
        nav_mesh::MeshContext::new,
        |ctx, world, i| scene.answer(ctx, world, i),
    );
    eprintln!("mesh: {n} answers equal to the replay");
}
