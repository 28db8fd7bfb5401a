//! Smoothing a lattice path by pulling it taut between obstacles.

use nav_geom::Vec2;

/// Writes into `out` a shortcut of `raw`: a sub-sequence of its points, from the first to the
/// last, in which each segment passes `clear`.
///
/// From each kept point (the anchor) the next kept point is found by galloping along the raw
/// path (anchor + 1, + 2, + 4, ...) until a point is out of sight, then bisecting between the
/// last point in sight and that one. Only segments that pass `clear` are kept, so the result
/// is as safe as the test; visibility along a path is not monotone, so the chosen point is a
/// far one in sight, not always the farthest. Each kept segment replaces a piece of the raw
/// path by a straight line, so the result is never longer than `raw`; it costs O(log n) tests
/// per kept point instead of the O(n) of walking the raw points one by one.
///
/// `clear(raw[i], raw[i + 1])` is assumed true (they are edges of the raw path).
pub(crate) fn string_pull(
    raw: &[Vec2],
    out: &mut Vec<Vec2>,
    mut clear: impl FnMut(Vec2, Vec2) -> bool,
) {
    out.clear();
    let Some(&first) = raw.first() else {
        return;
    };
    out.push(first);
    let last = raw.len() - 1;
    let mut anchor = 0;
    while anchor < last {
        let from = raw[anchor];
        let mut good = anchor + 1;
        let mut stride = 1;
        let mut bad = None;
        while good < last {
            let probe = (good + stride).min(last);
            if clear(from, raw[probe]) {
                good = probe;
                stride *= 2;
            } else {
                bad = Some(probe);
                break;
            }
        }
        if let Some(mut bad) = bad {
            while bad - good > 1 {
                let mid = good + (bad - good) / 2;
                if clear(from, raw[mid]) {
                    good = mid;
                } else {
                    bad = mid;
                }
            }
        }
        out.push(raw[good]);
        anchor = good;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_ground_pulls_to_one_segment() {
        let raw: Vec<Vec2> = (0..=20)
            .map(|i| Vec2::new(i as f32, (i % 2) as f32))
            .collect();
        let mut out = Vec::new();
        let mut tests = 0;
        string_pull(&raw, &mut out, |_, _| {
            tests += 1;
            true
        });
        assert_eq!(out, [raw[0], raw[20]]);
        assert!(tests <= 6, "galloping: {tests} tests");
    }

    #[test]
    fn a_wall_keeps_the_corner() {
        // An L-shaped path around the corner (5, 5): a segment that cuts below the line
        // y = x - 0 near the corner is "blocked".
        let mut raw: Vec<Vec2> = (0..=5).map(|i| Vec2::new(i as f32, 0.0)).collect();
        raw.extend((1..=5).map(|j| Vec2::new(5.0, j as f32)));
        let mut out = Vec::new();
        // Blocked when the segment passes strictly inside the square (0,1)-(4.5,5).
        let clear = |a: Vec2, b: Vec2| {
            (0..=100).all(|k| {
                let p = a.lerp(b, k as f32 / 100.0);
                !(p.x < 4.5 && p.y > 1.0)
            })
        };
        string_pull(&raw, &mut out, clear);
        assert_eq!(out.first(), Some(&raw[0]));
        assert_eq!(out.last(), Some(&raw[10]));
        for w in out.windows(2) {
            assert!(clear(w[0], w[1]));
        }
        assert!(out.len() < raw.len());
    }

    #[test]
    fn tiny_inputs() {
        let mut out = vec![Vec2::ONE];
        string_pull(&[], &mut out, |_, _| true);
        assert!(out.is_empty());
        string_pull(&[Vec2::ONE], &mut out, |_, _| true);
        assert_eq!(out, [Vec2::ONE]);
        string_pull(&[Vec2::ONE, Vec2::ZERO], &mut out, |_, _| false);
        assert_eq!(out, [Vec2::ONE, Vec2::ZERO]);
    }
}
