//! The build of a field on a map of uniform cost under the usual moves (4 or 8 neighbours)
//! when the integer search of `exact.rs` does not apply (a diagonal move costing less than
//! one or at least two straight ones, or a map too large for its keys): every move costs one
//! of two weights, the straight move's or the diagonal move's (times the map's one
//! multiplier), and the search needs no general priority queue.
//!
//! Dijkstra's search with two first-in first-out lanes, one per weight: a cell reached by a
//! straight move from the cell just expanded is appended to the straight lane with key
//! `cost + straight`, a diagonal one to the diagonal lane. Cells are expanded in order of
//! cost, so the keys of each lane never decrease, and the cheapest entry is at the head of
//! one of the two lanes (the straight lane first on a tie). The keys are the exact `f64`
//! sums, so the order is exactly Dijkstra's: no bucket rounding and no cell expanded twice.
//! An entry whose key is no longer its cell's cost is stale (the cell was lowered since) and
//! skipped; an entry whose key is the cost is the only one (a push needs a strictly lower
//! cost), so no mark is needed to tell expanded cells apart (expanded cells are still marked,
//! as the general search marks them, for the repairs that follow).
//!
//! A cell's goal is copied from the cell its move enters when it is expanded (its move is
//! final then), so that a relaxation writes only the cost and the move.

use super::{FlowField, NO_GOAL, NO_MOVE};
use crate::moves::Neighbourhood;

/// The entries (key, padded index) of one lane and the next one to pop. The lane keeps its
/// memory from build to build.
#[derive(Debug, Clone, Default)]
pub(crate) struct Lane {
    /// Entries `head..tail` are queued; beyond `tail` is room for appends.
    entries: Vec<(f64, u32)>,
    head: usize,
    tail: usize,
}

impl Lane {
    fn clear(&mut self) {
        self.head = 0;
        self.tail = 0;
    }

    /// The head's key (infinite when empty).
    #[inline(always)]
    fn key(&self) -> f64 {
        if self.head < self.tail {
            self.entries[self.head].0
        } else {
            f64::INFINITY
        }
    }

    /// Makes room for 8 appends.
    #[inline(always)]
    fn reserve(&mut self) {
        if self.tail + 8 > self.entries.len() {
            // Drops the popped entries first, so that a lane holds about the wavefront.
            if self.head * 2 >= self.tail {
                self.entries.copy_within(self.head..self.tail, 0);
                self.tail -= self.head;
                self.head = 0;
            }
            let room = (self.entries.len() * 2).max(self.tail + 1024);
            self.entries.resize(room, (0.0, 0));
        }
    }

    /// Appends `(key, node)` (room reserved).
    #[inline(always)]
    fn push(&mut self, key: f64, node: u32) {
        self.entries[self.tail] = (key, node);
        self.tail += 1;
    }

    #[inline(always)]
    fn pop(&mut self) -> u32 {
        let node = self.entries[self.head].1;
        self.head += 1;
        node
    }
}

/// Whether the map is cluttered enough for [`FlowField::search_uniform`]'s branch-free
/// variant: sampled walkable cells (about 1,024, evenly spread) of which more than a quarter
/// have a blocked cell among their 8 neighbours. Around scattered obstacles whether a
/// neighbour is open or lowered is unpredictable, and deciding all eight as bits is faster
/// (random512-10-0: 11%); along long walls (mazes, rooms) the branches predict well and the
/// bits cost more (maze512-32-0: 10%).
pub(super) fn cluttered(fits: &[u8], padded_width: usize, need: u8) -> bool {
    let pw = padded_width;
    let len = fits.len();
    if len <= 2 * pw + 2 {
        return false;
    }
    let inner = pw + 1..len - pw - 1;
    let stride = (inner.len() / 1024).max(1) | 1;
    let (mut open, mut near) = (0usize, 0usize);
    let mut p = inner.start;
    while p < inner.end {
        if fits[p] >= need {
            open += 1;
            let blocked = [
                p - pw - 1,
                p - pw,
                p - pw + 1,
                p - 1,
                p + 1,
                p + pw - 1,
                p + pw,
                p + pw + 1,
            ]
            .iter()
            .any(|&q| fits[q] < need);
            near += blocked as usize;
        }
        p += stride;
    }
    near * 4 > open
}

impl FlowField {
    /// Whether the build can use [`search_uniform`](FlowField::search_uniform): a map of
    /// uniform cost and the usual 4 or 8 moves.
    pub(super) fn uniform_search_applies(&self) -> bool {
        let moves = self.moves.as_ref().expect("moves are set before a search");
        self.multipliers.is_empty()
            && !matches!(moves.neighbourhood, Neighbourhood::General)
            && moves
                .steps
                .iter()
                .all(|s| s.cost.is_finite() && s.cost >= 0.0)
    }

    /// The search of a build from the goals already in `reached` (cost 0, no move), on a
    /// map of uniform cost under 4 or 8 moves; returns the expansions. Same costs as the
    /// general search: each cell's cost is the cheapest sum of the same `f64` weights.
    /// `BITS` (for [`cluttered`] maps) decides which of the four straight, then the four
    /// diagonal neighbours to lower as bits before writing them, in the same order as the
    /// branching variant: the field is the same, bit for bit.
    pub(super) fn search_uniform<const BITS: bool>(&mut self, fits: &[u8]) -> usize {
        let moves = self.moves.as_ref().expect("moves are set before a search");
        let need = self.agent_size as u8;
        let pw = self.padded_width;
        let (four, free) = moves.four_and_free();
        let index = |dx: i32, dy: i32| moves.step_byte(dx, dy, NO_MOVE);
        let m = self.uniform_multiplier;
        let (straight, diagonal) = moves.straight_and_diagonal();
        let (ws, wd) = (straight * m, diagonal * m);
        let (to_e, to_w, to_s, to_n) = (index(1, 0), index(-1, 0), index(0, 1), index(0, -1));
        let (to_se, to_ne, to_sw, to_nw) = (index(1, 1), index(1, -1), index(-1, 1), index(-1, -1));
        // The neighbours (offset, and the index of the move back into `p`), in the order of
        // the bits of the `BITS` loop.
        let ipw = pw as isize;
        let straight_moves = [(-ipw, to_s), (ipw, to_n), (-1, to_e), (1, to_w)];
        let diagonal_moves = [
            (-ipw - 1, to_se),
            (-ipw + 1, to_sw),
            (ipw - 1, to_ne),
            (ipw + 1, to_nw),
        ];
        // Padded offset of the cell each move enters.
        let mut offset = [0isize; 256];
        for (i, s) in moves.steps.iter().enumerate() {
            offset[i] = s.dy as isize * pw as isize + s.dx as isize;
        }
        let len = self.cost.len();
        let cost = &mut self.cost[..len];
        let next = &mut self.next[..len];
        let goal_of = &mut self.goal_of[..len];
        let marks = &mut self.marks[..len];
        let fits = &fits[..len];
        let reached = &mut self.reached;
        let [lane_s, lane_d] = &mut self.lanes;
        lane_s.clear();
        lane_d.clear();
        for &g in reached.iter() {
            lane_s.reserve();
            lane_s.push(0.0, g);
        }
        let mut expanded = 0;
        loop {
            let (ks, kd) = (lane_s.key(), lane_d.key());
            let (key, p) = if ks <= kd {
                if ks == f64::INFINITY {
                    break;
                }
                (ks, lane_s.pop() as usize)
            } else {
                (kd, lane_d.pop() as usize)
            };
            // Never true (border cells never fit, so are never queued).
            if p <= pw || p + pw + 1 >= len {
                continue;
            }
            if key.to_bits() != cost[p].to_bits() {
                continue; // stale: lowered since
            }
            expanded += 1;
            marks[p] = 1;
            let step = next[p];
            if step != NO_MOVE {
                let parent = (p as isize + offset[step as usize]) as usize;
                goal_of[p] = goal_of.get(parent).copied().unwrap_or(NO_GOAL);
                reached.push(p as u32);
            }
            let ok = |q: usize| fits[q] >= need;
            lane_s.reserve();
            lane_d.reserve();
            if BITS {
                // Which neighbours `p` lowers, decided for all of them first (each a coin toss
                // on an open map, so as bits rather than branches), then written.
                let north = ok(p - pw);
                let south = ok(p + pw);
                let west = ok(p - 1);
                let east = ok(p + 1);
                let ns = key + ws;
                let mut lower = (north & (ns < cost[p - pw])) as u8
                    | ((south & (ns < cost[p + pw])) as u8) << 1
                    | ((west & (ns < cost[p - 1])) as u8) << 2
                    | ((east & (ns < cost[p + 1])) as u8) << 3;
                while lower != 0 {
                    let i = lower.trailing_zeros() as usize;
                    lower &= lower - 1;
                    let q = (p as isize + straight_moves[i].0) as usize;
                    cost[q] = ns;
                    next[q] = straight_moves[i].1;
                    lane_s.push(ns, q as u32);
                }
                if four {
                    continue;
                }
                let nd = key + wd;
                let legal = |corners: bool, q: usize| (free | corners) & ok(q) & (nd < cost[q]);
                let mut lower = legal(north & west, p - pw - 1) as u8
                    | (legal(north & east, p - pw + 1) as u8) << 1
                    | (legal(south & west, p + pw - 1) as u8) << 2
                    | (legal(south & east, p + pw + 1) as u8) << 3;
                while lower != 0 {
                    let i = lower.trailing_zeros() as usize;
                    lower &= lower - 1;
                    let q = (p as isize + diagonal_moves[i].0) as usize;
                    cost[q] = nd;
                    next[q] = diagonal_moves[i].1;
                    lane_d.push(nd, q as u32);
                }
                continue;
            }
            macro_rules! relax {
                ($lane:expr, $open:expr, $q:expr, $w:expr, $step:expr) => {{
                    let q: usize = $q;
                    let nd = key + $w;
                    if $open && nd < cost[q] {
                        cost[q] = nd;
                        next[q] = $step;
                        $lane.push(nd, q as u32);
                    }
                }};
            }
            let north = ok(p - pw);
            let south = ok(p + pw);
            let west = ok(p - 1);
            let east = ok(p + 1);
            relax!(lane_s, north, p - pw, ws, to_s);
            relax!(lane_s, south, p + pw, ws, to_n);
            relax!(lane_s, west, p - 1, ws, to_e);
            relax!(lane_s, east, p + 1, ws, to_w);
            if four {
                continue;
            }
            relax!(
                lane_d,
                (free || (north && west)) && ok(p - pw - 1),
                p - pw - 1,
                wd,
                to_se
            );
            relax!(
                lane_d,
                (free || (north && east)) && ok(p - pw + 1),
                p - pw + 1,
                wd,
                to_sw
            );
            relax!(
                lane_d,
                (free || (south && west)) && ok(p + pw - 1),
                p + pw - 1,
                wd,
                to_ne
            );
            relax!(
                lane_d,
                (free || (south && east)) && ok(p + pw + 1),
                p + pw + 1,
                wd,
                to_nw
            );
        }
        expanded
    }
}
