//! The index that tests every object.

use std::ops::ControlFlow;

use nav_geom::query::{intersects_aabb_circle, intersects_aabb_segment};
use nav_geom::{Aabb, Circle, Segment};
use slotmap::SlotMap;

use crate::spatial_index::{check_insert, check_object_box};
use crate::{ObjectKey, SpatialError, SpatialIndex};
use nav_geom::query::{intersects_aabb_aabb, segment_prefilter};

/// An "index" that keeps the boxes in one dense array and tests all of them on every query.
///
/// It is the reference the other indexes are tested and measured against, and the right choice
/// for a few dozen objects, where walking cells or nodes costs more than testing every box.
/// Insert, remove and update are O(1); queries are O(n).
///
/// ```
/// use nav_spatial::{Aabb, BruteForce, SpatialIndex, Vec2};
///
/// let mut index = BruteForce::new();
/// let a = index.insert(Aabb::new(Vec2::ZERO, Vec2::ONE), 'a').unwrap();
/// index.insert(Aabb::new(Vec2::splat(5.0), Vec2::splat(6.0)), 'b').unwrap();
/// let mut hits = Vec::new();
/// index.query_aabb(&Aabb::new(Vec2::splat(0.5), Vec2::splat(2.0)), &mut hits);
/// assert_eq!(hits, [a]);
/// ```
#[derive(Debug, Clone)]
pub struct BruteForce<T> {
    /// Boxes and handles, packed so that a query streams through them.
    entries: Vec<(Aabb, ObjectKey)>,
    objects: SlotMap<ObjectKey, FlatObject<T>>,
}

#[derive(Debug, Clone)]
struct FlatObject<T> {
    /// Position in `entries`.
    position: usize,
    value: T,
}

impl<T> Default for BruteForce<T> {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
            objects: SlotMap::with_key(),
        }
    }
}

impl<T> BruteForce<T> {
    /// An empty index.
    pub fn new() -> Self {
        Self::default()
    }

    #[inline]
    fn scan<B>(
        &self,
        mut hit: impl FnMut(&Aabb) -> bool,
        mut visitor: impl FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for (aabb, key) in &self.entries {
            if hit(aabb) {
                visitor(*key, aabb)?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl<T> SpatialIndex<T> for BruteForce<T> {
    fn insert(&mut self, aabb: Aabb, value: T) -> Result<ObjectKey, SpatialError> {
        check_insert(aabb, self.objects.len())?;
        let position = self.entries.len();
        let key = self.objects.insert(FlatObject { position, value });
        self.entries.push((aabb, key));
        Ok(key)
    }

    fn remove(&mut self, key: ObjectKey) -> Option<T> {
        let object = self.objects.remove(key)?;
        self.entries.swap_remove(object.position);
        if let Some(&(_, moved)) = self.entries.get(object.position) {
            self.objects[moved].position = object.position;
        }
        Some(object.value)
    }

    fn update(&mut self, key: ObjectKey, aabb: Aabb) -> Result<(), SpatialError> {
        check_object_box(aabb)?;
        let object = self
            .objects
            .get(key)
            .ok_or(SpatialError::UnknownKey { key })?;
        self.entries[object.position].0 = aabb;
        Ok(())
    }

    fn get(&self, key: ObjectKey) -> Option<(&Aabb, &T)> {
        let object = self.objects.get(key)?;
        Some((&self.entries[object.position].0, &object.value))
    }

    fn get_mut(&mut self, key: ObjectKey) -> Option<&mut T> {
        self.objects.get_mut(key).map(|o| &mut o.value)
    }

    fn len(&self) -> usize {
        self.objects.len()
    }

    fn clear(&mut self) {
        self.objects.clear();
        self.entries.clear();
    }

    fn iter<'a>(&'a self) -> impl Iterator<Item = (ObjectKey, &'a Aabb, &'a T)>
    where
        T: 'a,
    {
        self.objects
            .iter()
            .map(|(k, o)| (k, &self.entries[o.position].0, &o.value))
    }

    fn visit_aabb<B, F>(&self, query: &Aabb, visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    {
        if !query.is_valid() {
            return ControlFlow::Continue(());
        }
        self.scan(|aabb| intersects_aabb_aabb(aabb, query), visitor)
    }

    fn visit_circle<B, F>(&self, query: &Circle, visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    {
        if !query.is_valid() {
            return ControlFlow::Continue(());
        }
        self.scan(|aabb| intersects_aabb_circle(aabb, query), visitor)
    }

    fn visit_segment<B, F>(&self, query: &Segment, visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    {
        if !query.is_valid() {
            return ControlFlow::Continue(());
        }
        let bounds = segment_prefilter(query);
        self.scan(
            |aabb| intersects_aabb_aabb(aabb, &bounds) && intersects_aabb_segment(aabb, query),
            visitor,
        )
    }
}
