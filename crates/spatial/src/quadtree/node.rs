//! The nodes of a quadtree and the moves of entries between them.

use nav_geom::Aabb;
use slotmap::SlotMap;

use crate::ObjectKey;

/// Index of a node in the node arena.
pub(crate) type NodeId = u32;

/// "No children" in [`Node::first_child`].
pub(crate) const NO_NODE: NodeId = NodeId::MAX;

/// The root is always node 0.
pub(crate) const ROOT: NodeId = 0;

/// An object's entry in a node: its box (so queries need no lookup) and its handle.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TreeEntry {
    pub aabb: Aabb,
    pub key: ObjectKey,
}

/// The record of an object: its box, where its entry is, and its value.
#[derive(Debug, Clone)]
pub(crate) struct TreeObject<T> {
    pub aabb: Aabb,
    pub node: NodeId,
    pub slot: u32,
    pub value: T,
}

/// A square (or rectangular) region of the world and the objects stored at it.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    /// The quadrant this node covers; objects are sent to a child by their centre.
    pub tight: Aabb,
    /// `tight` grown by half its size on every side (and kept inside the parent's loose box).
    /// Every object stored in this node's subtree lies inside it, except at the root, which
    /// keeps whatever fits nowhere else, including objects outside the world bounds. Decides
    /// where objects go.
    pub loose: Aabb,
    /// The union of the boxes stored in this subtree (meaningless when `subtree_len` is 0;
    /// not maintained at the root, which queries always visit). Queries prune with it: it is
    /// never larger than `loose`, and usually much smaller.
    pub reach: Aabb,
    pub parent: NodeId,
    /// The first of four consecutive children, or [`NO_NODE`] for a leaf.
    pub first_child: NodeId,
    pub depth: u32,
    /// Objects stored in this node and all its descendants.
    pub subtree_len: u32,
    pub entries: Vec<TreeEntry>,
}

impl Node {
    fn new(tight: Aabb, parent_loose: Option<&Aabb>, parent: NodeId, depth: u32) -> Self {
        let half = tight.half_extents();
        let mut loose = Aabb::new(tight.min - half, tight.max + half);
        if let Some(outer) = parent_loose {
            // Guarantees nesting exactly, whatever the rounding of the quadrant corners.
            loose = Aabb::new(loose.min.max(outer.min), loose.max.min(outer.max));
        }
        Self {
            tight,
            loose,
            reach: tight,
            parent,
            first_child: NO_NODE,
            depth,
            subtree_len: 0,
            entries: Vec::new(),
        }
    }

    pub fn is_leaf(&self) -> bool {
        self.first_child == NO_NODE
    }
}

/// The node arena of a quadtree, with the split and merge rules.
#[derive(Debug, Clone)]
pub(crate) struct Nodes {
    pub nodes: Vec<Node>,
    /// First nodes of blocks of four children freed by merges, reused by splits.
    free_blocks: Vec<NodeId>,
    capacity: usize,
    max_depth: u32,
}

impl Nodes {
    pub fn new(bounds: Aabb, capacity: usize, max_depth: u32) -> Self {
        Self {
            nodes: vec![Node::new(bounds, None, NO_NODE, 0)],
            free_blocks: Vec::new(),
            capacity,
            max_depth,
        }
    }

    pub fn clear(&mut self) {
        self.nodes.truncate(1);
        let root = &mut self.nodes[ROOT as usize];
        root.entries.clear();
        root.first_child = NO_NODE;
        root.subtree_len = 0;
        self.free_blocks.clear();
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id as usize]
    }

    /// The child of `id` that `aabb` belongs to, if `id` has children and the box fits in that
    /// child's loose bounds.
    pub fn descend(&self, id: NodeId, aabb: &Aabb) -> Option<NodeId> {
        let node = self.node(id);
        if node.is_leaf() {
            return None;
        }
        let (center, middle) = (aabb.center(), node.tight.center());
        let quadrant = usize::from(center.x >= middle.x) + 2 * usize::from(center.y >= middle.y);
        let child = node.first_child + quadrant as NodeId;
        self.node(child).loose.contains(aabb).then_some(child)
    }

    /// Stores an entry at the deepest node that takes it, splitting that node if it overflows.
    /// Updates the records (node and slot) of every object whose entry moved.
    pub fn insert<T>(&mut self, entry: TreeEntry, objects: &mut SlotMap<ObjectKey, TreeObject<T>>) {
        let mut id = ROOT;
        loop {
            let node = self.node_mut(id);
            node.reach = if node.subtree_len == 0 {
                entry.aabb
            } else {
                node.reach.union(&entry.aabb)
            };
            node.subtree_len += 1;
            match self.descend(id, &entry.aabb) {
                Some(child) => id = child,
                None => break,
            }
        }
        let node = self.node_mut(id);
        node.entries.push(entry);
        let slot = node.entries.len() - 1;
        let record = &mut objects[entry.key];
        (record.node, record.slot) = (id, slot as u32);
        self.split_if_full(id, objects);
    }

    /// Takes out the entry at `slot` of node `id`, then merges the highest ancestor whose
    /// subtree became small enough back into one node.
    pub fn remove<T>(
        &mut self,
        id: NodeId,
        slot: u32,
        objects: &mut SlotMap<ObjectKey, TreeObject<T>>,
    ) {
        let entries = &mut self.node_mut(id).entries;
        entries.swap_remove(slot as usize);
        if let Some(moved) = entries.get(slot as usize) {
            objects[moved.key].slot = slot;
        }
        // Half the capacity, so that a node hovering around its capacity does not split and
        // merge on every insert and remove.
        let merge_below = self.capacity / 2;
        let mut merge_at = None;
        let mut current = id;
        while current != NO_NODE {
            let node = self.node_mut(current);
            node.subtree_len -= 1;
            if !node.is_leaf() && (node.subtree_len as usize) <= merge_below {
                merge_at = Some(current);
            }
            current = node.parent;
        }
        self.refit(id);
        if let Some(top) = merge_at {
            self.collapse(top, objects);
        }
    }

    /// Sets the box of the entry at `slot` of node `id` (which must still belong there).
    pub fn set_box(&mut self, id: NodeId, slot: u32, aabb: Aabb) {
        self.node_mut(id).entries[slot as usize].aabb = aabb;
        self.refit(id);
    }

    /// Recomputes the `reach` of `id` and of its ancestors after a box in `id` shrank, moved or
    /// left, stopping at the first node whose reach does not change. Costs the number of
    /// entries of each node recomputed (plus four children).
    fn refit(&mut self, mut id: NodeId) {
        while id != ROOT {
            let node = self.node(id);
            let mut reach: Option<Aabb> = None;
            let mut add = |b: &Aabb| reach = Some(reach.map_or(*b, |r| r.union(b)));
            node.entries.iter().for_each(|e| add(&e.aabb));
            if !node.is_leaf() {
                for child in node.first_child..node.first_child + 4 {
                    let child = self.node(child);
                    if child.subtree_len > 0 {
                        add(&child.reach);
                    }
                }
            }
            let reach = reach.unwrap_or(node.tight);
            if reach == node.reach {
                break;
            }
            let parent = node.parent;
            self.node_mut(id).reach = reach;
            id = parent;
        }
    }

    fn split_if_full<T>(&mut self, id: NodeId, objects: &mut SlotMap<ObjectKey, TreeObject<T>>) {
        let node = self.node(id);
        if !node.is_leaf() || node.entries.len() <= self.capacity || node.depth >= self.max_depth {
            return;
        }
        let first_child = self.allocate_children(id);
        self.node_mut(id).first_child = first_child;
        let mut entries = std::mem::take(&mut self.node_mut(id).entries);
        entries.retain(|entry| match self.descend(id, &entry.aabb) {
            Some(child) => {
                let child_node = self.node_mut(child);
                child_node.reach = if child_node.subtree_len == 0 {
                    entry.aabb
                } else {
                    child_node.reach.union(&entry.aabb)
                };
                child_node.entries.push(*entry);
                child_node.subtree_len += 1;
                let record = &mut objects[entry.key];
                (record.node, record.slot) = (child, child_node.entries.len() as u32 - 1);
                false
            }
            None => true,
        });
        for (slot, entry) in entries.iter().enumerate() {
            objects[entry.key].slot = slot as u32;
        }
        self.node_mut(id).entries = entries;
        for child in first_child..first_child + 4 {
            self.split_if_full(child, objects);
        }
    }

    /// Four fresh leaves for the quadrants of `parent` (reusing a freed block if there is one).
    fn allocate_children(&mut self, parent: NodeId) -> NodeId {
        let node = self.node(parent);
        let (tight, loose, depth) = (node.tight, node.loose, node.depth + 1);
        let middle = tight.center();
        let quadrants = [
            Aabb::new(tight.min, middle),
            Aabb::new(
                glam::Vec2::new(middle.x, tight.min.y),
                glam::Vec2::new(tight.max.x, middle.y),
            ),
            Aabb::new(
                glam::Vec2::new(tight.min.x, middle.y),
                glam::Vec2::new(middle.x, tight.max.y),
            ),
            Aabb::new(middle, tight.max),
        ];
        let children = quadrants.map(|q| Node::new(q, Some(&loose), parent, depth));
        match self.free_blocks.pop() {
            Some(first) => {
                for (i, child) in children.into_iter().enumerate() {
                    let slot = &mut self.nodes[first as usize + i];
                    // Keep the old entry buffer (empty) to reuse its allocation.
                    let buffer = std::mem::take(&mut slot.entries);
                    *slot = Node {
                        entries: buffer,
                        ..child
                    };
                }
                first
            }
            None => {
                let first = self.nodes.len() as NodeId;
                self.nodes.extend(children);
                first
            }
        }
    }

    /// Moves every entry of the subtree of `id` into `id` itself and frees its descendants.
    fn collapse<T>(&mut self, id: NodeId, objects: &mut SlotMap<ObjectKey, TreeObject<T>>) {
        let first_child = self.node(id).first_child;
        if first_child == NO_NODE {
            return;
        }
        for child in first_child..first_child + 4 {
            self.collapse(child, objects);
            let mut moved = std::mem::take(&mut self.node_mut(child).entries);
            let target = &mut self.node_mut(id).entries;
            for entry in moved.drain(..) {
                target.push(entry);
                let record = &mut objects[entry.key];
                (record.node, record.slot) = (id, target.len() as u32 - 1);
            }
            let child_node = self.node_mut(child);
            child_node.entries = moved;
            child_node.subtree_len = 0;
        }
        self.node_mut(id).first_child = NO_NODE;
        self.free_blocks.push(first_child);
    }
}
