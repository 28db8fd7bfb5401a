//! Line of sight from one goal to every cell of a whole build, by shadow casting: the map is
//! split into eight octants around the goal, and each octant is swept column by column
//! outwards while the union of the shadows cast so far is kept as a sorted list of slope
//! intervals with exact rational ends.
//!
//! Put the goal at the origin and a cell at `(X, Y)` with `0 <= Y <= X` (the other octants are
//! mirror images). The segment between the centres has slope `s = Y / X`. Over the column
//! `i` (`1 <= i <= X - 1`) it spans the heights `[(i - 1/2) s, (i + 1/2) s]`, so it meets the
//! cell `(i, j)` exactly when `(2j - 1) / (2i + 1) <= s <= (2j + 1) / (2i - 1)` (strict
//! inequalities when corner touches do not count, under `DiagonalRule::Free`). In column 0 it
//! spans `[0, s / 2]` and meets `(0, 1)` only at `s = 1` (a corner touch); in its own column
//! `X` it spans `[Y - s / 2, Y]` and meets the cell itself and, at `s = 1`, the cell
//! `(X, X - 1)` (a corner touch). So a cell sees the goal when it fits, its slope is outside
//! the shadows of the blocked cells of the columns before it, and on the diagonal (with
//! corner touches) the cell beside it fits. The cells of the map beyond the octant's rows
//! `0..=i + 1` cannot cast a shadow on slopes in `[0, 1]`, and cells outside the map are never
//! met by a segment between two cells of the map.
//!
//! Each cell costs a comparison of two fractions (integer products); once the shadows cover
//! every slope the rest of the octant is blind and is skipped.

use std::cmp::Ordering;

/// A fraction `n / d` with `d > 0`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Frac {
    n: i64,
    d: i64,
}

impl Frac {
    #[inline(always)]
    fn cmp(self, o: Frac) -> Ordering {
        (self.n * o.d).cmp(&(o.n * self.d))
    }
}

/// A shadow: the slopes from `lo` to `hi`, each end included when its flag says so.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Span {
    lo: Frac,
    hi: Frac,
    lo_in: bool,
    hi_in: bool,
}

impl Span {
    /// Whether `s` lies below the span's upper end (the span may still cover it).
    #[inline(always)]
    fn reaches(&self, s: Frac) -> bool {
        match s.cmp(self.hi) {
            Ordering::Less => true,
            Ordering::Equal => self.hi_in,
            Ordering::Greater => false,
        }
    }

    /// Whether `s` lies above the span's lower end.
    #[inline(always)]
    fn starts_by(&self, s: Frac) -> bool {
        match s.cmp(self.lo) {
            Ordering::Greater => true,
            Ordering::Equal => self.lo_in,
            Ordering::Less => false,
        }
    }
}

/// Adds `new` to the sorted, disjoint `spans`, merging what it overlaps or adjoins.
fn insert(spans: &mut Vec<Span>, mut new: Span) {
    // The first span that does not end before `new` starts (with no gap between them).
    let ends_before = |a: &Span, b: &Span| match a.hi.cmp(b.lo) {
        Ordering::Less => true,
        Ordering::Equal => !a.hi_in && !b.lo_in,
        Ordering::Greater => false,
    };
    let first = spans.partition_point(|s| ends_before(s, &new));
    let mut last = first;
    while last < spans.len() && !ends_before(&new, &spans[last]) {
        let s = spans[last];
        match s.lo.cmp(new.lo) {
            Ordering::Less => {
                new.lo = s.lo;
                new.lo_in = s.lo_in;
            }
            Ordering::Equal => new.lo_in |= s.lo_in,
            Ordering::Greater => {}
        }
        match s.hi.cmp(new.hi) {
            Ordering::Greater => {
                new.hi = s.hi;
                new.hi_in = s.hi_in;
            }
            Ordering::Equal => new.hi_in |= s.hi_in,
            Ordering::Less => {}
        }
        last += 1;
    }
    if first == last {
        spans.insert(first, new);
    } else {
        spans[first] = new;
        spans.drain(first + 1..last);
    }
}

/// Inputs of [`sweep`], in the padded layout of the field.
pub(crate) struct Sweep<'a> {
    pub fits: &'a [u8],
    pub need: u8,
    pub padded_width: usize,
    /// Per padded cell, the goal's index (0) where the cell reaches the goal.
    pub goal_of: &'a [u32],
    pub goal: (i64, i64),
    pub size: (i64, i64),
    /// Corner touches count (every rule but `DiagonalRule::Free`).
    pub touching: bool,
}

/// Sets `sight[p]` for every cell that reaches the goal (1 where it sees it, 0 elsewhere,
/// with `blockers[p]` cleared where it sees it; a blind cell keeps its remembered blocker,
/// which is checked before any use). `spans` is scratch memory.
pub(crate) fn sweep(
    input: &Sweep<'_>,
    sight: &mut [u8],
    blockers: &mut [u32],
    spans: &mut Vec<Span>,
) {
    let (gx, gy) = input.goal;
    let (w, h) = input.size;
    let pw = input.padded_width as i64;
    let touching = input.touching;
    let slot = |x: i64, y: i64| ((y + 1) * pw + x + 1) as usize;
    let fits = |x: i64, y: i64| input.fits[slot(x, y)] >= input.need;
    let g = slot(gx, gy);
    if input.goal_of[g] == 0 {
        sight[g] = 1;
        blockers[g] = u32::MAX;
    }
    let zero = Frac { n: 0, d: 1 };
    let one = Frac { n: 1, d: 1 };
    for (sx, sy, swap) in [
        (1i64, 1i64, false),
        (1, 1, true),
        (-1, 1, false),
        (-1, 1, true),
        (1, -1, false),
        (1, -1, true),
        (-1, -1, false),
        (-1, -1, true),
    ] {
        // The map cell of octant cell (i, j), if on the map.
        let at = |i: i64, j: i64| {
            let (x, y) = if swap {
                (gx + sx * j, gy + sy * i)
            } else {
                (gx + sx * i, gy + sy * j)
            };
            ((0..w).contains(&x) && (0..h).contains(&y)).then_some((x, y))
        };
        // How far the octant's major axis runs on the map.
        let reach = match (swap, sx > 0, sy > 0) {
            (false, true, _) => w - 1 - gx,
            (false, false, _) => gx,
            (true, _, true) => h - 1 - gy,
            (true, _, false) => gy,
        };
        spans.clear();
        // Column 0: the cell (0, 1) shadows the diagonal when corner touches count.
        if touching && at(0, 1).is_some_and(|(x, y)| !fits(x, y)) {
            spans.push(Span {
                lo: one,
                hi: one,
                lo_in: true,
                hi_in: true,
            });
        }
        for i in 1..=reach {
            let full = spans.len() == 1
                && spans[0].lo.cmp(zero) != Ordering::Greater
                && spans[0].lo_in | (spans[0].lo.cmp(zero) == Ordering::Less)
                && spans[0].hi.cmp(one) != Ordering::Less
                && spans[0].hi_in | (spans[0].hi.cmp(one) == Ordering::Greater);
            if full {
                break; // every slope is in shadow: the rest stays blind
            }
            // Decide the cells (i, 0..=i) by increasing slope, walking the shadows.
            let mut k = 0;
            for j in 0..=i {
                let Some((x, y)) = at(i, j) else {
                    break;
                };
                let t = slot(x, y);
                if input.goal_of[t] != 0 {
                    continue;
                }
                let s = Frac { n: j, d: i };
                while k < spans.len() && !spans[k].reaches(s) {
                    k += 1;
                }
                let shadowed = k < spans.len() && spans[k].starts_by(s);
                let corner =
                    touching && j == i && at(i, i - 1).is_some_and(|(cx, cy)| !fits(cx, cy));
                let sees = !shadowed && !corner;
                sight[t] = sees as u8;
                if sees {
                    blockers[t] = u32::MAX;
                }
            }
            // The blocked cells of this column cast their shadows on the columns beyond.
            for j in 0..=i + 1 {
                let Some((x, y)) = at(i, j) else {
                    break;
                };
                if fits(x, y) {
                    continue;
                }
                let lo = Frac {
                    n: 2 * j - 1,
                    d: 2 * i + 1,
                };
                let hi = Frac {
                    n: 2 * j + 1,
                    d: 2 * i - 1,
                };
                if lo.cmp(one) == Ordering::Greater {
                    break;
                }
                insert(
                    spans,
                    Span {
                        lo,
                        hi,
                        lo_in: touching,
                        hi_in: touching,
                    },
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flow::sight::first_blocked;

    /// The sweep's flags equal a walk of every segment ([`first_blocked`], itself checked
    /// against a floating-point segment test), on random small maps with the goal anywhere
    /// (corners and edges included), with and without corner touches.
    #[test]
    fn shadows_equal_a_walk_of_every_segment() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut spans = Vec::new();
        let mut checked = 0;
        for round in 0..300 {
            let (w, h) = (1 + random() % 13, 1 + random() % 11);
            let (w, h) = (w as i64, h as i64);
            let pw = w as usize + 2;
            let len = pw * (h as usize + 2);
            let density = [0, 5, 15, 30, 50][round % 5];
            let mut fits = vec![0u8; len];
            for y in 0..h {
                for x in 0..w {
                    let p = (y as usize + 1) * pw + x as usize + 1;
                    fits[p] = (random() % 100 >= density) as u8;
                }
            }
            let (gx, gy) = ((random() % w as u64) as i64, (random() % h as u64) as i64);
            let g = (gy as usize + 1) * pw + gx as usize + 1;
            fits[g] = 1;
            // Every fitting cell counts as reaching the goal (the flags are geometric).
            let goal_of: Vec<u32> = fits
                .iter()
                .map(|&f| if f >= 1 { 0 } else { u32::MAX })
                .collect();
            for touching in [true, false] {
                let mut sight = vec![0u8; len];
                let mut blockers = vec![u32::MAX; len];
                let input = Sweep {
                    fits: &fits,
                    need: 1,
                    padded_width: pw,
                    goal_of: &goal_of,
                    goal: (gx, gy),
                    size: (w, h),
                    touching,
                };
                sweep(&input, &mut sight, &mut blockers, &mut spans);
                for y in 0..h {
                    for x in 0..w {
                        let p = (y as usize + 1) * pw + x as usize + 1;
                        if fits[p] == 0 {
                            assert_eq!(sight[p], 0);
                            continue;
                        }
                        let walk = first_blocked(&fits, pw, 1, p, gx - x, gy - y, touching);
                        assert_eq!(
                            sight[p] != 0,
                            walk.is_none(),
                            "{w}x{h}, goal ({gx}, {gy}), cell ({x}, {y}), touching {touching}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
