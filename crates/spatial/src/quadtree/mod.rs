//! An adaptive loose quadtree.

mod node;

use std::ops::ControlFlow;

use nav_geom::query::{intersects_aabb_circle, intersects_aabb_segment};
use nav_geom::{Aabb, Circle, Segment};
use slotmap::SlotMap;

use crate::spatial_index::{check_insert, check_object_box};
use crate::{ObjectKey, SpatialError, SpatialIndex};
use nav_geom::query::{intersects_aabb_aabb, segment_prefilter};
use node::{NO_NODE, NodeId, Nodes, ROOT, TreeEntry, TreeObject};

/// How a [`Quadtree`] adapts to its objects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuadtreeConfig {
    /// A leaf holding more objects than this splits into four children (unless it is at
    /// `max_depth`). At least 1.
    pub capacity: usize,
    /// Depth of the deepest nodes (the root is at depth 0), at most
    /// [`Quadtree::MAX_DEPTH`].
    pub max_depth: u32,
}

impl Default for QuadtreeConfig {
    /// Capacity 8, maximum depth 12.
    fn default() -> Self {
        Self {
            capacity: 8,
            max_depth: 12,
        }
    }
}

/// A loose quadtree: nodes split where objects crowd and merge back when they leave.
///
/// Pick it over a [`HashGrid`](crate::HashGrid) when densities or object sizes vary a lot
/// (clusters, a few huge obstacles among small ones), when the world bounds are not known well,
/// or when there is no good single cell size. On evenly spread objects of similar size the grid
/// is faster.
///
/// * **Objects that straddle node borders: loose bounds.** Each node covers a quadrant of its
///   parent, and its *loose* box is that quadrant grown by half its size on every side. An
///   object goes down to the child whose quadrant holds its centre as long as it fits in that
///   child's loose box, so an object is stored at the depth that matches its size, wherever it
///   lies, rather than stuck high in the tree because it crosses a border line.
/// * **Pruning by content.** Each node also keeps the union of the boxes in its subtree (never
///   larger than its loose box, usually much smaller), kept exact on every change; queries skip
///   a subtree when that union misses the query shape.
/// * **Adaptive.** A leaf with more than `capacity` objects splits (down to `max_depth`); when
///   removals leave a subtree with at most `capacity / 2` objects, it merges back into one node
///   (the gap avoids splitting and merging over and over). Freed nodes are reused.
/// * **Outside the bounds.** Objects that do not fit in the root's children (outside the
///   bounds, or larger than half the world) stay at the root, which every query scans.
/// * **Update** changes the object's entry in place when it still belongs to the same node,
///   and otherwise moves it without changing its handle. Remove is O(depth).
///
/// ```
/// use nav_spatial::{Aabb, Quadtree, QuadtreeConfig, Segment, SpatialIndex, Vec2};
///
/// let world = Aabb::new(Vec2::ZERO, Vec2::splat(1024.0));
/// let mut tree = Quadtree::with_config(world, QuadtreeConfig { capacity: 4, max_depth: 8 })?;
/// let mut keys = Vec::new();
/// for i in 0..100 {
///     let p = Vec2::new((i % 10) as f32 * 100.0 + 10.0, (i / 10) as f32 * 100.0 + 10.0);
///     keys.push(tree.insert(Aabb::from_center_half_extents(p, Vec2::splat(5.0)), i)?);
/// }
/// let mut hits = Vec::new();
/// tree.query_segment(&Segment::new(Vec2::new(0.0, 10.0), Vec2::new(1024.0, 10.0)), &mut hits);
/// assert_eq!(hits.len(), 10); // the first row
/// assert_eq!(tree.remove(keys[0]), Some(0));
/// tree.query_segment(&Segment::new(Vec2::new(0.0, 10.0), Vec2::new(1024.0, 10.0)), &mut hits);
/// assert_eq!(hits.len(), 9);
/// # Ok::<(), nav_spatial::SpatialError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Quadtree<T> {
    bounds: Aabb,
    config: QuadtreeConfig,
    nodes: Nodes,
    objects: SlotMap<ObjectKey, TreeObject<T>>,
}

/// Deepest a traversal stack can get: each level leaves at most three siblings waiting.
const STACK_SIZE: usize = 3 * Quadtree::<()>::MAX_DEPTH as usize + 4;

impl<T> Quadtree<T> {
    /// The deepest a tree may be configured: 24 halvings already take a node below f32
    /// resolution for worlds larger than about 1000 units across.
    pub const MAX_DEPTH: u32 = 24;

    /// An empty tree over `bounds` with the default [`QuadtreeConfig`].
    ///
    /// # Errors
    /// [`SpatialError::InvalidBounds`] if `bounds` has a non-finite corner or `min > max`.
    pub fn new(bounds: Aabb) -> Result<Self, SpatialError> {
        Self::with_config(bounds, QuadtreeConfig::default())
    }

    /// An empty tree over `bounds`.
    ///
    /// # Errors
    /// [`SpatialError::InvalidBounds`] if `bounds` has a non-finite corner or `min > max`;
    /// [`SpatialError::InvalidCapacity`] if `config.capacity` is 0;
    /// [`SpatialError::InvalidMaxDepth`] if `config.max_depth` exceeds
    /// [`MAX_DEPTH`](Self::MAX_DEPTH).
    ///
    /// ```
    /// use nav_spatial::{Aabb, Quadtree, QuadtreeConfig, SpatialError, Vec2};
    ///
    /// let world = Aabb::new(Vec2::ZERO, Vec2::splat(100.0));
    /// let bad = QuadtreeConfig { capacity: 0, max_depth: 8 };
    /// assert_eq!(
    ///     Quadtree::<()>::with_config(world, bad).unwrap_err(),
    ///     SpatialError::InvalidCapacity { capacity: 0 }
    /// );
    /// ```
    pub fn with_config(bounds: Aabb, config: QuadtreeConfig) -> Result<Self, SpatialError> {
        if !bounds.is_valid() {
            return Err(SpatialError::InvalidBounds { bounds });
        }
        if config.capacity == 0 {
            return Err(SpatialError::InvalidCapacity {
                capacity: config.capacity,
            });
        }
        if config.max_depth > Self::MAX_DEPTH {
            return Err(SpatialError::InvalidMaxDepth {
                max_depth: config.max_depth,
                max: Self::MAX_DEPTH,
            });
        }
        Ok(Self {
            bounds,
            config,
            nodes: Nodes::new(bounds, config.capacity, config.max_depth),
            objects: SlotMap::with_key(),
        })
    }

    /// The world bounds of the root.
    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    /// The configuration.
    pub fn config(&self) -> QuadtreeConfig {
        self.config
    }

    /// Number of nodes in use (for diagnostics and tuning).
    pub fn node_count(&self) -> usize {
        let mut count = 0;
        let mut stack = [ROOT; STACK_SIZE];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let node = self.nodes.node(stack[top]);
            count += 1;
            if !node.is_leaf() {
                for child in node.first_child..node.first_child + 4 {
                    stack[top] = child;
                    top += 1;
                }
            }
        }
        count
    }

    /// Depth-first walk: visits the entries that pass `hit` in every node whose reach (the
    /// union of the boxes in its subtree) passes `reaches`; the root always.
    ///
    /// Pruning is exact because the predicates are monotone: a box inside a node's reach cannot
    /// touch a shape the reach misses.
    #[inline]
    fn walk<B>(
        &self,
        reaches: impl Fn(&Aabb) -> bool,
        hit: impl Fn(&Aabb) -> bool,
        visitor: &mut impl FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut stack: [NodeId; STACK_SIZE] = [ROOT; STACK_SIZE];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let node = self.nodes.node(stack[top]);
            for entry in &node.entries {
                if hit(&entry.aabb) {
                    visitor(entry.key, &entry.aabb)?;
                }
            }
            if node.first_child != NO_NODE {
                for child_id in node.first_child..node.first_child + 4 {
                    let child = self.nodes.node(child_id);
                    if child.subtree_len > 0 && reaches(&child.reach) {
                        stack[top] = child_id;
                        top += 1;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl<T> SpatialIndex<T> for Quadtree<T> {
    fn insert(&mut self, aabb: Aabb, value: T) -> Result<ObjectKey, SpatialError> {
        check_insert(aabb, self.objects.len())?;
        // The record exists before the entry is placed: placing may split a node and move
        // entries, which updates their records.
        let key = self.objects.insert(TreeObject {
            aabb,
            node: ROOT,
            slot: 0,
            value,
        });
        self.nodes
            .insert(TreeEntry { aabb, key }, &mut self.objects);
        Ok(key)
    }

    fn remove(&mut self, key: ObjectKey) -> Option<T> {
        let (node, slot) = self.objects.get(key).map(|o| (o.node, o.slot))?;
        self.nodes.remove(node, slot, &mut self.objects);
        self.objects.remove(key).map(|o| o.value)
    }

    fn update(&mut self, key: ObjectKey, aabb: Aabb) -> Result<(), SpatialError> {
        check_object_box(aabb)?;
        let object = self
            .objects
            .get_mut(key)
            .ok_or(SpatialError::UnknownKey { key })?;
        object.aabb = aabb;
        let (id, slot) = (object.node, object.slot);
        let node = self.nodes.node(id);
        let still_fits = id == ROOT || node.loose.contains(&aabb);
        if still_fits && self.nodes.descend(id, &aabb).is_none() {
            self.nodes.set_box(id, slot, aabb);
        } else {
            self.nodes.remove(id, slot, &mut self.objects);
            self.nodes
                .insert(TreeEntry { aabb, key }, &mut self.objects);
        }
        Ok(())
    }

    fn get(&self, key: ObjectKey) -> Option<(&Aabb, &T)> {
        self.objects.get(key).map(|o| (&o.aabb, &o.value))
    }

    fn get_mut(&mut self, key: ObjectKey) -> Option<&mut T> {
        self.objects.get_mut(key).map(|o| &mut o.value)
    }

    fn len(&self) -> usize {
        self.objects.len()
    }

    fn clear(&mut self) {
        self.objects.clear();
        self.nodes.clear();
    }

    fn iter<'a>(&'a self) -> impl Iterator<Item = (ObjectKey, &'a Aabb, &'a T)>
    where
        T: 'a,
    {
        self.objects.iter().map(|(k, o)| (k, &o.aabb, &o.value))
    }

    fn visit_aabb<B, F>(&self, query: &Aabb, mut visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    {
        if !query.is_valid() {
            return ControlFlow::Continue(());
        }
        let hit = |aabb: &Aabb| intersects_aabb_aabb(aabb, query);
        self.walk(hit, hit, &mut visitor)
    }

    fn visit_circle<B, F>(&self, query: &Circle, mut visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    {
        if !query.is_valid() {
            return ControlFlow::Continue(());
        }
        let hit = |aabb: &Aabb| intersects_aabb_circle(aabb, query);
        self.walk(hit, hit, &mut visitor)
    }

    fn visit_segment<B, F>(&self, query: &Segment, mut visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    {
        if !query.is_valid() {
            return ControlFlow::Continue(());
        }
        // Four comparisons reject most boxes before the slab test.
        let bounds = segment_prefilter(query);
        let hit = |aabb: &Aabb| {
            intersects_aabb_aabb(aabb, &bounds) && intersects_aabb_segment(aabb, query)
        };
        self.walk(hit, hit, &mut visitor)
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::*;

    impl<T> Quadtree<T> {
        /// Checks every structural invariant; panics with a description if one fails.
        fn check_invariants(&self) {
            let nodes = &self.nodes;
            let capacity = self.config.capacity;
            for (key, record) in &self.objects {
                let entry = nodes.node(record.node).entries[record.slot as usize];
                assert_eq!(entry.key, key, "record points at another entry");
                assert_eq!(entry.aabb, record.aabb);
            }
            let mut entries = 0;
            let mut stack = vec![ROOT];
            while let Some(id) = stack.pop() {
                let node = nodes.node(id);
                entries += node.entries.len();
                let mut count = node.entries.len() as u32;
                for entry in &node.entries {
                    assert!(self.objects.contains_key(entry.key), "stale entry");
                    if id != ROOT {
                        assert!(node.loose.contains(&entry.aabb), "entry outside loose box");
                        assert!(node.reach.contains(&entry.aabb), "entry outside reach");
                    }
                }
                if node.is_leaf() {
                    assert!(
                        node.entries.len() <= capacity || node.depth == self.config.max_depth,
                        "overfull leaf above max depth"
                    );
                } else {
                    assert!(
                        node.subtree_len as usize > capacity / 2,
                        "should have merged"
                    );
                    for child_id in node.first_child..node.first_child + 4 {
                        let child = nodes.node(child_id);
                        assert_eq!(child.parent, id);
                        assert_eq!(child.depth, node.depth + 1);
                        assert!(node.loose.contains(&child.loose), "loose boxes not nested");
                        if id != ROOT && child.subtree_len > 0 {
                            assert!(node.reach.contains(&child.reach), "reach not nested");
                        }
                        count += child.subtree_len;
                        stack.push(child_id);
                    }
                }
                assert_eq!(node.subtree_len, count, "wrong subtree count");
            }
            assert_eq!(entries, self.objects.len());
        }
    }

    fn aabb() -> impl Strategy<Value = Aabb> {
        (-20.0f32..120.0, -20.0f32..120.0, 0.0f32..30.0, 0.0f32..30.0).prop_map(|(x, y, w, h)| {
            Aabb::new(
                Vec2::new(x, y),
                Vec2::new(x + w * w / 30.0, y + h * h / 30.0),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn invariants_hold_after_any_operations(
            capacity in 1usize..5,
            max_depth in 0u32..7,
            ops in prop::collection::vec((0u8..4, any::<usize>(), aabb()), 1..200),
        ) {
            let world = Aabb::new(Vec2::ZERO, Vec2::splat(100.0));
            let mut tree = Quadtree::with_config(world, QuadtreeConfig { capacity, max_depth }).unwrap();
            let mut keys = Vec::new();
            for (kind, pick, aabb) in ops {
                match kind {
                    0 | 1 => keys.push(tree.insert(aabb, ()).unwrap()),
                    2 if !keys.is_empty() => {
                        let key = keys.swap_remove(pick % keys.len());
                        prop_assert!(tree.remove(key).is_some());
                    }
                    3 if !keys.is_empty() => tree.update(keys[pick % keys.len()], aabb).unwrap(),
                    _ => {}
                }
                tree.check_invariants();
            }
            for key in keys {
                tree.remove(key);
                tree.check_invariants();
            }
            prop_assert_eq!(tree.node_count(), 1, "an empty tree merges back into its root");
        }
    }
}
