//! What a query returns: the smoothed path, the raw lattice path, the outcome.

use nav_geom::Vec2;
use nav_search::{PathOutcome, PathStatus};

/// The latest answer of an [`AgentContext`](crate::AgentContext) in full: a status, the
/// smoothed path, the raw lattice path, and what the search cost
/// ([`AgentContext::last_path`](crate::AgentContext::last_path)).
///
/// The points are empty unless the path was found or a partial path was asked for and exists.
/// A found path starts at the exact start point and ends at the exact goal point; a partial one
/// starts at the start and ends at a lattice node.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentPath {
    pub(crate) status: PathStatus,
    pub(crate) points: Vec<Vec2>,
    pub(crate) raw_points: Vec<Vec2>,
    pub(crate) expanded: usize,
    pub(crate) partial: bool,
}

impl Default for AgentPath {
    fn default() -> Self {
        Self {
            status: PathStatus::NoPath,
            points: Vec::new(),
            raw_points: Vec::new(),
            expanded: 0,
            partial: false,
        }
    }
}

impl AgentPath {
    /// An empty answer (status [`PathStatus::NoPath`]).
    pub fn new() -> Self {
        Self::default()
    }

    pub(crate) fn reset(&mut self, status: PathStatus) {
        self.status = status;
        self.points.clear();
        self.raw_points.clear();
        self.expanded = 0;
        self.partial = false;
    }

    /// How the query ended.
    pub fn status(&self) -> PathStatus {
        self.status
    }

    /// Whether a path to the goal was found.
    pub fn is_found(&self) -> bool {
        self.status == PathStatus::Found
    }

    /// Whether the points are a partial path (the goal was not reached).
    pub fn is_partial(&self) -> bool {
        self.partial
    }

    /// The smoothed path: the raw path after string pulling. Each segment is collision-free for
    /// the agent's disc (swept test), and it is never longer than the raw path.
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// The path as the search found it: the start, lattice nodes one step apart (straight or
    /// diagonal), and the goal.
    pub fn raw_points(&self) -> &[Vec2] {
        &self.raw_points
    }

    /// Length of the smoothed path (0 when empty).
    pub fn length(&self) -> f64 {
        polyline_length(&self.points)
    }

    /// Length of the raw path (0 when empty).
    pub fn raw_length(&self) -> f64 {
        polyline_length(&self.raw_points)
    }

    /// Lattice nodes the search expanded (0 when the query ended before searching).
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// The summary in the words every navigator uses; its cost is the smoothed
    /// [`length`](AgentPath::length).
    pub fn outcome(&self) -> PathOutcome {
        PathOutcome {
            status: self.status,
            cost: self.length(),
            expanded: self.expanded,
            partial: self.partial,
        }
    }
}

/// Sum of the segment lengths, in f64; 0.0 (not the -0.0 of an empty `sum`) when there are
/// none.
pub(crate) fn polyline_length(points: &[Vec2]) -> f64 {
    points.windows(2).fold(0.0, |sum, w| {
        sum + w[0].as_dvec2().distance(w[1].as_dvec2())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_path_has_length_plus_zero() {
        let path = AgentPath::new();
        assert_eq!(path.length().to_bits(), 0.0f64.to_bits());
        assert_eq!(path.raw_length().to_bits(), 0.0f64.to_bits());
        assert_eq!(polyline_length(&[Vec2::ONE]).to_bits(), 0.0f64.to_bits());
    }
}
