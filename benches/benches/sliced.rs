//! Time-sliced queries against one-shot queries: the same queries, answered by `find_path` and
//! by `begin_sliced` + `step_sliced(256)` until finished, in the same run, for every navigator.
//! The sliced answers are checked equal to the one-shot ones before timing.
//!
//! * grid: Moving AI rows of three maps (`dao/den520d`, `random/random512-10-0`,
//!   `room/8room_000`, 16 evenly spaced rows each), by jump points and cell by cell;
//! * agent: 16 queries in a random 200 x 200 world of 150 boxes and discs, radius 0.5, step 0.5;
//! * circles: 16 queries among 2,000 circles (10% cover), radius 0.5;
//! * polygons: 16 rows of `dao/arena` converted to a polygon world, radius 0.5 (warm caches).
//!
//! Run: `cargo bench -p nav-benches --bench sliced -- --warm-up-time 1 --measurement-time 3`.
//! Two summaries are printed at the end: criterion's median per batch with the ratio
//! sliced / one-shot (the overhead of slicing), and a paired measurement that alternates one
//! batch of each per round and takes the median of the per-round ratios, which a changing
//! load on a shared machine disturbs less (`NAV_SLICED_ROUNDS` rounds, default 15).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use criterion::Criterion;
use nav::agent::{Aabb, AgentContext, AgentQuery, Circle, Vec2, World};
use nav::grid::movingai::{read_map, read_scenario};
use nav::grid::{Cell, CompiledRules, GridContext, GridMap, GridQuery, GridRules, SearchMode};
use nav::mesh::{MeshContext, MeshQuery, MeshWorld};
use nav::search::PathOutcome;
use nav::tangent::{CircleContext, CircleQuery, CircleWorld};
use nav_benches::{fixed, median_ns, ratio, thread_cpu_ns};
use nav_testkit::TestRng;

/// Expansions per step.
const SLICE: usize = 256;
const ROWS_PER_MAP: usize = 16;
const QUERIES: usize = 16;

fn data_dir() -> PathBuf {
    match std::env::var_os("NAV_MOVINGAI_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/movingai"),
    }
}

/// Evenly spaced rows of a scenario: (start, goal).
fn rows(name: &str) -> Option<(GridMap, Vec<(Cell, Cell)>)> {
    let dir = data_dir();
    let map = read_map(dir.join(format!("{name}.map"))).ok()?;
    let scen = read_scenario(dir.join(format!("{name}.map.scen"))).ok()?;
    let n = scen.rows.len();
    let picks = (0..ROWS_PER_MAP)
        .map(|i| {
            let row = &scen.rows[(i * n / ROWS_PER_MAP + n / (2 * ROWS_PER_MAP)).min(n - 1)];
            (row.start, row.goal)
        })
        .collect();
    Some((map, picks))
}

/// Runs a sliced query to its end; the outcome.
macro_rules! run_sliced {
    ($ctx:expr, $begin:expr, $step:expr) => {{
        let mut state = $begin.unwrap();
        while state.is_running() {
            state = $step.unwrap();
        }
        state.outcome().unwrap()
    }};
}

/// Rounds of the paired measurement: `NAV_SLICED_ROUNDS`, default 15.
fn paired_rounds() -> usize {
    std::env::var("NAV_SLICED_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(15)
        .max(1)
}

/// The paired measurement: `rounds` rounds, each timing one batch one-shot and one batch
/// sliced (in alternating order, so that a change of machine load hits both alike); the
/// median time of each (per batch) and the median of the per-round ratios sliced / one-shot.
/// Times are the thread's CPU time where the system reports it, wall time otherwise.
fn paired(rounds: usize, one_shot: &mut dyn FnMut(), sliced: &mut dyn FnMut()) -> (f64, f64, f64) {
    let (mut a, mut b, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    // Each timing runs the batch often enough for about 50 ms: the CPU time the system reports
    // advances in scheduler ticks, too coarse for a batch of a fraction of a millisecond.
    let started = Instant::now();
    one_shot();
    let once = started.elapsed().as_secs_f64();
    let reps = ((0.05 / once.max(1e-9)).ceil() as usize).clamp(1, 10_000);
    for round in 0..rounds {
        let time = |f: &mut dyn FnMut()| {
            let (cpu, wall) = (thread_cpu_ns(), Instant::now());
            for _ in 0..reps {
                f();
            }
            let total = match (cpu, thread_cpu_ns()) {
                (Some(before), Some(after)) => (after - before) as f64 / 1e6,
                _ => wall.elapsed().as_secs_f64() * 1e3,
            };
            total / reps as f64
        };
        let (t_one, t_sliced) = if round % 2 == 0 {
            let t = time(one_shot);
            (t, time(sliced))
        } else {
            let t = time(sliced);
            (time(one_shot), t)
        };
        a.push(t_one);
        b.push(t_sliced);
        ratios.push(t_sliced / t_one);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    (median(&mut a), median(&mut b), median(&mut ratios))
}

fn same(a: PathOutcome, b: PathOutcome, what: &str) {
    assert_eq!(
        (a.status, a.cost.to_bits(), a.expanded),
        (b.status, b.cost.to_bits(), b.expanded),
        "{what}: the sliced answer differs"
    );
}

fn main() {
    let rounds = paired_rounds();
    let mut criterion = Criterion::default().configure_from_args();
    let mut groups: Vec<String> = Vec::new();
    // (case, one-shot ms, sliced ms, median ratio) of the paired measurement.
    let mut pairs: Vec<(String, f64, f64, f64)> = Vec::new();

    // Grids.
    let maps: Vec<(GridMap, Vec<(Cell, Cell)>)> =
        ["dao/den520d", "random/random512-10-0", "room/8room_000"]
            .iter()
            .filter_map(|name| rows(name))
            .collect();
    if maps.is_empty() {
        eprintln!(
            "no Moving AI data under {:?}: grid cases skipped",
            data_dir()
        );
    }
    for (label, search) in [
        ("grid_jump_points", SearchMode::JumpPoints),
        ("grid_cell_by_cell", SearchMode::CellByCell),
    ] {
        if maps.is_empty() {
            break;
        }
        let rules: CompiledRules = GridRules::moving_ai()
            .with_search(search)
            .compile()
            .unwrap();
        let mut ctx = GridContext::new();
        for (map, rows) in &maps {
            for &(s, g) in rows {
                let q = GridQuery::new(s, g);
                let one = ctx.find_path(map, &rules, &q).unwrap().outcome();
                let sliced = run_sliced!(
                    ctx,
                    ctx.begin_sliced(map, &rules, &q),
                    ctx.step_sliced(map, &rules, SLICE)
                );
                same(one, sliced, label);
                assert_eq!(ctx.path().first(), Some(&s));
            }
        }
        let group_name = format!("sliced/{label}");
        let mut group = criterion.benchmark_group(&group_name);
        group.sample_size(10);
        group.bench_function("one_shot", |b| {
            b.iter(|| {
                for (map, rows) in &maps {
                    for &(s, g) in rows {
                        let q = GridQuery::new(s, g);
                        black_box(ctx.find_path(map, &rules, &q).unwrap().cost());
                    }
                }
            })
        });
        group.bench_function("sliced_256", |b| {
            b.iter(|| {
                for (map, rows) in &maps {
                    for &(s, g) in rows {
                        let q = GridQuery::new(s, g);
                        black_box(run_sliced!(
                            ctx,
                            ctx.begin_sliced(map, &rules, &q),
                            ctx.step_sliced(map, &rules, SLICE)
                        ));
                    }
                }
            })
        });
        group.finish();
        groups.push(group_name);
        let mut sliced_ctx = ctx.clone();
        let (one, sliced, r) = paired(
            rounds,
            &mut || {
                for (map, rows) in &maps {
                    for &(s, g) in rows {
                        let q = GridQuery::new(s, g);
                        black_box(ctx.find_path(map, &rules, &q).unwrap().cost());
                    }
                }
            },
            &mut || {
                for (map, rows) in &maps {
                    for &(s, g) in rows {
                        let q = GridQuery::new(s, g);
                        black_box(run_sliced!(
                            sliced_ctx,
                            sliced_ctx.begin_sliced(map, &rules, &q),
                            sliced_ctx.step_sliced(map, &rules, SLICE)
                        ));
                    }
                }
            },
        );
        pairs.push((label.to_string(), one, sliced, r));
    }

    // Agents of any radius in a continuous world.
    let mut rng = TestRng::new(0x5_11ce);
    let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(200.0));
    let mut world = World::new(bounds).unwrap();
    for k in 0..150 {
        let c = Vec2::new(rng.range_f32(0.0, 200.0), rng.range_f32(0.0, 200.0));
        let size = rng.range_f32(2.0, 8.0);
        if k % 2 == 0 {
            world
                .insert_static(Aabb::new(c, c + Vec2::new(size, size * 0.5)))
                .unwrap();
        } else {
            world.insert_static(Circle::new(c, size * 0.5)).unwrap();
        }
    }
    let mut agent_ctx = AgentContext::new();
    let agent_queries: Vec<AgentQuery> = (0..QUERIES * 4)
        .map(|_| {
            let p =
                |rng: &mut TestRng| Vec2::new(rng.range_f32(1.0, 199.0), rng.range_f32(1.0, 199.0));
            AgentQuery::new(p(&mut rng), p(&mut rng))
                .with_radius(0.5)
                .with_step(0.5)
        })
        .filter(|q| agent_ctx.find_path(&world, q).is_ok_and(|a| a.is_found()))
        .take(QUERIES)
        .collect();
    for q in &agent_queries {
        let one = agent_ctx.find_path(&world, q).unwrap().outcome();
        let sliced = run_sliced!(
            agent_ctx,
            agent_ctx.begin_sliced(&world, q),
            agent_ctx.step_sliced(&world, SLICE)
        );
        same(one, sliced, "agent");
    }
    let mut group = criterion.benchmark_group("sliced/agent");
    group.sample_size(10);
    group.bench_function("one_shot", |b| {
        b.iter(|| {
            for q in &agent_queries {
                black_box(agent_ctx.find_path(&world, q).unwrap().cost());
            }
        })
    });
    group.bench_function("sliced_256", |b| {
        b.iter(|| {
            for q in &agent_queries {
                black_box(run_sliced!(
                    agent_ctx,
                    agent_ctx.begin_sliced(&world, q),
                    agent_ctx.step_sliced(&world, SLICE)
                ));
            }
        })
    });
    group.finish();
    groups.push("sliced/agent".into());
    let mut sliced_ctx = agent_ctx.clone();
    let (one, sliced, r) = paired(
        rounds,
        &mut || {
            for q in &agent_queries {
                black_box(agent_ctx.find_path(&world, q).unwrap().cost());
            }
        },
        &mut || {
            for q in &agent_queries {
                black_box(run_sliced!(
                    sliced_ctx,
                    sliced_ctx.begin_sliced(&world, q),
                    sliced_ctx.step_sliced(&world, SLICE)
                ));
            }
        },
    );
    pairs.push(("agent".into(), one, sliced, r));

    // Circles.
    let n = 2000;
    let side = ((n as f64 * std::f64::consts::PI * 13.0 / 3.0) / 0.10).sqrt() as f32;
    let mut circle_world =
        CircleWorld::new(Aabb::new(Vec2::splat(-1.0), Vec2::splat(side + 1.0))).unwrap();
    let mut circles = Vec::new();
    for _ in 0..n {
        let c = Circle::new(
            Vec2::new(rng.unit_f32() * side, rng.unit_f32() * side),
            1.0 + 2.0 * rng.unit_f32(),
        );
        circles.push(c);
        circle_world.insert(c).unwrap();
    }
    let mut free = || loop {
        let p = Vec2::new(rng.unit_f32() * side, rng.unit_f32() * side);
        if circles
            .iter()
            .all(|c| c.center.distance(p) > c.radius + 0.51)
        {
            return p;
        }
    };
    let circle_queries: Vec<CircleQuery> = (0..QUERIES)
        .map(|_| CircleQuery::new(free(), free()).with_radius(0.5))
        .collect();
    let mut circle_ctx = CircleContext::new();
    for q in &circle_queries {
        let one = circle_ctx.find_path(&circle_world, q).unwrap().outcome();
        let sliced = run_sliced!(
            circle_ctx,
            circle_ctx.begin_sliced(&circle_world, q),
            circle_ctx.step_sliced(&circle_world, SLICE)
        );
        same(one, sliced, "circles");
    }
    let mut group = criterion.benchmark_group("sliced/circles");
    group.sample_size(10);
    group.bench_function("one_shot", |b| {
        b.iter(|| {
            for q in &circle_queries {
                black_box(circle_ctx.find_path(&circle_world, q).unwrap().cost());
            }
        })
    });
    group.bench_function("sliced_256", |b| {
        b.iter(|| {
            for q in &circle_queries {
                black_box(run_sliced!(
                    circle_ctx,
                    circle_ctx.begin_sliced(&circle_world, q),
                    circle_ctx.step_sliced(&circle_world, SLICE)
                ));
            }
        })
    });
    group.finish();
    groups.push("sliced/circles".into());
    let mut sliced_ctx = circle_ctx.clone();
    let (one, sliced, r) = paired(
        rounds,
        &mut || {
            for q in &circle_queries {
                black_box(circle_ctx.find_path(&circle_world, q).unwrap().cost());
            }
        },
        &mut || {
            for q in &circle_queries {
                black_box(run_sliced!(
                    sliced_ctx,
                    sliced_ctx.begin_sliced(&circle_world, q),
                    sliced_ctx.step_sliced(&circle_world, SLICE)
                ));
            }
        },
    );
    pairs.push(("circles".into(), one, sliced, r));

    // Polygons: a converted Moving AI map.
    if let Some((map, rows)) = rows("dao/arena") {
        let mesh = MeshWorld::from_grid(&map).unwrap();
        let mesh_queries: Vec<MeshQuery> = rows
            .iter()
            .map(|&(s, g)| {
                let centre = |c: Cell| Vec2::new(c.x as f32 + 0.5, c.y as f32 + 0.5);
                MeshQuery::new(centre(s), centre(g)).with_radius(0.5)
            })
            .collect();
        let mut mesh_ctx = MeshContext::new();
        for q in &mesh_queries {
            let mut twin = mesh_ctx.clone();
            let one = twin.find_path(&mesh, q).unwrap().outcome();
            let sliced = run_sliced!(
                mesh_ctx,
                mesh_ctx.begin_sliced(&mesh, q),
                mesh_ctx.step_sliced(&mesh, SLICE)
            );
            same(one, sliced, "polygons");
        }
        let mut group = criterion.benchmark_group("sliced/polygons");
        group.sample_size(10);
        group.bench_function("one_shot", |b| {
            b.iter(|| {
                for q in &mesh_queries {
                    black_box(mesh_ctx.find_path(&mesh, q).unwrap().cost());
                }
            })
        });
        group.bench_function("sliced_256", |b| {
            b.iter(|| {
                for q in &mesh_queries {
                    black_box(run_sliced!(
                        mesh_ctx,
                        mesh_ctx.begin_sliced(&mesh, q),
                        mesh_ctx.step_sliced(&mesh, SLICE)
                    ));
                }
            })
        });
        group.finish();
        groups.push("sliced/polygons".into());
        let mut sliced_ctx = mesh_ctx.clone();
        let (one, sliced, r) = paired(
            rounds * 4,
            &mut || {
                for q in &mesh_queries {
                    black_box(mesh_ctx.find_path(&mesh, q).unwrap().cost());
                }
            },
            &mut || {
                for q in &mesh_queries {
                    black_box(run_sliced!(
                        sliced_ctx,
                        sliced_ctx.begin_sliced(&mesh, q),
                        sliced_ctx.step_sliced(&mesh, SLICE)
                    ));
                }
            },
        );
        pairs.push(("polygons".into(), one, sliced, r));
    }

    criterion.final_summary();
    println!(
        "\nPaired: {rounds} rounds ({} for polygons), one batch each way per round, alternating order; medians of {}.",
        rounds * 4,
        if thread_cpu_ns().is_some() {
            "the thread's CPU time"
        } else {
            "wall time"
        }
    );
    println!(
        "| case | one-shot (ms per batch) | sliced, N = {SLICE} (ms per batch) | sliced / one-shot |"
    );
    println!("|---|---|---|---|");
    for (case, one, sliced, r) in &pairs {
        println!("| {case} | {one:.3} | {sliced:.3} | {r:.3}x |");
    }
    println!(
        "\n| case | one-shot (ms per batch) | sliced, N = {SLICE} (ms per batch) | sliced / one-shot |"
    );
    println!("|---|---|---|---|");
    for group in &groups {
        let one = median_ns(group, "one_shot").map(|ns| ns / 1e6);
        let sliced = median_ns(group, "sliced_256").map(|ns| ns / 1e6);
        println!(
            "| {} | {} | {} | {} |",
            group.trim_start_matches("sliced/"),
            fixed(one, 3),
            fixed(sliced, 3),
            ratio(sliced, one, 3)
        );
    }
}
