//! What the circles around one circle or point do to it: cover parts of its boundary (hugging
//! edges through there are blocked), swallow it whole, or swallow the start or the goal.

use std::ops::ControlFlow;

use glam::DVec2;
use nav_geom::Circle;
use nav_spatial::SpatialIndex;

use crate::CircleWorld;
use crate::geometry::{ANGLE_SLACK, angle_of, covered_arc, magnitude, tolerance};
use crate::query::state::{Params, State};

/// Visits every circle whose inflated disc may reach within `reach` of `center`, with its slot.
fn visit_near<I: SpatialIndex<u32>>(
    world: &CircleWorld<I>,
    p: &Params,
    center: DVec2,
    reach: f64,
    mut f: impl FnMut(u32),
) {
    // The index holds true radii: grow the query by the agent radius, and by the tolerance to
    // absorb the rounding of the f32 query circle.
    let size = magnitude(center) + reach;
    let query = Circle::new(
        center.as_vec2(),
        (reach + p.agent + 2.0 * tolerance(size)) as f32,
    );
    let index = world.index();
    let _ = index.visit_circle(&query, |key, _| {
        if let Some((_, &slot)) = index.get(key) {
            // Copies of a circle are met once, as their first.
            if world.slots()[slot as usize].twin {
                return std::ops::ControlFlow::Continue(());
            }
            f(slot);
        }
        ControlFlow::<()>::Continue(())
    });
}

/// Computes once per query whether circle `slot` is alive (not inside another circle) and which
/// arcs of its inflated boundary crossing circles cover; returns whether it is alive.
///
/// A circle inside another one (circles inside circles) gets no node: it is marked dead. Of two
/// equal circles (within the tolerance) the one in the later slot is the dead one, so that
/// exactly one of them remains.
pub(crate) fn ensure_local<I: SpatialIndex<u32>>(
    world: &CircleWorld<I>,
    p: &Params,
    state: &mut State,
    slot: u32,
) -> bool {
    let generation = state.generation;
    let local = &state.circles[slot as usize];
    if local.local_stamp == generation {
        return !local.dead;
    }
    let me = &world.slots()[slot as usize];
    let (c, r) = (me.center, p.inflate(me.radius));
    let covered_start = state.covered.len() as u32;
    let mut dead = r <= 0.0;
    if !dead {
        let covered = &mut state.covered;
        visit_near(world, p, c, r, |other| {
            if other == slot || dead {
                return;
            }
            let o = &world.slots()[other as usize];
            let rb = p.inflate(o.radius);
            if rb <= 0.0 {
                return;
            }
            let d = o.center.distance(c);
            let eps = tolerance((magnitude(c) + r).max(magnitude(o.center) + rb));
            if d + r <= rb + eps {
                // Inside `o` (touching from inside counts): dead, unless the two are equal and
                // `o` is the one to go.
                let equal = d + rb <= r + eps;
                if !(equal && other > slot) {
                    dead = true;
                }
                return;
            }
            // Crossing boundaries cover an arc. Boundaries touching from outside (within the
            // tolerance) cover the point where they touch: the gap between them has no width.
            if d > (r - rb).abs() + eps && d < r + rb - eps {
                if let Some(arc) = covered_arc(c, r, o.center, rb) {
                    covered.push(arc);
                }
            } else if (d - (r + rb)).abs() <= eps && d > 0.0 {
                covered.push((angle_of(o.center - c), contact_half_width(c, r)));
            }
        });
    }
    if !dead {
        if let Some(bounds) = p.bounds {
            let eps = tolerance(magnitude(c) + r);
            dead = !cover_outside(c, r, bounds, eps, &mut state.covered);
        }
    }
    if dead {
        state.covered.truncate(covered_start as usize);
    }
    let local = &mut state.circles[slot as usize];
    local.local_stamp = generation;
    local.dead = dead;
    local.covered_start = covered_start;
    local.covered_end = state.covered.len() as u32;
    !dead
}

/// Half-width, in radians, of the arc of circle (`c`, `r`) marked covered around a point where
/// another boundary touches it (a circle, or the bounds): twice the slack of the arc tests, so
/// that no path passes through the point, arrives at it or leaves from it. That closes the gap
/// of zero width between two touching obstacles.
pub(crate) fn contact_half_width(c: DVec2, r: f64) -> f64 {
    (2.0 * (ANGLE_SLACK + tolerance(magnitude(c) + r) / r)).min(0.1)
}

/// Marks covered the arcs of circle (`c`, `r`) outside the box `(lo, hi)` where the agent's
/// centre may go, and the points where it touches the box (a gap of zero width between the
/// circle and the border); returns false when the whole circle lies outside.
fn cover_outside(
    c: DVec2,
    r: f64,
    (lo, hi): (DVec2, DVec2),
    eps: f64,
    covered: &mut Vec<(f64, f64)>,
) -> bool {
    use std::f64::consts::{FRAC_PI_2, PI};
    // (distance from the centre to the side, inwards; direction of the outside).
    let sides = [
        (c.x - lo.x, PI),
        (hi.x - c.x, 0.0),
        (c.y - lo.y, -FRAC_PI_2),
        (hi.y - c.y, FRAC_PI_2),
    ];
    for (inside, towards) in sides {
        if inside >= r + eps {
            continue;
        }
        if inside <= -r + eps {
            return false;
        }
        let contact = contact_half_width(c, r);
        let half = if inside >= r - eps {
            contact
        } else {
            (inside / r).clamp(-1.0, 1.0).acos().max(contact)
        };
        covered.push((towards, half));
    }
    true
}

/// Where a point (the start or the goal) stands among the inflated circles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum PointPlace {
    /// Outside every circle, or on some (pushed to `on`).
    Free,
    /// Strictly inside this circle (the deepest one, if several).
    Inside(u32),
}

/// Classifies `point`; the circles it lies on (within the tolerance) are pushed to `on`.
pub(crate) fn place_point<I: SpatialIndex<u32>>(
    world: &CircleWorld<I>,
    p: &Params,
    point: DVec2,
    on: &mut Vec<u32>,
) -> PointPlace {
    let mut deepest: Option<(f64, u32)> = None;
    visit_near(world, p, point, 0.0, |slot| {
        let o = &world.slots()[slot as usize];
        let rb = p.inflate(o.radius);
        if rb <= 0.0 {
            return;
        }
        let gap = o.center.distance(point) - rb;
        let eps = tolerance(magnitude(point).max(magnitude(o.center) + rb));
        if gap < -eps {
            if deepest.is_none_or(|(g, s)| gap < g || (gap == g && slot < s)) {
                deepest = Some((gap, slot));
            }
        } else if gap <= eps {
            on.push(slot);
        }
    });
    match deepest {
        Some((_, slot)) => PointPlace::Inside(slot),
        None => {
            on.sort_unstable();
            PointPlace::Free
        }
    }
}
