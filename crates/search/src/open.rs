//! The open list: a stack for the current `f`, a sorted group for the other entries of that
//! `f`, and for the other `f`s a radix heap or, once a query shows many entries per `f`, one
//! bucket per `f`.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

use rustc_hash::FxBuildHasher;

use crate::context::OpenEntry;
use crate::graph::NodeId;

/// Radix buckets over the `f` key: bucket `i` (1 to 64) holds the entries whose `f` key's
/// highest bit that differs from `current_coarse` is bit `i - 1`.
const RADIX_BUCKETS: usize = 65;

/// The radix heap gives way to buckets per `f` after this many groups...
const SWITCH_AFTER_GROUPS: usize = 64;
/// ... if they held at least this many entries each on average.
const SWITCH_ENTRIES_PER_GROUP: usize = 3;

/// How the entries of the `f`s above the current one are held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Radix,
    Buckets,
    /// Every entry not on the stack in one binary heap (after an inconsistent heuristic).
    Heap,
}

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
/// and the entries of larger `f`s. Those are first held in a *radix heap* (Ahuja, Mehlhorn,
/// Orlin and Tarjan, 1990) over the `f` keys, where a push is O(1) (one leading-zero count
/// picks the bucket); when the stack and the group are empty, the smallest bucket's entries
/// of the smallest `f` become the group and the others go into lower buckets. That suits
/// searches whose entries have few equal `f`s (jump points). A search with many entries per
/// `f` (a grid searched cell by cell with exact sums: about eight per group) moves each entry
/// between radix buckets about three times; once its first groups show that, the list
/// switches to one *bucket per `f`*, found through a hash map from the key, the keys in a
/// small binary heap: each entry is then written once into its bucket and sorted once with
/// its group (20% fewer instructions per grid query). Both give the same order. When a push
/// has a smaller `f` than the current one (an inconsistent heuristic), every entry goes into
/// a binary heap for the rest of the query, with the same order.
#[derive(Debug, Clone)]
pub(crate) struct OpenList {
    /// Entries whose `f` key equals `current_f`.
    plateau: Vec<OpenEntry>,
    /// The `f` key of the entry popped last from the group (or the heap); `u64::MAX` before
    /// the first pop.
    current_f: u64,
    /// The entries of the current `f` key not on the stack, sorted so that the last one
    /// expands first (outside heap mode).
    group: Vec<OpenEntry>,
    mode: Mode,
    /// Groups made and the entries they held, this query (radix mode).
    groups: usize,
    grouped: usize,
    /// Every entry not on the stack, in heap mode.
    heap: BinaryHeap<OpenEntry>,
    /// The radix heap: the key of the current group, the buckets, and which of them are not
    /// empty (bit `i` for bucket `i`).
    current_coarse: u64,
    radix: Vec<Vec<OpenEntry>>,
    occupied: u128,
    /// Bucket mode: the `f` keys of the non-empty buckets, smallest on top...
    keys: BinaryHeap<Reverse<u64>>,
    /// ... the bucket (an index into `buckets`) of each of them...
    bucket_of: HashMap<u64, u32, FxBuildHasher>,
    /// ... the buckets in use and the empty ones kept for reuse...
    buckets: Vec<Vec<OpenEntry>>,
    /// ... and the indices of the empty ones, taken from the end. Every query starts with all
    /// of them, in the same order, so that a query run again gets the same buckets for the
    /// same `f`s, with the capacity they grew to: a warm query allocates nothing.
    free: Vec<u32>,
}

impl OpenList {
    pub(crate) fn new() -> Self {
        Self {
            plateau: Vec::new(),
            current_f: u64::MAX,
            group: Vec::new(),
            mode: Mode::Radix,
            groups: 0,
            grouped: 0,
            heap: BinaryHeap::new(),
            current_coarse: 0,
            radix: (0..RADIX_BUCKETS).map(|_| Vec::new()).collect(),
            occupied: 0,
            keys: BinaryHeap::new(),
            bucket_of: HashMap::with_hasher(FxBuildHasher),
            buckets: Vec::new(),
            free: Vec::new(),
        }
    }

    /// Empties the list, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.plateau.clear();
        self.current_f = u64::MAX;
        self.group.clear();
        self.heap.clear();
        self.clear_radix();
        self.clear_buckets();
        self.free.clear();
        self.free.extend((0..self.buckets.len() as u32).rev());
        self.mode = Mode::Radix;
        self.groups = 0;
        self.grouped = 0;
    }

    fn clear_radix(&mut self) {
        self.current_coarse = 0;
        while self.occupied != 0 {
            let i = self.occupied.trailing_zeros() as usize;
            self.radix[i].clear();
            self.occupied &= !(1 << i);
        }
    }

    /// Empties every bucket and forgets the keys; the buckets' memory is kept.
    fn clear_buckets(&mut self) {
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
        match self.mode {
            Mode::Heap => self.heap.push(entry),
            Mode::Radix => {
                if f == self.current_coarse {
                    // Only before the first pop (the group's `f` is `current_f` after it):
                    // keep the group's order.
                    let at = self.group.partition_point(|e| e.0 > entry.0);
                    self.group.insert(at, entry);
                } else if f > self.current_coarse {
                    self.push_radix(entry);
                } else {
                    self.enter_heap_mode();
                    self.heap.push(entry);
                }
            }
            Mode::Buckets => {
                if f < self.current_f {
                    self.enter_heap_mode();
                    self.heap.push(entry);
                } else {
                    self.push_bucket(entry);
                }
            }
        }
    }

    #[inline(always)]
    fn push_radix(&mut self, entry: OpenEntry) {
        let i = (64 - (entry.f_key() ^ self.current_coarse).leading_zeros()) as usize;
        self.radix[i].push(entry);
        self.occupied |= 1 << i;
    }

    #[inline(always)]
    fn push_bucket(&mut self, entry: OpenEntry) {
        let f = entry.f_key();
        match self.bucket_of.entry(f) {
            Entry::Occupied(at) => self.buckets[*at.get() as usize].push(entry),
            Entry::Vacant(at) => {
                let i = match self.free.pop() {
                    Some(i) => i,
                    None => {
                        // At most one bucket per distinct `f` in the list at once: far below
                        // u32::MAX.
                        self.buckets.push(Vec::new());
                        // Room for every bucket in the free list (`clear` fills it), so that
                        // only a query that makes new buckets allocates.
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

    /// Pops the next entry. `expanded(node)` says whether `node` is expanded (closed) now:
    /// when the entries of an `f` become the group, those of expanded nodes are dropped
    /// instead of sorted. The caller would skip them when popped anyway, and a node expanded
    /// then is still expanded when such an entry would pop (reopening a node takes a cheaper
    /// entry, which pops first), so the nodes expand in the same order.
    #[inline]
    pub(crate) fn pop(&mut self, expanded: impl Fn(NodeId) -> bool) -> Option<OpenEntry> {
        if self.mode != Mode::Heap {
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
                self.advance(&expanded)?;
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

    /// Makes the entries of the smallest `f` key above the current one the group (sorted);
    /// `None` when there are none. The group is empty here (`pop` advances only then).
    #[inline(never)]
    fn advance(&mut self, expanded: &impl Fn(NodeId) -> bool) -> Option<()> {
        if self.mode == Mode::Buckets {
            let Reverse(f) = self.keys.pop()?;
            let i = self.bucket_of.remove(&f)?;
            let bucket = &mut self.buckets[i as usize];
            self.group.extend_from_slice(bucket);
            bucket.clear();
            self.free.push(i);
        } else {
            self.advance_radix()?;
            self.groups += 1;
            self.grouped += self.group.len();
            if self.groups >= SWITCH_AFTER_GROUPS
                && self.grouped >= SWITCH_ENTRIES_PER_GROUP * self.groups
            {
                self.switch_to_buckets();
            }
        }
        self.group.retain(|e| !expanded(e.node()));
        // Descending keys: the entry that expands first (the smallest key) is last. The
        // entries share their `f`, the upper half of the key: the lower half orders them.
        self.group.sort_unstable_by_key(|e| Reverse(e.0 as u64));
        Some(())
    }

    /// The radix heap's part of [`advance`](OpenList::advance): moves the entries of the
    /// smallest key into the group (unsorted), redistributing the rest of their bucket.
    fn advance_radix(&mut self) -> Option<()> {
        if self.occupied == 0 {
            return None;
        }
        let i = self.occupied.trailing_zeros() as usize;
        self.occupied &= !(1 << i);
        let mut bucket = std::mem::take(&mut self.radix[i]);
        let min = bucket.iter().map(|e| e.f_key()).min()?;
        self.current_coarse = min;
        for entry in bucket.drain(..) {
            if entry.f_key() == min {
                self.group.push(entry);
            } else {
                // Below bucket `i`: the new key agrees with the old one above bit i - 1.
                self.push_radix(entry);
            }
        }
        self.radix[i] = bucket;
        Some(())
    }

    /// Moves the radix heap's entries into buckets per `f` for the rest of the query.
    #[cold]
    fn switch_to_buckets(&mut self) {
        self.mode = Mode::Buckets;
        while self.occupied != 0 {
            let i = self.occupied.trailing_zeros() as usize;
            self.occupied &= !(1 << i);
            let mut bucket = std::mem::take(&mut self.radix[i]);
            for entry in bucket.drain(..) {
                self.push_bucket(entry);
            }
            self.radix[i] = bucket;
        }
    }

    /// Switches to heap mode: every entry but the stack's goes into the heap.
    #[cold]
    fn enter_heap_mode(&mut self) {
        self.mode = Mode::Heap;
        self.heap.extend(self.group.drain(..));
        while self.occupied != 0 {
            let i = self.occupied.trailing_zeros() as usize;
            self.heap.extend(self.radix[i].drain(..));
            self.occupied &= !(1 << i);
        }
        for &i in self.bucket_of.values() {
            self.heap.extend(self.buckets[i as usize].drain(..));
        }
        self.clear_buckets();
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
        list.mode = Mode::Heap;
        list
    }

    /// Pops and pushes as a search does (each pop may push entries of larger `f`, sometimes
    /// smaller): the list pops exactly what the reference pops, in radix mode (steps of `f`
    /// drawn from a wide range: few entries per `f`), after switching to buckets per `f`
    /// (a few step sizes: many entries per `f`), and after falling back to the heap from
    /// either. One list is reused
    /// for every case (as a search context reuses it).
    #[test]
    fn pops_in_the_order_of_the_binary_heap() {
        // A few step sizes (NaN: any of 100,000).
        let few = [0.0, 1.0, std::f64::consts::SQRT_2, 2.5];
        let integer = [1.0, 2.0, 3.0, 5.0];
        let wide = [f64::NAN; 4];
        // (seed, steps, pop after which a push may lower `f`, expected modes at the end:
        // buckets reached, heap reached)
        let cases = [
            (1, wide, None, (false, false)),
            (2, wide, None, (false, false)),
            (3, wide, Some(0), (false, true)),
            (4, few, None, (true, false)),
            (5, few, None, (true, false)),
            (6, few, Some(6000), (true, true)),
            (7, integer, Some(0), (false, true)),
        ];
        let mut list = OpenList::new();
        for (seed, steps, decreasing_after, (buckets, heap_mode)) in cases {
            let mut next = rng(seed);
            let mut heap = reference();
            list.clear();
            let mut node = 0u32;
            let mut entry = |f: f64, g: f64| {
                node += 1;
                OpenEntry::new(f, g, node % 50)
            };
            for _ in 0..5 {
                let e = entry(10.0, 0.0);
                list.push(e);
                heap.push(e);
            }
            // Entries of `f` 0 before the first pop join the (empty) current group in order.
            for g in [3.0, 1.0, 2.0] {
                let e = entry(0.0, g);
                list.push(e);
                heap.push(e);
            }
            let (mut popped, mut saw_buckets) = (0, false);
            while let Some(a) = list.pop(|_| false) {
                let b = heap.pop(|_| false);
                assert_eq!(Some(a), b, "seed {seed}, pop {popped}");
                saw_buckets |= list.mode == Mode::Buckets;
                popped += 1;
                if popped > 8000 {
                    continue;
                }
                let f = f64::from_bits((a.0 >> 64) as u64);
                for _ in 0..next() % 4 {
                    let mut step = steps[next() as usize % 4];
                    if step.is_nan() {
                        step = (next() % 100_000) as f64 / 1000.0;
                    }
                    let down =
                        decreasing_after.is_some_and(|after| popped > after) && next() % 50 == 0;
                    let f2 = if down { (f * 0.5).floor() } else { f + step };
                    let e = entry(f2.max(0.0), (next() % 100) as f64);
                    list.push(e);
                    heap.push(e);
                }
            }
            assert_eq!(heap.pop(|_| false), None);
            assert!(popped > 100, "seed {seed}: {popped}");
            assert_eq!(
                (saw_buckets, list.mode == Mode::Heap),
                (buckets, heap_mode),
                "seed {seed}"
            );
        }
    }
}
