//! The graph one query searches: the exact start, the world-anchored lattice, the exact goal.

use std::f64::consts::SQRT_2;
use std::ops::ControlFlow;

use glam::DVec2;
use nav_geom::{Aabb, Segment, Vec2};
use nav_search::{Graph, NodeId, NodeKeys, Successors};
use nav_spatial::{ObjectKey, SpatialIndex};

use crate::collision::{aabb_outward, disc_inside};
use crate::find_path::endpoint_reach;
use crate::lattice::{Lattice, LatticePoint};
use crate::walkability_cache::{
    BLOCKED, DIRECTIONS, Entry, FREE, UNKNOWN, WalkabilityCache, edge_state, node_state,
    with_edge_state, with_node_state,
};
use crate::{AgentHeuristic, Obstacle, QueryStats, Shape, World};

/// What a node of the search is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum NodeKey {
    /// The exact start point (always id [`START`]).
    Start,
    /// The exact goal point (always id [`GOAL`]).
    Goal,
    /// A lattice node.
    Lattice(LatticePoint),
    /// Goal `k` of a nearest-goal query (see `nearest.rs`), reached straight from the start.
    Nearest(u32),
}

/// Arena id of the start: registered first in every query.
pub(crate) const START: NodeId = 0;
/// Arena id of the goal: registered second.
pub(crate) const GOAL: NodeId = 1;

/// Factor on the heuristic that breaks ties between equally cheap lattice paths in favour of
/// the node nearer the goal.
///
/// On open ground every ordering of the same straight and diagonal moves costs the same, so a
/// whole parallelogram of nodes has one `f = g + h`, up to rounding noise in the last bits of
/// the sums of `sqrt(2)`; the engine's tie-break (larger `g` first) only works on exact ties.
/// Raising `h` by about a millionth makes nearer nodes strictly better by far more than the
/// noise, so the search runs straight down the parallelogram; the price is a raw path that may
/// cost up to a millionth more than the cheapest lattice path.
pub(crate) const TIE_BREAK: f64 = 1.0 + 1.0 / (1u64 << 20) as f64;

/// An obstacle near the node being expanded, copied out of the index once per expansion.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Candidate {
    shape: Shape,
    aabb: Aabb,
}

/// Index in a 3 x 3 block of the neighbour in direction `d`.
#[inline]
fn block_index(d: usize) -> usize {
    let (di, dj) = DIRECTIONS[d];
    ((dj + 1) * 3 + (di + 1)) as usize
}

/// Where the edge in direction `d` from the block's centre is stored: (block index, slot).
#[inline]
fn edge_home(d: usize) -> (usize, usize) {
    if d < 4 {
        (4, d)
    } else {
        (block_index(d), d - 4)
    }
}

/// The search graph of one query.
///
/// * Node [`START`] is the exact start point. Its edges go to the lattice nodes within one
///   lattice diagonal whose straight segment from the start is clear (swept disc), and to the
///   goal if it is in sight, however far.
/// * Lattice nodes have eight neighbours; an edge exists when the neighbour's disc is free and
///   the disc swept along the edge is clear. Both facts come from the walkability cache, or are
///   computed from the obstacles near the node (one spatial query per expansion) and stored.
/// * The lattice nodes within one lattice diagonal of the goal that see it (the *targets*,
///   found before the search) are goals of the search: the first one expanded ends it, and the
///   caller appends the exact goal point (the NavGrid article's "goal accepted within one
///   step", widened to the diagonal so that a goal between nodes always has four candidates).
/// * The heuristic estimates the cost to finish through the best target,
///   `min over targets t of H(node, t) + |t - goal|`, with `H` the agent's [`AgentHeuristic`]. On
///   open ground that is exact, so the search walks straight to a target. Estimating to the
///   goal point instead looks admissible but is poison: the goal usually lies between lattice
///   nodes, the last fraction of a step cannot be walked on the lattice, and every node whose
///   estimate hides that fraction (thousands on open ground) would be expanded before a target.
///
/// Edge costs are Euclidean lengths. Near the agent's own obstacle the cache is bypassed (see
/// [`LatticeGraph::expand_lattice`]).
pub(crate) struct LatticeGraph<'a, I> {
    pub world: &'a World<I>,
    pub lattice: Lattice,
    pub cache: &'a mut WalkabilityCache,
    pub keys: &'a mut NodeKeys<NodeKey>,
    pub candidates: &'a mut Vec<Candidate>,
    pub stats: &'a mut QueryStats,
    /// The agent's padded radius.
    pub radius: f32,
    /// The radius of the edges leaving the start: the padded one, or the exact one when the
    /// start touches an obstacle or the bounds.
    pub start_radius: f32,
    pub start: Vec2,
    pub goal: Vec2,
    /// Whether the straight line from the start to the goal is clear.
    pub direct: bool,
    pub heuristic: AgentHeuristic,
    /// The agent's own obstacle and its box.
    pub own: Option<(ObjectKey, Aabb)>,
    /// Half the side of the box around a node that holds its neighbours' discs and its edges,
    /// with a margin for rounding.
    pub reach: f64,
    /// The lattice nodes that end the search.
    pub targets: &'a [Target],
}

/// A lattice node within one lattice diagonal of the goal that sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Target {
    pub node: LatticePoint,
    /// Its exact position, for the heuristic.
    pub at: DVec2,
    /// Length of the last segment, from it to the goal.
    pub last_edge: f64,
}

/// The targets of a query: the lattice nodes within one lattice diagonal of `goal` whose disc, swept to
/// the goal, is clear (`sight`), written to `out` in a fixed order.
pub(crate) fn find_targets(
    lattice: &Lattice,
    goal: Vec2,
    mut sight: impl FnMut(Vec2, Vec2) -> bool,
    out: &mut Vec<Target>,
) {
    out.clear();
    let (ci, cj) = lattice.cell_of(goal);
    for j in cj - 1..=cj + 2 {
        for i in ci - 1..=ci + 2 {
            let Some(p) = lattice.checked(i, j) else {
                continue;
            };
            let pos = lattice.position(p);
            let last_edge = pos.as_dvec2().distance(goal.as_dvec2());
            if last_edge <= endpoint_reach(lattice.step()) && sight(pos, goal) {
                out.push(Target {
                    node: p,
                    at: lattice.position_f64(p),
                    last_edge,
                });
            }
        }
    }
}

impl<I: SpatialIndex<Obstacle>> LatticeGraph<'_, I> {
    pub fn position(&self, key: NodeKey) -> Vec2 {
        match key {
            NodeKey::Start => self.start,
            NodeKey::Goal | NodeKey::Nearest(_) => self.goal,
            NodeKey::Lattice(p) => self.lattice.position(p),
        }
    }

    fn ignore(&self) -> Option<ObjectKey> {
        self.own.map(|(key, _)| key)
    }

    /// Edges of the start: to the goal when the straight line is clear (it is then the
    /// shortest path, whatever the step), and to lattice nodes within one lattice diagonal.
    fn expand_start(&mut self, out: &mut Successors) {
        let step = endpoint_reach(self.lattice.step());
        if self.direct {
            out.push(GOAL, self.start.as_dvec2().distance(self.goal.as_dvec2()));
        }
        let (ci, cj) = self.lattice.cell_of(self.start);
        for j in cj - 1..=cj + 2 {
            for i in ci - 1..=ci + 2 {
                let Some(p) = self.lattice.checked(i, j) else {
                    continue;
                };
                let pos = self.lattice.position(p);
                let d = self.start.as_dvec2().distance(pos.as_dvec2());
                if d <= step
                    && self.world.segment_clear_padded(
                        &Segment::new(self.start, pos),
                        self.start_radius,
                        self.ignore(),
                    )
                {
                    out.push(self.keys.id(NodeKey::Lattice(p)), d);
                }
            }
        }
    }

    /// Edges of a lattice node: its eight neighbours (a target ends the search itself).
    fn expand_lattice(&mut self, node: LatticePoint, out: &mut Successors) {
        let here = self.lattice.position(node);
        let center = here.as_dvec2();
        let reach = DVec2::splat(self.reach);
        // The agent's own obstacle is in the cache like any other obstacle. Where it may touch
        // the discs or edges read here, compute them afresh without it and leave the cache
        // alone; elsewhere it cannot change any answer, so the cache is right for this agent.
        let bypass = self
            .own
            .is_some_and(|(_, own)| aabb_outward(center - reach, center + reach).intersects(&own));
        let original = if bypass {
            [UNKNOWN; 9]
        } else {
            self.cache.get_block(node)
        };
        let mut block = original;

        let needs_work = (0..8).any(|d| match self.lattice.offset(node, DIRECTIONS[d]) {
            None => false,
            Some(_) => {
                let state = node_state(block[block_index(d)]);
                let (home, slot) = edge_home(d);
                state == UNKNOWN || (state == FREE && edge_state(block[home], slot) == UNKNOWN)
            }
        });
        if needs_work {
            self.stats.computed_expansions += 1;
            self.gather_candidates(center - reach, center + reach);
            self.fill_block(node, here, &mut block);
            if !bypass {
                for (k, (&new, &old)) in block.iter().zip(&original).enumerate() {
                    if new != old {
                        let (di, dj) = ((k % 3) as i32 - 1, (k / 3) as i32 - 1);
                        if let Some(p) = self.lattice.offset(node, (di, dj)) {
                            self.cache.set(p, new);
                        }
                    }
                }
            }
        } else {
            self.stats.cached_expansions += 1;
        }

        let step = self.lattice.step();
        for d in 0..8 {
            let Some(next) = self.lattice.offset(node, DIRECTIONS[d]) else {
                continue;
            };
            let (home, slot) = edge_home(d);
            if node_state(block[block_index(d)]) == FREE && edge_state(block[home], slot) == FREE {
                let cost = if d % 2 == 0 { step } else { step * SQRT_2 };
                out.push(self.keys.id(NodeKey::Lattice(next)), cost);
            }
        }
    }

    /// Copies the obstacles whose boxes touch `[min, max]` (but the agent's own) into the
    /// candidate buffer.
    fn gather_candidates(&mut self, min: DVec2, max: DVec2) {
        self.candidates.clear();
        let index = self.world.index();
        let ignore = self.ignore();
        let candidates = &mut *self.candidates;
        let _ = index.visit_aabb(&aabb_outward(min, max), |key, aabb| {
            if Some(key) != ignore {
                if let Some((_, obstacle)) = index.get(key) {
                    candidates.push(Candidate {
                        shape: obstacle.shape,
                        aabb: *aabb,
                    });
                }
            }
            ControlFlow::<()>::Continue(())
        });
    }

    /// Whether the disc swept along `path` is clear of every candidate.
    fn candidates_clear(&self, path: &Segment) -> bool {
        let r = f64::from(self.radius) * (1.0 + 1e-6) + 1e-30;
        let (a, b) = (path.a.as_dvec2(), path.b.as_dvec2());
        let (min, max) = (a.min(b) - DVec2::splat(r), a.max(b) + DVec2::splat(r));
        self.candidates.iter().all(|c| {
            let far = f64::from(c.aabb.min.x) > max.x
                || f64::from(c.aabb.min.y) > max.y
                || f64::from(c.aabb.max.x) < min.x
                || f64::from(c.aabb.max.y) < min.y;
            far || c.shape.swept_disc_clears(path, self.radius)
        })
    }

    /// Computes every unknown neighbour state and edge state of the block around `node`.
    fn fill_block(&mut self, node: LatticePoint, here: Vec2, block: &mut [Entry; 9]) {
        let bounds = self.world.bounds();
        for (d, &direction) in DIRECTIONS.iter().enumerate() {
            let Some(next) = self.lattice.offset(node, direction) else {
                continue;
            };
            let k = block_index(d);
            let there = self.lattice.position(next);
            if node_state(block[k]) == UNKNOWN {
                let free = disc_inside(&bounds, there, self.radius)
                    && self.candidates_clear(&Segment::new(there, there));
                block[k] = with_node_state(block[k], if free { FREE } else { BLOCKED });
            }
            let (home, slot) = edge_home(d);
            if node_state(block[k]) == FREE && edge_state(block[home], slot) == UNKNOWN {
                // Both ends are inside the bounds shrunk by the radius, which are convex: only
                // obstacles can block the edge.
                let free = self.candidates_clear(&Segment::new(here, there));
                block[home] = with_edge_state(block[home], slot, if free { FREE } else { BLOCKED });
            }
        }
    }
}

impl<I: SpatialIndex<Obstacle>> Graph for LatticeGraph<'_, I> {
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        match self.keys.key(node).copied() {
            Some(NodeKey::Start) => self.expand_start(out),
            Some(NodeKey::Lattice(p)) => self.expand_lattice(p, out),
            Some(NodeKey::Goal | NodeKey::Nearest(_)) | None => {}
        }
    }

    fn heuristic(&self, node: NodeId) -> f64 {
        let goal = self.goal.as_dvec2();
        let estimate = match self.keys.key(node) {
            Some(&NodeKey::Lattice(p)) if !self.targets.is_empty() => {
                let at = self.lattice.position_f64(p);
                self.targets
                    .iter()
                    .map(|t| self.heuristic.estimate(at, t.at) + t.last_edge)
                    .fold(f64::INFINITY, f64::min)
            }
            // No target: no lattice node can end the search (only a partial path is wanted).
            Some(&NodeKey::Lattice(p)) => {
                self.heuristic.estimate(self.lattice.position_f64(p), goal)
            }
            Some(NodeKey::Start) => self.start.as_dvec2().distance(goal),
            Some(NodeKey::Goal | NodeKey::Nearest(_)) | None => 0.0,
        };
        estimate * TIE_BREAK
    }

    fn is_goal(&self, node: NodeId) -> bool {
        match self.keys.key(node) {
            Some(NodeKey::Goal | NodeKey::Nearest(_)) => true,
            Some(&NodeKey::Lattice(p)) => self.targets.iter().any(|t| t.node == p),
            Some(NodeKey::Start) | None => false,
        }
    }
}
