//! Polygon worlds: nav-mesh at r = 0 against the `polyanya` crate on the same free space (a
//! Moving AI map converted by `MeshWorld::from_grid`, and for polyanya a mesh of one square
//! polygon per free cell), and nav-mesh at r = 0.5 and 1 on the same rows, in the same run.
//!
//! Run: `cargo bench -p nav-benches --bench mesh -- --warm-up-time 1 --measurement-time 3`.
//! Every benchmark runs one batch of rows per iteration (nav with one context kept warm across
//! iterations, as a game would; polyanya on its baked mesh, start and goal located on it
//! before timing, so only its search is timed); the summary printed at the end
//! divides criterion's median by the number of rows to give the median time per query, and the
//! ratios. Before timing, nav's r = 0 lengths are checked against polyanya's (within `1e-6`
//! relative, same statuses): a mismatch stops the bench, so a fast wrong answer cannot pass.
//!
//! The grid-to-polyanya conversion is a copy of the one in nav-mesh's proof tests
//! (`crates/mesh/tests/common/polyanya_mesh.rs` on the `mesh-proof` branch): sharing it would
//! put polyanya into nav-testkit's normal dependencies.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::Criterion;
use nav::geom::Vec2;
use nav::grid::movingai::{read_map, read_scenario};
use nav::mesh::{MeshContext, MeshQuery, MeshWorld, PathStatus};
use nav_benches::{fixed, median_ns, ratio};

/// The grid-to-Polyanya conversion the nav-mesh tests use (one copy for tests and bench).
#[allow(dead_code)]
#[path = "../../crates/mesh/tests/common/polyanya_mesh.rs"]
mod polyanya_mesh;
use polyanya_mesh::grid_mesh;

/// The maps benchmarked (family/name, as in the data directory).
const MAPS: [&str; 3] = ["dao/arena", "dao/den520d", "dao/brc202d"];
/// Evenly spaced scenario rows per map (scenario files grow harder row by row).
const ROWS_PER_MAP: usize = 12;
/// Relative length agreement required between nav-mesh at r = 0 and polyanya.
const REL: f64 = 1e-6;
/// The benchmarks of every map, in the summary's order.
const IMPLEMENTATIONS: [&str; 4] = ["nav_mesh_r0", "polyanya", "nav_mesh_r0.5", "nav_mesh_r1"];

struct Case {
    name: String,
    world: MeshWorld,
    poly: polyanya::Mesh,
    rows: Vec<(Vec2, Vec2)>,
    /// The rows' points located on polyanya's mesh before timing (its point location is left
    /// out of its time: only the search is compared).
    located: Vec<(polyanya::Coords, polyanya::Coords)>,
}

fn data_dir() -> PathBuf {
    match std::env::var_os("NAV_MOVINGAI_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/movingai"),
    }
}

/// A point located on polyanya's mesh (its polygon found).
fn locate(mesh: &polyanya::Mesh, p: Vec2) -> polyanya::Coords {
    mesh.get_closest_point(polyanya::Coords::on_mesh([p.x, p.y].into()))
        .unwrap_or_else(|| polyanya::Coords::on_mesh([p.x, p.y].into()))
}

/// Polyanya's path length, summed in f64 over its f32 corners (`None`: no path).
fn polyanya_length(
    mesh: &polyanya::Mesh,
    (from, to): (polyanya::Coords, polyanya::Coords),
) -> Option<f64> {
    let path = mesh.path(from, to)?;
    let from = from.position();
    let mut prev = (from.x as f64, from.y as f64);
    let mut length = 0.0;
    for q in &path.path {
        let q = (q.x as f64, q.y as f64);
        length += (q.0 - prev.0).hypot(q.1 - prev.1);
        prev = q;
    }
    Some(length)
}

fn nav_length(ctx: &mut MeshContext, world: &MeshWorld, q: MeshQuery) -> Option<f64> {
    let path = ctx.find_path(world, &q).expect("valid query");
    (path.status() == PathStatus::Found).then(|| path.cost())
}

fn load_cases() -> Vec<Case> {
    let dir = data_dir();
    let mut cases = Vec::new();
    for name in MAPS {
        let map_path = dir.join(format!("{name}.map"));
        let (Ok(map), Ok(scen)) = (
            read_map(&map_path),
            read_scenario(dir.join(format!("{name}.map.scen"))),
        ) else {
            eprintln!("{}: missing, skipped", map_path.display());
            continue;
        };
        let n = scen.rows.len();
        let rows = (0..ROWS_PER_MAP.min(n))
            .map(|k| {
                let row =
                    &scen.rows[(k * n / ROWS_PER_MAP.min(n) + n / ROWS_PER_MAP / 2).min(n - 1)];
                (
                    Vec2::new(row.start.x as f32 + 0.5, row.start.y as f32 + 0.5),
                    Vec2::new(row.goal.x as f32 + 0.5, row.goal.y as f32 + 0.5),
                )
            })
            .collect::<Vec<(Vec2, Vec2)>>();
        let poly = grid_mesh(&map);
        let located = rows
            .iter()
            .map(|&(s, g)| (locate(&poly, s), locate(&poly, g)))
            .collect();
        cases.push(Case {
            name: name.rsplit('/').next().unwrap_or(name).to_string(),
            world: MeshWorld::from_grid(&map).expect("a valid world"),
            poly,
            rows,
            located,
        });
    }
    cases
}

/// Panics unless nav-mesh at r = 0 and polyanya agree on every row.
fn check_lengths(cases: &[Case]) {
    let mut ctx = MeshContext::new();
    for case in cases {
        let mut worst = 0.0f64;
        let mut found = [0usize; 3];
        for (&(s, g), &located) in case.rows.iter().zip(&case.located) {
            let ours = nav_length(&mut ctx, &case.world, MeshQuery::new(s, g));
            let theirs = polyanya_length(&case.poly, located);
            match (ours, theirs) {
                (Some(a), Some(b)) => {
                    let rel = (a - b).abs() / a.max(b).max(1e-9);
                    worst = worst.max(rel);
                    assert!(
                        rel <= REL,
                        "{}: from {s} to {g}: nav-mesh {a} vs polyanya {b}",
                        case.name
                    );
                }
                (None, None) => {}
                (a, b) => panic!(
                    "{}: from {s} to {g}: nav-mesh {a:?} vs polyanya {b:?}",
                    case.name
                ),
            }
            found[0] += ours.is_some() as usize;
            for (k, r) in [(1, 0.5f32), (2, 1.0)] {
                // A larger disc never finds a shorter path.
                let grown = nav_length(&mut ctx, &case.world, MeshQuery::new(s, g).with_radius(r));
                found[k] += grown.is_some() as usize;
                if let (Some(a), Some(b)) = (ours, grown) {
                    assert!(
                        b >= a * (1.0 - REL),
                        "{}: r = {r} shorter than r = 0",
                        case.name
                    );
                }
            }
        }
        println!(
            "{}: {} rows, nav-mesh r = 0 and polyanya agree (worst relative difference {worst:.1e}); \
             found at r = 0 / 0.5 / 1: {} / {} / {} (the others are blocked or have no path)",
            case.name,
            case.rows.len(),
            found[0],
            found[1],
            found[2]
        );
    }
}

fn bench_case(c: &mut Criterion, case: &Case) {
    let mut group = c.benchmark_group(format!("mesh/{}", case.name));
    group.sample_size(10);
    for (function, radius) in [
        ("nav_mesh_r0", 0.0f32),
        ("nav_mesh_r0.5", 0.5),
        ("nav_mesh_r1", 1.0),
    ] {
        let mut ctx = MeshContext::new();
        group.bench_function(function, |b| {
            b.iter(|| {
                for &(s, g) in &case.rows {
                    let q = MeshQuery::new(s, g).with_radius(radius);
                    black_box(nav_length(&mut ctx, &case.world, q));
                }
            })
        });
    }
    group.bench_function("polyanya", |b| {
        b.iter(|| {
            for &located in &case.located {
                black_box(polyanya_length(&case.poly, located));
            }
        })
    });
    group.finish();
}

fn print_summary(cases: &[Case]) {
    println!("\ncriterion medians, time per query (a batch's median / rows in the batch) in us:");
    println!(
        "{:<10} {:>12} {:>12} {:>12} {:>12} {:>16} {:>16}",
        "map", "nav r=0", "polyanya", "nav r=0.5", "nav r=1", "polyanya/nav r0", "nav r0.5/nav r0"
    );
    for case in cases {
        let group = format!("mesh/{}", case.name);
        let us: Vec<Option<f64>> = IMPLEMENTATIONS
            .iter()
            .map(|f| median_ns(&group, f).map(|ns| ns / case.rows.len() as f64 / 1e3))
            .collect();
        println!(
            "{:<10} {:>12} {:>12} {:>12} {:>12} {:>16} {:>16}",
            case.name,
            fixed(us[0], 1),
            fixed(us[1], 1),
            fixed(us[2], 1),
            fixed(us[3], 1),
            ratio(us[1], us[0], 2),
            ratio(us[2], us[0], 2)
        );
    }
}

fn main() {
    let cases = load_cases();
    check_lengths(&cases);
    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3))
        .configure_from_args();
    for case in &cases {
        bench_case(&mut c, case);
    }
    c.final_summary();
    print_summary(&cases);
}
