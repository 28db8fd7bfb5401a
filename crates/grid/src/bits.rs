//! Bit grids of the cells an agent fits in, and the block scans of jump point search over them
//! (D. Harabor and A. Grastien, "Improving Jump Point Search", ICAPS 2014: "JPS (B)").
//!
//! A straight jump reads 57 cells of its line and 57 of each neighbouring line at once as
//! words (one unaligned 8-byte load per line, shifted by the bit within the first byte),
//! builds from them the word of the 56 cells ahead that stop the jump (a blocked cell, a
//! forced neighbour, the goal: the 57th cell of the window is the neighbour along the line
//! that the forced test of a cell reads, so one window per step is enough) and finds the first
//! with a trailing (or, scanning backwards, leading) zero count. Rows are scanned in a
//! row-major grid, columns in a column-major one, so both read consecutive memory.

use std::sync::OnceLock;

use crate::components::{Components, Connectivity};
use crate::jump_table::JumpTable;

/// Bits before a line's first cell (and at least as many after its last): a window reads up
/// to 63 cells before the line's start and 64 past its end.
const BIAS: usize = 128;

/// One bit per cell of `lines` lines of `len` cells each; bit set = the agent fits. Bit `b` of
/// a line is bit `b % 8` of its byte `b / 8`, so that 8 bytes read as a little-endian `u64`
/// from any byte hold 64 consecutive cells.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BitGrid {
    bytes: Vec<u8>,
    bytes_per_line: usize,
}

impl BitGrid {
    fn new(lines: usize, len: usize) -> Self {
        let bytes_per_line = ((BIAS + len + BIAS) / 64 + 1) * 8;
        Self {
            bytes: vec![0; lines * bytes_per_line],
            bytes_per_line,
        }
    }

    #[inline]
    fn set(&mut self, line: usize, pos: usize, value: bool) {
        let bit = BIAS + pos;
        let byte = &mut self.bytes[line * self.bytes_per_line + bit / 8];
        if value {
            *byte |= 1 << (bit % 8);
        } else {
            *byte &= !(1 << (bit % 8));
        }
    }

    /// The 8 bytes of `bytes` from `at`, as a little-endian word.
    #[inline(always)]
    fn load(bytes: &[u8], at: usize) -> u64 {
        let mut word = [0; 8];
        word.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(word)
    }

    /// At least 57 cells of lines `line - 1`, `line` and `line + 1` (`line` is neither the
    /// first nor the last) from position `start` on: bit `j` is cell `start + j` for `j` in
    /// `0..57` (the bits above may hold further cells or zeros); cells off the lines read as
    /// blocked. `start` lies in `0..len + 2`. One bounds check for the three.
    #[inline(always)]
    fn windows_from(&self, line: usize, start: isize) -> [u64; 3] {
        let bit = (start + BIAS as isize) as usize;
        let bpl = self.bytes_per_line;
        let first = (line - 1) * bpl + bit / 8;
        let shift = bit % 8;
        let bytes = &self.bytes[first..first + 2 * bpl + 8];
        let at = |i: usize| Self::load(bytes, i) >> shift;
        [at(0), at(bpl), at(2 * bpl)]
    }

    /// [`windows_from`](BitGrid::windows_from) backwards: at least 57 cells up to position
    /// `end`: bit `63 - j` is cell `end - j` for `j` in `0..57` (the bits below may hold
    /// further cells or zeros). `end` lies in `0..len`.
    #[inline(always)]
    fn windows_to(&self, line: usize, end: isize) -> [u64; 3] {
        let bit = (end + BIAS as isize) as usize;
        let bpl = self.bytes_per_line;
        let first = (line - 1) * bpl + bit / 8 - 7;
        let shift = 7 - bit % 8;
        let bytes = &self.bytes[first..first + 2 * bpl + 8];
        let at = |i: usize| Self::load(bytes, i) << shift;
        [at(0), at(bpl), at(2 * bpl)]
    }
}

/// The row-major and column-major bit grids of one agent size over the padded layout of a
/// [`GridMap`](crate::GridMap) (its blocked border included, so every scan stops on the map).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct JumpBits {
    rows: BitGrid,
    columns: BitGrid,
}

/// A straight direction of a scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Straight {
    East,
    West,
    South,
    North,
}

impl JumpBits {
    /// The bit grids of the cells with `fits[p] >= need` in a padded array of rows of
    /// `padded_width` cells.
    pub(crate) fn build(fits: &[u8], padded_width: usize, need: u8) -> Self {
        let padded_height = fits.len() / padded_width;
        let mut bits = Self {
            rows: BitGrid::new(padded_height, padded_width),
            columns: BitGrid::new(padded_width, padded_height),
        };
        for (y, row) in fits.chunks_exact(padded_width).enumerate() {
            for (x, &value) in row.iter().enumerate() {
                if value >= need {
                    bits.set(x, y, true);
                }
            }
        }
        bits
    }

    /// Sets whether the agent fits at padded `(x, y)`.
    pub(crate) fn set(&mut self, x: usize, y: usize, fits: bool) {
        self.rows.set(y, x, fits);
        self.columns.set(x, y, fits);
    }

    /// Jumps from padded `(x, y)`, an open cell off the border, in `direction` until a jump
    /// point (returns the steps taken) or a blocked cell (`None`): the block form of the
    /// cell-by-cell loop, with the same stopping rules. A cell stops the jump when it is
    /// blocked, the goal `goal` (padded), or has a forced neighbour: without corner cutting
    /// (`FREE == false`) a cell beside the line that is open where the one beside the
    /// previous cell is blocked; with free diagonals a blocked cell beside the line whose
    /// successor along the line is open.
    #[inline(always)]
    pub(crate) fn jump<const FREE: bool>(
        &self,
        x: usize,
        y: usize,
        direction: Straight,
        goal: (usize, usize),
    ) -> Option<u32> {
        // The goal is on the scanned line in few scans: those have a copy of their own, and
        // the others never test for it.
        let (grid, line, pos, goal) = match direction {
            Straight::East | Straight::West => (&self.rows, y, x, (goal.1 == y, goal.0)),
            Straight::South | Straight::North => (&self.columns, x, y, (goal.0 == x, goal.1)),
        };
        match (direction, goal.0) {
            (Straight::East | Straight::South, true) => {
                scan_forward::<FREE, true>(grid, line, pos, goal.1)
            }
            (Straight::East | Straight::South, false) => {
                scan_forward::<FREE, false>(grid, line, pos, 0)
            }
            (Straight::West | Straight::North, true) => {
                scan_backward::<FREE, true>(grid, line, pos, goal.1)
            }
            (Straight::West | Straight::North, false) => {
                scan_backward::<FREE, false>(grid, line, pos, 0)
            }
        }
    }
}

/// The cells a forward scan decides per window: bits `0..56` (bit `j` is `j + 1` steps
/// ahead). A window holds 57 valid cells, the 57th being the neighbour along the line that the
/// forced test of the 56th needs.
const AHEAD_56: u64 = (1 << 56) - 1;

/// The cells a backward scan decides per window: bits `7..63` (bit `62 - j` is `j + 1` steps
/// ahead).
const BEHIND_56: u64 = AHEAD_56 << 7;

/// Scans `line` of `grid` from `pos` towards higher positions (see [`JumpBits::jump`]);
/// `GOAL`: the goal lies on this line, at `goal` (otherwise `goal` is not read). Each step
/// reads one window of the three lines and decides 56 cells.
#[inline(always)]
fn scan_forward<const FREE: bool, const GOAL: bool>(
    grid: &BitGrid,
    line: usize,
    pos: usize,
    goal: usize,
) -> Option<u32> {
    let mut pos = pos as isize;
    let mut steps = 0u32;
    let goal_pos = goal as isize;
    loop {
        // Bit j is the cell j + 1 steps ahead, j in 0..56: without corner cutting the window
        // starts at the current cell (bit j + 1 is that cell, bit j the one before it), with
        // free diagonals one cell ahead (bit j + 1 is the cell after it).
        let (forced, cells) = if FREE {
            let [above, cells, below] = grid.windows_from(line, pos + 1);
            ((!above & (above >> 1)) | (!below & (below >> 1)), cells)
        } else {
            let [above, cells, below] = grid.windows_from(line, pos);
            (
                ((above & !(above << 1)) | (below & !(below << 1))) >> 1,
                cells >> 1,
            )
        };
        let ahead = goal_pos - pos - 1;
        let goal_bit = if GOAL && (0..56).contains(&ahead) {
            1 << ahead
        } else {
            0
        };
        let stop = (forced | !cells | goal_bit) & AHEAD_56;
        if stop != 0 {
            let t = stop.trailing_zeros();
            return (cells >> t & 1 != 0).then_some(steps + t + 1);
        }
        steps += 56;
        pos += 56;
    }
}

/// [`scan_forward`] towards lower positions.
#[inline(always)]
fn scan_backward<const FREE: bool, const GOAL: bool>(
    grid: &BitGrid,
    line: usize,
    pos: usize,
    goal: usize,
) -> Option<u32> {
    let mut pos = pos as isize;
    let mut steps = 0u32;
    let goal_pos = goal as isize;
    loop {
        // Bit j is the cell 63 - j steps ahead, j in 7..63 (bit 62 is the next cell): the
        // window ends at the current cell without corner cutting (bit 63), at the next one
        // with free diagonals (bit 63, then bit 62 after the shift).
        let (forced, cells) = if FREE {
            let [above, cells, below] = grid.windows_to(line, pos - 1);
            (
                ((!above & (above << 1)) | (!below & (below << 1))) >> 1,
                cells >> 1,
            )
        } else {
            let [above, cells, below] = grid.windows_to(line, pos);
            ((above & !(above >> 1)) | (below & !(below >> 1)), cells)
        };
        let behind = goal_pos - (pos - 63);
        let goal_bit = if GOAL && (7..63).contains(&behind) {
            1 << behind
        } else {
            0
        };
        let stop = (forced | !cells | goal_bit) & BEHIND_56;
        if stop != 0 {
            // The highest stop bit is the nearest cell: bit 62 is one step ahead.
            let l = stop.leading_zeros();
            return (cells >> (63 - l) & 1 != 0).then_some(steps + l);
        }
        steps += 56;
        pos -= 56;
    }
}

/// What a map derives lazily per agent size, shared by every query on it (`Sync`: built once
/// under a [`OnceLock`]); edits that change walkability clear it or keep it up to date. The
/// empty slots take 16 bytes each, 16 KiB per map for the 255 agent sizes.
#[derive(Debug, Default)]
pub(crate) struct SizeCache {
    /// Per agent size (index `size - 1`), the jump point bit grids.
    bits: Vec<OnceLock<Box<JumpBits>>>,
    /// Per agent size and connectivity (index `(size - 1) * Connectivity::COUNT + kind`), the
    /// connected components.
    components: Vec<OnceLock<Box<Components>>>,
    /// Per agent size and diagonal rule (index `(size - 1) * 2 + free`), the preprocessed jump
    /// distances.
    tables: Vec<OnceLock<Box<JumpTable>>>,
}

impl Clone for SizeCache {
    fn clone(&self) -> Self {
        Self {
            bits: self.bits.clone(),
            components: self.components.clone(),
            tables: self.tables.clone(),
        }
    }
}

/// Derived data never makes two maps differ.
impl PartialEq for SizeCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl SizeCache {
    /// A cache for agents of 1 to `max_size` cells, all unbuilt.
    pub(crate) fn new(max_size: usize) -> Self {
        Self {
            bits: (0..max_size).map(|_| OnceLock::new()).collect(),
            components: (0..max_size * Connectivity::COUNT)
                .map(|_| OnceLock::new())
                .collect(),
            tables: (0..max_size * 2).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The jump table for agents of `size` cells under free diagonals (`free`) or without
    /// corner cutting, built by `build` on first use.
    pub(crate) fn table(
        &self,
        size: u32,
        free: bool,
        build: impl FnOnce() -> JumpTable,
    ) -> &JumpTable {
        self.tables[(size as usize - 1) * 2 + free as usize].get_or_init(|| Box::new(build()))
    }

    /// Whether the bit grids for `size` are built.
    pub(crate) fn has_bits(&self, size: u32) -> bool {
        self.bits[size as usize - 1].get().is_some()
    }

    /// Whether the components for `size` and `connectivity` are labelled.
    pub(crate) fn has_components(&self, size: u32, connectivity: Connectivity) -> bool {
        self.components[(size as usize - 1) * Connectivity::COUNT + connectivity as usize]
            .get()
            .is_some()
    }

    /// Whether the jump table for `size` and `free` is built.
    pub(crate) fn has_table(&self, size: u32, free: bool) -> bool {
        self.tables[(size as usize - 1) * 2 + free as usize]
            .get()
            .is_some()
    }

    /// The bit grids for agents of `size` cells, built by `build` on first use.
    pub(crate) fn bits(&self, size: u32, build: impl FnOnce() -> JumpBits) -> &JumpBits {
        self.bits[size as usize - 1].get_or_init(|| Box::new(build()))
    }

    /// The components for agents of `size` cells under `connectivity`, labelled by `label` on
    /// first use.
    pub(crate) fn components(
        &self,
        size: u32,
        connectivity: Connectivity,
        label: impl FnOnce() -> Components,
    ) -> &Components {
        self.components[(size as usize - 1) * Connectivity::COUNT + connectivity as usize]
            .get_or_init(|| Box::new(label()))
    }

    /// Walkability changed at padded `(x, y)` (`walkable` is the padded walkability array
    /// after the edit, rows of `padded_width`): the one-cell grids are updated in place, the
    /// others (whose clearance changed around the cell) are dropped and rebuilt on next use.
    /// The one-cell component labels are updated in place when the edit neither joins nor
    /// splits components locally ([`Components::update`]); otherwise, and for larger agents,
    /// the labels are dropped and relabelled on next use.
    pub(crate) fn walkability_changed(
        &mut self,
        walkable_padded: &[u8],
        padded_width: usize,
        (x, y): (usize, usize),
    ) {
        let walkable = walkable_padded[y * padded_width + x] != 0;
        for (i, slot) in self.components.iter_mut().enumerate() {
            let kept = i < Connectivity::COUNT
                && slot.get_mut().is_none_or(|components| {
                    let kind = [
                        Connectivity::Four,
                        Connectivity::EightNoCornerCutting,
                        Connectivity::EightFree,
                    ][i];
                    components.update(walkable_padded, padded_width, y * padded_width + x, kind)
                });
            if !kept {
                slot.take();
            }
        }
        for (i, slot) in self.bits.iter_mut().enumerate() {
            if i == 0 {
                if let Some(bits) = slot.get_mut() {
                    bits.set(x, y, walkable);
                }
            } else {
                slot.take();
            }
        }
        // The one-cell tables are updated locally; larger agents' clearance changed in a
        // region around the cell, and their tables are rebuilt on next use.
        for (i, slot) in self.tables.iter_mut().enumerate() {
            if i < 2 {
                if let Some(table) = slot.get_mut() {
                    table.update(walkable_padded, padded_width, 1, i == 1, (x, y));
                }
            } else {
                slot.take();
            }
        }
    }

    /// The whole map changed: drop everything.
    pub(crate) fn clear(&mut self) {
        for slot in &mut self.bits {
            slot.take();
        }
        for slot in &mut self.tables {
            slot.take();
        }
        self.drop_components();
    }

    fn drop_components(&mut self) {
        for slot in &mut self.components {
            slot.take();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The jump of [`JumpBits::jump`], one cell at a time from its definition.
    fn reference(
        fits: &[u8],
        pw: usize,
        (x, y): (usize, usize),
        (dx, dy): (isize, isize),
        free: bool,
        goal: (usize, usize),
    ) -> Option<u32> {
        let open = |x: isize, y: isize| fits[y as usize * pw + x as usize] != 0;
        let (mut cx, mut cy) = (x as isize, y as isize);
        let mut steps = 0;
        loop {
            let (nx, ny) = (cx + dx, cy + dy);
            if !open(nx, ny) {
                return None;
            }
            steps += 1;
            if (nx as usize, ny as usize) == goal {
                return Some(steps);
            }
            for (sx, sy) in [(dy, dx), (-dy, -dx)] {
                let forced = if free {
                    !open(nx + sx, ny + sy) && open(nx + sx + dx, ny + sy + dy)
                } else {
                    open(nx + sx, ny + sy) && !open(nx + sx - dx, ny + sy - dy)
                };
                if forced {
                    return Some(steps);
                }
            }
            (cx, cy) = (nx, ny);
        }
    }

    /// Every scan, from every open cell in every direction, under both rules, with the goal
    /// on the line or off it, equals the cell-by-cell jump: on lines of lengths around the
    /// 56 cells a scan step decides, the 57 of a window and the 64 of a word.
    #[test]
    fn scans_equal_cell_by_cell_jumps() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for (w, h) in [
            (1usize, 130usize),
            (55, 3),
            (56, 4),
            (57, 3),
            (112, 3),
            (113, 4),
            (62, 3),
            (63, 5),
            (64, 64),
            (65, 4),
            (127, 3),
            (190, 7),
            (300, 3),
        ] {
            for density in [2u64, 6, 40, 1000] {
                let (pw, ph) = (w + 2, h + 2);
                let mut fits = vec![0u8; pw * ph];
                for y in 1..=h {
                    for x in 1..=w {
                        fits[y * pw + x] = (next() % density != 0) as u8;
                    }
                }
                let bits = JumpBits::build(&fits, pw, 1);
                let goal = (1 + next() as usize % w, 1 + next() as usize % h);
                for y in 1..=h {
                    for x in 1..=w {
                        if fits[y * pw + x] == 0 {
                            continue;
                        }
                        for (direction, d) in [
                            (Straight::East, (1, 0)),
                            (Straight::West, (-1, 0)),
                            (Straight::South, (0, 1)),
                            (Straight::North, (0, -1)),
                        ] {
                            for g in [goal, (x, goal.1), (goal.0, y)] {
                                let want = |free| reference(&fits, pw, (x, y), d, free, g);
                                assert_eq!(
                                    bits.jump::<false>(x, y, direction, g),
                                    want(false),
                                    "{w}x{h} from ({x}, {y}) {direction:?}, goal {g:?}"
                                );
                                assert_eq!(
                                    bits.jump::<true>(x, y, direction, g),
                                    want(true),
                                    "free, {w}x{h} from ({x}, {y}) {direction:?}, goal {g:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
