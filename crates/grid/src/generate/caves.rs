//! Cellular-automaton caves.

use super::{MapRng, check_fill, map_from_blocked};
use crate::error::GridError;
use crate::map::GridMap;

/// Smoothing rounds of the automaton.
const ROUNDS: usize = 5;

/// Caves: a random fill with wall fraction `fill` (0.45 is a good start) smoothed by the
/// "4-5 rule" (a cell becomes wall when at least 5 of the 9 cells of its 3x3 block are walls;
/// the outside counts as wall) for five rounds. Every open region but the largest is then
/// filled in, so any two open cells are connected by 4-moves (hence under every rule).
pub fn caves(width: u32, height: u32, fill: f64, seed: u64) -> Result<GridMap, GridError> {
    let (width, height) = GridMap::check_size(width as u64, height as u64)?;
    check_fill(fill)?;
    let (w, h) = (width as usize, height as usize);
    let mut rng = MapRng::new(seed);
    let mut wall: Vec<bool> = (0..w * h).map(|_| rng.chance(fill)).collect();
    let mut next = wall.clone();
    for _ in 0..ROUNDS {
        for y in 0..h {
            for x in 0..w {
                let mut walls = 0;
                for ny in y as isize - 1..=y as isize + 1 {
                    for nx in x as isize - 1..=x as isize + 1 {
                        let outside = nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize;
                        if outside || wall[ny as usize * w + nx as usize] {
                            walls += 1;
                        }
                    }
                }
                next[y * w + x] = walls >= 5;
            }
        }
        std::mem::swap(&mut wall, &mut next);
    }
    keep_largest_region(w, h, &mut wall);
    Ok(map_from_blocked(width, height, wall))
}

/// Fills every 4-connected open region except the largest (the first one found on ties).
pub(super) fn keep_largest_region(w: usize, h: usize, wall: &mut [bool]) {
    const UNLABELLED: u32 = u32::MAX;
    let mut label = vec![UNLABELLED; w * h];
    let mut sizes = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if wall[start] || label[start] != UNLABELLED {
            continue;
        }
        let id = sizes.len() as u32;
        let mut size = 0usize;
        label[start] = id;
        stack.push(start);
        while let Some(i) = stack.pop() {
            size += 1;
            let (x, y) = (i % w, i / w);
            let mut visit = |j: usize| {
                if !wall[j] && label[j] == UNLABELLED {
                    label[j] = id;
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
        sizes.push(size);
    }
    let Some(largest) = (0..sizes.len()).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i))) else {
        return;
    };
    for (cell, &l) in wall.iter_mut().zip(&label) {
        if l != UNLABELLED && l != largest as u32 {
            *cell = true;
        }
    }
}
