//! Preprocessed jump distances (JPS+: S. Rabin, "JPS+: Over 100x Faster than A*", GDC 2015;
//! D. Harabor and A. Grastien, "Improving Jump Point Search", ICAPS 2014).
//!
//! For every cell and each of the eight directions the table holds where a jump from that
//! cell in that direction ends when no goal is in the way: `n > 0` means a jump point `n`
//! steps away, `n <= 0` means that the jump runs into a wall after `-n` legal steps. A query
//! then jumps with one table read; the goal, which the table cannot know, is handled at the
//! query (see `GridView::jump_table`).
//!
//! The stopping rules are exactly those of the online jumps of `view.rs` and `bits.rs`, so the
//! two searches expand the same jump points (the goal rules aside).

/// The eight directions in the order of `view::DIRECTIONS`: E, W, S, N, SE, NE, SW, NW.
const DIRECTIONS: [(isize, isize); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Jump distances per padded cell and direction: 8 x 2 bytes = 16 bytes per cell, for one
/// agent size and one diagonal rule.
#[derive(Debug, Clone)]
pub(crate) struct JumpTable {
    entries: Vec<[i16; 8]>,
    /// Scratch of [`update`](JumpTable::update), kept so that an edit allocates nothing.
    seeds: Vec<usize>,
}

/// Tables are equal when their entries are.
impl PartialEq for JumpTable {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
    }
}

/// The cells and the rule a table is built for.
struct Grid<'a> {
    fits: &'a [u8],
    need: u8,
    pw: usize,
    free: bool,
}

impl Grid<'_> {
    #[inline(always)]
    fn open(&self, p: usize) -> bool {
        self.fits[p] >= self.need
    }

    #[inline(always)]
    fn at(p: usize, dx: isize, dy: isize, pw: usize) -> usize {
        p.wrapping_add_signed(dx + dy * pw as isize)
    }

    /// Whether a straight jump in `(dx, dy)` that arrives at open cell `n` stops there: a
    /// forced neighbour (the rules of `bits::scan_forward`).
    #[inline(always)]
    fn straight_stop(&self, n: usize, dx: isize, dy: isize) -> bool {
        let pw = self.pw;
        // The two sides of the line.
        [(dy, dx), (-dy, -dx)].into_iter().any(|(sx, sy)| {
            if self.free {
                !self.open(Self::at(n, sx, sy, pw)) && self.open(Self::at(n, dx + sx, dy + sy, pw))
            } else {
                self.open(Self::at(n, sx, sy, pw)) && !self.open(Self::at(n, sx - dx, sy - dy, pw))
            }
        })
    }

    /// The straight entry of cell `c` in direction `dir` (0..4), given the entries of the
    /// next cell.
    #[inline(always)]
    fn straight_entry(&self, entries: &[[i16; 8]], c: usize, dir: usize) -> i16 {
        let (dx, dy) = DIRECTIONS[dir];
        let n = Self::at(c, dx, dy, self.pw);
        if !self.open(n) {
            0
        } else if self.straight_stop(n, dx, dy) {
            1
        } else {
            step_on(entries[n][dir])
        }
    }

    /// The diagonal entry of cell `c` in direction `dir` (4..8), given the entries of the
    /// next cell (its straight ones included).
    #[inline(always)]
    fn diagonal_entry(&self, entries: &[[i16; 8]], c: usize, dir: usize) -> i16 {
        let pw = self.pw;
        let (dx, dy) = DIRECTIONS[dir];
        let n = Self::at(c, dx, dy, pw);
        let beside = Self::at(c, dx, 0, pw);
        let above = Self::at(c, 0, dy, pw);
        let legal = self.open(n) && (self.free || (self.open(beside) && self.open(above)));
        if !legal {
            return 0;
        }
        // With free diagonals, a wall behind `n` on one side forces the diagonal turning back.
        let forced = self.free
            && ((!self.open(above) && self.open(Self::at(above, 0, dy, pw)))
                || (!self.open(beside) && self.open(Self::at(beside, dx, 0, pw))));
        let (along_x, along_y) = (straight_index(dx, 0), straight_index(0, dy));
        if forced || entries[n][along_x] > 0 || entries[n][along_y] > 0 {
            1
        } else {
            step_on(entries[n][dir])
        }
    }
}

/// The entry of the cell before one with entry `next` (not a stop): one step further.
#[inline(always)]
fn step_on(next: i16) -> i16 {
    if next > 0 { next + 1 } else { next - 1 }
}

/// The index of straight direction `(dx, dy)` in [`DIRECTIONS`].
#[inline(always)]
fn straight_index(dx: isize, dy: isize) -> usize {
    match (dx, dy) {
        (1, 0) => 0,
        (-1, 0) => 1,
        (0, 1) => 2,
        _ => 3,
    }
}

/// Visits the interior cells of the padded map, rows bottom to top if `rows_up`, columns right
/// to left if `cols_left`.
#[inline(always)]
fn sweep(
    grid: &Grid<'_>,
    entries: &mut [[i16; 8]],
    ph: usize,
    rows_up: bool,
    cols_left: bool,
    mut visit: impl FnMut(&Grid<'_>, &mut [[i16; 8]], usize),
) {
    let pw = grid.pw;
    for row in 1..ph - 1 {
        let y = if rows_up { ph - 1 - row } else { row };
        for col in 1..pw - 1 {
            let x = if cols_left { pw - 1 - col } else { col };
            visit(grid, entries, y * pw + x);
        }
    }
}

/// Computes the entry of cell `c` in direction `DIR`.
#[inline(always)]
fn set<const DIR: usize, const FREE: bool>(grid: &Grid<'_>, entries: &mut [[i16; 8]], c: usize) {
    debug_assert_eq!(grid.free, FREE);
    entries[c][DIR] = if DIR < 4 {
        grid.straight_entry(entries, c, DIR)
    } else {
        grid.diagonal_entry(entries, c, DIR)
    };
}

/// The entries of a [`JumpTable`] under rule `FREE` (see [`JumpTable::build`]), in four sweeps.
///
/// An entry depends on the entries of the next cell in its direction (a diagonal one also on
/// that cell's straight entries along its two components), so a direction is swept from the
/// far side, and every sweep finds the entries it reads already computed, by an earlier sweep
/// or earlier in its own: W, N and NW top-left to bottom-right; E and NE (N from the first
/// sweep) top-right to bottom-left; S and SW (W from the first) bottom-left to top-right; SE
/// (E and S from the two before) bottom-right to top-left. Four passes over the table instead
/// of eight, each direction a constant.
fn build_entries<const FREE: bool>(fits: &[u8], pw: usize, need: u8) -> Vec<[i16; 8]> {
    let grid = Grid {
        fits,
        need,
        pw,
        free: FREE,
    };
    let ph = fits.len() / pw;
    let mut entries = vec![[0i16; 8]; fits.len()];
    if pw < 3 || ph < 3 {
        return entries;
    }
    // The sweeps of `SWEEPS`, each direction a constant so that its offsets fold away.
    sweep(&grid, &mut entries, ph, false, false, |g, e, c| {
        set::<1, FREE>(g, e, c);
        set::<3, FREE>(g, e, c);
        set::<7, FREE>(g, e, c);
    });
    sweep(&grid, &mut entries, ph, false, true, |g, e, c| {
        set::<0, FREE>(g, e, c);
        set::<5, FREE>(g, e, c);
    });
    sweep(&grid, &mut entries, ph, true, false, |g, e, c| {
        set::<2, FREE>(g, e, c);
        set::<6, FREE>(g, e, c);
    });
    sweep(&grid, &mut entries, ph, true, true, |g, e, c| {
        set::<4, FREE>(g, e, c);
    });
    entries
}

impl JumpTable {
    /// The table of the cells with `fits[p] >= need` in a padded array of rows of
    /// `padded_width` cells (its border never fits), under free diagonals (`free`) or without
    /// corner cutting. O(cells): four sweeps over the map (see `build_entries`).
    pub(crate) fn build(fits: &[u8], padded_width: usize, need: u8, free: bool) -> Self {
        // One copy per diagonal rule, so that the rule's tests fold away in the sweeps.
        let entries = if free {
            build_entries::<true>(fits, padded_width, need)
        } else {
            build_entries::<false>(fits, padded_width, need)
        };
        Self {
            entries,
            seeds: Vec::new(),
        }
    }

    /// The entries of padded cell `p`.
    #[inline(always)]
    pub(crate) fn entries(&self, p: usize) -> &[i16; 8] {
        &self.entries[p]
    }

    /// Walkability changed at padded `(x, y)` of `fits` (the array after the edit): brings the
    /// entries that depend on it up to date. Straight entries change only on the three rows
    /// and columns through the cell, and are recomputed there (O(width + height)); a diagonal
    /// entry depends on the cell after it, so each diagonal walk that starts at a changed cell
    /// runs backwards while the values it recomputes differ.
    pub(crate) fn update(
        &mut self,
        fits: &[u8],
        padded_width: usize,
        need: u8,
        free: bool,
        (x, y): (usize, usize),
    ) {
        let grid = Grid {
            fits,
            need,
            pw: padded_width,
            free,
        };
        let pw = padded_width;
        let ph = fits.len() / pw;
        let interior =
            |cx: usize, cy: usize| (1..pw - 1).contains(&cx) && (1..ph - 1).contains(&cy);
        let mut seeds = std::mem::take(&mut self.seeds);
        seeds.clear();
        // The cells around the edit: their openness tests read it (corner and forced tests
        // reach two cells away).
        for cy in y.saturating_sub(2)..=y + 2 {
            for cx in x.saturating_sub(2)..=x + 2 {
                if interior(cx, cy) {
                    seeds.push(cy * pw + cx);
                }
            }
        }
        // Straight entries: on rows y - 1..=y + 1 east and west, on columns x - 1..=x + 1
        // south and north. An entry reads the next two cells along its line (and the lines
        // beside them), so the entries from one cell past the edit backwards are recomputed,
        // and on while they change.
        for line in y.saturating_sub(1)..=y + 1 {
            for dir in [0, 1] {
                let from = (x as isize + DIRECTIONS[dir].0).clamp(1, pw as isize - 2) as usize;
                self.fix_line(&grid, ph, line * pw + from, dir, &mut seeds);
            }
        }
        for line in x.saturating_sub(1)..=x + 1 {
            for dir in [2, 3] {
                let from = (y as isize + DIRECTIONS[dir].1).clamp(1, ph as isize - 2) as usize;
                self.fix_line(&grid, ph, from * pw + line, dir, &mut seeds);
            }
        }
        // A diagonal entry reads the cell it steps to: walk back from every seed (the seed's
        // own entry first) while values change. Seeds near the edit are always recomputed.
        for &seed in &seeds {
            for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate().skip(4) {
                let back = -(dx + dy * pw as isize);
                // The seed itself, then the cells before it (the diagonal entry of a cell
                // before a changed straight entry reads that entry).
                let mut c = seed;
                // The seed and the cell before it are always recomputed.
                let mut must = 2u32;
                loop {
                    let (cx, cy) = (c % pw, c / pw);
                    if !interior(cx, cy) {
                        break;
                    }
                    let value = grid.diagonal_entry(&self.entries, c, dir);
                    let changed = value != self.entries[c][dir];
                    self.entries[c][dir] = value;
                    must = must.saturating_sub(1);
                    if !changed && must == 0 {
                        break;
                    }
                    c = c.wrapping_add_signed(back);
                }
            }
        }
        self.seeds = seeds;
    }
}

impl JumpTable {
    /// Recomputes the straight entries in direction `dir` from padded cell `start` backwards
    /// along its line: at least the four cells from `start` on, then while they change;
    /// changed cells are pushed to `seeds`.
    fn fix_line(
        &mut self,
        grid: &Grid<'_>,
        ph: usize,
        start: usize,
        dir: usize,
        seeds: &mut Vec<usize>,
    ) {
        let pw = grid.pw;
        let (dx, dy) = DIRECTIONS[dir];
        let back = -(dx + dy * pw as isize);
        let mut c = start;
        let mut must = 4u32;
        loop {
            let (cx, cy) = (c % pw, c / pw);
            if !((1..pw - 1).contains(&cx) && (1..ph - 1).contains(&cy)) {
                break;
            }
            let value = grid.straight_entry(&self.entries, c, dir);
            let changed = value != self.entries[c][dir];
            if changed {
                self.entries[c][dir] = value;
                seeds.push(c);
            }
            must = must.saturating_sub(1);
            if !changed && must == 0 {
                break;
            }
            c = c.wrapping_add_signed(back);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A padded array from rows of `.` (open) and `@` (blocked).
    fn padded(rows: &[&str]) -> (Vec<u8>, usize) {
        let w = rows[0].len();
        let pw = w + 2;
        let mut fits = vec![0u8; pw * (rows.len() + 2)];
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                fits[(y + 1) * pw + x + 1] = (c == '.') as u8;
            }
        }
        (fits, pw)
    }

    #[test]
    fn straight_entries_count_steps_to_walls_and_jump_points() {
        let (fits, pw) = padded(&["....", ".@..", "...."]);
        let table = JumpTable::build(&fits, pw, 1, false);
        let p = |x: usize, y: usize| (y + 1) * pw + x + 1;
        // Row 0 from (0, 0) east: (2, 0) has a forced neighbour (2, 1) past the wall's end.
        assert_eq!(table.entries(p(0, 0))[0], 2);
        // From (2, 0) east: the wall after one step.
        assert_eq!(table.entries(p(2, 0))[0], -1);
        // From (3, 0) east: the wall at once.
        assert_eq!(table.entries(p(3, 0))[0], 0);
        // Column 0 from (0, 0) south: (0, 2) has the forced neighbour (1, 2).
        assert_eq!(table.entries(p(0, 0))[2], 2);
    }

    /// The longest line a map has (32768 cells, `GridMap::MAX_SIDE`) fits an `i16` entry.
    #[test]
    fn the_longest_line_fits_an_entry() {
        let row = ".".repeat(32768);
        let (fits, pw) = padded(&[&row]);
        let table = JumpTable::build(&fits, pw, 1, false);
        assert_eq!(table.entries(pw + 1)[0], -32767);
        assert_eq!(table.entries(pw + 32768)[1], -32767);
    }

    /// The build as it was before the sweeps were merged: one sweep per direction.
    fn build_one_direction_at_a_time(fits: &[u8], pw: usize, need: u8, free: bool) -> JumpTable {
        let grid = Grid {
            fits,
            need,
            pw,
            free,
        };
        let ph = fits.len() / pw;
        let mut entries = vec![[0i16; 8]; fits.len()];
        if pw >= 3 && ph >= 3 {
            for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                for row in 1..ph - 1 {
                    let y = if dy > 0 { ph - 1 - row } else { row };
                    for col in 1..pw - 1 {
                        let x = if dx > 0 { pw - 1 - col } else { col };
                        let c = y * pw + x;
                        entries[c][dir] = if dir < 4 {
                            grid.straight_entry(&entries, c, dir)
                        } else {
                            grid.diagonal_entry(&entries, c, dir)
                        };
                    }
                }
            }
        }
        JumpTable {
            entries,
            seeds: Vec::new(),
        }
    }

    /// The four merged sweeps give the table of eight separate ones, under both rules, for
    /// walkability and for clearance (agents of 1 to 3 cells).
    #[test]
    fn merged_sweeps_equal_one_sweep_per_direction() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for (w, h) in [
            (1usize, 1usize),
            (1, 9),
            (9, 1),
            (2, 2),
            (13, 11),
            (64, 33),
            (97, 80),
        ] {
            let pw = w + 2;
            for density in [3u64, 5, 12] {
                let mut fits = vec![0u8; pw * (h + 2)];
                for y in 1..=h {
                    for x in 1..=w {
                        fits[y * pw + x] = (next() % density) as u8 % 4;
                    }
                }
                for free in [false, true] {
                    for need in 1..=3 {
                        assert!(
                            JumpTable::build(&fits, pw, need, free)
                                == build_one_direction_at_a_time(&fits, pw, need, free),
                            "{w}x{h}, density {density}, free {free}, need {need}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn local_updates_equal_a_rebuild() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for free in [false, true] {
            for (w, h) in [(1usize, 9usize), (9, 1), (13, 11), (40, 7), (70, 45)] {
                let pw = w + 2;
                let mut fits = vec![0u8; pw * (h + 2)];
                for y in 1..=h {
                    for x in 1..=w {
                        fits[y * pw + x] = (next() % (4 + w as u64 / 20) != 0) as u8;
                    }
                }
                let mut table = JumpTable::build(&fits, pw, 1, free);
                for _ in 0..60 {
                    let (x, y) = (1 + next() as usize % w, 1 + next() as usize % h);
                    fits[y * pw + x] ^= 1;
                    table.update(&fits, pw, 1, free, (x, y));
                    assert_eq!(
                        table,
                        JumpTable::build(&fits, pw, 1, free),
                        "{w}x{h}, free {free}, edit at ({x}, {y})"
                    );
                }
            }
        }
    }
}
