//! Line of sight from each cell to its goal: the flag that lets a unit walk straight.
//!
//! A cell sees its goal when every cell that the segment between the two cell centres meets
//! fits the agent (corner touches count, except under
//! [`DiagonalRule::Free`](crate::DiagonalRule::Free), whose moves squeeze between corners).
//!
//! Cells are visited by increasing Chebyshev distance to their goal. Put the goal at the
//! origin and the cell at `(X, Y)` with `X > Y > 0` (the other octants are mirror images):
//! its segment lies between the segments of `(X - 1, Y)` and `(X - 1, Y - 1)`, whose heights
//! differ by less than one cell in every column, so every cell the segment meets is met by
//! one of theirs or is one of the two cells themselves. When both of them see the goal, so
//! does the cell; a cell on a straight or diagonal line needs its one neighbour towards the
//! goal (and, on a diagonal with corner touches, the two cells beside it). When the rule does
//! not settle it, the segment is walked cell by cell (exact, integer arithmetic), so the flag
//! is never wrong either way.

/// Whether every cell met by the segment between the centres of the cells at padded indices
/// `from` and `to`, `(dx, dy)` apart (`to - from` in cells), fits (`fits[p] >= need`).
/// `touching`: a cell that the segment only touches at a corner counts as met.
pub(crate) fn segment_clear(
    fits: &[u8],
    padded_width: usize,
    need: u8,
    from: usize,
    dx: i64,
    dy: i64,
    touching: bool,
) -> bool {
    let pw = padded_width as i64;
    let (sx, sy) = (dx.signum(), dy.signum());
    // Normalised: `major` steps along the longer axis, `minor` along the shorter one.
    let (big, small, major, minor) = if dx.abs() >= dy.abs() {
        (dx.abs(), dy.abs(), sx, sy * pw)
    } else {
        (dy.abs(), dx.abs(), sy * pw, sx)
    };
    if big == 0 {
        return fits[from] >= need;
    }
    let origin = from as i64;
    for i in 0..=big {
        // The column's extent along the segment, in doubled coordinates.
        let xa = (2 * i - 1).max(0);
        let xb = (2 * i + 1).min(2 * big);
        let (lo, hi) = if touching {
            (
                ceil_div(xa * small - big, 2 * big),
                floor_div(xb * small + big, 2 * big),
            )
        } else {
            (
                floor_div(xa * small - big, 2 * big) + 1,
                ceil_div(xb * small + big, 2 * big) - 1,
            )
        };
        for j in lo..=hi {
            let p = origin + i * major + j * minor;
            if fits[p as usize] < need {
                return false;
            }
        }
    }
    true
}

fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

fn ceil_div(a: i64, b: i64) -> i64 {
    -((-a).div_euclid(b))
}

/// Inputs of the line-of-sight pass, all in the padded layout of the field.
pub(crate) struct SightInput<'a> {
    pub fits: &'a [u8],
    pub need: u8,
    pub padded_width: usize,
    pub width: u32,
    pub height: u32,
    pub touching: bool,
    /// Per padded cell, the index of its goal in `goals`, `u32::MAX` where unreachable.
    pub goal_of: &'a [u32],
    /// Goals as padded indices and `(x, y)`.
    pub goals: &'a [(usize, u32, u32)],
}

/// Sets `sight[p]` to 1 where the cell at padded index `p` sees its goal, 0 elsewhere.
/// `order` and `counts` are scratch memory.
pub(crate) fn line_of_sight(
    input: &SightInput<'_>,
    sight: &mut [u8],
    order: &mut Vec<u32>,
    counts: &mut Vec<u32>,
) {
    let pw = input.padded_width;
    sight.fill(0);
    // Counting sort of the reachable cells by Chebyshev distance to their goal.
    let max_distance = input.width.max(input.height) as usize;
    counts.clear();
    counts.resize(max_distance + 1, 0);
    let distance = |p: usize, goal: u32| -> usize {
        let (_, gx, gy) = input.goals[goal as usize];
        let (x, y) = ((p % pw) as u32 - 1, (p / pw) as u32 - 1);
        x.abs_diff(gx).max(y.abs_diff(gy)) as usize
    };
    let rows = 1..input.height as usize + 1;
    let cells_of_row = |y: usize| y * pw + 1..y * pw + 1 + input.width as usize;
    for y in rows.clone() {
        for p in cells_of_row(y) {
            let goal = input.goal_of[p];
            if goal != u32::MAX {
                counts[distance(p, goal)] += 1;
            }
        }
    }
    let mut total = 0u32;
    for c in counts.iter_mut() {
        let n = *c;
        *c = total;
        total += n;
    }
    order.clear();
    order.resize(total as usize, 0);
    for y in rows {
        for p in cells_of_row(y) {
            let goal = input.goal_of[p];
            if goal != u32::MAX {
                let slot = &mut counts[distance(p, goal)];
                order[*slot as usize] = p as u32;
                *slot += 1;
            }
        }
    }

    let fits = |p: usize| input.fits[p] >= input.need;
    for &t in order.iter() {
        let t = t as usize;
        let goal = input.goal_of[t];
        let (_, gx, gy) = input.goals[goal as usize];
        let (x, y) = ((t % pw) as i64 - 1, (t / pw) as i64 - 1);
        let (dx, dy) = (x - gx as i64, y - gy as i64);
        if dx == 0 && dy == 0 {
            sight[t] = 1;
            continue;
        }
        let (ax, ay) = (dx.abs(), dy.abs());
        // One step towards the goal along x, along y, and diagonally.
        let step_x = -dx.signum() as isize;
        let step_y = -dy.signum() as isize * pw as isize;
        let at = |offset: isize| (t as isize + offset) as usize;
        let sees = |p: usize| input.goal_of[p] == goal && sight[p] != 0;
        let settled = if ay == 0 {
            sees(at(step_x))
        } else if ax == 0 {
            sees(at(step_y))
        } else if ax == ay {
            sees(at(step_x + step_y)) && (!input.touching || (fits(at(step_x)) && fits(at(step_y))))
        } else if ax > ay {
            sees(at(step_x)) && sees(at(step_x + step_y))
        } else {
            sees(at(step_y)) && sees(at(step_x + step_y))
        };
        let visible =
            settled || segment_clear(input.fits, pw, input.need, t, -dx, -dy, input.touching);
        sight[t] = visible as u8;
    }
}
