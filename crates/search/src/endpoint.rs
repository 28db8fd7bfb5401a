//! Which end of a path query something is about.

use std::fmt;

/// The start or the goal of a path query: what an error about a refused point names.
///
/// Shared by every navigator (tile grids, agents, circle worlds) so that their errors speak of
/// the same two ends. `Display` prints `start` or `goal`.
///
/// ```
/// use nav_search::Endpoint;
/// assert_eq!(Endpoint::Goal.to_string(), "goal");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// The point the path starts from.
    Start,
    /// The point the path leads to.
    Goal,
}

impl Endpoint {
    /// `"start"` or `"goal"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Endpoint::Start => "start",
            Endpoint::Goal => "goal",
        }
    }
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
