//! The query value: start, goal, the agent's radius and step, heuristic, own obstacle, limits.

use nav_geom::Vec2;
use nav_search::Limits;

use crate::{Agent, AgentHeuristic, ObstacleHandle};

/// One path query for [`AgentContext::find_path`](crate::AgentContext::find_path): where from,
/// where to, for which agent, within which [`Limits`].
///
/// The agent's size belongs to the query, not to the world: one world serves agents of every
/// radius. Start from [`AgentQuery::new`] (a point agent, radius 0, walking a lattice of
/// [`DEFAULT_STEP`](AgentQuery::DEFAULT_STEP), octile heuristic, no limits) and set what
/// differs, or copy an [`Agent`]'s settings with [`with_agent`](AgentQuery::with_agent).
/// Values are checked when the query runs (see the errors of
/// [`find_path`](crate::AgentContext::find_path)).
///
/// ```
/// use nav_agent::{AgentHeuristic, AgentQuery, Vec2};
/// use nav_search::Limits;
///
/// let query = AgentQuery::new(Vec2::new(1.0, 1.0), Vec2::new(9.0, 4.0))
///     .with_radius(0.5)
///     .with_step(0.25)
///     .with_heuristic(AgentHeuristic::Euclidean)
///     .with_limits(Limits::default().with_max_expanded(10_000));
/// assert_eq!((query.radius(), query.step()), (0.5, 0.25));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AgentQuery {
    start: Vec2,
    goal: Vec2,
    radius: f32,
    step: f32,
    heuristic: AgentHeuristic,
    own_obstacle: Option<ObstacleHandle>,
    limits: Limits,
}

impl AgentQuery {
    /// The lattice step of a new query, in world units.
    pub const DEFAULT_STEP: f32 = 1.0;

    /// A query from `start` to `goal` for a point agent (radius 0) walking a lattice of
    /// [`DEFAULT_STEP`](AgentQuery::DEFAULT_STEP), with the default heuristic, no own obstacle
    /// and unbounded [`Limits`].
    pub fn new(start: Vec2, goal: Vec2) -> Self {
        Self {
            start,
            goal,
            radius: 0.0,
            step: Self::DEFAULT_STEP,
            heuristic: AgentHeuristic::default(),
            own_obstacle: None,
            limits: Limits::default(),
        }
    }

    /// The same query for `agent`: its radius, step, heuristic and own obstacle.
    pub fn with_agent(mut self, agent: &Agent) -> Self {
        self.radius = agent.radius();
        self.step = agent.step();
        self.heuristic = agent.heuristic();
        self.own_obstacle = agent.own_obstacle();
        self
    }

    /// Sets the agent's radius (0 is a point agent).
    pub fn with_radius(mut self, radius: f32) -> Self {
        self.radius = radius;
        self
    }

    /// Sets the lattice step.
    pub fn with_step(mut self, step: f32) -> Self {
        self.step = step;
        self
    }

    /// Sets the heuristic.
    pub fn with_heuristic(mut self, heuristic: AgentHeuristic) -> Self {
        self.heuristic = heuristic;
        self
    }

    /// Makes the query ignore the obstacle `handle` (the agent itself), or none.
    pub fn with_own_obstacle(mut self, handle: Option<ObstacleHandle>) -> Self {
        self.own_obstacle = handle;
        self
    }

    /// Sets the limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The start point.
    pub fn start(&self) -> Vec2 {
        self.start
    }

    /// The goal point.
    pub fn goal(&self) -> Vec2 {
        self.goal
    }

    /// The agent's radius.
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// The lattice step.
    pub fn step(&self) -> f32 {
        self.step
    }

    /// The heuristic.
    pub fn heuristic(&self) -> AgentHeuristic {
        self.heuristic
    }

    /// The obstacle the query ignores, if any.
    pub fn own_obstacle(&self) -> Option<ObstacleHandle> {
        self.own_obstacle
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}
