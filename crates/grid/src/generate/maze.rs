//! Perfect mazes.

use super::{MapRng, map_from_blocked};
use crate::error::GridError;
use crate::map::GridMap;

/// A perfect maze (exactly one path between any two open cells) of one-cell corridors, made by
/// a randomised depth-first search. Rooms sit on odd coordinates; with an even width or height
/// the last column or row stays wall. Needs at least 3x3 cells.
pub fn maze(width: u32, height: u32, seed: u64) -> Result<GridMap, GridError> {
    let (width, height) = GridMap::check_size(width as u64, height as u64)?;
    for (name, side) in [("width", width), ("height", height)] {
        if side < 3 {
            return Err(GridError::InvalidGeneratorParameter {
                name,
                value: side as f64,
                reason: "a maze needs at least 3 cells per side",
            });
        }
    }
    let (w, h) = (width as usize, height as usize);
    // Maze rooms: (2i + 1, 2j + 1) for i < rw, j < rh.
    let (rw, rh) = ((w - 1) / 2, (h - 1) / 2);
    let mut wall = vec![true; w * h];
    let mut visited = vec![false; rw * rh];
    let mut rng = MapRng::new(seed);
    let start = rng.below((rw * rh) as u64) as usize;
    let mut stack = vec![start];
    visited[start] = true;
    wall[(2 * (start / rw) + 1) * w + 2 * (start % rw) + 1] = false;
    while let Some(&room) = stack.last() {
        let (i, j) = (room % rw, room / rw);
        let mut options = [0usize; 4];
        let mut n = 0;
        for (di, dj) in [(1isize, 0isize), (-1, 0), (0, 1), (0, -1)] {
            let (ni, nj) = (i as isize + di, j as isize + dj);
            if ni >= 0 && nj >= 0 && (ni as usize) < rw && (nj as usize) < rh {
                let next = nj as usize * rw + ni as usize;
                if !visited[next] {
                    options[n] = next;
                    n += 1;
                }
            }
        }
        if n == 0 {
            stack.pop();
            continue;
        }
        let next = options[rng.below(n as u64) as usize];
        let (ni, nj) = (next % rw, next / rw);
        visited[next] = true;
        // Open the room and the wall cell between the two rooms.
        wall[(2 * nj + 1) * w + 2 * ni + 1] = false;
        wall[(j + nj + 1) * w + i + ni + 1] = false;
        stack.push(next);
    }
    Ok(map_from_blocked(width, height, wall))
}
