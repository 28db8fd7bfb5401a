//! The open list: a stack for the current `f`, a sorted group for the other entries of that
//! `f` and a radix heap for the rest.

use std::collections::BinaryHeap;

use crate::context::OpenEntry;

/// Radix buckets over the `f` key: bucket `i` (1 to 64) holds the entries whose `f` key's
/// highest bit that differs from `current_coarse` is bit `i - 1`.
const BUCKETS: usize = 65;

/// The open list.
///
/// Entries pop in this order: the smallest `f` first; among entries of equal `f`, those pushed
/// while that `f` was being expanded first, last in first out (so the search runs ahead along a
/// plateau of equal `f`, where a grid search spends most of its time), then the others by their
/// full key (larger `g` first, then smaller node id). Deterministic, and independent of how the
/// entries are held.
///
/// Three parts hold them: a stack for the entries pushed while the current `f` is expanded; a
/// *group*, the other entries of the current `f`, sorted once by their full key when that `f`
/// becomes current (later pushes of the same `f` go to the stack, so the group only shrinks);
/// and a *radix heap* (Ahuja, Mehlhorn, Orlin and Tarjan, 1990) over the `f` keys above it,
/// where a push is O(1) (one leading-zero count picks the bucket). When the stack and the
/// group are empty, the smallest bucket's entries of the smallest `f` become the group and the
/// others go into lower buckets. No entry is ever sifted through a heap: a pop is a `Vec::pop`
/// (about 10% less time per grid query than the binary heap this replaced for the entries
/// within a relative 2^-8 of the current `f`). When a push has a smaller `f` than the current
/// one (an inconsistent heuristic), every entry goes into a binary heap for the rest of the
/// query, with the same order.
#[derive(Debug, Clone)]
pub(crate) struct OpenList {
    /// Entries whose `f` key equals `current_f`.
    plateau: Vec<OpenEntry>,
    /// The `f` key of the entry popped last from the group (or the heap).
    current_f: u64,
    /// The entries of `f` key `current_coarse` not on the stack, sorted so that the last one
    /// expands first (outside heap mode).
    group: Vec<OpenEntry>,
    /// Every entry not on the stack, in heap mode.
    heap: BinaryHeap<OpenEntry>,
    current_coarse: u64,
    /// The radix buckets (`f` keys above `current_coarse`), while `heap_mode` is off.
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
            group: Vec::new(),
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
        self.group.clear();
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
        let coarse = f;
        if self.heap_mode {
            self.heap.push(entry);
        } else if coarse == self.current_coarse {
            // Only before the first pop (the group's `f` is `current_f` after it): keep order.
            let at = self.group.partition_point(|e| e.0 > entry.0);
            self.group.insert(at, entry);
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
        if !self.heap_mode {
            // Every entry off the stack has an `f` of at least the stack's: the stack first,
            // then the group (equal `f`, by key), then the next group.
            loop {
                if let Some(entry) = self.plateau.pop() {
                    return Some(entry);
                }
                if let Some(entry) = self.group.pop() {
                    self.current_f = entry.f_key();
                    return Some(entry);
                }
                self.advance()?;
            }
        }
        // Heap mode: the stack first unless the heap holds a smaller `f`.
        if let Some(&top) = self.plateau.last() {
            match self.heap.peek() {
                Some(cheaper) if cheaper.f_key() < top.f_key() => {
                    self.heap.extend(self.plateau.drain(..));
                }
                _ => return self.plateau.pop(),
            }
        }
        let entry = self.heap.pop()?;
        self.current_f = entry.f_key();
        Some(entry)
    }

    /// Moves the entries of the smallest key above `current_coarse` into the group (sorted),
    /// redistributing the rest of their bucket; `None` when the buckets are empty.
    #[cold]
    fn advance(&mut self) -> Option<()> {
        if self.occupied == 0 {
            return None;
        }
        let i = self.occupied.trailing_zeros() as usize;
        self.occupied &= !(1 << i);
        let mut bucket = std::mem::take(&mut self.buckets[i]);
        let min = bucket.iter().map(|e| e.f_key()).min()?;
        self.current_coarse = min;
        // The group is empty here (`pop` advances only then).
        let mut near = std::mem::take(&mut self.group);
        for entry in bucket.drain(..) {
            let coarse = entry.f_key();
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
        // Descending keys: the entry that expands first (the smallest key) is last.
        near.sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
        self.group = near;
        Some(())
    }

    /// Switches to heap mode: every entry but the stack's goes into the heap.
    #[cold]
    fn enter_heap_mode(&mut self) {
        self.heap_mode = true;
        self.heap.extend(self.group.drain(..));
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
            // Entries of `f` 0 before the first pop join the (empty) current group in order.
            for g in [3.0, 1.0, 2.0] {
                let e = entry(0.0, g);
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
