//! A uniform grid of cells over the world bounds.

mod cell_layout;
mod segment_sweep;

use std::ops::ControlFlow;

use nav_geom::query::{intersects_aabb_circle, intersects_aabb_segment};
use nav_geom::{Aabb, Circle, Segment};
use slotmap::SlotMap;

use crate::spatial_index::{check_insert, check_object_box};
use crate::{ObjectKey, SpatialError, SpatialIndex};
use cell_layout::{CellLayout, CellRange};
use nav_geom::query::{intersects_aabb_aabb, segment_prefilter};
use segment_sweep::SegmentSweep;

/// A uniform grid over the world bounds: every object is listed in each cell its box covers.
///
/// The grid is the fastest index when objects are spread fairly evenly and are about as large
/// as a cell, and queries are small (an agent's surroundings, a step of a path): a query reads
/// only the few cells under it. Pick a cell size close to the typical query or object size.
/// When object sizes or densities vary a lot, a [`Quadtree`](crate::Quadtree) adapts better.
///
/// * **Dense cell storage.** Cells are a `Vec` indexed by `row * columns + column`; each cell
///   holds its entries (box, handle, first cell of the object) inline, so a query tests boxes
///   without looking objects up.
/// * **Borders.** Parts of objects (and queries) outside the world bounds are clamped into the
///   border cells: such objects are still found, at the cost of crowding the border cells.
/// * **No duplicates, no per-query state.** An object covering several cells is reported only
///   from the first cell (lowest row, then lowest column) where its cells and the query's cells
///   overlap, a test on two integers stored with the entry.
/// * **Large objects.** An object covering more than
///   [`MAX_CELLS_PER_OBJECT`](HashGrid::MAX_CELLS_PER_OBJECT) cells is kept in a separate list
///   that every query scans, so one huge object costs one entry, not millions.
/// * **Update.** [`update`](SpatialIndex::update) touches only the cells the object leaves or
///   enters, plus the boxes of the cells it stays in. Removing an object from a cell scans that
///   cell, so crowded cells make removal and update slower.
///
/// ```
/// use nav_spatial::{Aabb, Circle, HashGrid, Segment, SpatialIndex, Vec2};
///
/// let world = Aabb::new(Vec2::ZERO, Vec2::splat(1000.0));
/// let mut grid = HashGrid::new(world, 8.0)?;
/// let tree = grid.insert(Aabb::from_center_half_extents(Vec2::new(50.0, 50.0), Vec2::splat(2.0)), "tree")?;
/// let rock = grid.insert(Aabb::new(Vec2::new(60.0, 40.0), Vec2::new(64.0, 44.0)), "rock")?;
///
/// let mut hits = Vec::new();
/// grid.query_circle(&Circle::new(Vec2::new(55.0, 50.0), 3.0), &mut hits);
/// assert_eq!(hits, [tree]);
/// grid.query_segment(&Segment::new(Vec2::new(0.0, 42.0), Vec2::new(100.0, 42.0)), &mut hits);
/// assert_eq!(hits, [rock]);
///
/// grid.update(rock, Aabb::new(Vec2::new(56.0, 48.0), Vec2::new(58.0, 52.0)))?;
/// grid.query_circle(&Circle::new(Vec2::new(55.0, 50.0), 3.0), &mut hits);
/// assert_eq!(hits.len(), 2);
/// assert_eq!(grid.remove(tree), Some("tree"));
/// assert_eq!(grid.get(tree), None);
/// # Ok::<(), nav_spatial::SpatialError>(())
/// ```
#[derive(Debug, Clone)]
pub struct HashGrid<T> {
    bounds: Aabb,
    cell_size: f32,
    store: CellStore,
    objects: SlotMap<ObjectKey, GridObject<T>>,
}

/// An object's entry in a cell.
#[derive(Debug, Clone, Copy)]
struct CellEntry {
    aabb: Aabb,
    key: ObjectKey,
    /// The object's first cell (lowest column and row of its range), for de-duplication.
    first_column: u32,
    first_row: u32,
}

/// An object's entry in the list of large objects.
#[derive(Debug, Clone, Copy)]
struct LargeEntry {
    aabb: Aabb,
    key: ObjectKey,
}

/// Where an object is listed.
#[derive(Debug, Clone, Copy)]
enum Placement {
    /// In every cell of the range.
    Cells(CellRange),
    /// At this position of the large-object list.
    Large(usize),
}

#[derive(Debug, Clone)]
struct GridObject<T> {
    aabb: Aabb,
    placement: Placement,
    value: T,
}

/// The cells and the large-object list: everything but the objects themselves, so that it can
/// be borrowed while the object map is.
#[derive(Debug, Clone)]
struct CellStore {
    layout: CellLayout,
    cells: Vec<Vec<CellEntry>>,
    large: Vec<LargeEntry>,
}

impl<T> HashGrid<T> {
    /// The most cells a grid may have (2^26, about 1.5 GiB of empty cells).
    pub const MAX_CELLS: u64 = 1 << 26;

    /// Objects covering more cells than this go to the large-object list, which every query
    /// scans instead of listing them in each cell.
    pub const MAX_CELLS_PER_OBJECT: u64 = 1024;

    /// An empty grid of square cells of side `cell_size` covering `bounds` (the last row and
    /// column may reach past `bounds.max`).
    ///
    /// # Errors
    /// [`SpatialError::InvalidBounds`] if `bounds` has a non-finite corner or `min > max`;
    /// [`SpatialError::InvalidCellSize`] if `cell_size` is not finite and positive;
    /// [`SpatialError::TooManyCells`] if that makes more than [`MAX_CELLS`](Self::MAX_CELLS)
    /// cells (checked before anything is allocated); [`SpatialError::OutOfMemory`] if the cells
    /// cannot be allocated.
    ///
    /// ```
    /// use nav_spatial::{Aabb, HashGrid, SpatialError, Vec2};
    ///
    /// let world = Aabb::new(Vec2::ZERO, Vec2::new(100.0, 50.0));
    /// let grid = HashGrid::<u32>::new(world, 10.0).unwrap();
    /// assert_eq!((grid.columns(), grid.rows()), (10, 5));
    ///
    /// assert!(matches!(HashGrid::<u32>::new(world, 0.0), Err(SpatialError::InvalidCellSize { .. })));
    /// let huge = Aabb::new(Vec2::ZERO, Vec2::splat(1e9));
    /// assert!(matches!(HashGrid::<u32>::new(huge, 1.0), Err(SpatialError::TooManyCells { .. })));
    /// ```
    pub fn new(bounds: Aabb, cell_size: f32) -> Result<Self, SpatialError> {
        let layout = CellLayout::new(bounds, cell_size, Self::MAX_CELLS)?;
        let count = layout.cell_count();
        let mut cells = Vec::new();
        cells
            .try_reserve_exact(count)
            .map_err(|_| SpatialError::OutOfMemory {
                cells: count as u64,
            })?;
        cells.resize_with(count, Vec::new);
        Ok(Self {
            bounds,
            cell_size,
            store: CellStore {
                layout,
                cells,
                large: Vec::new(),
            },
            objects: SlotMap::with_key(),
        })
    }

    /// The world bounds the cells cover.
    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    /// The side of a cell.
    pub fn cell_size(&self) -> f32 {
        self.cell_size
    }

    /// Number of columns of cells.
    pub fn columns(&self) -> u32 {
        self.store.layout.columns()
    }

    /// Number of rows of cells.
    pub fn rows(&self) -> u32 {
        self.store.layout.rows()
    }

    /// Every cell of the grid, for queries whose shape cannot be narrowed to fewer cells.
    fn all_cells(&self) -> CellRange {
        CellRange {
            x0: 0,
            y0: 0,
            x1: self.columns() - 1,
            y1: self.rows() - 1,
        }
    }
}

impl CellStore {
    /// Lists the object in its cells, or in the large list, and says where.
    fn place(&mut self, key: ObjectKey, aabb: &Aabb) -> Placement {
        let range = self.layout.range_of(aabb);
        if range.cell_count() > HashGrid::<()>::MAX_CELLS_PER_OBJECT {
            self.large.push(LargeEntry { aabb: *aabb, key });
            return Placement::Large(self.large.len() - 1);
        }
        let entry = CellEntry {
            aabb: *aabb,
            key,
            first_column: range.x0,
            first_row: range.y0,
        };
        for row in range.y0..=range.y1 {
            for column in range.x0..=range.x1 {
                let index = self.layout.index(column, row);
                self.cells[index].push(entry);
            }
        }
        Placement::Cells(range)
    }

    /// Takes the object out of its cells or the large list. If that moved another large object
    /// to a new position of the list, returns its handle and new position.
    fn unplace(&mut self, key: ObjectKey, placement: Placement) -> Option<(ObjectKey, usize)> {
        match placement {
            Placement::Cells(range) => {
                for row in range.y0..=range.y1 {
                    for column in range.x0..=range.x1 {
                        let index = self.layout.index(column, row);
                        remove_entry(&mut self.cells[index], key);
                    }
                }
                None
            }
            Placement::Large(position) => {
                self.large.swap_remove(position);
                self.large.get(position).map(|moved| (moved.key, position))
            }
        }
    }

    /// Moves an object listed in the cells of `old` to the cells of `new`: leaves the cells it
    /// no longer covers, enters the new ones, and refreshes its entry in the others.
    fn shift(&mut self, key: ObjectKey, old: CellRange, new: CellRange, aabb: &Aabb) {
        let entry = CellEntry {
            aabb: *aabb,
            key,
            first_column: new.x0,
            first_row: new.y0,
        };
        for row in old.y0..=old.y1 {
            for column in old.x0..=old.x1 {
                let cell = &mut self.cells[self.layout.index(column, row)];
                if new.contains(column, row) {
                    if let Some(slot) = cell.iter_mut().find(|e| e.key == key) {
                        *slot = entry;
                    }
                } else {
                    remove_entry(cell, key);
                }
            }
        }
        for row in new.y0..=new.y1 {
            for column in new.x0..=new.x1 {
                if !old.contains(column, row) {
                    let index = self.layout.index(column, row);
                    self.cells[index].push(entry);
                }
            }
        }
    }

    /// Visits the objects listed in `range` that pass `hit`, each from the first cell where
    /// its own range and `range` overlap.
    #[inline]
    fn scan<B>(
        &self,
        range: CellRange,
        mut hit: impl FnMut(&Aabb) -> bool,
        visitor: &mut impl FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let columns = self.layout.columns() as usize;
        for row in range.y0..=range.y1 {
            let start = row as usize * columns;
            let cells = &self.cells[start + range.x0 as usize..=start + range.x1 as usize];
            for (column, cell) in (range.x0..).zip(cells) {
                for entry in cell {
                    // The first overlapping cell is (max(x0, query x0), max(y0, query y0)).
                    // Evaluated without short-circuits: the outcomes are unpredictable.
                    let first_cell = (column == range.x0 || column == entry.first_column)
                        & (row == range.y0 || row == entry.first_row);
                    if first_cell & hit(&entry.aabb) {
                        visitor(entry.key, &entry.aabb)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Visits the large objects that pass `hit`.
    #[inline]
    fn scan_large<B>(
        &self,
        mut hit: impl FnMut(&Aabb) -> bool,
        visitor: &mut impl FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for entry in &self.large {
            if hit(&entry.aabb) {
                visitor(entry.key, &entry.aabb)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Visits the objects the segment touches, walking only the cells along it.
    ///
    /// De-duplication: an object is reported from the first cell of its range that the walk
    /// visits (rows in order, columns in order within a row). In a row, that is the column
    /// `max(first column, span start)`. The row is the first one whose span meets the object's
    /// columns; since spans are monotone (see `SegmentSweep`), such rows are consecutive, so it
    /// is enough to check that the previous row's span missed the object's columns.
    fn sweep<B>(
        &self,
        segment: &Segment,
        bounds: &Aabb,
        sweep: &SegmentSweep,
        visitor: &mut impl FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let layout = &self.layout;
        let (first_row, last_row) = sweep.rows(layout);
        let mut previous_span: Option<(u32, u32)> = None;
        for row in first_row..=last_row {
            let (start, end) = sweep.columns(layout, row);
            for column in start..=end {
                for entry in &self.cells[layout.index(column, row)] {
                    if column != start && column != entry.first_column {
                        continue;
                    }
                    if row != entry.first_row {
                        if let Some((previous_start, previous_end)) = previous_span {
                            let last_column = layout.column(f64::from(entry.aabb.max.x));
                            if previous_start <= last_column && previous_end >= entry.first_column {
                                continue;
                            }
                        }
                    }
                    if intersects_aabb_aabb(&entry.aabb, bounds)
                        && intersects_aabb_segment(&entry.aabb, segment)
                    {
                        visitor(entry.key, &entry.aabb)?;
                    }
                }
            }
            previous_span = Some((start, end));
        }
        ControlFlow::Continue(())
    }
}

/// Removes `key`'s entry from a cell (order inside a cell does not matter).
fn remove_entry(cell: &mut Vec<CellEntry>, key: ObjectKey) {
    if let Some(position) = cell.iter().position(|e| e.key == key) {
        cell.swap_remove(position);
    }
}

/// Slack added around a circle's bounding box, so that a box `intersects_aabb_circle` accepts
/// a few ulps outside the exact disc is still among the candidates. Sized for a predicate
/// working in f32 (relative rounding 2^-24, squared distances underflowing to 0 for tiny
/// radii), so it also covers the f64 one nav-geom has now.
fn circle_slack(radius: f32) -> f64 {
    f64::from(radius) * (1.0 / 65536.0) + 1e-18
}

impl<T> SpatialIndex<T> for HashGrid<T> {
    fn insert(&mut self, aabb: Aabb, value: T) -> Result<ObjectKey, SpatialError> {
        check_insert(aabb, self.objects.len())?;
        let store = &mut self.store;
        Ok(self.objects.insert_with_key(|key| GridObject {
            aabb,
            placement: store.place(key, &aabb),
            value,
        }))
    }

    fn remove(&mut self, key: ObjectKey) -> Option<T> {
        let object = self.objects.remove(key)?;
        if let Some((moved, position)) = self.store.unplace(key, object.placement) {
            self.objects[moved].placement = Placement::Large(position);
        }
        Some(object.value)
    }

    fn update(&mut self, key: ObjectKey, aabb: Aabb) -> Result<(), SpatialError> {
        check_object_box(aabb)?;
        let object = self
            .objects
            .get_mut(key)
            .ok_or(SpatialError::UnknownKey { key })?;
        let new = self.store.layout.range_of(&aabb);
        let stays_small = new.cell_count() <= Self::MAX_CELLS_PER_OBJECT;
        object.aabb = aabb;
        match object.placement {
            Placement::Cells(old) if stays_small => {
                self.store.shift(key, old, new, &aabb);
                object.placement = Placement::Cells(new);
            }
            Placement::Large(position) if !stays_small => {
                self.store.large[position].aabb = aabb;
            }
            old => {
                let moved = self.store.unplace(key, old);
                object.placement = self.store.place(key, &aabb);
                if let Some((moved, position)) = moved {
                    self.objects[moved].placement = Placement::Large(position);
                }
            }
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
        self.store.cells.iter_mut().for_each(Vec::clear);
        self.store.large.clear();
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
        self.store.scan_large(hit, &mut visitor)?;
        let range = self.store.layout.range_of(query);
        self.store.scan(range, hit, &mut visitor)
    }

    fn visit_circle<B, F>(&self, query: &Circle, mut visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    {
        if !query.is_valid() {
            return ControlFlow::Continue(());
        }
        let hit = |aabb: &Aabb| intersects_aabb_circle(aabb, query);
        self.store.scan_large(hit, &mut visitor)?;
        let range = if (query.radius * query.radius).is_finite() {
            let reach = f64::from(query.radius) + circle_slack(query.radius);
            let center = query.center.as_dvec2();
            self.store.layout.range(center - reach, center + reach)
        } else {
            // Were the predicate to square the radius in f32, it would overflow and accept boxes
            // arbitrarily far away: every cell is a candidate (exact either way, and only for
            // radii beyond 1.8e19).
            self.all_cells()
        };
        self.store.scan(range, hit, &mut visitor)
    }

    fn visit_segment<B, F>(&self, query: &Segment, mut visitor: F) -> ControlFlow<B>
    where
        F: FnMut(ObjectKey, &Aabb) -> ControlFlow<B>,
    {
        if !query.is_valid() {
            return ControlFlow::Continue(());
        }
        let hit = |aabb: &Aabb| intersects_aabb_segment(aabb, query);
        self.store.scan_large(hit, &mut visitor)?;
        let bounds = segment_prefilter(query);
        let sweep = SegmentSweep::new(query, &self.store.layout);
        self.store.sweep(query, &bounds, &sweep, &mut visitor)
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::*;

    impl<T> HashGrid<T> {
        /// Checks that each object is listed exactly in the cells of its box (or in the large
        /// list) with an up-to-date entry, and that nothing else is listed.
        fn check_invariants(&self) {
            let store = &self.store;
            let mut listed = 0;
            for (key, object) in &self.objects {
                let range = store.layout.range_of(&object.aabb);
                match object.placement {
                    Placement::Cells(cells) => {
                        assert_eq!(cells, range, "stale cell range");
                        assert!(range.cell_count() <= Self::MAX_CELLS_PER_OBJECT);
                        for row in range.y0..=range.y1 {
                            for column in range.x0..=range.x1 {
                                let cell = &store.cells[store.layout.index(column, row)];
                                let mine: Vec<_> = cell.iter().filter(|e| e.key == key).collect();
                                assert_eq!(mine.len(), 1, "listed {} times in a cell", mine.len());
                                assert_eq!(mine[0].aabb, object.aabb);
                                assert_eq!(
                                    (mine[0].first_column, mine[0].first_row),
                                    (range.x0, range.y0)
                                );
                            }
                        }
                        listed += range.cell_count();
                    }
                    Placement::Large(position) => {
                        assert!(range.cell_count() > Self::MAX_CELLS_PER_OBJECT);
                        assert_eq!(store.large[position].key, key);
                        assert_eq!(store.large[position].aabb, object.aabb);
                    }
                }
            }
            let entries: usize = store.cells.iter().map(Vec::len).sum();
            assert_eq!(entries as u64, listed, "stale entries in cells");
            let large = self
                .objects
                .values()
                .filter(|o| matches!(o.placement, Placement::Large(_)));
            assert_eq!(large.count(), store.large.len());
        }
    }

    fn aabb() -> impl Strategy<Value = Aabb> {
        (-20.0f32..80.0, -20.0f32..80.0, 0.0f32..70.0, 0.0f32..70.0).prop_map(|(x, y, w, h)| {
            Aabb::new(
                Vec2::new(x, y),
                Vec2::new(x + w * w / 70.0, y + h * h / 70.0),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn invariants_hold_after_any_operations(
            ops in prop::collection::vec((0u8..4, any::<usize>(), aabb()), 1..150),
        ) {
            // 64 x 48 cells of 1: boxes up to 70 x 70 exceed MAX_CELLS_PER_OBJECT.
            let world = Aabb::new(Vec2::ZERO, Vec2::new(64.0, 48.0));
            let mut grid = HashGrid::new(world, 1.0).unwrap();
            let mut keys = Vec::new();
            for (kind, pick, aabb) in ops {
                match kind {
                    0 | 1 => keys.push(grid.insert(aabb, ()).unwrap()),
                    2 if !keys.is_empty() => {
                        let key = keys.swap_remove(pick % keys.len());
                        prop_assert!(grid.remove(key).is_some());
                    }
                    3 if !keys.is_empty() => grid.update(keys[pick % keys.len()], aabb).unwrap(),
                    _ => {}
                }
                grid.check_invariants();
            }
        }
    }
}
