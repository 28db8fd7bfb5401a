//! The open list: a stack for the current `f`, a sorted group for the other entries of that
//! `f`, and one bucket per other `f`, the buckets' keys in a small heap.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

use rustc_hash::FxBuildHasher;

use crate::context::OpenEntry;

/// No bucket.
const NONE: u32 = u32::MAX;

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
/// and a *bucket* per `f` key above it, found through a hash map from the key, with a binary
/// heap of the buckets' keys (there are far fewer distinct `f`s than entries: a grid query
/// pushes about ten entries per distinct `f`). A push is a hash look-up and a `Vec::push`
/// (and a push of the key on the small heap for a new `f`); when the stack and the group are
/// empty, the smallest key's bucket becomes the group. Every entry is written once into its
/// bucket and once sorted: the radix heap this replaced moved each entry between buckets
/// about three times on the Moving AI maps. When a push has a smaller `f` than the current
/// one (an inconsistent heuristic), every entry goes into a binary heap for the rest of the
/// query, with the same order.
#[derive(Debug, Clone)]
pub(crate) struct OpenList {
    /// Entries whose `f` key equals `current_f`.
    plateau: Vec<OpenEntry>,
    /// The `f` key of the entry popped last from the group (or the heap); `u64::MAX` before
    /// the first pop.
    current_f: u64,
    /// The bucket (an index into `buckets`) of the entries of `f` key `current_f` not on the
    /// stack, sorted so that the last one expands first: the *group* (outside heap mode;
    /// `NONE` before the first pop).
    group: u32,
    /// Every entry not on the stack, in heap mode.
    heap: BinaryHeap<OpenEntry>,
    /// The `f` keys of the non-empty buckets, smallest on top (outside heap mode).
    keys: BinaryHeap<Reverse<u64>>,
    /// The bucket (an index into `buckets`) of each key in `keys`.
    bucket_of: HashMap<u64, u32, FxBuildHasher>,
    /// Bucket memory: the buckets in use and empty ones kept for reuse.
    buckets: Vec<Vec<OpenEntry>>,
    /// Indices of the empty buckets of `buckets`, taken from the end. Every query starts
    /// with all of them, in the same order, so that a query run again gets the same buckets
    /// for the same `f`s, with the capacity they grew to: a warm query allocates nothing.
    free: Vec<u32>,
    heap_mode: bool,
}

impl OpenList {
    pub(crate) fn new() -> Self {
        Self {
            plateau: Vec::new(),
            current_f: u64::MAX,
            group: NONE,
            heap: BinaryHeap::new(),
            keys: BinaryHeap::new(),
            bucket_of: HashMap::with_hasher(FxBuildHasher),
            buckets: Vec::new(),
            free: Vec::new(),
            heap_mode: false,
        }
    }

    /// Empties the list, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.plateau.clear();
        self.current_f = u64::MAX;
        self.heap.clear();
        self.release_buckets();
        self.free.clear();
        self.free.extend((0..self.buckets.len() as u32).rev());
        self.heap_mode = false;
    }

    /// Empties every bucket (the group's too) and forgets the keys; the buckets' memory is
    /// kept.
    fn release_buckets(&mut self) {
        if self.group != NONE {
            self.buckets[self.group as usize].clear();
            self.free.push(self.group);
            self.group = NONE;
        }
        for (_, i) in self.bucket_of.drain() {
            self.buckets[i as usize].clear();
            self.free.push(i);
        }
        self.keys.clear();
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, entry: OpenEntry) {
        if entry.f_key() == self.current_f {
            self.plateau.push(entry);
        } else {
            self.push_off_plateau(entry);
        }
    }

    /// [`push`](OpenList::push) of an entry whose `f` is not the current one.
    #[inline(never)]
    fn push_off_plateau(&mut self, entry: OpenEntry) {
        let f = entry.f_key();
        if self.heap_mode {
            self.heap.push(entry);
        } else if f < self.current_f && self.current_f != u64::MAX {
            self.enter_heap_mode();
            self.heap.push(entry);
        } else {
            match self.bucket_of.entry(f) {
                Entry::Occupied(at) => self.buckets[*at.get() as usize].push(entry),
                Entry::Vacant(at) => {
                    let i = match self.free.pop() {
                        Some(i) => i,
                        None => {
                            // At most one bucket per distinct `f` in the list at once: far
                            // below u32::MAX.
                            self.buckets.push(Vec::new());
                            // Room for every bucket in the free list (`clear` fills it), so
                            // that only a query that makes new buckets allocates.
                            self.free.reserve(self.buckets.len() - self.free.len());
                            (self.buckets.len() - 1) as u32
                        }
                    };
                    at.insert(i);
                    self.buckets[i as usize].push(entry);
                    self.keys.push(Reverse(f));
                }
            }
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
                if let Some(group) = self.buckets.get_mut(self.group as usize) {
                    if let Some(entry) = group.pop() {
                        self.current_f = entry.f_key();
                        return Some(entry);
                    }
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

    /// Makes the bucket of the smallest key the group (sorted); `None` when there is none.
    #[inline(never)]
    fn advance(&mut self) -> Option<()> {
        if self.group != NONE {
            // Empty (`pop` advances only then): free for another `f`.
            self.free.push(self.group);
            self.group = NONE;
        }
        let Reverse(f) = self.keys.pop()?;
        let i = self.bucket_of.remove(&f)?;
        // Descending keys: the entry that expands first (the smallest key) is last. The
        // entries share their `f`, the upper half of the key: the lower half orders them.
        self.buckets[i as usize].sort_unstable_by_key(|e| Reverse(e.0 as u64));
        self.group = i;
        Some(())
    }

    /// Switches to heap mode: every entry but the stack's goes into the heap.
    #[cold]
    fn enter_heap_mode(&mut self) {
        self.heap_mode = true;
        if self.group != NONE {
            self.heap
                .extend(self.buckets[self.group as usize].drain(..));
        }
        for &i in self.bucket_of.values() {
            self.heap.extend(self.buckets[i as usize].drain(..));
        }
        self.release_buckets();
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
