//! r = 0 against the `polyanya` crate (Cui, Harabor and Grastien's any-angle search on a
//! navigation mesh) on the same free space: equal lengths within 1e-6 relative and equal
//! statuses,
//!
//! * on random polygon worlds (polyanya triangulates them itself), and
//! * on Moving AI maps: `MeshWorld::from_grid` against a polyanya mesh of one square per free
//!   cell (`common::polyanya_mesh::grid_mesh`), start and goal at cell centres: every row of
//!   dao/arena, a sample of rows of den312d, den520d and Berlin_0_256 here;
//! * on Moving AI maps against polyanya's own triangulation of the same free space (the
//!   blocked runs of each row as holes): about 20 rows of ten maps here; every row of the
//!   twelve maps in the ignored test `all_rows_of_every_map` (`cargo test --release -p
//!   nav-mesh --test polyanya -- --ignored`).
//!
//! Where the lengths differ, the independent oracle of `nav_testkit::polygon_oracle` judges
//! both paths; a row fails unless it finds nav's path valid and polyanya's answer wrong.

mod common;

use std::path::Path;

use common::polyanya_mesh::{grid_mesh, path_corners, path_length, world_mesh};
use common::{Rng, corners, grid_oracle_world, mesh_world, rounded, v};
use glam::{DVec2, Vec2};
use nav_grid::movingai::{read_map, read_scenario};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, PathStatus};
use nav_testkit::movingai_dir;
use nav_testkit::polygon_oracle::{OracleWorld, RandomWorld, check_point_polyline, random_world};

const REL: f64 = 1e-6;

#[derive(Default)]
struct Agreement {
    queries: usize,
    found: usize,
    worst: f64,
    mismatches: Vec<String>,
    /// Disagreements where the independent oracle finds nav's path valid and polyanya's
    /// answer wrong (see `Verdict::faults_polyanya`): reported, not failed.
    polyanya_faults: Vec<String>,
}

impl Agreement {
    fn compare(&mut self, ours: Option<f64>, theirs: Option<f64>, what: &dyn Fn() -> String) {
        self.queries += 1;
        match (ours, theirs) {
            (Some(a), Some(b)) => {
                self.found += 1;
                let rel = (a - b).abs() / a.max(b).max(1e-9);
                if rel > REL {
                    self.mismatches
                        .push(format!("nav {a} vs polyanya {b}: {}", what()));
                } else {
                    self.worst = self.worst.max(rel);
                }
            }
            (None, None) => {}
            (a, b) => self
                .mismatches
                .push(format!("nav {a:?} vs polyanya {b:?}: {}", what())),
        }
    }

    /// Panics listing the first mismatches, if any.
    fn assert_agree(&self, what: &str) {
        assert!(
            self.mismatches.is_empty(),
            "{what}: {} of {} queries disagree with polyanya, e.g.\n{}",
            self.mismatches.len(),
            self.queries,
            self.mismatches
                .iter()
                .take(5)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

fn nav_path(
    ctx: &mut MeshContext,
    world: &MeshWorld,
    s: Vec2,
    g: Vec2,
) -> Option<(f64, Vec<DVec2>)> {
    let path = ctx.find_path(world, &MeshQuery::new(s, g)).unwrap();
    match path.status() {
        PathStatus::Found => Some((path.cost(), corners(s.as_dvec2(), path.path()))),
        PathStatus::NoPath => None,
        other => panic!("status {other:?} from {s} to {g}"),
    }
}

fn nav_length(ctx: &mut MeshContext, world: &MeshWorld, s: Vec2, g: Vec2) -> Option<f64> {
    nav_path(ctx, world, s, g).map(|(length, _)| length)
}

/// The oracle's judgement of one path: none found, valid, or invalid (and why).
#[derive(Debug, PartialEq)]
enum Judged {
    None,
    Valid,
    Invalid(String),
}

impl std::fmt::Display for Judged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Judged::None => write!(f, "none"),
            Judged::Valid => write!(f, "valid"),
            Judged::Invalid(why) => write!(f, "INVALID ({why})"),
        }
    }
}

/// Which of two disagreeing polylines the oracle's rule rejects.
struct Verdict {
    nav: Judged,
    polyanya: Judged,
}

impl Verdict {
    fn new(
        world: &OracleWorld,
        nav: &Option<(f64, Vec<DVec2>)>,
        theirs: &Option<Vec<DVec2>>,
    ) -> Self {
        let judge = |p: Option<&Vec<DVec2>>| match p {
            None => Judged::None,
            Some(points) => match check_point_polyline(world, points) {
                Ok(()) => Judged::Valid,
                Err(e) => Judged::Invalid(e.to_string()),
            },
        };
        Verdict {
            nav: judge(nav.as_ref().map(|(_, p)| p)),
            polyanya: judge(theirs.as_ref()),
        }
    }

    /// Whether the oracle puts the fault with polyanya: nav's path is valid and polyanya found
    /// none (so a path exists) or one the oracle's rule refuses (through a closed gap).
    fn faults_polyanya(&self) -> bool {
        self.nav == Judged::Valid && self.polyanya != Judged::Valid
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "oracle's rule: nav's path {}, polyanya's path {}",
            self.nav, self.polyanya
        )
    }
}

#[test]
fn random_polygon_worlds_match_polyanya() {
    let mut agreement = Agreement::default();
    let mut ctx = MeshContext::new();
    for seed in 0..40u64 {
        let size = 30.0;
        let spec = RandomWorld {
            size,
            obstacles: 6 + seed as usize % 8,
            circles: false,
            scale: 4.0,
            overlaps: seed % 2 == 0,
        };
        let world = rounded(&random_world(seed, spec));
        let mesh = mesh_world(&world);
        let poly = world_mesh(&world);
        let mut rng = Rng::new(seed ^ 0xa11ce);
        for _ in 0..10 {
            // Points strictly inside the free space (polyanya snaps points near edges).
            let pick = |rng: &mut Rng| {
                (0..400)
                    .map(|_| rng.point(DVec2::splat(0.01), DVec2::splat(size - 0.01)))
                    .find(|&p| world.signed_clearance(p) > 1e-3)
            };
            let (Some(s), Some(g)) = (pick(&mut rng), pick(&mut rng)) else {
                continue;
            };
            let ours = nav_length(&mut ctx, &mesh, v(s), v(g));
            let theirs = path_length(&poly, v(s), v(g));
            agreement.compare(ours, theirs, &|| {
                format!("seed {seed} from {s} to {g}\n{world:?}")
            });
        }
    }
    eprintln!(
        "random worlds: {} queries, {} found, worst relative difference {:.2e}",
        agreement.queries, agreement.found, agreement.worst
    );
    agreement.assert_agree("random worlds");
    assert!(agreement.found > agreement.queries / 2);
}

#[test]
fn random_grids_match_polyanya() {
    // Small random tile maps: shared edges between blocked cells, diagonal pinches, long walls.
    let mut rng = Rng::new(77);
    let mut agreement = Agreement::default();
    let mut ctx = MeshContext::new();
    for case in 0..150 {
        let (w, h) = (6 + rng.below(12) as u32, 5 + rng.below(10) as u32);
        let fill = rng.range(0.15, 0.45);
        let walkable: Vec<bool> = (0..w * h).map(|_| rng.unit() > fill).collect();
        let grid = nav_grid::GridMap::from_walkable(w, h, &walkable).unwrap();
        let world = MeshWorld::from_grid(&grid).unwrap();
        let poly = grid_mesh(&grid);
        let cells: Vec<u32> = (0..w * h).filter(|&i| walkable[i as usize]).collect();
        if cells.is_empty() {
            continue;
        }
        for _ in 0..6 {
            let centre = |i: u32| Vec2::new((i % w) as f32 + 0.5, (i / w) as f32 + 0.5);
            let s = centre(cells[rng.below(cells.len())]);
            let g = centre(cells[rng.below(cells.len())]);
            let before = agreement.mismatches.len();
            let map = || {
                (0..h)
                    .map(|y| {
                        (0..w)
                            .map(|x| {
                                if walkable[(y * w + x) as usize] {
                                    '.'
                                } else {
                                    '@'
                                }
                            })
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            agreement.compare(
                nav_length(&mut ctx, &world, s, g),
                path_length(&poly, s, g),
                &|| {
                    format!(
                        "grid case {case} from {s} to {g} (rows from y = 0):\n{}",
                        map()
                    )
                },
            );
            if agreement.mismatches.len() > before && agreement.mismatches.len() <= 5 {
                let why = Verdict::new(
                    &grid_oracle_world(&grid),
                    &nav_path(&mut ctx, &world, s, g),
                    &path_corners(&poly, s, g),
                );
                agreement
                    .mismatches
                    .last_mut()
                    .unwrap()
                    .push_str(&format!("\n{why}"));
            }
        }
    }
    eprintln!(
        "random grids: {} queries, {} found, worst relative difference {:.2e}, {} mismatches",
        agreement.queries,
        agreement.found,
        agreement.worst,
        agreement.mismatches.len()
    );
    agreement.assert_agree("random grids");
}

/// Compares every `step`-th row of a scenario; returns the agreement.
fn compare_scenario(dir: &Path, map: &str, step: usize) -> Agreement {
    compare_scenario_on(dir, map, step, PolyMesh::Squares)
}

/// Which polyanya mesh of a tile map's free space.
#[derive(Clone, Copy, Debug)]
enum PolyMesh {
    /// One square per free cell (`grid_mesh`).
    Squares,
    /// Polyanya's own triangulation of the bounds minus the blocked runs of each row
    /// (`world_mesh` of `grid_oracle_world`): far fewer polygons, so much faster to search.
    Triangulated,
}

fn compare_scenario_on(dir: &Path, map: &str, step: usize, mesh: PolyMesh) -> Agreement {
    let map_path = dir.join(map);
    let grid = read_map(&map_path).unwrap();
    let scen = read_scenario(dir.join(format!("{map}.scen"))).unwrap();
    let clock = std::time::Instant::now();
    let world = MeshWorld::from_grid(&grid).unwrap();
    let nav_build = clock.elapsed();
    let poly = match mesh {
        PolyMesh::Squares => grid_mesh(&grid),
        PolyMesh::Triangulated => world_mesh(&grid_oracle_world(&grid)),
    };
    let poly_build = clock.elapsed() - nav_build;
    let (mut nav_time, mut poly_time) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    let mut ctx = MeshContext::new();
    let mut agreement = Agreement::default();
    let mut oracle: Option<OracleWorld> = None;
    let centre = |c: nav_grid::Cell| Vec2::new(c.x as f32 + 0.5, c.y as f32 + 0.5);
    for (i, row) in scen.rows.iter().enumerate().step_by(step) {
        let (s, g) = (centre(row.start), centre(row.goal));
        let t0 = std::time::Instant::now();
        let ours = nav_length(&mut ctx, &world, s, g);
        let t1 = std::time::Instant::now();
        let theirs = path_length(&poly, s, g);
        nav_time += t1 - t0;
        poly_time += t1.elapsed();
        let before = agreement.mismatches.len();
        agreement.compare(ours, theirs, &|| format!("{map} row {i}: {s} to {g}"));
        if agreement.mismatches.len() > before {
            // Every disagreement goes to the oracle (a few per map: it is slow on big maps).
            let oracle = oracle.get_or_insert_with(|| grid_oracle_world(&grid));
            let why = Verdict::new(
                oracle,
                &nav_path(&mut ctx, &world, s, g),
                &path_corners(&poly, s, g),
            );
            let mut what = agreement.mismatches.pop().unwrap();
            what.push_str(&format!("; {why}"));
            if why.faults_polyanya() {
                agreement.polyanya_faults.push(what);
            } else {
                agreement.mismatches.push(what);
            }
        }
        // Any-angle is never longer than the octile optimum (8 moves, no corner cutting).
        // (Optima are printed to 2 decimals in some files: the tolerance of `nav scen`.)
        if let Some(length) = ours.filter(|&l| l > row.optimal_length + 5e-3) {
            agreement.mismatches.push(format!(
                "{map} row {i}: {length} > octile {}",
                row.optimal_length
            ));
        }
    }
    eprintln!(
        "{map}: built in {nav_build:?} (polyanya mesh {poly_build:?}); queries {nav_time:?} (polyanya {poly_time:?})"
    );
    eprintln!(
        "{map} ({mesh:?}): {} rows, {} found, worst relative difference {:.2e}, {} mismatches, \
         {} rows where the oracle faults polyanya",
        agreement.queries,
        agreement.found,
        agreement.worst,
        agreement.mismatches.len(),
        agreement.polyanya_faults.len(),
    );
    for fault in agreement.polyanya_faults.iter().take(3) {
        eprintln!("  polyanya faulted: {fault}");
    }
    agreement
}

#[test]
fn arena_every_row_matches_polyanya() {
    let Some(dir) = movingai_dir() else { return };
    let a = compare_scenario(&dir, "dao/arena.map", 1);
    assert_eq!(a.queries, 160);
    a.assert_agree("dao/arena.map");
}

/// The twelve Moving AI maps of `../shared/data/movingai`.
const MAPS: [&str; 12] = [
    "bg512/AR0011SR.map",
    "dao/arena.map",
    "dao/brc202d.map",
    "dao/den312d.map",
    "dao/den520d.map",
    "dao/lak303d.map",
    "maze/maze512-32-0.map",
    "random/random512-10-0.map",
    "room/8room_000.map",
    "sc1/AcrosstheCape.map",
    "street/Berlin_0_256.map",
    "street/Boston_0_256.map",
];

#[test]
fn moving_ai_samples_match_polyanya() {
    let Some(dir) = movingai_dir() else { return };
    // A spread of rows (short to long) of two more DAO maps and a city map on one square per
    // cell; every row is in `all_rows_of_every_map` (long at the test profile).
    for (map, step) in [
        ("dao/den312d.map", 16),
        ("dao/den520d.map", 89),
        ("street/Berlin_0_256.map", 93),
    ] {
        let a = compare_scenario(&dir, map, step);
        a.assert_agree(map);
        assert!(a.found > 0);
    }
}

#[test]
fn every_map_samples_match_polyanya_triangulated() {
    let Some(dir) = movingai_dir() else { return };
    // About 20 rows of each map, short to long, against polyanya on its own triangulation.
    // random512-10-0 and 8room_000 are left to `all_rows_of_every_map`: polyanya takes 20 to
    // 35 s to triangulate each of them.
    for map in MAPS {
        if map.starts_with("random/") || map.starts_with("room/") {
            continue;
        }
        let rows = read_scenario(dir.join(format!("{map}.scen")))
            .unwrap()
            .rows
            .len();
        let a = compare_scenario_on(&dir, map, rows.div_ceil(20), PolyMesh::Triangulated);
        a.assert_agree(map);
        assert!(a.found >= 19, "{map}: {} rows found", a.found);
    }
}

#[test]
fn a_polyanya_fault_on_across_the_cape_is_recognised() {
    // Row 834 of AcrosstheCape, found by `all_rows_of_every_map`: on its own triangulation
    // polyanya's path is 5.7e-3 shorter than nav's and crosses a closed gap (its segment from
    // (262, 364) to (311, 405) is blocked by the oracle's rule); on one square per cell it
    // agrees with nav.
    let Some(dir) = movingai_dir() else { return };
    let grid = read_map(dir.join("sc1/AcrosstheCape.map")).unwrap();
    let (s, g) = (Vec2::new(135.5, 239.5), Vec2::new(294.5, 447.5));
    let world = MeshWorld::from_grid(&grid).unwrap();
    let mut ctx = MeshContext::new();
    let ours = nav_path(&mut ctx, &world, s, g);
    let oracle = grid_oracle_world(&grid);
    let triangulated = world_mesh(&oracle);
    let theirs = path_corners(&triangulated, s, g);
    let verdict = Verdict::new(&oracle, &ours, &theirs);
    assert!(verdict.faults_polyanya(), "{verdict}");
    let mut agreement = Agreement::default();
    agreement.compare(
        ours.map(|(length, _)| length),
        path_length(&grid_mesh(&grid), s, g),
        &|| "row 834 on squares".to_string(),
    );
    agreement.assert_agree("sc1/AcrosstheCape.map row 834");
}

/// Every row of the twelve maps (long: run with `--release`). `NAV_POLYANYA_MAPS` picks maps
/// (comma-separated, as in `MAPS`); `NAV_POLYANYA_MESH=squares` searches one square per cell
/// (minutes on the 512 x 512 maps) instead of polyanya's own triangulation (the default; about
/// six minutes for the 20,417 rows, most of it random512-10-0 and 8room_000). A row where the
/// lengths differ fails unless the independent oracle finds nav's path valid and polyanya's
/// answer wrong (such rows are listed).
#[test]
#[ignore]
fn all_rows_of_every_map() {
    let Some(dir) = movingai_dir() else { return };
    let mesh = match std::env::var("NAV_POLYANYA_MESH").as_deref() {
        Ok("squares") => PolyMesh::Squares,
        Ok("triangulated") | Err(_) => PolyMesh::Triangulated,
        Ok(other) => panic!("NAV_POLYANYA_MESH={other}: expected squares or triangulated"),
    };
    let only = std::env::var("NAV_POLYANYA_MAPS").ok();
    let (mut rows, mut worst, mut faults, mut bad) = (0, 0.0f64, 0, Vec::new());
    for map in MAPS {
        if only
            .as_deref()
            .is_some_and(|list| !list.split(',').any(|m| m == map))
        {
            continue;
        }
        let a = compare_scenario_on(&dir, map, 1, mesh);
        rows += a.queries;
        worst = worst.max(a.worst);
        faults += a.polyanya_faults.len();
        if !a.mismatches.is_empty() {
            eprintln!(
                "{}",
                a.mismatches
                    .iter()
                    .take(5)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("\n")
            );
            bad.push(format!("{map}: {} of {}", a.mismatches.len(), a.queries));
        }
    }
    eprintln!(
        "all maps ({mesh:?}): {rows} rows, worst relative difference where they agree \
         {worst:.2e}, {faults} rows where the oracle faults polyanya"
    );
    assert!(bad.is_empty(), "disagreements: {bad:?}");
}
