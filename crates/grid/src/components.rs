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
            Neighbourhood::EightNoCornerCutting | Neighbourhood::JumpPoints { free: false } => {
                Some(Self::EightNoCornerCutting)
            }
            Neighbourhood::EightFree | Neighbourhood::JumpPoints { free: true } => {
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
}

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
        Self { labels }
    }

    /// Whether padded cells `a` and `b` (both fitting the agent) reach one another.
    #[inline]
    pub(crate) fn connected(&self, a: usize, b: usize) -> bool {
        self.labels[a] == self.labels[b]
    }
}
