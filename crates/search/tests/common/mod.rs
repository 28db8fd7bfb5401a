//! A small weighted grid graph shared by the engine's tests.

use nav_search::{Graph, NodeId, Successors};

/// A `width x height` grid, 4-connected; entering a cell costs its weight; a weight of 0 blocks.
/// The heuristic is `h_scale * min_weight * manhattan` (admissible for `h_scale <= 1`), or an
/// arbitrary table when `h_table` is set.
pub struct WeightedGrid {
    pub width: u32,
    pub height: u32,
    pub weights: Vec<u8>,
    pub goal: NodeId,
    pub h_scale: f64,
    pub h_table: Option<Vec<f64>>,
}

impl WeightedGrid {
    pub fn new(width: u32, height: u32, weights: Vec<u8>, goal: NodeId) -> Self {
        assert_eq!(weights.len(), (width * height) as usize);
        Self {
            width,
            height,
            weights,
            goal,
            h_scale: 1.0,
            h_table: None,
        }
    }

    fn min_weight(&self) -> f64 {
        self.weights
            .iter()
            .copied()
            .filter(|&w| w > 0)
            .min()
            .unwrap_or(1) as f64
    }
}

impl Graph for WeightedGrid {
    fn successors(&mut self, node: NodeId, out: &mut Successors) {
        let (x, y) = (node % self.width, node / self.width);
        let mut try_push = |nx: u32, ny: u32| {
            let id = ny * self.width + nx;
            let w = self.weights[id as usize];
            if w > 0 {
                out.push(id, w as f64);
            }
        };
        if x > 0 {
            try_push(x - 1, y);
        }
        if x + 1 < self.width {
            try_push(x + 1, y);
        }
        if y > 0 {
            try_push(x, y - 1);
        }
        if y + 1 < self.height {
            try_push(x, y + 1);
        }
    }

    fn heuristic(&self, node: NodeId) -> f64 {
        if let Some(table) = &self.h_table {
            return table[node as usize];
        }
        let (x, y) = (node % self.width, node / self.width);
        let (gx, gy) = (self.goal % self.width, self.goal / self.width);
        let manhattan = x.abs_diff(gx) + y.abs_diff(gy);
        self.h_scale * self.min_weight() * manhattan as f64
    }

    fn is_goal(&self, node: NodeId) -> bool {
        node == self.goal
    }
}

#[allow(dead_code)] // not every test binary checks paths
/// Checks that `path` is a chain of edges of `graph` from `start` and returns its cost.
pub fn path_cost(graph: &mut WeightedGrid, start: NodeId, path: &[NodeId]) -> f64 {
    assert_eq!(path.first(), Some(&start), "path must begin at the start");
    let mut out = Successors::new();
    let mut cost = 0.0;
    for pair in path.windows(2) {
        out.clear();
        graph.successors(pair[0], &mut out);
        let edge = out
            .as_slice()
            .iter()
            .find(|(n, _)| *n == pair[1])
            .unwrap_or_else(|| panic!("{} -> {} is not an edge", pair[0], pair[1]));
        cost += edge.1;
    }
    cost
}
