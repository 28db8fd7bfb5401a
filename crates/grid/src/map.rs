//! The tile map: terrain, walkability and move-cost multipliers per cell.
//!
//! Over 600 lines: the map, its edits and the per-agent-size caches those edits must keep
//! consistent (clearance, bit grids, components) stay together.

use std::collections::BTreeMap;

use nav_search::Revision;

use crate::bits::{JumpBits, SizeCache};
use crate::cell::Cell;
use crate::clearance;
use crate::components::{Components, Connectivity};
use crate::error::GridError;
use crate::jump_table::JumpTable;
use crate::rules::CompiledRules;

/// Multiplier of a cell whose cost was never changed.
const UNIT_MULTIPLIER: f32 = 1.0;

/// A `width x height` tile map.
///
/// Every cell has
/// * a **terrain** value (a tile number, as in the world array of tile-map tutorials; the Moving AI
///   reader stores the map character),
/// * an explicit **blocked** flag,
/// * a **cost multiplier** (weighted terrain: entering the cell costs the move's cost times the
///   multiplier; 1 by default).
///
/// A cell is *walkable* when it is not blocked and its terrain is at most
/// [`max_walkable_terrain`](GridMap::max_walkable_terrain) (the `maxWalkableTileNum` of a
/// JavaScript tile-map A* tutorial; by default every terrain is walkable).
///
/// The map also keeps every cell's [clearance](GridMap::clearance): the side of the largest
/// square of walkable cells whose top-left cell it is, so that one map serves agents of every
/// size (see [`GridQuery::agent_size`](crate::GridQuery::agent_size)).
///
/// Changing a cell's terrain value or cost multiplier is O(1) (O(log k) for a multiplier, with
/// k distinct multipliers in use), so a game may edit the map between queries. When an edit
/// changes the cell's walkability, the clearance of the cells above and to the left of it is
/// updated locally: the work is proportional to the number of values that change, at most
/// [`MAX_CLEARANCE`](GridMap::MAX_CLEARANCE)² and a handful on most maps. Walkability and
/// clearance are kept in compact byte arrays with a border of blocked cells, which lets the
/// search visit neighbours without bounds checks.
///
/// Two more things are derived lazily per agent size, on the first query that needs them, and
/// shared by every query and thread on the map:
/// * for jump point search, a row-major and a column-major bit grid of the cells the agent
///   fits in (2 bits per cell; about 1 ms to build for a million cells). An edit that changes
///   walkability updates the one-cell grids in place and drops those of larger agents, which
///   the next jump point query for that size rebuilds;
/// * connected components per agent size and move rule (4 bytes per cell), so that a query
///   between two components answers [`NoPath`](crate::PathStatus::NoPath) at once with 0
///   expanded (built by the first query on maps of up to 2^20 cells, on larger maps by
///   [`prepare`](GridMap::prepare) or after a search that ended in `NoPath`: see
///   [`GridContext::find_path`](crate::GridContext::find_path)). For agents of one cell, an edit that changes walkability updates the labels in
///   O(1) when it is local: opening a cell whose neighbours all lie in one component (or in
///   none), blocking a cell whose neighbours still reach one another around it. Any other
///   edit (one that may join or split components), and every edit for larger agents, drops
///   the labels; they are made again as after construction (a flood fill, O(cells): about
///   13 ms for 768 x 768 cells).
/// * for [`SearchMode::JumpPointsPlus`](crate::SearchMode::JumpPointsPlus), a table of jump
///   distances (16 bytes per cell), see [`prepare`](GridMap::prepare).
///
/// ```
/// use nav_grid::{Cell, GridMap};
///
/// // Tile 0 is grass, tile 1 a boulder; tiles up to 0 are walkable.
/// let mut map = GridMap::from_terrain(3, 2, vec![0, 1, 0, 0, 0, 0], 0)?;
/// assert!(!map.is_walkable(Cell::new(1, 0)));
/// map.set_terrain(Cell::new(1, 0), 0)?;
/// assert!(map.is_walkable(Cell::new(1, 0)));
/// map.set_blocked(Cell::new(2, 1), true)?;
/// assert!(!map.is_walkable(Cell::new(2, 1)));
/// # Ok::<(), nav_grid::GridError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct GridMap {
    width: u32,
    height: u32,
    /// 1 = walkable, 0 = not; `(width + 2) x (height + 2)` with a blocked border.
    walkable: Vec<u8>,
    /// Clearance of each cell, capped at `MAX_CLEARANCE`, in the same padded layout (border 0).
    clearance: Vec<u8>,
    terrain: Vec<u16>,
    blocked: Vec<bool>,
    max_walkable_terrain: u16,
    /// Empty while every multiplier is 1 (most maps): saves 4 bytes per cell.
    multipliers: Vec<f32>,
    /// Number of cells per multiplier (keyed by the `f32` bits, which order like the values
    /// since multipliers are positive): the smallest key scales the heuristic.
    multiplier_counts: BTreeMap<u32, u64>,
    walkable_count: usize,
    /// Per agent size, data derived lazily from walkability (jump point bit grids).
    derived: SizeCache,
    /// Taken anew on every edit (see [`GridMap::revision`]).
    revision: EditStamp,
}

/// A map's [`Revision`], left out of equality: two maps with the same cells are equal
/// whatever their histories.
#[derive(Debug, Clone, Copy, Default)]
struct EditStamp(Revision);

impl PartialEq for EditStamp {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl GridMap {
    /// Largest accepted width or height.
    pub const MAX_SIDE: u32 = 1 << 15;
    /// Largest accepted number of cells (a search arena for it takes about 1 GiB).
    pub const MAX_CELLS: u64 = 1 << 26;
    /// The largest clearance the map tracks: [`clearance`](GridMap::clearance) saturates at
    /// this value, and agents of up to this many cells per side can be searched for. It is the
    /// range of one byte per cell, and it bounds the cost of an edit (at most this squared
    /// values change); no game unit spans more than 255 tiles.
    pub const MAX_CLEARANCE: u32 = clearance::MAX_CLEARANCE as u32;

    /// Checks a requested size: each side in `1..=MAX_SIDE`, at most `MAX_CELLS` cells.
    pub fn check_size(width: u64, height: u64) -> Result<(u32, u32), GridError> {
        let max = Self::MAX_SIDE as u64;
        if width == 0
            || height == 0
            || width > max
            || height > max
            || width * height > Self::MAX_CELLS
        {
            return Err(GridError::InvalidSize {
                width,
                height,
                max_side: Self::MAX_SIDE,
                max_cells: Self::MAX_CELLS,
            });
        }
        Ok((width as u32, height as u32))
    }

    /// A map of walkable cells of terrain 0.
    pub fn new(width: u32, height: u32) -> Result<Self, GridError> {
        let (width, height) = Self::check_size(width as u64, height as u64)?;
        let len = width as usize * height as usize;
        Ok(Self::assemble(
            width,
            height,
            vec![0; len],
            vec![false; len],
            u16::MAX,
        ))
    }

    /// A map from per-cell terrain values (row by row, `y * width + x`); a cell is walkable
    /// when its terrain is at most `max_walkable_terrain`.
    pub fn from_terrain(
        width: u32,
        height: u32,
        terrain: Vec<u16>,
        max_walkable_terrain: u16,
    ) -> Result<Self, GridError> {
        let (width, height) = Self::check_size(width as u64, height as u64)?;
        let len = width as usize * height as usize;
        if terrain.len() != len {
            return Err(GridError::WrongCellCount {
                what: "terrain",
                actual: terrain.len(),
                expected: len,
                width,
                height,
            });
        }
        Ok(Self::assemble(
            width,
            height,
            terrain,
            vec![false; len],
            max_walkable_terrain,
        ))
    }

    /// A map from walkability flags (row by row, `y * width + x`): `false` cells are blocked.
    pub fn from_walkable(width: u32, height: u32, walkable: &[bool]) -> Result<Self, GridError> {
        let (width, height) = Self::check_size(width as u64, height as u64)?;
        let len = width as usize * height as usize;
        if walkable.len() != len {
            return Err(GridError::WrongCellCount {
                what: "walkable",
                actual: walkable.len(),
                expected: len,
                width,
                height,
            });
        }
        let blocked = walkable.iter().map(|&w| !w).collect();
        Ok(Self::assemble(
            width,
            height,
            vec![0; len],
            blocked,
            u16::MAX,
        ))
    }

    /// Builds the map and its derived arrays from validated parts.
    pub(crate) fn assemble(
        width: u32,
        height: u32,
        terrain: Vec<u16>,
        blocked: Vec<bool>,
        max_walkable_terrain: u16,
    ) -> Self {
        let len = width as usize * height as usize;
        debug_assert_eq!(terrain.len(), len);
        debug_assert_eq!(blocked.len(), len);
        let padded_len = (width as usize + 2) * (height as usize + 2);
        let mut map = Self {
            width,
            height,
            walkable: vec![0; padded_len],
            clearance: vec![0; padded_len],
            terrain,
            blocked,
            max_walkable_terrain,
            multipliers: Vec::new(),
            multiplier_counts: BTreeMap::from([(UNIT_MULTIPLIER.to_bits(), len as u64)]),
            walkable_count: 0,
            derived: SizeCache::new(clearance::MAX_CLEARANCE as usize),
            revision: EditStamp::default(),
        };
        map.rebuild_walkable();
        map
    }

    /// Width in cells.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells, `width * height`.
    pub fn cell_count(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Number of walkable cells.
    pub fn walkable_count(&self) -> usize {
        self.walkable_count
    }

    /// Whether `cell` lies on the map.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.x < self.width && cell.y < self.height
    }

    /// The index `y * width + x` of `cell` (its node id in a search), if it lies on the map.
    pub fn index_of(&self, cell: Cell) -> Option<usize> {
        self.contains(cell)
            .then(|| cell.y as usize * self.width as usize + cell.x as usize)
    }

    /// The cell with index `index`, if there is one.
    pub fn cell_at(&self, index: usize) -> Option<Cell> {
        (index < self.cell_count()).then(|| {
            Cell::new(
                (index % self.width as usize) as u32,
                (index / self.width as usize) as u32,
            )
        })
    }

    /// Whether `cell` can be entered; `false` outside the map.
    #[inline]
    pub fn is_walkable(&self, cell: Cell) -> bool {
        self.contains(cell) && self.walkable[self.padded_index(cell.x, cell.y)] != 0
    }

    /// The clearance of `cell`, if it lies on the map: the side of the largest square of
    /// walkable cells whose **top-left** cell is `cell`, capped at
    /// [`MAX_CLEARANCE`](GridMap::MAX_CLEARANCE). 0 for a cell that is not walkable, 1 for a
    /// walkable cell with a blocked cell (or the map's edge) right, below or diagonally below
    /// right of it. An agent of `k x k` cells fits with its top-left cell at `cell` exactly
    /// when the clearance is at least `k`.
    ///
    /// The top-left cell is the anchor (rather than the centre) because agents of even size
    /// have no centre cell, and because the anchor makes clearance a one-pass recurrence that
    /// an edit changes only above and to the left of the edited cell. An agent whose position
    /// is its centre cell `(cx, cy)` has its anchor at `(cx - (k - 1) / 2, cy - (k - 1) / 2)`.
    ///
    /// ```
    /// use nav_grid::{Cell, GridMap};
    ///
    /// let mut map = GridMap::from_ascii("
    ///     ....
    ///     ....
    ///     ..@.
    /// ")?;
    /// assert_eq!(map.clearance(Cell::new(0, 0)), Some(2)); // a 3x3 square would hold (2, 2)
    /// assert_eq!(map.clearance(Cell::new(1, 1)), Some(1)); // its 2x2 square holds (2, 2)
    /// assert_eq!(map.clearance(Cell::new(2, 0)), Some(2));
    /// assert_eq!(map.clearance(Cell::new(3, 0)), Some(1)); // the map's edge
    /// assert_eq!(map.clearance(Cell::new(2, 2)), Some(0));
    /// assert_eq!(map.clearance(Cell::new(4, 0)), None);
    /// map.set_blocked(Cell::new(2, 2), false)?;
    /// assert_eq!(map.clearance(Cell::new(0, 0)), Some(3));
    /// # Ok::<(), nav_grid::GridError>(())
    /// ```
    pub fn clearance(&self, cell: Cell) -> Option<u32> {
        self.contains(cell)
            .then(|| self.clearance[self.padded_index(cell.x, cell.y)] as u32)
    }

    /// Whether an agent of `size x size` cells fits with its top-left cell at `cell` (`size`
    /// at least 1 and at most `MAX_CLEARANCE`, as the rules check); `false` off the map.
    #[inline]
    pub(crate) fn fits(&self, cell: Cell, size: u32) -> bool {
        self.contains(cell) && self.clearance[self.padded_index(cell.x, cell.y)] as u32 >= size
    }

    /// The terrain value of `cell`, if it lies on the map.
    pub fn terrain(&self, cell: Cell) -> Option<u16> {
        self.index_of(cell).map(|i| self.terrain[i])
    }

    /// The explicit blocked flag of `cell`, if it lies on the map.
    pub fn is_blocked(&self, cell: Cell) -> Option<bool> {
        self.index_of(cell).map(|i| self.blocked[i])
    }

    /// The cost multiplier of `cell`, if it lies on the map.
    pub fn cost_multiplier(&self, cell: Cell) -> Option<f64> {
        self.index_of(cell).map(|i| self.multiplier_at(i) as f64)
    }

    /// The largest walkable terrain value.
    pub fn max_walkable_terrain(&self) -> u16 {
        self.max_walkable_terrain
    }

    /// The smallest cost multiplier of any cell: the factor that keeps heuristics admissible.
    pub fn min_cost_multiplier(&self) -> f64 {
        self.multiplier_counts
            .keys()
            .next()
            .map_or(1.0, |&bits| f32::from_bits(bits) as f64)
    }

    /// The map's edit stamp: taken anew by every edit (each setter, even one that writes the
    /// value a cell already had), unique in the process. A time-sliced query
    /// ([`GridContext::begin_sliced`](crate::GridContext::begin_sliced)) compares it between
    /// steps.
    pub fn revision(&self) -> Revision {
        self.revision.0
    }

    /// Whether every cell has the same cost multiplier (the search then skips reading them).
    pub fn has_uniform_cost(&self) -> bool {
        self.multiplier_counts.len() == 1
    }

    /// Sets the terrain value of `cell`.
    pub fn set_terrain(&mut self, cell: Cell, terrain: u16) -> Result<(), GridError> {
        let index = self.checked_index(cell)?;
        self.write_cell(
            index,
            terrain,
            self.blocked[index],
            self.multiplier_at(index),
        );
        Ok(())
    }

    /// Sets or clears the explicit blocked flag of `cell`.
    pub fn set_blocked(&mut self, cell: Cell, blocked: bool) -> Result<(), GridError> {
        let index = self.checked_index(cell)?;
        self.write_cell(
            index,
            self.terrain[index],
            blocked,
            self.multiplier_at(index),
        );
        Ok(())
    }

    /// Sets the cost multiplier of `cell`: entering it costs the move's cost times
    /// `multiplier`. Refuses NaN, infinite, zero, negative values and values that `f32`
    /// (the storage type) cannot hold as a positive finite number.
    pub fn set_cost_multiplier(&mut self, cell: Cell, multiplier: f64) -> Result<(), GridError> {
        let index = self.checked_index(cell)?;
        let stored = multiplier as f32;
        if !(multiplier.is_finite() && multiplier > 0.0 && stored.is_finite() && stored > 0.0) {
            return Err(GridError::InvalidCost {
                what: "cost multiplier",
                value: multiplier,
            });
        }
        self.write_cell(index, self.terrain[index], self.blocked[index], stored);
        Ok(())
    }

    /// Sets the walkability threshold: cells whose terrain is above it become blocked. O(cells).
    pub fn set_max_walkable_terrain(&mut self, max_walkable_terrain: u16) {
        self.max_walkable_terrain = max_walkable_terrain;
        self.rebuild_walkable();
    }

    /// The one place where a single cell changes after construction: every setter goes through
    /// here, so whatever depends on cells (walkability, multiplier counts, and any per-cell data
    /// derived from walkability, such as clearance) is updated in one spot. Whole-map changes
    /// (construction, a new walkability threshold) go through `rebuild_walkable` instead.
    fn write_cell(&mut self, index: usize, terrain: u16, blocked: bool, multiplier: f32) {
        self.revision.0.bump();
        let old_multiplier = self.multiplier_at(index);
        if old_multiplier.to_bits() != multiplier.to_bits() {
            if self.multipliers.is_empty() {
                self.multipliers = vec![UNIT_MULTIPLIER; self.cell_count()];
            }
            self.multipliers[index] = multiplier;
            self.count_multiplier(old_multiplier, -1);
            self.count_multiplier(multiplier, 1);
        }
        self.terrain[index] = terrain;
        self.blocked[index] = blocked;
        let (x, y) = self.xy(index);
        let padded = self.padded_index(x, y);
        let was = self.walkable[padded] != 0;
        let now = self.walkable_rule(index);
        if was != now {
            self.walkable[padded] = now as u8;
            if now {
                self.walkable_count += 1;
            } else {
                self.walkable_count -= 1;
            }
            let padded_width = self.padded_width();
            clearance::update_after_edit(
                &self.walkable,
                &mut self.clearance,
                padded_width,
                x as usize + 1,
                y as usize + 1,
            );
            self.derived.walkability_changed(
                &self.walkable,
                padded_width,
                (x as usize + 1, y as usize + 1),
            );
        }
    }

    fn count_multiplier(&mut self, multiplier: f32, delta: i64) {
        let count = self
            .multiplier_counts
            .entry(multiplier.to_bits())
            .or_insert(0);
        *count = count.saturating_add_signed(delta);
        if *count == 0 {
            self.multiplier_counts.remove(&multiplier.to_bits());
        }
    }

    fn rebuild_walkable(&mut self) {
        self.revision.0.bump();
        self.walkable_count = 0;
        for index in 0..self.cell_count() {
            let (x, y) = self.xy(index);
            let padded = self.padded_index(x, y);
            let now = self.walkable_rule(index);
            self.walkable[padded] = now as u8;
            self.walkable_count += now as usize;
        }
        self.derived.clear();
        let padded_width = self.padded_width();
        clearance::compute_all(
            &self.walkable,
            &mut self.clearance,
            padded_width,
            self.width,
            self.height,
        );
    }

    #[inline]
    fn walkable_rule(&self, index: usize) -> bool {
        !self.blocked[index] && self.terrain[index] <= self.max_walkable_terrain
    }

    #[inline]
    fn multiplier_at(&self, index: usize) -> f32 {
        self.multipliers
            .get(index)
            .copied()
            .unwrap_or(UNIT_MULTIPLIER)
    }

    fn checked_index(&self, cell: Cell) -> Result<usize, GridError> {
        self.index_of(cell).ok_or(GridError::CellOutOfRange {
            x: cell.x as u64,
            y: cell.y as u64,
            width: self.width,
            height: self.height,
        })
    }

    #[inline]
    fn xy(&self, index: usize) -> (u32, u32) {
        (
            (index % self.width as usize) as u32,
            (index / self.width as usize) as u32,
        )
    }

    /// Row stride of the padded walkability array.
    #[inline]
    pub(crate) fn padded_width(&self) -> usize {
        self.width as usize + 2
    }

    /// Index of cell `(x, y)` in the padded walkability array.
    #[inline]
    pub(crate) fn padded_index(&self, x: u32, y: u32) -> usize {
        (y as usize + 1) * self.padded_width() + x as usize + 1
    }

    /// The padded walkability array: 1 = walkable; a border of zeros surrounds the map.
    #[inline]
    pub(crate) fn walkable_padded(&self) -> &[u8] {
        &self.walkable
    }

    /// The jump point bit grids for agents of `size` cells (1 to `MAX_CLEARANCE`), built on
    /// first use and kept until an edit changes them.
    pub(crate) fn jump_bits(&self, size: u32) -> &JumpBits {
        self.derived.bits(size, || {
            let fits = if size <= 1 {
                &self.walkable
            } else {
                &self.clearance
            };
            JumpBits::build(fits, self.padded_width(), size as u8)
        })
    }

    /// The preprocessed jump table for agents of `size` cells under free diagonals (`free`)
    /// or without corner cutting, built on first use and kept up to date by edits.
    pub(crate) fn jump_table(&self, size: u32, free: bool) -> &JumpTable {
        self.derived.table(size, free, || {
            let fits = if size <= 1 {
                &self.walkable
            } else {
                &self.clearance
            };
            JumpTable::build(fits, self.padded_width(), size as u8, free)
        })
    }

    /// Builds ahead of time what queries under `rules` for agents of `agent_size` cells
    /// derive from the map on first use, so that no query pays for it: the connected
    /// components of the rules' moves (4 bytes per cell), and for jump point search the bit
    /// grids (2 bits per cell) or, for [`SearchMode::JumpPointsPlus`](crate::SearchMode::JumpPointsPlus),
    /// the jump table: 8 jump distances of 2 bytes per cell, 16 bytes per cell (of the map
    /// with a one-cell border) per agent size and diagonal rule, about 4 MiB for 512 x 512.
    /// Returns whether something was built (`false`: it all existed already). Safe to call
    /// from several threads; queries running at the same time wait for it.
    ///
    /// Building is O(cells): a table for 512 x 512 cells takes a few milliseconds. Edits keep
    /// what was built correct: a cell whose walkability changes updates the one-cell jump
    /// table in place (the three rows and columns through the cell, and the diagonal entries
    /// that lead to the changed ones: O(width + height) for most edits), while the tables and
    /// bit grids of larger agents are dropped and rebuilt by the next query for that size
    /// (or the next `prepare`). A new walkability threshold
    /// ([`set_max_walkable_terrain`](GridMap::set_max_walkable_terrain)) drops everything.
    ///
    /// Errors: an agent size of 0 or above [`GridQuery::MAX_AGENT_SIZE`](crate::GridQuery::MAX_AGENT_SIZE).
    ///
    /// ```
    /// use nav_grid::{Cell, GridContext, GridMap, GridQuery, GridRules, SearchMode};
    ///
    /// let mut map = GridMap::new(512, 512)?;
    /// let rules = GridRules::moving_ai().with_search(SearchMode::JumpPointsPlus).compile()?;
    /// assert!(map.prepare(&rules, 1)?); // built now, not by the first query
    /// assert!(!map.prepare(&rules, 1)?);
    /// let mut ctx = GridContext::new();
    /// let query = GridQuery::new(Cell::new(0, 0), Cell::new(511, 300));
    /// let cost = ctx.find_path(&map, &rules, &query)?.cost();
    /// map.set_blocked(Cell::new(300, 300), true)?; // the table follows the edit
    /// assert!(ctx.find_path(&map, &rules, &query)?.cost() >= cost);
    /// # Ok::<(), nav_grid::GridError>(())
    /// ```
    pub fn prepare(&self, rules: &CompiledRules, agent_size: u32) -> Result<bool, GridError> {
        crate::GridQuery::new(Cell::new(0, 0), Cell::new(0, 0))
            .with_agent_size(agent_size)
            .check()?;
        let mut built = false;
        if let Some(connectivity) = Connectivity::of(rules.moves.neighbourhood) {
            built |= !self.derived.has_components(agent_size, connectivity);
            // Any two cells: the call labels the map.
            self.connected(Cell::new(0, 0), Cell::new(0, 0), agent_size, connectivity);
        }
        if self.has_uniform_cost() {
            match rules.jumping() {
                Some((free, true)) => {
                    built |= !self.derived.has_table(agent_size, free);
                    self.jump_table(agent_size, free);
                }
                Some((_, false)) => {
                    built |= !self.derived.has_bits(agent_size);
                    self.jump_bits(agent_size);
                }
                None => {}
            }
        }
        Ok(built)
    }

    /// Whether an agent of `size` cells that fits at both `a` and `b` (cells of the map) can
    /// move from one to the other under `connectivity`. The first call per size and
    /// connectivity after construction or an edit of walkability labels the map (O(cells));
    /// later calls are O(1).
    pub(crate) fn connected(
        &self,
        a: Cell,
        b: Cell,
        size: u32,
        connectivity: Connectivity,
    ) -> bool {
        self.connected_if_labelled(a, b, size, connectivity, true)
            .unwrap_or(true)
    }

    /// [`connected`](GridMap::connected) when the labels exist or `label` asks to make them;
    /// `None` otherwise.
    pub(crate) fn connected_if_labelled(
        &self,
        a: Cell,
        b: Cell,
        size: u32,
        connectivity: Connectivity,
        label: bool,
    ) -> Option<bool> {
        if !label && !self.derived.has_components(size, connectivity) {
            return None;
        }
        let components = self.derived.components(size, connectivity, || {
            let fits = if size <= 1 {
                &self.walkable
            } else {
                &self.clearance
            };
            Components::label(fits, self.padded_width(), size as u8, connectivity)
        });
        Some(components.connected(self.padded_index(a.x, a.y), self.padded_index(b.x, b.y)))
    }

    /// The padded clearance array, with the same indices as
    /// [`walkable_padded`](GridMap::walkable_padded); 0 on the border.
    #[inline]
    pub(crate) fn clearance_padded(&self) -> &[u8] {
        &self.clearance
    }

    /// Per-cell multipliers, or `None` while every cell has multiplier 1.
    #[inline]
    pub(crate) fn multipliers(&self) -> Option<&[f32]> {
        (!self.multipliers.is_empty()).then_some(self.multipliers.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absurd_sizes_are_refused_without_allocating() {
        assert!(matches!(
            GridMap::new(1_000_000_000, 1_000_000_000),
            Err(GridError::InvalidSize { .. })
        ));
        assert!(GridMap::new(0, 5).is_err());
        assert!(GridMap::new(5, 0).is_err());
        assert!(GridMap::new(GridMap::MAX_SIDE, GridMap::MAX_SIDE).is_err());
        assert!(GridMap::new(GridMap::MAX_SIDE + 1, 1).is_err());
        assert!(GridMap::new(GridMap::MAX_SIDE, 4).is_ok());
    }

    #[test]
    fn wrong_buffer_lengths_are_refused() {
        assert!(matches!(
            GridMap::from_terrain(3, 3, vec![0; 8], 0),
            Err(GridError::WrongCellCount {
                actual: 8,
                expected: 9,
                ..
            })
        ));
        assert!(GridMap::from_walkable(2, 2, &[true; 5]).is_err());
    }

    #[test]
    fn walkability_follows_terrain_threshold_and_blocked_flag() {
        let mut map = GridMap::from_terrain(2, 2, vec![0, 1, 2, 3], 1).unwrap();
        assert_eq!(map.walkable_count(), 2);
        assert!(map.is_walkable(Cell::new(1, 0)));
        assert!(!map.is_walkable(Cell::new(0, 1)));
        map.set_max_walkable_terrain(2);
        assert!(map.is_walkable(Cell::new(0, 1)));
        assert_eq!(map.walkable_count(), 3);
        map.set_blocked(Cell::new(0, 0), true).unwrap();
        assert!(!map.is_walkable(Cell::new(0, 0)));
        assert_eq!(map.terrain(Cell::new(0, 0)), Some(0));
        assert_eq!(map.walkable_count(), 2);
        assert!(
            !map.is_walkable(Cell::new(2, 0)),
            "outside is never walkable"
        );
        assert!(map.set_blocked(Cell::new(2, 0), true).is_err());
        assert!(map.set_terrain(Cell::new(0, 9), 0).is_err());
    }

    #[test]
    fn min_multiplier_tracks_changes() {
        let mut map = GridMap::new(3, 1).unwrap();
        assert!(map.has_uniform_cost());
        assert_eq!(map.min_cost_multiplier(), 1.0);
        map.set_cost_multiplier(Cell::new(0, 0), 0.5).unwrap();
        map.set_cost_multiplier(Cell::new(1, 0), 3.0).unwrap();
        assert_eq!(map.min_cost_multiplier(), 0.5);
        assert!(!map.has_uniform_cost());
        map.set_cost_multiplier(Cell::new(0, 0), 2.0).unwrap();
        assert_eq!(map.min_cost_multiplier(), 1.0);
        map.set_cost_multiplier(Cell::new(2, 0), 2.0).unwrap();
        assert_eq!(map.min_cost_multiplier(), 2.0);
        assert_eq!(map.cost_multiplier(Cell::new(1, 0)), Some(3.0));
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e300, 1e-300] {
            assert!(
                map.set_cost_multiplier(Cell::new(0, 0), bad).is_err(),
                "{bad}"
            );
        }
        assert_eq!(map.cost_multiplier(Cell::new(0, 0)), Some(2.0));
    }
}
