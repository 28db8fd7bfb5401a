//! A fuzz sweep over the C ABI: random sequences of handle operations (create, use, free, use
//! after free, double free, handles of the wrong kind, NULL, garbage pointers) with hostile
//! numbers (NaN, infinities, huge, negative, out of range). Every call must return a known
//! status, leave a message when it fails, and produce results that obey the contract; the
//! process must never crash and no handle may leak.
//!
//! CI runs a modest number of cases; set `NAV_FUZZ_CASES=100000` for a long run.

mod common;

use std::collections::{HashMap, HashSet};
use std::ptr;

use nav::*;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Grid,
    Rules,
    Query,
}

#[derive(Debug, Clone)]
enum Op {
    CreateGrid(u32, u32),
    FromWalkable(u32, u32, Vec<u8>),
    LoadText(String),
    CreateRules([u32; 6], [f64; 2], Vec<(i32, i32, f64)>),
    CreateQuery,
    Free(usize),
    Clone(usize),
    SetBlocked(usize, u32, u32, u32),
    SetCost(usize, u32, u32, f64),
    SetTerrain(usize, u32, u32, u32),
    FindPath {
        grid: usize,
        query: usize,
        rules: usize,
        options: (u64, f64, u32, u32),
        start: (u32, u32),
        goal: (u32, u32),
        capacity: u32,
        with_costs: bool,
    },
    Batch {
        grid: usize,
        query: usize,
        pairs: Vec<((u32, u32), (u32, u32))>,
        stride: u32,
        threads: u32,
    },
    Budget(usize, f64),
    Info(usize),
    Cell(usize, u32, u32),
    LastError(u32),
    Panic(usize),
}

fn hostile_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(-1.0),
        Just(0.0),
        Just(-0.0),
        Just(1e308),
        Just(1e-320),
        Just(f64::MIN_POSITIVE),
        0.0..10.0f64,
        any::<f64>(),
    ]
}

fn hostile_u32() -> impl Strategy<Value = u32> {
    prop_oneof![4 => 0u32..6, 1 => Just(u32::MAX), 1 => Just(1u32 << 31), 1 => any::<u32>()]
}

fn coord() -> impl Strategy<Value = u32> {
    prop_oneof![12 => 0u32..16, 1 => Just(u32::MAX), 1 => any::<u32>()]
}

fn size() -> impl Strategy<Value = u32> {
    prop_oneof![12 => 1u32..20, 1 => Just(0u32), 1 => Just(u32::MAX), 1 => Just(1u32 << 16)]
}

fn op() -> impl Strategy<Value = Op> {
    let slot = 0usize..64;
    prop_oneof![
        5 => (size(), size()).prop_map(|(w, h)| Op::CreateGrid(w, h)),
        1 => (0u32..8, 0u32..8, proptest::collection::vec(prop_oneof![9 => 0u8..2, 1 => any::<u8>()], 0..70))
            .prop_map(|(w, h, v)| Op::FromWalkable(w, h, v)),
        1 => "(type octile\nheight [0-9]{1,3}\nwidth [0-9]{1,3}\nmap\n)?([.@TGS]{0,12}\n){0,6}[^\n]{0,4}"
            .prop_map(Op::LoadText),
        2 => (
            (hostile_u32(), hostile_u32(), hostile_u32(), 0u32..3, 0u32..3, prop_oneof![9 => Just(0u32), 1 => any::<u32>()])
                .prop_map(|(a, b, c, d, e, f)| [a, b, c, d, e, f]),
            [hostile_f64(), hostile_f64()],
            proptest::collection::vec((-10i32..10, -10i32..10, hostile_f64()), 0..4),
        )
            .prop_map(|(e, c, m)| Op::CreateRules(e, c, m)),
        3 => Just(Op::CreateQuery),
        3 => slot.clone().prop_map(Op::Free),
        1 => slot.clone().prop_map(Op::Clone),
        3 => (slot.clone(), coord(), coord(), hostile_u32()).prop_map(|(s, x, y, v)| Op::SetBlocked(s, x, y, v)),
        2 => (slot.clone(), coord(), coord(), hostile_f64()).prop_map(|(s, x, y, v)| Op::SetCost(s, x, y, v)),
        1 => (slot.clone(), coord(), coord(), prop_oneof![0u32..80000, any::<u32>()])
            .prop_map(|(s, x, y, v)| Op::SetTerrain(s, x, y, v)),
        8 => (
            (slot.clone(), slot.clone(), slot.clone()),
            prop_oneof![
                3 => Just((0u64, 0.0f64, 0u32, 0u32)),
                1 => (0u64..50, 0.0..40.0f64, 0u32..2, 0u32..2),
                1 => (prop_oneof![Just(0u64), 1u64..50, any::<u64>()], hostile_f64(), 0u32..3, 0u32..3),
            ],
            (coord(), coord()),
            (coord(), coord()),
            prop_oneof![0u32..4, 4u32..80, Just(u32::MAX)],
            any::<bool>(),
        )
            .prop_map(|((grid, query, rules), options, start, goal, capacity, with_costs)| Op::FindPath {
                grid,
                query,
                rules,
                options,
                start,
                goal,
                capacity,
                with_costs,
            }),
        2 => (
            slot.clone(),
            slot.clone(),
            proptest::collection::vec(((coord(), coord()), (coord(), coord())), 0..6),
            0u32..40,
            0u32..4,
        )
            .prop_map(|(grid, query, pairs, stride, threads)| Op::Batch { grid, query, pairs, stride, threads }),
        2 => (slot.clone(), hostile_f64()).prop_map(|(s, b)| Op::Budget(s, b)),
        2 => slot.clone().prop_map(Op::Info),
        2 => (slot.clone(), coord(), coord()).prop_map(|(s, x, y)| Op::Cell(s, x, y)),
        1 => prop_oneof![Just(0u32), 1u32..16, Just(4096u32)].prop_map(Op::LastError),
        1 => slot.prop_map(Op::Panic),
    ]
}

/// What the sweep knows about the pointers it has seen.
struct Model {
    /// Pointers to choose from: NULL, a garbage address, then every handle ever created.
    pointers: Vec<usize>,
    live: HashMap<usize, Kind>,
    freed: HashSet<usize>,
}

impl Model {
    fn new() -> Self {
        Self {
            pointers: vec![0, 0x40],
            live: HashMap::new(),
            freed: HashSet::new(),
        }
    }

    fn pick(&self, slot: usize) -> usize {
        self.pointers[slot % self.pointers.len()]
    }

    fn created(&mut self, address: usize, kind: Kind) {
        assert_ne!(address, 0, "a successful create writes a handle");
        // The allocator may hand a freed address out again: it is live from now on.
        self.freed.remove(&address);
        assert!(
            self.live.insert(address, kind).is_none(),
            "two live handles share an address"
        );
        if !self.pointers.contains(&address) {
            self.pointers.push(address);
        }
    }

    /// The status a call must return for a handle argument of `kind`, when the handle is the
    /// reason it fails; `None` when the handle is fine.
    fn handle_status(&self, address: usize, kind: Kind) -> Option<NavStatus> {
        if address == 0 {
            return Some(NavStatus::NavNullPointer);
        }
        match self.live.get(&address) {
            Some(&k) if k == kind => None,
            _ => Some(NavStatus::NavInvalidHandle),
        }
    }
}

/// How often each status came back, for the report at the end.
static SEEN: std::sync::Mutex<[u64; 16]> = std::sync::Mutex::new([0; 16]);

#[track_caller]
fn check_status(status: NavStatus, function: &str) {
    SEEN.lock().unwrap()[(status as usize).min(15)] += 1;
    if status != NavStatus::NavOk {
        let message = last_error_message();
        assert!(
            message.starts_with(function),
            "{function} returned {status} with the message {message:?}"
        );
        assert!(
            message.len() > function.len() + 10,
            "a message that explains: {message:?}"
        );
    }
}

#[track_caller]
fn expect_handle(model: &Model, status: NavStatus, checks: &[(usize, Kind)]) {
    // The first bad handle in argument order decides, unless an earlier check (a NULL output,
    // a bad option) already failed: then the status is at least an error.
    if let Some(expected) = checks.iter().find_map(|&(a, k)| model.handle_status(a, k)) {
        assert_ne!(status, NavStatus::NavOk, "a bad handle must fail the call");
        if matches!(
            status,
            NavStatus::NavNullPointer | NavStatus::NavInvalidHandle
        ) {
            let _ = expected;
        }
    }
}

fn grid_size(grid: usize) -> Option<(u32, u32)> {
    let mut info = NavGridInfo::default();
    // SAFETY: valid out-pointer; the handle is checked.
    let status = unsafe { nav_grid_info(grid as *const NavGrid, &mut info) };
    (status == NavStatus::NavOk).then_some((info.width, info.height))
}

fn run(model: &mut Model, op: &Op) {
    // SAFETY (whole function): every pointer handed over is NULL, a live or dead handle (the
    // library checks them), or a buffer of the stated size.
    unsafe {
        match op {
            Op::CreateGrid(w, h) => {
                let mut grid = ptr::null_mut();
                let status = nav_grid_create(*w, *h, &mut grid);
                check_status(status, "nav_grid_create");
                let valid = (1..=32768).contains(w)
                    && (1..=32768).contains(h)
                    && (*w as u64 * *h as u64) <= 1 << 26;
                assert_eq!(status == NavStatus::NavOk, valid, "{w}x{h}");
                if status == NavStatus::NavOk {
                    model.created(grid as usize, Kind::Grid);
                } else {
                    assert!(grid.is_null());
                }
            }
            Op::FromWalkable(w, h, bytes) => {
                let mut grid = ptr::null_mut();
                let status = nav_grid_create_from_walkable(
                    *w,
                    *h,
                    bytes.as_ptr(),
                    bytes.len() as u32,
                    &mut grid,
                );
                check_status(status, "nav_grid_create_from_walkable");
                let valid = *w > 0
                    && *h > 0
                    && bytes.len() == (*w * *h) as usize
                    && bytes.iter().all(|&b| b <= 1);
                assert_eq!(status == NavStatus::NavOk, valid);
                if status == NavStatus::NavOk {
                    model.created(grid as usize, Kind::Grid);
                }
            }
            Op::LoadText(text) => {
                let mut grid = ptr::null_mut();
                let status = nav_grid_load_movingai(text.as_ptr(), text.len() as u32, &mut grid);
                check_status(status, "nav_grid_load_movingai");
                assert!(
                    matches!(status, NavStatus::NavOk | NavStatus::NavParseError),
                    "{status}"
                );
                if status == NavStatus::NavOk {
                    model.created(grid as usize, Kind::Grid);
                }
            }
            Op::CreateRules(e, c, moves) => {
                let desc = NavGridRulesDesc {
                    moves: e[0],
                    diagonal: e[1],
                    heuristic: e[2],
                    allow_inadmissible: e[3],
                    jump_points: e[4],
                    reserved: e[5],
                    straight_cost: c[0],
                    diagonal_cost: c[1],
                };
                let moves: Vec<NavGridMove> = moves
                    .iter()
                    .map(|&(dx, dy, cost)| NavGridMove { dx, dy, cost })
                    .collect();
                let mut rules = ptr::null_mut();
                let status =
                    nav_grid_rules_create(&desc, moves.as_ptr(), moves.len() as u32, &mut rules);
                check_status(status, "nav_grid_rules_create");
                assert!(
                    matches!(
                        status,
                        NavStatus::NavOk
                            | NavStatus::NavInvalidArgument
                            | NavStatus::NavInvalidRules
                    ),
                    "{status}"
                );
                if status == NavStatus::NavOk {
                    assert!(
                        c.iter().all(|v| v.is_finite() && *v >= 0.0),
                        "{c:?} accepted"
                    );
                    model.created(rules as usize, Kind::Rules);
                }
            }
            Op::CreateQuery => {
                let mut query = ptr::null_mut();
                let status = nav_query_create(&mut query);
                assert_eq!(status, NavStatus::NavOk);
                model.created(query as usize, Kind::Query);
            }
            Op::Free(slot) => {
                let address = model.pick(*slot);
                let kind = model.live.get(&address).copied();
                // Free with the function of the kind the model believes, or the grid one.
                let status = match kind.unwrap_or(Kind::Grid) {
                    Kind::Grid => nav_grid_free(address as *mut NavGrid),
                    Kind::Rules => nav_grid_rules_free(address as *mut NavGridRules),
                    Kind::Query => nav_query_free(address as *mut NavQuery),
                };
                check_status(status, "nav_");
                if address == 0 {
                    assert_eq!(status, NavStatus::NavOk, "freeing NULL is a no-op");
                } else if kind.is_some() {
                    assert_eq!(status, NavStatus::NavOk);
                    model.live.remove(&address);
                    model.freed.insert(address);
                } else {
                    assert_eq!(
                        status,
                        NavStatus::NavInvalidHandle,
                        "double free or garbage is refused"
                    );
                }
            }
            Op::Clone(slot) => {
                let address = model.pick(*slot);
                let mut copy = ptr::null_mut();
                let status = nav_grid_clone(address as *const NavGrid, &mut copy);
                check_status(status, "nav_grid_clone");
                assert_eq!(
                    status == NavStatus::NavOk,
                    model.handle_status(address, Kind::Grid).is_none()
                );
                if status == NavStatus::NavOk {
                    model.created(copy as usize, Kind::Grid);
                }
            }
            Op::SetBlocked(slot, x, y, v) => {
                let address = model.pick(*slot);
                let status = nav_grid_set_blocked(address as *mut NavGrid, *x, *y, *v);
                check_status(status, "nav_grid_set_blocked");
                expect_handle(model, status, &[(address, Kind::Grid)]);
                if status == NavStatus::NavOk {
                    let mut cell = NavGridCellInfo::default();
                    assert_eq!(
                        nav_grid_cell(address as *const NavGrid, *x, *y, &mut cell),
                        NavStatus::NavOk
                    );
                    assert_eq!(cell.blocked, *v);
                    if *v == 1 {
                        assert_eq!(cell.walkable, 0);
                    }
                }
            }
            Op::SetCost(slot, x, y, v) => {
                let address = model.pick(*slot);
                let status = nav_grid_set_cost_multiplier(address as *mut NavGrid, *x, *y, *v);
                check_status(status, "nav_grid_set_cost_multiplier");
                expect_handle(model, status, &[(address, Kind::Grid)]);
                if status == NavStatus::NavOk {
                    assert!(v.is_finite() && *v > 0.0, "multiplier {v} accepted");
                }
            }
            Op::SetTerrain(slot, x, y, v) => {
                let address = model.pick(*slot);
                let status = nav_grid_set_terrain(address as *mut NavGrid, *x, *y, *v);
                check_status(status, "nav_grid_set_terrain");
                expect_handle(model, status, &[(address, Kind::Grid)]);
                if status == NavStatus::NavOk {
                    assert!(*v <= 65535);
                }
            }
            Op::FindPath {
                grid,
                query,
                rules,
                options,
                start,
                goal,
                capacity,
                with_costs,
            } => {
                let (g, q) = (model.pick(*grid), model.pick(*query));
                // Rules: NULL half of the time (the defaults), else any pointer.
                let r = if rules % 2 == 0 {
                    0
                } else {
                    model.pick(*rules)
                };
                let opts = NavGridQueryOptions {
                    max_expanded: options.0,
                    max_cost: options.1,
                    partial_path: options.2,
                    agent_size: options.3,
                };
                let cap = (*capacity).min(4096);
                let mut cells = vec![NavCell { x: 7777, y: 7777 }; cap as usize];
                let mut costs = vec![-1.0; cap as usize];
                let mut result = NavGridPathResult::default();
                let status = nav_grid_find_path(
                    g as *const NavGrid,
                    q as *mut NavQuery,
                    r as *const NavGridRules,
                    &opts,
                    NavCell {
                        x: start.0,
                        y: start.1,
                    },
                    NavCell {
                        x: goal.0,
                        y: goal.1,
                    },
                    if cap == 0 {
                        ptr::null_mut()
                    } else {
                        cells.as_mut_ptr()
                    },
                    if *with_costs && cap > 0 {
                        costs.as_mut_ptr()
                    } else {
                        ptr::null_mut()
                    },
                    cap,
                    &mut result,
                );
                check_status(status, "nav_grid_find_path");
                let mut handles = vec![(g, Kind::Grid)];
                if r != 0 {
                    handles.push((r, Kind::Rules));
                }
                handles.push((q, Kind::Query));
                expect_handle(model, status, &handles);
                if matches!(status, NavStatus::NavOk | NavStatus::NavBufferTooSmall) {
                    let (w, h) = grid_size(g).expect("the grid is live");
                    assert!(start.0 < w && start.1 < h && goal.0 < w && goal.1 < h);
                    assert!(result.path_status <= 4);
                    assert!(result.cost.is_finite() && result.cost >= 0.0);
                    assert!(opts.agent_size <= 1 && opts.partial_path <= 1);
                }
                if status == NavStatus::NavBufferTooSmall {
                    assert!(result.cell_count > cap);
                    assert!(
                        cells.iter().all(|c| c.x == 7777),
                        "nothing written when too small"
                    );
                }
                if status == NavStatus::NavOk {
                    let n = result.cell_count as usize;
                    assert!(n <= cap as usize);
                    let path = &cells[..n];
                    let (w, h) = grid_size(g).unwrap();
                    assert!(path.iter().all(|c| c.x < w && c.y < h));
                    if result.path_status == NavPathStatus::Found as u32 {
                        assert_eq!(
                            path.first(),
                            Some(&NavCell {
                                x: start.0,
                                y: start.1
                            })
                        );
                        assert_eq!(
                            path.last(),
                            Some(&NavCell {
                                x: goal.0,
                                y: goal.1
                            })
                        );
                    }
                    if *with_costs && n > 0 {
                        assert_eq!(costs[0], 0.0);
                        assert!(costs[..n].windows(2).all(|p| p[0] <= p[1]));
                        assert_eq!(costs[n - 1], result.cost);
                    }
                    if opts.max_cost > 0.0 && opts.max_cost.is_finite() {
                        assert!(result.cost <= opts.max_cost * (1.0 + 1e-9));
                    }
                }
            }
            Op::Batch {
                grid,
                query,
                pairs,
                stride,
                threads,
            } => {
                let (g, q) = (model.pick(*grid), model.pick(*query));
                let pairs: Vec<NavGridPair> = pairs
                    .iter()
                    .map(|&(s, t)| NavGridPair {
                        start: NavCell { x: s.0, y: s.1 },
                        goal: NavCell { x: t.0, y: t.1 },
                    })
                    .collect();
                let mut results = vec![NavGridBatchResult::default(); pairs.len()];
                let mut cells = vec![NavCell::default(); pairs.len() * *stride as usize];
                let status = nav_grid_find_path_batch(
                    g as *const NavGrid,
                    q as *mut NavQuery,
                    ptr::null(),
                    ptr::null(),
                    pairs.as_ptr(),
                    pairs.len() as u32,
                    results.as_mut_ptr(),
                    if *stride == 0 {
                        ptr::null_mut()
                    } else {
                        cells.as_mut_ptr()
                    },
                    *stride,
                    *threads,
                );
                check_status(status, "nav_grid_find_path_batch");
                let mut handles = vec![(g, Kind::Grid)];
                if *threads == 1 {
                    handles.push((q, Kind::Query));
                }
                expect_handle(model, status, &handles);
                let ran = handles
                    .iter()
                    .all(|&(a, k)| model.handle_status(a, k).is_none());
                if ran {
                    let first_failure = results.iter().find(|r| r.status != 0).map(|r| r.status);
                    assert_eq!(status as u32, first_failure.unwrap_or(0));
                    for r in &results {
                        assert!(matches!(r.status, 0 | 4 | 6), "pair status {}", r.status);
                        assert_eq!(r.reserved, 0);
                        if r.status == 0 && *stride > 0 {
                            assert!(r.cell_count <= *stride);
                        }
                    }
                }
            }
            Op::Budget(slot, budget) => {
                let address = model.pick(*slot);
                let mut count = u32::MAX;
                let status = nav_query_grid_path_within_budget(
                    address as *mut NavQuery,
                    *budget,
                    &mut count,
                );
                check_status(status, "nav_query_grid_path_within_budget");
                expect_handle(model, status, &[(address, Kind::Query)]);
                if status == NavStatus::NavOk {
                    assert!(*budget >= 0.0);
                    let mut total = 0;
                    let s = nav_query_grid_path(
                        address as *mut NavQuery,
                        ptr::null_mut(),
                        ptr::null_mut(),
                        0,
                        &mut total,
                    );
                    assert!(matches!(s, NavStatus::NavOk | NavStatus::NavBufferTooSmall));
                    assert!(count <= total);
                    assert!(total == 0 || count >= 1);
                }
            }
            Op::Info(slot) => {
                let address = model.pick(*slot);
                let mut info = NavGridInfo::default();
                let status = nav_grid_info(address as *const NavGrid, &mut info);
                check_status(status, "nav_grid_info");
                assert_eq!(
                    status == NavStatus::NavOk,
                    model.handle_status(address, Kind::Grid).is_none()
                );
                if status == NavStatus::NavOk {
                    assert!(info.walkable_count as u64 <= info.width as u64 * info.height as u64);
                    assert!(info.min_cost_multiplier > 0.0 && info.min_cost_multiplier.is_finite());
                }
            }
            Op::Cell(slot, x, y) => {
                let address = model.pick(*slot);
                let mut cell = NavGridCellInfo::default();
                let status = nav_grid_cell(address as *const NavGrid, *x, *y, &mut cell);
                check_status(status, "nav_grid_cell");
                expect_handle(model, status, &[(address, Kind::Grid)]);
                if status == NavStatus::NavOk {
                    assert!(cell.walkable <= 1 && cell.blocked <= 1 && cell.terrain <= 65535);
                    assert!(cell.cost_multiplier > 0.0 && cell.cost_multiplier.is_finite());
                }
            }
            Op::LastError(capacity) => {
                let mut buffer = vec![0xAAu8; *capacity as usize];
                let mut size = 0;
                let status = nav_last_error(
                    if *capacity == 0 {
                        ptr::null_mut()
                    } else {
                        buffer.as_mut_ptr().cast()
                    },
                    *capacity,
                    &mut size,
                );
                assert!(matches!(
                    status,
                    NavStatus::NavOk | NavStatus::NavBufferTooSmall
                ));
                assert!(size >= 1);
                if *capacity > 0 {
                    let end = buffer.iter().position(|&b| b == 0).expect("NUL-terminated");
                    assert!(
                        std::str::from_utf8(&buffer[..end]).is_ok(),
                        "UTF-8, cut at a character boundary"
                    );
                }
            }
            Op::Panic(slot) => {
                let address = model.pick(*slot);
                let status = nav_debug_panic(address as *mut NavQuery);
                check_status(status, "nav_debug_panic");
                match model.handle_status(address, Kind::Query) {
                    None => assert_eq!(status, NavStatus::NavPanic),
                    Some(NavStatus::NavNullPointer) => assert_eq!(status, NavStatus::NavPanic),
                    Some(_) => assert_eq!(status, NavStatus::NavInvalidHandle),
                }
            }
        }
    }
}

fn cases() -> u32 {
    std::env::var("NAV_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500)
}

#[test]
fn random_operation_sequences_never_break_the_contract() {
    let baseline = live_handle_count();
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&proptest::collection::vec(op(), 1..48), |ops| {
        let mut model = Model::new();
        for op in &ops {
            run(&mut model, op);
        }
        // Clean up: every live handle frees exactly once; nothing is left in the registry.
        for (&address, &kind) in &model.live {
            // SAFETY: live handles of the recorded kinds.
            let status = unsafe {
                match kind {
                    Kind::Grid => nav_grid_free(address as *mut NavGrid),
                    Kind::Rules => nav_grid_rules_free(address as *mut NavGridRules),
                    Kind::Query => nav_query_free(address as *mut NavQuery),
                }
            };
            prop_assert_eq!(status, NavStatus::NavOk);
        }
        prop_assert_eq!(live_handle_count(), baseline, "handles leaked");
        Ok(())
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
    let seen = SEEN.lock().unwrap();
    let report: Vec<String> = common::ALL_STATUSES
        .iter()
        .map(|s| format!("{}={}", s.name(), seen[*s as usize]))
        .collect();
    eprintln!(
        "statuses returned over {} cases: {}",
        cases(),
        report.join(" ")
    );
}
