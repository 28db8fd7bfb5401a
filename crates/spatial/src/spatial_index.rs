//! The trait every index implements.

use std::ops::ControlFlow;

use nav_geom::{Aabb, Circle, Segment};

use crate::{ObjectKey, SpatialError};

/// The most objects one index holds: the number of distinct slots its handles can address.
pub const MAX_OBJECTS: usize = u32::MAX as usize - 1;

/// A 2-D spatial index over objects that each have a bounding box and a value of type `T`.
///
/// Implemented by [`HashGrid`](crate::HashGrid), [`Quadtree`](crate::Quadtree) and
/// [`BruteForce`](crate::BruteForce), so that a caller written against the trait can switch
/// between them after measuring.
///
/// # Contract
///
/// * **Exact results.** A query reports an object if and only if the object's box intersects
///   the query shape, touching included, as decided by `Aabb::intersects`,
///   `nav_geom::query::intersects_aabb_circle` and `nav_geom::query::intersects_aabb_segment`.
///   Sharing a cell or a node with the shape is not enough. Each object is reported once per
///   query, in an unspecified but deterministic order (the same operations give the same order).
/// * **Invalid query shapes report nothing**: a box with a NaN or infinite corner or `min > max`,
///   a circle with a non-finite centre or a radius that is negative or not finite, a segment
///   with a non-finite end point. Degenerate shapes are valid: a box of zero size is a point, a
///   circle of radius 0 is a point, a segment with `a == b` is a point.
/// * **Invalid object boxes are refused** by [`insert`](SpatialIndex::insert) and
///   [`update`](SpatialIndex::update) with [`SpatialError::InvalidAabb`]; the index is unchanged.
/// * **Handles are generational**: after [`remove`](SpatialIndex::remove), a handle is unknown to
///   every method, even once its slot holds a new object.
/// * **Queries take `&self` and allocate nothing**: many threads may query one index at once
///   (the indexes are `Sync` when `T` is). The `query_*` methods clear the caller's buffer and
///   push into it, which allocates only while the buffer grows to its largest result.
///
/// The visitor methods are generic, so the trait is used through generics
/// (`fn f<I: SpatialIndex<T>>(index: &I)`), not as `dyn SpatialIndex<T>`.
///
/// ```
/// use std::ops::ControlFlow;
/// use nav_spatial::{Aabb, Circle, HashGrid, ObjectKey, SpatialIndex, Vec2};
///
/// /// Whether a disc of radius `r` at `p` is clear of every object but `me`.
/// fn is_clear<T, I: SpatialIndex<T>>(index: &I, p: Vec2, r: f32, me: ObjectKey) -> bool {
///     index
///         .visit_circle(&Circle::new(p, r), |key, _aabb| {
///             if key == me { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
///         })
///         .is_continue()
/// }
///
/// let mut grid = HashGrid::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0)), 4.0).unwrap();
/// let me = grid.insert(Aabb::from_center_half_extents(Vec2::splat(10.0), Vec2::ONE), "me").unwrap();
/// grid.insert(Aabb::new(Vec2::new(14.0, 0.0), Vec2::new(15.0, 20.0)), "wall").unwrap();
/// assert!(is_clear(&grid, Vec2::splat(10.0), 3.0, me));
/// assert!(!is_clear(&grid, Vec2::splat(10.0), 4.0, me)); // touches the wall at x = 14
/// ```
pub trait SpatialIndex<T> {
    /// Stores an object with bounding box `aabb` and returns its handle.
    ///
    /// # Errors
    /// [`SpatialError::InvalidAabb`] if a corner is NaN or infinite or `min > max` on an axis;
    /// [`SpatialError::TooManyObjects`] if the index already holds [`MAX_OBJECTS`] objects. On
    /// error `value` is dropped and the index is unchanged.
    fn insert(&mut self, aabb: Aabb, value: T) -> Result<ObjectKey, SpatialError>;

    /// Removes the object and returns its value, or `None` if the handle is unknown.
    fn remove(&mut self, key: ObjectKey) -> Option<T>;

    /// Moves the object to a new bounding box, keeping its handle and value. Cheaper than a
    /// remove and an insert: only the cells or nodes that change are touched.
    ///
    /// # Errors
    /// [`SpatialError::UnknownKey`] if the handle is unknown, [`SpatialError::InvalidAabb`] if
    /// the box is invalid; the index is then unchanged.
    fn update(&mut self, key: ObjectKey, aabb: Aabb) -> Result<(), SpatialError>;

    /// The object's bounding box and value, or `None` if the handle is unknown.
    fn get(&self, key: ObjectKey) -> Option<(&Aabb, &T)>;

    /// The object's value, mutably, or `None` if the handle is unknown. (Its box changes only
    /// through [`update`](SpatialIndex::update).)
    fn get_mut(&mut self, key: ObjectKey) -> Option<&mut T>;

    /// Whether the handle names an object of this index.
    fn contains_key(&self, key: ObjectKey) -> bool {
        self.get(key).is_some()
    }

    /// Number of objects.
    fn len(&self) -> usize;

    /// Whether the index holds no object.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every object. Every handle issued so far becomes unknown.
    fn clear(&mut self);

    /// Every object with its handle and box, in an unspecified order.
    fn iter<'a>(&'a self) -> impl Iterator<Item = (ObjectKey, &'a Aabb, &'a T)>
    where
        T: 'a;

    /// Calls `visitor` with each object whose box intersects `query` (touching counts), until
    /// the visitor returns [`ControlFlow::Break`], whose value is then returned.
    ///
    /// The visitor gets the handle and the object's box; [`get`](SpatialIndex::get) gives the
    /// value when it is needed. An invalid `query` visits nothing.
    fn visit_aabb<B, F>(&self, query: &Aabb, visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>;

    /// Calls `visitor` with each object whose box intersects the disc `query` (touching
    /// counts), until it returns [`ControlFlow::Break`]. An invalid circle visits nothing.
    fn visit_circle<B, F>(&self, query: &Circle, visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>;

    /// Calls `visitor` with each object whose box the segment `query` touches, until it
    /// returns [`ControlFlow::Break`]. An invalid segment visits nothing.
    fn visit_segment<B, F>(&self, query: &Segment, visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>;

    /// Clears `out`, then pushes the handle of each object whose box intersects `query`.
    fn query_aabb(&self, query: &Aabb, out: &mut Vec<ObjectKey>) {
        out.clear();
        let _ = self.visit_aabb(query, collect_into(out));
    }

    /// Clears `out`, then pushes the handle of each object whose box intersects the disc.
    fn query_circle(&self, query: &Circle, out: &mut Vec<ObjectKey>) {
        out.clear();
        let _ = self.visit_circle(query, collect_into(out));
    }

    /// Clears `out`, then pushes the handle of each object whose box the segment touches.
    fn query_segment(&self, query: &Segment, out: &mut Vec<ObjectKey>) {
        out.clear();
        let _ = self.visit_segment(query, collect_into(out));
    }
}

/// What [`SpatialIndex::insert`] refuses, checked before an index changes anything: an invalid
/// box, or an index that already holds [`MAX_OBJECTS`] objects.
pub(crate) fn check_insert(aabb: Aabb, len: usize) -> Result<(), SpatialError> {
    check_object_box(aabb)?;
    if len >= MAX_OBJECTS {
        return Err(SpatialError::TooManyObjects { max: MAX_OBJECTS });
    }
    Ok(())
}

/// What [`SpatialIndex::insert`] and [`SpatialIndex::update`] refuse as an object's box: a NaN
/// or infinite corner, or `min > max`.
pub(crate) fn check_object_box(aabb: Aabb) -> Result<(), SpatialError> {
    if aabb.is_valid() {
        Ok(())
    } else {
        Err(SpatialError::InvalidAabb { aabb })
    }
}

/// A visitor that pushes every handle into `out` and never stops.
fn collect_into(out: &mut Vec<ObjectKey>) -> impl FnMut(ObjectKey, &Aabb) -> ControlFlow<()> {
    move |key, _| {
        out.push(key);
        ControlFlow::Continue(())
    }
}
