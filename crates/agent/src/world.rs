//! The world: bounds and obstacles in a spatial index, with a log of where it changed.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use glam::DVec2;
use nav_geom::{Aabb, Segment, Vec2};
use nav_spatial::{HashGrid, ObjectKey, SpatialIndex};

use crate::change_log::ChangeLog;
use crate::collision::{aabb_outward, disc_inside};
use crate::{Mobility, Obstacle, ObstacleHandle, Shape, WorldError};

/// Source of world identities, so that a cache never mistakes one world for another.
static NEXT_WORLD_ID: AtomicU64 = AtomicU64::new(1);

fn next_world_id() -> u64 {
    NEXT_WORLD_ID.fetch_add(1, Ordering::Relaxed)
}

/// A continuous 2-D world: rectangular bounds and obstacles (boxes and discs), static or
/// dynamic, kept in a spatial index from `nav-spatial` ([`HashGrid`] unless another index is
/// given with [`with_index`](World::with_index)).
///
/// Obstacles are inserted, moved and removed through [`ObstacleHandle`]s between queries
/// (`&mut self`); queries take `&self`, so any number of threads may search one world at once,
/// each with its own [`AgentContext`](crate::AgentContext). Every change bumps the world's
/// [`version`](World::version) and records the box it affected, so that the walkability
/// caches of the query contexts forget only what lies near the change.
///
/// ```
/// use nav_agent::{Aabb, Agent, AgentContext, AgentQuery, Circle, Vec2, World};
///
/// let mut world = World::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0)))?;
/// let wall = world.insert_static(Aabb::new(Vec2::new(40.0, 0.0), Vec2::new(45.0, 80.0)))?;
/// let unit = world.insert_dynamic(Circle::new(Vec2::new(70.0, 70.0), 1.0))?;
/// world.move_obstacle(unit, Circle::new(Vec2::new(72.0, 70.0), 1.0))?;
/// assert!(world.move_obstacle(wall, Aabb::new(Vec2::ZERO, Vec2::ONE)).is_err());
/// assert_eq!(world.len(), 2);
///
/// let mut ctx = AgentContext::new();
/// let agent = Agent::new(1.0, 1.0)?;
/// let query = AgentQuery::new(Vec2::new(10.0, 10.0), Vec2::new(90.0, 10.0)).with_agent(&agent);
/// let path = ctx.find_path(&world, &query)?;
/// assert!(path.is_found());
/// // The path goes around the top of the wall (y = 80), 1 unit of radius away from it.
/// assert!(path.path().iter().any(|p| p.y >= 81.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct World<I = HashGrid<Obstacle>> {
    id: u64,
    bounds: Aabb,
    index: I,
    version: u64,
    log: ChangeLog,
}

impl<I: Clone> Clone for World<I> {
    /// A copy with a new identity: caches built for the original start afresh on the copy.
    fn clone(&self) -> Self {
        Self {
            id: next_world_id(),
            bounds: self.bounds,
            index: self.index.clone(),
            version: self.version,
            log: self.log.clone(),
        }
    }
}

impl World<HashGrid<Obstacle>> {
    /// Cells per side of the default hash grid along the longer side of the bounds.
    pub const DEFAULT_CELLS_PER_SIDE: f32 = 128.0;

    /// An empty world over `bounds`, with a hash grid of 128 cells along the longer side.
    ///
    /// # Errors
    /// [`WorldError::InvalidBounds`] unless the corners are finite with `min < max` on both axes.
    pub fn new(bounds: Aabb) -> Result<Self, WorldError> {
        check_bounds(bounds)?;
        let side = (bounds.max - bounds.min).max_element();
        Self::with_cell_size(bounds, side / Self::DEFAULT_CELLS_PER_SIDE)
    }

    /// An empty world over `bounds` whose hash grid has square cells of `cell_size` (pick about
    /// the size of the typical obstacle or agent neighbourhood).
    ///
    /// # Errors
    /// [`WorldError::InvalidBounds`] as for [`new`](World::new); [`WorldError::Spatial`] if the
    /// grid refuses the cell size (not finite and positive, or too many cells).
    pub fn with_cell_size(bounds: Aabb, cell_size: f32) -> Result<Self, WorldError> {
        check_bounds(bounds)?;
        Self::with_index(bounds, HashGrid::new(bounds, cell_size)?)
    }
}

fn check_bounds(bounds: Aabb) -> Result<(), WorldError> {
    if bounds.is_valid()
        && bounds.min.cmplt(bounds.max).all()
        && (bounds.max - bounds.min).is_finite()
    {
        Ok(())
    } else {
        Err(WorldError::InvalidBounds { bounds })
    }
}

impl<I: SpatialIndex<Obstacle>> World<I> {
    /// An empty world over `bounds` that keeps its obstacles in `index` (a
    /// [`Quadtree`](nav_spatial::Quadtree) when obstacle sizes vary a lot, say).
    ///
    /// # Errors
    /// [`WorldError::InvalidBounds`] as for [`World::new`]; [`WorldError::IndexNotEmpty`] if the
    /// index already holds objects.
    pub fn with_index(bounds: Aabb, index: I) -> Result<Self, WorldError> {
        check_bounds(bounds)?;
        if !index.is_empty() {
            return Err(WorldError::IndexNotEmpty { len: index.len() });
        }
        Ok(Self {
            id: next_world_id(),
            bounds,
            index,
            version: 0,
            log: ChangeLog::default(),
        })
    }

    /// The world bounds: agents' discs must stay inside them.
    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    /// The spatial index holding the obstacles (read-only: changes go through the world so that
    /// caches hear of them).
    pub fn index(&self) -> &I {
        &self.index
    }

    /// Number of obstacles.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Whether the world has no obstacle.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Number of changes (inserts, moves, removals) since the world was built.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// A number that no other world (nor a clone of this one) shares.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    pub(crate) fn log(&self) -> &ChangeLog {
        &self.log
    }

    /// Largest absolute coordinate of the bounds (for rounding margins).
    pub(crate) fn magnitude(&self) -> f64 {
        let (min, max) = (self.bounds.min.as_dvec2(), self.bounds.max.as_dvec2());
        min.abs().max(max.abs()).max_element()
    }

    /// Adds an obstacle and returns its handle.
    ///
    /// # Errors
    /// [`WorldError::InvalidShape`] for NaN or infinite coordinates, inverted boxes, negative
    /// radii; [`WorldError::Spatial`] if the index is full. The world is then unchanged.
    pub fn insert(
        &mut self,
        shape: impl Into<Shape>,
        mobility: Mobility,
    ) -> Result<ObstacleHandle, WorldError> {
        let shape = shape.into();
        if !shape.is_valid() {
            return Err(WorldError::InvalidShape { shape });
        }
        let aabb = shape.aabb();
        let key = self.index.insert(aabb, Obstacle { shape, mobility })?;
        self.record(&[aabb]);
        Ok(ObstacleHandle(key))
    }

    /// [`insert`](World::insert) with [`Mobility::Static`].
    pub fn insert_static(&mut self, shape: impl Into<Shape>) -> Result<ObstacleHandle, WorldError> {
        self.insert(shape, Mobility::Static)
    }

    /// [`insert`](World::insert) with [`Mobility::Dynamic`].
    pub fn insert_dynamic(
        &mut self,
        shape: impl Into<Shape>,
    ) -> Result<ObstacleHandle, WorldError> {
        self.insert(shape, Mobility::Dynamic)
    }

    /// Gives a dynamic obstacle a new shape (usually the same shape somewhere else; a box may
    /// also become a disc).
    ///
    /// # Errors
    /// [`WorldError::UnknownObstacle`], [`WorldError::StaticObstacle`],
    /// [`WorldError::InvalidShape`]; the world is then unchanged.
    pub fn move_obstacle(
        &mut self,
        handle: ObstacleHandle,
        shape: impl Into<Shape>,
    ) -> Result<(), WorldError> {
        let shape = shape.into();
        let old = match self.index.get(handle.0) {
            Some((aabb, obstacle)) => {
                if obstacle.mobility == Mobility::Static {
                    return Err(WorldError::StaticObstacle { handle });
                }
                *aabb
            }
            None => return Err(WorldError::UnknownObstacle { handle }),
        };
        if !shape.is_valid() {
            return Err(WorldError::InvalidShape { shape });
        }
        let aabb = shape.aabb();
        self.index.update(handle.0, aabb)?;
        if let Some(obstacle) = self.index.get_mut(handle.0) {
            obstacle.shape = shape;
        }
        self.record(&[old, aabb]);
        Ok(())
    }

    /// Removes an obstacle (static or dynamic) and returns it.
    ///
    /// # Errors
    /// [`WorldError::UnknownObstacle`] if the handle names no obstacle of this world.
    pub fn remove(&mut self, handle: ObstacleHandle) -> Result<Obstacle, WorldError> {
        let aabb = match self.index.get(handle.0) {
            Some((aabb, _)) => *aabb,
            None => return Err(WorldError::UnknownObstacle { handle }),
        };
        let obstacle = self
            .index
            .remove(handle.0)
            .ok_or(WorldError::UnknownObstacle { handle })?;
        self.record(&[aabb]);
        Ok(obstacle)
    }

    /// Removes every obstacle. Caches built on this world clear themselves at their next query.
    pub fn clear(&mut self) {
        self.index.clear();
        self.version += 1;
        self.log.reset(self.version);
    }

    /// The obstacle named by `handle`, if it is in this world.
    pub fn get(&self, handle: ObstacleHandle) -> Option<&Obstacle> {
        self.index.get(handle.0).map(|(_, obstacle)| obstacle)
    }

    /// Every obstacle with its handle, in an unspecified order.
    pub fn obstacles(&self) -> impl Iterator<Item = (ObstacleHandle, &Obstacle)> + '_ {
        self.index
            .iter()
            .map(|(key, _, obstacle)| (ObstacleHandle(key), obstacle))
    }

    fn record(&mut self, regions: &[Aabb]) {
        self.version += 1;
        for region in regions {
            self.log.push(self.version, *region);
        }
    }

    /// Whether an agent of `radius` can stand at `center`: its disc lies inside the bounds and
    /// overlaps no obstacle but `ignore`. Touching an obstacle or the border counts as clear,
    /// as for the start and goal of a query: this is the test that decides
    /// [`StartBlocked`](nav_search::PathStatus::StartBlocked) and
    /// [`OutOfBounds`](nav_search::PathStatus::OutOfBounds).
    pub fn disc_is_clear(&self, center: Vec2, radius: f32, ignore: Option<ObstacleHandle>) -> bool {
        if !(radius.is_finite() && radius >= 0.0 && center.is_finite()) {
            return false;
        }
        self.segment_clear_padded(&Segment::new(center, center), radius, ignore.map(|h| h.0))
    }

    /// Whether an agent of `radius` can move in a straight line from `a` to `b`: the disc swept
    /// along the segment stays inside the bounds and overlaps no obstacle but `ignore`
    /// (touching counts as clear). Every segment of a returned path passes this test, with a
    /// hair to spare except where it leaves a start or reaches a goal that touches.
    pub fn segment_is_clear(
        &self,
        a: Vec2,
        b: Vec2,
        radius: f32,
        ignore: Option<ObstacleHandle>,
    ) -> bool {
        if !(radius.is_finite() && radius >= 0.0 && a.is_finite() && b.is_finite()) {
            return false;
        }
        self.segment_clear_padded(&Segment::new(a, b), radius, ignore.map(|h| h.0))
    }

    /// The swept test with an already padded radius: both ends inside the bounds (the bounds
    /// shrunk by the radius are convex, so the whole segment is), then every obstacle near the
    /// segment tested against the whole segment.
    ///
    /// A long segment is cut into pieces of four times the radius (at least 1/128 of the
    /// world's diagonal, about the default hash grid's cell) and the index is asked for the obstacles near each piece, so that a
    /// long diagonal does not fetch every obstacle of its bounding box. An obstacle near two
    /// pieces is tested twice, which is cheaper than remembering it.
    pub(crate) fn segment_clear_padded(
        &self,
        path: &Segment,
        radius: f32,
        ignore: Option<ObjectKey>,
    ) -> bool {
        if !(disc_inside(&self.bounds, path.a, radius) && disc_inside(&self.bounds, path.b, radius))
        {
            return false;
        }
        let r = f64::from(radius);
        // Index boxes must cover everything within `radius` of the segment, rounding included.
        let margin = r * (1.0 + 1e-6) + self.magnitude() * f64::powi(2.0, -30);
        let (a, b) = (path.a.as_dvec2(), path.b.as_dvec2());
        let length = a.distance(b);
        let diagonal = (self.bounds.max - self.bounds.min).as_dvec2().length();
        let piece = (4.0 * r).max(diagonal / 128.0);
        let pieces = ((length / piece).ceil() as usize).clamp(1, 4096);
        let mut visitor = |key: ObjectKey, _: &Aabb| {
            if Some(key) == ignore {
                return ControlFlow::Continue(());
            }
            match self.index.get(key) {
                Some((_, obstacle)) if !obstacle.shape.swept_disc_clears(path, radius) => {
                    ControlFlow::Break(())
                }
                _ => ControlFlow::Continue(()),
            }
        };
        for k in 0..pieces {
            let t0 = k as f64 / pieces as f64;
            let t1 = (k + 1) as f64 / pieces as f64;
            let p0 = a + (b - a) * t0;
            let p1 = if k + 1 == pieces { b } else { a + (b - a) * t1 };
            // The pieces cover the segment in f64; the box is rounded outwards to f32.
            let query = aabb_outward(
                p0.min(p1) - DVec2::splat(margin),
                p0.max(p1) + DVec2::splat(margin),
            );
            if self.index.visit_aabb(&query, &mut visitor).is_break() {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nav_geom::Circle;

    fn world() -> World {
        World::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0))).unwrap()
    }

    #[test]
    fn bad_bounds_and_shapes_are_refused() {
        for bounds in [
            Aabb::new(Vec2::ZERO, Vec2::new(0.0, 10.0)),
            Aabb::new(Vec2::ONE, Vec2::ZERO),
            Aabb::new(Vec2::new(f32::NAN, 0.0), Vec2::ONE),
            Aabb::new(Vec2::ZERO, Vec2::new(f32::INFINITY, 1.0)),
            Aabb::new(Vec2::splat(f32::MIN), Vec2::splat(f32::MAX)),
        ] {
            assert!(
                matches!(World::new(bounds), Err(WorldError::InvalidBounds { .. })),
                "{bounds:?}"
            );
        }
        let mut w = world();
        for shape in [
            Shape::Circle(Circle::new(Vec2::ONE, -1.0)),
            Shape::Circle(Circle::new(Vec2::NAN, 1.0)),
            Shape::Circle(Circle::new(Vec2::ONE, f32::INFINITY)),
            Shape::Aabb(Aabb::new(Vec2::ONE, Vec2::ZERO)),
            Shape::Circle(Circle::new(Vec2::splat(f32::MAX), f32::MAX)),
        ] {
            assert!(matches!(
                w.insert_dynamic(shape),
                Err(WorldError::InvalidShape { .. })
            ));
        }
        assert_eq!((w.len(), w.version()), (0, 0));
    }

    #[test]
    fn handles_moves_and_versions() {
        let mut w = world();
        let rock = w
            .insert_static(Circle::new(Vec2::splat(10.0), 2.0))
            .unwrap();
        let unit = w.insert_dynamic(Aabb::new(Vec2::ZERO, Vec2::ONE)).unwrap();
        assert_eq!(w.version(), 2);
        assert_eq!(
            w.move_obstacle(rock, Circle::new(Vec2::ONE, 1.0)),
            Err(WorldError::StaticObstacle { handle: rock })
        );
        assert_eq!(
            w.move_obstacle(unit, Aabb::new(Vec2::ONE, Vec2::ZERO)),
            Err(WorldError::InvalidShape {
                shape: Shape::Aabb(Aabb::new(Vec2::ONE, Vec2::ZERO))
            })
        );
        assert_eq!(w.version(), 2, "refused changes leave no trace");
        w.move_obstacle(unit, Circle::new(Vec2::splat(50.0), 3.0))
            .unwrap();
        assert_eq!(
            w.get(unit).unwrap().shape,
            Shape::Circle(Circle::new(Vec2::splat(50.0), 3.0))
        );
        assert!(!w.disc_is_clear(Vec2::splat(52.0), 0.5, None));
        assert!(w.disc_is_clear(Vec2::splat(52.0), 0.5, Some(unit)));
        assert_eq!(w.remove(rock).unwrap().mobility, Mobility::Static);
        assert_eq!(
            w.remove(rock),
            Err(WorldError::UnknownObstacle { handle: rock })
        );
        assert_eq!(w.version(), 4);
        assert_eq!(w.obstacles().count(), 1);
        let copy = w.clone();
        assert_ne!(copy.id(), w.id());
        w.clear();
        assert!(w.is_empty());
        assert!(w.get(unit).is_none());
    }

    #[test]
    fn swept_tests_catch_thin_walls_and_bounds() {
        let mut w = world();
        w.insert_static(Aabb::new(Vec2::new(50.0, 0.0), Vec2::new(50.1, 100.0)))
            .unwrap();
        let (a, b) = (Vec2::new(48.0, 50.0), Vec2::new(52.0, 50.0));
        assert!(w.disc_is_clear(a, 1.0, None) && w.disc_is_clear(b, 1.0, None));
        assert!(
            !w.segment_is_clear(a, b, 1.0, None),
            "both ends clear, the wall between"
        );
        assert!(w.segment_is_clear(a, Vec2::new(48.0, 98.9), 1.0, None));
        assert!(
            !w.segment_is_clear(a, Vec2::new(48.0, 99.5), 1.0, None),
            "out of bounds"
        );
        assert!(!w.segment_is_clear(a, Vec2::NAN, 1.0, None));
        assert!(!w.disc_is_clear(a, -1.0, None));
        // A long diagonal cut into many pieces still sees an obstacle in its middle.
        let mut w = world();
        let tiny = w
            .insert_static(Circle::new(Vec2::new(50.0, 50.0), 0.01))
            .unwrap();
        let (a, b) = (Vec2::new(1.0, 1.0), Vec2::new(99.0, 99.0));
        assert!(!w.segment_is_clear(a, b, 0.001, None));
        assert!(w.segment_is_clear(a, b, 0.001, Some(tiny)));
        assert!(w.segment_is_clear(a, Vec2::new(99.0, 98.0), 0.001, None));
    }
}
