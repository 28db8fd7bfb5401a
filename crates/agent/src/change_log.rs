//! The regions where a world changed, so that caches can catch up locally.

use std::collections::VecDeque;

use nav_geom::Aabb;

/// One change: the world's version after it and the box it affected.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Change {
    pub version: u64,
    pub region: Aabb,
}

/// The most recent changes of a world, oldest first.
///
/// Bounded: past [`ChangeLog::CAPACITY`] records the oldest are dropped, and a cache that last
/// caught up before the dropped ones clears itself entirely (it cannot know what it missed).
#[derive(Debug, Clone, Default)]
pub(crate) struct ChangeLog {
    records: VecDeque<Change>,
    /// The largest version among dropped records: a cache synced at an older version missed
    /// something.
    horizon: u64,
}

impl ChangeLog {
    /// Records kept. A move writes two (where the obstacle was and where it is), so this is
    /// about two thousand moves between two queries of one context.
    pub const CAPACITY: usize = 4096;

    /// Appends a change.
    pub fn push(&mut self, version: u64, region: Aabb) {
        if self.records.len() == Self::CAPACITY {
            if let Some(oldest) = self.records.pop_front() {
                self.horizon = self.horizon.max(oldest.version);
            }
        }
        self.records.push_back(Change { version, region });
    }

    /// The changes after `version`, oldest first, or `None` if some of them were dropped.
    pub fn since(&self, version: u64) -> Option<impl Iterator<Item = &Change>> {
        if version < self.horizon {
            return None;
        }
        // Versions grow along the deque: skip the prefix a cache has already seen.
        let first = self.records.partition_point(|c| c.version <= version);
        Some(self.records.range(first..))
    }

    /// Forgets every record; a cache older than `version` will have to clear.
    pub fn reset(&mut self, version: u64) {
        self.records.clear();
        self.horizon = version;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nav_geom::Vec2;

    fn unit(x: f32) -> Aabb {
        Aabb::new(Vec2::splat(x), Vec2::splat(x + 1.0))
    }

    #[test]
    fn catching_up_and_falling_behind() {
        let mut log = ChangeLog::default();
        for v in 1..=10u64 {
            log.push(v, unit(v as f32));
        }
        let seen: Vec<u64> = log.since(7).unwrap().map(|c| c.version).collect();
        assert_eq!(seen, [8, 9, 10]);
        assert_eq!(log.since(10).unwrap().count(), 0);
        for v in 11..=(ChangeLog::CAPACITY as u64 + 20) {
            log.push(v, unit(0.0));
        }
        assert!(log.since(7).is_none(), "records after 7 were dropped");
        assert!(log.since(ChangeLog::CAPACITY as u64 + 19).is_some());
        log.reset(100_000);
        assert!(log.since(99_999).is_none());
        assert_eq!(log.since(100_000).unwrap().count(), 0);
    }
}
