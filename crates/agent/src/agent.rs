//! The agent: its size, its step, its heuristic and the obstacle that is itself.

use glam::DVec2;

use crate::{AgentError, ObstacleHandle};

/// The heuristic an agent's search uses, in world units (edge costs are Euclidean lengths).
///
/// For moves along the lattice (straight steps and diagonal steps of the agent's step size),
/// all three are admissible and consistent, so the lattice path is the cheapest one; they
/// differ in how many nodes the search expands. The first and last edges (from the exact start
/// point and to the exact goal point) run in any direction: there [`Octile`](AgentHeuristic::Octile)
/// and [`IntegerOctile`](AgentHeuristic::IntegerOctile) may overestimate by up to 8% of one step, which can
/// only make the raw path longer than the cheapest one by that much.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AgentHeuristic {
    /// Octile distance with the integer costs 10 (straight) and 14 (diagonal) of the agent-radius
    /// lattice over a spatial hash (a Kotlin NavGrid article),
    /// `14 * min(dx, dy) + 10 * (max - min)`, divided by 10 so that a straight step of length 1
    /// costs 1 like the Euclidean edges. It prices a diagonal at 1.4 instead of 1.414, so it is
    /// slightly below [`Octile`](AgentHeuristic::Octile). (Not the grid's Chebyshev distance,
    /// which prices a diagonal at 1.)
    IntegerOctile,
    /// `sqrt(2) * min(dx, dy) + (max - min)`: the exact cost of the cheapest lattice path on open
    /// ground, so the tightest of the three and the one that expands the fewest nodes.
    #[default]
    Octile,
    /// Straight-line distance: admissible for every edge, including the first and last.
    Euclidean,
}

impl AgentHeuristic {
    /// The estimate from `a` to `b`.
    #[inline]
    pub fn estimate(self, a: DVec2, b: DVec2) -> f64 {
        let d = (a - b).abs();
        let (lo, hi) = if d.x < d.y { (d.x, d.y) } else { (d.y, d.x) };
        match self {
            AgentHeuristic::IntegerOctile => (14.0 * lo + 10.0 * (hi - lo)) / 10.0,
            AgentHeuristic::Octile => std::f64::consts::SQRT_2 * lo + (hi - lo),
            AgentHeuristic::Euclidean => d.length(),
        }
    }
}

/// An agent: a disc of some radius that moves in steps of some size, to be used by queries
/// through [`AgentQuery::with_agent`](crate::AgentQuery::with_agent).
///
/// * **radius**: the agent's disc; it must fit inside the world bounds and overlap no obstacle
///   (touching is allowed). Radius 0 is a point agent.
/// * **step**: the spacing of the lattice its searches walk on. Smaller steps find ways through
///   tighter spots and hug obstacles more closely, at the price of more nodes; a step of about
///   the spatial hash's cell size is a good start. Agents with the same radius and step share cached
///   walkability.
/// * **heuristic**: see [`AgentHeuristic`]; [`Octile`](AgentHeuristic::Octile) by default.
/// * **own obstacle**: when the agent is itself an obstacle of the world (so that other agents
///   avoid it), its own queries must not collide with it.
///
/// ```
/// use nav_agent::{Agent, AgentHeuristic};
///
/// let agent = Agent::new(0.5, 0.25)?.with_heuristic(AgentHeuristic::Euclidean);
/// assert_eq!((agent.radius(), agent.step()), (0.5, 0.25));
/// assert!(Agent::new(-1.0, 0.25).is_err());
/// assert!(Agent::new(0.0, 0.25).is_ok()); // a point agent
/// assert!(Agent::new(0.5, f32::NAN).is_err());
/// # Ok::<(), nav_agent::AgentError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Agent {
    radius: f32,
    step: f32,
    heuristic: AgentHeuristic,
    own_obstacle: Option<ObstacleHandle>,
}

impl Agent {
    /// An agent of `radius` that walks in steps of `step`, with the default heuristic and no
    /// own obstacle.
    ///
    /// # Errors
    /// [`AgentError::InvalidRadius`] unless the radius is finite and >= 0 (0 is a point agent),
    /// [`AgentError::InvalidStep`] unless the step is finite and greater than 0.
    pub fn new(radius: f32, step: f32) -> Result<Self, AgentError> {
        if !(radius.is_finite() && radius >= 0.0) {
            return Err(AgentError::InvalidRadius { radius });
        }
        if !(step.is_finite() && step > 0.0) {
            return Err(AgentError::InvalidStep { step });
        }
        Ok(Self {
            // -0.0 becomes 0.0, so that equal radii share a cache.
            radius: radius + 0.0,
            step,
            heuristic: AgentHeuristic::default(),
            own_obstacle: None,
        })
    }

    /// The same agent with another heuristic.
    pub fn with_heuristic(mut self, heuristic: AgentHeuristic) -> Self {
        self.heuristic = heuristic;
        self
    }

    /// The same agent, whose queries ignore the obstacle `handle` (the agent itself).
    pub fn with_own_obstacle(mut self, handle: ObstacleHandle) -> Self {
        self.own_obstacle = Some(handle);
        self
    }

    /// The same agent with no own obstacle.
    pub fn without_own_obstacle(mut self) -> Self {
        self.own_obstacle = None;
        self
    }

    /// The agent's radius.
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// The agent's step size (lattice spacing).
    pub fn step(&self) -> f32 {
        self.step
    }

    /// The agent's heuristic.
    pub fn heuristic(&self) -> AgentHeuristic {
        self.heuristic
    }

    /// The obstacle the agent's queries ignore, if any.
    pub fn own_obstacle(&self) -> Option<ObstacleHandle> {
        self.own_obstacle
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heuristics_on_a_knight_move() {
        let (a, b) = (DVec2::ZERO, DVec2::new(2.0, 1.0));
        assert!((AgentHeuristic::IntegerOctile.estimate(a, b) - 2.4).abs() < 1e-12);
        assert!((AgentHeuristic::Octile.estimate(a, b) - (1.0 + 2f64.sqrt())).abs() < 1e-12);
        assert!((AgentHeuristic::Euclidean.estimate(a, b) - 5f64.sqrt()).abs() < 1e-12);
        // Symmetric, and zero at the goal.
        for h in [
            AgentHeuristic::IntegerOctile,
            AgentHeuristic::Octile,
            AgentHeuristic::Euclidean,
        ] {
            assert_eq!(h.estimate(a, b), h.estimate(b, a));
            assert_eq!(h.estimate(b, b), 0.0);
        }
    }

    #[test]
    fn bad_sizes_are_refused() {
        for bad in [-1.0, f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            assert!(matches!(
                Agent::new(bad, 1.0),
                Err(AgentError::InvalidRadius { .. })
            ));
        }
        // A point agent is legal; -0.0 is 0.
        assert_eq!(Agent::new(0.0, 1.0).unwrap().radius(), 0.0);
        assert!(Agent::new(-0.0, 1.0).is_ok());
        for bad in [0.0, -1.0, f32::NAN, f32::INFINITY, -0.0] {
            assert!(matches!(
                Agent::new(1.0, bad),
                Err(AgentError::InvalidStep { .. })
            ));
        }
        assert!(Agent::new(f32::MIN_POSITIVE, 1e30).is_ok());
    }
}
