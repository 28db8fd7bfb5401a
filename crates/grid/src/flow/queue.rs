//! The priority queue of flow-field searches on weighted maps, under custom moves and in
//! repairs (builds on maps of uniform cost under the usual moves use the two lanes of
//! `uniform.rs`): a ring of buckets as wide as the cheapest move
//! (Dial's algorithm with buckets of width `w`, as in Dinitz's refinement), or a binary heap
//! when the costs spread too far for a small ring.
//!
//! With buckets no wider than the cheapest edge, every cell in the lowest non-empty bucket
//! has its final cost: a cell of that bucket can only lower another cell's cost to at least
//! its own plus the cheapest edge, past the bucket. The order inside a bucket does not matter,
//! so a bucket is a plain list, and a field costs about what a breadth-first search costs.
//! A bucket is emptied first in, first out: its cells were pushed by the expansions of the
//! bucket before, one after the other along the wavefront, so popping them in that order
//! walks the wavefront's cells in memory order (about 10% faster than a stack on 512 x 512
//! maps).
//! Bucket numbers come from a floating-point division, so a cell may land one bucket early;
//! the search then reopens a cell whose cost drops after it was expanded (a label-correcting
//! step) and stays exact.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most buckets the ring may have: costs spread wider than this ratio use the heap.
const MAX_RING: usize = 1 << 12;

#[derive(Debug, Clone, Default)]
pub(crate) struct FlowQueue {
    buckets: Vec<Vec<u32>>,
    /// 1 / bucket width.
    inverse_width: f64,
    /// Absolute number of the bucket being emptied.
    current: u64,
    /// Entries in the ring.
    pending: usize,
    /// Entries of the current bucket already popped (it is emptied first in, first out).
    head: usize,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    use_heap: bool,
}

impl FlowQueue {
    /// Empties the queue for edges costing between `min_edge` and `max_edge` (both finite,
    /// `min_edge > 0`).
    /// `heap` asks for the binary heap whatever the costs (for searches whose first entries
    /// do not all cost the same, such as the repair after an edit).
    pub fn reset(&mut self, min_edge: f64, max_edge: f64, heap: bool) {
        let ratio = max_edge / min_edge;
        self.use_heap = heap || !(ratio.is_finite() && ratio < (MAX_RING - 2) as f64);
        self.heap.clear();
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        self.pending = 0;
        self.current = 0;
        self.head = 0;
        if !self.use_heap {
            // A power of two, so that the slot of a bucket is a mask, not a division.
            let ring = (ratio.ceil() as usize + 2).next_power_of_two();
            if self.buckets.len() < ring {
                self.buckets.resize_with(ring, Vec::new);
            } else {
                self.buckets.truncate(ring);
            }
            self.inverse_width = 1.0 / min_edge;
        }
    }

    /// Adds `node` with cost `cost` (at least the cost of the last popped node).
    #[inline]
    pub fn push(&mut self, node: u32, cost: f64) {
        if self.use_heap {
            // Non-negative floats order like their bits.
            self.heap.push(Reverse((cost.to_bits(), node)));
            return;
        }
        let bucket = ((cost * self.inverse_width) as u64).max(self.current);
        let mask = self.buckets.len() as u64 - 1;
        debug_assert!(bucket - self.current <= mask, "edge longer than the ring");
        self.buckets[(bucket & mask) as usize].push(node);
        self.pending += 1;
    }

    /// A node of the cheapest bucket (the cheapest node, with the heap); `None` when empty.
    /// Entries may be stale: the caller skips nodes it already expanded.
    #[inline]
    pub fn pop(&mut self) -> Option<u32> {
        if self.use_heap {
            return self.heap.pop().map(|Reverse((_, node))| node);
        }
        if self.pending == 0 {
            return None;
        }
        let mask = self.buckets.len() as u64 - 1;
        loop {
            let slot = (self.current & mask) as usize;
            let bucket = &mut self.buckets[slot];
            if let Some(&node) = bucket.get(self.head) {
                self.head += 1;
                self.pending -= 1;
                return Some(node);
            }
            bucket.clear();
            self.head = 0;
            self.current += 1;
        }
    }
}
