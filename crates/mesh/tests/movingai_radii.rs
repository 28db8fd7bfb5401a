//! Moving AI maps at radii r > 0, against references written for this test alone:
//!
//! * **an upper bound**: Dijkstra over the cell centres with 16 moves (the 8 neighbours and
//!   the 8 knight moves), a move allowed when the segment keeps distance `>= r` from every
//!   blocked cell's square and the disc stays inside the map. Its path is a valid path for the
//!   disc, so where it finds one nav-mesh must find one too, no longer than it;
//! * **a lower bound**: nav-mesh's own length at r = 0 (which the Polyanya tests check), since
//!   a path for a larger disc is a path for a smaller one: lengths never fall as r grows, and a
//!   row without a path at r has none at any larger r;
//! * **validity**: every path found passes the independent geometric checker
//!   (`check_piece_path`: pieces join, clearance `>= r` from every blocked cell, the disc inside
//!   the bounds, length = sum of pieces);
//! * **ends**: `OutOfBounds` exactly where the disc at an end leaves the map, else
//!   `StartBlocked` / `GoalBlocked` exactly where it does not fit there, by exact distances to
//!   the cells (the start is decided before the goal).
//!
//! The radii avoid half-integers, so that no reference move runs exactly tangent to two walls
//! (a gap exactly `2r` wide is closed for nav-mesh). `movingai_every_radius_on_more_maps`
//! (ignored, long: run with `--release`) covers the other maps.

use glam::DVec2;
use nav_geom::PathPiece;
use nav_grid::movingai::{read_map, read_scenario};
use nav_grid::{Cell, GridMap};
use nav_mesh::{MeshContext, MeshQuery, MeshWorld, PathStatus};
use nav_testkit::polygon_oracle::{OracleObstacle, OracleWorld, check_piece_path};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

const RADII: [f64; 5] = [0.25, 0.45, 0.9, 1.4, 1.9];
/// Clearances are measured up to this far (every radius is below it).
const REACH: f64 = 2.0;
const MOVES: [(i32, i32); 16] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// The map's blocked cells and, for every cell and move, the clearance of the move's segment
/// (capped at [`REACH`]; `-1` where it leaves the map or starts in a blocked cell).
struct Reference {
    w: i32,
    h: i32,
    blocked: Vec<bool>,
    clearance: Vec<[f64; 16]>,
}

fn centre(x: i32, y: i32) -> DVec2 {
    DVec2::new(x as f64 + 0.5, y as f64 + 0.5)
}

impl Reference {
    fn new(map: &GridMap) -> Self {
        let (w, h) = (map.width() as i32, map.height() as i32);
        let blocked: Vec<bool> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| !map.is_walkable(Cell::new(x as u32, y as u32)))
            .collect();
        let mut r = Self {
            w,
            h,
            blocked,
            clearance: Vec::new(),
        };
        r.clearance = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                MOVES.map(|(dx, dy)| {
                    let (tx, ty) = (x + dx, y + dy);
                    if r.is_blocked(x, y) || r.is_blocked(tx, ty) {
                        -1.0
                    } else {
                        r.segment_clearance(centre(x, y), centre(tx, ty))
                    }
                })
            })
            .collect();
        r
    }

    /// Blocked, or outside the map.
    fn is_blocked(&self, x: i32, y: i32) -> bool {
        x < 0 || y < 0 || x >= self.w || y >= self.h || self.blocked[(y * self.w + x) as usize]
    }

    /// The blocked cells whose squares come within `reach` of the box `[lo, hi]`, as oracle boxes.
    fn cells_near(&self, lo: DVec2, hi: DVec2, reach: f64) -> Vec<OracleObstacle> {
        let mut out = Vec::new();
        self.each_near(lo, hi, reach, |o| out.push(o));
        out
    }

    /// [`Self::cells_near`], one at a time.
    fn each_near(&self, lo: DVec2, hi: DVec2, reach: f64, mut f: impl FnMut(OracleObstacle)) {
        let x0 = ((lo.x - reach).floor() as i32).max(0);
        let y0 = ((lo.y - reach).floor() as i32).max(0);
        let x1 = ((hi.x + reach).floor() as i32).min(self.w - 1);
        let y1 = ((hi.y + reach).floor() as i32).min(self.h - 1);
        for y in y0..=y1 {
            for x in x0..=x1 {
                if self.blocked[(y * self.w + x) as usize] {
                    let min = DVec2::new(x as f64, y as f64);
                    f(OracleObstacle::Box {
                        min,
                        max: min + DVec2::ONE,
                    });
                }
            }
        }
    }

    /// Distance from the segment to the nearest blocked square or the map's edge, capped at
    /// [`REACH`]. (Inside a box the distance to its boundary is concave, so along a segment its
    /// least value is at an end.)
    fn segment_clearance(&self, a: DVec2, b: DVec2) -> f64 {
        let edge = |p: DVec2| {
            p.x.min(p.y)
                .min(self.w as f64 - p.x)
                .min(self.h as f64 - p.y)
        };
        let mut best = REACH.min(edge(a)).min(edge(b));
        self.each_near(a.min(b), a.max(b), REACH, |o| {
            best = best.min(o.distance_to_segment(a, b));
        });
        best
    }

    /// Whether the disc of radius r at `p` lies inside the map (touching its edge allowed).
    fn disc_in_map(&self, p: DVec2, r: f64) -> bool {
        OracleWorld::new(
            DVec2::ZERO,
            DVec2::new(self.w as f64, self.h as f64),
            Vec::new(),
        )
        .disc_in_bounds(p, r)
    }

    /// Whether a disc of radius r fits at `p`: inside the map, at distance `>= r` from every
    /// blocked square.
    fn fits(&self, p: DVec2, r: f64) -> bool {
        let world = OracleWorld::new(
            DVec2::ZERO,
            DVec2::new(self.w as f64, self.h as f64),
            self.cells_near(p, p, r + 1.0),
        );
        world.fits(p, r)
    }

    /// Dijkstra's length from the centre of `s` to the centre of `g` over moves with clearance
    /// `>= r`, or `None`.
    fn length(&self, s: (i32, i32), g: (i32, i32), r: f64) -> Option<f64> {
        let n = (self.w * self.h) as usize;
        let mut dist = vec![f64::INFINITY; n];
        let id = |x: i32, y: i32| (y * self.w + x) as usize;
        let goal = id(g.0, g.1);
        let mut open = BinaryHeap::new();
        dist[id(s.0, s.1)] = 0.0;
        open.push(Reverse((0u64, id(s.0, s.1))));
        while let Some(Reverse((bits, i))) = open.pop() {
            let d = f64::from_bits(bits);
            if d > dist[i] {
                continue;
            }
            if i == goal {
                return Some(d);
            }
            let (x, y) = ((i as i32) % self.w, (i as i32) / self.w);
            for (k, &(dx, dy)) in MOVES.iter().enumerate() {
                if self.clearance[i][k] < r {
                    continue;
                }
                let j = id(x + dx, y + dy);
                let nd = d + ((dx * dx + dy * dy) as f64).sqrt();
                if nd < dist[j] {
                    dist[j] = nd;
                    // Non-negative f64s order as their bits.
                    open.push(Reverse((nd.to_bits(), j)));
                }
            }
        }
        None
    }
}

/// The box of a path's pieces (an arc by its whole circle).
fn bounds_of(pieces: &[PathPiece]) -> (DVec2, DVec2) {
    let (mut lo, mut hi) = (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY));
    for piece in pieces {
        let (a, b) = match piece {
            PathPiece::Line(s) => (
                s.a.as_dvec2().min(s.b.as_dvec2()),
                s.a.as_dvec2().max(s.b.as_dvec2()),
            ),
            PathPiece::Arc(a) => {
                let c = a.center.as_dvec2();
                let rad = DVec2::splat(a.radius as f64);
                (c - rad, c + rad)
            }
        };
        lo = lo.min(a);
        hi = hi.max(b);
    }
    (lo, hi)
}

#[derive(Default, Debug)]
struct Tally {
    rows: usize,
    found: usize,
    reference_found: usize,
    shorter: usize,
    blocked_ends: usize,
}

fn check_map(name: &str, rows: usize) -> Tally {
    let Some(dir) = nav_testkit::movingai_dir() else {
        return Tally::default();
    };
    let map = read_map(dir.join(format!("{name}.map"))).unwrap();
    let scen = read_scenario(dir.join(format!("{name}.map.scen"))).unwrap();
    let world = MeshWorld::from_grid(&map).unwrap();
    let reference = Reference::new(&map);
    let bounds = (
        DVec2::ZERO,
        DVec2::new(map.width() as f64, map.height() as f64),
    );
    let mut ctx = MeshContext::new();
    let mut tally = Tally::default();
    let step = (scen.rows.len() / rows).max(1);
    for row in scen.rows.iter().step_by(step).take(rows) {
        tally.rows += 1;
        let (s, g) = (
            (row.start.x as i32, row.start.y as i32),
            (row.goal.x as i32, row.goal.y as i32),
        );
        let (sp, gp) = (centre(s.0, s.1), centre(g.0, g.1));
        let at0 = ctx
            .find_path(&world, &MeshQuery::new(sp.as_vec2(), gp.as_vec2()))
            .unwrap();
        assert_eq!(at0.status(), PathStatus::Found, "{name} {row:?} at r = 0");
        let mut last = at0.cost();
        let mut reachable = true;
        for r in RADII.map(|r| r as f32 as f64) {
            let what = format!("{name} {sp} -> {gp} at r = {r}");
            let path = ctx
                .find_path(
                    &world,
                    &MeshQuery::new(sp.as_vec2(), gp.as_vec2()).with_radius(r as f32),
                )
                .unwrap();
            // The start first, then the goal; for each, the bounds before the obstacles.
            let status_at = |p: DVec2, blocked: PathStatus| {
                if !reference.disc_in_map(p, r) {
                    Some(PathStatus::OutOfBounds)
                } else if !reference.fits(p, r) {
                    Some(blocked)
                } else {
                    None
                }
            };
            let expected = status_at(sp, PathStatus::StartBlocked)
                .or_else(|| status_at(gp, PathStatus::GoalBlocked));
            match expected {
                Some(status) => {
                    assert_eq!(path.status(), status, "{what}");
                    tally.blocked_ends += 1;
                    reachable = false;
                    continue;
                }
                None => assert!(
                    matches!(path.status(), PathStatus::Found | PathStatus::NoPath),
                    "{what}: {:?}",
                    path.status()
                ),
            }
            let upper = reference.length(s, g, r);
            if let Some(upper) = upper {
                tally.reference_found += 1;
                assert!(
                    path.is_found(),
                    "{what}: no path, but the cell-centre reference finds one of {upper}"
                );
                assert!(
                    path.cost() <= upper + 1e-6 * (1.0 + upper),
                    "{what}: {} longer than the cell-centre reference's {upper}",
                    path.cost()
                );
                tally.shorter += (path.cost() < upper - 1e-6) as usize;
            }
            if !path.is_found() {
                reachable = false;
                continue;
            }
            assert!(reachable, "{what}: found, but not at a smaller radius");
            tally.found += 1;
            let cost = path.cost();
            assert!(
                cost >= last - 1e-9 * (1.0 + last),
                "{what}: {cost} shorter than at the smaller radius ({last})"
            );
            last = cost;
            // Each piece by the checker, with the cells near it; the joins and the total here.
            let pieces = path.path();
            let mut at = sp;
            for piece in pieces {
                let a = piece.start_point().as_dvec2();
                assert!(
                    a.distance(at) < 1e-3,
                    "{what}: {piece:?} starts away from {at}"
                );
                at = piece.end_point().as_dvec2();
            }
            assert!(at.distance(gp) < 1e-3, "{what}: ends at {at}");
            let sum: f64 = pieces.iter().map(|p| p.length() as f64).sum();
            assert!(
                (sum - cost).abs() <= 1e-4 * (1.0 + cost),
                "{what}: pieces {sum}, length {cost}"
            );
            for piece in path.path() {
                let (lo, hi) = bounds_of(std::slice::from_ref(piece));
                let near =
                    OracleWorld::new(bounds.0, bounds.1, reference.cells_near(lo, hi, r + 1.0));
                let (a, b) = (piece.start_point().as_dvec2(), piece.end_point().as_dvec2());
                check_piece_path(
                    &near,
                    r,
                    a,
                    b,
                    std::slice::from_ref(piece),
                    piece.length() as f64,
                )
                .unwrap_or_else(|e| panic!("{what}: checker, {piece:?}: {e}"));
            }
        }
    }
    tally
}

fn assert_meaningful(name: &str, t: &Tally) {
    if t.rows == 0 {
        return; // No data outside CI: `movingai_dir` said so.
    }
    eprintln!("{name}: {t:?}");
    assert!(
        t.reference_found > 0 && t.found >= t.reference_found,
        "{name}: {t:?}"
    );
    assert!(
        t.shorter > 0,
        "{name}: never shorter than the cell-centre paths: {t:?}"
    );
}

#[test]
fn movingai_radii_between_the_references() {
    for (name, rows) in [
        ("dao/den312d", 24),
        ("dao/arena", 24),
        ("street/Berlin_0_256", 16),
    ] {
        let t = check_map(name, rows);
        assert_meaningful(name, &t);
    }
}

/// The other maps (long: run with `--release -- --ignored`).
#[test]
#[ignore]
fn movingai_every_radius_on_more_maps() {
    for name in [
        "dao/den520d",
        "dao/brc202d",
        "dao/lak303d",
        "bg512/AR0011SR",
        "sc1/AcrosstheCape",
        "street/Boston_0_256",
        "room/8room_000",
        "maze/maze512-32-0",
        "random/random512-10-0",
    ] {
        let t = check_map(name, 40);
        assert_meaningful(name, &t);
    }
}
