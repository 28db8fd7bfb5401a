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
//! blocked before its end is dropped; the others are tested (seed 002's point-segment distance
//! with the clamped `u`) against the circles whose shadow touches their bin, which are all the
//! circles that can cut them. Why that set is complete: a ray in bin `k` that is not blocked
//! before length `L` kept bin `k` open for every shell up to `L`, so every circle that reaches
//! the ray before `L` was met.

use glam::DVec2;
use nav_geom::{Aabb, Turn};
use nav_spatial::SpatialIndex;

use crate::CircleWorld;
use crate::geometry::{angle_of, annular_sector_box, bitangent, distance_point_segment, sign};
use crate::query::shadow::{
    BINS, Shadow, bin_of, bin_start, bin_width, for_covered_bins, for_touched_bins, shadow,
};
use crate::query::state::{Blocker, Entry, GOAL_TARGET, NO_ENTRY, Params, Pending, State};

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

    // The goal: on the source circle (leave right there), or a tangent to test like any other.
    let to_goal = p.goal - c;
    if r > 0.0 && (to_goal.length() - r).abs() <= p.eps {
        goal = state.entries.len() as u32;
        state.entries.push(Entry {
            target: GOAL_TARGET,
            turn: source.turn,
            depart_angle: angle_of(to_goal),
            arrive_angle: 0.0,
            depart: p.goal,
            arrive: p.goal,
            length: 0.0,
        });
    } else if let Some(t) = bitangent(c, r, source.turn, p.goal, 0.0, source.turn) {
        state.scan.pending.push(Pending {
            entry: Entry {
                target: GOAL_TARGET,
                turn: source.turn,
                depart_angle: t.depart_angle,
                arrive_angle: t.arrive_angle,
                depart: t.depart,
                arrive: t.arrive,
                length: t.length,
            },
            bin: bin_of(t.depart_angle) as u32,
        });
    }

    if let Some(extent) = p.extent {
        scan_shells(world, p, state, source, stamp, extent);
    }

    // Line of sight of every tangent found.
    let scan = &state.scan;
    for pending in &scan.pending {
        let e = &pending.entry;
        let bin = pending.bin as usize;
        if e.length > scan.reach[bin] {
            continue;
        }
        let clear = scan.bin_blockers[bin].iter().all(|&id| {
            let b = &scan.blockers[id as usize];
            b.slot == e.target
                || distance_point_segment(b.center, e.depart, e.arrive) >= b.radius - p.eps
        });
        if clear {
            if e.target == GOAL_TARGET {
                goal = state.entries.len() as u32;
            }
            state.entries.push(*e);
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
) {
    let (c, r) = (source.center, source.radius);
    let sigma = sign(source.turn);
    let margin = p.agent + 2.0 * p.eps;
    // Beyond this distance from the centre there is no circle.
    let farthest = (c - emin).abs().max((emax - c).abs()).length() + p.eps;
    let (lo_bound, hi_bound) = (emin - margin, emax + margin);
    let mut t_lo = 0.0f64;
    let mut t_hi = p.step;
    loop {
        let rho_lo = r.hypot(t_lo);
        if rho_lo > farthest {
            break;
        }
        let rho_hi = r.hypot(t_hi);
        let open: [bool; BINS] = std::array::from_fn(|k| state.scan.reach[k] >= t_lo);
        let Some(closed) = open.iter().position(|&o| !o) else {
            let (min, max) = (c - DVec2::splat(rho_hi), c + DVec2::splat(rho_hi));
            visit_box(
                world,
                p,
                state,
                source,
                stamp,
                min,
                max,
                margin,
                (lo_bound, hi_bound),
            );
            t_lo = t_hi;
            t_hi += t_lo.clamp(p.step, p.max_step);
            continue;
        };
        // Runs of open bins, starting after a closed one so that no run wraps around.
        let mut k = 0;
        let mut any_open = false;
        while k < BINS {
            let first = (closed + 1 + k) % BINS;
            if !open[first] {
                k += 1;
                continue;
            }
            let mut len = 1;
            while k + len < BINS && open[(first + len) % BINS] {
                len += 1;
            }
            any_open = true;
            let theta_a = bin_start(first);
            let theta_b = theta_a + len as f64 * bin_width();
            let (a0, a1) = if sigma > 0.0 {
                (theta_a + t_lo.atan2(r), theta_b + t_hi.atan2(r))
            } else {
                (theta_a - t_hi.atan2(r), theta_b - t_lo.atan2(r))
            };
            let (min, max) = annular_sector_box(c, rho_lo, rho_hi, a0, a1 - a0);
            visit_box(
                world,
                p,
                state,
                source,
                stamp,
                min,
                max,
                margin,
                (lo_bound, hi_bound),
            );
            k += len;
        }
        if !any_open {
            break;
        }
        t_lo = t_hi;
        t_hi += t_lo.clamp(p.step, p.max_step);
    }
}

/// Meets every circle whose box touches the box (`min`, `max`) grown by `margin` (the agent
/// radius: the index holds true radii) and clipped to the world's extent.
#[allow(clippy::too_many_arguments)]
fn visit_box<I: SpatialIndex<u32>>(
    world: &CircleWorld<I>,
    p: &Params,
    state: &mut State,
    source: &Source,
    stamp: u32,
    min: DVec2,
    max: DVec2,
    margin: f64,
    (lo_bound, hi_bound): (DVec2, DVec2),
) {
    let min = (min - margin).max(lo_bound);
    let max = (max + margin).min(hi_bound);
    if min.cmpgt(max).any() {
        return;
    }
    let query = Aabb::new(min.as_vec2(), max.as_vec2());
    let index = world.index();
    let _ = index.visit_aabb(&query, |key, _| {
        if let Some((_, &slot)) = index.get(key) {
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
    let (c, r) = (source.center, source.radius);
    let v = circle.center - c;
    let d = v.length();
    let scan = &mut state.scan;
    let id = scan.blockers.len() as u32;
    match shadow(r, sign(source.turn), d, angle_of(v), rb) {
        Shadow::Nothing => return,
        Shadow::Everything => {
            scan.blockers.push(Blocker {
                slot,
                center: circle.center,
                radius: rb,
            });
            for k in 0..BINS {
                scan.bin_blockers[k].push(id);
                scan.reach[k] = 0.0;
            }
        }
        Shadow::Interval { start, len } => {
            scan.blockers.push(Blocker {
                slot,
                center: circle.center,
                radius: rb,
            });
            for_touched_bins(start, len, |k| scan.bin_blockers[k].push(id));
            for_covered_bins(start, len, |k| scan.reach[k] = scan.reach[k].min(d));
        }
    }
    if r == 0.0 && (d - rb).abs() <= p.eps {
        // The start lies on this circle: the query adds the zero-length edges onto it.
        return;
    }
    for turn_b in Turn::BOTH {
        if let Some(t) = bitangent(c, r, source.turn, circle.center, rb, turn_b) {
            scan.pending.push(Pending {
                entry: Entry {
                    target: slot,
                    turn: turn_b,
                    depart_angle: t.depart_angle,
                    arrive_angle: t.arrive_angle,
                    depart: t.depart,
                    arrive: t.arrive,
                    length: t.length,
                },
                bin: bin_of(t.depart_angle) as u32,
            });
        }
    }
}
