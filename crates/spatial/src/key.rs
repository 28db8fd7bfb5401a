//! Handles to the objects of an index.

use slotmap::{Key, KeyData};

slotmap::new_key_type! {
    /// Handle to an object stored in a spatial index, returned by
    /// [`insert`](crate::SpatialIndex::insert).
    ///
    /// Handles are generational (`slotmap` keys): once an object is removed its handle stays
    /// invalid, even after its slot is reused by a new object, so a stale handle can never reach
    /// somebody else's object. A handle is only meaningful for the index that issued it.
    ///
    /// [`to_raw`](ObjectKey::to_raw) and [`from_raw`](ObjectKey::from_raw) turn a handle into a
    /// `u64` and back, for foreign code (C, C#) that keeps handles as plain integers.
    pub struct ObjectKey;
}

impl ObjectKey {
    /// The handle as a `u64`, for foreign code. [`from_raw`](ObjectKey::from_raw) gives back an
    /// equal handle; the value itself carries no other meaning.
    ///
    /// ```
    /// use nav_spatial::{Aabb, HashGrid, ObjectKey, SpatialIndex, Vec2};
    ///
    /// let mut grid = HashGrid::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0)), 10.0).unwrap();
    /// let key = grid.insert(Aabb::new(Vec2::ONE, Vec2::splat(2.0)), "crate").unwrap();
    /// let raw: u64 = key.to_raw();
    /// assert_eq!(ObjectKey::from_raw(raw), key);
    /// ```
    pub fn to_raw(self) -> u64 {
        self.data().as_ffi()
    }

    /// The handle whose [`to_raw`](ObjectKey::to_raw) value is `raw`.
    ///
    /// Any `u64` is accepted: a value that did not come from `to_raw` gives a handle that no
    /// index recognises (lookups return `None`), never undefined behaviour.
    pub fn from_raw(raw: u64) -> Self {
        KeyData::from_ffi(raw).into()
    }
}
