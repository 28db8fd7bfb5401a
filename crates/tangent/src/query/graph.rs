//! The tangent visibility graph as nav-search sees it, discovered while it is searched.
//!
//! Nodes are oriented arrivals: "the path arrives on circle `F` at this point by this surfing
//! edge and goes on circling `F` in this direction" (Red Blob Games' oriented nodes, cusp culling).
//! A node's identity is the surfing edge that reaches it: (source circle, target circle, turn
//! around each), so nodes are never merged by rounding coordinates. Each (circle, turn) list of
//! leaving edges is built once per query, when the search first reaches the circle turning
//! that way, and every edge of it gets the node id `FIRST_ENTRY + index` on the spot: no hash
//! map is needed.
//!
//! Expanding an arrival on `F` at angle `α` turning `t` yields, for every edge leaving `F`
//! turning `t` (which is what cusp culling keeps), the hugging arc from `α` to the edge's
//! departure angle followed by the edge: cost `radius × sweep + length`, where the sweep is
//! measured in direction `t` within `[0, 2π)`. Arcs that run into a crossing circle are
//! dropped.

use nav_search::{Graph, NodeId, Successors};
use nav_spatial::SpatialIndex;

use crate::CircleWorld;
use crate::geometry::{ANGLE_SLACK, angle_of, arc_sweep, magnitude, sign, sweep_raw, tolerance};
use crate::query::neighbours::{Source, scan_neighbours};
use crate::query::obstacles::ensure_local;
use crate::query::state::{Entry, FIRST_ENTRY, GOAL, GOAL_TARGET, ListRange, Params, START, State};
use nav_geom::Turn;

/// The graph of one query: the world, the query's numbers and its state.
pub(crate) struct TangentGraph<'a, I> {
    pub world: &'a CircleWorld<I>,
    pub params: &'a Params,
    pub state: &'a mut State,
}

/// The node an entry leads to.
#[inline]
pub(crate) fn node_of(entries: &[Entry], index: u32) -> NodeId {
    if entries[index as usize].target == GOAL_TARGET {
        GOAL
    } else {
        FIRST_ENTRY + index
    }
}

impl<I: SpatialIndex<u32>> TangentGraph<'_, I> {
    /// The list of edges leaving circle `slot` turning `turn`, built on first use.
    pub fn list(&mut self, slot: u32, turn: Turn) -> ListRange {
        let generation = self.state.generation;
        let range = self.state.circles[slot as usize].lists[turn.index()];
        if range.stamp == generation {
            return range;
        }
        let circle = &self.world.slots()[slot as usize];
        let source = Source {
            center: circle.center,
            radius: self.params.inflate(circle.radius),
            turn,
            slot: Some(slot),
        };
        let (start, end, goal) = scan_neighbours(self.world, self.params, self.state, &source);
        let range = ListRange {
            stamp: generation,
            start,
            end,
            goal,
        };
        self.state.circles[slot as usize].lists[turn.index()] = range;
        range
    }

    /// How far (in radians, turning `turn`) a path arriving on circle `slot` at `angle` can hug
    /// it before running into a crossing circle; -1 (not even a zero sweep) if the point is
    /// inside one, or at a point where another boundary touches (a gap of zero width).
    fn free_sweep(&self, slot: u32, angle: f64, turn: Turn, slack: f64) -> f64 {
        let local = &self.state.circles[slot as usize];
        let sigma = sign(turn);
        let mut free = std::f64::consts::TAU;
        for &(mid, half) in
            &self.state.covered[local.covered_start as usize..local.covered_end as usize]
        {
            let exit = sweep_raw(turn, angle, mid + sigma * half);
            if exit + slack < 2.0 * half {
                return -1.0;
            }
            free = free.min(sweep_raw(turn, angle, mid - sigma * half));
        }
        free
    }

    fn expand_arrival(&mut self, node: NodeId, out: &mut Successors) {
        let arrival = self.state.entries[(node - FIRST_ENTRY) as usize];
        let slot = arrival.target;
        if !ensure_local(self.world, self.params, self.state, slot) {
            return;
        }
        let range = self.list(slot, arrival.turn);
        let circle = &self.world.slots()[slot as usize];
        let radius = self.params.inflate(circle.radius);
        let slack = ANGLE_SLACK + tolerance(magnitude(circle.center) + radius) / radius;
        let arrive_angle = angle_of(arrival.arrive_normal);
        let free = self.free_sweep(slot, arrive_angle, arrival.turn, slack);
        let entries = &self.state.entries;
        for index in range.start..range.end {
            let leave = &entries[index as usize];
            let sweep = arc_sweep(arrival.turn, arrive_angle, leave.depart_angle);
            if sweep > free + slack {
                continue; // the hugging arc would run into a crossing circle
            }
            out.push(node_of(entries, index), radius * sweep + leave.length);
        }
    }
}

impl<I: SpatialIndex<u32>> Graph for TangentGraph<'_, I> {
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        match node {
            START => {
                let (start, end) = self.state.start_list;
                for index in start..end {
                    let entry = &self.state.entries[index as usize];
                    out.push(node_of(&self.state.entries, index), entry.length);
                }
            }
            GOAL => {}
            _ => self.expand_arrival(node, out),
        }
    }

    /// The straight-line distance to the goal: admissible and consistent (every edge is at
    /// least as long as the chord between its ends). Never zero away from the goal, which
    /// would turn A* into Dijkstra's algorithm.
    fn heuristic(&self, node: NodeId) -> f64 {
        if !self.state.goals.is_empty() {
            return self.nearest_heuristic(node);
        }
        match node {
            START => self.params.start.distance(self.params.goal),
            GOAL => 0.0,
            _ => self.state.entries[(node - FIRST_ENTRY) as usize]
                .arrive
                .distance(self.params.goal),
        }
    }

    fn is_goal(&self, node: NodeId) -> bool {
        if !self.state.goals.is_empty() {
            return self.nearest_is_goal(node);
        }
        node == GOAL
    }
}
