//! The `NavWorld` (agents of any radius) and `NavCircleWorld` (exact paths around circles)
//! ABI: results equal the Rust crates', bad input is refused with a reason.

mod common;

use std::ptr;

use common::*;
use nav_ffi::*;
use nav_geom::{Aabb, Circle, Vec2};

#[test]
fn agent_world_paths_match_nav_agent() {
    let mut world = ptr::null_mut();
    let query = new_query();
    // SAFETY: valid pointers and buffers throughout; handles are checked.
    unsafe {
        ok(nav_world_create(
            &aabb(0.0, 0.0, 50.0, 50.0),
            0.0,
            &mut world,
        ));
        let mut rock = 0;
        ok(nav_world_insert_circle(
            world,
            v(25.0, 25.0),
            8.0,
            0,
            &mut rock,
        ));
        assert_ne!(rock, 0);
        let mut me = 0;
        ok(nav_world_insert_circle(
            world,
            v(5.0, 25.0),
            1.0,
            1,
            &mut me,
        ));
        let mut wall = 0;
        ok(nav_world_insert_box(
            world,
            aabb(40.0, 0.0, 41.0, 20.0),
            0,
            &mut wall,
        ));
        let mut info = NavWorldInfo::default();
        ok(nav_world_info(world, &mut info));
        assert_eq!(info.obstacle_count, 3);

        let agent = NavAgentDesc {
            radius: 1.0,
            step: 0.5,
            own_obstacle: me,
            ..Default::default()
        };
        let mut points = vec![NavVec2::default(); 256];
        let mut result = NavWorldPathResult::default();
        ok(nav_world_find_path(
            world,
            query,
            &agent,
            ptr::null(),
            v(5.0, 25.0),
            v(45.0, 25.0),
            points.as_mut_ptr(),
            256,
            &mut result,
        ));
        assert_eq!(result.path_status, NavPathStatus::Found as u32);
        let n = result.point_count as usize;
        assert_eq!(points[0], v(5.0, 25.0));
        assert_eq!(points[n - 1], v(45.0, 25.0));
        assert!(result.length > 40.0);

        // The same query in Rust.
        let mut rust_world =
            nav_agent::World::new(Aabb::new(Vec2::ZERO, Vec2::splat(50.0))).unwrap();
        rust_world
            .insert_static(Circle::new(Vec2::new(25.0, 25.0), 8.0))
            .unwrap();
        let rust_me = rust_world
            .insert_dynamic(Circle::new(Vec2::new(5.0, 25.0), 1.0))
            .unwrap();
        rust_world
            .insert_static(Aabb::new(Vec2::new(40.0, 0.0), Vec2::new(41.0, 20.0)))
            .unwrap();
        let rust_agent = nav_agent::Agent::new(1.0, 0.5)
            .unwrap()
            .with_own_obstacle(rust_me);
        let mut ctx = nav_agent::AgentContext::new();
        let rust_query = nav_agent::AgentQuery::new(Vec2::new(5.0, 25.0), Vec2::new(45.0, 25.0))
            .with_agent(&rust_agent)
            .with_limits(
                nav_search::Limits::default().with_max_expanded(nav_agent::DEFAULT_MAX_EXPANDED),
            );
        let answer = ctx.find_path(&rust_world, &rust_query).unwrap();
        assert_eq!(answer.cost(), result.length);
        let rust_path = ctx.last_path().clone();
        assert_eq!(rust_path.length(), result.length);
        let rust_points: Vec<NavVec2> = rust_path.points().iter().map(|&p| p.into()).collect();
        assert_eq!(rust_points, points[..n]);

        // Raw lattice path, buffer protocol, copy from the query.
        let raw = NavWorldQueryOptions {
            raw_path: 1,
            ..Default::default()
        };
        let status = nav_world_find_path(
            world,
            query,
            &agent,
            &raw,
            v(5.0, 25.0),
            v(45.0, 25.0),
            ptr::null_mut(),
            0,
            &mut result,
        );
        assert_eq!(status, NavStatus::NavBufferTooSmall);
        assert_eq!(result.point_count as usize, rust_path.raw_points().len());
        assert_eq!(result.length, rust_path.raw_length());
        let mut count = 0;
        ok(nav_query_world_path(
            query,
            points.as_mut_ptr(),
            256,
            &mut count,
        ));
        assert_eq!(count as usize, rust_path.raw_points().len());

        // Outcomes: a start inside the rock, a goal outside the bounds.
        ok(nav_world_find_path(
            world,
            query,
            &agent,
            ptr::null(),
            v(25.0, 25.0),
            v(45.0, 25.0),
            points.as_mut_ptr(),
            256,
            &mut result,
        ));
        assert_eq!(result.path_status, NavPathStatus::StartBlocked as u32);
        ok(nav_world_find_path(
            world,
            query,
            &agent,
            ptr::null(),
            v(5.0, 25.0),
            v(80.0, 25.0),
            points.as_mut_ptr(),
            256,
            &mut result,
        ));
        assert_eq!(result.path_status, NavPathStatus::OutOfBounds as u32);

        // Clearance queries.
        let mut clear = 9;
        ok(nav_world_disc_is_clear(
            world,
            v(25.0, 25.0),
            1.0,
            0,
            &mut clear,
        ));
        assert_eq!(clear, 0);
        ok(nav_world_disc_is_clear(
            world,
            v(5.0, 25.0),
            1.0,
            me,
            &mut clear,
        ));
        assert_eq!(clear, 1);
        ok(nav_world_segment_is_clear(
            world,
            v(5.0, 5.0),
            v(5.0, 45.0),
            1.0,
            me,
            &mut clear,
        ));
        assert_eq!(clear, 1);

        // Moves and removal.
        ok(nav_world_move_circle(world, me, v(6.0, 25.0), 1.0));
        fails_with(
            nav_world_move_box(world, rock, aabb(0.0, 0.0, 1.0, 1.0)),
            NavStatus::NavInvalidArgument,
            &["static"],
        );
        ok(nav_world_remove(world, wall));
        fails_with(
            nav_world_remove(world, wall),
            NavStatus::NavUnknownObject,
            &[&format!("obstacle {wall} is not in this world")],
        );
        fails_with(
            nav_world_remove(world, 0),
            NavStatus::NavUnknownObject,
            &["0"],
        );
        fails_with(
            nav_world_remove(world, 12345),
            NavStatus::NavUnknownObject,
            &[],
        );

        // Bad input.
        let bad_agents = [
            (
                NavAgentDesc {
                    radius: -1.0,
                    step: 0.5,
                    ..Default::default()
                },
                "radius",
            ),
            (
                NavAgentDesc {
                    radius: f32::NAN,
                    step: 0.5,
                    ..Default::default()
                },
                "radius",
            ),
            (
                NavAgentDesc {
                    radius: 1.0,
                    step: 0.0,
                    ..Default::default()
                },
                "step",
            ),
            (
                NavAgentDesc {
                    radius: 1.0,
                    step: 0.5,
                    heuristic: 3,
                    ..Default::default()
                },
                "agent.heuristic",
            ),
            (
                NavAgentDesc {
                    radius: 1.0,
                    step: 1e-6,
                    ..Default::default()
                },
                "step",
            ),
        ];
        for (agent, word) in bad_agents {
            let status = nav_world_find_path(
                world,
                query,
                &agent,
                ptr::null(),
                v(5.0, 25.0),
                v(45.0, 25.0),
                points.as_mut_ptr(),
                256,
                &mut result,
            );
            assert!(
                matches!(
                    status,
                    NavStatus::NavInvalidArgument | NavStatus::NavInvalidSize
                ),
                "{agent:?}: {status}"
            );
            assert!(
                last_error_message().contains(word),
                "{}",
                last_error_message()
            );
        }
        fails_with(
            nav_world_find_path(
                world,
                query,
                &agent,
                ptr::null(),
                v(f32::NAN, 25.0),
                v(45.0, 25.0),
                points.as_mut_ptr(),
                256,
                &mut result,
            ),
            NavStatus::NavInvalidArgument,
            &["start", "finite"],
        );
        let mut obstacle = 0;
        fails_with(
            nav_world_insert_circle(world, v(1.0, 1.0), -2.0, 0, &mut obstacle),
            NavStatus::NavInvalidArgument,
            &["radius"],
        );
        fails_with(
            nav_world_insert_box(world, aabb(5.0, 5.0, 1.0, 1.0), 0, &mut obstacle),
            NavStatus::NavInvalidArgument,
            &["inverted"],
        );
        fails_with(
            nav_world_insert_box(world, aabb(0.0, 0.0, f32::INFINITY, 1.0), 0, &mut obstacle),
            NavStatus::NavInvalidArgument,
            &["finite"],
        );
        fails_with(
            nav_world_insert_circle(world, v(1.0, 1.0), 1.0, 2, &mut obstacle),
            NavStatus::NavInvalidArgument,
            &["dynamic"],
        );
        let mut other = ptr::null_mut();
        fails_with(
            nav_world_create(&aabb(0.0, 0.0, 0.0, 10.0), 0.0, &mut other),
            NavStatus::NavInvalidArgument,
            &["bounds"],
        );
        fails_with(
            nav_world_create(ptr::null(), 0.0, &mut other),
            NavStatus::NavNullPointer,
            &["bounds"],
        );
        fails_with(
            nav_world_create(&aabb(0.0, 0.0, 10.0, 10.0), -1.0, &mut other),
            NavStatus::NavInvalidArgument,
            &["cell_size"],
        );
        fails_with(
            nav_world_create(&aabb(0.0, 0.0, 1e30, 1e30), 1e-30, &mut other),
            NavStatus::NavInvalidSize,
            &[],
        );
        assert!(other.is_null());
        // A grid handle is not a world.
        let grid = grid_from_ascii(&[".."]);
        fails_with(
            nav_world_info(grid.cast(), &mut info),
            NavStatus::NavInvalidHandle,
            &["NavGrid handle, not a NavWorld"],
        );
        free_grid(grid);

        ok(nav_world_clear(world));
        ok(nav_world_info(world, &mut info));
        assert_eq!(info.obstacle_count, 0);
        let mut copy = ptr::null_mut();
        ok(nav_world_clone(world, &mut copy));
        ok(nav_world_free(copy));
        ok(nav_world_free(world));
        ok(nav_world_free(ptr::null_mut()));
        fails_with(
            nav_world_free(world),
            NavStatus::NavInvalidHandle,
            &["freed"],
        );
    }
    free_query(query);
}

#[test]
fn circle_world_paths_match_nav_tangent() {
    let mut world = ptr::null_mut();
    let query = new_query();
    // SAFETY: valid pointers and buffers throughout; handles are checked.
    unsafe {
        ok(nav_circle_world_create(
            &aabb(0.0, 0.0, 100.0, 100.0),
            &mut world,
        ));
        let mut a = 0;
        let mut b = 0;
        ok(nav_circle_world_insert(world, v(50.0, 50.0), 10.0, &mut a));
        ok(nav_circle_world_insert(world, v(62.0, 45.0), 6.0, &mut b));
        let mut count = 0u64;
        ok(nav_circle_world_count(world, &mut count));
        assert_eq!(count, 2);

        let mut pieces = vec![NavPathPiece::default(); 16];
        let mut result = NavCirclePathResult::default();
        ok(nav_circle_world_find_path(
            world,
            query,
            2.0,
            ptr::null(),
            v(10.0, 50.0),
            v(90.0, 48.0),
            pieces.as_mut_ptr(),
            16,
            &mut result,
        ));
        assert_eq!(result.path_status, NavPathStatus::Found as u32);
        assert!(result.length > 80.0 && result.length < 90.0);
        let n = result.piece_count as usize;
        assert!(
            pieces[..n]
                .iter()
                .any(|p| p.kind == NavPieceKind::Arc as u32)
        );
        assert_eq!(pieces[0].start, v(10.0, 50.0));
        assert_eq!(pieces[n - 1].end, v(90.0, 48.0));
        for w in pieces[..n].windows(2) {
            assert!(
                (w[0].end.x - w[1].start.x).abs() < 1e-3
                    && (w[0].end.y - w[1].start.y).abs() < 1e-3
            );
        }
        for p in &pieces[..n] {
            if p.kind == NavPieceKind::Arc as u32 {
                assert!(p.turn != NavTurn::None as u32 && p.radius > 0.0 && p.sweep >= 0.0);
            } else {
                assert_eq!(p.turn, NavTurn::None as u32);
            }
        }

        // The same query in Rust.
        let mut rust =
            nav_tangent::CircleWorld::new(Aabb::new(Vec2::ZERO, Vec2::splat(100.0))).unwrap();
        rust.insert(Circle::new(Vec2::new(50.0, 50.0), 10.0))
            .unwrap();
        rust.insert(Circle::new(Vec2::new(62.0, 45.0), 6.0))
            .unwrap();
        let mut rust_ctx = nav_tangent::CircleContext::new();
        let rust_query =
            nav_tangent::CircleQuery::new(Vec2::new(10.0, 50.0), Vec2::new(90.0, 48.0))
                .with_radius(2.0);
        let path = rust_ctx.find_path(&rust, &rust_query).unwrap();
        assert_eq!(path.cost(), result.length);
        assert_eq!(path.path().len(), n);

        // Polyline, with the buffer protocol.
        let mut points_needed = 0;
        let status =
            nav_query_circle_path_polyline(query, 0.05, ptr::null_mut(), 0, &mut points_needed);
        assert_eq!(status, NavStatus::NavBufferTooSmall);
        let mut points = vec![NavVec2::default(); points_needed as usize];
        ok(nav_query_circle_path_polyline(
            query,
            0.05,
            points.as_mut_ptr(),
            points_needed,
            &mut points_needed,
        ));
        let expected: Vec<NavVec2> = rust_ctx
            .polyline(0.05)
            .unwrap()
            .iter()
            .map(|&p| p.into())
            .collect();
        assert_eq!(points, expected);
        fails_with(
            nav_query_circle_path_polyline(query, 0.0, ptr::null_mut(), 0, &mut points_needed),
            NavStatus::NavInvalidArgument,
            &["deviation"],
        );
        let mut piece_count = 0;
        ok(nav_query_circle_path(
            query,
            pieces.as_mut_ptr(),
            16,
            &mut piece_count,
        ));
        assert_eq!(piece_count as usize, n);

        // A goal inside a circle names it.
        ok(nav_circle_world_find_path(
            world,
            query,
            2.0,
            ptr::null(),
            v(10.0, 50.0),
            v(50.0, 50.0),
            pieces.as_mut_ptr(),
            16,
            &mut result,
        ));
        assert_eq!(result.path_status, NavPathStatus::GoalBlocked as u32);
        assert_eq!(result.blocking_circle, a);

        // Edits and errors.
        ok(nav_circle_world_set(world, b, v(70.0, 45.0), 3.0));
        ok(nav_circle_world_remove(world, b));
        fails_with(
            nav_circle_world_remove(world, b),
            NavStatus::NavUnknownObject,
            &["not in this world"],
        );
        fails_with(
            nav_circle_world_set(world, b, v(1.0, 1.0), 1.0),
            NavStatus::NavUnknownObject,
            &[&format!("circle {b} is not in this world")],
        );
        let mut c = 0;
        fails_with(
            nav_circle_world_insert(world, v(f32::NAN, 1.0), 1.0, &mut c),
            NavStatus::NavInvalidArgument,
            &["center"],
        );
        fails_with(
            nav_circle_world_insert(world, v(1.0, 1.0), -1.0, &mut c),
            NavStatus::NavInvalidArgument,
            &["radius"],
        );
        fails_with(
            nav_circle_world_find_path(
                world,
                query,
                -2.0,
                ptr::null(),
                v(10.0, 50.0),
                v(90.0, 48.0),
                pieces.as_mut_ptr(),
                16,
                &mut result,
            ),
            NavStatus::NavInvalidArgument,
            &["agent_radius"],
        );
        let bad = NavCircleQueryOptions {
            max_length: f64::NAN,
            ..Default::default()
        };
        fails_with(
            nav_circle_world_find_path(
                world,
                query,
                2.0,
                &bad,
                v(10.0, 50.0),
                v(90.0, 48.0),
                pieces.as_mut_ptr(),
                16,
                &mut result,
            ),
            NavStatus::NavInvalidArgument,
            &["max_length"],
        );
        ok(nav_circle_world_clear(world));
        ok(nav_circle_world_count(world, &mut count));
        assert_eq!(count, 0);
        let mut copy = ptr::null_mut();
        ok(nav_circle_world_clone(world, &mut copy));
        ok(nav_circle_world_free(copy));
        ok(nav_circle_world_free(world));
        fails_with(
            nav_circle_world_free(world),
            NavStatus::NavInvalidHandle,
            &["freed"],
        );
    }
    free_query(query);
}
