//! Caller-owned memory for path queries: the search arena and the walkability caches.

use nav_geom::Vec2;
use nav_search::{NodeId, NodeKeys, SearchContext};
use nav_spatial::SpatialIndex;

use crate::AgentPath;
use crate::lattice::Lattice;
use crate::lattice_graph::{Candidate, NodeKey, Target};
use crate::walkability_cache::WalkabilityCache;
use crate::{Obstacle, World};

/// Counters of what the queries of a [`AgentContext`] did, summed since it was created or
/// [`reset_stats`](AgentContext::reset_stats) was called.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QueryStats {
    /// Path queries run (including those that ended before searching).
    pub queries: u64,
    /// Node expansions whose neighbours and edges were all known from the cache: no spatial
    /// query was needed.
    pub cached_expansions: u64,
    /// Node expansions that asked the spatial index for nearby obstacles (cold cache, or near
    /// the agent's own obstacle, which bypasses the cache).
    pub computed_expansions: u64,
    /// Cache entries forgotten because an obstacle changed nearby.
    pub invalidated_nodes: u64,
    /// Times a cache was emptied entirely (another world, too far behind the world's change
    /// log, or over the memory bound).
    pub cache_resets: u64,
}

/// Memory for path queries, owned by the caller: the A* arena (nav-search's
/// [`SearchContext`]), the map from lattice coordinates to arena ids, scratch buffers, the
/// walkability caches, and the latest path, which
/// [`find_path`](AgentContext::find_path) lends out.
///
/// Keep one per thread and pass it to every query of that thread: after warm-up a query
/// allocates little, and the caches remember which lattice nodes and edges are walkable for
/// each (world, radius, step) the context has seen. Before each query the cache catches up
/// with the world's change log, forgetting only nodes near obstacles that were inserted, moved
/// or removed since its last query; the world itself is never written by a query, which is what
/// lets many threads search one `&World` at once.
///
/// Memory is bounded: at most [`max_caches`](AgentContext::set_max_caches) caches (the least
/// recently used is dropped), and a cache that grows past
/// [`max_cached_nodes`](AgentContext::set_max_cached_nodes) starts afresh.
#[derive(Debug, Clone)]
pub struct AgentContext {
    pub(crate) search: SearchContext,
    pub(crate) keys: NodeKeys<NodeKey>,
    pub(crate) node_path: Vec<NodeId>,
    pub(crate) candidates: Vec<Candidate>,
    pub(crate) targets: Vec<Target>,
    pub(crate) caches: Vec<WalkabilityCache>,
    pub(crate) path: AgentPath,
    pub(crate) clock: u64,
    pub(crate) stats: QueryStats,
    /// The time-sliced query, if one was begun (see `sliced.rs`).
    pub(crate) slice: Option<crate::sliced::Slice>,
    /// The goals and targets of a nearest-goal query (see `nearest.rs`).
    pub(crate) nearest: crate::nearest::Scratch,
    max_caches: usize,
    max_cached_nodes: usize,
}

impl Default for AgentContext {
    fn default() -> Self {
        Self::new()
    }
}

impl AgentContext {
    /// Default bound on the number of caches (distinct radius and step pairs).
    pub const DEFAULT_MAX_CACHES: usize = 8;
    /// Default bound on the nodes one cache holds (2 bytes each: 32 MiB).
    pub const DEFAULT_MAX_CACHED_NODES: usize = 1 << 24;

    /// An empty context.
    pub fn new() -> Self {
        Self {
            search: SearchContext::new(),
            keys: NodeKeys::new(),
            node_path: Vec::new(),
            candidates: Vec::new(),
            targets: Vec::new(),
            caches: Vec::new(),
            path: AgentPath::new(),
            clock: 0,
            stats: QueryStats::default(),
            slice: None,
            nearest: Default::default(),
            max_caches: Self::DEFAULT_MAX_CACHES,
            max_cached_nodes: Self::DEFAULT_MAX_CACHED_NODES,
        }
    }

    /// Sets how many caches (one per world, radius and step) the context keeps (at least 1).
    pub fn set_max_caches(&mut self, max_caches: usize) {
        self.max_caches = max_caches.max(1);
        self.evict_to(self.max_caches);
    }

    /// Sets how many lattice nodes one cache may hold before it starts afresh.
    pub fn set_max_cached_nodes(&mut self, max_nodes: usize) {
        self.max_cached_nodes = max_nodes;
    }

    /// Forgets every cached walkability result (the next queries start cold).
    pub fn clear_cache(&mut self) {
        self.caches.clear();
    }

    /// The latest query's answer in full (smoothed and raw points, lengths, status); empty after
    /// a refused query.
    pub fn last_path(&self) -> &AgentPath {
        &self.path
    }

    /// The latest path as the lattice search found it, before string pulling (empty unless
    /// found or partial).
    pub fn raw_path(&self) -> &[Vec2] {
        self.path.raw_points()
    }

    /// What the queries did so far.
    pub fn stats(&self) -> QueryStats {
        self.stats
    }

    /// Sets every counter of [`stats`](AgentContext::stats) to zero.
    pub fn reset_stats(&mut self) {
        self.stats = QueryStats::default();
    }

    /// Number of lattice nodes the caches have room for (allocated chunks).
    pub fn cached_nodes(&self) -> usize {
        self.caches.iter().map(|c| c.capacity_nodes()).sum()
    }

    fn evict_to(&mut self, count: usize) {
        while self.caches.len() > count {
            let oldest = self
                .caches
                .iter()
                .enumerate()
                .min_by_key(|(_, c)| c.last_used)
                .map(|(k, _)| k)
                .unwrap_or(0);
            self.caches.swap_remove(oldest);
        }
    }

    /// The index of the cache for this world, radius and step, caught up with the world's
    /// changes (created, reset or evicting another as needed).
    pub(crate) fn sync_cache<I: SpatialIndex<Obstacle>>(
        &mut self,
        world: &World<I>,
        radius: f32,
        padded_radius: f32,
        step: f32,
        lattice: Lattice,
    ) -> usize {
        self.clock += 1;
        let found = self.caches.iter().position(|c| {
            c.world_id == world.id()
                && c.radius_bits == radius.to_bits()
                && c.step_bits == step.to_bits()
        });
        let index = match found {
            Some(index) => index,
            None => {
                self.evict_to(self.max_caches - 1);
                self.caches.push(WalkabilityCache::new(
                    world.id(),
                    world.version(),
                    radius,
                    step,
                    lattice,
                ));
                self.caches.len() - 1
            }
        };
        let cache = &mut self.caches[index];
        cache.last_used = self.clock;
        if cache.synced_version != world.version() {
            match world.log().since(cache.synced_version) {
                Some(changes) => {
                    // Everything whose node disc or edge capsule may reach the changed box:
                    // nodes within step + radius of it (plus rounding).
                    let pad = f64::from(step) * 1.001
                        + f64::from(padded_radius) * 1.001
                        + world.magnitude() * f64::powi(2.0, -30);
                    let mut forgotten = 0;
                    for change in changes {
                        let min = change.region.min.as_dvec2() - glam::DVec2::splat(pad);
                        let max = change.region.max.as_dvec2() + glam::DVec2::splat(pad);
                        if let Some(range) = cache.lattice.node_range(min, max) {
                            forgotten += cache.invalidate(range);
                        }
                    }
                    self.stats.invalidated_nodes += forgotten as u64;
                }
                None => {
                    cache.clear();
                    self.stats.cache_resets += 1;
                }
            }
            cache.synced_version = world.version();
        }
        if cache.capacity_nodes() > self.max_cached_nodes {
            cache.clear();
            self.stats.cache_resets += 1;
        }
        index
    }
}
