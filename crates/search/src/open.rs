//! The open list: a stack for the current `f`, a binary heap for the `f`s near it and a radix
//! heap for the rest.

use std::collections::BinaryHeap;

use crate::context::OpenEntry;

/// Radix buckets over the coarse key: bucket `i` (1 to 64) holds the entries whose coarse key's
/// highest bit that differs from `current_coarse` is bit `i - 1`.
const BUCKETS: usize = 65;

/// Bits of the `f` key below the coarse key: the coarse key keeps the exponent and the top 8
/// fraction bits of `f`, so a bucket spans a relative 2^-8 of `f` (2 around 500).
const FINE_BITS: u32 = 44;

/// The open list.
///
/// Entries pop in this order: the smallest `f` first; among entries of equal `f`, those pushed
/// while that `f` was being expanded first, last in first out (so the search runs ahead along a
/// plateau of equal `f`, where a grid search spends most of its time), then the others by their
/// full key (larger `g` first, then smaller node id). Deterministic, and independent of how the
/// entries are held.
///
/// Three parts hold them: a stack for the entries of the `f` being expanded; a binary heap for
/// the entries whose coarse key (the top bits of `f`) is the current one; and a *radix heap*
/// (Ahuja, Mehlhorn, Orlin and Tarjan, 1990) over the coarse keys above it, where a push is
/// O(1) (one leading-zero count picks the bucket). When the heap and the stack are empty, the
/// smallest bucket's entries of the smallest coarse key go into the heap and the others into
/// lower buckets. So the heap stays small (the entries within a relative 2^-8 of the current
/// `f`) and most pushes never touch it. When a push has a smaller coarse key than the current
/// one (an inconsistent heuristic), every entry goes into the heap for the rest of the query,
/// with the same order.
#[derive(Debug, Clone)]
pub(crate) struct OpenList {
    /// Entries whose `f` key equals `current_f`.
    plateau: Vec<OpenEntry>,
    /// The `f` key of the entry popped last from the heap.
    current_f: u64,
    /// The entries of coarse key `current_coarse` (all of them in heap mode) not on the stack.
    heap: BinaryHeap<OpenEntry>,
    current_coarse: u64,
    /// The radix buckets (coarse keys above `current_coarse`), while `heap_mode` is off.
    buckets: Vec<Vec<OpenEntry>>,
    /// Bit `i`: bucket `i` is not empty.
    occupied: u128,
    heap_mode: bool,
}

impl OpenList {
    pub(crate) fn new() -> Self {
        Self {
            plateau: Vec::new(),
            current_f: u64::MAX,
            heap: BinaryHeap::new(),
            current_coarse: 0,
            buckets: (0..BUCKETS).map(|_| Vec::new()).collect(),
            occupied: 0,
            heap_mode: false,
        }
    }

    /// Empties the list, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.plateau.clear();
        self.current_f = u64::MAX;
        self.heap.clear();
        self.current_coarse = 0;
        while self.occupied != 0 {
            let i = self.occupied.trailing_zeros() as usize;
            self.buckets[i].clear();
            self.occupied &= !(1 << i);
        }
        self.heap_mode = false;
    }

    #[inline]
    fn bucket_of(&self, coarse: u64) -> usize {
        (64 - (coarse ^ self.current_coarse).leading_zeros()) as usize
    }

    #[inline]
    pub(crate) fn push(&mut self, entry: OpenEntry) {
        let f = entry.f_key();
        if f == self.current_f {
            self.plateau.push(entry);
            return;
        }
        let coarse = f >> FINE_BITS;
        if self.heap_mode || coarse == self.current_coarse {
            self.heap.push(entry);
        } else if coarse > self.current_coarse {
            let i = self.bucket_of(coarse);
            self.buckets[i].push(entry);
            self.occupied |= 1 << i;
        } else {
            self.enter_heap_mode();
            self.heap.push(entry);
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<OpenEntry> {
        loop {
            if let Some(&top) = self.plateau.last() {
                match self.heap.peek() {
                    Some(cheaper) if cheaper.f_key() < top.f_key() => {
                        self.heap.extend(self.plateau.drain(..));
                    }
                    _ => return self.plateau.pop(),
                }
            }
            if let Some(entry) = self.heap.pop() {
                self.current_f = entry.f_key();
                return Some(entry);
            }
            if self.heap_mode {
                return None;
            }
            self.advance()?;
        }
    }

    /// Moves the entries of the smallest coarse key above `current_coarse` into the heap,
    /// redistributing the rest of their bucket; `None` when the buckets are empty.
    #[cold]
    fn advance(&mut self) -> Option<()> {
        if self.occupied == 0 {
            return None;
        }
        let i = self.occupied.trailing_zeros() as usize;
        self.occupied &= !(1 << i);
        let mut bucket = std::mem::take(&mut self.buckets[i]);
        let min = bucket.iter().map(|e| e.f_key() >> FINE_BITS).min()?;
        self.current_coarse = min;
        let mut near = std::mem::take(&mut self.heap).into_vec();
        for entry in bucket.drain(..) {
            let coarse = entry.f_key() >> FINE_BITS;
            if coarse == min {
                near.push(entry);
            } else {
                // Below bucket `i`: the new coarse key agrees with the old one above bit i - 1.
                let j = self.bucket_of(coarse);
                self.buckets[j].push(entry);
                self.occupied |= 1 << j;
            }
        }
        self.buckets[i] = bucket;
        self.heap = BinaryHeap::from(near);
        Some(())
    }

    /// Switches to heap mode: every entry but the stack's goes into the heap.
    #[cold]
    fn enter_heap_mode(&mut self) {
        self.heap_mode = true;
        while self.occupied != 0 {
            let i = self.occupied.trailing_zeros() as usize;
            self.heap.extend(self.buckets[i].drain(..));
            self.occupied &= !(1 << i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny generator (xorshift).
    fn rng(mut s: u64) -> impl FnMut() -> u64 {
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }

    /// The reference: the binary heap with the stack, as the list behaves in heap mode.
    fn reference() -> OpenList {
        let mut list = OpenList::new();
        list.heap_mode = true;
        list
    }

    /// Pops and pushes as a search does (each pop may push entries of larger `f`, sometimes
    /// smaller): the radix list pops exactly what the reference pops.
    #[test]
    fn pops_in_the_order_of_the_binary_heap() {
        for (seed, decreasing) in [(1, false), (2, false), (3, true), (4, false)] {
            let mut next = rng(seed);
            let (mut radix, mut heap) = (OpenList::new(), reference());
            let mut node = 0u32;
            let mut entry = |f: f64, g: f64| {
                node += 1;
                OpenEntry::new(f, g, node % 50)
            };
            for _ in 0..5 {
                let e = entry(10.0, 0.0);
                radix.push(e);
                heap.push(e);
            }
            let mut popped = 0;
            while let Some(a) = radix.pop() {
                let b = heap.pop();
                assert_eq!(Some(a), b, "seed {seed}, pop {popped}");
                popped += 1;
                if popped > 3000 {
                    continue;
                }
                let f = f64::from_bits((a.0 >> 64) as u64);
                for _ in 0..next() % 4 {
                    let step = [0.0, 1.0, std::f64::consts::SQRT_2, 2.5][next() as usize % 4];
                    let down = decreasing && next() % 50 == 0;
                    let f2 = if down { f * 0.5 } else { f + step };
                    let e = entry(f2.max(0.0), (next() % 100) as f64);
                    radix.push(e);
                    heap.push(e);
                }
            }
            assert_eq!(heap.pop(), None);
            assert!(popped > 100, "seed {seed}: {popped}");
            assert_eq!(radix.heap_mode, decreasing, "seed {seed}");
        }
    }
}
