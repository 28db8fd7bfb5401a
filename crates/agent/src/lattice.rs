//! The lattice an agent walks on: anchored to the world, not to the start point.

use glam::DVec2;
use nav_geom::{Aabb, Vec2};

use crate::QueryError;

/// The most nodes a lattice may have (2^31): beyond that a step is absurdly small for the world
/// and the query is refused instead of searching for ever.
pub const MAX_LATTICE_NODES: u64 = 1 << 31;

/// Lattice coordinates of a node: column `i`, row `j`, both from 0 at the bounds' min corner.
pub(crate) type LatticePoint = (u32, u32);

/// Nodes at `bounds.min + (i, j) * step` for `i` in `0..=last_i`, `j` in `0..=last_j`.
///
/// The NavGrid article centres its lattice on each query's start point. Anchoring it to the world instead
/// makes a node the same point in every query of every agent with this step, which is what lets
/// walkability be cached across queries; the exact start and goal points are joined to the
/// lattice by extra edges (see [`crate::AgentContext::find_path`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Lattice {
    origin: DVec2,
    step: f64,
    last_i: u32,
    last_j: u32,
}

/// An inclusive rectangle of lattice nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NodeRange {
    pub i0: u32,
    pub j0: u32,
    pub i1: u32,
    pub j1: u32,
}

impl Lattice {
    /// The lattice of `step` over `bounds` (which the world has validated: finite, min < max).
    pub fn new(bounds: Aabb, step: f32) -> Result<Self, QueryError> {
        let (min, max) = (bounds.min.as_dvec2(), bounds.max.as_dvec2());
        let magnitude = min.abs().max(max.abs()).max_element();
        // f32 has a 24-bit significand: at this step neighbouring nodes are at least 8 units in
        // the last place apart, so rounding a node to f32 never merges or swaps two of them.
        let min_step = magnitude * f64::powi(2.0, -20);
        if f64::from(step) < min_step {
            return Err(QueryError::StepTooFine {
                step,
                magnitude: magnitude as f32,
                min_step: min_step as f32,
            });
        }
        let s = f64::from(step);
        let columns = ((max.x - min.x) / s).floor() + 1.0;
        let rows = ((max.y - min.y) / s).floor() + 1.0;
        if columns * rows > MAX_LATTICE_NODES as f64 {
            return Err(QueryError::LatticeTooLarge {
                step,
                columns: columns as u64,
                rows: rows as u64,
                max: MAX_LATTICE_NODES,
            });
        }
        Ok(Self {
            origin: min,
            step: s,
            last_i: columns as u32 - 1,
            last_j: rows as u32 - 1,
        })
    }

    /// The spacing.
    #[inline]
    pub fn step(&self) -> f64 {
        self.step
    }

    /// Largest column and row.
    #[cfg(test)]
    pub fn last(&self) -> LatticePoint {
        (self.last_i, self.last_j)
    }

    /// The position of node `(i, j)`, computed in f64 and rounded once: every use of a node
    /// (walkability, edges, the returned path) sees exactly this point.
    #[inline]
    pub fn position(&self, (i, j): LatticePoint) -> Vec2 {
        (self.origin + DVec2::new(f64::from(i), f64::from(j)) * self.step).as_vec2()
    }

    /// The exact (f64) position of node `(i, j)`, before rounding to f32. The heuristic uses
    /// it: rounding noise in the positions (a few 1e-5 at coordinates of 1000) would otherwise
    /// break the ties between equally good lattice paths at random (see `TIE_BREAK`).
    #[inline]
    pub fn position_f64(&self, (i, j): LatticePoint) -> DVec2 {
        self.origin + DVec2::new(f64::from(i), f64::from(j)) * self.step
    }

    /// The neighbour of `node` at offset `(di, dj)`, if it is on the lattice.
    #[inline]
    pub fn offset(&self, (i, j): LatticePoint, (di, dj): (i32, i32)) -> Option<LatticePoint> {
        let i = i.checked_add_signed(di)?;
        let j = j.checked_add_signed(dj)?;
        (i <= self.last_i && j <= self.last_j).then_some((i, j))
    }

    /// The nodes whose positions may lie in the box `[min, max]` (a superset by up to one node
    /// on each side, for rounding), clamped to the lattice; `None` when none can.
    pub fn node_range(&self, min: DVec2, max: DVec2) -> Option<NodeRange> {
        let lo = ((min - self.origin) / self.step).floor() - DVec2::ONE;
        let hi = ((max - self.origin) / self.step).ceil() + DVec2::ONE;
        if lo.x.is_nan() || lo.y.is_nan() || hi.x.is_nan() || hi.y.is_nan() {
            return None;
        }
        if hi.x < 0.0
            || hi.y < 0.0
            || lo.x > f64::from(self.last_i)
            || lo.y > f64::from(self.last_j)
        {
            return None;
        }
        // `as u32` saturates: negative values clamp to 0.
        Some(NodeRange {
            i0: lo.x.max(0.0) as u32,
            j0: lo.y.max(0.0) as u32,
            i1: (hi.x.min(f64::from(self.last_i))) as u32,
            j1: (hi.y.min(f64::from(self.last_j))) as u32,
        })
    }

    /// The lattice cell holding `p` (its lower-left node), clamped to the lattice, as signed
    /// coordinates so that callers can look one node further on each side.
    pub fn cell_of(&self, p: Vec2) -> (i64, i64) {
        let c = ((p.as_dvec2() - self.origin) / self.step).floor();
        (
            (c.x.max(-1.0) as i64).min(i64::from(self.last_i) + 1),
            (c.y.max(-1.0) as i64).min(i64::from(self.last_j) + 1),
        )
    }

    /// Whether signed coordinates name a node of the lattice.
    #[inline]
    pub fn checked(&self, i: i64, j: i64) -> Option<LatticePoint> {
        ((0..=i64::from(self.last_i)).contains(&i) && (0..=i64::from(self.last_j)).contains(&j))
            .then_some((i as u32, j as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(w: f32, h: f32) -> Aabb {
        Aabb::new(Vec2::ZERO, Vec2::new(w, h))
    }

    #[test]
    fn nodes_cover_the_bounds_from_the_min_corner() {
        let l = Lattice::new(bounds(10.0, 4.5), 1.0).unwrap();
        assert_eq!(l.last(), (10, 4));
        assert_eq!(l.position((3, 2)), Vec2::new(3.0, 2.0));
        assert_eq!(l.offset((0, 0), (-1, 0)), None);
        assert_eq!(l.offset((10, 4), (1, 0)), None);
        assert_eq!(l.offset((9, 3), (1, 1)), Some((10, 4)));
        assert_eq!(l.cell_of(Vec2::new(2.5, 3.9)), (2, 3));
        assert_eq!(l.cell_of(Vec2::new(-5.0, 100.0)), (-1, 5));
        assert_eq!(l.checked(-1, 0), None);
        assert_eq!(l.checked(10, 4), Some((10, 4)));
    }

    #[test]
    fn ranges_clamp_and_pad() {
        let l = Lattice::new(bounds(10.0, 10.0), 1.0).unwrap();
        let r = l
            .node_range(DVec2::new(2.5, 2.5), DVec2::new(4.5, 3.0))
            .unwrap();
        assert_eq!((r.i0, r.j0, r.i1, r.j1), (1, 1, 6, 4));
        let r = l
            .node_range(DVec2::new(-50.0, -50.0), DVec2::new(50.0, 50.0))
            .unwrap();
        assert_eq!((r.i0, r.j0, r.i1, r.j1), (0, 0, 10, 10));
        assert_eq!(
            l.node_range(DVec2::new(20.0, 0.0), DVec2::new(30.0, 1.0)),
            None
        );
        assert_eq!(l.node_range(DVec2::NAN, DVec2::ONE), None);
    }

    #[test]
    fn absurd_steps_are_refused_without_allocating() {
        let huge = bounds(1e9, 1e9);
        assert!(matches!(
            Lattice::new(huge, 1000.0),
            Err(QueryError::LatticeTooLarge { .. })
        ));
        assert!(matches!(
            Lattice::new(bounds(100.0, 100.0), 1e-30),
            Err(QueryError::StepTooFine { .. })
        ));
        let far = Aabb::new(Vec2::splat(1e7), Vec2::splat(1e7 + 100.0));
        assert!(matches!(
            Lattice::new(far, 0.5),
            Err(QueryError::StepTooFine { .. })
        ));
        assert!(Lattice::new(far, 16.0).is_ok());
        // Just under the node limit is accepted.
        assert!(Lattice::new(bounds(46339.0, 46339.0), 1.0).is_ok());
        assert!(Lattice::new(bounds(46341.0, 46341.0), 1.0).is_err());
    }
}
