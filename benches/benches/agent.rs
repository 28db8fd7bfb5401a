//! Agents of any radius in a continuous world: nav-agent against a faithful baseline of seed
//! 000's design (see `agent/seed_baseline.rs`), on the same world and queries in the same run.
//!
//! Run: `cargo bench -p nav-benches --bench agent`
//! (about three minutes; criterion's `--warm-up-time` / `--measurement-time` flags override the
//! short defaults set in `main`, and a filter such as `-- r=2` runs one radius).
//!
//! World (deterministic, seeded xoshiro256++): 1000 x 1000 units, 1000 obstacles, half boxes of 4
//! to 16 units a side (aspect 0.3 to 1), half discs of radius 2 to 8, uniformly placed. Queries: 8
//! pairs of points 100 to 200 units apart where even the largest agent stands free, the same for
//! every radius. Radii 0.5, 1, 2, 5, 10 with step `max(1, r / 2)`.
//!
//! Per radius, one iteration runs the 8 queries:
//! * `seed_baseline`: the agent-radius article's navigator (string-keyed grid cells, a spatial
//!   query per created node, a fresh node map per query, box walkability, start-anchored
//!   lattice), its grid built once with cells of 1 unit (the article asks for cells no larger
//!   than the step);
//! * `nav_cold`: nav-agent with its walkability cache emptied before each query (the search
//!   context is reused, as a game would);
//! * `nav_warm`: nav-agent with the cache warmed by one untimed run of the same queries.
//!
//! Every nav query includes the string pulling of its path.
//!
//! Both navigators search until the goal is found (limits raised for both). Before timing, the
//! bench prints how many queries each solved, nav's path lengths against the baseline's, and how
//! many baseline paths have a segment that the agent's disc cannot sweep (nav's never do:
//! checked here too). At the end: criterion medians per query and the ratios.

#[path = "agent/seed_baseline.rs"]
mod seed_baseline;

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use nav::agent::{Agent, AgentContext, AgentPath, AgentQuery, QueryError, World};
use nav::geom::{Aabb, Vec2};
use nav::search::{Limits, PathStatus};
use nav_benches::{AgentObstacle, median_ns, ratio};
use nav_testkit::TestRng;
use seed_baseline::{SeedNavGrid, SeedNavigator, SeedStatus};

const WORLD: f32 = 1000.0;
const OBSTACLES: usize = 1000;
const RADII: [f32; 5] = [0.5, 1.0, 2.0, 5.0, 10.0];
const QUERIES: usize = 8;

fn step_for(radius: f32) -> f32 {
    (radius / 2.0).max(1.0)
}

struct Data {
    world: World,
    seed: SeedNavigator,
    queries: Vec<(Vec2, Vec2)>,
}

impl Data {
    fn new() -> Self {
        let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(WORLD));
        let mut world = World::with_cell_size(bounds, 8.0).expect("valid world");
        let mut grid = SeedNavGrid::new(bounds, Vec2::splat(WORLD));
        let mut rng = TestRng::new(nav_benches::AGENT_SEED);
        for obstacle in nav_benches::agent_obstacles(&mut rng, WORLD, OBSTACLES) {
            match obstacle {
                AgentObstacle::Box(b) => {
                    world.insert_static(b).expect("valid box");
                    grid.insert(b);
                }
                AgentObstacle::Disc(circle) => {
                    world.insert_static(circle).expect("valid circle");
                    // The seed files every object under its bounding box.
                    grid.insert(circle.aabb());
                }
            }
        }
        assert_eq!(grid.count_objects(), OBSTACLES);
        let largest = RADII[RADII.len() - 1];
        // Start and goal clear for the largest agent by nav's disc test.
        let queries = nav_benches::agent_queries(&mut rng, &world, WORLD, largest, QUERIES);
        let seed = SeedNavigator {
            world_bounds: bounds,
            grid,
            max_path_length: usize::MAX,
            max_closed_nodes: usize::MAX,
        };
        Self {
            world,
            seed,
            queries,
        }
    }
}

fn limits() -> Limits {
    Limits::default()
}

/// One query in the shape every navigator shares; the full answer (smoothed and raw) is the
/// context's latest path.
fn find<'c>(
    world: &World,
    ctx: &'c mut AgentContext,
    a: nav::geom::Vec2,
    b: nav::geom::Vec2,
    agent: &Agent,
    limits: &Limits,
) -> Result<&'c AgentPath, QueryError> {
    let query = AgentQuery::new(a, b).with_agent(agent).with_limits(*limits);
    ctx.find_path(world, &query)?;
    Ok(ctx.last_path())
}

/// Runs every query once on each navigator and prints what they found.
fn report(data: &mut Data) {
    println!("\nqueries solved and path lengths (8 queries per radius):\n");
    println!(
        "| radius | step | nav found | seed found | nav smoothed length | nav raw length | seed length | seed paths clipping an obstacle | nav expanded / query | seed closed / query |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut ctx = AgentContext::new();
    for radius in RADII {
        let step = step_for(radius);
        let agent = Agent::new(radius, step).expect("valid agent");
        let (mut nav_found, mut seed_found, mut clipping) = (0, 0, 0);
        let (mut nav_len, mut nav_raw, mut seed_len) = (0.0, 0.0, 0.0);
        let (mut expanded, mut closed) = (0, 0);
        for &(a, b) in &data.queries {
            let path = find(&data.world, &mut ctx, a, b, &agent, &limits()).expect("valid query");
            expanded += path.expanded();
            if path.status() == PathStatus::Found {
                nav_found += 1;
                nav_len += path.length();
                nav_raw += path.raw_length();
                for w in path.points().windows(2).chain(path.raw_points().windows(2)) {
                    assert!(data.world.segment_is_clear(w[0], w[1], radius, None));
                }
            }
            let seed = data.seed.calculate_path(a, b, radius, step, None);
            closed += seed.closed;
            if seed.status == SeedStatus::Ok {
                seed_found += 1;
                seed_len += seed
                    .points
                    .windows(2)
                    .map(|w| w[0].distance(w[1]) as f64)
                    .sum::<f64>();
                if seed
                    .points
                    .windows(2)
                    .any(|w| !data.world.segment_is_clear(w[0], w[1], radius, None))
                {
                    clipping += 1;
                }
            }
        }
        println!(
            "| {radius} | {step} | {nav_found} | {seed_found} | {nav_len:.1} | {nav_raw:.1} | {seed_len:.1} | {clipping} | {} | {} |",
            expanded / QUERIES,
            closed / QUERIES
        );
    }
    println!();
}

fn bench_radius(c: &mut Criterion, data: &mut Data, radius: f32) {
    let step = step_for(radius);
    let agent = Agent::new(radius, step).expect("valid agent");
    let mut group = c.benchmark_group(format!("agent/r={radius}"));
    let queries = data.queries.clone();

    group.bench_function("seed_baseline", |b| {
        b.iter(|| {
            for &(a, g) in &queries {
                black_box(
                    data.seed
                        .calculate_path(a, g, radius, step, None)
                        .points
                        .len(),
                );
            }
        })
    });

    let world = &data.world;
    let mut ctx = AgentContext::new();
    group.bench_function("nav_cold", |b| {
        b.iter(|| {
            for &(a, g) in &queries {
                ctx.clear_cache();
                let path = find(world, &mut ctx, a, g, &agent, &limits());
                black_box(path.map(|p| p.points().len()).ok());
            }
        })
    });

    let mut ctx = AgentContext::new();
    for &(a, g) in &queries {
        find(world, &mut ctx, a, g, &agent, &limits()).expect("valid query");
    }
    group.bench_function("nav_warm", |b| {
        b.iter(|| {
            for &(a, g) in &queries {
                let path = find(world, &mut ctx, a, g, &agent, &limits());
                black_box(path.map(|p| p.points().len()).ok());
            }
        })
    });
    group.finish();
}

fn print_summary() {
    println!("\nmedian time per query (criterion median / {QUERIES} queries):\n");
    println!(
        "| radius | step | seed baseline | nav cold | nav warm | seed / nav cold | seed / nav warm | cold / warm |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for radius in RADII {
        let group = format!("agent/r={radius}");
        let per_query = |f: &str| median_ns(&group, f).map(|ns| ns / QUERIES as f64);
        let (seed, cold, warm) = (
            per_query("seed_baseline"),
            per_query("nav_cold"),
            per_query("nav_warm"),
        );
        if seed.is_none() && cold.is_none() && warm.is_none() {
            continue;
        }
        let show = |v: Option<f64>| {
            v.map_or("-".to_string(), |ns| {
                if ns >= 1e6 {
                    format!("{:.2} ms", ns / 1e6)
                } else {
                    format!("{:.1} µs", ns / 1e3)
                }
            })
        };
        println!(
            "| {radius} | {} | {} | {} | {} | {} | {} | {} |",
            step_for(radius),
            show(seed),
            show(cold),
            show(warm),
            ratio(seed, cold, 1),
            ratio(seed, warm, 1),
            ratio(cold, warm, 1),
        );
    }
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    let mut data = Data::new();
    report(&mut data);
    for radius in RADII {
        bench_radius(&mut c, &mut data, radius);
    }
    c.final_summary();
    print_summary();
}
