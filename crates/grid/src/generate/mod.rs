//! Seeded map generators for demos, tests and benchmarks.
//!
//! Every generator is deterministic: the same size, parameters and seed give the same map on
//! every run and platform (an xoshiro256++ sequence from `rand_xoshiro`, seeded by the `u64`
//! seed). Blocked cells get
//! terrain `@` and open cells `.`, so [`movingai::write_map`](crate::movingai::write_map) writes
//! them as a Moving AI map.
//!
//! ```
//! use nav_grid::generate::{MapGenerator, MapKind};
//!
//! let caves = MapGenerator::new(MapKind::Caves, 64, 48).with_seed(7).generate()?;
//! assert_eq!((caves.width(), caves.height()), (64, 48));
//! let again = MapGenerator::new(MapKind::Caves, 64, 48).with_seed(7).generate()?;
//! assert_eq!(caves, again);
//! # Ok::<(), nav_grid::GridError>(())
//! ```

mod caves;
mod maze;
mod random_fill;
mod rng;
mod rooms;

pub use caves::caves;
pub use maze::maze;
pub use random_fill::random_fill;
use rng::MapRng;
pub use rooms::rooms;

use crate::error::GridError;
use crate::map::GridMap;

/// The kinds of maps the generators make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapKind {
    /// Each cell blocked with probability `fill` ([`random_fill`](fn@random_fill); the world generator of
    /// a JavaScript tile-map A* tutorial).
    Random,
    /// Cellular-automaton caves, one connected open region ([`caves`](fn@caves)).
    Caves,
    /// A grid of rooms joined by doors ([`rooms`](fn@rooms)).
    Rooms,
    /// A perfect maze of one-cell corridors ([`maze`](fn@maze)).
    Maze,
}

impl MapKind {
    /// The name the CLI uses: `random`, `caves`, `rooms` or `maze`.
    pub fn name(self) -> &'static str {
        match self {
            MapKind::Random => "random",
            MapKind::Caves => "caves",
            MapKind::Rooms => "rooms",
            MapKind::Maze => "maze",
        }
    }

    /// The fill used when none is given: 0.25 for random maps (as a JavaScript tile-map A*
    /// tutorial's generator, a quarter of the tiles), 0.45 for caves; the other kinds ignore the
    /// fill.
    pub fn default_fill(self) -> f64 {
        match self {
            MapKind::Random => 0.25,
            MapKind::Caves => 0.45,
            MapKind::Rooms | MapKind::Maze => 0.0,
        }
    }
}

impl std::fmt::Display for MapKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for MapKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        [
            MapKind::Random,
            MapKind::Caves,
            MapKind::Rooms,
            MapKind::Maze,
        ]
        .into_iter()
        .find(|k| k.name() == s)
        .ok_or_else(|| format!("unknown map kind '{s}' (expected random, caves, rooms or maze)"))
    }
}

/// One generator call, with its parameters (what `nav gen` takes on its command line).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapGenerator {
    /// The kind of map.
    pub kind: MapKind,
    /// Width in cells.
    pub width: u32,
    /// Height in cells.
    pub height: u32,
    /// Blocked fraction for random maps, initial wall fraction for caves;
    /// `None`: [`MapKind::default_fill`].
    pub fill: Option<f64>,
    /// The seed.
    pub seed: u64,
}

impl MapGenerator {
    /// A generator with the default fill and seed 0.
    pub fn new(kind: MapKind, width: u32, height: u32) -> Self {
        Self {
            kind,
            width,
            height,
            fill: None,
            seed: 0,
        }
    }

    /// Sets [`fill`](MapGenerator::fill).
    pub fn with_fill(mut self, fill: f64) -> Self {
        self.fill = Some(fill);
        self
    }

    /// Sets [`seed`](MapGenerator::seed).
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Makes the map.
    pub fn generate(&self) -> Result<GridMap, GridError> {
        let fill = self.fill.unwrap_or(self.kind.default_fill());
        match self.kind {
            MapKind::Random => random_fill(self.width, self.height, fill, self.seed),
            MapKind::Caves => caves(self.width, self.height, fill, self.seed),
            MapKind::Rooms => rooms(self.width, self.height, self.seed),
            MapKind::Maze => maze(self.width, self.height, self.seed),
        }
    }
}

/// Checks a fill fraction.
fn check_fill(fill: f64) -> Result<(), GridError> {
    if (0.0..=1.0).contains(&fill) {
        Ok(())
    } else {
        Err(GridError::InvalidGeneratorParameter {
            name: "fill",
            value: fill,
            reason: "a fraction from 0 to 1",
        })
    }
}

/// Builds a map from blocked flags, with `@` and `.` as terrain.
fn map_from_blocked(width: u32, height: u32, blocked: Vec<bool>) -> GridMap {
    let terrain = blocked
        .iter()
        .map(|&b| if b { b'@' as u16 } else { b'.' as u16 })
        .collect();
    GridMap::assemble(width, height, terrain, blocked, u16::MAX)
}
