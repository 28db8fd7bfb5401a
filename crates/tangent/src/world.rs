//! The circles of a world, with handles, in a spatial index.

use std::collections::HashMap;

use glam::DVec2;
use nav_geom::{Aabb, Circle};
use nav_search::Revision;
use nav_spatial::{ObjectKey, Quadtree, SpatialIndex};

use crate::TangentError;

/// Handle to a circle of a [`CircleWorld`], returned by [`CircleWorld::insert`].
///
/// Handles are generational: once a circle is removed its handle stays invalid, even after the
/// world reuses its storage for a new circle. [`to_raw`](CircleKey::to_raw) and
/// [`from_raw`](CircleKey::from_raw) turn a handle into a `u64` and back, for foreign code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct CircleKey(ObjectKey);

impl std::fmt::Display for CircleKey {
    /// The id a C caller holds: [`to_raw`](CircleKey::to_raw).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_raw())
    }
}

impl CircleKey {
    /// The handle as a `u64`; [`from_raw`](CircleKey::from_raw) gives back an equal handle.
    pub fn to_raw(self) -> u64 {
        self.0.to_raw()
    }

    /// The handle whose [`to_raw`](CircleKey::to_raw) value is `raw`. Any value is accepted: one
    /// that did not come from `to_raw` names no circle.
    pub fn from_raw(raw: u64) -> Self {
        CircleKey(ObjectKey::from_raw(raw))
    }
}

/// A circle as the queries read it: its handle, the f32 circle the caller gave, and f64 copies
/// of its centre and radius.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slot {
    pub key: ObjectKey,
    pub circle: Circle,
    pub center: DVec2,
    pub radius: f64,
    /// An exact copy of a circle in an earlier entry of [`CircleWorld::twins`]: queries skip
    /// it, so that piling up copies of one circle costs nothing.
    pub twin: bool,
}

/// A circle's exact bits, to recognise copies.
type CircleBits = [u32; 3];

fn bits(c: &Circle) -> CircleBits {
    // -0.0 and 0.0 are the same place.
    [
        (c.center.x + 0.0).to_bits(),
        (c.center.y + 0.0).to_bits(),
        c.radius.to_bits(),
    ]
}

/// Circular obstacles (trees, rocks, units) with handles, held in a spatial index from
/// `nav-spatial`.
///
/// The world stores the true radii. A query inflates every circle by the radius of the agent
/// that asks (Minkowski expansion), so one world serves agents of every size. Circles may be
/// inserted, moved and removed between queries; they may overlap, touch, or lie inside one
/// another.
///
/// The index type `I` defaults to a [`Quadtree`], which adapts to clusters and mixed sizes;
/// [`CircleWorld::with_index`] takes any other [`SpatialIndex`] (a
/// [`HashGrid`](nav_spatial::HashGrid) is faster for evenly spread circles of similar size).
/// The index stores, for each circle, its position in the world's dense storage.
///
/// ```
/// use nav_geom::{Aabb, Circle, Vec2};
/// use nav_search::PathStatus;
/// use nav_tangent::{CircleContext, CircleQuery, CircleWorld};
///
/// let mut world = CircleWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0)))?;
/// let rock = world.insert(Circle::new(Vec2::new(50.0, 50.0), 10.0))?;
///
/// // An agent of radius 1 walks around the rock.
/// let mut ctx = CircleContext::new();
/// let query = CircleQuery::new(Vec2::new(20.0, 50.0), Vec2::new(80.0, 50.0)).with_radius(1.0);
/// let path = ctx.find_path(&world, &query)?;
/// assert_eq!(path.status(), PathStatus::Found);
/// assert!(path.cost() > 60.0);
///
/// // Move the rock out of the way: a straight line.
/// world.set(rock, Circle::new(Vec2::new(50.0, 90.0), 10.0))?;
/// let path = ctx.find_path(&world, &query)?;
/// assert!((path.cost() - 60.0).abs() < 1e-9);
/// # Ok::<(), nav_tangent::TangentError>(())
/// ```
#[derive(Debug, Clone)]
pub struct CircleWorld<I = Quadtree<u32>> {
    index: I,
    slots: Vec<Slot>,
    /// A box holding every circle (true radii). It grows on insert and move and never shrinks
    /// on removal: queries only need it to hold everything.
    extent: Option<(DVec2, DVec2)>,
    radius_sum: f64,
    /// The world bounds, which confine the agent's whole disc (`None`: unbounded).
    bounds: Option<Aabb>,
    /// The slots of every circle that has copies (exact same centre and radius), the one queries
    /// use first; circles without copies are not listed.
    twins: HashMap<CircleBits, Vec<u32>>,
    /// How many circles have each bits: 1 for most.
    counts: HashMap<CircleBits, u32>,
    /// Taken anew on every edit (see [`CircleWorld::revision`]).
    revision: Revision,
}

impl CircleWorld<Quadtree<u32>> {
    /// An empty world inside `bounds`, whose circles are kept in a [`Quadtree`] over them.
    ///
    /// The bounds confine the agent: a query's start and goal must hold the agent's whole disc
    /// inside them ([`OutOfBounds`](nav_search::PathStatus::OutOfBounds) otherwise; touching
    /// the border is inside), and every path keeps the disc inside them. Circles may lie
    /// partly or wholly outside.
    ///
    /// # Errors
    /// [`TangentError::Spatial`] if `bounds` has a non-finite corner or `min > max`.
    pub fn new(bounds: Aabb) -> Result<Self, TangentError> {
        let mut world = Self::with_index(Quadtree::new(bounds)?)?;
        world.bounds = Some(bounds);
        Ok(world)
    }
}

impl<I: SpatialIndex<u32>> CircleWorld<I> {
    /// An empty world without bounds that keeps its circles in `index` (paths may go anywhere;
    /// [`with_bounds`](CircleWorld::with_bounds) confines them).
    ///
    /// # Errors
    /// [`TangentError::IndexNotEmpty`] if the index already holds objects.
    pub fn with_index(index: I) -> Result<Self, TangentError> {
        if !index.is_empty() {
            return Err(TangentError::IndexNotEmpty { len: index.len() });
        }
        Ok(Self {
            index,
            slots: Vec::new(),
            extent: None,
            radius_sum: 0.0,
            bounds: None,
            twins: HashMap::new(),
            counts: HashMap::new(),
            revision: Revision::new(),
        })
    }

    /// The same world, confining the agent's disc to `bounds` (see [`CircleWorld::new`]).
    ///
    /// # Errors
    /// [`TangentError::Spatial`] with an invalid box (a non-finite corner, `min > max`).
    pub fn with_bounds(mut self, bounds: Aabb) -> Result<Self, TangentError> {
        if !bounds.is_valid() {
            return Err(TangentError::Spatial(
                nav_spatial::SpatialError::InvalidBounds { bounds },
            ));
        }
        self.bounds = Some(bounds);
        self.revision.bump();
        Ok(self)
    }

    /// The world's edit stamp: taken anew by every edit (insert, set, remove, clear, even one
    /// that is refused), unique in the process. A time-sliced query
    /// ([`CircleContext::begin_sliced`](crate::CircleContext::begin_sliced)) compares it
    /// between steps.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// The bounds that confine the agent, if any.
    pub fn bounds(&self) -> Option<Aabb> {
        self.bounds
    }

    /// Adds a circle and returns its handle.
    ///
    /// # Errors
    /// [`TangentError::InvalidCircle`] if the centre is not finite or the radius is negative or
    /// not finite; [`TangentError::Spatial`] if the index is full. The world is then unchanged.
    pub fn insert(&mut self, circle: Circle) -> Result<CircleKey, TangentError> {
        self.revision.bump();
        if !circle.is_valid() {
            return Err(TangentError::InvalidCircle { circle });
        }
        let slot = self.slots.len() as u32;
        let key = self.index.insert(circle.aabb(), slot)?;
        self.slots.push(Slot::new(key, circle));
        self.add_twin(slot);
        self.grow_extent(&circle);
        self.radius_sum += circle.radius as f64;
        Ok(CircleKey(key))
    }

    /// Replaces the circle behind `key` (moves or resizes it) and returns the old one.
    ///
    /// # Errors
    /// [`TangentError::InvalidCircle`] for an invalid circle, [`TangentError::UnknownCircle`]
    /// for an unknown handle; the world is then unchanged.
    pub fn set(&mut self, key: CircleKey, circle: Circle) -> Result<Circle, TangentError> {
        self.revision.bump();
        if !circle.is_valid() {
            return Err(TangentError::InvalidCircle { circle });
        }
        let slot = self
            .slot_of(key)
            .ok_or(TangentError::UnknownCircle { key })?;
        self.index.update(key.0, circle.aabb())?;
        self.remove_twin(slot as u32);
        let old = std::mem::replace(&mut self.slots[slot], Slot::new(key.0, circle)).circle;
        self.add_twin(slot as u32);
        self.grow_extent(&circle);
        self.radius_sum += circle.radius as f64 - old.radius as f64;
        Ok(old)
    }

    /// Removes the circle and returns it, or `None` if the handle is unknown.
    pub fn remove(&mut self, key: CircleKey) -> Option<Circle> {
        self.revision.bump();
        let slot = self.slot_of(key)?;
        self.index.remove(key.0)?;
        self.remove_twin(slot as u32);
        let last = self.slots.len() as u32 - 1;
        let removed = self.slots.swap_remove(slot);
        if let Some(moved) = self.slots.get(slot) {
            // The last circle took the freed place: tell the index where it is now.
            if let Some(value) = self.index.get_mut(moved.key) {
                *value = slot as u32;
            }
            let moved_bits = bits(&moved.circle);
            if let Some(list) = self.twins.get_mut(&moved_bits) {
                for s in list.iter_mut() {
                    if *s == last {
                        *s = slot as u32;
                    }
                }
            }
        }
        self.radius_sum -= removed.circle.radius as f64;
        if self.slots.is_empty() {
            self.extent = None;
            self.radius_sum = 0.0;
        }
        Some(removed.circle)
    }

    /// Removes every circle; every handle issued so far becomes unknown.
    pub fn clear(&mut self) {
        self.revision.bump();
        self.index.clear();
        self.slots.clear();
        self.twins.clear();
        self.counts.clear();
        self.extent = None;
        self.radius_sum = 0.0;
    }

    /// The circle behind `key`, or `None` if the handle is unknown.
    pub fn get(&self, key: CircleKey) -> Option<Circle> {
        self.slot_of(key).map(|slot| self.slots[slot].circle)
    }

    /// Whether `key` names a circle of this world.
    pub fn contains(&self, key: CircleKey) -> bool {
        self.slot_of(key).is_some()
    }

    /// Number of circles.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the world holds no circle.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Every circle with its handle, in an unspecified order.
    pub fn iter(&self) -> impl Iterator<Item = (CircleKey, Circle)> + '_ {
        self.slots.iter().map(|s| (CircleKey(s.key), s.circle))
    }

    /// The spatial index (read-only: the world owns its entries).
    pub fn index(&self) -> &I {
        &self.index
    }

    pub(crate) fn slot_of(&self, key: CircleKey) -> Option<usize> {
        self.index.get(key.0).map(|(_, &slot)| slot as usize)
    }

    pub(crate) fn slots(&self) -> &[Slot] {
        &self.slots
    }

    pub(crate) fn key_of(&self, slot: u32) -> CircleKey {
        CircleKey(self.slots[slot as usize].key)
    }

    /// The box holding every circle (true radii), `None` for a world that never held one since
    /// it was last emptied.
    pub(crate) fn extent(&self) -> Option<(DVec2, DVec2)> {
        self.extent
    }

    /// Mean radius of the circles (0 for an empty world).
    pub(crate) fn mean_radius(&self) -> f64 {
        if self.slots.is_empty() {
            0.0
        } else {
            (self.radius_sum / self.slots.len() as f64).max(0.0)
        }
    }

    /// Files the circle in `slot` among its copies: the first of a group is the one queries
    /// see, the others are twins.
    fn add_twin(&mut self, slot: u32) {
        let b = bits(&self.slots[slot as usize].circle);
        let count = self.counts.entry(b).or_insert(0);
        *count += 1;
        if *count == 1 {
            return;
        }
        let first = if *count == 2 {
            // The first copy: find the circle it copies (once per group).
            self.slots
                .iter()
                .enumerate()
                .position(|(k, s)| k as u32 != slot && bits(&s.circle) == b)
                .map(|k| k as u32)
        } else {
            None
        };
        let list = self.twins.entry(b).or_default();
        if let Some(first) = first {
            list.push(first);
        }
        list.push(slot);
        self.slots[slot as usize].twin = list[0] != slot;
    }

    /// Takes the circle in `slot` out of its group of copies; a twin of a removed first circle
    /// takes its place.
    fn remove_twin(&mut self, slot: u32) {
        let b = bits(&self.slots[slot as usize].circle);
        self.slots[slot as usize].twin = false;
        let Some(count) = self.counts.get_mut(&b) else {
            return;
        };
        *count -= 1;
        if *count == 0 {
            self.counts.remove(&b);
        }
        let Some(list) = self.twins.get_mut(&b) else {
            return;
        };
        list.retain(|&s| s != slot);
        if list.len() <= 1 {
            if let Some(&only) = list.first() {
                self.slots[only as usize].twin = false;
            }
            self.twins.remove(&b);
        } else {
            let first = list[0];
            self.slots[first as usize].twin = false;
        }
    }

    fn grow_extent(&mut self, circle: &Circle) {
        let c = circle.center.as_dvec2();
        let r = DVec2::splat(circle.radius as f64);
        let (lo, hi) = (c - r, c + r);
        self.extent = Some(match self.extent {
            Some((min, max)) => (min.min(lo), max.max(hi)),
            None => (lo, hi),
        });
    }
}

impl Slot {
    fn new(key: ObjectKey, circle: Circle) -> Self {
        Slot {
            key,
            circle,
            center: circle.center.as_dvec2(),
            radius: circle.radius as f64,
            twin: false,
        }
    }
}
