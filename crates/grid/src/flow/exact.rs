//! The build of a field on a map of uniform cost under the usual moves, with exact integer
//! keys in buckets (Dial's algorithm) over a precomputed mask of each cell's legal moves.
//!
//! A cell's cost is `a * straight + b * diagonal` for the `a` straight and `b` diagonal moves
//! of its path. Its key is `a * S + b * D` with `S = 2^k` and `D = round(S * diagonal /
//! straight)` made odd, `k` as large as the map allows (`a + b` is below the number of cells,
//! and every key stays below `2^62`). Sums of integers do not depend on their order, so two
//! paths with the same moves tie exactly, and comparing keys is an integer compare. `D`
//! rounds the ratio by at most `2^-k` per diagonal move: with `diagonal = √2 straight`, two
//! distinct costs of paths of `n` moves differ by at least `straight / (3n)` (since
//! `|p^2 - 2q^2| >= 1` for integers), which is more than the keys' error while `3 n^2 < 2^k`:
//! on a 1024 x 1024 map `k` is 41 and the keys order exactly the costs of paths of up to
//! 850,000 moves (longer ones exist only in mazes that fill the map). Beyond (or for ratios
//! other than √2), a misordered pair differs by less than `2^-k` straight moves per move, far
//! below the rounding of the `f64` sums of the other searches.
//!
//! The keys live in the field's cost array as bits during the search (a cell not reached
//! holds the bits of infinity, above every key) and become costs at the end:
//! `b = (key mod 2^k) * D^-1 mod 2^k` (`D` is odd and `b < 2^k`), `a = (key - b D) / 2^k`, cost
//! `a * straight + b * diagonal` times the map's multiplier.
//!
//! The buckets are as wide as the straight move (the cheapest: the ratio is in `[1, 2)`), so
//! every cell of the lowest one is final and it is emptied in any order (first in, first out);
//! a diagonal move reaches one or two buckets ahead. Each cell's legal reverse moves are
//! first written as a bit mask (four straight, four diagonal bits: the neighbour fits the
//! agent and, for a diagonal under the corner rule, the two cells beside the move do), so the
//! loop reads one byte per cell instead of testing up to eight neighbours and their corners.

use super::{FlowField, NO_GOAL, NO_MOVE};
use crate::moves::Neighbourhood;

/// The fixed-point scale of the integer search: `(k, D)` for keys `a * 2^k + b * D`, or `None`
/// when the costs do not suit it (a weight zero, negative or not finite, a ratio of the
/// diagonal to the straight weight outside `[1, 2)`, or a map so large that fewer than 32 bits
/// of fraction remain).
pub(super) fn scale(straight: f64, diagonal: f64, four: bool, cells: usize) -> Option<(u32, u64)> {
    let ok = |v: f64| v.is_finite() && v > 0.0;
    if !ok(straight) || (!four && !ok(diagonal)) {
        return None;
    }
    let ratio = if four { 1.0 } else { diagonal / straight };
    // The buckets are as wide as the straight move, the cheapest, and a diagonal one reaches
    // at most two widths ahead.
    if !(1.0..2.0).contains(&ratio) {
        return None;
    }
    // Every key is below cells * max(1, ratio) * 2^k, kept under 2^62.
    let top = (cells.max(2) as f64 * ratio.max(1.0)).log2().ceil();
    let k = 62.0 - top;
    if !(32.0..=52.0).contains(&k) {
        // Above 52 an f64 ratio has no more bits to give; cap it there.
        if k > 52.0 {
            let d = (ratio * (1u64 << 52) as f64).round() as u64 | 1;
            return Some((52, d));
        }
        return None;
    }
    let k = k as u32;
    let d = (ratio * (1u64 << k) as f64).round() as u64 | 1;
    Some((k, d))
}

impl FlowField {
    /// The scale of [`search_exact`](FlowField::search_exact) for the stored moves and map
    /// size (`None`: use the `f64` lanes of `uniform.rs`).
    pub(super) fn exact_scale(&self) -> Option<(u32, u64)> {
        let moves = self.moves.as_ref()?;
        let four = matches!(moves.neighbourhood, Neighbourhood::Four);
        let (straight, diagonal) = moves.straight_and_diagonal();
        // Every straight move must cost the same, and every diagonal one.
        let same = moves.steps.iter().all(|s| {
            let want = if s.dx != 0 && s.dy != 0 {
                diagonal
            } else {
                straight
            };
            s.cost == want && s.dx.abs() <= 1 && s.dy.abs() <= 1
        });
        let m = self.uniform_multiplier;
        if !(same && m.is_finite() && m > 0.0) {
            return None;
        }
        scale(
            straight,
            diagonal,
            four,
            self.width as usize * self.height as usize,
        )
    }

    /// The padded mask of each cell's legal reverse moves into it (see the module's text).
    /// Bits 0 to 3: the cells north, south, west and east; bits 4 to 7: north-west,
    /// north-east, south-west, south-east.
    fn neighbour_masks(&mut self, fits: &[u8], four: bool, free: bool) {
        let pw = self.padded_width;
        let len = fits.len();
        let need = self.agent_size as u8;
        self.masks.clear();
        self.masks.resize(len, 0);
        if len < 2 * pw + 2 {
            return;
        }
        let (lo, hi) = (pw + 1, len - pw - 1);
        let n = hi - lo;
        let up = &fits[lo - pw - 1..lo - pw - 1 + n + 2];
        let mid = &fits[lo - 1..lo - 1 + n + 2];
        let down = &fits[lo + pw - 1..lo + pw - 1 + n + 2];
        let out = &mut self.masks[lo..hi];
        for (i, slot) in out.iter_mut().enumerate() {
            let f = |row: &[u8], j: usize| (row[j] >= need) as u8;
            let (nn, ss, ww, ee) = (f(up, i + 1), f(down, i + 1), f(mid, i), f(mid, i + 2));
            let mut m = nn | ss << 1 | ww << 2 | ee << 3;
            if !four {
                let c = |a: u8, b: u8| if free { 1 } else { a & b };
                m |= (f(up, i) & c(nn, ww)) << 4
                    | (f(up, i + 2) & c(nn, ee)) << 5
                    | (f(down, i) & c(ss, ww)) << 6
                    | (f(down, i + 2) & c(ss, ee)) << 7;
            }
            *slot = m;
        }
    }

    /// The search of a build from the goals already in `reached` (cost 0, no move), with
    /// integer keys; `scale` from [`scale`]. Returns the expansions. The costs are those of
    /// [`search_uniform`](FlowField::search_uniform) (up to the rounding of its sums).
    pub(super) fn search_exact(&mut self, fits: &[u8], scale: (u32, u64)) -> usize {
        // With one goal every reached cell flows to goal 0: no need to read its parent's.
        if self.goals.windows(2).all(|g| g[0] == g[1]) {
            self.search_exact_goals::<true>(fits, scale)
        } else {
            self.search_exact_goals::<false>(fits, scale)
        }
    }

    /// [`search_exact`](FlowField::search_exact); `ONE_GOAL`: every goal is the same cell.
    #[inline(never)]
    fn search_exact_goals<const ONE_GOAL: bool>(
        &mut self,
        fits: &[u8],
        (k, d_key): (u32, u64),
    ) -> usize {
        let moves = self.moves.as_ref().expect("moves are set before a search");
        let pw = self.padded_width;
        let (four, free) = moves.four_and_free();
        let index = |dx: i32, dy: i32| moves.step_byte(dx, dy, NO_MOVE);
        let m = self.uniform_multiplier;
        let (straight, diagonal) = moves.straight_and_diagonal();
        let (ws, wd) = (straight * m, diagonal * m);
        let s_key = 1u64 << k;
        // Per mask bit: the neighbour's offset and the index of its move back into `p`.
        let ipw = pw as isize;
        let around: [(isize, u8); 8] = [
            (-ipw, index(0, 1)),
            (ipw, index(0, -1)),
            (-1, index(1, 0)),
            (1, index(-1, 0)),
            (-ipw - 1, index(1, 1)),
            (-ipw + 1, index(-1, 1)),
            (ipw - 1, index(1, -1)),
            (ipw + 1, index(-1, -1)),
        ];
        // Padded offset of the cell each move enters.
        let mut offset = [0isize; 256];
        for (i, s) in moves.steps.iter().enumerate() {
            offset[i] = s.dy as isize * ipw + s.dx as isize;
        }
        self.neighbour_masks(fits, four, free);
        let len = self.cost.len();
        let masks = &self.masks[..len];
        // The keys live in the cost array as bits until the search ends.
        let keys = &mut self.cost[..len];
        let next = &mut self.next[..len];
        let goal_of = &mut self.goal_of[..len];
        let marks = &mut self.marks[..len];
        let reached = &mut self.reached;
        // Buckets as wide as the straight move: `now` holds the cells whose key is in
        // `[c S, (c + 1) S)`, `soon` and `later` the next two widths (a diagonal move, less
        // than two straight ones, reaches one of them). Every cell of `now` is final: a cell
        // of it lowers others by at least `S`, past its width. So `now` is emptied in any
        // order (first in, first out: the wavefront in memory order), without comparing
        // keys, and a cell listed twice (lowered after its first listing) is skipped by its
        // mark. Locals (put back at the end), so that the byte stores do not keep them in
        // memory.
        let [mut now, mut soon, mut later] = std::mem::take(&mut self.buckets);
        now.clear();
        soon.clear();
        later.clear();
        for &g in reached.iter() {
            keys[g as usize] = f64::from_bits(0);
            now.push(g);
        }
        let low = s_key - 1;
        let mut expanded = 0;
        loop {
            if now.is_empty() {
                if soon.is_empty() && later.is_empty() {
                    break;
                }
                std::mem::swap(&mut now, &mut soon);
                std::mem::swap(&mut soon, &mut later);
                continue;
            }
            for &p in now.iter() {
                let p = p as usize;
                // Never true (border cells never fit, so are never queued).
                if p <= pw || p + pw + 1 >= len {
                    continue;
                }
                if marks[p] != 0 {
                    continue; // listed again after it was lowered, or expanded already
                }
                let key = keys[p].to_bits();
                expanded += 1;
                marks[p] = 1;
                if key != 0 {
                    goal_of[p] = if ONE_GOAL {
                        0
                    } else {
                        let parent = (p as isize + offset[next[p] as usize]) as usize;
                        goal_of.get(parent).copied().unwrap_or(NO_GOAL)
                    };
                    reached.push(p as u32);
                }
                let mask = masks[p];
                let ns = key + s_key;
                let mut lower = mask
                    & ((ns < keys[p - pw].to_bits()) as u8
                        | ((ns < keys[p + pw].to_bits()) as u8) << 1
                        | ((ns < keys[p - 1].to_bits()) as u8) << 2
                        | ((ns < keys[p + 1].to_bits()) as u8) << 3);
                while lower != 0 {
                    let i = lower.trailing_zeros() as usize;
                    lower &= lower - 1;
                    let q = (p as isize + around[i].0) as usize;
                    keys[q] = f64::from_bits(ns);
                    next[q] = around[i].1;
                    soon.push(q as u32);
                }
                if mask < 16 {
                    continue;
                }
                let nd = key + d_key;
                let mut lower = mask
                    & (((nd < keys[p - pw - 1].to_bits()) as u8) << 4
                        | ((nd < keys[p - pw + 1].to_bits()) as u8) << 5
                        | ((nd < keys[p + pw - 1].to_bits()) as u8) << 6
                        | ((nd < keys[p + pw + 1].to_bits()) as u8) << 7);
                if lower == 0 {
                    continue;
                }
                // One width ahead or two, by where in its width the key falls.
                let bucket = if ((key & low) + d_key) >> k == 1 {
                    &mut soon
                } else {
                    &mut later
                };
                while lower != 0 {
                    let i = lower.trailing_zeros() as usize;
                    lower &= lower - 1;
                    let q = (p as isize + around[i].0) as usize;
                    keys[q] = f64::from_bits(nd);
                    next[q] = around[i].1;
                    bucket.push(q as u32);
                }
            }
            now.clear();
        }
        self.buckets = [now, soon, later];
        // Keys to costs: `b = (key mod 2^k) / D mod 2^k` (`D` is odd, and `b < 2^k`), then
        // `a = (key - b D) / 2^k`.
        let reached = &self.reached;
        let keys = &mut self.cost[..len];
        let inverse = odd_inverse(d_key);
        for &p in reached.iter() {
            let key = keys[p as usize].to_bits();
            let b = ((key & low).wrapping_mul(inverse)) & low;
            let a = (key - b * d_key) >> k;
            keys[p as usize] = a as f64 * ws + b as f64 * wd;
        }
        expanded
    }
}

/// The inverse of the odd `d` modulo `2^64` (Newton's iteration, each step doubling the
/// correct low bits from the 3 that `d * d = 1 mod 8` gives).
fn odd_inverse(d: u64) -> u64 {
    let mut x = d;
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(d.wrapping_mul(x)));
    }
    x
}
