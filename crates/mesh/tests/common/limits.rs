//! The hunts' checks of one query under limits, against its answer without them.

use glam::DVec2;
use nav_mesh::{Limits, MeshContext, MeshQuery, MeshWorld, PathPiece, PathStatus};

/// Whether two lengths agree within `rel` relative (absolute below 1).
pub fn same_length(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(1.0)
}

/// A judge of a partial path: its end, pieces and cost.
pub type PartialCheck<'a> = &'a dyn Fn(DVec2, &[PathPiece], f64) -> Result<(), String>;

/// One query and its answer without limits: status and length, from `s` to `g`.
pub struct Asked<'a> {
    pub mesh: &'a MeshWorld,
    pub query: MeshQuery,
    pub answer: (PathStatus, f64),
    pub s: DVec2,
    pub g: DVec2,
}

impl Asked<'_> {
    /// A found path longer than 1e-3 is found again, as long, under a length limit just
    /// above its length, and not found under one just below. Returns whether it applied.
    pub fn check_max_cost(&self, ctx: &mut MeshContext, context: &dyn Fn() -> String) -> bool {
        let (status, length) = self.answer;
        if status != PathStatus::Found || length <= 1e-3 {
            return false;
        }
        let with = |ctx: &mut MeshContext, max: f64| {
            let limits = Limits::default().with_max_cost(max);
            let p = ctx
                .find_path(self.mesh, &self.query.with_limits(limits))
                .unwrap();
            (p.status(), p.cost())
        };
        let above = with(ctx, length * (1.0 + 1e-9));
        assert_eq!(above.0, PathStatus::Found, "max_cost above\n{}", context());
        assert!(same_length(above.1, length, 1e-9), "{}", context());
        let below = with(ctx, length * (1.0 - 1e-6));
        assert_ne!(below.0, PathStatus::Found, "max_cost below\n{}", context());
        true
    }

    /// Under at most `max` expansions with a partial path: a found path as long as the
    /// answer; otherwise (limit reached, or no path where there is none) a partial path that
    /// `check` accepts (given its end, pieces and cost), ending no farther from the goal than
    /// the start, with `slack` of tolerance beyond 1e-4.
    pub fn check_partial(
        &self,
        ctx: &mut MeshContext,
        max: usize,
        slack: f64,
        check: PartialCheck,
        context: &dyn Fn() -> String,
    ) {
        let limits = Limits::default()
            .with_max_expanded(max)
            .with_partial_path(true);
        let limited = ctx
            .find_path(self.mesh, &self.query.with_limits(limits))
            .unwrap();
        match limited.status() {
            PathStatus::Found => {
                assert_eq!(self.answer.0, PathStatus::Found, "limited\n{}", context());
                assert!(
                    same_length(limited.cost(), self.answer.1, 1e-9),
                    "{}",
                    context()
                );
            }
            PathStatus::LimitReached | PathStatus::NoPath => {
                if limited.status() == PathStatus::NoPath {
                    assert_eq!(self.answer.0, PathStatus::NoPath, "limited\n{}", context());
                }
                let pieces = limited.path();
                let end = pieces.last().map_or(self.s, |p| p.end_point().as_dvec2());
                check(end, pieces, limited.cost()).unwrap_or_else(|e| {
                    panic!("partial path: {e}\n{}\npath {pieces:?}", context())
                });
                assert!(
                    end.distance(self.g) <= self.s.distance(self.g) + 1e-4 + slack,
                    "the partial path ends at {end}, farther from the goal than the start\n{}",
                    context()
                );
            }
            other => panic!("limited: {other:?}\n{}", context()),
        }
    }
}
