//! A faithful Rust transcription of the NavGrid article's navigator (Kotlin `NavGrid` + `Navigator`), the
//! baseline of the `agent` benchmark.
//!
//! Kept as the article has it:
//! * `NavGrid`: a `HashMap<String, HashSet<object>>` of cells keyed `"x.y"`, cell indices from
//!   `floor(saturate(t) * (dimensions - 1))`; `buildSearchResults` formats a key for every cell
//!   under the query box, creates missing cells (`computeIfAbsent`) and collects the objects
//!   whose *bounding boxes* meet the box into a fresh set, then a fresh list;
//! * `Navigator.calculatePath`: a fresh node map per query keyed by `PathNodeIndex` (the grid
//!   cells covered by the agent's box around the point, as the article's int array), nodes created
//!   on the fly, each with one spatial query (`evaluatePoint`); the lattice is anchored at the
//!   start point and neighbours are `point +- stepSize` computed from the current node;
//!   walkable = the agent's *box* is inside the world and meets no object's box except its own;
//!   the diagonal-distance heuristic with costs 10 / 14 is used for g and h; the goal is accepted
//!   within one step; `MAX_CLOSED_NODES_LENGTH` / `MAX_PATH_LENGTH` bound the search.
//!
//! Changed, in the baseline's favour: the article's `PriorityQueue.contains` / `remove` are linear
//! scans; here the open list is a binary heap with lazy deletion. The closed set is a `HashSet`
//! as in the article. Node objects live in a `Vec` addressed by index (Kotlin uses references).

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap, HashSet};

use nav::geom::{Aabb, Vec2};

/// The NavGrid article's `NavGrid`.
pub struct SeedNavGrid {
    bounds: Aabb,
    dimensions: Vec2,
    cells: HashMap<String, HashSet<usize>>,
    object_index_cache: HashMap<usize, [Vec2; 2]>,
    objects: Vec<Aabb>,
}

fn saturate(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

fn get_key(x: i32, y: i32) -> String {
    format!("{x}.{y}")
}

impl SeedNavGrid {
    pub fn new(bounds: Aabb, dimensions: Vec2) -> Self {
        Self {
            bounds,
            dimensions,
            cells: HashMap::new(),
            object_index_cache: HashMap::new(),
            objects: Vec::new(),
        }
    }

    fn get_cell_index(&self, p: Vec2) -> Vec2 {
        let ux = saturate((p.x - self.bounds.min.x) / (self.bounds.max.x - self.bounds.min.x));
        let uy = saturate((p.y - self.bounds.min.y) / (self.bounds.max.y - self.bounds.min.y));
        Vec2::new(
            (ux * (self.dimensions.x - 1.0)).floor(),
            (uy * (self.dimensions.y - 1.0)).floor(),
        )
    }

    /// `insert(obj)`: the object's bounds go into every cell they cover.
    pub fn insert(&mut self, bounds: Aabb) -> usize {
        let id = self.objects.len();
        self.objects.push(bounds);
        let i1 = self.get_cell_index(bounds.min);
        let i2 = self.get_cell_index(bounds.max);
        for xi in i1.x as i32..=i2.x as i32 {
            for yi in i1.y as i32..=i2.y as i32 {
                self.cells.entry(get_key(xi, yi)).or_default().insert(id);
            }
        }
        self.object_index_cache.insert(id, [i1, i2]);
        id
    }

    pub fn count_objects(&self) -> usize {
        self.object_index_cache.len()
    }

    /// `buildSearchResults(searchVolume)`.
    fn build_search_results(&mut self, search: Aabb) -> Vec<usize> {
        let i1 = self.get_cell_index(search.min);
        let i2 = self.get_cell_index(search.max);
        let mut objects = HashSet::new();
        for xi in i1.x as i32..=i2.x as i32 {
            for yi in i1.y as i32..=i2.y as i32 {
                let k = get_key(xi, yi);
                let cell = self.cells.entry(k).or_default();
                let objs = &self.objects;
                objects.extend(
                    cell.iter()
                        .copied()
                        .filter(|&o| objs[o].intersects(&search)),
                );
            }
        }
        objects.into_iter().collect()
    }

    /// `getCellIndices(objRect)`.
    fn get_cell_indices(&self, rect: &Aabb) -> [i32; 4] {
        let i1 = self.get_cell_index(rect.min);
        let i2 = self.get_cell_index(rect.max);
        [i1.x as i32, i1.y as i32, i2.x as i32, i2.y as i32]
    }
}

/// The NavGrid article's `PathStatus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedStatus {
    Ok,
    NotExists,
    TooLong,
}

struct PathNode {
    point: Vec2,
    g: f32,
    h: f32,
    f: f32,
    walkable: bool,
    prev: Option<usize>,
}

/// Open-list entry ordered as the article's `PathNode.compareTo`: by f, then h (smallest first).
struct Open {
    f: f32,
    h: f32,
    g: f32,
    node: usize,
}

impl PartialEq for Open {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Open {}
impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Open {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .total_cmp(&self.f)
            .then_with(|| other.h.total_cmp(&self.h))
    }
}

/// The NavGrid article's `DiagonalDistanceHeuristic`.
fn diagonal_cost(a: Vec2, b: Vec2) -> f32 {
    let dx = (a.x - b.x).abs();
    let dz = (a.y - b.y).abs();
    let remaining = (dx - dz).abs();
    14.0 * dx.min(dz) + 10.0 * remaining
}

/// The NavGrid article's `Navigator`, with its two limits as fields.
pub struct SeedNavigator {
    pub world_bounds: Aabb,
    pub grid: SeedNavGrid,
    pub max_path_length: usize,
    pub max_closed_nodes: usize,
}

/// What `calculatePath` returns, plus the closed-set size for the report.
pub struct SeedPath {
    pub status: SeedStatus,
    pub points: Vec<Vec2>,
    pub closed: usize,
}

impl SeedNavigator {
    fn out_of_bounds(&self, p: Vec2, radius: f32) -> bool {
        let b = Aabb::new(p - Vec2::splat(radius), p + Vec2::splat(radius));
        !self.world_bounds.contains(&b)
    }

    fn evaluate_point(&mut self, p: Vec2, radius: f32, own: Option<usize>) -> bool {
        if self.out_of_bounds(p, radius) {
            return false;
        }
        let b = Aabb::new(p - Vec2::splat(radius), p + Vec2::splat(radius));
        let results = self.grid.build_search_results(b);
        results.is_empty() || (results.len() == 1 && Some(results[0]) == own)
    }

    fn evaluate_node(
        &mut self,
        p: Vec2,
        radius: f32,
        own: Option<usize>,
        nodes: &mut Vec<PathNode>,
        index: &mut HashMap<[i32; 4], usize>,
    ) -> Option<usize> {
        if self.out_of_bounds(p, radius) {
            return None;
        }
        let b = Aabb::new(p - Vec2::splat(radius), p + Vec2::splat(radius));
        let key = self.grid.get_cell_indices(&b);
        if let Some(&id) = index.get(&key) {
            return Some(id);
        }
        let walkable = self.evaluate_point(p, radius, own);
        nodes.push(PathNode {
            point: p,
            g: f32::MAX,
            h: 0.0,
            f: 0.0,
            walkable,
            prev: None,
        });
        index.insert(key, nodes.len() - 1);
        Some(nodes.len() - 1)
    }

    /// `calculatePath(start, finish, agent)`.
    pub fn calculate_path(
        &mut self,
        start: Vec2,
        finish: Vec2,
        radius: f32,
        step: f32,
        own: Option<usize>,
    ) -> SeedPath {
        let fail = |status, closed| SeedPath {
            status,
            points: Vec::new(),
            closed,
        };
        if self.out_of_bounds(start, radius) || self.out_of_bounds(finish, radius) {
            return fail(SeedStatus::NotExists, 0);
        }
        let mut nodes = Vec::new();
        let mut index = HashMap::new();
        let start_node = self.evaluate_node(start, radius, own, &mut nodes, &mut index);
        let end_node = self.evaluate_node(finish, radius, own, &mut nodes, &mut index);
        let (Some(s), Some(e)) = (start_node, end_node) else {
            return fail(SeedStatus::NotExists, 0);
        };
        if !nodes[s].walkable || !nodes[e].walkable {
            return fail(SeedStatus::NotExists, 0);
        }
        let mut open = BinaryHeap::new();
        let mut closed: HashSet<usize> = HashSet::new();
        nodes[s].g = 0.0;
        nodes[s].h = diagonal_cost(nodes[s].point, nodes[e].point);
        nodes[s].f = nodes[s].g + nodes[s].h;
        open.push(Open {
            f: nodes[s].f,
            h: nodes[s].h,
            g: 0.0,
            node: s,
        });
        while let Some(entry) = open.pop() {
            let current = entry.node;
            if closed.contains(&current) || entry.g != nodes[current].g {
                continue; // a stale copy (the article removes and re-adds instead)
            }
            closed.insert(current);
            if current == e {
                return self.build_path(&nodes, e, closed.len());
            }
            let near = nodes[current].point.distance_squared(nodes[e].point) <= step * step;
            if near {
                nodes[e].prev = Some(current);
                return self.build_path(&nodes, e, closed.len());
            }
            if closed.len() >= self.max_closed_nodes {
                return fail(SeedStatus::TooLong, closed.len());
            }
            let p = nodes[current].point;
            let offsets = [
                (-step, -step),
                (-step, 0.0),
                (0.0, -step),
                (step, 0.0),
                (0.0, step),
                (-step, step),
                (step, -step),
                (step, step),
            ];
            for (dx, dz) in offsets {
                let q = Vec2::new(p.x + dx, p.y + dz);
                let Some(n) = self.evaluate_node(q, radius, own, &mut nodes, &mut index) else {
                    continue;
                };
                if !nodes[n].walkable || closed.contains(&n) {
                    continue;
                }
                let tentative =
                    nodes[current].g + diagonal_cost(nodes[current].point, nodes[n].point);
                if tentative < nodes[n].g {
                    nodes[n].prev = Some(current);
                    nodes[n].g = tentative;
                    nodes[n].h = diagonal_cost(nodes[n].point, nodes[e].point);
                    nodes[n].f = nodes[n].g + nodes[n].h;
                    open.push(Open {
                        f: nodes[n].f,
                        h: nodes[n].h,
                        g: tentative,
                        node: n,
                    });
                }
            }
        }
        fail(SeedStatus::NotExists, closed.len())
    }

    fn build_path(&self, nodes: &[PathNode], end: usize, closed: usize) -> SeedPath {
        let mut path = vec![end];
        let mut current = end;
        while let Some(prev) = nodes[current].prev {
            path.push(prev);
            if path.len() > self.max_path_length {
                path.reverse();
                return SeedPath {
                    status: SeedStatus::TooLong,
                    points: path.iter().map(|&n| nodes[n].point).collect(),
                    closed,
                };
            }
            current = prev;
        }
        path.reverse();
        SeedPath {
            status: SeedStatus::Ok,
            points: path.iter().map(|&n| nodes[n].point).collect(),
            closed,
        }
    }
}
