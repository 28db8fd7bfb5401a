//! The neighbour scan: every unobstructed surfing edge that leaves a circle (or the start)
//! while circling it one way, found without testing every circle of the world.
//!
//! The scan looks at the world in shells of growing distance around the source, through the
//! spatial index. Each circle it meets is a potential target (its bitangents with the right
//! turn) and a potential blocker: its *shadow* (see [`super::shadow`]) is the interval of
//! departure angles whose rays it blocks, and every such ray enters it within the distance
//! between the centres. Per bin of departure angles the scan keeps the distance beyond which
//! every ray of the bin is blocked; a bin whose rays are all blocked before the next shell is
//! closed, and the shells only cover open bins. In a forest the scan therefore stops a few
//! circles away in every direction; rays that escape into open space are followed (in narrow
//! sectors) to the edge of the world.
//!
//! Line of sight is then decided exactly, without the spatial index: a tangent whose bin is
//! blocked before its end is dropped; the others are tested (Red Blob Games' point-segment distance
//! with the clamped `u`) against the circles whose shadow touches their bin, which are all the
//! circles that can cut them. Why that set is complete: a ray in bin `k` that is not blocked
//! before length `L` kept bin `k` open for every shell up to `L`, so every circle that reaches
//! the ray before `L` was met.

use glam::DVec2;
use nav_geom::{Aabb, Turn};
use nav_spatial::SpatialIndex;

use crate::CircleWorld;
use crate::geometry::{
    angle_of, annular_sector_box, bitangent, bitangent_from, closest_point_segment, magnitude,
    tolerance,
};
use crate::query::shadow::{
    BINS, Shadow, bin_of, bin_start, for_covered_bins, for_touched_bins, shadow,
};
use crate::query::state::{
    Blocker, Entry, GOAL_TARGET, MULTI_GOAL, NO_ENTRY, Params, Pending, State,
};

/// Bins per group for the bound's cut (one computation per group).
const CUT_GROUP: usize = 8;

/// Where the rays of each bin leave the region of paths within `p.bound`: beyond `cut[k]`, no
/// point of a ray of bin `k` can be on such a path. A path through the point at distance `t`
/// of the ray at departure angle `θ` (point `X(θ, t)`, departure point `P(θ)`) is at least
/// `LB(θ, t) = |start - P(θ)| + t + |X(θ, t) - goal|` long. Within a group of bins of angular
/// width `Δ` around its middle direction `θc`, `P` moves by at most `rΔ/2` and `X` by at most
/// `(r + t)Δ/2`, so `LB(θ, t) <= bound` implies
/// `|start - P(θc)| + t (1 - Δ/2) + |X(θc, t) - goal| <= bound + rΔ`: the cut is the largest
/// `t` satisfying that, the larger root of a quadratic. Conservative by construction: no useful
/// ray is cut short.
fn bound_cuts(p: &Params, source: &Source, cut: &mut [f64]) {
    let (c, r) = (source.center, source.radius);
    let sigma = crate::geometry::sign(source.turn);
    for (group, cuts) in cut.chunks_exact_mut(CUT_GROUP).enumerate() {
        let (a0, d0) = bin_start(group * CUT_GROUP);
        let (a1, d1) = bin_start((group + 1) * CUT_GROUP);
        let delta = a1 - a0;
        let u = (d0 + d1).normalize();
        let depart = c + u * r;
        let dir = u.perp() * sigma;
        let budget = p.bound + r * delta - p.start.distance(depart);
        let a = 1.0 - 0.5 * delta;
        let w = depart - p.goal;
        let cc = w.length_squared() - budget * budget;
        let t = if budget <= 0.0 || cc >= 0.0 {
            0.0
        } else {
            // (1 - a²) t² + 2 (w·dir + a budget) t + cc <= 0, cc < 0: the larger root.
            let b = w.dot(dir) + a * budget;
            let root = -cc / (b + (b * b - (1.0 - a * a) * cc).sqrt());
            root.min(budget / a)
        };
        cuts.fill(t);
    }
}

/// Words of the bitset of open bins.
pub(crate) const OPEN_WORDS: usize = BINS / 64;

/// At most this many boxes per shell: runs of open bins closer than that are merged (the
/// spatial index is then asked about a little more space, which is cheaper than many boxes).
const MAX_RUNS: usize = 8;

/// Where surfing edges leave from: a circle inflated by the agent radius, or the start point
/// (radius 0).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Source {
    pub center: DVec2,
    pub radius: f64,
    /// The turn around the source of the path that leaves it (any for a point).
    pub turn: Turn,
    /// The circle's slot, `None` for the start.
    pub slot: Option<u32>,
}

/// Builds the list of surfing edges that leave `source`, appends it to `state.entries` and
/// returns its range and the index of its entry to the goal ([`NO_ENTRY`] if none).
pub(crate) fn scan_neighbours<I: SpatialIndex<u32>>(
    world: &CircleWorld<I>,
    p: &Params,
    state: &mut State,
    source: &Source,
) -> (u32, u32, u32) {
    let stamp = state.begin_scan();
    if let Some(slot) = source.slot {
        state.seen[slot as usize] = stamp;
    }
    let first = state.entries.len() as u32;
    let mut goal = NO_ENTRY;
    let (c, r) = (source.center, source.radius);
    if p.bound.is_finite() {
        bound_cuts(p, source, &mut state.scan.cut);
        state.scan.reach.copy_from_slice(&state.scan.cut);
    }

    // The goal: on the source circle (leave right there), or a tangent to test like any other.
    // A nearest-goal query has several, each its own target (its bound is infinite).
    let goals = state.goals.len().max(1);
    for k in 0..goals {
        let (to, target) = match state.goals.get(k) {
            Some(&g) => (g, MULTI_GOAL - k as u32),
            None => (p.goal, GOAL_TARGET),
        };
        let to_goal = to - c;
        let goal_tol = tolerance(magnitude(to).max(magnitude(c) + r));
        if r > 0.0 && (to_goal.length() - r).abs() <= goal_tol {
            if target == GOAL_TARGET {
                goal = state.entries.len() as u32;
            }
            state.entries.push(Entry {
                target,
                turn: source.turn,
                depart_angle: angle_of(to_goal),
                arrive_normal: DVec2::ZERO,
                depart: to,
                arrive: to,
                length: 0.0,
            });
        } else if let Some(t) = bitangent(c, r, source.turn, to, 0.0, source.turn) {
            if p.lower_bound(t.depart, t.length, to) <= p.bound {
                state.scan.pending.push(Pending {
                    tangent: t,
                    target,
                    turn: source.turn,
                    bin: bin_of(t.depart_normal) as u32,
                });
            } else {
                state.pruned = true;
            }
        }
    }

    if let Some(extent) = p.extent {
        // Beyond this distance from the centre there is no circle.
        let (emin, emax) = extent;
        let farthest = (c - emin).abs().max((emax - c).abs()).length()
            + tolerance(magnitude(emin).max(magnitude(emax)));
        scan_shells(world, p, state, source, stamp, extent, farthest);
        if p.bound.is_finite() && !state.pruned {
            // A bin closed by the bound rather than by a circle may hide circles the bound
            // kept out: the search must not conclude there is no path.
            let world_exit = ((farthest - r).max(0.0) * (farthest + r)).sqrt();
            let scan = &state.scan;
            state.pruned =
                (0..BINS).any(|k| scan.reach[k] >= scan.cut[k] && scan.cut[k] < world_exit);
        }
    }

    // Line of sight of every tangent found.
    let scan = &mut state.scan;
    for pending in &scan.pending {
        let t = &pending.tangent;
        let bin = pending.bin as usize;
        if t.length > scan.reach[bin] {
            continue;
        }
        // Clear when no blocker comes closer than its radius (touching is allowed), and no two
        // blockers on either side of the segment touch it at the same point: that is the gap
        // of zero width where they touch each other, which is closed.
        let dir = t.arrive - t.depart;
        let mut grazes = [(DVec2::ZERO, 0.0f64, 0.0f64); 4];
        let mut grazing = 0;
        let clear = scan.blockers_of(bin).all(|id| {
            let b = &scan.blockers[id as usize];
            if b.slot == pending.target {
                return true;
            }
            let size = (magnitude(b.center) + b.radius)
                .max(magnitude(t.depart))
                .max(magnitude(t.arrive));
            let tol = tolerance(size);
            let (dist, closest) = closest_point_segment(b.center, t.depart, t.arrive);
            if dist < b.radius - tol {
                return false;
            }
            if dist <= b.radius + tol {
                let side = dir.perp_dot(b.center - t.depart);
                let pinched = grazes[..grazing]
                    .iter()
                    .any(|&(q, s, e)| s * side < 0.0 && q.distance(closest) <= 2.0 * tol.max(e));
                if pinched {
                    return false;
                }
                if grazing < grazes.len() {
                    grazes[grazing] = (closest, side, tol);
                    grazing += 1;
                }
            }
            true
        });
        // Both ends inside the bounds (shrunk by the agent radius, convex): the whole segment
        // is inside.
        let eps = tolerance(magnitude(t.depart).max(magnitude(t.arrive)));
        if clear && p.inside(t.depart, eps) && p.inside(t.arrive, eps) {
            if pending.target == GOAL_TARGET {
                goal = state.entries.len() as u32;
            }
            state.entries.push(Entry {
                target: pending.target,
                turn: pending.turn,
                // Only arcs need angles, and none starts on a point. The arrival's angle is
                // computed when (if ever) the node is expanded.
                depart_angle: if r > 0.0 {
                    angle_of(t.depart_normal)
                } else {
                    0.0
                },
                arrive_normal: t.arrive_normal,
                depart: t.depart,
                arrive: t.arrive,
                length: t.length,
            });
        }
    }
    (first, state.entries.len() as u32, goal)
}

/// Meets the circles around the source shell by shell, in the open bins only.
fn scan_shells<I: SpatialIndex<u32>>(
    world: &CircleWorld<I>,
    p: &Params,
    state: &mut State,
    source: &Source,
    stamp: u32,
    (emin, emax): (DVec2, DVec2),
    farthest: f64,
) {
    let (c, r) = (source.center, source.radius);
    let ccw = source.turn == Turn::Ccw;
    let margin = p.agent + 2.0 * tolerance(magnitude(emin).max(magnitude(emax)));
    let bounds = (emin - margin, emax + margin);
    let mut t_lo = 0.0f64;
    let mut t_hi = p.step;
    loop {
        let rho_lo = r.hypot(t_lo);
        if rho_lo > farthest {
            break;
        }
        let rho_hi = r.hypot(t_hi);
        let mut runs = std::mem::take(&mut state.scan.runs);
        open_runs(&state.scan.reach, t_lo, &mut state.scan.open, &mut runs);
        if runs.is_empty() {
            state.scan.runs = runs;
            break;
        }
        // A ray's point at distance t is seen from the centre turned by atan(t / r) from its
        // departure direction: rotations by (r, t) / sqrt(r² + t²).
        let rotation = |t: f64, rho: f64| {
            if rho > 0.0 {
                DVec2::new(r / rho, t / rho)
            } else {
                DVec2::X
            }
        };
        let (rot_lo, rot_hi) = (rotation(t_lo, rho_lo), rotation(t_hi, rho_hi));
        let widening = t_hi.atan2(r) - t_lo.atan2(r);
        for &(first, len) in &runs {
            let (min, max) = if len as usize == BINS {
                (c - DVec2::splat(rho_hi), c + DVec2::splat(rho_hi))
            } else {
                // The rays of the run between t_lo and t_hi sweep (part of) an annular sector.
                let (first, end) = (first as usize, (first + len) as usize);
                let (angle_a, dir_a) = bin_start(first);
                let (angle_b, dir_b) = bin_start(end % BINS);
                let mut span = angle_b - angle_a;
                if span <= 0.0 {
                    span += std::f64::consts::TAU;
                }
                let conj = |v: DVec2| DVec2::new(v.x, -v.y);
                let (from, to) = if ccw {
                    (rot_lo.rotate(dir_a), rot_hi.rotate(dir_b))
                } else {
                    (conj(rot_hi).rotate(dir_a), conj(rot_lo).rotate(dir_b))
                };
                let full = span + widening >= std::f64::consts::TAU;
                annular_sector_box(c, rho_lo, rho_hi, from, to, full)
            };
            visit_box(world, p, state, source, stamp, min, max, bounds);
        }
        state.scan.runs = runs;
        t_lo = t_hi;
        t_hi += (0.5 * t_lo).clamp(p.step, p.max_step);
    }
}

/// The runs of bins whose rays reach `t` (first bin, count), merged down to [`MAX_RUNS`]. A run
/// of all bins means every direction is open. Runs may wrap past the last bin.
fn open_runs(reach: &[f64], t: f64, open: &mut [u64; OPEN_WORDS], runs: &mut Vec<(u32, u32)>) {
    // Bins only ever close (reach shrinks, t grows): words already closed are skipped.
    for (word, chunk) in open.iter_mut().zip(reach.chunks_exact(64)) {
        if *word != 0 {
            let mut keep = 0u64;
            for (j, eight) in chunk.chunks_exact(8).enumerate() {
                // Eight 0/1 bytes packed into eight bits by one multiplication: byte i lands
                // on bit 56 + i (no carries: every partial sum stays below 256).
                let bytes: [u8; 8] = std::array::from_fn(|i| (eight[i] >= t) as u8);
                let packed = u64::from_le_bytes(bytes).wrapping_mul(0x0102_0408_1020_4080) >> 56;
                keep |= packed << (8 * j);
            }
            *word &= keep;
        }
    }
    let open = &*open;
    // The first bin at or after `k` that is open (`want`) or closed (`!want`), or BINS.
    let next = |k: usize, want: bool| -> usize {
        let mut k = k;
        while k < BINS {
            let (w, off) = (k / 64, k % 64);
            let word = if want { open[w] } else { !open[w] };
            let bits = word >> off;
            if bits != 0 {
                return k + bits.trailing_zeros() as usize;
            }
            k = (w + 1) * 64;
        }
        BINS
    };
    runs.clear();
    let mut k = 0;
    loop {
        let first = next(k, true);
        if first == BINS {
            break;
        }
        let end = next(first, false);
        runs.push((first as u32, (end - first) as u32));
        k = end;
    }
    // A run through the last bin continues at bin 0.
    if runs.len() > 1 && runs[0].0 == 0 {
        let (last_first, last_len) = runs[runs.len() - 1];
        if (last_first + last_len) as usize == BINS {
            let wrapped = (last_first, last_len + runs[0].1);
            runs.remove(0);
            let n = runs.len();
            runs[n - 1] = wrapped;
        }
    }
    // Merge across the smallest gaps until few runs remain (runs are in circular order).
    let mut max_gap = 1u32;
    while runs.len() > MAX_RUNS {
        let mut merged = 0;
        for i in 0..runs.len() {
            let (first, len) = runs[i];
            if merged > 0 {
                let (last_first, last_len) = runs[merged - 1];
                let gap = (first + 2 * BINS as u32 - last_first - last_len) % BINS as u32;
                if gap <= max_gap {
                    runs[merged - 1].1 = last_len + gap + len;
                    continue;
                }
            }
            runs[merged] = (first, len);
            merged += 1;
        }
        runs.truncate(merged);
        max_gap *= 2;
    }
}

/// Meets every circle whose box touches the box (`min`, `max`), grown and clipped to `bounds`
/// (the world's extent).
#[allow(clippy::too_many_arguments)]
fn visit_box<I: SpatialIndex<u32>>(
    world: &CircleWorld<I>,
    p: &Params,
    state: &mut State,
    source: &Source,
    stamp: u32,
    min: DVec2,
    max: DVec2,
    (lo_bound, hi_bound): (DVec2, DVec2),
) {
    // Grown by the agent radius (the index holds true radii) and by the tolerance, which also
    // covers the rounding of the f32 boxes.
    let margin = p.agent + 2.0 * tolerance(magnitude(min).max(magnitude(max)));
    let min = (min - margin).max(lo_bound);
    let max = (max + margin).min(hi_bound);
    if min.cmpgt(max).any() {
        return;
    }
    let query = Aabb::new(min.as_vec2(), max.as_vec2());
    let index = world.index();
    let _ = index.visit_aabb(&query, |key, _| {
        if let Some((_, &slot)) = index.get(key) {
            // Copies of a circle are met once, as their first.
            if world.slots()[slot as usize].twin {
                return std::ops::ControlFlow::Continue(());
            }
            meet(world, p, state, source, stamp, slot);
        }
        std::ops::ControlFlow::<()>::Continue(())
    });
}

/// Records a circle met by the scan: as a blocker (its shadow) and as a target (its tangents).
fn meet<I: SpatialIndex<u32>>(
    world: &CircleWorld<I>,
    p: &Params,
    state: &mut State,
    source: &Source,
    stamp: u32,
    slot: u32,
) {
    let seen = &mut state.seen[slot as usize];
    if *seen == stamp {
        return;
    }
    *seen = stamp;
    let circle = &world.slots()[slot as usize];
    let rb = p.inflate(circle.radius);
    if rb <= 0.0 {
        // A point obstacle for a point agent blocks nothing and is never worth going round.
        return;
    }
    let (c, r, turn) = (source.center, source.radius, source.turn);
    let v = circle.center - c;
    let d = v.length();
    // A ray meets this circle no earlier than this distance along it.
    let near = d - rb;
    let t_near = if near > r {
        ((near - r) * (near + r)).sqrt()
    } else {
        0.0
    };

    // The two tangents leaving the source turning `turn` towards this circle: the external
    // one arrives turning the same way, the internal one the other way.
    let (external, internal) = if d > 0.0 {
        let u = v / d;
        (
            bitangent_from(c, r, turn, u, d, circle.center, rb, turn),
            bitangent_from(c, r, turn, u, d, circle.center, rb, turn.opposite()),
        )
    } else {
        (None, None)
    };
    let scan = &mut state.scan;
    let id = scan.blockers.len() as u32;
    let blocker = Blocker {
        slot,
        center: circle.center,
        radius: rb,
    };
    match shadow(
        r,
        turn,
        v,
        d,
        rb,
        external.map(|t| t.depart_normal),
        internal.map(|t| t.depart_normal),
    ) {
        Shadow::Nothing => return,
        Shadow::Everything => {
            scan.blockers.push(blocker);
            for k in 0..BINS {
                scan.touch(k, id);
            }
            scan.reach.fill(0.0);
        }
        Shadow::Interval { start, len } => {
            // Only the bins whose rays get this far can be blocked by it. When there is none,
            // the circle is hidden behind nearer ones: it neither blocks nor can be reached.
            let mut hidden = true;
            for_touched_bins(start, len, |k| {
                if scan.reach[k] >= t_near {
                    hidden = false;
                    scan.touch(k, id);
                }
            });
            if hidden {
                return;
            }
            scan.blockers.push(blocker);
            for_covered_bins(start, len, |k| scan.reach[k] = scan.reach[k].min(d));
        }
    }
    if r == 0.0 && (d - rb).abs() <= tolerance(magnitude(c).max(magnitude(circle.center) + rb)) {
        // The start lies on this circle: the query adds the zero-length edges onto it.
        return;
    }
    for (tangent, turn_b) in [(external, turn), (internal, turn.opposite())] {
        if let Some(t) = tangent {
            let bin = bin_of(t.depart_normal);
            // A tangent already blocked before its end stays blocked: drop it now.
            if t.length > scan.reach[bin] {
                continue;
            }
            if p.lower_bound(t.depart, t.length, t.arrive) > p.bound {
                state.pruned = true;
                continue;
            }
            scan.pending.push(Pending {
                tangent: t,
                target: slot,
                turn: turn_b,
                bin: bin as u32,
            });
        }
    }
}
