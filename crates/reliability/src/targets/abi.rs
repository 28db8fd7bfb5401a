//! Sequences of C ABI calls: create, edit, query and free grids, rules, query contexts and the
//! three kinds of worlds in any order, with hostile numbers (NaN, infinities, extremes, absurd
//! counts), handles of the wrong kind, freed (stale) handles and made-up pointers.
//!
//! Also the wait timeout (hostile values) and the live-handle count.
//!
//! Checked on every call: no `NAV_PANIC`, no `NAV_BUSY` (one thread), a failing call leaves a
//! last error that names the function, a found path's result is sane (finite, non-negative
//! cost; counts within the buffer). At the end every handle the program created is freed and
//! the live-handle count is back where it started: no leak.

use std::ptr;

use nav_ffi::*;

use crate::bytes::Bytes;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Grid,
    Rules,
    Query,
    World,
    CircleWorld,
    MeshWorld,
}

/// A handle the program made, still live or freed (stale).
#[derive(Debug, Clone, Copy)]
struct Slot {
    kind: Kind,
    address: usize,
    live: bool,
}

struct Program {
    slots: Vec<Slot>,
    ids: Vec<u64>,
}

fn check(status: NavStatus, function: &str) -> NavStatus {
    assert_ne!(
        status,
        NavStatus::NavPanic,
        "{function} panicked: {}",
        last_error_message()
    );
    assert_ne!(
        status,
        NavStatus::NavBusy,
        "{function} busy on one thread: {}",
        last_error_message()
    );
    if status != NavStatus::NavOk && status != NavStatus::NavBufferTooSmall {
        let message = last_error_message();
        assert!(
            message.contains(function),
            "{function} failed ({status:?}) with the message {message:?}"
        );
    }
    status
}

fn vec2(b: &mut Bytes) -> NavVec2 {
    NavVec2 {
        x: b.coord(-4.0, 68.0),
        y: b.coord(-4.0, 68.0),
    }
}

fn aabb(b: &mut Bytes) -> NavAabb {
    match b.below(4) {
        0 => NavAabb {
            min: vec2(b),
            max: vec2(b),
        },
        _ => NavAabb {
            min: NavVec2 { x: 0.0, y: 0.0 },
            max: NavVec2 { x: 64.0, y: 64.0 },
        },
    }
}

fn count(b: &mut Bytes, len: usize) -> u32 {
    match b.below(8) {
        0 => u32::MAX,
        1 => 1 << 31,
        2 => b.below(len + 1) as u32,
        _ => len as u32,
    }
}

impl Program {
    /// A handle of `kind`: mostly a live one, sometimes a stale one, one of another kind, NULL
    /// or a made-up address.
    fn pick(&self, b: &mut Bytes, kind: Kind) -> usize {
        match b.below(16) {
            0 => 0,
            1 => 0x1000 + 8 * b.below(64),
            2 if !self.slots.is_empty() => self.slots[b.below(self.slots.len())].address,
            _ => {
                let candidates: Vec<&Slot> = self
                    .slots
                    .iter()
                    .filter(|s| s.kind == kind && s.live)
                    .collect();
                if candidates.is_empty() {
                    self.slots
                        .iter()
                        .find(|s| s.kind == kind)
                        .map_or(0, |s| s.address)
                } else {
                    candidates[b.below(candidates.len())].address
                }
            }
        }
    }

    fn add(&mut self, kind: Kind, address: usize) {
        assert_ne!(address, 0, "a created handle is NULL");
        self.slots.push(Slot {
            kind,
            address,
            live: true,
        });
    }

    fn id(&self, b: &mut Bytes) -> u64 {
        match b.below(8) {
            0 => 0,
            1 => u64::MAX,
            2 => b.u64(),
            _ if self.ids.is_empty() => 1,
            _ => self.ids[b.below(self.ids.len())],
        }
    }

    fn free(&mut self, kind: Kind, address: usize) -> NavStatus {
        // SAFETY: any pointer value is checked against the live handles.
        let status = unsafe {
            match kind {
                Kind::Grid => nav_grid_free(address as *mut NavGrid),
                Kind::Rules => nav_grid_rules_free(address as *mut NavGridRules),
                Kind::Query => nav_query_free(address as *mut NavQuery),
                Kind::World => nav_world_free(address as *mut NavWorld),
                Kind::CircleWorld => nav_circle_world_free(address as *mut NavCircleWorld),
                Kind::MeshWorld => nav_mesh_world_free(address as *mut NavMeshWorld),
            }
        };
        if status == NavStatus::NavOk {
            for s in &mut self.slots {
                if s.address == address && s.kind == kind && s.live {
                    s.live = false;
                }
            }
        }
        status
    }
}

/// The fuzz target: see the module documentation.
pub fn abi_calls(data: &[u8]) {
    let before = live_handle_count();
    let b = &mut Bytes::new(data);
    let mut p = Program {
        slots: Vec::new(),
        ids: Vec::new(),
    };
    for _ in 0..64 {
        if b.is_empty() {
            break;
        }
        // SAFETY (every call below): out-pointers are local variables or buffers of the stated
        // capacity; handles may be anything, which the ABI checks.
        unsafe { step(b, &mut p) };
    }
    // Free what is live (in creation order), and make sure every kind of free worked.
    let slots = p.slots.clone();
    for s in slots.iter().filter(|s| s.live) {
        let status = p.free(s.kind, s.address);
        assert_eq!(
            status,
            NavStatus::NavOk,
            "freeing a live {:?}: {}",
            s.kind,
            last_error_message()
        );
    }
    // SAFETY: no pointers. The timeout is per thread: leave the default for the next input.
    assert_eq!(unsafe { nav_set_wait_timeout(0) }, NavStatus::NavOk);
    // Threads of the test harness may hold handles too: only a single-threaded fuzz run can
    // compare exactly, so compare at least that nothing of ours is left.
    let after = live_handle_count();
    assert!(
        after <= before,
        "handles leaked: {before} before, {after} after"
    );
}

unsafe fn step(b: &mut Bytes, p: &mut Program) {
    let op = b.below(24);
    unsafe {
        match op {
            0 => {
                let mut out: *mut NavGrid = ptr::null_mut();
                let (w, h) = match b.below(4) {
                    0 => (b.u32(), b.u32()),
                    _ => (1 + b.below(40) as u32, 1 + b.below(40) as u32),
                };
                if check(nav_grid_create(w, h, &mut out), "nav_grid_create") == NavStatus::NavOk {
                    p.add(Kind::Grid, out as usize);
                }
            }
            1 => {
                let (w, h) = (1 + b.below(16) as u32, 1 + b.below(16) as u32);
                let cells: Vec<u8> = (0..w * h)
                    .map(|_| if b.below(5) == 0 { 0 } else { 1 })
                    .collect();
                let n = count(b, cells.len());
                let n = n.min(cells.len() as u32); // never claim more than the buffer holds
                let mut out: *mut NavGrid = ptr::null_mut();
                if check(
                    nav_grid_create_from_walkable(w, h, cells.as_ptr(), n, &mut out),
                    "nav_grid_create_from_walkable",
                ) == NavStatus::NavOk
                {
                    p.add(Kind::Grid, out as usize);
                }
            }
            2 => {
                let text: Vec<u8> = (0..b.below(96))
                    .map(|_| [b'.', b'@', b'T', b'\n', b' ', b'1', b'h', b'w'][b.below(8)])
                    .collect();
                let header = b"type octile\nheight 3\nwidth 4\nmap\n";
                let mut all = header.to_vec();
                if b.bool() {
                    all.clear();
                }
                all.extend_from_slice(&text);
                let mut out: *mut NavGrid = ptr::null_mut();
                if check(
                    nav_grid_load_movingai(all.as_ptr(), all.len() as u32, &mut out),
                    "nav_grid_load_movingai",
                ) == NavStatus::NavOk
                {
                    p.add(Kind::Grid, out as usize);
                }
            }
            3 => {
                let mut desc: NavGridRulesDesc = std::mem::zeroed();
                desc.moves = b.below(4) as u32;
                desc.diagonal = b.below(4) as u32;
                desc.heuristic = b.below(6) as u32;
                desc.allow_inadmissible = b.below(3) as u32;
                desc.jump_points = b.below(3) as u32;
                desc.straight_cost = b.f64_from(&[0.0, 1.0, 10.0, -1.0, f64::NAN, 1e300]);
                desc.diagonal_cost = b.f64_from(&[0.0, 1.5, 14.0, 0.5, f64::INFINITY]);
                let moves: Vec<NavGridMove> = (0..b.below(4))
                    .map(|_| NavGridMove {
                        dx: b.below(20) as i32 - 10,
                        dy: b.below(20) as i32 - 10,
                        cost: b.f64_from(&[0.0, 1.0, 2.5, -1.0]),
                    })
                    .collect();
                let n = (count(b, moves.len())).min(moves.len() as u32);
                let moves_ptr = if moves.is_empty() {
                    ptr::null()
                } else {
                    moves.as_ptr()
                };
                let desc_ptr = if b.below(8) == 0 {
                    ptr::null()
                } else {
                    &desc as *const _
                };
                let mut out: *mut NavGridRules = ptr::null_mut();
                if check(
                    nav_grid_rules_create(desc_ptr, moves_ptr, n, &mut out),
                    "nav_grid_rules_create",
                ) == NavStatus::NavOk
                {
                    p.add(Kind::Rules, out as usize);
                }
            }
            4 => {
                let mut out: *mut NavQuery = ptr::null_mut();
                if check(nav_query_create(&mut out), "nav_query_create") == NavStatus::NavOk {
                    p.add(Kind::Query, out as usize);
                }
            }
            5 | 6 => {
                // Free something: live, stale (double free), of the wrong kind, or made up.
                let kind = [
                    Kind::Grid,
                    Kind::Rules,
                    Kind::Query,
                    Kind::World,
                    Kind::CircleWorld,
                    Kind::MeshWorld,
                ][b.below(6)];
                let address = p.pick(b, kind);
                let function = match kind {
                    Kind::Grid => "nav_grid_free",
                    Kind::Rules => "nav_grid_rules_free",
                    Kind::Query => "nav_query_free",
                    Kind::World => "nav_world_free",
                    Kind::CircleWorld => "nav_circle_world_free",
                    Kind::MeshWorld => "nav_mesh_world_free",
                };
                check(p.free(kind, address), function);
            }
            7 => {
                let grid = p.pick(b, Kind::Grid) as *mut NavGrid;
                let (x, y) = (b.below(42) as u32, b.below(42) as u32);
                match b.below(3) {
                    0 => check(
                        nav_grid_set_blocked(grid, x, y, b.below(3) as u32),
                        "nav_grid_set_blocked",
                    ),
                    1 => check(
                        nav_grid_set_terrain(grid, x, y, b.u16() as u32),
                        "nav_grid_set_terrain",
                    ),
                    _ => check(
                        nav_grid_set_cost_multiplier(
                            grid,
                            x,
                            y,
                            b.f64_from(&[1.0, 2.0, 0.5, 0.0, -1.0, f64::NAN, 1e39]),
                        ),
                        "nav_grid_set_cost_multiplier",
                    ),
                };
            }
            8 | 9 => {
                let grid = p.pick(b, Kind::Grid) as *const NavGrid;
                let query = p.pick(b, Kind::Query) as *mut NavQuery;
                let rules = if b.bool() {
                    ptr::null()
                } else {
                    p.pick(b, Kind::Rules) as *const NavGridRules
                };
                let options = NavGridQueryOptions {
                    max_expanded: [0, 1, 10, u64::MAX][b.below(4)],
                    max_cost: b.f64_from(&[0.0, 5.0, f64::INFINITY, -1.0, f64::NAN]),
                    partial_path: b.below(3) as u32,
                    agent_size: [0, 1, 2, 3, 256, u32::MAX][b.below(6)],
                };
                let start = NavCell {
                    x: b.below(42) as u32,
                    y: b.below(42) as u32,
                };
                let goal = NavCell {
                    x: b.below(42) as u32,
                    y: b.below(42) as u32,
                };
                let capacity = [0usize, 1, 8, 256][b.below(4)];
                let mut cells = vec![NavCell { x: 0, y: 0 }; capacity];
                let mut costs = vec![0.0f64; capacity];
                let mut result = NavGridPathResult::default();
                let (cells_ptr, costs_ptr) = if capacity == 0 {
                    (ptr::null_mut(), ptr::null_mut())
                } else {
                    (cells.as_mut_ptr(), costs.as_mut_ptr())
                };
                let status = check(
                    nav_grid_find_path(
                        grid,
                        query,
                        rules,
                        &options,
                        start,
                        goal,
                        cells_ptr,
                        costs_ptr,
                        capacity as u32,
                        &mut result,
                    ),
                    "nav_grid_find_path",
                );
                if status == NavStatus::NavOk {
                    assert!(
                        result.cost.is_finite() && result.cost >= 0.0,
                        "grid cost {}",
                        result.cost
                    );
                    assert!(result.cell_count as usize <= capacity);
                }
            }
            10 => {
                let query = p.pick(b, Kind::Query) as *mut NavQuery;
                let mut n = 0u32;
                let mut buf = [NavCell { x: 0, y: 0 }; 4];
                check(
                    nav_query_grid_path(query, buf.as_mut_ptr(), ptr::null_mut(), 4, &mut n),
                    "nav_query_grid_path",
                );
            }
            11 => {
                let b2 = aabb(b);
                let mut out: *mut NavWorld = ptr::null_mut();
                let cell_size = [0.0, 1.0, 0.5, -1.0, f32::NAN, 1e-9][b.below(6)];
                if check(
                    nav_world_create(&b2, cell_size, &mut out),
                    "nav_world_create",
                ) == NavStatus::NavOk
                {
                    p.add(Kind::World, out as usize);
                }
            }
            12 => {
                let world = p.pick(b, Kind::World) as *mut NavWorld;
                let mut id = 0u64;
                let status = if b.bool() {
                    check(
                        nav_world_insert_box(world, aabb(b), b.below(3) as u32, &mut id),
                        "nav_world_insert_box",
                    )
                } else {
                    check(
                        nav_world_insert_circle(
                            world,
                            vec2(b),
                            b.length(8.0),
                            b.below(3) as u32,
                            &mut id,
                        ),
                        "nav_world_insert_circle",
                    )
                };
                if status == NavStatus::NavOk {
                    p.ids.push(id);
                }
            }
            13 => {
                let world = p.pick(b, Kind::World) as *mut NavWorld;
                let id = p.id(b);
                match b.below(3) {
                    0 => check(nav_world_move_box(world, id, aabb(b)), "nav_world_move_box"),
                    1 => check(
                        nav_world_move_circle(world, id, vec2(b), b.length(8.0)),
                        "nav_world_move_circle",
                    ),
                    _ => check(nav_world_remove(world, id), "nav_world_remove"),
                };
            }
            14 => {
                let world = p.pick(b, Kind::World) as *const NavWorld;
                let query = p.pick(b, Kind::Query) as *mut NavQuery;
                let mut agent: NavAgentDesc = std::mem::zeroed();
                agent.radius = b.length(4.0);
                agent.step = [0.0, 1.0, 0.5, 0.01, -1.0, f32::NAN][b.below(6)];
                agent.heuristic = b.below(3) as u32;
                agent.own_obstacle = if b.below(4) == 0 { p.id(b) } else { 0 };
                let mut options: NavWorldQueryOptions = std::mem::zeroed();
                options.max_expanded = [0, 1, 50][b.below(3)];
                if options.max_expanded == 0 && agent.step == 0.01 {
                    // The fine step over the 64 x 64 world is a lattice of 4e7 nodes: an
                    // unlimited search that fails expands them all (seconds per input, found as
                    // libFuzzer timeouts). The same code runs under a cap; unlimited searches
                    // keep the coarser steps.
                    options.max_expanded = 20_000;
                }
                options.partial_path = b.below(3) as u32;
                options.raw_path = b.below(3) as u32;
                let capacity = [0usize, 2, 64][b.below(3)];
                let mut points = vec![NavVec2 { x: 0.0, y: 0.0 }; capacity];
                let points_ptr = if capacity == 0 {
                    ptr::null_mut()
                } else {
                    points.as_mut_ptr()
                };
                let mut result = NavWorldPathResult::default();
                let status = check(
                    nav_world_find_path(
                        world,
                        query,
                        &agent,
                        &options,
                        vec2(b),
                        vec2(b),
                        points_ptr,
                        capacity as u32,
                        &mut result,
                    ),
                    "nav_world_find_path",
                );
                if status == NavStatus::NavOk {
                    assert!(result.length.is_finite() && result.length >= 0.0);
                }
            }
            15 => {
                let b2 = aabb(b);
                let mut out: *mut NavCircleWorld = ptr::null_mut();
                if check(
                    nav_circle_world_create(&b2, &mut out),
                    "nav_circle_world_create",
                ) == NavStatus::NavOk
                {
                    p.add(Kind::CircleWorld, out as usize);
                }
            }
            16 => {
                let world = p.pick(b, Kind::CircleWorld) as *mut NavCircleWorld;
                let mut id = 0u64;
                match b.below(4) {
                    0 | 1 => {
                        if check(
                            nav_circle_world_insert(world, vec2(b), b.length(8.0), &mut id),
                            "nav_circle_world_insert",
                        ) == NavStatus::NavOk
                        {
                            p.ids.push(id);
                        }
                    }
                    2 => {
                        let id = p.id(b);
                        check(
                            nav_circle_world_set(world, id, vec2(b), b.length(8.0)),
                            "nav_circle_world_set",
                        );
                    }
                    _ => {
                        let id = p.id(b);
                        check(
                            nav_circle_world_remove(world, id),
                            "nav_circle_world_remove",
                        );
                    }
                }
            }
            17 => {
                let world = p.pick(b, Kind::CircleWorld) as *const NavCircleWorld;
                let query = p.pick(b, Kind::Query) as *mut NavQuery;
                let mut options: NavCircleQueryOptions = std::mem::zeroed();
                options.max_expanded = [0, 1, 50][b.below(3)];
                options.max_length = b.f64_from(&[0.0, 10.0, f64::INFINITY, -1.0, f64::NAN]);
                options.partial_path = b.below(3) as u32;
                options.reserved = (b.below(8) == 0) as u32;
                let capacity = [0usize, 2, 64][b.below(3)];
                let mut pieces = vec![NavPathPiece::default(); capacity];
                let pieces_ptr = if capacity == 0 {
                    ptr::null_mut()
                } else {
                    pieces.as_mut_ptr()
                };
                let mut result = NavCirclePathResult::default();
                let status = check(
                    nav_circle_world_find_path(
                        world,
                        query,
                        b.length(4.0),
                        &options,
                        vec2(b),
                        vec2(b),
                        pieces_ptr,
                        capacity as u32,
                        &mut result,
                    ),
                    "nav_circle_world_find_path",
                );
                if status == NavStatus::NavOk {
                    assert!(result.length.is_finite() && result.length >= 0.0);
                    let mut points = [NavVec2 { x: 0.0, y: 0.0 }; 16];
                    let mut n = 0u32;
                    check(
                        nav_query_circle_path_polyline(
                            query,
                            [0.1, 0.0, -1.0, f32::NAN][b.below(4)],
                            points.as_mut_ptr(),
                            16,
                            &mut n,
                        ),
                        "nav_query_circle_path_polyline",
                    );
                }
            }
            18 => {
                let mut out: *mut NavMeshWorld = ptr::null_mut();
                let status = if b.below(4) == 0 {
                    let points: Vec<NavVec2> = (0..3 + b.below(5)).map(|_| vec2(b)).collect();
                    let n = count(b, points.len()).min(points.len() as u32);
                    check(
                        nav_mesh_world_create_polygon(points.as_ptr(), n, &mut out),
                        "nav_mesh_world_create_polygon",
                    )
                } else {
                    let b2 = aabb(b);
                    check(
                        nav_mesh_world_create(&b2, &mut out),
                        "nav_mesh_world_create",
                    )
                };
                if status == NavStatus::NavOk {
                    p.add(Kind::MeshWorld, out as usize);
                }
            }
            19 => {
                let world = p.pick(b, Kind::MeshWorld) as *mut NavMeshWorld;
                let mut id = 0u64;
                let status = match b.below(6) {
                    0 | 1 => {
                        let c = vec2(b);
                        let n = 3 + b.below(6);
                        let points: Vec<NavVec2> = (0..n)
                            .map(|i| {
                                let a = std::f32::consts::TAU * i as f32 / n as f32;
                                let r = 0.5 + b.u8() as f32 / 32.0;
                                NavVec2 {
                                    x: c.x + r * a.cos(),
                                    y: c.y + r * a.sin(),
                                }
                            })
                            .collect();
                        let k = count(b, points.len()).min(points.len() as u32);
                        check(
                            nav_mesh_world_insert_polygon(world, points.as_ptr(), k, &mut id),
                            "nav_mesh_world_insert_polygon",
                        )
                    }
                    2 => check(
                        nav_mesh_world_insert_box(world, aabb(b), &mut id),
                        "nav_mesh_world_insert_box",
                    ),
                    3 => check(
                        nav_mesh_world_insert_circle(world, vec2(b), b.length(8.0), &mut id),
                        "nav_mesh_world_insert_circle",
                    ),
                    4 => {
                        let id = p.id(b);
                        check(
                            nav_mesh_world_set_box(world, id, aabb(b)),
                            "nav_mesh_world_set_box",
                        );
                        NavStatus::NavInvalidArgument
                    }
                    _ => {
                        let id = p.id(b);
                        check(nav_mesh_world_remove(world, id), "nav_mesh_world_remove");
                        NavStatus::NavInvalidArgument
                    }
                };
                if status == NavStatus::NavOk {
                    p.ids.push(id);
                }
            }
            20 => {
                let world = p.pick(b, Kind::MeshWorld) as *const NavMeshWorld;
                let query = p.pick(b, Kind::Query) as *mut NavQuery;
                let mut options: NavMeshQueryOptions = std::mem::zeroed();
                options.max_expanded = [0, 1, 50][b.below(3)];
                options.max_length = b.f64_from(&[0.0, 10.0, f64::INFINITY, -1.0, f64::NAN]);
                options.partial_path = b.below(3) as u32;
                let capacity = [0usize, 2, 64][b.below(3)];
                let mut pieces = vec![NavPathPiece::default(); capacity];
                let pieces_ptr = if capacity == 0 {
                    ptr::null_mut()
                } else {
                    pieces.as_mut_ptr()
                };
                let mut result = NavMeshPathResult::default();
                let status = check(
                    nav_mesh_world_find_path(
                        world,
                        query,
                        b.length(4.0),
                        &options,
                        vec2(b),
                        vec2(b),
                        pieces_ptr,
                        capacity as u32,
                        &mut result,
                    ),
                    "nav_mesh_world_find_path",
                );
                if status == NavStatus::NavOk {
                    assert!(result.length.is_finite() && result.length >= 0.0);
                    let mut points = [NavVec2 { x: 0.0, y: 0.0 }; 16];
                    let mut n = 0u32;
                    check(
                        nav_query_mesh_path_polyline(
                            query,
                            [0.1, 0.0, -1.0, f32::NAN][b.below(4)],
                            points.as_mut_ptr(),
                            16,
                            &mut n,
                        ),
                        "nav_query_mesh_path_polyline",
                    );
                }
                if b.below(4) == 0 {
                    // The context's cache limit, and what its lists hold.
                    let bytes = [0, 1, 1 << 20, u64::MAX][b.below(4)];
                    check(
                        nav_query_set_mesh_cache_limit(query, bytes),
                        "nav_query_set_mesh_cache_limit",
                    );
                    let mut held = 0u64;
                    let out = if b.below(8) == 0 {
                        ptr::null_mut()
                    } else {
                        &mut held as *mut u64
                    };
                    check(
                        nav_query_mesh_cache_bytes(query, out),
                        "nav_query_mesh_cache_bytes",
                    );
                }
            }
            21 => {
                let world = p.pick(b, Kind::MeshWorld) as *const NavMeshWorld;
                let mut fits = 0u32;
                check(
                    nav_mesh_world_fits(world, vec2(b), b.length(4.0), &mut fits),
                    "nav_mesh_world_fits",
                );
            }
            22 => {
                // Clones of every world kind.
                match b.below(4) {
                    0 => {
                        let mut out: *mut NavGrid = ptr::null_mut();
                        if check(
                            nav_grid_clone(p.pick(b, Kind::Grid) as *const NavGrid, &mut out),
                            "nav_grid_clone",
                        ) == NavStatus::NavOk
                        {
                            p.add(Kind::Grid, out as usize);
                        }
                    }
                    1 => {
                        let mut out: *mut NavWorld = ptr::null_mut();
                        if check(
                            nav_world_clone(p.pick(b, Kind::World) as *const NavWorld, &mut out),
                            "nav_world_clone",
                        ) == NavStatus::NavOk
                        {
                            p.add(Kind::World, out as usize);
                        }
                    }
                    2 => {
                        let mut out: *mut NavCircleWorld = ptr::null_mut();
                        if check(
                            nav_circle_world_clone(
                                p.pick(b, Kind::CircleWorld) as *const NavCircleWorld,
                                &mut out,
                            ),
                            "nav_circle_world_clone",
                        ) == NavStatus::NavOk
                        {
                            p.add(Kind::CircleWorld, out as usize);
                        }
                    }
                    _ => {
                        let mut out: *mut NavMeshWorld = ptr::null_mut();
                        if check(
                            nav_mesh_world_clone(
                                p.pick(b, Kind::MeshWorld) as *const NavMeshWorld,
                                &mut out,
                            ),
                            "nav_mesh_world_clone",
                        ) == NavStatus::NavOk
                        {
                            p.add(Kind::MeshWorld, out as usize);
                        }
                    }
                }
            }
            _ if b.below(4) == 0 => {
                // The wait timeout and the live-handle count.
                match b.below(3) {
                    0 => {
                        let ms = [
                            0,
                            1,
                            250,
                            NAV_MAX_WAIT_TIMEOUT_MS,
                            NAV_MAX_WAIT_TIMEOUT_MS + 1,
                            u32::MAX,
                        ][b.below(6)];
                        let status = check(nav_set_wait_timeout(ms), "nav_set_wait_timeout");
                        assert_eq!(status == NavStatus::NavOk, ms <= NAV_MAX_WAIT_TIMEOUT_MS);
                    }
                    1 => {
                        let mut ms = 0u32;
                        let out = if b.bool() {
                            ptr::null_mut()
                        } else {
                            &mut ms as *mut u32
                        };
                        check(nav_wait_timeout(out), "nav_wait_timeout");
                    }
                    _ => {
                        let mut n = 0u64;
                        let out = if b.bool() {
                            ptr::null_mut()
                        } else {
                            &mut n as *mut u64
                        };
                        if check(nav_live_handles(out), "nav_live_handles") == NavStatus::NavOk {
                            let ours = p.slots.iter().filter(|s| s.live).count() as u64;
                            assert!(n >= ours, "{n} live handles, {ours} of them ours");
                        }
                    }
                }
            }
            _ if b.below(3) == 0 => {
                // Nearest of several goals on the continuous worlds, and a sliced query's
                // state read without stepping.
                let query = p.pick(b, Kind::Query) as *mut NavQuery;
                let goals: Vec<NavVec2> = (0..b.below(5)).map(|_| vec2(b)).collect();
                let n = count(b, goals.len());
                let goals_ptr = if b.below(8) == 0 {
                    ptr::null()
                } else {
                    goals.as_ptr()
                };
                let mut index = 0u32;
                let index_ptr = if b.below(8) == 0 {
                    ptr::null_mut()
                } else {
                    &mut index as *mut u32
                };
                match b.below(4) {
                    0 => {
                        let world = p.pick(b, Kind::World) as *const NavWorld;
                        let agent = NavAgentDesc {
                            radius: b.length(2.0),
                            step: [0.5, 1.0, 0.0, f32::NAN][b.below(4)],
                            ..std::mem::zeroed()
                        };
                        let mut options: NavWorldQueryOptions = std::mem::zeroed();
                        options.max_expanded = [0, 1, 500][b.below(3)];
                        let mut points = [NavVec2 { x: 0.0, y: 0.0 }; 32];
                        let mut result = NavWorldPathResult::default();
                        let status = check(
                            nav_world_find_nearest(
                                world,
                                query,
                                &agent,
                                &options,
                                vec2(b),
                                goals_ptr,
                                n,
                                points.as_mut_ptr(),
                                32,
                                &mut result,
                                index_ptr,
                            ),
                            "nav_world_find_nearest",
                        );
                        if status == NavStatus::NavOk {
                            let found = result.path_status == NavPathStatus::Found as u32;
                            assert_eq!(found, index != u32::MAX);
                        }
                    }
                    1 => {
                        let world = p.pick(b, Kind::CircleWorld) as *const NavCircleWorld;
                        let mut options: NavCircleQueryOptions = std::mem::zeroed();
                        options.max_expanded = [0, 1, 500][b.below(3)];
                        let mut pieces = vec![NavPathPiece::default(); 32];
                        let mut result = NavCirclePathResult::default();
                        let status = check(
                            nav_circle_world_find_nearest(
                                world,
                                query,
                                b.length(2.0),
                                &options,
                                vec2(b),
                                goals_ptr,
                                n,
                                pieces.as_mut_ptr(),
                                32,
                                &mut result,
                                index_ptr,
                            ),
                            "nav_circle_world_find_nearest",
                        );
                        if status == NavStatus::NavOk {
                            let found = result.path_status == NavPathStatus::Found as u32;
                            assert_eq!(found, index != u32::MAX);
                        }
                    }
                    2 => {
                        let world = p.pick(b, Kind::MeshWorld) as *const NavMeshWorld;
                        let mut options: NavMeshQueryOptions = std::mem::zeroed();
                        options.max_expanded = [0, 1, 500][b.below(3)];
                        options.partial_path = b.below(2) as u32;
                        let mut pieces = vec![NavPathPiece::default(); 32];
                        let mut result = NavMeshPathResult::default();
                        let status = check(
                            nav_mesh_world_find_nearest(
                                world,
                                query,
                                b.length(2.0),
                                &options,
                                vec2(b),
                                goals_ptr,
                                n,
                                pieces.as_mut_ptr(),
                                32,
                                &mut result,
                                index_ptr,
                            ),
                            "nav_mesh_world_find_nearest",
                        );
                        if status == NavStatus::NavOk {
                            let found = result.path_status == NavPathStatus::Found as u32
                                && result.partial == 0;
                            assert_eq!(found, index != u32::MAX);
                        }
                    }
                    _ => {
                        let mut state = NavSliceState::default();
                        let out = if b.below(8) == 0 {
                            ptr::null_mut()
                        } else {
                            &mut state as *mut NavSliceState
                        };
                        check(
                            nav_query_slice_state(query, b.below(6) as u32, out),
                            "nav_query_slice_state",
                        );
                    }
                }
            }
            _ => {
                let mut buffer = [0 as std::ffi::c_char; 32];
                let mut needed = 0u32;
                let cap = [0u32, 1, 32][b.below(3)];
                let ptr = if cap == 0 {
                    ptr::null_mut()
                } else {
                    buffer.as_mut_ptr()
                };
                let _ = nav_last_error(ptr, cap, &mut needed);
            }
        }
    }
}
