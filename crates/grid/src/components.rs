//! Connected components of the cells an agent fits in, so that a query between two of them is
//! answered [`NoPath`](nav_search::PathStatus::NoPath) without searching.

use crate::moves::Neighbourhood;

/// Which steps connect cells: the three standard neighbourhoods (jump points connect cells as
/// the eight steps of their diagonal rule do). Custom move sets have no labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Connectivity {
    Four = 0,
    EightNoCornerCutting = 1,
    EightFree = 2,
}

impl Connectivity {
    /// How many kinds there are (labels are kept per kind and agent size).
    pub(crate) const COUNT: usize = 3;

    /// The connectivity of `neighbourhood`, if components are kept for it.
    pub(crate) fn of(neighbourhood: Neighbourhood) -> Option<Self> {
        match neighbourhood {
            Neighbourhood::Four => Some(Self::Four),
            Neighbourhood::EightNoCornerCutting | Neighbourhood::JumpPoints { free: false, .. } => {
                Some(Self::EightNoCornerCutting)
            }
            Neighbourhood::EightFree | Neighbourhood::JumpPoints { free: true, .. } => {
                Some(Self::EightFree)
            }
            Neighbourhood::General => None,
        }
    }
}

/// A component label per padded cell: 0 where the agent does not fit, otherwise the same
/// number exactly for the cells that reach one another.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Components {
    labels: Vec<u32>,
    /// The largest label in use.
    last: u32,
}

/// The eight cells around a cell, as `(dx, dy)`, in order around the ring.
const RING: [(isize, isize); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

impl Components {
    /// Labels the cells with `fits[p] >= need` of a padded array with rows of `padded_width`
    /// cells (its border never fits) under `connectivity`, by flood fill: O(cells).
    pub(crate) fn label(
        fits: &[u8],
        padded_width: usize,
        need: u8,
        connectivity: Connectivity,
    ) -> Self {
        let pw = padded_width;
        let open = |p: usize| fits[p] >= need;
        let mut labels = vec![0u32; fits.len()];
        let mut stack: Vec<usize> = Vec::new();
        let mut next = 0u32;
        for seed in 0..fits.len() {
            if labels[seed] != 0 || !open(seed) {
                continue;
            }
            next += 1;
            labels[seed] = next;
            stack.push(seed);
            while let Some(p) = stack.pop() {
                // Open cells are never on the border, so every neighbour index is in range.
                let (n, s, w, e) = (p - pw, p + pw, p - 1, p + 1);
                let mut visit = |q: usize, labels: &mut Vec<u32>| {
                    if labels[q] == 0 && open(q) {
                        labels[q] = next;
                        stack.push(q);
                    }
                };
                for q in [n, s, w, e] {
                    visit(q, &mut labels);
                }
                let diagonals = [(n - 1, n, w), (n + 1, n, e), (s - 1, s, w), (s + 1, s, e)];
                match connectivity {
                    Connectivity::Four => {}
                    Connectivity::EightNoCornerCutting => {
                        for (q, a, b) in diagonals {
                            if open(a) && open(b) {
                                visit(q, &mut labels);
                            }
                        }
                    }
                    Connectivity::EightFree => {
                        for (q, _, _) in diagonals {
                            visit(q, &mut labels);
                        }
                    }
                }
            }
        }
        Self { labels, last: next }
    }

    /// Keeps the labels of an agent of one cell right after the cell at padded index `p`
    /// (off the border) changed walkability; `walkable` is the padded array after the edit.
    /// O(1): returns `false` when that cannot be done locally (the edit may join two
    /// components, or split one), and the caller then drops the labels.
    ///
    /// Opening a cell joins it to the components of the neighbours it can step to: fine when
    /// they all have one label (or there are none: a new component). Blocking a cell keeps
    /// the components when the neighbours it could step to still reach one another around it,
    /// inside its ring of eight cells (then any path through it has a detour).
    pub(crate) fn update(
        &mut self,
        walkable: &[u8],
        padded_width: usize,
        p: usize,
        connectivity: Connectivity,
    ) -> bool {
        let pw = padded_width as isize;
        let at = |dx: isize, dy: isize| p.wrapping_add_signed(dx + dy * pw);
        let open = |dx: isize, dy: isize| walkable[at(dx, dy)] != 0;
        // Whether a step between two cells of the 3x3 block (offsets from `p`, Chebyshev
        // distance 1) is allowed; the centre's walkability is its value after the edit.
        let step = |(ax, ay): (isize, isize), (bx, by): (isize, isize)| {
            if !(open(ax, ay) && open(bx, by)) {
                return false;
            }
            if ax == bx || ay == by {
                return true;
            }
            match connectivity {
                Connectivity::Four => false,
                Connectivity::EightFree => true,
                Connectivity::EightNoCornerCutting => open(bx, ay) && open(ax, by),
            }
        };
        if walkable[p] != 0 {
            let mut label = 0;
            for &d in &RING {
                if step((0, 0), d) {
                    let other = self.labels[at(d.0, d.1)];
                    if label != 0 && other != label {
                        return false;
                    }
                    label = other;
                }
            }
            if label == 0 {
                self.last += 1;
                label = self.last;
            }
            self.labels[p] = label;
            return true;
        }
        // Blocked: the ring cells the centre could step to before, when it was open (a
        // diagonal's corners are ring cells, open before as after).
        let was_adjacent = |(dx, dy): (isize, isize)| {
            open(dx, dy)
                && (dx == 0
                    || dy == 0
                    || match connectivity {
                        Connectivity::Four => false,
                        Connectivity::EightFree => true,
                        Connectivity::EightNoCornerCutting => open(dx, 0) && open(0, dy),
                    })
        };
        self.labels[p] = 0;
        let needed: u8 = (0..8)
            .filter(|&i| was_adjacent(RING[i]))
            .map(|i| 1 << i)
            .sum();
        if needed == 0 {
            return true;
        }
        // Flood the ring (steps between ring cells, the centre now blocked) from one of them.
        let mut reached: u8 = 1 << needed.trailing_zeros();
        let mut frontier = reached;
        while frontier != 0 {
            let i = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            for (j, &other) in RING.iter().enumerate() {
                let bit = 1u8 << j;
                let near = RING[i].0.abs_diff(other.0) <= 1 && RING[i].1.abs_diff(other.1) <= 1;
                if reached & bit == 0 && i != j && near && step(RING[i], other) {
                    reached |= bit;
                    frontier |= bit;
                }
            }
        }
        needed & !reached == 0
    }

    /// Whether padded cells `a` and `b` (both fitting the agent) reach one another.
    #[inline]
    pub(crate) fn connected(&self, a: usize, b: usize) -> bool {
        self.labels[a] == self.labels[b]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether two labellings make the same partition (a bijection between their labels).
    fn same_partition(a: &Components, b: &Components) -> bool {
        let mut forward = std::collections::HashMap::new();
        let mut backward = std::collections::HashMap::new();
        a.labels.iter().zip(&b.labels).all(|(&x, &y)| {
            (x == 0) == (y == 0)
                && *forward.entry(x).or_insert(y) == y
                && *backward.entry(y).or_insert(x) == x
        })
    }

    #[test]
    fn local_updates_equal_a_fresh_labelling() {
        let (w, h) = (24usize, 18usize);
        let pw = w + 2;
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for connectivity in [
            Connectivity::Four,
            Connectivity::EightNoCornerCutting,
            Connectivity::EightFree,
        ] {
            let mut walkable = vec![0u8; pw * (h + 2)];
            for y in 1..=h {
                for x in 1..=w {
                    walkable[y * pw + x] = (next() % 100 >= 35) as u8;
                }
            }
            let mut labels = Components::label(&walkable, pw, 1, connectivity);
            let mut kept = 0;
            for _ in 0..2000 {
                let p = (1 + next() as usize % h) * pw + 1 + next() as usize % w;
                walkable[p] ^= 1;
                if labels.update(&walkable, pw, p, connectivity) {
                    kept += 1;
                    let fresh = Components::label(&walkable, pw, 1, connectivity);
                    assert!(same_partition(&labels, &fresh), "{connectivity:?} at {p}");
                } else {
                    labels = Components::label(&walkable, pw, 1, connectivity);
                }
            }
            assert!(
                kept > 1000,
                "{connectivity:?}: most edits are local ({kept} of 2000)"
            );
        }
    }
}
