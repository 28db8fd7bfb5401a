//! Polygon worlds: nav-mesh at r = 0 against the `polyanya` crate on the same free space (a
//! Moving AI map converted by `MeshWorld::from_grid`; for polyanya two meshes of it: one square
//! polygon per free cell, and the free triangles of nav-mesh's constrained Delaunay
//! triangulation, `MeshWorld::free_triangles`), and nav-mesh at r = 0.5 and 1 on the same rows,
//! in the same run. Then nav-agent's benchmark world (1000 boxes and discs, the same seed as
//! `benches/agent.rs`) as a polygon world: nav-mesh (exact) against nav-agent with its cache
//! emptied before each query (`nav_cold`, its lattice path), time and path length. And
//! (groups `mesh/baked_*`) Polyanya at r = 0 on a mesh baked for r = 0.5 and 1 (the map's
//! blocked cells grown by r, corners as inscribed 96-gons or 8-gons: one mesh per agent size, as
//! its users do) against nav-mesh at radius r on the original world, lengths checked first.
//!
//! Run: `cargo bench -p nav-benches --bench mesh -- --warm-up-time 1 --measurement-time 3`
//! (`-- baked ...` for the baked groups alone).
//!
//! `NAV_MESH_MAPS=all` (or a comma-separated list of map names, e.g. `arena,Berlin_0_256`)
//! runs the r = 0 comparison on the 12 Moving AI maps of the data directory instead
//! ([`ALL_MAPS`]): per map nav-mesh at r = 0, 0.5 and 2 and Polyanya on the CDT's free
//! triangles, lengths checked first as always; the square-per-cell mesh, the baked meshes and
//! nav-agent's world are left out (they cost seconds per query or per bake on the 512 x 512
//! maps). `NAV_MESH_ROWS=N` times N rows per map instead of 12.
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
use nav_benches::{fixed, median_ns, ratio, thread_cpu_ns};

/// The grid-to-Polyanya conversion the nav-mesh tests use (one copy for tests and bench).
#[allow(dead_code)]
#[path = "../../crates/mesh/tests/common/polyanya_mesh.rs"]
mod polyanya_mesh;
use polyanya_mesh::grid_mesh;

/// The maps benchmarked by default (family/name, as in the data directory).
const MAPS: [&str; 3] = ["dao/arena", "dao/den520d", "dao/brc202d"];
/// The 12 Moving AI maps of the data directory (`NAV_MESH_MAPS=all`).
const ALL_MAPS: [&str; 12] = [
    "dao/arena",
    "dao/den312d",
    "dao/den520d",
    "dao/brc202d",
    "dao/lak303d",
    "bg512/AR0011SR",
    "sc1/AcrosstheCape",
    "street/Berlin_0_256",
    "street/Boston_0_256",
    "room/8room_000",
    "maze/maze512-32-0",
    "random/random512-10-0",
];
/// Evenly spaced scenario rows per map (scenario files grow harder row by row).
const ROWS_PER_MAP: usize = 12;

/// The maps to run and whether this is the full default run (squares, bakes, nav-agent's
/// world): `NAV_MESH_MAPS` unset gives [`MAPS`] in full; `all` or a comma-separated list of
/// names (with or without the family) gives those maps, r = 0 comparison only.
fn selected_maps() -> (Vec<&'static str>, bool) {
    let Some(list) = std::env::var_os("NAV_MESH_MAPS") else {
        return (MAPS.to_vec(), true);
    };
    let list = list.to_string_lossy().into_owned();
    if list == "all" {
        return (ALL_MAPS.to_vec(), false);
    }
    let wanted: Vec<&str> = list.split(',').map(str::trim).collect();
    let maps: Vec<&'static str> = ALL_MAPS
        .iter()
        .copied()
        .filter(|m| {
            wanted
                .iter()
                .any(|w| m == w || m.rsplit('/').next() == Some(*w))
        })
        .collect();
    assert!(
        maps.len() == wanted.len(),
        "NAV_MESH_MAPS={list}: unknown map (known: {})",
        ALL_MAPS.join(", ")
    );
    (maps, false)
}

/// Rows timed per map: `NAV_MESH_ROWS`, or [`ROWS_PER_MAP`].
fn rows_per_map() -> usize {
    std::env::var("NAV_MESH_ROWS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(ROWS_PER_MAP)
}
/// Relative length agreement required between nav-mesh at r = 0 and polyanya.
const REL: f64 = 1e-6;
/// The benchmarks of every map, in the summary's order (`polyanya`, `nav_mesh_r0.5` and
/// `nav_mesh_r1` in the default run only).
const IMPLEMENTATIONS: [&str; 5] = [
    "nav_mesh_r0",
    "polyanya",
    "polyanya_cdt",
    "nav_mesh_r0.5",
    "nav_mesh_r1",
];
/// nav-mesh's radii on the map's rows: in the default run, and with `NAV_MESH_MAPS`.
const RADII_FULL: [(&str, f32); 3] = [
    ("nav_mesh_r0", 0.0),
    ("nav_mesh_r0.5", 0.5),
    ("nav_mesh_r1", 1.0),
];
const RADII_MAPS: [(&str, f32); 1] = [("nav_mesh_r0", 0.0)];
/// The radii of the "same rows" comparison (group `mesh/found_r{r}_{map}`): rows found at r,
/// timed at r and at r = 0. The map's evenly spaced rows are blocked or cut off for a large
/// disc on many maps (a cell centre next to a wall does not fit a disc of radius 2), and those
/// answer in a microsecond: timing r > 0 on them would flatter it.
const FOUND_RADII: [f32; 2] = [0.5, 2.0];

struct Case {
    name: String,
    world: MeshWorld,
    /// Polyanya on one square per free cell (default run only).
    poly: Option<polyanya::Mesh>,
    rows: Vec<(Vec2, Vec2)>,
    /// The rows' points located on polyanya's mesh before timing (its point location is left
    /// out of its time: only the search is compared).
    located: Vec<(polyanya::Coords, polyanya::Coords)>,
    /// Polyanya on the free triangles of nav-mesh's triangulation, and the rows located on it.
    tri_poly: polyanya::Mesh,
    tri_located: Vec<(polyanya::Coords, polyanya::Coords)>,
    triangles: usize,
    /// Per radius of [`FOUND_RADII`], evenly spaced scenario rows nav-mesh finds a path for at
    /// that radius (so at r = 0 too).
    found: Vec<(f32, Vec<(Vec2, Vec2)>)>,
    /// Polyanya's meshes baked for one radius each ([`BAKED_RADII`]).
    baked: Vec<Baked>,
}

impl Case {
    /// nav-mesh's radii timed on this map (the first is 0).
    fn radii(&self) -> &'static [(&'static str, f32)] {
        if self.poly.is_some() {
            &RADII_FULL
        } else {
            &RADII_MAPS
        }
    }
}

/// The Polyanya meshes baked per map: radius (in cells) and sides of the polygon standing for
/// each corner's circle (96: `Obstacle::Circle`, the triangulation's inscribed 96-gon; fewer:
/// an inscribed polygon obstacle, a coarser bake as a game would make).
const BAKES: [(f32, usize); 4] = [(0.5, 96), (0.5, 8), (1.0, 96), (1.0, 8)];

/// A Polyanya mesh of the free space of one map at one radius: every blocked cell grown by
/// `radius` (arcs as the triangulation's inscribed 96-gons), the bounds shrunk by it.
struct Baked {
    radius: f32,
    sides: usize,
    mesh: polyanya::Mesh,
    /// The rows' points located on `mesh` (`None`: the grown start or goal is blocked there).
    located: Vec<Option<(polyanya::Coords, polyanya::Coords)>>,
    triangles: usize,
    obstacles: usize,
    /// The rows both find a path on (filled by `check_baked`): the rows timed.
    both: Vec<usize>,
    /// Building the grown world and triangulating it, and converting to Polyanya, in ms.
    bake_ms: f64,
    convert_ms: f64,
}

/// A polyanya mesh of counter-clockwise triangles: each vertex lists its triangles
/// counter-clockwise, with `u32::MAX` wherever two consecutive ones share no edge (an obstacle
/// between them, or the outside).
fn triangle_mesh(tris: &[[Vec2; 3]]) -> polyanya::Mesh {
    use std::collections::HashMap;
    let mut index: HashMap<(u32, u32), u32> = HashMap::new();
    let mut pos: Vec<Vec2> = Vec::new();
    let polys: Vec<[u32; 3]> = tris
        .iter()
        .map(|t| {
            t.map(|p| {
                *index
                    .entry((p.x.to_bits(), p.y.to_bits()))
                    .or_insert_with(|| {
                        pos.push(p);
                        (pos.len() - 1) as u32
                    })
            })
        })
        .collect();
    let mut around: Vec<Vec<u32>> = vec![Vec::new(); pos.len()];
    for (i, t) in polys.iter().enumerate() {
        for &v in t {
            around[v as usize].push(i as u32);
        }
    }
    let centroid = |t: u32| {
        let [a, b, c] = polys[t as usize].map(|v| pos[v as usize]);
        (a + b + c) / 3.0
    };
    // The vertices after `v` in triangle `t` (counter-clockwise): its clockwise and
    // counter-clockwise neighbours around `v`.
    let sides = |t: u32, v: u32| {
        let tri = polys[t as usize];
        let i = tri.iter().position(|&x| x == v).expect("v in t");
        (tri[(i + 1) % 3], tri[(i + 2) % 3])
    };
    let vertices = around
        .iter()
        .enumerate()
        .map(|(v, list)| {
            let p = pos[v];
            let mut list = list.clone();
            list.sort_by(|&a, &b| {
                let (da, db) = (centroid(a) - p, centroid(b) - p);
                da.y.atan2(da.x).total_cmp(&db.y.atan2(db.x))
            });
            let mut out = Vec::with_capacity(list.len() + 2);
            for k in 0..list.len() {
                let (a, b) = (list[k], list[(k + 1) % list.len()]);
                out.push(a);
                if a == b || sides(a, v as u32).1 != sides(b, v as u32).0 {
                    out.push(u32::MAX);
                }
            }
            polyanya::Vertex::new([p.x, p.y].into(), out)
        })
        .collect();
    let polygons = polys
        .iter()
        .map(|t| polyanya::Polygon::new(t.to_vec(), false))
        .collect();
    let mut mesh = polyanya::Mesh::new(vertices, polygons).expect("a valid polyanya mesh");
    mesh.bake();
    mesh
}

/// The map's free space for a disc of radius `r` as a polygon world at radius 0: the map's cells
/// (`MeshWorld::from_grid`) with, on top, a strip of width `r` along every maximal straight
/// edge between blocked and free cells, on its free side, a circle of radius `r` at every convex corner of the blocked region
/// (outside the map counts as blocked), and strips of width `r` along the map's edges (the disc
/// stays inside the bounds). This is the Minkowski sum of the blocked region and the disc, with
/// circles as the triangulation's inscribed 96-gons.
fn grown_world(map: &nav::grid::GridMap, r: f32, sides: usize) -> MeshWorld {
    use nav::geom::{Aabb, Circle};
    use nav::grid::Cell;
    use nav::mesh::Obstacle;
    let (w, h) = (map.width() as i64, map.height() as i64);
    let blocked = |x: i64, y: i64| {
        x < 0 || y < 0 || x >= w || y >= h || !map.is_walkable(Cell::new(x as u32, y as u32))
    };
    let mut world = MeshWorld::from_grid(map).expect("a valid world");
    let mut add = |o: Obstacle| {
        world.insert(o).expect("a valid obstacle");
    };
    let (wf, hf) = (w as f32, h as f32);
    let b = |x0: f32, y0: f32, x1: f32, y1: f32| {
        Obstacle::Box(Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1)))
    };
    add(b(-1.0, -1.0, wf + 1.0, r));
    add(b(-1.0, hf - r, wf + 1.0, hf + 1.0));
    add(b(-1.0, -1.0, r, hf + 1.0));
    add(b(wf - r, -1.0, wf + 1.0, hf + 1.0));
    // A strip of width `r` on the free side of every maximal straight edge between a blocked
    // and a free cell of the map (edges along the map's edge are the bounds' strips'). Maximal
    // edges keep the baked boundary free of needless collinear corners.
    let free = |x: i64, y: i64| !blocked(x, y);
    for x in 0..=w {
        // Vertical edges at `x`: blocked on the left, free on the right, or the reverse.
        for (left_blocked, lo, hi) in [
            (true, x as f32, x as f32 + r),
            (false, x as f32 - r, x as f32),
        ] {
            let edge = |y: i64| {
                x > 0
                    && x < w
                    && if left_blocked {
                        blocked(x - 1, y) && free(x, y)
                    } else {
                        free(x - 1, y) && blocked(x, y)
                    }
            };
            let mut y = 0;
            while y < h {
                if !edge(y) {
                    y += 1;
                    continue;
                }
                let y0 = y;
                while y < h && edge(y) {
                    y += 1;
                }
                add(b(lo, y0 as f32, hi, y as f32));
            }
        }
    }
    for y in 0..=h {
        // Horizontal edges at `y`: blocked below, free above, or the reverse.
        for (below_blocked, lo, hi) in [
            (true, y as f32, y as f32 + r),
            (false, y as f32 - r, y as f32),
        ] {
            let edge = |x: i64| {
                y > 0
                    && y < h
                    && if below_blocked {
                        blocked(x, y - 1) && free(x, y)
                    } else {
                        free(x, y - 1) && blocked(x, y)
                    }
            };
            let mut x = 0;
            while x < w {
                if !edge(x) {
                    x += 1;
                    continue;
                }
                let x0 = x;
                while x < w && edge(x) {
                    x += 1;
                }
                add(b(x0 as f32, lo, x as f32, hi));
            }
        }
    }
    // Circles at the convex corners: one blocked cell of the four around the corner, or two
    // diagonal ones.
    for j in 0..=h {
        for i in 0..=w {
            let around = [
                blocked(i - 1, j - 1),
                blocked(i, j - 1),
                blocked(i - 1, j),
                blocked(i, j),
            ];
            let n = around.iter().filter(|&&x| x).count();
            let diagonal = n == 2 && around[0] == around[3];
            let c = Vec2::new(i as f32, j as f32);
            if (n == 1 || diagonal) && sides == MeshWorld::CIRCLE_SIDES {
                add(Obstacle::Circle(Circle::new(c, r)));
            } else if n == 1 || diagonal {
                let step = std::f32::consts::TAU / sides as f32;
                let pts = (0..sides)
                    .map(|k| c + Vec2::from_angle(k as f32 * step) * r)
                    .collect();
                add(Obstacle::Polygon(pts));
            }
        }
    }
    world
}

/// Bakes the Polyanya mesh of `map` for radius `r` and locates `rows` on it.
fn bake(map: &nav::grid::GridMap, (r, sides): (f32, usize), rows: &[(Vec2, Vec2)]) -> Baked {
    let t = std::time::Instant::now();
    let world = grown_world(map, r, sides);
    let tris = world.free_triangles();
    let bake_ms = t.elapsed().as_secs_f64() * 1e3;
    let t = std::time::Instant::now();
    let mesh = triangle_mesh(&tris);
    let convert_ms = t.elapsed().as_secs_f64() * 1e3;
    let on_mesh = |p: Vec2| {
        let c = polyanya::Coords::on_mesh([p.x, p.y].into());
        mesh.get_closest_point(c).filter(|c| {
            let q = c.position();
            (q.x - p.x).hypot(q.y - p.y) < 1e-4
        })
    };
    let located = rows
        .iter()
        .map(|&(s, g)| Some((on_mesh(s)?, on_mesh(g)?)))
        .collect();
    Baked {
        radius: r,
        sides,
        located,
        triangles: tris.len(),
        obstacles: world.len(),
        both: Vec::new(),
        mesh,
        bake_ms,
        convert_ms,
    }
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

fn load_cases(maps: &[&str], full: bool) -> Vec<Case> {
    let dir = data_dir();
    let mut cases = Vec::new();
    let per = rows_per_map();
    for &name in maps {
        let map_path = dir.join(format!("{name}.map"));
        let (Ok(map), Ok(scen)) = (
            read_map(&map_path),
            read_scenario(dir.join(format!("{name}.map.scen"))),
        ) else {
            eprintln!("{}: missing, skipped", map_path.display());
            continue;
        };
        let rows = nav_benches::spread_rows(&scen, per);
        let poly = full.then(|| grid_mesh(&map));
        let located = poly.as_ref().map_or_else(Vec::new, |poly| {
            rows.iter()
                .map(|&(s, g)| (locate(poly, s), locate(poly, g)))
                .collect()
        });
        let world = MeshWorld::from_grid(&map).expect("a valid world");
        let tris = world.free_triangles();
        let tri_poly = triangle_mesh(&tris);
        let tri_located = rows
            .iter()
            .map(|&(s, g)| (locate(&tri_poly, s), locate(&tri_poly, g)))
            .collect();
        let found = FOUND_RADII
            .iter()
            .map(|&r| (r, nav_benches::rows_found(&world, &scen, per, r)))
            .collect();
        let baked = if full {
            BAKES.map(|b| bake(&map, b, &rows)).into()
        } else {
            Vec::new()
        };
        cases.push(Case {
            name: name.rsplit('/').next().unwrap_or(name).to_string(),
            world,
            poly,
            rows,
            located,
            tri_poly,
            tri_located,
            triangles: tris.len(),
            found,
            baked,
        });
    }
    cases
}

/// Panics unless nav-mesh at r = 0 and polyanya agree on every row.
fn check_lengths(cases: &[Case]) {
    let mut ctx = MeshContext::new();
    for case in cases {
        let mut worst = 0.0f64;
        let radii = case.radii();
        let mut found = vec![0usize; radii.len()];
        for (k, (&(s, g), &tri_located)) in case.rows.iter().zip(&case.tri_located).enumerate() {
            let ours = nav_length(&mut ctx, &case.world, MeshQuery::new(s, g));
            let theirs = case
                .poly
                .as_ref()
                .map(|poly| polyanya_length(poly, case.located[k]));
            let on_triangles = polyanya_length(&case.tri_poly, tri_located);
            match (ours, on_triangles) {
                (Some(a), Some(b)) => {
                    let rel = (a - b).abs() / a.max(b).max(1e-9);
                    worst = worst.max(rel);
                    assert!(
                        rel <= REL,
                        "{}: from {s} to {g}: nav-mesh {a} vs polyanya on triangles {b}",
                        case.name
                    );
                }
                (None, None) => {}
                (a, b) => panic!(
                    "{}: from {s} to {g}: nav-mesh {a:?} vs polyanya on triangles {b:?}",
                    case.name
                ),
            }
            match (ours, theirs.unwrap_or(ours)) {
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
            for (k, &(_, r)) in radii.iter().enumerate().skip(1) {
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
        let found: Vec<String> = found.iter().map(|n| n.to_string()).collect();
        let radii: Vec<String> = radii.iter().map(|(_, r)| r.to_string()).collect();
        println!(
            "{}: {} rows, nav-mesh r = 0 and polyanya ({}{} triangles) agree (worst relative \
             difference {worst:.1e}); found at r = {}: {} (the others are blocked or have no \
             path)",
            case.name,
            case.rows.len(),
            if case.poly.is_some() {
                "squares, and "
            } else {
                ""
            },
            case.triangles,
            radii.join(" / "),
            found.join(" / ")
        );
    }
}

/// Relative length agreement required between nav-mesh at radius r and Polyanya on a mesh
/// baked for r with `sides`-gon corners: its arcs are inscribed polygons (a subset of each disc,
/// the way around it at most `1 - cos(pi / sides)` shorter: about 5e-4 for 96 sides), so Polyanya
/// may be shorter by that much, never longer by more than `REL`.
fn baked_rel(sides: usize) -> f64 {
    1.0 - (std::f64::consts::PI / sides as f64).cos()
}

/// Compares nav-mesh at each baked radius (on the original world) with Polyanya on the baked
/// mesh, fills each bake's `both` (rows both find a path on), prints the worst relative
/// difference and what was skipped. Panics on a difference beyond the arcs' approximation.
fn check_baked(cases: &mut [Case]) {
    let mut ctx = MeshContext::new();
    println!("\nPolyanya on a mesh baked for one radius, against nav-mesh at that radius:");
    for case in cases {
        for baked in &mut case.baked {
            let r = baked.radius;
            let (mut worst, mut shorter) = (0.0f64, 0.0f64);
            let (mut nav_only, mut poly_only, mut neither) = (0, 0, 0);
            baked.both.clear();
            for (k, (&(s, g), located)) in case.rows.iter().zip(&baked.located).enumerate() {
                let ours = nav_length(&mut ctx, &case.world, MeshQuery::new(s, g).with_radius(r));
                let theirs = located.and_then(|l| polyanya_length(&baked.mesh, l));
                match (ours, theirs) {
                    (Some(a), Some(b)) => {
                        let rel = (b - a) / a.max(1e-9);
                        assert!(
                            (-baked_rel(baked.sides)..=REL).contains(&rel),
                            "{}: r = {r}, {}-gons: from {s} to {g}: nav-mesh {a} vs Polyanya baked {b}",
                            case.name,
                            baked.sides
                        );
                        worst = worst.max(rel.abs());
                        shorter = shorter.max(-rel);
                        baked.both.push(k);
                    }
                    (Some(_), None) => nav_only += 1,
                    (None, Some(_)) => poly_only += 1,
                    (None, None) => neither += 1,
                }
            }
            println!(
                "{} r = {r}, {}-gon corners: {} obstacles on the grid, {} free triangles, baked in {:.0} ms \
                 (+ {:.0} ms to convert); {} rows both find, worst relative difference \
                 {worst:.1e} (Polyanya shorter by up to {shorter:.1e}); skipped: {neither} \
                 neither finds, {nav_only} only nav, {poly_only} only Polyanya",
                case.name,
                baked.sides,
                baked.obstacles,
                baked.triangles,
                baked.bake_ms,
                baked.convert_ms,
                baked.both.len()
            );
        }
    }
}

/// Polyanya at r = 0 on each baked mesh against nav-mesh at that radius on the original world
/// (warm context), over the rows both find.
fn bench_baked(c: &mut Criterion, case: &Case) {
    for baked in case.baked.iter().filter(|b| !b.both.is_empty()) {
        let r = baked.radius;
        let mut group =
            c.benchmark_group(format!("mesh/baked_{}_r{r}_n{}", case.name, baked.sides));
        group.sample_size(10);
        let mut ctx = MeshContext::new();
        group.bench_function("nav_mesh", |b| {
            b.iter(|| {
                for &k in &baked.both {
                    let (s, g) = case.rows[k];
                    let q = MeshQuery::new(s, g).with_radius(r);
                    black_box(nav_length(&mut ctx, &case.world, q));
                }
            })
        });
        group.bench_function("polyanya_baked", |b| {
            b.iter(|| {
                for &k in &baked.both {
                    let located = baked.located[k].expect("located");
                    black_box(polyanya_length(&baked.mesh, located));
                }
            })
        });
        group.finish();
    }
}

fn print_baked_summary(cases: &[Case]) {
    println!("\nbaked meshes, time per query in us (criterion median / rows timed):");
    println!(
        "{:<10} {:>6} {:>6} {:>6} {:>12} {:>16} {:>14}",
        "map", "radius", "sides", "rows", "nav-mesh r", "Polyanya baked", "baked/nav"
    );
    for case in cases {
        for baked in &case.baked {
            let group = format!(
                "mesh/baked_{}_r{}_n{}",
                case.name, baked.radius, baked.sides
            );
            let n = baked.both.len().max(1) as f64;
            let per = |f: &str| median_ns(&group, f).map(|ns| ns / n / 1e3);
            let timed = !baked.both.is_empty();
            let (m, p) = (
                per("nav_mesh").filter(|_| timed),
                per("polyanya_baked").filter(|_| timed),
            );
            println!(
                "{:<10} {:>6} {:>6} {:>6} {:>12} {:>16} {:>14}",
                case.name,
                baked.radius,
                baked.sides,
                baked.both.len(),
                fixed(m, 1),
                fixed(p, 1),
                ratio(p, m, 2)
            );
        }
    }
}

fn bench_case(c: &mut Criterion, case: &Case) {
    let mut group = c.benchmark_group(format!("mesh/{}", case.name));
    group.sample_size(10);
    // Flat sampling: 10 samples of equal size (the linear default needs 55 batches, which on
    // the 512 x 512 maps is most of a minute per benchmark).
    group.sampling_mode(criterion::SamplingMode::Flat);
    for &(function, radius) in case.radii() {
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
    if let Some(poly) = &case.poly {
        group.bench_function("polyanya", |b| {
            b.iter(|| {
                for &located in &case.located {
                    black_box(polyanya_length(poly, located));
                }
            })
        });
    }
    group.bench_function("polyanya_cdt", |b| {
        b.iter(|| {
            for &located in &case.tri_located {
                black_box(polyanya_length(&case.tri_poly, located));
            }
        })
    });
    group.finish();
    for (r, rows) in case.found.iter().filter(|(_, rows)| !rows.is_empty()) {
        let mut group = c.benchmark_group(format!("mesh/found_r{r}_{}", case.name));
        group.sample_size(10);
        group.sampling_mode(criterion::SamplingMode::Flat);
        for radius in [0.0, *r] {
            let mut ctx = MeshContext::new();
            group.bench_function(format!("nav_mesh_r{radius}"), |b| {
                b.iter(|| {
                    for &(s, g) in rows {
                        let q = MeshQuery::new(s, g).with_radius(radius);
                        black_box(nav_length(&mut ctx, &case.world, q));
                    }
                })
            });
        }
        group.finish();
    }
}

fn print_summary(cases: &[Case]) {
    println!("\ncriterion medians, time per query (a batch's median / rows in the batch) in us:");
    println!(
        "{:<16} {:>10} {:>10} {:>12} {:>10} {:>10} {:>12} {:>10} {:>10}",
        "map",
        "nav r=0",
        "polyanya",
        "polyanya cdt",
        "nav r=0.5",
        "nav r=1",
        "squares/nav",
        "cdt/nav",
        "r0.5/r0"
    );
    for case in cases {
        let group = format!("mesh/{}", case.name);
        let us: Vec<Option<f64>> = IMPLEMENTATIONS
            .iter()
            .map(|&f| {
                let timed = f == "polyanya_cdt"
                    || (f == "polyanya" && case.poly.is_some())
                    || case.radii().iter().any(|&(g, _)| g == f);
                median_ns(&group, f)
                    .filter(|_| timed)
                    .map(|ns| ns / case.rows.len() as f64 / 1e3)
            })
            .collect();
        println!(
            "{:<16} {:>10} {:>10} {:>12} {:>10} {:>10} {:>12} {:>10} {:>10}",
            case.name,
            fixed(us[0], 1),
            fixed(us[1], 1),
            fixed(us[2], 1),
            fixed(us[3], 1),
            fixed(us[4], 1),
            ratio(us[1], us[0], 2),
            ratio(us[2], us[0], 2),
            ratio(us[3], us[0], 2)
        );
    }
    println!("\nrows found at r, timed at r and at r = 0 (us per query):");
    println!(
        "{:<16} {:>6} {:>6} {:>10} {:>10} {:>8}",
        "map", "r", "rows", "nav r=0", "nav r", "r/r0"
    );
    for case in cases {
        for (r, rows) in &case.found {
            let group = format!("mesh/found_r{r}_{}", case.name);
            let n = rows.len().max(1) as f64;
            let timed = !rows.is_empty();
            let per = |f: String| {
                median_ns(&group, &f)
                    .filter(|_| timed)
                    .map(|ns| ns / n / 1e3)
            };
            let (zero, grown) = (per("nav_mesh_r0".into()), per(format!("nav_mesh_r{r}")));
            println!(
                "{:<16} {:>6} {:>6} {:>10} {:>10} {:>8}",
                case.name,
                r,
                rows.len(),
                fixed(zero, 1),
                fixed(grown, 1),
                ratio(grown, zero, 2)
            );
        }
    }
}

/// The 12-map comparison in CPU time (this thread's: the load of a shared machine inflates
/// it much less than wall time), the implementations interleaved: each of 7 rounds times
/// every one of them once, for at least 100 ms each (whole batches of rows; the clock,
/// `/proc/thread-self/schedstat`, advances in scheduler ticks of up to 4 ms), and the table
/// gives each one's median per query. The times a ratio divides are then taken within a
/// second or so of each other, not minutes apart as criterion's groups are.
fn print_cpu_table(cases: &[Case]) {
    println!(
        "\nCPU time per query in us, interleaved rounds (median of 7); r > 0 on the rows found \
         at r, against r = 0 on the same rows:"
    );
    println!(
        "{:<16} {:>10} {:>12} {:>8} | {:>5} {:>10} {:>10} {:>7} | {:>5} {:>10} {:>10} {:>7}",
        "map",
        "nav r=0",
        "polyanya cdt",
        "cdt/nav",
        "rows",
        "r=0",
        "r=0.5",
        "ratio",
        "rows",
        "r=0",
        "r=2",
        "ratio"
    );
    /// Rows in a batch, and the batch.
    type Timed<'a> = (usize, Box<dyn FnMut() + 'a>);
    /// nav-mesh at radius `r` over `rows`, its context kept warm.
    fn nav<'a>(world: &'a MeshWorld, rows: &'a [(Vec2, Vec2)], r: f32) -> Timed<'a> {
        let mut ctx = MeshContext::new();
        (
            rows.len(),
            Box::new(move || {
                for &(s, g) in rows {
                    let q = MeshQuery::new(s, g).with_radius(r);
                    black_box(nav_length(&mut ctx, world, q));
                }
            }),
        )
    }
    for case in cases {
        let mut timed: Vec<Timed<'_>> = vec![
            nav(&case.world, &case.rows, 0.0),
            (
                case.tri_located.len(),
                Box::new(|| {
                    for &located in &case.tri_located {
                        black_box(polyanya_length(&case.tri_poly, located));
                    }
                }),
            ),
        ];
        for (r, rows) in &case.found {
            timed.push(nav(&case.world, rows, 0.0));
            timed.push(nav(&case.world, rows, *r));
        }
        // Batches between two readings of the clock: about 1 ms of them (a reading costs a
        // system call, a few microseconds, which would weigh on arena's 30 µs batches).
        let reps: Vec<u64> = timed
            .iter_mut()
            .map(|(_, f)| {
                let t = std::time::Instant::now();
                f();
                (1e-3 / t.elapsed().as_secs_f64().max(1e-9)).clamp(1.0, 1e4) as u64
            })
            .collect();
        let mut samples = vec![Vec::new(); timed.len()];
        for _ in 0..7 {
            for (k, (n, f)) in timed.iter_mut().enumerate() {
                if *n == 0 {
                    continue;
                }
                let Some(start) = thread_cpu_ns() else {
                    return;
                };
                let mut batches = 0u64;
                // At least 100 ms: the clock advances in scheduler ticks (up to 4 ms here).
                while batches == 0 || thread_cpu_ns().unwrap_or(u64::MAX) - start < 100_000_000 {
                    for _ in 0..reps[k] {
                        f();
                    }
                    batches += reps[k];
                }
                let ns = thread_cpu_ns().unwrap_or(start) - start;
                samples[k].push(ns as f64 / 1e3 / (batches * *n as u64) as f64);
            }
        }
        let us: Vec<Option<f64>> = samples
            .iter_mut()
            .map(|v| {
                v.sort_by(f64::total_cmp);
                v.get(v.len() / 2).copied()
            })
            .collect();
        let rows = |k: usize| case.found.get(k).map_or(0, |(_, r)| r.len());
        println!(
            "{:<16} {:>10} {:>12} {:>8} | {:>5} {:>10} {:>10} {:>7} | {:>5} {:>10} {:>10} {:>7}",
            case.name,
            fixed(us[0], 1),
            fixed(us[1], 1),
            ratio(us[1], us[0], 2),
            rows(0),
            fixed(us[2], 1),
            fixed(us[3], 1),
            ratio(us[3], us[2], 2),
            rows(1),
            fixed(us[4], 1),
            fixed(us[5], 1),
            ratio(us[5], us[4], 2)
        );
    }
}

/// Radii of the nav-agent comparison (its bench's step rule: `max(1, r / 2)`).
const AGENT_RADII: [f32; 3] = [0.5, 2.0, 10.0];

fn agent_query(r: f32, a: Vec2, b: Vec2) -> nav::agent::AgentQuery {
    let agent = nav::agent::Agent::new(r, (r / 2.0).max(1.0)).expect("valid agent");
    nav::agent::AgentQuery::new(a, b).with_agent(&agent)
}

/// Lengths on the agent scene: nav-mesh's exact paths against nav-agent's smoothed lattice
/// paths, summed over the queries both solve.
fn agent_report(scene: &nav_benches::AgentScene) {
    let mut ctx = MeshContext::new();
    let mut actx = nav::agent::AgentContext::new();
    println!("\nnav-agent's benchmark world as a polygon world (8 queries):");
    for r in AGENT_RADII {
        let (mut both, mut ours, mut theirs) = (0, 0.0, 0.0);
        for &(a, b) in &scene.queries {
            let exact = nav_length(&mut ctx, &scene.mesh, MeshQuery::new(a, b).with_radius(r));
            actx.find_path(&scene.world, &agent_query(r, a, b))
                .expect("valid query");
            let path = actx.last_path();
            if let Some(l) = exact
                && path.status() == PathStatus::Found
            {
                both += 1;
                ours += l;
                theirs += path.length();
                assert!(
                    l <= path.length() * (1.0 + 1e-3),
                    "r = {r}: the exact path {l} is longer than the lattice's {}",
                    path.length()
                );
            }
        }
        println!(
            "r = {r}: {both} solved by both; total length nav-mesh {ours:.2}, nav-agent {theirs:.2} \
             ({:.2}% longer)",
            100.0 * (theirs / ours.max(1e-9) - 1.0)
        );
    }
}

fn bench_agent_scene(c: &mut Criterion, scene: &nav_benches::AgentScene) {
    for r in AGENT_RADII {
        let mut group = c.benchmark_group(format!("mesh/agent_world_r{r}"));
        group.sample_size(10);
        let mut ctx = MeshContext::new();
        group.bench_function("nav_mesh", |b| {
            b.iter(|| {
                for &(s, g) in &scene.queries {
                    let q = MeshQuery::new(s, g).with_radius(r);
                    black_box(nav_length(&mut ctx, &scene.mesh, q));
                }
            })
        });
        let mut actx = nav::agent::AgentContext::new();
        group.bench_function("nav_agent_cold", |b| {
            b.iter(|| {
                for &(s, g) in &scene.queries {
                    actx.clear_cache();
                    let q = agent_query(r, s, g);
                    black_box(actx.find_path(&scene.world, &q).is_ok());
                }
            })
        });
        group.finish();
    }
}

fn print_agent_summary(scene: &nav_benches::AgentScene) {
    println!("\nnav-agent's world, time per query in us (criterion median / 8):");
    println!(
        "{:<8} {:>12} {:>16} {:>14}",
        "radius", "nav-mesh", "nav-agent cold", "agent/mesh"
    );
    for r in AGENT_RADII {
        let group = format!("mesh/agent_world_r{r}");
        let per = |f: &str| median_ns(&group, f).map(|ns| ns / scene.queries.len() as f64 / 1e3);
        let (m, a) = (per("nav_mesh"), per("nav_agent_cold"));
        println!(
            "{:<8} {:>12} {:>16} {:>14}",
            r,
            fixed(m, 1),
            fixed(a, 1),
            ratio(a, m, 2)
        );
    }
}

/// CPU time per query (this thread's, in µs: a shared machine's load does not inflate it)
/// of `f` over the scene's queries, the median of 7 rounds of at least 30 ms each.
fn cpu_us_per_query(queries: usize, f: &mut dyn FnMut()) -> Option<f64> {
    let mut rounds = Vec::new();
    for _ in 0..7 {
        let start = thread_cpu_ns()?;
        let mut batches = 0u64;
        while thread_cpu_ns()? - start < 30_000_000 {
            f();
            batches += 1;
        }
        rounds.push((thread_cpu_ns()? - start) as f64 / 1e3 / (batches * queries as u64) as f64);
    }
    rounds.sort_by(f64::total_cmp);
    Some(rounds[3])
}

/// The agent world in CPU time: nav-mesh warm (one context for all queries, as in the
/// criterion groups) and cold (a new context per query), nav-agent cold; then nav-tangent
/// against nav-mesh on the world's circles alone (both warm), lengths checked equal first.
fn print_agent_cpu(scene: &nav_benches::AgentScene) {
    let n = scene.queries.len();
    println!("\nnav-agent's world, CPU time per query in us (median of 7 rounds):");
    println!(
        "{:<8} {:>10} {:>10} {:>16} {:>12} {:>12}",
        "radius", "mesh warm", "mesh cold", "nav-agent cold", "agent/warm", "agent/cold"
    );
    for r in AGENT_RADII {
        let mut ctx = MeshContext::new();
        let warm = cpu_us_per_query(n, &mut || {
            for &(s, g) in &scene.queries {
                black_box(nav_length(
                    &mut ctx,
                    &scene.mesh,
                    MeshQuery::new(s, g).with_radius(r),
                ));
            }
        });
        let cold = cpu_us_per_query(n, &mut || {
            for &(s, g) in &scene.queries {
                let mut ctx = MeshContext::new();
                black_box(nav_length(
                    &mut ctx,
                    &scene.mesh,
                    MeshQuery::new(s, g).with_radius(r),
                ));
            }
        });
        let mut actx = nav::agent::AgentContext::new();
        let agent = cpu_us_per_query(n, &mut || {
            for &(s, g) in &scene.queries {
                actx.clear_cache();
                black_box(actx.find_path(&scene.world, &agent_query(r, s, g)).is_ok());
            }
        });
        println!(
            "{:<8} {:>10} {:>10} {:>16} {:>12} {:>12}",
            r,
            fixed(warm, 1),
            fixed(cold, 1),
            fixed(agent, 1),
            ratio(agent, warm, 2),
            ratio(agent, cold, 2)
        );
    }
    println!("\nits 500 circles alone, CPU time per query in us (both warm):");
    println!(
        "{:<8} {:>12} {:>12} {:>16} {:>18}",
        "radius", "nav-mesh", "nav-tangent", "tangent/mesh", "worst length diff"
    );
    for r in AGENT_RADII {
        let mut mctx = MeshContext::new();
        let mut tctx = nav::tangent::CircleContext::new();
        let mut worst = 0.0f64;
        for &(s, g) in &scene.queries {
            let ours = nav_length(
                &mut mctx,
                &scene.circles_mesh,
                MeshQuery::new(s, g).with_radius(r),
            );
            let q = nav::tangent::CircleQuery::new(s, g).with_radius(r);
            let theirs = tctx.find_path(&scene.circles, &q).expect("valid query");
            let theirs = theirs.is_found().then(|| theirs.cost());
            match (ours, theirs) {
                (Some(a), Some(b)) => worst = worst.max((a - b).abs() / b),
                (a, b) => assert_eq!(a.is_some(), b.is_some(), "r = {r}: {s} -> {g}"),
            }
        }
        let mesh = cpu_us_per_query(n, &mut || {
            for &(s, g) in &scene.queries {
                let q = MeshQuery::new(s, g).with_radius(r);
                black_box(nav_length(&mut mctx, &scene.circles_mesh, q));
            }
        });
        let tangent = cpu_us_per_query(n, &mut || {
            for &(s, g) in &scene.queries {
                let q = nav::tangent::CircleQuery::new(s, g).with_radius(r);
                black_box(tctx.find_path(&scene.circles, &q).is_ok());
            }
        });
        println!(
            "{:<8} {:>12} {:>12} {:>16} {:>18.1e}",
            r,
            fixed(mesh, 1),
            fixed(tangent, 1),
            ratio(tangent, mesh, 2),
            worst
        );
    }
}

fn main() {
    let (maps, full) = selected_maps();
    let mut cases = load_cases(&maps, full);
    check_lengths(&cases);
    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3))
        .configure_from_args();
    if !full {
        for case in &cases {
            bench_case(&mut c, case);
        }
        c.final_summary();
        print_summary(&cases);
        print_cpu_table(&cases);
        return;
    }
    check_baked(&mut cases);
    let scene = nav_benches::agent_scene();
    agent_report(&scene);
    for case in &cases {
        bench_case(&mut c, case);
        bench_baked(&mut c, case);
    }
    bench_agent_scene(&mut c, &scene);
    c.final_summary();
    print_summary(&cases);
    print_baked_summary(&cases);
    print_agent_summary(&scene);
    print_agent_cpu(&scene);
}
