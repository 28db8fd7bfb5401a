//! nav-tangent: cold shortest-path queries among 20 to 20,000 circles, against an eager
//! construction of the whole tangent visibility graph followed by A* (the circular-obstacle
//! article's first version).
//!
//! Scenes: a forest of circles of radius 1 to 3, uniformly placed (overlaps allowed) in a square
//! sized so that the circles cover 10% of it (the same density at every size: the world grows
//! with the number of circles). Queries: 32 pairs of random free points of the world, for an
//! agent of radius 0.5; one benchmark iteration is one query, cycling through the pairs.
//!
//! "Cold" means nothing of the graph survives from one query to the next: each query rebuilds
//! what it needs. The lazy queries reuse one `CircleContext` (its memory, not its graph); the
//! eager baseline rebuilds the full graph every query, as the seed's first version does.
//!
//! Run: `cargo bench -p nav-benches --bench tangent -- --warm-up-time 1 --measurement-time 3`.
//! The eager graph is benchmarked at 20 and 200 circles; at 2,000 one eager query takes minutes
//! (O(n³) line-of-sight tests): set `NAV_BENCH_EAGER_2000=1` to time one.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nav::geom::{Aabb, Circle, Vec2};
use nav::search::Limits;
use nav::search::PathStatus;
use nav::spatial::{HashGrid, SpatialIndex};
use nav::tangent::{CircleContext, CircleQuery, CircleWorld};
use nav_testkit::TestRng;

const AGENT: f32 = 0.5;
const COVERAGE: f64 = 0.10;
const PAIRS: usize = 32;

struct Scene {
    circles: Vec<Circle>,
    side: f32,
    pairs: Vec<(Vec2, Vec2)>,
}

fn scene(n: usize, coverage: f64) -> Scene {
    let mut rng = TestRng::new(n as u64 * 0x1234_5678);
    // Mean area of a radius uniform in [1, 3]: π E[r²] = π 13/3.
    let side = ((n as f64 * std::f64::consts::PI * 13.0 / 3.0) / coverage).sqrt() as f32;
    let circles: Vec<Circle> = (0..n)
        .map(|_| {
            Circle::new(
                Vec2::new(rng.unit_f32() * side, rng.unit_f32() * side),
                1.0 + 2.0 * rng.unit_f32(),
            )
        })
        .collect();
    let mut free = || loop {
        let p = Vec2::new(rng.unit_f32() * side, rng.unit_f32() * side);
        if circles
            .iter()
            .all(|c| c.center.distance(p) > c.radius + AGENT + 0.01)
        {
            return p;
        }
    };
    let pairs = (0..PAIRS).map(|_| (free(), free())).collect();
    Scene {
        circles,
        side,
        pairs,
    }
}

fn world_of(scene: &Scene) -> CircleWorld {
    let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(scene.side));
    let mut world = CircleWorld::new(bounds).unwrap();
    for &c in &scene.circles {
        world.insert(c).unwrap();
    }
    world
}

fn bench_tangent(c: &mut Criterion) {
    let mut group = c.benchmark_group("tangent");
    group.sample_size(20);
    for n in [20usize, 200, 2_000, 20_000] {
        let scene = scene(n, COVERAGE);
        let world = world_of(&scene);
        let mut ctx = CircleContext::new();
        let limits = Limits::default();
        let query = |s, g| {
            CircleQuery::new(s, g)
                .with_radius(AGENT)
                .with_limits(limits)
        };

        // Sanity: the eager graph agrees with the lazy one where it is affordable.
        if n <= 200 {
            for &(s, g) in scene.pairs.iter().take(8) {
                let path = ctx.find_path(&world, &query(s, g)).unwrap().outcome();
                let eager = eager::find_path(&scene.circles, s, g, AGENT);
                match eager {
                    Some(len) => assert!(
                        (len - path.cost).abs() < 1e-5 * len.max(1.0),
                        "{n} circles: eager {len}, lazy {}",
                        path.cost
                    ),
                    None => assert_ne!(path.status, PathStatus::Found),
                }
            }
        }

        print_per_query(&format!("tangent/lazy/{n}"), &scene, &world);

        let mut i = 0;
        group.bench_with_input(BenchmarkId::new("lazy", n), &n, |b, _| {
            b.iter(|| {
                let (s, g) = scene.pairs[i % PAIRS];
                i += 1;
                black_box(ctx.find_path(&world, &query(s, g)).unwrap().cost())
            })
        });

        if n <= 200 {
            let mut i = 0;
            group.bench_with_input(BenchmarkId::new("eager", n), &n, |b, _| {
                b.iter(|| {
                    let (s, g) = scene.pairs[i % PAIRS];
                    i += 1;
                    black_box(eager::find_path(&scene.circles, s, g, AGENT))
                })
            });
        } else if n == 2_000 && std::env::var_os("NAV_BENCH_EAGER_2000").is_some() {
            // Minutes per query: one timed query, on request only.
            let (s, g) = scene.pairs[0];
            let begin = Instant::now();
            let len = eager::find_path(&scene.circles, s, g, AGENT);
            println!(
                "tangent/eager/{n}: one query took {:.1?} (length {len:?})",
                begin.elapsed()
            );
        }
    }
    group.finish();

    // The same worlds in a hash grid (cells of 16 units, about four circle diameters).
    for n in [2_000, 20_000] {
        let scene = scene(n, COVERAGE);
        let bounds = Aabb::new(Vec2::ZERO, Vec2::splat(scene.side));
        let mut world = CircleWorld::with_index(HashGrid::new(bounds, 16.0).unwrap()).unwrap();
        for &c in &scene.circles {
            world.insert(c).unwrap();
        }
        print_per_query(&format!("tangent/lazy/{n} in a hash grid"), &scene, &world);
    }

    // How the query time depends on the density: 2,000 circles covering 5% to 30%.
    for coverage in [0.05, 0.2, 0.3] {
        let scene = scene(2_000, coverage);
        let world = world_of(&scene);
        print_per_query(
            &format!("tangent/lazy/2000 at {:.0}% cover", coverage * 100.0),
            &scene,
            &world,
        );
    }
}

/// Prints the median, 90th percentile and maximum of the per-query times (each query's best of
/// 5 runs, so that other processes on the machine do not inflate them) and the mean number of
/// expanded nodes.
fn print_per_query<I: SpatialIndex<u32>>(label: &str, scene: &Scene, world: &CircleWorld<I>) {
    let mut ctx = CircleContext::new();
    let limits = Limits::default();
    let mut expanded = 0;
    let mut times: Vec<f64> = scene
        .pairs
        .iter()
        .map(|&(s, g)| {
            let best = (0..5)
                .map(|_| {
                    let begin = Instant::now();
                    let query = CircleQuery::new(s, g)
                        .with_radius(AGENT)
                        .with_limits(limits);
                    ctx.find_path(world, &query).unwrap();
                    begin.elapsed().as_secs_f64() * 1e6
                })
                .fold(f64::INFINITY, f64::min);
            expanded += ctx.last_path().expanded();
            best
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "{label}: per-query median {:.1} µs, p90 {:.1} µs, max {:.1} µs over {PAIRS} queries; \
         {:.0} nodes expanded on average",
        times[PAIRS / 2],
        times[PAIRS * 9 / 10],
        times[PAIRS - 1],
        expanded as f64 / PAIRS as f64
    );
}

/// The circular-obstacle article's first version: every bitangent between every pair of
/// circles, tested for line of sight against every circle, every hugging edge between the
/// tangent points of a circle, then A* on the finished graph. Overlapping circles are handled as
/// in the article's improvements (no internal tangents, hugging edges blocked by crossing
/// circles), and the graph is oriented so that its paths are the same as the lazy graph's and the
/// lengths can be compared.
mod eager {
    use nav::geom::{Circle, Turn, Vec2, query};
    use nav::search::{Graph, Limits, NodeId, SearchContext, Successors};

    struct Node {
        point: Vec2,
        circle: usize,
        angle: f32,
        turn: Turn,
    }

    struct EagerGraph {
        nodes: Vec<Node>,
        edges: Vec<Vec<(NodeId, f64)>>,
        goal: Vec2,
    }

    impl Graph for EagerGraph {
        fn successors(&mut self, node: NodeId, out: &mut Successors) {
            for &(next, cost) in &self.edges[node as usize] {
                out.push(next, cost);
            }
        }
        fn heuristic(&self, node: NodeId) -> f64 {
            self.nodes[node as usize].point.distance(self.goal) as f64
        }
        fn is_goal(&self, node: NodeId) -> bool {
            node == 1
        }
    }

    const FREE: usize = usize::MAX;

    fn clear(circles: &[Circle], a: Vec2, b: Vec2, skip: [usize; 2]) -> bool {
        let segment = nav::geom::Segment::new(a, b);
        circles.iter().enumerate().all(|(i, c)| {
            skip.contains(&i)
                || query::distance_point_segment(c.center, &segment)
                    >= c.radius - 1e-4 * c.radius.max(1.0)
        })
    }

    pub fn find_path(circles: &[Circle], start: Vec2, goal: Vec2, agent: f32) -> Option<f64> {
        let circles: Vec<Circle> = circles.iter().map(|c| c.inflated(agent)).collect();
        let mut nodes = vec![
            Node {
                point: start,
                circle: FREE,
                angle: 0.0,
                turn: Turn::Ccw,
            },
            Node {
                point: goal,
                circle: FREE,
                angle: 0.0,
                turn: Turn::Ccw,
            },
        ];
        // Surfing edges, as (from, to, cost).
        let mut surf = Vec::new();
        if clear(&circles, start, goal, [FREE, FREE]) {
            surf.push((0, 1, start.distance(goal) as f64));
        }
        let mut add = |nodes: &mut Vec<Node>, from: Node, to: Node, cost: f32| {
            let (a, b) = (nodes.len() as NodeId, nodes.len() as NodeId + 1);
            nodes.push(from);
            nodes.push(to);
            surf.push((a, b, cost as f64));
        };
        for (i, ci) in circles.iter().enumerate() {
            if let Some(ts) = query::tangents_point_circle(start, ci) {
                for t in ts {
                    if clear(&circles, start, t.point, [i, FREE]) {
                        let from = Node {
                            point: start,
                            circle: FREE,
                            angle: 0.0,
                            turn: t.turn,
                        };
                        let to = Node {
                            point: t.point,
                            circle: i,
                            angle: t.angle,
                            turn: t.turn,
                        };
                        add(&mut nodes, from, to, t.length);
                    }
                }
            }
            if let Some(ts) = query::tangents_circle_point(ci, goal) {
                for t in ts {
                    if clear(&circles, t.point, goal, [i, FREE]) {
                        let from = Node {
                            point: t.point,
                            circle: i,
                            angle: t.angle,
                            turn: t.turn,
                        };
                        let to = Node {
                            point: goal,
                            circle: FREE,
                            angle: 0.0,
                            turn: t.turn,
                        };
                        add(&mut nodes, from, to, t.length);
                    }
                }
            }
            for (j, cj) in circles.iter().enumerate() {
                if i == j {
                    continue;
                }
                for turn_a in Turn::BOTH {
                    for turn_b in Turn::BOTH {
                        let Some(t) = query::bitangent(ci, turn_a, cj, turn_b) else {
                            continue;
                        };
                        if clear(&circles, t.a, t.b, [i, j]) {
                            let from = Node {
                                point: t.a,
                                circle: i,
                                angle: t.angle_a,
                                turn: turn_a,
                            };
                            let to = Node {
                                point: t.b,
                                circle: j,
                                angle: t.angle_b,
                                turn: turn_b,
                            };
                            add(&mut nodes, from, to, t.length);
                        }
                    }
                }
            }
        }
        // Start and goal nodes created above stand for the start and goal themselves.
        let mut edges: Vec<Vec<(NodeId, f64)>> = vec![Vec::new(); nodes.len()];
        let canonical = |id: NodeId, nodes: &[Node]| -> NodeId {
            let n = &nodes[id as usize];
            if n.circle == FREE {
                if n.point == start && id != 1 { 0 } else { 1 }
            } else {
                id
            }
        };
        for &(a, b, cost) in &surf {
            let (a, b) = (canonical(a, &nodes), canonical(b, &nodes));
            edges[a as usize].push((b, cost));
        }
        // Hugging edges: from every arrival to every departure on the same circle, same turn,
        // unless a crossing circle covers the arc.
        let mut on_circle: Vec<Vec<NodeId>> = vec![Vec::new(); circles.len()];
        for (id, n) in nodes.iter().enumerate() {
            if n.circle != FREE {
                on_circle[n.circle].push(id as NodeId);
            }
        }
        for (i, ids) in on_circle.iter().enumerate() {
            let c = circles[i];
            let crossing: Vec<[Vec2; 2]> = circles
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .filter_map(|(_, o)| match query::intersection_circle_circle(&c, o) {
                    Some(query::CircleCircleIntersection::Crossing(points)) => Some(points),
                    _ => None,
                })
                .collect();
            let inside = circles
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && o.center.distance(c.center) + c.radius <= o.radius);
            if inside {
                continue;
            }
            for &a in ids {
                for &b in ids {
                    let (na, nb) = (&nodes[a as usize], &nodes[b as usize]);
                    if a == b || na.turn != nb.turn {
                        continue;
                    }
                    let arc = nav::geom::Arc::between_angles(&c, na.angle, nb.angle, na.turn);
                    let sweep = if arc.sweep > std::f32::consts::TAU - 1e-5 {
                        0.0
                    } else {
                        arc.sweep
                    };
                    let blocked = crossing.iter().any(|points| {
                        let trimmed =
                            nav::geom::Arc::new(arc.center, arc.radius, arc.start, sweep, arc.turn);
                        points.iter().any(|&p| {
                            let angle = c.angle_of(p);
                            trimmed.contains_angle(angle)
                                && na.turn.sweep_between(arc.start, angle) > 1e-5
                                && na.turn.sweep_between(arc.start, angle) < sweep - 1e-5
                        })
                    });
                    if !blocked {
                        edges[a as usize].push((b, c.radius as f64 * sweep as f64));
                    }
                }
            }
        }
        let mut graph = EagerGraph { nodes, edges, goal };
        let mut ctx = SearchContext::new();
        let mut path = Vec::new();
        let outcome = ctx.astar(&mut graph, 0, &Limits::default(), &mut path);
        outcome.is_found().then_some(outcome.cost)
    }
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_tangent
}
criterion_main!(benches);
