//! Random fill (the world generator of a JavaScript tile-map A* tutorial with a canvas demo).

use super::{MapRng, check_fill, map_from_blocked};
use crate::error::GridError;
use crate::map::GridMap;

/// A map whose cells are blocked independently with probability `fill` (0 to 1).
///
/// ```
/// let map = nav_grid::generate::random_fill(100, 100, 0.25, 1)?;
/// let blocked = map.cell_count() - map.walkable_count();
/// assert!((2000..3000).contains(&blocked));
/// # Ok::<(), nav_grid::GridError>(())
/// ```
pub fn random_fill(width: u32, height: u32, fill: f64, seed: u64) -> Result<GridMap, GridError> {
    let (width, height) = GridMap::check_size(width as u64, height as u64)?;
    check_fill(fill)?;
    let mut rng = MapRng::new(seed);
    let blocked = (0..width as usize * height as usize)
        .map(|_| rng.chance(fill))
        .collect();
    Ok(map_from_blocked(width, height, blocked))
}
