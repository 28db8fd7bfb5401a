//! Obstacle and circle ids that name nothing (removed, made up, of another world) are refused
//! with `NAV_UNKNOWN_OBJECT` wherever they are passed, 0 meaning "none" where the header says
//! so; and every message names objects by the `uint64_t` id the caller holds, points and boxes
//! by their numbers, never by Rust's `Debug` output (`ObstacleHandle(ObjectKey(1v1))`).

mod common;

use std::ptr;

use common::*;
use nav_ffi::*;

/// Asserts `status`, that the message names `words`, and that it holds no trace of Rust's
/// `Debug` formatting.
#[track_caller]
fn refused(status: NavStatus, expected: NavStatus, words: &[&str]) {
    fails_with(status, expected, words);
    let message = last_error_message();
    for trace in [
        "Handle", "Key", "Vec2", "Aabb", "Shape", "{", "Some(", "v1)",
    ] {
        assert!(
            !message.contains(trace),
            "{message:?} shows Rust's debug output ({trace:?})"
        );
    }
}

fn find_in_world(world: *const NavWorld, query: *mut NavQuery, own_obstacle: u64) -> NavStatus {
    let agent = NavAgentDesc {
        radius: 1.0,
        step: 1.0,
        own_obstacle,
        ..Default::default()
    };
    let mut points = vec![NavVec2::default(); 256];
    let mut result = NavWorldPathResult::default();
    // SAFETY: a buffer of 256 points, valid pointers; handles are checked.
    unsafe {
        nav_world_find_path(
            world,
            query,
            &agent,
            ptr::null(),
            v(5.0, 5.0),
            v(45.0, 45.0),
            points.as_mut_ptr(),
            256,
            &mut result,
        )
    }
}

#[test]
fn world_messages_name_the_callers_ids() {
    let (mut world, mut other) = (ptr::null_mut(), ptr::null_mut());
    // SAFETY: valid pointers throughout; handles are checked.
    unsafe {
        ok(nav_world_create(
            &aabb(0.0, 0.0, 50.0, 50.0),
            0.0,
            &mut world,
        ));
        ok(nav_world_create(
            &aabb(0.0, 0.0, 50.0, 50.0),
            0.0,
            &mut other,
        ));
        let (mut wall, mut crate_, mut gone) = (0, 0, 0);
        ok(nav_world_insert_box(
            world,
            aabb(20.0, 0.0, 21.0, 10.0),
            0,
            &mut wall,
        ));
        ok(nav_world_insert_box(
            world,
            aabb(30.0, 30.0, 31.0, 31.0),
            1,
            &mut crate_,
        ));
        ok(nav_world_insert_circle(
            world,
            v(40.0, 10.0),
            1.0,
            1,
            &mut gone,
        ));
        ok(nav_world_remove(world, gone));

        let id = |id: u64| format!("obstacle {id} ");
        refused(
            nav_world_remove(world, gone),
            NavStatus::NavUnknownObject,
            &["nav_world_remove", &id(gone)],
        );
        refused(
            nav_world_move_circle(world, gone, v(1.0, 1.0), 1.0),
            NavStatus::NavUnknownObject,
            &["nav_world_move_circle", &id(gone)],
        );
        refused(
            nav_world_move_box(world, wall, aabb(0.0, 0.0, 1.0, 1.0)),
            NavStatus::NavInvalidArgument,
            &["nav_world_move_box", &id(wall), "static"],
        );
        refused(
            nav_world_remove(world, 987_654_321),
            NavStatus::NavUnknownObject,
            &[&id(987_654_321)],
        );
        let mut theirs = 0;
        ok(nav_world_insert_box(
            other,
            aabb(1.0, 1.0, 2.0, 2.0),
            0,
            &mut theirs,
        ));
        ok(nav_world_insert_box(
            other,
            aabb(3.0, 3.0, 4.0, 4.0),
            0,
            &mut theirs,
        ));
        ok(nav_world_insert_box(
            other,
            aabb(5.0, 5.0, 6.0, 6.0),
            0,
            &mut theirs,
        ));
        ok(nav_world_insert_box(
            other,
            aabb(7.0, 7.0, 8.0, 8.0),
            0,
            &mut theirs,
        ));
        refused(
            nav_world_remove(world, theirs),
            NavStatus::NavUnknownObject,
            &[&id(theirs)],
        );

        // A world without area: its bounds as numbers.
        let mut flat = ptr::null_mut();
        refused(
            nav_world_create(&aabb(0.0, 0.0, 0.0, 10.0), 0.0, &mut flat),
            NavStatus::NavInvalidArgument,
            &["nav_world_create", "min (0, 0), max (0, 10)"],
        );
        assert!(flat.is_null());
        ok(nav_world_free(other));
        ok(nav_world_free(world));
    }
}

#[test]
fn an_unknown_own_or_ignored_obstacle_is_refused() {
    let mut world = ptr::null_mut();
    let query = new_query();
    // SAFETY: valid pointers throughout; handles are checked.
    unsafe {
        ok(nav_world_create(
            &aabb(0.0, 0.0, 50.0, 50.0),
            0.0,
            &mut world,
        ));
        let (mut me, mut gone) = (0, 0);
        ok(nav_world_insert_circle(world, v(5.0, 5.0), 1.0, 1, &mut me));
        ok(nav_world_insert_circle(
            world,
            v(9.0, 9.0),
            1.0,
            1,
            &mut gone,
        ));
        ok(nav_world_remove(world, gone));

        // 0 is "none"; a live id is accepted.
        ok(find_in_world(world, query, 0));
        ok(find_in_world(world, query, me));
        for unknown in [gone, me + 1_000_000, u64::MAX] {
            refused(
                find_in_world(world, query, unknown),
                NavStatus::NavUnknownObject,
                &[
                    "nav_world_find_path",
                    "agent.own_obstacle",
                    &unknown.to_string(),
                ],
            );
        }

        let mut clear = 7;
        ok(nav_world_disc_is_clear(
            world,
            v(5.0, 5.0),
            1.0,
            me,
            &mut clear,
        ));
        assert_eq!(clear, 1, "the ignored obstacle does not count");
        ok(nav_world_disc_is_clear(
            world,
            v(5.0, 5.0),
            1.0,
            0,
            &mut clear,
        ));
        assert_eq!(clear, 0);
        refused(
            nav_world_disc_is_clear(world, v(5.0, 5.0), 1.0, gone, &mut clear),
            NavStatus::NavUnknownObject,
            &[
                "nav_world_disc_is_clear",
                "ignore_obstacle",
                &gone.to_string(),
            ],
        );
        refused(
            nav_world_segment_is_clear(world, v(1.0, 1.0), v(9.0, 1.0), 0.5, gone, &mut clear),
            NavStatus::NavUnknownObject,
            &[
                "nav_world_segment_is_clear",
                "ignore_obstacle",
                &gone.to_string(),
            ],
        );
        ok(nav_world_free(world));
    }
    free_query(query);
}

#[test]
fn circle_world_messages_name_the_callers_ids() {
    let mut world = ptr::null_mut();
    // SAFETY: valid pointers throughout; handles are checked.
    unsafe {
        ok(nav_circle_world_create(
            &aabb(0.0, 0.0, 100.0, 100.0),
            &mut world,
        ));
        let mut gone = 0;
        ok(nav_circle_world_insert(
            world,
            v(50.0, 50.0),
            5.0,
            &mut gone,
        ));
        ok(nav_circle_world_remove(world, gone));
        refused(
            nav_circle_world_set(world, gone, v(1.0, 1.0), 1.0),
            NavStatus::NavUnknownObject,
            &["nav_circle_world_set", &format!("circle {gone} ")],
        );
        refused(
            nav_circle_world_remove(world, gone),
            NavStatus::NavUnknownObject,
            &["nav_circle_world_remove", &format!("circle {gone} ")],
        );
        refused(
            nav_circle_world_set(world, 4242, v(1.0, 1.0), 1.0),
            NavStatus::NavUnknownObject,
            &["circle 4242 "],
        );
        ok(nav_circle_world_free(world));
    }
}
