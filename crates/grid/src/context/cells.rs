//! Cell-by-cell A* written for the common case: the 4 or 8 adjacent cells of a map of equal
//! multipliers, for any agent size, diagonal rule, heuristic and limits.
//!
//! It runs the engine's search (`nav_search::SearchContext::astar` over a
//! [`GridView`](crate::GridView)) step for step, without the engine's generality: the same
//! `f64` sums in the same order, the same open-list order, so the same cells expand in the
//! same order and the same path, cost, status and expansion count come out (the tests compare
//! both on random maps under every rule, agent size and limit). What it leaves out:
//!
//! * the successor buffer: each neighbour is relaxed where it is found, its heuristic computed
//!   from the expanded cell's column and row plus the step (one division per expansion, not
//!   one per neighbour);
//! * the checks an arbitrary graph needs (edge costs that are NaN or negative, ids beyond the
//!   arena);
//! * the open list's generality: the entries of the `f`s above the current one are always one
//!   bucket per `f` (the engine starts with a radix heap and switches), and an entry is 8
//!   bytes (its `g` and node: the `f` is its bucket's), where the engine's are 16.
//!
//! The order is the engine's: the smallest `f` key first (the bits of `f` without the last 8
//! of its fraction); among equal keys, the entries pushed while that key was current, last in
//! first out; then the others by larger `g` (the upper half of its bits), then smaller node
//! id. That order is the engine's as long as no entry has an `f` below the current one (a
//! consistent heuristic; the engine then switches to a binary heap): when one appears, the
//! kernel stops and the caller runs the engine instead, so the answer is the engine's in every
//! case.

use nav_search::{Limits, NodeId, SearchOutcome, SearchStatus};

use crate::view::{CellKernel, KernelMoves, RowDivisor};

/// Parent of the start cell.
const NO_PARENT: NodeId = NodeId::MAX;

/// The largest generation that fits in a mark next to the closed bit.
const MAX_GENERATION: u32 = u32::MAX >> 1;

/// Fraction bits of `f` that the order ignores (as the engine's open list).
const F_ROUNDING_BITS: u32 = 8;

/// A cell's slot: `(g, parent, mark)`, `mark = generation << 1 | closed`. A tuple of numbers,
/// so that a new arena of zeros is allocated zeroed by the system and its pages cost memory
/// only once a query touches them; generation 0 is never current.
type Slot = (f64, NodeId, u32);

/// An untouched slot.
const UNSEEN: Slot = (0.0, 0, 0);

/// The scratch memory of the kernel: a slot per cell and the open list. Reset in O(1) by a
/// generation stamp; a warm query allocates nothing.
#[derive(Debug, Clone, Default)]
pub(crate) struct CellSearch {
    slots: Vec<Slot>,
    generation: u32,
    open: Open,
}

/// Why the kernel stopped without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Inconsistent;

impl CellSearch {
    /// Whether `moves` under these heuristic and costs suit the kernel: a heuristic that is
    /// consistent in exact arithmetic, so that (rounding aside) no entry ever has an `f`
    /// below the current one and the kernel runs to the end.
    pub(crate) fn suits(rules: &crate::CompiledRules, moves: KernelMoves) -> bool {
        use crate::Heuristic::{Chebyshev, Euclidean, Manhattan, Octile, Zero};
        let costs = &rules.rules().costs;
        let (s, d) = (costs.straight(), costs.diagonal());
        match (moves, rules.rules().heuristic) {
            (KernelMoves::Four, _) => true,
            (_, Octile | Chebyshev | Zero) => d >= s,
            (_, Euclidean) => d >= s * std::f64::consts::SQRT_2,
            (_, Manhattan) => d >= 2.0 * s,
        }
    }

    /// The cells the last search expanded, as node ids in increasing order, on a map of
    /// width `width` (the last search's).
    pub(crate) fn closed_nodes(&self, width: u32) -> impl Iterator<Item = NodeId> + '_ {
        let closed = self.generation << 1 | 1;
        let pw = width as usize + 2;
        self.slots
            .iter()
            .enumerate()
            .filter(move |(_, slot)| slot.2 == closed)
            .map(move |(p, _)| ((p / pw - 1) * width as usize + p % pw - 1) as NodeId)
    }

    /// Searches from `start` (a node id: a cell index) as `SearchContext::astar` would on
    /// the view the kernel was taken from, and writes the path into `path` as it does. The
    /// slots cover the padded map and are zeroed memory from the system: a query touches the
    /// pages of the cells it reaches. `Err` when an entry's `f` fell below the
    /// current one (the engine's heap mode): run the engine instead.
    pub(crate) fn astar(
        &mut self,
        kernel: &CellKernel<'_>,
        start: NodeId,
        limits: &Limits,
        path: &mut Vec<NodeId>,
    ) -> Result<SearchOutcome, Inconsistent> {
        path.clear();
        let padded = kernel.fits.len();
        if self.slots.len() < padded {
            let mut grown = vec![UNSEEN; padded];
            grown[..self.slots.len()].copy_from_slice(&self.slots);
            self.slots = grown;
        }
        let dearest = match kernel.moves {
            KernelMoves::Four => kernel.straight,
            _ => kernel.straight.max(kernel.diagonal),
        };
        self.open.clear(2.0 * dearest);
        if self.generation == MAX_GENERATION {
            self.slots.fill(UNSEEN);
            self.generation = 0;
        }
        self.generation += 1;
        let one = kernel.need <= 1;
        let euclidean = kernel.heuristic.is_euclidean();
        // One loop per agent kind, move set and kind of heuristic.
        macro_rules! go {
            ($one:literal, $moves:ident) => {
                if euclidean {
                    self.run::<$one, $moves, true>(kernel, start, limits, path)
                } else {
                    self.run::<$one, $moves, false>(kernel, start, limits, path)
                }
            };
        }
        match (one, kernel.moves) {
            (true, KernelMoves::Four) => go!(true, FOUR),
            (true, KernelMoves::NoCornerCutting) => go!(true, NO_CORNER_CUTTING),
            (true, KernelMoves::Free) => go!(true, FREE),
            (false, KernelMoves::Four) => go!(false, FOUR),
            (false, KernelMoves::NoCornerCutting) => go!(false, NO_CORNER_CUTTING),
            (false, KernelMoves::Free) => go!(false, FREE),
        }
    }

    /// The search loop, compiled per agent kind (`ONE`: one cell, read walkability), per
    /// move set (`MOVES`) and per kind of heuristic (`EUCLIDEAN`, the heuristic's). Slots and
    /// entries are addressed by padded index `p` (the fit array's,
    /// `(y + 1) * (width + 2) + x + 1`), which orders cells as their node ids do, so that a cell's fit and its slot share
    /// an index and the 3 x 3 block around a cell is three windows of three (one bounds check
    /// each).
    #[inline(never)]
    fn run<const ONE: bool, const MOVES: u8, const EUCLIDEAN: bool>(
        &mut self,
        k: &CellKernel<'_>,
        start: NodeId,
        limits: &Limits,
        path: &mut Vec<NodeId>,
    ) -> Result<SearchOutcome, Inconsistent> {
        let generation = self.generation;
        let (open_mark, closed_mark) = (generation << 1, generation << 1 | 1);
        let (fits, need, w) = (k.fits, k.need, k.width);
        // From a `u32` (the width), so that `2 * pw + 3` cannot overflow.
        let pw = w as usize + 2;
        debug_assert_eq!(pw, k.padded_width);
        let (gx, gy) = (k.goal_x as i64, k.goal_y as i64);
        let (cs, cd) = (k.straight, k.diagonal);
        let heuristic = k.heuristic;
        let fit = |v: u8| if ONE { v != 0 } else { v >= need };
        let padded_rows = RowDivisor::new_padded(pw as u32);
        let slots = &mut self.slots;
        let open = &mut self.open;

        let start_p = {
            let y = k.rows.divide(start);
            (y as usize + 1) * pw + (start - y * w) as usize + 1
        };
        let goal_p = ((gy + 1) as usize * pw + gx as usize + 1) as u32;
        let h_at = |ax: i64, ay: i64| {
            let h = heuristic.estimate(ax.unsigned_abs(), ay.unsigned_abs());
            if h > 0.0 { h } else { 0.0 }
        };
        {
            let y = (start_p / pw) as i64 - 1;
            let x = (start_p % pw) as i64 - 1;
            slots[start_p] = (0.0, NO_PARENT, open_mark);
            open.push_first(f_key(h_at(x - gx, y - gy)), low_key(0.0, start_p as u32));
        }

        let (max_expanded, max_cost, partial_path) =
            (limits.max_expanded, limits.max_cost, limits.partial_path);
        let mut expanded = 0usize;
        let mut pruned_by_cost = false;
        let mut closest: Option<(f64, f64, u32)> = None;
        let end = loop {
            let Some(entry) = open.pop(|q| slots[q as usize].2 == closed_mark) else {
                let status = if pruned_by_cost {
                    SearchStatus::LimitReached
                } else {
                    SearchStatus::NoPath
                };
                break (status, None);
            };
            let q = entry as u32;
            let p = q as usize;
            let (g, _, mark) = slots[p];
            if mark & 1 == 1 {
                continue; // a stale copy of a node expanded more cheaply
            }
            if q == goal_p {
                break (SearchStatus::Found, Some((g, q)));
            }
            if expanded >= max_expanded {
                break (SearchStatus::LimitReached, None);
            }
            expanded += 1;
            slots[p].2 = closed_mark;
            // Column and row relative to the goal (x - gx, y - gy).
            let py = padded_rows.divide(q);
            let dy = py as i64 - 1 - gy;
            let dx = (q - py * pw as u32) as i64 - 1 - gx;
            if partial_path {
                let h = h_at(dx, dy);
                let better = match closest {
                    None => true,
                    Some((best_h, best_g, _)) => h < best_h || (h == best_h && g < best_g),
                };
                if better {
                    closest = Some((h, g, q));
                }
            }
            // The 3 x 3 block around the cell, fits and slots, each taken as three arrays of
            // three (its rows) out of one slice of `2 pw + 3` entries: the first and last
            // three entries and the three from `pw`. Indices into the slice each kept a
            // bounds check; cells of the arrays need none.
            let lo = p - pw - 1;
            let span = 2 * pw + 3;
            let fb = &fits[lo..lo + span];
            let (up, mid, down) = (
                *fb.first_chunk::<3>().expect("a 3 x 3 block"),
                *fb.get(pw..)
                    .and_then(|r| r.first_chunk::<3>())
                    .expect("a 3 x 3 block"),
                *fb.last_chunk::<3>().expect("a 3 x 3 block"),
            );
            let sb = &mut slots[lo..lo + span];
            let (su, rest) = sb.split_first_chunk_mut::<3>().expect("a 3 x 3 block");
            let (rest, sd) = rest.split_last_chunk_mut::<3>().expect("a 3 x 3 block");
            let sm = rest
                .get_mut(pw - 3..)
                .and_then(|r| r.first_chunk_mut::<3>())
                .expect("a 3 x 3 block");
            // The heuristic's distances for the three columns and rows around the cell,
            // converted once (the estimate takes them as the same `f64`s).
            // In `f64` (exact: the distances stay far below 2^53), where an absolute value
            // is one instruction.
            let (fx, fy) = (dx as f64, dy as f64);
            let ax = [(fx - 1.0).abs(), fx.abs(), (fx + 1.0).abs()];
            let ay = [(fy - 1.0).abs(), fy.abs(), (fy + 1.0).abs()];

            // Relaxes the edge to column `$cx` of slot row `$row` (row `$cy` of the block)
            // with step cost `$cost`, as the engine does; leaves the kernel when its order would part
            // from the engine's.
            macro_rules! relax {
                ($row:ident, $cx:expr, $cy:expr, $cost:expr) => {{
                    let slot = &mut $row[$cx];
                    let next_g = g + $cost;
                    // `mark >= open_mark`: seen in this search (generations only grow,
                    // and the arena is cleared when they wrap), one comparison.
                    if !(slot.2 >= open_mark && slot.0 <= next_g) {
                        // Never negative (non-negative coefficients and distances), so
                        // the engine's clamp at zero changes nothing here.
                        let f = next_g + heuristic.estimate_f64_of::<EUCLIDEAN>(ax[$cx], ay[$cy]);
                        if f > max_cost {
                            pruned_by_cost = true;
                        } else {
                            *slot = (next_g, q, open_mark);
                            let next = (lo + $cy * pw + $cx) as u32;
                            if !open.push(f_key(f), low_key(next_g, next)) {
                                return Err(Inconsistent);
                            }
                        }
                    }
                }};
            }

            let north = fit(up[1]);
            let west = fit(mid[0]);
            let east = fit(mid[2]);
            let south = fit(down[1]);
            if north {
                relax!(su, 1, 0, cs);
            }
            if west {
                relax!(sm, 0, 1, cs);
            }
            if east {
                relax!(sm, 2, 1, cs);
            }
            if south {
                relax!(sd, 1, 2, cs);
            }
            if MOVES == FOUR {
                continue;
            }
            let free = MOVES == FREE;
            if (free || (north && west)) && fit(up[0]) {
                relax!(su, 0, 0, cd);
            }
            if (free || (north && east)) && fit(up[2]) {
                relax!(su, 2, 0, cd);
            }
            if (free || (south && west)) && fit(down[0]) {
                relax!(sd, 0, 2, cd);
            }
            if (free || (south && east)) && fit(down[2]) {
                relax!(sd, 2, 2, cd);
            }
        };

        let node_of = |q: u32| {
            let py = padded_rows.divide(q);
            (py - 1) * w + (q - py * pw as u32) - 1
        };
        let outcome = match end {
            (SearchStatus::Found, Some((g, q))) => {
                self.write_path(q, path, node_of);
                SearchOutcome {
                    status: SearchStatus::Found,
                    cost: g,
                    expanded,
                    end: Some(node_of(q)),
                    partial: false,
                }
            }
            (status, _) => match closest {
                Some((_, g, q)) if limits.partial_path => {
                    self.write_path(q, path, node_of);
                    SearchOutcome {
                        status,
                        cost: g,
                        expanded,
                        end: Some(node_of(q)),
                        partial: true,
                    }
                }
                _ => SearchOutcome {
                    status,
                    cost: 0.0,
                    expanded,
                    end: None,
                    partial: false,
                },
            },
        };
        Ok(outcome)
    }

    /// Writes the path from the start to padded index `end` by following parents, as node
    /// ids.
    fn write_path(&self, end: u32, path: &mut Vec<NodeId>, node_of: impl Fn(u32) -> NodeId) {
        path.clear();
        let mut q = end;
        // Parents form a tree (replaced only by strictly cheaper ones): the walk ends at the
        // start; the bound is a guard.
        for _ in 0..=self.slots.len() {
            path.push(node_of(q));
            let parent = self.slots[q as usize].1;
            if parent == NO_PARENT {
                break;
            }
            q = parent;
        }
        path.reverse();
    }
}

/// The move sets of [`CellSearch::run`].
const FOUR: u8 = 0;
const NO_CORNER_CUTTING: u8 = 1;
const FREE: u8 = 2;

/// The order key of `f` (the engine's: its bits without the last fraction bits; `f >= 0`).
#[inline(always)]
fn f_key(f: f64) -> u64 {
    f.to_bits() & !((1 << F_ROUNDING_BITS) - 1)
}

/// The key of an entry within its `f`: the complement of the upper half of `g`'s bits (larger
/// `g` first), then the node id (smaller first). Smaller keys expand first.
#[inline(always)]
fn low_key(g: f64, node: NodeId) -> u64 {
    (!((g.to_bits() >> 32) as u32) as u64) << 32 | node as u64
}

/// Slots of the open list's ring (a power of two).
const RING: usize = 1024;
const RING_WORDS: usize = RING / 64;

/// The open list: a last-in-first-out stack of the entries pushed while the current `f` key is
/// expanded, the other entries of that key sorted once (the *group*), and the entries of
/// larger keys in a ring of buckets (Dial's buckets over a cycle).
///
/// An entry of key `f` goes into slot `c(f) mod RING`, with `c(f) = round(f * inv_width)`
/// (monotone in the key). Under a consistent heuristic every entry's `f` lies within two
/// steps' cost of the current one, and `inv_width` is chosen so that this window spans fewer
/// than `RING` slots: the slots then hold the keys in order around the ring from the current
/// one, and the next group is in the first occupied slot from there (a bit scan), as the
/// entries of its smallest key (a slot is narrow, so it rarely holds two keys). A push past
/// the window (or below the current key) means the heuristic is not consistent here: the
/// kernel stops and the engine answers instead.
#[derive(Debug, Clone)]
struct Open {
    /// The `f` key being expanded (of the last group), and its `c`.
    current_f: u64,
    current_c: u64,
    inv_width: f64,
    plateau: Vec<u64>,
    /// Sorted so that the last entry expands first.
    group: Vec<u64>,
    /// `(f key, low key)` entries per slot.
    ring: Vec<Vec<(u64, u64)>>,
    /// Bit `i` set when slot `i` is not empty.
    occupied: [u64; RING_WORDS],
}

impl Default for Open {
    fn default() -> Self {
        Self {
            current_f: 0,
            current_c: 0,
            inv_width: 1.0,
            plateau: Vec::new(),
            group: Vec::new(),
            // Made by the first search (a context that never runs one allocates nothing).
            ring: Vec::new(),
            occupied: [0; RING_WORDS],
        }
    }
}

impl Open {
    /// Empties the list (keeping its memory) for a search whose entries lie within `window`
    /// of the current `f` (twice the dearest step: `f` grows by at most the step's cost plus
    /// the heuristic's change).
    fn clear(&mut self, window: f64) {
        if self.ring.is_empty() {
            self.ring = (0..RING).map(|_| Vec::new()).collect();
        }
        self.current_f = 0;
        self.current_c = 0;
        self.plateau.clear();
        self.group.clear();
        for (w, word) in self.occupied.iter_mut().enumerate() {
            while *word != 0 {
                let bit = word.trailing_zeros() as usize;
                self.ring[w * 64 + bit].clear();
                *word &= *word - 1;
            }
        }
        // Eight slots of margin for rounding.
        self.inv_width = (RING - 8) as f64 / window;
    }

    /// The slot number `c` of key `f`: `f * inv_width` rounded to the nearest integer, read
    /// from the bits of `f * inv_width + 2^52` (an addition, where a conversion to an integer
    /// saturates at a cost of several instructions). Exact below 2^52; above, still monotone,
    /// and two keys within the window then differ by fewer slots, not more.
    #[inline(always)]
    fn c(&self, f: u64) -> u64 {
        const SHIFT: f64 = (1u64 << 52) as f64;
        (f64::from_bits(f) * self.inv_width + SHIFT)
            .to_bits()
            .wrapping_sub(SHIFT.to_bits())
    }

    /// The start's entry, before the first pop.
    fn push_first(&mut self, f: u64, low: u64) {
        self.current_f = f;
        self.current_c = self.c(f);
        self.push_ring(self.current_c, f, low);
    }

    /// Pushes an entry of key `f` (after the first pop); `false` when `f` is below the
    /// current key or beyond the ring's window.
    #[inline(always)]
    fn push(&mut self, f: u64, low: u64) -> bool {
        if f == self.current_f {
            self.plateau.push(low);
            true
        } else if f > self.current_f {
            let c = self.c(f);
            if c.wrapping_sub(self.current_c) >= RING as u64 {
                return false;
            }
            self.push_ring(c, f, low);
            true
        } else {
            false
        }
    }

    #[inline(always)]
    fn push_ring(&mut self, c: u64, f: u64, low: u64) {
        let slot = c as usize & (RING - 1);
        self.ring[slot].push((f, low));
        self.occupied[slot / 64] |= 1 << (slot % 64);
    }

    /// The next entry; `closed(node)` drops the entries of expanded nodes when a key's
    /// entries become the group (they would be skipped when popped).
    #[inline(always)]
    fn pop(&mut self, closed: impl Fn(NodeId) -> bool) -> Option<u64> {
        loop {
            if let Some(entry) = self.plateau.pop() {
                return Some(entry);
            }
            if let Some(entry) = self.group.pop() {
                return Some(entry);
            }
            self.advance(&closed)?;
        }
    }

    /// The first occupied slot from slot `from` on, around the ring.
    #[inline]
    fn next_slot(&self, from: usize) -> Option<usize> {
        let (w0, b0) = (from / 64, from % 64);
        let ahead = self.occupied[w0] & (!0u64 << b0);
        if ahead != 0 {
            return Some(w0 * 64 + ahead.trailing_zeros() as usize);
        }
        for k in 1..=RING_WORDS {
            let w = (w0 + k) % RING_WORDS;
            let bits = if k == RING_WORDS {
                self.occupied[w] & !(!0u64 << b0)
            } else {
                self.occupied[w]
            };
            if bits != 0 {
                return Some(w * 64 + bits.trailing_zeros() as usize);
            }
        }
        None
    }

    /// Makes the entries of the smallest key above the current one the group.
    #[inline(never)]
    fn advance(&mut self, closed: &impl Fn(NodeId) -> bool) -> Option<()> {
        let from = self.current_c as usize & (RING - 1);
        let slot = self.next_slot(from)?;
        self.current_c += ((slot + RING - from) & (RING - 1)) as u64;
        let bucket = &mut self.ring[slot];
        // A slot nearly always holds one key: take its entries in one pass, and redo the
        // slot by its smallest key only when another key turns up.
        let first = bucket[0].0;
        let mut min = first;
        let mut mixed = false;
        for &(f, low) in bucket.iter() {
            mixed |= f != first;
            if !closed(low as NodeId) {
                self.group.push(low);
            }
        }
        if mixed {
            self.group.clear();
            min = bucket.iter().map(|&(f, _)| f).min().unwrap_or(first);
            self.group.extend(
                bucket
                    .iter()
                    .filter(|&&(f, low)| f == min && !closed(low as NodeId))
                    .map(|&(_, low)| low),
            );
            bucket.retain(|&(f, _)| f != min);
        } else {
            bucket.clear();
        }
        if bucket.is_empty() {
            self.occupied[slot / 64] &= !(1 << (slot % 64));
        }
        self.current_f = min;
        sort_decreasing(&mut self.group);
        Some(())
    }
}

/// Sorts `v` in decreasing order: by insertion for the short groups of a grid search (about
/// eight entries), where a general sort's set-up costs more than the sorting.
#[inline]
fn sort_decreasing(v: &mut [u64]) {
    if v.len() > 24 {
        v.sort_unstable_by(|a, b| b.cmp(a));
        return;
    }
    for i in 1..v.len() {
        let e = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] < e {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = e;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{MapGenerator, MapKind};
    use crate::view::GridView;
    use crate::{Cell, DiagonalRule, GridMap, GridRules, Heuristic, MoveCosts, Moves};
    use nav_search::SearchContext;

    /// A tiny generator (xorshift).
    fn rng(mut s: u64) -> impl FnMut() -> u64 {
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }

    /// What one comparison did.
    #[derive(Default)]
    struct Tally {
        compared: usize,
        found: usize,
        partial: usize,
        limited: usize,
        handed_over: usize,
    }

    /// Runs the query through the kernel and through the engine on the same view and asserts
    /// that everything they answer is the same: status, cost (bit for bit), expansions, end,
    /// partial flag, path and the set of expanded cells.
    #[allow(clippy::too_many_arguments)]
    fn compare(
        map: &GridMap,
        rules: &crate::CompiledRules,
        start: Cell,
        goal: Cell,
        size: u32,
        limits: &Limits,
        engine: &mut SearchContext,
        kernel: &mut CellSearch,
        tally: &mut Tally,
    ) {
        let mut view = GridView::with_arrivals(map, rules, size, goal, None).unwrap();
        if limits.max_cost == f64::INFINITY {
            view = view.with_exact_steps(rules);
        }
        let Some(k) = view.cell_kernel() else {
            panic!("the kernel applies to every adjacent move set on a uniform map")
        };
        let start = map.index_of(start).unwrap() as NodeId;
        let mut kernel_path = Vec::new();
        let answer = kernel.astar(&k, start, limits, &mut kernel_path);
        let mut engine_path = Vec::new();
        engine.reserve(map.cell_count());
        let expected = engine.astar(&mut view, start, limits, &mut engine_path);
        let Ok(got) = answer else {
            tally.handed_over += 1;
            return;
        };
        let what = || {
            format!(
                "{start} -> {goal:?} size {size} {limits:?} {:?}",
                rules.rules()
            )
        };
        assert_eq!(got.status, expected.status, "{}", what());
        assert_eq!(got.cost.to_bits(), expected.cost.to_bits(), "{}", what());
        assert_eq!(got.expanded, expected.expanded, "{}", what());
        assert_eq!(got.end, expected.end, "{}", what());
        assert_eq!(got.partial, expected.partial, "{}", what());
        assert_eq!(kernel_path, engine_path, "{}", what());
        let n = map.cell_count();
        assert!(
            kernel
                .closed_nodes(map.width())
                .eq(engine.closed_nodes().take_while(|&c| (c as usize) < n)),
            "{}",
            what()
        );
        tally.compared += 1;
        tally.found += got.is_found() as usize;
        tally.partial += got.partial as usize;
        tally.limited += (got.status == SearchStatus::LimitReached) as usize;
    }

    fn all_rules() -> Vec<crate::CompiledRules> {
        let mut out = Vec::new();
        let costs = [
            MoveCosts::default(),
            MoveCosts::new(1.1, 1.3).unwrap(),
            MoveCosts::new(2.0, 2.0).unwrap(),
            MoveCosts::new(1.0, 2.5).unwrap(),
        ];
        let heuristics = [
            Heuristic::Octile,
            Heuristic::Chebyshev,
            Heuristic::Euclidean,
            Heuristic::Manhattan,
            Heuristic::Zero,
        ];
        for moves in [Moves::Four, Moves::Eight] {
            for diagonal in [
                DiagonalRule::NoCornerCutting,
                DiagonalRule::Free,
                DiagonalRule::Never,
            ] {
                for (c, costs) in costs.iter().enumerate() {
                    for (h, &heuristic) in heuristics.iter().enumerate() {
                        // Every heuristic with the default costs, every cost with octile.
                        if c != 0 && h != 0 {
                            continue;
                        }
                        // Inadmissible pairs are refused by `compile`.
                        let Ok(rules) = GridRules::default()
                            .with_moves(moves.clone())
                            .with_diagonal(diagonal)
                            .with_costs(*costs)
                            .with_heuristic(heuristic)
                            .compile()
                        else {
                            continue;
                        };
                        let suits = rules.moves.neighbourhood;
                        let kernel_moves = match suits {
                            crate::moves::Neighbourhood::Four => KernelMoves::Four,
                            crate::moves::Neighbourhood::EightFree => KernelMoves::Free,
                            _ => KernelMoves::NoCornerCutting,
                        };
                        if CellSearch::suits(&rules, kernel_moves) {
                            out.push(rules);
                        }
                    }
                }
            }
        }
        out
    }

    /// The kernel answers exactly as the engine on generated maps (random blocks, caves,
    /// rooms, mazes), under every move set, diagonal rule and heuristic it takes, for agents
    /// of 1 to 3 cells, without limits, with expansion and cost limits, with partial paths
    /// (also to blocked goals), and after random edits of the map, the contexts reused
    /// throughout.
    #[test]
    fn answers_exactly_as_the_engine() {
        let rules = all_rules();
        assert!(rules.len() >= 15, "{} rule sets", rules.len());
        let mut next = rng(0x5eed);
        let mut engine = SearchContext::new();
        let mut kernel = CellSearch::default();
        let mut tally = Tally::default();
        for (m, kind) in [
            MapKind::Random,
            MapKind::Caves,
            MapKind::Rooms,
            MapKind::Maze,
        ]
        .into_iter()
        .enumerate()
        {
            let (w, h) = (36 + 7 * m as u32, 29 + 3 * m as u32);
            let mut map = MapGenerator::new(kind, w, h)
                .with_seed(m as u64 + 11)
                .generate()
                .unwrap();
            for round in 0..3 {
                for rules in &rules {
                    for q in 0..6 {
                        let cell =
                            |r: u64| Cell::new((r % w as u64) as u32, (r / 7 % h as u64) as u32);
                        let (start, goal) = (cell(next()), cell(next()));
                        let size = 1 + (next() % 3) as u32;
                        let limits = match q {
                            0 | 1 => Limits::default(),
                            2 => Limits::default().with_max_expanded((next() % 300) as usize),
                            3 => Limits::default()
                                .with_max_cost((next() % 40) as f64)
                                .with_partial_path(next() % 2 == 0),
                            _ => Limits::default()
                                .with_max_expanded((next() % 500) as usize)
                                .with_partial_path(true),
                        };
                        compare(
                            &map,
                            rules,
                            start,
                            goal,
                            size,
                            &limits,
                            &mut engine,
                            &mut kernel,
                            &mut tally,
                        );
                    }
                }
                // Edits: block and open some cells (the clearance follows).
                for _ in 0..(w * h / 20) {
                    let c = Cell::new((next() % w as u64) as u32, (next() % h as u64) as u32);
                    let _ = round;
                    map.set_blocked(c, next() % 2 == 0).unwrap();
                }
            }
        }
        let Tally {
            compared,
            found,
            partial,
            limited,
            handed_over,
        } = tally;
        // Enough of every kind of answer to test something.
        println!(
            "{compared} compared: {found} found, {partial} partial, {limited} limited, {handed_over} handed over"
        );
        assert!(compared > 1000, "{compared}");
        assert!(found > compared / 10, "{found} of {compared}");
        assert!(
            partial > 50 && limited > 100,
            "{partial} partial, {limited} limited"
        );
        // Hand-overs happen only where rounding makes a heuristic inconsistent: rare.
        assert!(handed_over * 50 < compared, "{handed_over} of {compared}");
    }

    /// After two billion queries the generation wraps and the arena is cleared: answers stay
    /// the engine's.
    #[test]
    fn generation_wraparound_keeps_answers() {
        let map = MapGenerator::new(MapKind::Caves, 40, 30)
            .with_seed(3)
            .generate()
            .unwrap();
        let rules = GridRules::default().compile().unwrap();
        let mut engine = SearchContext::new();
        let mut kernel = CellSearch {
            generation: MAX_GENERATION - 2,
            ..CellSearch::default()
        };
        let mut tally = Tally::default();
        let mut next = rng(9);
        for _ in 0..8 {
            let cell = |r: u64| Cell::new((r % 40) as u32, (r / 40 % 30) as u32);
            let (start, goal) = (cell(next()), cell(next()));
            compare(
                &map,
                &rules,
                start,
                goal,
                1,
                &Limits::default(),
                &mut engine,
                &mut kernel,
                &mut tally,
            );
        }
        assert_eq!(tally.compared, 8);
        assert!(kernel.generation < 8, "wrapped: {}", kernel.generation);
    }
}
