//! True clearance (Harabor and Botea's annotation for hierarchical annotated A*, "Hierarchical
//! Path Planning for Multi-Size Agents in Heterogeneous Environments", CIG 2008): for every
//! cell, the side of the largest square of walkable cells whose **top-left** cell it is.
//!
//! Both arrays here use the map's padded layout (`(width + 2) x (height + 2)`, a border of
//! zeros around the map), so the recurrence below reads its neighbours without bounds checks
//! and the search reads clearance with the same indices as walkability.
//!
//! The recurrence, for a cell `c` with right neighbour `r`, lower neighbour `d` and lower-right
//! neighbour `dr`: `clearance(c) = 0` when `c` is not walkable, else
//! `1 + min(clearance(r), clearance(d), clearance(dr))`, capped at [`MAX_CLEARANCE`]. The three
//! squares anchored at `r`, `d` and `dr` cover the square of side `s + 1` at `c` except `c`
//! itself exactly when each has side at least `s`. Capping commutes with the recurrence
//! (`min(cap, 1 + min(min(cap, a), ..)) = min(cap, 1 + min(a, ..))`), so the capped values are
//! exact for every size up to the cap.

/// The largest clearance tracked: values saturate here, so agents of up to this many cells
/// per side can be searched for. One byte per cell; a single-cell edit rewrites at most
/// `MAX_CLEARANCE²` values (the cells whose square may contain the edited cell).
pub(crate) const MAX_CLEARANCE: u8 = u8::MAX;

/// Fills `clearance` for the whole map from `walkable` (both padded, with stride
/// `padded_width`, `width x height` cells inside the border): one pass from the bottom-right
/// cell to the top-left one, O(cells).
pub(crate) fn compute_all(
    walkable: &[u8],
    clearance: &mut [u8],
    padded_width: usize,
    width: u32,
    height: u32,
) {
    debug_assert_eq!(walkable.len(), clearance.len());
    for y in (1..=height as usize).rev() {
        let row = y * padded_width;
        for x in (1..=width as usize).rev() {
            let p = row + x;
            clearance[p] = recurrence(walkable, clearance, padded_width, p);
        }
    }
}

/// Brings `clearance` up to date after the walkability of the cell at padded column
/// `column`, padded row `row` changed (every other cell unchanged since the last update).
///
/// Only cells above and to the left of the edited cell can change (a square contains the
/// cell only if its top-left corner is up and left of it), and a cell changes only when its own
/// walkability or one of the three values it is computed from changed. So the rows are
/// recomputed upwards from the edited one, each leftwards:
/// * the edited row starts at the edited cell; any other row at the rightmost change in the
///   row below (further right, every value it is computed from is unchanged);
/// * a row stops at the first unchanged cell left of every change in the row below (the
///   cells further left then read only unchanged values);
/// * the pass stops after a row without changes.
///
/// The cells that change in one row form one run: two changed cells have squares that both
/// contain the edited cell, and between them those squares cover a square that contains it
/// too, before the edit (when blocking it) or after it (when freeing it). So each row visits
/// its own run, the run of the row below and one cell more: the work is proportional to the
/// number of changed values plus the rows visited. At most `MAX_CLEARANCE²` values change,
/// since a capped value only changes when the square that contains the edited cell is
/// smaller than the cap.
pub(crate) fn update_after_edit(
    walkable: &[u8],
    clearance: &mut [u8],
    padded_width: usize,
    column: usize,
    row: usize,
) {
    // The first and last changed columns of the row below; `None` for the edited row, whose
    // lower neighbours did not change.
    let mut changed_below: Option<(usize, usize)> = None;
    // Rows 0 and `height + 1`, columns 0 and `width + 1` are the border: never recomputed.
    for y in (1..=row).rev() {
        let line = y * padded_width;
        let first = changed_below.map_or(column, |(_, right)| right);
        let mut changed: Option<(usize, usize)> = None;
        for x in (1..=first).rev() {
            let p = line + x;
            let value = recurrence(walkable, clearance, padded_width, p);
            if value != clearance[p] {
                clearance[p] = value;
                changed = Some((x, changed.map_or(x, |(_, right)| right)));
            } else if changed_below.is_none_or(|(left, _)| x < left) {
                break;
            }
        }
        match changed {
            Some(run) => changed_below = Some(run),
            None => break,
        }
    }
}

/// The clearance of padded index `p` from its right, lower and lower-right neighbours.
#[inline(always)]
fn recurrence(walkable: &[u8], clearance: &[u8], padded_width: usize, p: usize) -> u8 {
    if walkable[p] == 0 {
        return 0;
    }
    let right = clearance[p + 1];
    let below = clearance[p + padded_width];
    let diagonal = clearance[p + padded_width + 1];
    right.min(below).min(diagonal).saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Padded walkability from rows of `.` (walkable) and `@` (blocked).
    fn padded(rows: &[&str]) -> (Vec<u8>, usize, u32, u32) {
        let (w, h) = (rows[0].len(), rows.len());
        let pw = w + 2;
        let mut walkable = vec![0; pw * (h + 2)];
        for (y, line) in rows.iter().enumerate() {
            for (x, ch) in line.bytes().enumerate() {
                walkable[(y + 1) * pw + x + 1] = (ch == b'.') as u8;
            }
        }
        (walkable, pw, w as u32, h as u32)
    }

    /// Clearance by definition: grow the square until it leaves the map or meets a block.
    fn by_definition(walkable: &[u8], pw: usize, w: u32, h: u32) -> Vec<u8> {
        let mut out = vec![0; walkable.len()];
        for y in 0..h as usize {
            for x in 0..w as usize {
                let mut side = 0;
                'grow: while side < MAX_CLEARANCE as usize {
                    let next = side + 1;
                    if x + next > w as usize || y + next > h as usize {
                        break;
                    }
                    for dy in 0..next {
                        for dx in 0..next {
                            if walkable[(y + dy + 1) * pw + x + dx + 1] == 0 {
                                break 'grow;
                            }
                        }
                    }
                    side = next;
                }
                out[(y + 1) * pw + x + 1] = side as u8;
            }
        }
        out
    }

    #[test]
    fn recurrence_matches_the_definition_and_edits_stay_exact() {
        let rows = [
            "......@...", //
            "..........",
            "...@......",
            "..........",
            "........@.",
            "..........",
        ];
        let (mut walkable, pw, w, h) = padded(&rows);
        let mut clearance = vec![0; walkable.len()];
        compute_all(&walkable, &mut clearance, pw, w, h);
        assert_eq!(clearance, by_definition(&walkable, pw, w, h));
        // Toggle every cell twice, checking after each edit.
        for y in 1..=h as usize {
            for x in 1..=w as usize {
                for _ in 0..2 {
                    walkable[y * pw + x] ^= 1;
                    update_after_edit(&walkable, &mut clearance, pw, x, y);
                    assert_eq!(
                        clearance,
                        by_definition(&walkable, pw, w, h),
                        "after toggling ({}, {})",
                        x - 1,
                        y - 1
                    );
                }
            }
        }
    }

    #[test]
    fn values_saturate_at_the_cap() {
        // An open square larger than the cap: clearance is min(n - x, n - y, cap); blocking
        // cell b lowers each cell c up and left of it to at most max(bx - cx, by - cy), the
        // largest square at c that leaves b out.
        let n = MAX_CLEARANCE as usize + 3;
        let row = ".".repeat(n);
        let rows: Vec<&str> = (0..n).map(|_| row.as_str()).collect();
        let (mut walkable, pw, w, h) = padded(&rows);
        let mut clearance = vec![0; walkable.len()];
        compute_all(&walkable, &mut clearance, pw, w, h);
        let open = |x: usize, y: usize| (n - x).min(n - y).min(MAX_CLEARANCE as usize);
        let len = walkable.len();
        let expect = |blocked: &[(usize, usize)]| {
            let mut out = vec![0u8; len];
            for y in 0..n {
                for x in 0..n {
                    let mut c = open(x, y);
                    for &(bx, by) in blocked {
                        if x <= bx && y <= by {
                            c = c.min((bx - x).max(by - y));
                        }
                    }
                    out[(y + 1) * pw + x + 1] = c as u8;
                }
            }
            out
        };
        assert_eq!(clearance, expect(&[]));
        assert_eq!(clearance[pw + 1], MAX_CLEARANCE);
        // The bottom-right cell: only values below the cap change.
        walkable[n * pw + n] = 0;
        update_after_edit(&walkable, &mut clearance, pw, n, n);
        assert_eq!(clearance, expect(&[(n - 1, n - 1)]));
        assert_eq!(clearance[pw + 1], MAX_CLEARANCE);
        // The middle: the top-left cell's square drops below the cap.
        let m = n / 2;
        walkable[(m + 1) * pw + m + 1] = 0;
        update_after_edit(&walkable, &mut clearance, pw, m + 1, m + 1);
        assert_eq!(clearance, expect(&[(n - 1, n - 1), (m, m)]));
        assert_eq!(clearance[pw + 1] as usize, m);
        // Unblocking both restores the open map.
        walkable[(m + 1) * pw + m + 1] = 1;
        update_after_edit(&walkable, &mut clearance, pw, m + 1, m + 1);
        walkable[n * pw + n] = 1;
        update_after_edit(&walkable, &mut clearance, pw, n, n);
        assert_eq!(clearance, expect(&[]));
    }
}
