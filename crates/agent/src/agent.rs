//! The agent: its size, its step, its heuristic and the obstacle that is itself.

use glam::DVec2;

use crate::{AgentError, ObstacleHandle};

/// The heuristic an agent's search uses, in world units (edge costs are Euclidean lengths).
///
/// For moves along the lattice (straight steps and diagonal steps of the agent's step size),
/// all three are admissible and consistent, so the lattice path is the cheapest one; they
/// differ in how many nodes the search expands. The first and last edges (from the exact start
/// point and to the exact goal point) run in any direction: there [`Octile`](Heuristic::Octile)
/// and [`Diagonal`](Heuristic::Diagonal) may overestimate by up to 8% of one step, which can
/// only make the raw path longer than the cheapest one by that much.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Heuristic {
    /// Seed 000's diagonal distance with costs 10 (straight) and 14 (diagonal),
    /// `14 * min(dx, dy) + 10 * (max - min)`, divided by 10 so that a straight step of length 1
    /// costs 1 like the Euclidean edges. It prices a diagonal at 1.4 instead of 1.414, so it is
    /// slightly below [`Octile`](Heuristic::Octile).
    Diagonal,
    /// `sqrt(2) * min(dx, dy) + (max - min)`: the exact cost of the cheapest lattice path on open
    /// ground, so the tightest of the three and the one that expands the fewest nodes.
    #[default]
    Octile,
    /// Straight-line distance: admissible for every edge, including the first and last.
    Euclidean,
}

impl Heuristic {
    /// The estimate from `a` to `b`.
    #[inline]
    pub fn estimate(self, a: DVec2, b: DVec2) -> f64 {
        let d = (a - b).abs();
        let (lo, hi) = if d.x < d.y { (d.x, d.y) } else { (d.y, d.x) };
        match self {
            Heuristic::Diagonal => (14.0 * lo + 10.0 * (hi - lo)) / 10.0,
            Heuristic::Octile => std::f64::consts::SQRT_2 * lo + (hi - lo),
            Heuristic::Euclidean => d.length(),
        }
    }
}

/// An agent: a disc of some radius that moves in steps of some size.
///
/// * **radius**: the agent's disc; it must fit inside the world bounds and touch no obstacle.
/// * **step**: the spacing of the lattice its searches walk on. Smaller steps find ways through
///   tighter spots and hug obstacles more closely, at the price of more nodes; seed 000 suggests
///   a step of about the grid cell size. Agents with the same radius and step share cached
///   walkability.
/// * **heuristic**: see [`Heuristic`]; [`Octile`](Heuristic::Octile) by default.
/// * **own obstacle**: when the agent is itself an obstacle of the world (so that other agents
///   avoid it), its own queries must not collide with it: seed 000's `objectRef`.
///
/// ```
/// use nav_agent::{Agent, Heuristic};
///
/// let agent = Agent::new(0.5, 0.25)?.with_heuristic(Heuristic::Euclidean);
/// assert_eq!((agent.radius(), agent.step()), (0.5, 0.25));
/// assert!(Agent::new(-1.0, 0.25).is_err());
/// assert!(Agent::new(0.5, f32::NAN).is_err());
/// # Ok::<(), nav_agent::AgentError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Agent {
    radius: f32,
    step: f32,
    heuristic: Heuristic,
    own_obstacle: Option<ObstacleHandle>,
}

impl Agent {
    /// An agent of `radius` that walks in steps of `step`, with the default heuristic and no
    /// own obstacle.
    ///
    /// # Errors
    /// [`AgentError::InvalidRadius`] or [`AgentError::InvalidStep`] unless both are finite and
    /// greater than 0.
    pub fn new(radius: f32, step: f32) -> Result<Self, AgentError> {
        if !(radius.is_finite() && radius > 0.0) {
            return Err(AgentError::InvalidRadius { radius });
        }
        if !(step.is_finite() && step > 0.0) {
            return Err(AgentError::InvalidStep { step });
        }
        Ok(Self {
            radius,
            step,
            heuristic: Heuristic::default(),
            own_obstacle: None,
        })
    }

    /// The same agent with another heuristic.
    pub fn with_heuristic(mut self, heuristic: Heuristic) -> Self {
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
    pub fn heuristic(&self) -> Heuristic {
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
        assert!((Heuristic::Diagonal.estimate(a, b) - 2.4).abs() < 1e-12);
        assert!((Heuristic::Octile.estimate(a, b) - (1.0 + 2f64.sqrt())).abs() < 1e-12);
        assert!((Heuristic::Euclidean.estimate(a, b) - 5f64.sqrt()).abs() < 1e-12);
        // Symmetric, and zero at the goal.
        for h in [Heuristic::Diagonal, Heuristic::Octile, Heuristic::Euclidean] {
            assert_eq!(h.estimate(a, b), h.estimate(b, a));
            assert_eq!(h.estimate(b, b), 0.0);
        }
    }

    #[test]
    fn bad_sizes_are_refused() {
        for bad in [0.0, -1.0, f32::NAN, f32::INFINITY, -0.0] {
            assert!(matches!(
                Agent::new(bad, 1.0),
                Err(AgentError::InvalidRadius { .. })
            ));
            assert!(matches!(
                Agent::new(1.0, bad),
                Err(AgentError::InvalidStep { .. })
            ));
        }
        assert!(Agent::new(f32::MIN_POSITIVE, 1e30).is_ok());
    }
}
