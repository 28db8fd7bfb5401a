//! Rooms joined by doors.

use super::{MapRng, map_from_blocked};
use crate::error::GridError;
use crate::map::GridMap;

/// Inside size of a room, in cells (walls are one cell thick).
const ROOM: usize = 7;

/// A grid of square rooms (7x7 inside, one-cell walls, the last row and column of rooms
/// stretched to the map's edge) joined by one-cell doors: doors along a random spanning tree
/// make every room reachable, and about a third of the remaining walls get a door too, so
/// there are loops. Needs at least 3x3 cells.
pub fn rooms(width: u32, height: u32, seed: u64) -> Result<GridMap, GridError> {
    let (width, height) = GridMap::check_size(width as u64, height as u64)?;
    for (name, side) in [("width", width), ("height", height)] {
        if side < 3 {
            return Err(GridError::InvalidGeneratorParameter {
                name,
                value: side as f64,
                reason: "rooms need at least 3 cells per side",
            });
        }
    }
    let (w, h) = (width as usize, height as usize);
    // Wall lines at multiples of ROOM + 1 plus the outer border; a room spans the cells
    // between two consecutive lines.
    let lines = |side: usize| -> Vec<usize> {
        let mut v: Vec<usize> = (0..side - 1).step_by(ROOM + 1).collect();
        if side - 1 - v[v.len() - 1] < 2 {
            v.pop(); // too thin for a room: widen the last one
        }
        v.push(side - 1);
        v
    };
    let (xs, ys) = (lines(w), lines(h));
    let (rw, rh) = (xs.len() - 1, ys.len() - 1);
    let mut wall = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            if xs.binary_search(&x).is_ok() || ys.binary_search(&y).is_ok() {
                wall[y * w + x] = true;
            }
        }
    }
    let mut rng = MapRng::new(seed);
    // Walls between neighbouring rooms, as (room a, room b) with b right of or below a.
    let mut edges = Vec::new();
    for j in 0..rh {
        for i in 0..rw {
            if i + 1 < rw {
                edges.push((j * rw + i, j * rw + i + 1));
            }
            if j + 1 < rh {
                edges.push((j * rw + i, (j + 1) * rw + i));
            }
        }
    }
    // Shuffle (Fisher-Yates), then Kruskal: an edge joining two components gets a door.
    for k in (1..edges.len()).rev() {
        let r = rng.below(k as u64 + 1) as usize;
        edges.swap(k, r);
    }
    let mut parent: Vec<usize> = (0..rw * rh).collect();
    fn find(parent: &mut [usize], mut a: usize) -> usize {
        while parent[a] != a {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        a
    }
    for &(a, b) in &edges {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        let door = if ra != rb {
            parent[ra] = rb;
            true
        } else {
            rng.chance(1.0 / 3.0)
        };
        if !door {
            continue;
        }
        let (ai, aj) = (a % rw, a / rw);
        if b == a + 1 {
            // Vertical wall at x = xs[ai + 1], door somewhere along room a's rows.
            let y = ys[aj] + 1 + rng.below((ys[aj + 1] - ys[aj] - 1) as u64) as usize;
            wall[y * w + xs[ai + 1]] = false;
        } else {
            let x = xs[ai] + 1 + rng.below((xs[ai + 1] - xs[ai] - 1) as u64) as usize;
            wall[ys[aj + 1] * w + x] = false;
        }
    }
    Ok(map_from_blocked(width, height, wall))
}
