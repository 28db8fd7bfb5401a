//! Line of sight from each cell to its goal: the flag that lets a unit walk straight, cell
//! by cell (a whole build from one goal casts shadows instead: `shadow.rs`).
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

/// The first cell, walking from `from`, met by the segment between the centres of the cell at
/// padded index `from` and the cell `(dx, dy)` away that the agent does not fit in
/// (`fits[p] < need`); `None` when there is none. `touching`: a cell that the segment only
/// touches at a corner counts as met.
pub(crate) fn first_blocked(
    fits: &[u8],
    padded_width: usize,
    need: u8,
    from: usize,
    dx: i64,
    dy: i64,
    touching: bool,
) -> Option<usize> {
    let pw = padded_width as i64;
    let (sx, sy) = (dx.signum(), dy.signum());
    // Normalised: `major` steps along the longer axis, `minor` along the shorter one.
    let (big, small, major, minor) = if dx.abs() >= dy.abs() {
        (dx.abs(), dy.abs(), sx, sy * pw)
    } else {
        (dy.abs(), dx.abs(), sy * pw, sx)
    };
    if big == 0 {
        return (fits[from] < need).then_some(from);
    }
    let origin = from as i64;
    let two_big = 2 * big;
    // Column `i` (doubled x from `xa` to `xb`) meets the rows whose doubled extent meets
    // `[xa * small / big, xb * small / big]`: with `A = xa * small - big` and
    // `B = xb * small + big`, rows `ceil(A / 2big)` to `floor(B / 2big)` (corner touches
    // count), or `floor(A / 2big) + 1` to `ceil(B / 2big) - 1` (insides only). The quotients
    // are kept as quotient and remainder and stepped column by column: no division per cell.
    let rows = |qa: i64, ra: i64, qb: i64, rb: i64| {
        if touching {
            (qa + (ra != 0) as i64, qb)
        } else {
            (qa + 1, qb + (rb != 0) as i64 - 1)
        }
    };
    let check = |i: i64, (lo, hi): (i64, i64)| -> Option<usize> {
        (lo..=hi)
            .map(|j| (origin + i * major + j * minor) as usize)
            .find(|&p| fits[p] < need)
    };
    let split = |v: i64| (v.div_euclid(two_big), v.rem_euclid(two_big));
    let column = |i: i64, xa: i64, xb: i64| {
        let (qa, ra) = split(xa * small - big);
        let (qb, rb) = split(xb * small + big);
        check(i, rows(qa, ra, qb, rb))
    };
    if let Some(p) = column(0, 0, 1) {
        return Some(p);
    }
    let (mut qa, mut ra) = split(small - big);
    let (mut qb, mut rb) = split(3 * small + big);
    for i in 1..big {
        if let Some(p) = check(i, rows(qa, ra, qb, rb)) {
            return Some(p);
        }
        ra += 2 * small;
        if ra >= two_big {
            ra -= two_big;
            qa += 1;
        }
        rb += 2 * small;
        if rb >= two_big {
            rb -= two_big;
            qb += 1;
        }
    }
    column(big, two_big - 1, two_big)
}

/// Whether the segment from the centre of cell `(0, 0)` to that of `(dx, dy)` meets cell
/// `(bx, by)` (the same cells as [`first_blocked`] walks).
#[inline]
pub(crate) fn meets(dx: i64, dy: i64, bx: i64, by: i64, touching: bool) -> bool {
    let sign = |v: i64| if v < 0 { -1 } else { 1 };
    // Normalised: `i` along the longer axis, `j` along the shorter one.
    let (big, small, i, j) = if dx.abs() >= dy.abs() {
        (dx.abs(), dy.abs(), bx * sign(dx), by * sign(dy))
    } else {
        (dy.abs(), dx.abs(), by * sign(dy), bx * sign(dx))
    };
    if i < 0 || i > big {
        return false;
    }
    if big == 0 {
        return j == 0;
    }
    // The rows of `first_blocked` without dividing: `ceil(A / 2big) <= j` is `A <= 2big j`,
    // `j <= floor(B / 2big)` is `2big j <= B` (strict for insides only).
    let xa = (2 * i - 1).max(0);
    let xb = (2 * i + 1).min(2 * big);
    let (a, b, jj) = (xa * small - big, xb * small + big, 2 * big * j);
    if touching {
        a <= jj && jj <= b
    } else {
        a < jj && jj < b
    }
}

use super::shadow;

/// Inputs of the line-of-sight pass, all in the padded layout of the field.
pub(crate) struct SightInput<'a> {
    pub fits: &'a [u8],
    pub need: u8,
    pub padded_width: usize,
    /// The largest Chebyshev distance between two cells of the map.
    pub max_distance: usize,
    /// The padded indices of the cells to decide (cells that reach a goal; the others keep
    /// their flags, and a cell's neighbours towards its goal must be right or among these).
    pub reached: &'a [u32],
    /// Per padded cell, the index of its goal in `goals`, `u32::MAX` where unreachable.
    pub goal_of: &'a [u32],
    /// Goals as padded indices and `(x, y)`.
    pub goals: &'a [(usize, u32, u32)],
    /// The map's width and height when `reached` holds every cell that reaches a goal (a
    /// full build): with one goal, the pass then sweeps the map from the goal outwards
    /// instead of sorting the cells.
    pub whole: Option<(u32, u32)>,
}

/// No blocker.
const NONE: u32 = u32::MAX;

/// Division of padded indices by the padded width with a multiply and a shift: the pass
/// splits every index into column and row, and a hardware division costs more than the rest
/// of a cell's work. With `m = ceil(2^48 / d)`, `floor(n * m / 2^48) = floor(n / d)` for
/// `n * d < 2^48` (padded indices are below 2^27, widths below 2^16).
#[derive(Debug, Clone, Copy)]
pub(crate) struct RowSplit {
    width: u64,
    multiplier: u64,
}

impl RowSplit {
    pub fn new(padded_width: usize) -> Self {
        Self {
            width: padded_width as u64,
            multiplier: (1u64 << 48).div_ceil(padded_width as u64),
        }
    }

    /// Column and row of the map cell at padded index `p` (the border is -1 and `width`).
    #[inline(always)]
    pub fn xy(self, p: usize) -> (i64, i64) {
        let row = ((p as u128 * self.multiplier as u128) >> 48) as u64;
        let col = p as u64 - row * self.width;
        (col as i64 - 1, row as i64 - 1)
    }
}

/// Sets `sight[p]` to 1 where the cell at padded index `p` sees its goal, 0 elsewhere.
/// `blockers[p]` keeps a blocked cell that hides the goal from `p` (kept from pass to pass:
/// a remembered one is checked before it is used). `order` and `counts` are scratch memory.
pub(crate) fn line_of_sight(
    input: &SightInput<'_>,
    touching: bool,
    sight: &mut [u8],
    blockers: &mut [u32],
    order: &mut Vec<u32>,
    counts: &mut Vec<u32>,
    spans: &mut Vec<shadow::Span>,
) {
    let pw = input.padded_width;
    let split = RowSplit::new(pw);
    let one_goal = input.goals.windows(2).all(|g| g[0] == g[1]);
    if let (Some((w, h)), Some(&(_, gx, gy)), true) = (input.whole, input.goals.first(), one_goal) {
        // A whole build from one goal: shadow casting, octant by octant (`shadow.rs`).
        let sweep = shadow::Sweep {
            fits: input.fits,
            need: input.need,
            padded_width: pw,
            goal_of: input.goal_of,
            goal: (gx as i64, gy as i64),
            size: (w as i64, h as i64),
            touching,
        };
        shadow::sweep(&sweep, sight, blockers, spans);
        return;
    }
    // `sight` is 0 everywhere but on the cells of `reached`, all written below.
    // Counting sort of the reachable cells by Chebyshev distance to their goal.
    counts.clear();
    counts.resize(input.max_distance + 1, 0);
    let distance = |p: usize| -> usize {
        let (_, gx, gy) = input.goals[input.goal_of[p] as usize];
        let (x, y) = split.xy(p);
        (x as u32).abs_diff(gx).max((y as u32).abs_diff(gy)) as usize
    };
    for &p in input.reached {
        counts[distance(p as usize)] += 1;
    }
    let mut total = 0u32;
    for c in counts.iter_mut() {
        let n = *c;
        *c = total;
        total += n;
    }
    order.clear();
    order.resize(total as usize, 0);
    for &p in input.reached {
        let slot = &mut counts[distance(p as usize)];
        order[*slot as usize] = p;
        *slot += 1;
    }

    for &t in order.iter() {
        let t = t as usize;
        let goal = input.goal_of[t];
        let (_, gx, gy) = input.goals[goal as usize];
        let (x, y) = split.xy(t);
        let at = Place {
            t,
            x,
            y,
            goal,
            gx: gx as i64,
            gy: gy as i64,
        };
        decide(input, touching, split, sight, blockers, at);
    }
}

/// A cell to decide: its padded index, column and row, and its goal's index, column and row.
#[derive(Clone, Copy)]
struct Place {
    t: usize,
    x: i64,
    y: i64,
    goal: u32,
    gx: i64,
    gy: i64,
}

/// Decides the flag of the cell at padded index `t`, its neighbours towards its goal decided.
#[inline(always)]
fn decide(
    input: &SightInput<'_>,
    touching: bool,
    split: RowSplit,
    sight: &mut [u8],
    blockers: &mut [u32],
    place: Place,
) {
    let pw = input.padded_width;
    let fits = |p: usize| input.fits[p] >= input.need;
    let xy = |p: usize| split.xy(p);
    let Place {
        t,
        x,
        y,
        goal,
        gx,
        gy,
    } = place;
    let (dx, dy) = (x - gx, y - gy);
    if dx == 0 && dy == 0 {
        sight[t] = 1;
        blockers[t] = NONE;
        return;
    }
    let (ax, ay) = (dx.abs(), dy.abs());
    // One step towards the goal along x, along y, and diagonally.
    let step_x = -dx.signum() as isize;
    let step_y = -dy.signum() as isize * pw as isize;
    let at = |offset: isize| (t as isize + offset) as usize;
    let sees = |p: usize| input.goal_of[p] == goal && sight[p] != 0;
    // The neighbours towards the goal whose segments enclose this one.
    let (first, second) = if ay == 0 {
        (at(step_x), None)
    } else if ax == 0 {
        (at(step_y), None)
    } else if ax == ay {
        (at(step_x + step_y), None)
    } else if ax > ay {
        (at(step_x), Some(at(step_x + step_y)))
    } else {
        (at(step_y), Some(at(step_x + step_y)))
    };
    let corners_clear = !(touching && ax == ay) || (fits(at(step_x)) && fits(at(step_y)));
    if corners_clear && sees(first) && second.is_none_or(sees) {
        sight[t] = 1;
        blockers[t] = NONE;
        return;
    }
    // A blocked cell that the segment meets proves it blind: try what blinded the
    // neighbours (most often the answer, so first), the neighbours themselves and the corner
    // cells (any blocked cell will do, even one remembered from an earlier pass, since it is
    // checked here).
    let proves = |b: usize| {
        b < input.fits.len() && !fits(b) && {
            let (bx, by) = xy(b);
            meets(dx, dy, bx - gx, by - gy, touching)
        }
    };
    // Tried one after the other, each only when the ones before fail.
    let witness = Some(blockers[first] as usize)
        .filter(|&b| proves(b))
        .or_else(|| second.map(|s| blockers[s] as usize).filter(|&b| proves(b)))
        .or_else(|| {
            [first, second.unwrap_or(first), at(step_x), at(step_y)]
                .into_iter()
                .find(|&b| proves(b))
        });
    let blocker =
        witness.or_else(|| first_blocked(input.fits, pw, input.need, t, -dx, -dy, touching));
    sight[t] = blocker.is_none() as u8;
    blockers[t] = blocker.map_or(NONE, |b| b as u32);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_split_is_exact() {
        for pw in [3usize, 4, 7, 50, 514, 770, 1026, 32770] {
            let split = RowSplit::new(pw);
            let max = (1usize << 27) - 1;
            let probes = (0..5000)
                .chain(max - 5000..=max)
                .chain((0..max).step_by(7919));
            for p in probes {
                assert_eq!(
                    split.xy(p),
                    ((p % pw) as i64 - 1, (p / pw) as i64 - 1),
                    "{p} / {pw}"
                );
            }
        }
    }

    /// `meets` and `first_blocked` name the same cells as a floating-point segment test.
    #[test]
    fn segment_cells_agree_with_floating_point() {
        let meets_float = |dx: f64, dy: f64, i: f64, j: f64, margin: f64| {
            let (mut t0, mut t1) = (0.0f64, 1.0f64);
            for (p, q) in [
                (-dx, -(i - 0.5 - margin)),
                (dx, i + 0.5 + margin),
                (-dy, -(j - 0.5 - margin)),
                (dy, j + 0.5 + margin),
            ] {
                if p == 0.0 {
                    if q < 0.0 {
                        return false;
                    }
                } else if p < 0.0 {
                    t0 = t0.max(q / p);
                } else {
                    t1 = t1.min(q / p);
                }
            }
            t0 <= t1
        };
        for dx in -9i64..=9 {
            for dy in -9i64..=9 {
                for touching in [true, false] {
                    let margin = if touching { 1e-9 } else { -1e-9 };
                    for i in -10i64..=10 {
                        for j in -10i64..=10 {
                            let exact = meets(dx, dy, i, j, touching);
                            let float =
                                meets_float(dx as f64, dy as f64, i as f64, j as f64, margin);
                            assert_eq!(
                                exact, float,
                                "({dx}, {dy}) cell ({i}, {j}) touching {touching}"
                            );
                        }
                    }
                }
            }
        }
    }
}
