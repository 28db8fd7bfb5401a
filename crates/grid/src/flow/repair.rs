//! The repair of a flow field after cell edits: only the cells whose way to the goal went
//! through an edited cell are searched again.

use super::sight::{self, SightInput};
use super::{FlowField, FlowReport, NO_GOAL, NO_MOVE, fits_of};
use crate::cell::Cell;
use crate::error::{Endpoint, GridError};
use crate::map::GridMap;

impl FlowField {
    /// Repairs the field after the cells `edited` of `map` changed (walkability, terrain or
    /// cost multiplier), and returns what it did.
    ///
    /// Only the cells whose move or whose path to the goal went through an edited cell are
    /// searched again, from the untouched cells around them; cells that an opened or cheaper
    /// cell brings closer to a goal are lowered from there. The result equals a fresh
    /// [`build`](FlowField::build) (same costs, up to the rounding of sums taken in another
    /// order). The field rebuilds everything instead, and says so
    /// ([`FlowReport::rebuilt`]), when the map's size changed, an edit touches a goal, the
    /// map went from uniform to weighted cost or back, or more than a sixteenth of the cells (and more than 16)
    /// were edited, or when more than about a quarter of the reachable cells must be
    /// computed again. `edited` must list every cell changed since the last build or update
    /// (a cell listed that did not change costs a little time, nothing else).
    ///
    /// A field that was never built (or whose last build failed) stays empty.
    ///
    /// Errors: an edited cell lies outside the map ([`GridError::CellOutOfRange`]); a map of
    /// another size on which a goal lies outside ([`GridError::EndpointOutOfRange`]; the
    /// field is then empty).
    pub fn update(&mut self, map: &GridMap, edited: &[Cell]) -> Result<FlowReport, GridError> {
        if let Some(&off) = edited.iter().find(|&&c| !map.contains(c)) {
            return Err(GridError::CellOutOfRange {
                x: off.x as u64,
                y: off.y as u64,
                width: map.width(),
                height: map.height(),
            });
        }
        if !self.built {
            return Ok(FlowReport::default()); // nothing to repair
        }
        let size = self.agent_size;
        let k = size as i64;
        let uniform_now = map.has_uniform_cost();
        let full = map.width() != self.width
            || map.height() != self.height
            || uniform_now != self.multipliers.is_empty()
            || (uniform_now && map.min_cost_multiplier() != self.uniform_multiplier)
            || edited.len() > (map.cell_count() / 16).max(16)
            || self.goals.iter().any(|g| {
                edited.iter().any(|e| {
                    let (dx, dy) = (e.x as i64 - g.x as i64, e.y as i64 - g.y as i64);
                    (0..k).contains(&dx) && (0..k).contains(&dy)
                })
            });
        if full {
            if let Some(&off) = self.goals.iter().find(|&&g| !map.contains(g)) {
                self.built = false;
                self.width = 0;
                self.height = 0;
                self.report = FlowReport::default();
                return Err(GridError::EndpointOutOfRange {
                    endpoint: Endpoint::Goal,
                    x: off.x as u64,
                    y: off.y as u64,
                    width: map.width(),
                    height: map.height(),
                });
            }
            self.rebuild(map);
            return Ok(self.report);
        }
        let pw = self.padded_width;
        let (w, h) = (self.width as i64, self.height as i64);
        // Refresh the multipliers of the edited cells.
        if !self.multipliers.is_empty() {
            for e in edited {
                let p = map.padded_index(e.x, e.y);
                self.multipliers[p] = map.cost_multiplier(*e).unwrap_or(1.0) as f32;
            }
        }
        let moves = self.moves.take().expect("a built field has moves");
        // The anchors whose fit may have changed: the k x k cells above and left of an edit.
        let mut anchors = std::mem::take(&mut self.scratch);
        anchors.clear();
        for e in edited {
            for ay in (e.y as i64 - k + 1).max(0)..=e.y as i64 {
                for ax in (e.x as i64 - k + 1).max(0)..=e.x as i64 {
                    anchors.push(((ay as usize + 1) * pw + ax as usize + 1) as u32);
                }
            }
        }
        // The cells to redo: the anchors, the cells whose move enters or crosses one, and
        // every cell whose path leads through one of those, found from the goal's side (the
        // cells whose next move steps into a cell to redo). Only they are visited.
        const REDO: u8 = 2;
        let at = |p: usize, dx: i64, dy: i64| -> Option<usize> {
            let (x, y) = ((p % pw) as i64 - 1 + dx, (p / pw) as i64 - 1 + dy);
            (x >= 0 && y >= 0 && x < w && y < h).then(|| (y as usize + 1) * pw + x as usize + 1)
        };
        let mut redo = std::mem::take(&mut self.order);
        redo.clear();
        let marks = &mut self.marks;
        let mut mark = |c: usize, redo: &mut Vec<u32>| {
            if marks[c] != REDO {
                marks[c] = REDO;
                redo.push(c as u32);
            }
        };
        for &a in &anchors {
            let a = a as usize;
            mark(a, &mut redo);
            for (i, step) in moves.steps.iter().enumerate() {
                // The cell that moves into `a`, and those whose move crosses `a`.
                let sources = std::iter::once((step.dx, step.dy))
                    .chain(moves.crossed_by(step).iter().copied());
                for (ox, oy) in sources {
                    if let Some(c) = at(a, -(ox as i64), -(oy as i64)) {
                        if self.next[c] == i as u8 {
                            mark(c, &mut redo);
                        }
                    }
                }
            }
        }
        let mut i = 0;
        while i < redo.len() {
            let c = redo[i] as usize;
            i += 1;
            if self.goal_of[c] == NO_GOAL {
                continue; // an anchor nothing reached: no cell steps into it
            }
            for (s, step) in moves.steps.iter().enumerate() {
                if let Some(q) = at(c, -(step.dx as i64), -(step.dy as i64)) {
                    if self.next[q] == s as u8 {
                        mark(q, &mut redo);
                    }
                }
            }
        }
        if redo.len() > self.reached.len() / 4 + 64 {
            // A large part of the field changes: a build is cheaper than a repair by heap.
            for &p in &redo {
                self.marks[p as usize] = 0;
            }
            self.order = redo;
            self.scratch = anchors;
            self.moves = Some(moves);
            self.rebuild(map);
            return Ok(self.report);
        }
        let fits = fits_of(map, size);
        let need = size as u8;
        let ok = |p: usize| fits[p] >= need;
        for &p in &redo {
            let p = p as usize;
            self.cost[p] = f64::INFINITY;
            self.next[p] = NO_MOVE;
            self.goal_of[p] = NO_GOAL;
            self.marks[p] = 0;
            self.sight[p] = 0;
        }
        // Kept cells stay expanded (marks 1) unless lowered, which reopens them.
        let goal_of = &self.goal_of;
        self.reached.retain(|&p| goal_of[p as usize] != NO_GOAL);
        let mut queue = std::mem::take(&mut self.queue);
        queue.reset(1.0, 1.0, true);
        let multiplier = |field: &Self, p: usize| {
            if field.multipliers.is_empty() {
                field.uniform_multiplier
            } else {
                field.multipliers[p] as f64
            }
        };
        // Cells to redo start from their kept neighbours.
        for &p in &redo {
            let p = p as usize;
            {
                if !ok(p) {
                    continue;
                }
                let mut best = (f64::INFINITY, NO_MOVE, NO_GOAL);
                for (i, step) in moves.steps.iter().enumerate() {
                    let Some(t) = at(p, step.dx as i64, step.dy as i64) else {
                        continue;
                    };
                    if self.goal_of[t] == NO_GOAL || !ok(t) {
                        continue;
                    }
                    let clear = moves
                        .crossed_by(step)
                        .iter()
                        .all(|&(cx, cy)| at(p, cx as i64, cy as i64).is_some_and(ok));
                    let c = self.cost[t] + step.cost * multiplier(self, t);
                    if clear && c < best.0 {
                        best = (c, i as u8, self.goal_of[t]);
                    }
                }
                if best.1 != NO_MOVE {
                    self.cost[p] = best.0;
                    self.next[p] = best.1;
                    self.goal_of[p] = best.2;
                    self.reached.push(p as u32);
                    queue.push(p as u32, best.0);
                }
            }
        }
        // Kept cells next to an edit re-expand: a move into or across an edited cell may
        // have opened or become cheaper.
        for &a in &anchors {
            let a = a as usize;
            for step in &moves.steps {
                for &(ox, oy) in moves.crossed_by(step) {
                    let target = at(a, (step.dx - ox) as i64, (step.dy - oy) as i64);
                    if let Some(t) = target.filter(|&t| self.goal_of[t] != NO_GOAL) {
                        self.marks[t] = 0;
                        queue.push(t as u32, self.cost[t]);
                    }
                }
            }
        }
        let recomputed = redo.len();
        self.order = redo;
        let anchors_copy = anchors.clone();
        self.scratch = anchors;
        self.queue = queue;
        self.moves = Some(moves);
        self.popped.clear();
        let expanded = self.search_recording(fits, true);
        self.finish_update(map, &anchors_copy);
        self.report = FlowReport {
            reachable: self.report.reachable,
            expanded,
            goals_used: self.report_goals_used(map),
            recomputed,
            rebuilt: false,
        };
        Ok(self.report)
    }

    fn report_goals_used(&self, map: &GridMap) -> usize {
        let fits = fits_of(map, self.agent_size);
        self.goal_slots
            .iter()
            .filter(|g| fits[g.0] >= self.agent_size as u8)
            .count()
    }

    /// [`finish`](FlowField::finish) after a repair: the line of sight is decided again only
    /// for the cells whose cost or goal changed and those whose segment to their goal meets
    /// an edited anchor (the others' segments, goals and cells are as before), unless many
    /// anchors changed.
    fn finish_update(&mut self, map: &GridMap, anchors: &[u32]) {
        if !self.line_of_sight || anchors.len() > 64 {
            self.finish(map);
            return;
        }
        self.report.reachable = self.reached.len();
        let fits = fits_of(map, self.agent_size);
        self.fits.clear();
        self.fits.extend_from_slice(fits);
        let split = sight::RowSplit::new(self.padded_width);
        let anchors: Vec<(i64, i64)> = anchors.iter().map(|&a| split.xy(a as usize)).collect();
        let mut cells = std::mem::take(&mut self.popped);
        let touching = self.touching;
        let hit = |x: i64, y: i64, gx: i64, gy: i64, (ax, ay): (i64, i64)| {
            ax >= x.min(gx)
                && ax <= x.max(gx)
                && ay >= y.min(gy)
                && ay <= y.max(gy)
                && sight::meets(x - gx, y - gy, ax - gx, ay - gy, touching)
        };
        // With one goal, a segment from the goal meets an anchor only if the cell lies in the
        // quadrant beyond the anchor: visit those rectangles when they are smaller than the
        // list of reached cells.
        let (w, h) = (self.width as i64, self.height as i64);
        let one_goal = self.goal_slots.windows(2).all(|g| g[0] == g[1]);
        let span = |a: i64, g: i64, side: i64| match a.cmp(&g) {
            std::cmp::Ordering::Less => (0, a),
            std::cmp::Ordering::Equal => (0, side - 1),
            std::cmp::Ordering::Greater => (a, side - 1),
        };
        let rectangles: Option<Vec<(i64, i64, i64, i64)>> =
            self.goal_slots.first().and_then(|&(_, gx, gy)| {
                let (gx, gy) = (gx as i64, gy as i64);
                let rects: Vec<_> = anchors
                    .iter()
                    .map(|&(ax, ay)| {
                        let (x0, x1) = span(ax, gx, w);
                        let (y0, y1) = span(ay, gy, h);
                        (x0, x1, y0, y1)
                    })
                    .collect();
                let area: i64 = rects
                    .iter()
                    .map(|r| (r.1 - r.0 + 1) * (r.3 - r.2 + 1))
                    .sum();
                (one_goal && (area as usize) < self.reached.len()).then_some(rects)
            });
        match rectangles {
            Some(rects) => {
                let (_, gx, gy) = self.goal_slots[0];
                let (gx, gy) = (gx as i64, gy as i64);
                let pw = self.padded_width;
                for (&a, &(x0, x1, y0, y1)) in anchors.iter().zip(&rects) {
                    for y in y0..=y1 {
                        for x in x0..=x1 {
                            let p = (y as usize + 1) * pw + x as usize + 1;
                            if self.goal_of[p] != NO_GOAL && hit(x, y, gx, gy, a) {
                                cells.push(p as u32);
                            }
                        }
                    }
                }
            }
            None => {
                for &p in &self.reached {
                    let (x, y) = split.xy(p as usize);
                    let (_, gx, gy) = self.goal_slots[self.goal_of[p as usize] as usize];
                    let (gx, gy) = (gx as i64, gy as i64);
                    if anchors.iter().any(|&a| hit(x, y, gx, gy, a)) {
                        cells.push(p);
                    }
                }
            }
        }
        let input = SightInput {
            fits,
            need: self.agent_size as u8,
            padded_width: self.padded_width,
            max_distance: self.width.max(self.height) as usize,
            goal_of: &self.goal_of,
            goals: &self.goal_slots,
            reached: &cells,
            whole: None,
        };
        sight::line_of_sight(
            &input,
            self.touching,
            &mut self.sight,
            &mut self.blockers,
            &mut self.order,
            &mut self.counts,
            &mut self.spans,
        );
        self.popped = cells;
    }
}
