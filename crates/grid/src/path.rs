//! Paths and movement budgets.

use crate::cell::Cell;
use crate::error::GridError;

/// A path over a grid: cells from start to goal inclusive, with the cost of reaching each.
///
/// ```
/// use nav_grid::{Cell, GridContext, GridMap, GridQuery, GridRules, Moves};
///
/// let map = GridMap::new(10, 1)?;
/// let mut ctx = GridContext::new();
/// let rules = GridRules::default().with_moves(Moves::Four).compile()?;
/// ctx.find_path(&map, &rules, &GridQuery::new(Cell::new(0, 0), Cell::new(9, 0)))?;
/// let mut path = ctx.to_path();
/// assert_eq!(path.cost(), 9.0);
/// // A unit that may move 6 per turn gets this far this turn (a turn-based movement budget).
/// path.cut_to_budget(6.0)?;
/// assert_eq!(path.cells().last(), Some(&Cell::new(6, 0)));
/// assert_eq!(path.cost(), 6.0);
/// # Ok::<(), nav_grid::GridError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GridPath {
    cells: Vec<Cell>,
    costs: Vec<f64>,
}

impl GridPath {
    /// A path from cells and the cost from the start to each (same lengths, costs starting at
    /// 0 and never decreasing; the context guarantees this).
    pub(crate) fn from_parts(cells: Vec<Cell>, costs: Vec<f64>) -> Self {
        debug_assert_eq!(cells.len(), costs.len());
        Self { cells, costs }
    }

    /// The cells from start to end inclusive (empty when no path was found).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cost from the start to each cell of [`cells`](GridPath::cells).
    pub fn costs(&self) -> &[f64] {
        &self.costs
    }

    /// Total cost (0 for an empty or one-cell path).
    pub fn cost(&self) -> f64 {
        self.costs.last().copied().unwrap_or(0.0)
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the path has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The longest prefix whose cost stays within `budget` (see
    /// [`cut_to_budget`](GridPath::cut_to_budget)).
    pub fn within_budget(&self, budget: f64) -> Result<&[Cell], GridError> {
        let n = prefix_within_budget(&self.costs, budget)?;
        Ok(&self.cells[..n])
    }

    /// Cuts the path to the longest prefix whose cost is at most `budget` (a unit that moves
    /// so far per turn). The start always stays; a budget of infinity keeps everything; NaN and
    /// negative budgets are refused. Returns whether cells were removed.
    pub fn cut_to_budget(&mut self, budget: f64) -> Result<bool, GridError> {
        let n = prefix_within_budget(&self.costs, budget)?;
        let cut = n < self.cells.len();
        self.cells.truncate(n);
        self.costs.truncate(n);
        Ok(cut)
    }
}

/// How many leading entries of the non-decreasing `costs` are within `budget`.
///
/// A relative slack of 1e-12 absorbs summation error (three steps of 0.1 fit a budget of 0.3).
pub(crate) fn prefix_within_budget(costs: &[f64], budget: f64) -> Result<usize, GridError> {
    if budget.is_nan() || budget < 0.0 {
        return Err(GridError::InvalidBudget { value: budget });
    }
    let limit = budget + budget * 1e-12;
    Ok(costs.partition_point(|&c| c <= limit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets() {
        let costs = [0.0, 1.0, 2.5, 4.0];
        assert_eq!(prefix_within_budget(&costs, 0.0), Ok(1));
        assert_eq!(prefix_within_budget(&costs, 2.4), Ok(2));
        assert_eq!(prefix_within_budget(&costs, 2.5), Ok(3));
        assert_eq!(prefix_within_budget(&costs, f64::INFINITY), Ok(4));
        assert!(prefix_within_budget(&costs, -1.0).is_err());
        assert!(prefix_within_budget(&costs, f64::NAN).is_err());
        assert_eq!(prefix_within_budget(&[], 3.0), Ok(0));
        // 0.1 + 0.1 + 0.1 is 0.30000000000000004: three steps of 0.1 fit a budget of 0.3.
        let tenths = [0.0, 0.1, 0.1 + 0.1, 0.1 + 0.1 + 0.1];
        assert!(tenths[3] > 0.3);
        assert_eq!(prefix_within_budget(&tenths, 0.3), Ok(4));
    }
}
