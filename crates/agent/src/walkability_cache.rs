//! Walkability of lattice nodes and edges, remembered across queries for one radius and step.

use rustc_hash::FxHashMap;

use crate::lattice::{Lattice, LatticePoint, NodeRange};

/// Nodes per side of a chunk (a power of two).
const CHUNK_BITS: u32 = 5;
const CHUNK_SIDE: u32 = 1 << CHUNK_BITS;
const CHUNK_NODES: usize = (CHUNK_SIDE * CHUNK_SIDE) as usize;

/// What is known of a node or an edge.
pub(crate) const UNKNOWN: u16 = 0;
pub(crate) const FREE: u16 = 1;
pub(crate) const BLOCKED: u16 = 2;

/// The eight moves, counter-clockwise from east. A move `d` and the move `d + 4` are opposite.
pub(crate) const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// One node's entry: bits 0-1 say whether its disc is free, bits `2 + 2k` whether the edge in
/// direction `k` (east, north-east, north, north-west) is. Each undirected edge is stored once,
/// at its end from which it points into the upper half-plane (or east): the other four moves
/// of a node are the first four moves of its neighbours, reversed.
pub(crate) type Entry = u16;

/// The state of the node itself.
#[inline]
pub(crate) fn node_state(entry: Entry) -> u16 {
    entry & 0b11
}

/// The state of the stored edge `slot` (0..4).
#[inline]
pub(crate) fn edge_state(entry: Entry, slot: usize) -> u16 {
    (entry >> (2 + 2 * slot)) & 0b11
}

#[inline]
pub(crate) fn with_node_state(entry: Entry, state: u16) -> Entry {
    (entry & !0b11) | state
}

#[inline]
pub(crate) fn with_edge_state(entry: Entry, slot: usize, state: u16) -> Entry {
    let shift = 2 + 2 * slot;
    (entry & !(0b11 << shift)) | (state << shift)
}

/// Walkability for one (world, radius, step), in square chunks of 32 x 32 nodes allocated
/// as queries reach them.
#[derive(Debug, Clone)]
pub(crate) struct WalkabilityCache {
    /// The world this cache describes and the world version it has caught up to.
    pub world_id: u64,
    pub synced_version: u64,
    /// The agent radius and step (bit patterns: the key of the cache).
    pub radius_bits: u32,
    pub step_bits: u32,
    pub lattice: Lattice,
    /// Logical clock of the last query that used the cache, for eviction.
    pub last_used: u64,
    chunks: FxHashMap<u64, Box<[Entry; CHUNK_NODES]>>,
}

#[inline]
fn chunk_key((i, j): LatticePoint) -> u64 {
    (u64::from(i >> CHUNK_BITS) << 32) | u64::from(j >> CHUNK_BITS)
}

#[inline]
fn slot((i, j): LatticePoint) -> usize {
    (((j & (CHUNK_SIDE - 1)) << CHUNK_BITS) | (i & (CHUNK_SIDE - 1))) as usize
}

impl WalkabilityCache {
    pub fn new(world_id: u64, version: u64, radius: f32, step: f32, lattice: Lattice) -> Self {
        Self {
            world_id,
            synced_version: version,
            radius_bits: radius.to_bits(),
            step_bits: step.to_bits(),
            lattice,
            last_used: 0,
            chunks: FxHashMap::default(),
        }
    }

    /// Number of nodes the allocated chunks can hold.
    pub fn capacity_nodes(&self) -> usize {
        self.chunks.len() * CHUNK_NODES
    }

    /// Forgets everything, keeping the map's allocation.
    pub fn clear(&mut self) {
        self.chunks.clear();
    }

    /// The entry of `node` (all unknown if its chunk was never reached).
    #[cfg(test)]
    pub fn get(&self, node: LatticePoint) -> Entry {
        self.chunks
            .get(&chunk_key(node))
            .map_or(0, |chunk| chunk[slot(node)])
    }

    /// The entries of the 3 x 3 block centred on `center` (row by row from the south-west;
    /// index `(dj + 1) * 3 + (di + 1)`), all unknown for nodes off the lattice. Looks each
    /// chunk up once per row.
    #[inline]
    pub fn get_block(&self, center: LatticePoint) -> [Entry; 9] {
        let mut out = [0; 9];
        let mut last_key = u64::MAX;
        let mut last: Option<&[Entry; CHUNK_NODES]> = None;
        for dj in -1..=1 {
            for di in -1..=1 {
                if let Some(node) = self.lattice.offset(center, (di, dj)) {
                    let key = chunk_key(node);
                    if key != last_key {
                        last = self.chunks.get(&key).map(|c| &**c);
                        last_key = key;
                    }
                    if let Some(chunk) = last {
                        out[((dj + 1) * 3 + (di + 1)) as usize] = chunk[slot(node)];
                    }
                }
            }
        }
        out
    }

    /// Stores the entry of `node`, allocating its chunk if needed.
    #[inline]
    pub fn set(&mut self, node: LatticePoint, entry: Entry) {
        let chunk = self
            .chunks
            .entry(chunk_key(node))
            .or_insert_with(|| Box::new([0; CHUNK_NODES]));
        chunk[slot(node)] = entry;
    }

    /// Forgets the nodes of `range` (and the edges stored at them); returns how many entries
    /// were known.
    pub fn invalidate(&mut self, range: NodeRange) -> usize {
        let mut forgotten = 0;
        for cj in (range.j0 >> CHUNK_BITS)..=(range.j1 >> CHUNK_BITS) {
            for ci in (range.i0 >> CHUNK_BITS)..=(range.i1 >> CHUNK_BITS) {
                let key = (u64::from(ci) << 32) | u64::from(cj);
                let Some(chunk) = self.chunks.get_mut(&key) else {
                    continue;
                };
                let (base_i, base_j) = (ci << CHUNK_BITS, cj << CHUNK_BITS);
                let i0 = range.i0.max(base_i);
                let i1 = range.i1.min(base_i + CHUNK_SIDE - 1);
                let j0 = range.j0.max(base_j);
                let j1 = range.j1.min(base_j + CHUNK_SIDE - 1);
                for j in j0..=j1 {
                    let row = slot((i0, j))..=slot((i1, j));
                    for entry in &mut chunk[row] {
                        forgotten += usize::from(*entry != 0);
                        *entry = 0;
                    }
                }
            }
        }
        forgotten
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nav_geom::{Aabb, Vec2};

    fn cache() -> WalkabilityCache {
        let lattice = Lattice::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0)), 1.0).unwrap();
        WalkabilityCache::new(1, 0, 0.5, 1.0, lattice)
    }

    #[test]
    fn entry_bits_are_independent() {
        let mut e = 0;
        e = with_node_state(e, FREE);
        for s in 0..4 {
            e = with_edge_state(e, s, if s % 2 == 0 { BLOCKED } else { FREE });
        }
        assert_eq!(node_state(e), FREE);
        assert_eq!(
            (0..4).map(|s| edge_state(e, s)).collect::<Vec<_>>(),
            [BLOCKED, FREE, BLOCKED, FREE]
        );
        e = with_edge_state(e, 2, UNKNOWN);
        assert_eq!(edge_state(e, 2), UNKNOWN);
        assert_eq!(edge_state(e, 3), FREE);
        assert_eq!(DIRECTIONS[1].0, -DIRECTIONS[5].0);
    }

    #[test]
    fn blocks_cross_chunk_borders_and_invalidation_is_local() {
        let mut c = cache();
        let value = |i: u32, j: u32| 1 + ((i + j) % 2) as u16;
        for j in 0..=100 {
            for i in 0..=100 {
                c.set((i, j), value(i, j));
            }
        }
        let block = c.get_block((32, 31));
        for dj in -1..=1i32 {
            for di in -1..=1i32 {
                let expect = value((32 + di) as u32, (31 + dj) as u32);
                assert_eq!(block[((dj + 1) * 3 + di + 1) as usize], expect);
            }
        }
        let corner = c.get_block((0, 0));
        assert_eq!(corner[0], 0, "off the lattice reads as unknown");
        let forgotten = c.invalidate(NodeRange {
            i0: 30,
            j0: 60,
            i1: 40,
            j1: 70,
        });
        assert_eq!(forgotten, 11 * 11);
        assert_eq!(c.get((35, 65)), 0);
        assert_eq!(c.get((29, 65)), value(29, 65));
        assert_eq!(c.get((41, 65)), value(41, 65));
        assert_eq!(c.get((35, 71)), value(35, 71));
        assert_eq!(c.capacity_nodes(), 16 * CHUNK_NODES);
        c.clear();
        assert_eq!(c.get((1, 1)), 0);
    }
}
