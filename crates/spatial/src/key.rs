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
    /// Any `u64` is accepted. A value that `to_raw` cannot have produced, 0 among them, gives
    /// the null handle, which no index recognises: foreign code may use 0 for "no object", and
    /// a zeroed handle never reaches an object by accident.
    ///
    /// ```
    /// use nav_spatial::{Aabb, HashGrid, ObjectKey, SpatialIndex, Vec2};
    ///
    /// let mut grid = HashGrid::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0)), 10.0).unwrap();
    /// let first = grid.insert(Aabb::new(Vec2::ONE, Vec2::splat(2.0)), "crate").unwrap();
    /// assert_ne!(first.to_raw(), 0);
    /// assert_eq!(grid.get(ObjectKey::from_raw(0)), None);
    /// ```
    pub fn from_raw(raw: u64) -> Self {
        // `from_ffi` is only specified for values that `as_ffi` produced; anything else would
        // map to some key, possibly a live one, so it is turned into the null key instead.
        let data = KeyData::from_ffi(raw);
        if data.as_ffi() == raw {
            data.into()
        } else {
            Self::null()
        }
    }
}
