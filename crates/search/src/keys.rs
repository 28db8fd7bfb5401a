//! Ids for nodes of graphs that are discovered while they are searched.

use std::collections::HashMap;
use std::hash::Hash;

use rustc_hash::FxBuildHasher;

use crate::NodeId;

/// Gives each distinct key a small, consecutive [`NodeId`], in the order the keys are met.
///
/// A lazily discovered graph (a lattice around an agent, a tangent graph) keeps one of these
/// per query: it maps a node's key (lattice coordinates, a tangent point) to the id that
/// addresses the node in the search arena, once, on discovery. [`clear`](NodeKeys::clear) keeps
/// the allocations, so a reused `NodeKeys` stops allocating once it has seen its largest query.
///
/// Hashing uses `rustc-hash`'s Fx hasher: keys are the graph's own coordinates, not data an
/// attacker chooses, and SipHash would cost more than the rest of a node expansion.
///
/// ```
/// use nav_search::NodeKeys;
///
/// let mut keys = NodeKeys::new();
/// assert_eq!(keys.id((3, -1)), 0);
/// assert_eq!(keys.id((5, 2)), 1);
/// assert_eq!(keys.id((3, -1)), 0);
/// assert_eq!(keys.key(1), Some(&(5, 2)));
/// assert_eq!(keys.get(&(9, 9)), None);
/// ```
#[derive(Debug, Clone)]
pub struct NodeKeys<K> {
    ids: HashMap<K, NodeId, FxBuildHasher>,
    keys: Vec<K>,
}

impl<K> Default for NodeKeys<K> {
    fn default() -> Self {
        Self {
            ids: HashMap::with_hasher(FxBuildHasher),
            keys: Vec::new(),
        }
    }
}

impl<K: Hash + Eq + Clone> NodeKeys<K> {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// The id of `key`, giving it the next free id if it is new.
    ///
    /// # Panics
    /// If more than `u32::MAX - 1` distinct keys are registered (the arena could not address
    /// them anyway); callers bound their searches long before that.
    pub fn id(&mut self, key: K) -> NodeId {
        let next = self.keys.len();
        *self.ids.entry(key).or_insert_with_key(|key| {
            assert!(next < NodeId::MAX as usize, "more than u32::MAX - 1 nodes");
            self.keys.push(key.clone());
            next as NodeId
        })
    }

    /// The id of `key`, if it was registered.
    pub fn get(&self, key: &K) -> Option<NodeId> {
        self.ids.get(key).copied()
    }

    /// The key that has id `id`.
    pub fn key(&self, id: NodeId) -> Option<&K> {
        self.keys.get(id as usize)
    }

    /// All keys, indexed by id.
    pub fn keys(&self) -> &[K] {
        &self.keys
    }

    /// Number of registered keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no key is registered.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Forgets every key, keeping the allocations.
    pub fn clear(&mut self) {
        self.ids.clear();
        self.keys.clear();
    }
}
