//! A fuzz sweep over the C ABI: random sequences of handle operations (create, use, free, use
//! after free, double free, handles of the wrong kind, NULL, garbage pointers) with hostile
//! numbers (NaN, infinities, huge, negative, out of range). Every call must return a known
//! status, leave a message when it fails, and produce results that obey the contract; the
//! process must never crash and no handle may leak.
//!
//! CI runs a modest number of cases; set `NAV_FUZZ_CASES=100000` for a long run.
//!
//! Over 600 lines: one sweep, with a generator and a contract check for every function.

mod common;

use std::collections::{HashMap, HashSet};
use std::ptr;

use nav_ffi::*;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Grid,
    Rules,
    Query,
    World,
    CircleWorld,
    MeshWorld,
    FlowField,
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
    CreateWorld([f32; 4], f32, bool),
    Insert {
        world: usize,
        circle: bool,
        coords: [f32; 4],
        dynamic: u32,
    },
    RemoveObject(usize, usize),
    WorldFind {
        world: usize,
        query: usize,
        radius: f32,
        step: f32,
        start: (f32, f32),
        goal: (f32, f32),
        capacity: u32,
        raw: u32,
    },
    CircleFind {
        world: usize,
        query: usize,
        radius: f32,
        start: (f32, f32),
        goal: (f32, f32),
        capacity: u32,
        deviation: f32,
    },
    MeshOp(MeshOp),
    /// A time-sliced query: begin it on navigator `which` (0 grid, 1 world, 2 circles, 3
    /// mesh), then step it with each of `budgets`, editing the grid before the second step
    /// when `edit`, and cancel at the end when `cancel`.
    Slice {
        which: u8,
        world: usize,
        query: usize,
        rules: usize,
        cells: ((u32, u32), (u32, u32)),
        points: ((f32, f32), (f32, f32)),
        radius: f32,
        budgets: Vec<u32>,
        edit: bool,
        cancel: bool,
    },
    FlowOp(FlowOp),
    /// `nav_world_find_nearest` (`navigator` 0), `nav_circle_world_find_nearest` (1) or
    /// `nav_mesh_world_find_nearest` (2), with a NULL goal index out-pointer when `null_index`.
    Nearest {
        navigator: u8,
        world: usize,
        query: usize,
        radius: f32,
        start: (f32, f32),
        goals: Vec<(f32, f32)>,
        count: u32,
        capacity: u32,
        null_index: bool,
    },
    /// `nav_query_slice_state(query, navigator)`.
    SliceState(usize, u32),
}

/// The operations on `NavFlowField` handles and `nav_grid_find_nearest`.
#[derive(Debug, Clone)]
enum FlowOp {
    Create,
    /// A field of its own on a live grid: build towards `goal`, look `start` up, follow the
    /// field from it, free (so that lookups and paths also run on fields that were built).
    Fresh {
        grid: usize,
        goal: (u32, u32),
        start: (u32, u32),
        capacity: u32,
    },
    Build {
        field: usize,
        grid: usize,
        rules: usize,
        goals: Vec<(u32, u32)>,
        count: u32,
        size: u32,
        skip: u32,
    },
    Update {
        field: usize,
        grid: usize,
        edited: Vec<(u32, u32)>,
        count: u32,
    },
    Cell(usize, u32, u32),
    Copy(usize, u32),
    Path(usize, (u32, u32), u32),
    Nearest {
        grid: usize,
        options: (u64, f64, u32, u32),
        start: (u32, u32),
        goals: Vec<(u32, u32)>,
        count: u32,
        capacity: u32,
    },
}

/// A cell count for a buffer of `len` cells: the length, fewer, or more than
/// `NAV_MAX_GOALS` (refused before anything is read; never a count the buffer cannot back).
fn cell_count(len: usize, pick: u32) -> u32 {
    match pick % 8 {
        0 => u32::MAX,
        1 => NAV_MAX_GOALS + 1,
        2 => 1 << 31,
        3 => (pick / 8) % (len as u32 + 1),
        _ => len as u32,
    }
}

fn flow_op() -> impl Strategy<Value = FlowOp> {
    let slot = 0usize..64;
    // Mostly small coordinates, so that builds, lookups and paths get past the range checks.
    let near = || prop_oneof![8 => 0u32..5, 1 => coord()];
    let cells = move || proptest::collection::vec((near(), near()), 0..5);
    prop_oneof![
        2 => Just(FlowOp::Create),
        4 => (slot.clone(), (near(), near()), (near(), near()), prop_oneof![0u32..3, 3u32..80])
            .prop_map(|(grid, goal, start, capacity)| FlowOp::Fresh { grid, goal, start, capacity }),
        6 => (
            (slot.clone(), slot.clone(), slot.clone()),
            cells(),
            any::<u32>(),
            prop_oneof![8 => 0u32..3, 1 => Just(256u32), 1 => any::<u32>()],
            prop_oneof![8 => 0u32..2, 1 => any::<u32>()],
        )
            .prop_map(|((field, grid, rules), goals, count, size, skip)| FlowOp::Build {
                field,
                grid,
                rules,
                count: cell_count(goals.len(), count),
                goals,
                size,
                skip,
            }),
        2 => (slot.clone(), slot.clone(), cells(), any::<u32>()).prop_map(|(field, grid, edited, count)| {
            FlowOp::Update { field, grid, count: cell_count(edited.len(), count), edited }
        }),
        3 => (slot.clone(), near(), near()).prop_map(|(f, x, y)| FlowOp::Cell(f, x, y)),
        1 => (slot.clone(), prop_oneof![Just(0u32), 1u32..400, Just(u32::MAX)]).prop_map(|(f, c)| FlowOp::Copy(f, c)),
        3 => (slot.clone(), (near(), near()), prop_oneof![0u32..3, 3u32..80, Just(u32::MAX)])
            .prop_map(|(f, s, c)| FlowOp::Path(f, s, c)),
        3 => (
            slot,
            prop_oneof![
                3 => Just((0u64, 0.0f64, 0u32, 0u32)),
                1 => (prop_oneof![Just(0u64), 1u64..50, any::<u64>()], hostile_f64(), 0u32..3, prop_oneof![0u32..4, Just(256u32), any::<u32>()]),
            ],
            (near(), near()),
            cells(),
            any::<u32>(),
            prop_oneof![0u32..3, 3u32..80, Just(u32::MAX)],
        )
            .prop_map(|(grid, options, start, goals, count, capacity)| FlowOp::Nearest {
                grid,
                options,
                start,
                count: cell_count(goals.len(), count),
                goals,
                capacity,
            }),
    ]
}

/// The operations on `NavMeshWorld` handles.
#[derive(Debug, Clone)]
enum MeshOp {
    Create([f32; 4]),
    CreatePolygon(Vec<(f32, f32)>, u32),
    Clone(usize),
    /// `shape`: 0 polygon, 1 box, 2 circle; `set`: replace the obstacle `id` instead.
    Edit {
        world: usize,
        shape: u8,
        points: Vec<(f32, f32)>,
        count: u32,
        radius: f32,
        set: Option<usize>,
    },
    Remove(usize, usize),
    Clear(usize),
    /// `nav_query_set_mesh_cache_limit` on the query in `.0`, then `nav_query_mesh_cache_bytes`
    /// (with a NULL out-pointer when `.2`).
    CacheLimit(usize, u64, bool),
    Find {
        world: usize,
        query: usize,
        radius: f32,
        options: (u64, f64, u32, u32),
        start: (f32, f32),
        goal: (f32, f32),
        capacity: u32,
        deviation: f32,
    },
    /// `which`: 0 fits, 1 nearest_fit, 2 raycast, 3 connected.
    Spatial {
        world: usize,
        which: u8,
        a: (f32, f32),
        b: (f32, f32),
        radius: f32,
        max_distance: f32,
    },
}

/// A point count for `points` of `len` elements: the length itself, fewer, or an absurd count
/// that must be refused before anything is read (never a count the buffer cannot back).
fn point_count(len: usize, pick: u32) -> u32 {
    match pick % 8 {
        0 => u32::MAX,
        1 => 65537,
        2 => 1 << 31,
        3 => (pick / 8) % (len as u32 + 1),
        _ => len as u32,
    }
}

fn mesh_point() -> impl Strategy<Value = (f32, f32)> {
    (
        prop_oneof![12 => 0.0..40.0f32, 1 => hostile_f32()],
        prop_oneof![12 => 0.0..40.0f32, 1 => hostile_f32()],
    )
}

fn mesh_op() -> impl Strategy<Value = MeshOp> {
    let slot = 0usize..64;
    prop_oneof![
        2 => (
            prop_oneof![6 => Just(0.0f32), 1 => hostile_f32()],
            prop_oneof![6 => Just(0.0f32), 1 => hostile_f32()],
            prop_oneof![6 => Just(40.0f32), 1 => hostile_f32()],
            prop_oneof![6 => Just(40.0f32), 1 => hostile_f32()],
        )
            .prop_map(|(a, b, c, d)| MeshOp::Create([a, b, c, d])),
        1 => (proptest::collection::vec(mesh_point(), 0..8), any::<u32>())
            .prop_map(|(p, c)| MeshOp::CreatePolygon(p, c)),
        1 => slot.clone().prop_map(MeshOp::Clone),
        6 => (
            slot.clone(),
            0u8..3,
            proptest::collection::vec(mesh_point(), 0..9),
            any::<u32>(),
            prop_oneof![6 => 0.1..4.0f32, 1 => hostile_f32()],
            proptest::option::of(0usize..64),
        )
            .prop_map(|(world, shape, points, count, radius, set)| MeshOp::Edit {
                world,
                shape,
                count: point_count(points.len(), count),
                points,
                radius,
                set,
            }),
        2 => (slot.clone(), 0usize..64).prop_map(|(w, id)| MeshOp::Remove(w, id)),
        1 => slot.clone().prop_map(MeshOp::Clear),
        1 => (slot.clone(), prop_oneof![Just(0u64), Just(1u64), 1u64..1 << 24, any::<u64>()], prop_oneof![8 => Just(false), 1 => Just(true)])
            .prop_map(|(q, bytes, null)| MeshOp::CacheLimit(q, bytes, null)),
        5 => (
            (slot.clone(), slot.clone()),
            prop_oneof![4 => 0.0..3.0f32, 1 => hostile_f32()],
            prop_oneof![
                3 => Just((0u64, 0.0f64, 0u32, 0u32)),
                1 => (
                    prop_oneof![Just(0u64), 1u64..50, any::<u64>()],
                    hostile_f64(),
                    0u32..3,
                    prop_oneof![Just(0u32), any::<u32>()],
                ),
            ],
            mesh_point(),
            mesh_point(),
            prop_oneof![0u32..3, 3u32..64, Just(u32::MAX)],
            prop_oneof![4 => 0.01..1.0f32, 1 => hostile_f32()],
        )
            .prop_map(|((world, query), radius, options, start, goal, capacity, deviation)| MeshOp::Find {
                world, query, radius, options, start, goal, capacity, deviation,
            }),
        4 => (
            slot,
            0u8..4,
            mesh_point(),
            prop_oneof![4 => mesh_point(), 1 => Just((0.0f32, 0.0f32))],
            prop_oneof![4 => 0.0..3.0f32, 1 => hostile_f32()],
            prop_oneof![2 => 0.0..50.0f32, 1 => hostile_f32()],
        )
            .prop_map(|(world, which, a, b, radius, max_distance)| MeshOp::Spatial {
                world, which, a, b, radius, max_distance,
            }),
    ]
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

fn hostile_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(f32::NEG_INFINITY),
        1 => Just(-1.0f32),
        1 => Just(0.0f32),
        1 => Just(1e30f32),
        12 => 0.0..50.0f32,
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
                1 => (
                    prop_oneof![Just(0u64), 1u64..50, any::<u64>()],
                    hostile_f64(),
                    0u32..3,
                    prop_oneof![0u32..4, Just(255u32), Just(256u32), any::<u32>()],
                ),
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
        1 => slot.clone().prop_map(Op::Panic),
        2 => (
            (prop_oneof![4 => Just(0.0f32), 1 => hostile_f32()], prop_oneof![4 => Just(0.0f32), 1 => hostile_f32()], hostile_f32(), hostile_f32()),
            prop_oneof![4 => Just(0.0f32), 1 => hostile_f32()],
            any::<bool>(),
        )
            .prop_map(|((a, b, c, d), cell, circles)| Op::CreateWorld([a, b, c, d], cell, circles)),
        4 => (slot.clone(), any::<bool>(), (hostile_f32(), hostile_f32(), hostile_f32(), hostile_f32()), 0u32..3)
            .prop_map(|(world, circle, (a, b, c, d), dynamic)| Op::Insert { world, circle, coords: [a, b, c, d], dynamic }),
        2 => (slot.clone(), 0usize..64).prop_map(|(w, id)| Op::RemoveObject(w, id)),
        4 => (
            (slot.clone(), slot.clone()),
            (prop_oneof![4 => 0.2..3.0f32, 1 => hostile_f32()], prop_oneof![4 => prop_oneof![Just(0.5f32), Just(1.0f32), Just(2.0f32)], 1 => hostile_f32()]),
            (hostile_f32(), hostile_f32()),
            (hostile_f32(), hostile_f32()),
            prop_oneof![0u32..3, 3u32..200],
            0u32..3,
        )
            .prop_map(|((world, query), (radius, step), start, goal, capacity, raw)| Op::WorldFind {
                world, query, radius, step, start, goal, capacity, raw,
            }),
        4 => (
            (slot.clone(), slot.clone()),
            prop_oneof![4 => 0.0..3.0f32, 1 => hostile_f32()],
            (hostile_f32(), hostile_f32()),
            (hostile_f32(), hostile_f32()),
            prop_oneof![0u32..3, 3u32..64],
            prop_oneof![4 => 0.01..1.0f32, 1 => hostile_f32()],
        )
            .prop_map(|((world, query), radius, start, goal, capacity, deviation)| Op::CircleFind {
                world, query, radius, start, goal, capacity, deviation,
            }),
        10 => mesh_op().prop_map(Op::MeshOp),
        3 => (
            (0u8..3, slot.clone(), slot.clone()),
            prop_oneof![4 => 0.0..2.0f32, 1 => hostile_f32()],
            (hostile_f32(), hostile_f32()),
            proptest::collection::vec((hostile_f32(), hostile_f32()), 0..5),
            any::<u32>(),
            prop_oneof![0u32..3, 3u32..128],
            prop_oneof![9 => Just(false), 1 => Just(true)],
        )
            .prop_map(|((navigator, world, query), radius, start, goals, pick, capacity, null_index)| Op::Nearest {
                navigator, world, query, radius, start, count: cell_count(goals.len(), pick), goals, capacity, null_index,
            }),
        1 => (slot.clone(), prop_oneof![4 => 0u32..4, 1 => Just(4u32), 1 => any::<u32>()])
            .prop_map(|(query, navigator)| Op::SliceState(query, navigator)),
        4 => (
            (0u8..4, slot.clone(), slot.clone(), slot.clone()),
            ((coord(), coord()), (coord(), coord())),
            (mesh_point(), mesh_point()),
            prop_oneof![4 => 0.0..2.0f32, 1 => hostile_f32()],
            proptest::collection::vec(prop_oneof![4 => 1u32..20, 1 => Just(0u32), 1 => Just(u32::MAX), 1 => any::<u32>()], 0..5),
            (any::<bool>(), any::<bool>()),
        )
            .prop_map(|((which, world, query, rules), cells, points, radius, budgets, (edit, cancel))| Op::Slice {
                which, world, query, rules, cells, points, radius, budgets, edit: edit && which == 0, cancel,
            }),
        10 => flow_op().prop_map(Op::FlowOp),
    ]
}

/// What the sweep knows about the pointers it has seen.
struct Model {
    /// Pointers to choose from: NULL, a garbage address, then every handle ever created.
    pointers: Vec<usize>,
    live: HashMap<usize, Kind>,
    freed: HashSet<usize>,
    /// Object ids handed out by worlds (and some that never were).
    ids: Vec<u64>,
}

impl Model {
    fn new() -> Self {
        Self {
            pointers: vec![0, 0x40],
            live: HashMap::new(),
            freed: HashSet::new(),
            ids: vec![0, 1, u64::MAX],
        }
    }

    fn pick(&self, slot: usize) -> usize {
        self.pointers[slot % self.pointers.len()]
    }

    /// Three times in four, a live handle of `kind` when there is one (so that calls get past
    /// the handle checks to the numbers); otherwise any pointer seen, NULL and garbage included.
    fn pick_for(&self, slot: usize, kind: Kind) -> usize {
        if slot < 48 {
            let live: Vec<usize> = self
                .pointers
                .iter()
                .copied()
                .filter(|p| self.live.get(p) == Some(&kind))
                .collect();
            if !live.is_empty() {
                return live[slot % live.len()];
            }
        }
        self.pick(slot)
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
/// Successful calls per function, to show that the sweep reaches past the argument checks.
static OK_CALLS: std::sync::Mutex<std::collections::BTreeMap<String, u64>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

#[track_caller]
fn check_status(status: NavStatus, function: &str) {
    SEEN.lock().unwrap()[(status as usize).min(15)] += 1;
    if status == NavStatus::NavOk {
        *OK_CALLS
            .lock()
            .unwrap()
            .entry(function.to_string())
            .or_default() += 1;
    }
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
        // Ids, points and boxes in the caller's terms, never as Rust's Debug prints them.
        for trace in ["Handle(", "Key(", "Vec2", "Aabb {", "Circle {", "Some("] {
            assert!(
                !message.contains(trace),
                "{function}: {message:?} shows Rust's debug output"
            );
        }
    }
}

/// What the live `query` keeps of its latest query of each kind: grid cells, `NavWorld`
/// points, `NavCircleWorld` pieces.
fn kept(query: usize) -> [u32; 3] {
    let q = query as *mut NavQuery;
    let mut counts = [u32::MAX; 3];
    // SAFETY: no buffers (capacity 0), valid out-pointers; the handle is checked.
    let statuses = unsafe {
        [
            nav_query_grid_path(q, ptr::null_mut(), ptr::null_mut(), 0, &mut counts[0]),
            nav_query_world_path(q, ptr::null_mut(), 0, &mut counts[1]),
            nav_query_circle_path(q, ptr::null_mut(), 0, &mut counts[2]),
        ]
    };
    for status in statuses {
        assert!(
            matches!(status, NavStatus::NavOk | NavStatus::NavBufferTooSmall),
            "{status}: {}",
            last_error_message()
        );
    }
    counts
}

/// The length a query that returned `status` leaves in its context: the result's count when
/// it searched, none when it was refused.
fn left_behind(status: NavStatus, count: u32) -> u32 {
    if matches!(status, NavStatus::NavOk | NavStatus::NavBufferTooSmall) {
        count
    } else {
        0
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

/// Frees `address` with the free function of `kind`.
///
/// # Safety
/// None beyond the library's: every pointer is checked.
unsafe fn free_as(address: usize, kind: Kind) -> NavStatus {
    // SAFETY: the free functions check every pointer against the live handles.
    unsafe {
        match kind {
            Kind::Grid => nav_grid_free(address as *mut NavGrid),
            Kind::Rules => nav_grid_rules_free(address as *mut NavGridRules),
            Kind::Query => nav_query_free(address as *mut NavQuery),
            Kind::World => nav_world_free(address as *mut NavWorld),
            Kind::CircleWorld => nav_circle_world_free(address as *mut NavCircleWorld),
            Kind::MeshWorld => nav_mesh_world_free(address as *mut NavMeshWorld),
            Kind::FlowField => nav_flow_field_free(address as *mut NavFlowField),
        }
    }
}

/// `buffer` as an out pointer for the ABI: NULL when `count`, the capacity passed beside it,
/// is 0.
fn out_ptr<T>(count: u32, buffer: &mut [T]) -> *mut T {
    if count == 0 {
        ptr::null_mut()
    } else {
        buffer.as_mut_ptr()
    }
}

fn v(p: (f32, f32)) -> NavVec2 {
    NavVec2 { x: p.0, y: p.1 }
}

fn finite(p: (f32, f32)) -> bool {
    p.0.is_finite() && p.1.is_finite()
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
                    matches!(
                        status,
                        NavStatus::NavOk | NavStatus::NavParseError | NavStatus::NavInvalidSize
                    ),
                    "{status}"
                );
                if status == NavStatus::NavInvalidSize {
                    assert!(last_error_message().contains("refused"));
                }
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
                let status = free_as(address, kind.unwrap_or(Kind::Grid));
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
                let address = model.pick_for(*slot, Kind::Grid);
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
                let address = model.pick_for(*slot, Kind::Grid);
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
                let address = model.pick_for(*slot, Kind::Grid);
                let status = nav_grid_set_cost_multiplier(address as *mut NavGrid, *x, *y, *v);
                check_status(status, "nav_grid_set_cost_multiplier");
                expect_handle(model, status, &[(address, Kind::Grid)]);
                if status == NavStatus::NavOk {
                    assert!(v.is_finite() && *v > 0.0, "multiplier {v} accepted");
                }
            }
            Op::SetTerrain(slot, x, y, v) => {
                let address = model.pick_for(*slot, Kind::Grid);
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
                let (g, q) = (
                    model.pick_for(*grid, Kind::Grid),
                    model.pick_for(*query, Kind::Query),
                );
                // Rules: NULL half of the time (the defaults), else any pointer.
                let r = if rules % 2 == 0 {
                    0
                } else {
                    model.pick_for(*rules, Kind::Rules)
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
                    out_ptr(cap, &mut cells),
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
                if model.handle_status(q, Kind::Query).is_none() {
                    let expected = left_behind(status, result.cell_count);
                    assert_eq!(kept(q)[0], expected, "grid path kept after {status}");
                }
                if matches!(status, NavStatus::NavOk | NavStatus::NavBufferTooSmall) {
                    let (w, h) = grid_size(g).expect("the grid is live");
                    assert!(start.0 < w && start.1 < h && goal.0 < w && goal.1 < h);
                    assert!(result.path_status <= 4);
                    assert!(result.cost.is_finite() && result.cost >= 0.0);
                    assert!(opts.agent_size <= 255 && opts.partial_path <= 1);
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
                let (g, q) = (
                    model.pick_for(*grid, Kind::Grid),
                    model.pick_for(*query, Kind::Query),
                );
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
                    out_ptr(*stride, &mut cells),
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
                if *threads == 1 && model.handle_status(q, Kind::Query).is_none() {
                    // The calling thread's batch leaves its last pair's path, if it searched.
                    let expected = match results.last() {
                        Some(last)
                            if ran
                                && (last.status == NavStatus::NavOk as u32
                                    || last.status == NavStatus::NavBufferTooSmall as u32) =>
                        {
                            last.cell_count
                        }
                        _ => 0,
                    };
                    assert_eq!(
                        kept(q)[0],
                        expected,
                        "grid path kept after a batch ({status})"
                    );
                }
            }
            Op::Budget(slot, budget) => {
                let address = model.pick_for(*slot, Kind::Query);
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
                let address = model.pick_for(*slot, Kind::Grid);
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
                let address = model.pick_for(*slot, Kind::Grid);
                let mut cell = NavGridCellInfo::default();
                let status = nav_grid_cell(address as *const NavGrid, *x, *y, &mut cell);
                check_status(status, "nav_grid_cell");
                expect_handle(model, status, &[(address, Kind::Grid)]);
                if status == NavStatus::NavOk {
                    assert!(cell.walkable <= 1 && cell.blocked <= 1 && cell.terrain <= 65535);
                    assert!(cell.cost_multiplier > 0.0 && cell.cost_multiplier.is_finite());
                }
                let mut clearance = u32::MAX;
                let clearance_status =
                    nav_grid_clearance(address as *const NavGrid, *x, *y, &mut clearance);
                check_status(clearance_status, "nav_grid_clearance");
                assert_eq!(
                    clearance_status, status,
                    "nav_grid_cell and nav_grid_clearance"
                );
                if status == NavStatus::NavOk {
                    assert!(clearance <= 255 && (clearance >= 1) == (cell.walkable == 1));
                } else {
                    assert_eq!(clearance, u32::MAX, "nothing written on failure");
                }
            }
            Op::LastError(capacity) => {
                let mut buffer = vec![0xAAu8; *capacity as usize];
                let mut size = 0;
                let status =
                    nav_last_error(out_ptr(*capacity, &mut buffer).cast(), *capacity, &mut size);
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
            Op::CreateWorld(c, cell, circles) => {
                let bounds = NavAabb {
                    min: NavVec2 { x: c[0], y: c[1] },
                    max: NavVec2 { x: c[2], y: c[3] },
                };
                let valid = c.iter().all(|v| v.is_finite()) && c[0] < c[2] && c[1] < c[3];
                if *circles {
                    let mut world = ptr::null_mut();
                    let status = nav_circle_world_create(&bounds, &mut world);
                    check_status(status, "nav_circle_world_create");
                    if status == NavStatus::NavOk {
                        assert!(valid, "{c:?} accepted");
                        model.created(world as usize, Kind::CircleWorld);
                    }
                } else {
                    let mut world = ptr::null_mut();
                    let status = nav_world_create(&bounds, *cell, &mut world);
                    check_status(status, "nav_world_create");
                    if status == NavStatus::NavOk {
                        assert!(valid, "{c:?} accepted");
                        model.created(world as usize, Kind::World);
                    }
                }
            }
            Op::Insert {
                world,
                circle,
                coords: c,
                dynamic,
            } => {
                let kind = if world % 2 == 0 {
                    Kind::World
                } else {
                    Kind::CircleWorld
                };
                let address = model.pick_for(*world, kind);
                let mut id = 0;
                let kind = model.live.get(&address).copied();
                let status = if kind == Some(Kind::CircleWorld) {
                    nav_circle_world_insert(
                        address as *mut NavCircleWorld,
                        NavVec2 { x: c[0], y: c[1] },
                        c[2],
                        &mut id,
                    )
                } else if *circle {
                    nav_world_insert_circle(
                        address as *mut NavWorld,
                        NavVec2 { x: c[0], y: c[1] },
                        c[2],
                        *dynamic,
                        &mut id,
                    )
                } else {
                    let aabb = NavAabb {
                        min: NavVec2 { x: c[0], y: c[1] },
                        max: NavVec2 { x: c[2], y: c[3] },
                    };
                    nav_world_insert_box(address as *mut NavWorld, aabb, *dynamic, &mut id)
                };
                check_status(status, "nav_");
                if status == NavStatus::NavOk {
                    assert_ne!(id, 0);
                    assert!(c[..3].iter().all(|v| v.is_finite()));
                    model.ids.push(id);
                }
            }
            Op::RemoveObject(world, id) => {
                let kind = if world % 2 == 0 {
                    Kind::World
                } else {
                    Kind::CircleWorld
                };
                let address = model.pick_for(*world, kind);
                let id = model.ids[id % model.ids.len()];
                let status = if model.live.get(&address) == Some(&Kind::CircleWorld) {
                    nav_circle_world_remove(address as *mut NavCircleWorld, id)
                } else {
                    nav_world_remove(address as *mut NavWorld, id)
                };
                check_status(status, "nav_");
                assert!(
                    matches!(
                        status,
                        NavStatus::NavOk
                            | NavStatus::NavUnknownObject
                            | NavStatus::NavInvalidHandle
                            | NavStatus::NavNullPointer
                    ),
                    "{status}"
                );
            }
            Op::WorldFind {
                world,
                query,
                radius,
                step,
                start,
                goal,
                capacity,
                raw,
            } => {
                let (w, q) = (
                    model.pick_for(*world, Kind::World),
                    model.pick_for(*query, Kind::Query),
                );
                let agent = NavAgentDesc {
                    radius: *radius,
                    step: *step,
                    ..Default::default()
                };
                // Bounded searches: the sweep looks for broken contracts, not long searches.
                let options = NavWorldQueryOptions {
                    max_expanded: 3000,
                    raw_path: *raw,
                    ..Default::default()
                };
                let mut points = vec![NavVec2 { x: -7.0, y: -7.0 }; *capacity as usize];
                let mut result = NavWorldPathResult::default();
                let status = nav_world_find_path(
                    w as *const NavWorld,
                    q as *mut NavQuery,
                    &agent,
                    &options,
                    v(*start),
                    v(*goal),
                    out_ptr(*capacity, &mut points),
                    *capacity,
                    &mut result,
                );
                check_status(status, "nav_world_find_path");
                expect_handle(model, status, &[(w, Kind::World), (q, Kind::Query)]);
                if model.handle_status(q, Kind::Query).is_none() {
                    let expected = left_behind(status, result.point_count);
                    assert_eq!(kept(q)[1], expected, "world path kept after {status}");
                }
                if matches!(status, NavStatus::NavOk | NavStatus::NavBufferTooSmall) {
                    assert!(finite(*start) && finite(*goal) && *raw <= 1);
                    assert!(
                        radius.is_finite() && *radius >= 0.0 && step.is_finite() && *step > 0.0
                    );
                    assert!(result.path_status <= 5);
                    assert!(result.length.is_finite() && result.length >= 0.0);
                }
                if status == NavStatus::NavOk {
                    let n = result.point_count as usize;
                    assert!(n <= *capacity as usize);
                    assert!(
                        points[..n]
                            .iter()
                            .all(|p| p.x.is_finite() && p.y.is_finite())
                    );
                    if result.path_status == NavPathStatus::Found as u32 {
                        assert_eq!(points[0], v(*start));
                        assert_eq!(points[n - 1], v(*goal));
                    }
                }
            }
            Op::Nearest {
                navigator,
                world,
                query,
                radius,
                start,
                goals,
                count,
                capacity,
                null_index,
            } => run_nearest(
                model,
                *navigator,
                *world,
                *query,
                *radius,
                *start,
                goals,
                *count,
                *capacity,
                *null_index,
            ),
            Op::SliceState(query, navigator) => {
                let q = model.pick_for(*query, Kind::Query);
                let mut state = NavSliceState {
                    stage: 77,
                    ..Default::default()
                };
                let status = nav_query_slice_state(q as *mut NavQuery, *navigator, &mut state);
                check_status(status, "nav_query_slice_state");
                expect_handle(model, status, &[(q, Kind::Query)]);
                if status == NavStatus::NavOk {
                    assert!(*navigator < 4);
                    assert!(state.stage <= NavSliceStage::Finished as u32);
                    if state.stage != NavSliceStage::Finished as u32 {
                        assert_eq!((state.path_status, state.count, state.cost), (0, 0, 0.0));
                    }
                } else {
                    assert_eq!(state.stage, 77, "nothing written on failure");
                }
            }
            Op::CircleFind {
                world,
                query,
                radius,
                start,
                goal,
                capacity,
                deviation,
            } => {
                let (w, q) = (
                    model.pick_for(*world, Kind::CircleWorld),
                    model.pick_for(*query, Kind::Query),
                );
                let options = NavCircleQueryOptions {
                    max_expanded: 5000,
                    ..Default::default()
                };
                let mut pieces = vec![NavPathPiece::default(); *capacity as usize];
                let mut result = NavCirclePathResult::default();
                let status = nav_circle_world_find_path(
                    w as *const NavCircleWorld,
                    q as *mut NavQuery,
                    *radius,
                    &options,
                    v(*start),
                    v(*goal),
                    out_ptr(*capacity, &mut pieces),
                    *capacity,
                    &mut result,
                );
                check_status(status, "nav_circle_world_find_path");
                expect_handle(model, status, &[(w, Kind::CircleWorld), (q, Kind::Query)]);
                if model.handle_status(q, Kind::Query).is_none() {
                    let expected = left_behind(status, result.piece_count);
                    assert_eq!(kept(q)[2], expected, "circle path kept after {status}");
                }
                if status == NavStatus::NavOk {
                    assert!(
                        finite(*start) && finite(*goal) && radius.is_finite() && *radius >= 0.0
                    );
                    let n = result.piece_count as usize;
                    assert!(n <= *capacity as usize);
                    assert!(result.length.is_finite() && result.length >= 0.0);
                    let sum: f64 = pieces[..n].iter().map(|p| p.length as f64).sum();
                    assert!(
                        (sum - result.length).abs() <= 1e-3 * result.length.max(1.0),
                        "{sum} vs {}",
                        result.length
                    );
                    let blocked = [
                        NavPathStatus::StartBlocked as u32,
                        NavPathStatus::GoalBlocked as u32,
                    ];
                    assert_eq!(
                        result.blocking_circle != 0,
                        blocked.contains(&result.path_status)
                    );
                    let mut count = 0;
                    let s = nav_query_circle_path_polyline(
                        q as *mut NavQuery,
                        *deviation,
                        ptr::null_mut(),
                        0,
                        &mut count,
                    );
                    check_status(s, "nav_query_circle_path_polyline");
                    if deviation.is_finite() && *deviation > 0.0 {
                        assert!(
                            matches!(s, NavStatus::NavOk | NavStatus::NavBufferTooSmall),
                            "{s}"
                        );
                    } else {
                        assert_eq!(s, NavStatus::NavInvalidArgument);
                    }
                }
            }
            Op::Slice {
                which,
                world,
                query,
                rules,
                cells,
                points,
                radius,
                budgets,
                edit,
                cancel,
            } => run_slice(
                model,
                *which,
                (*world, *query, *rules),
                *cells,
                *points,
                *radius,
                budgets,
                *edit,
                *cancel,
            ),
            Op::FlowOp(flow) => run_flow(model, flow),
            Op::MeshOp(op) => run_mesh(model, op),
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

/// The number of pieces the live `query` keeps of its latest `NavMeshWorld` path.
fn mesh_kept(query: usize) -> u32 {
    let mut count = u32::MAX;
    // SAFETY: no buffer (capacity 0), a valid out-pointer; the handle is checked.
    let status =
        unsafe { nav_query_mesh_path(query as *mut NavQuery, ptr::null_mut(), 0, &mut count) };
    assert!(
        matches!(status, NavStatus::NavOk | NavStatus::NavBufferTooSmall),
        "{status}: {}",
        last_error_message()
    );
    count
}

fn run_mesh(model: &mut Model, op: &MeshOp) {
    // SAFETY (whole function): every pointer handed over is NULL, a live or dead handle (the
    // library checks them), or a buffer of the stated size (point counts beyond a buffer are
    // only ever absurd ones, refused before reading).
    unsafe {
        match op {
            MeshOp::Create(c) => {
                let bounds = NavAabb {
                    min: NavVec2 { x: c[0], y: c[1] },
                    max: NavVec2 { x: c[2], y: c[3] },
                };
                let mut world = ptr::null_mut();
                let status = nav_mesh_world_create(&bounds, &mut world);
                check_status(status, "nav_mesh_world_create");
                let valid =
                    c.iter().all(|v| v.is_finite() && v.abs() <= 1e7) && c[0] < c[2] && c[1] < c[3];
                assert_eq!(status == NavStatus::NavOk, valid, "{c:?}");
                if status == NavStatus::NavOk {
                    model.created(world as usize, Kind::MeshWorld);
                } else {
                    assert!(world.is_null());
                }
            }
            MeshOp::CreatePolygon(points, count) => {
                let count = point_count(points.len(), *count);
                let pts: Vec<NavVec2> = points.iter().map(|&p| v(p)).collect();
                let mut world = ptr::null_mut();
                let status = nav_mesh_world_create_polygon(pts.as_ptr(), count, &mut world);
                check_status(status, "nav_mesh_world_create_polygon");
                if status == NavStatus::NavOk {
                    assert!((3..=65536).contains(&count));
                    assert!(points[..count as usize].iter().all(|&p| finite(p)));
                    model.created(world as usize, Kind::MeshWorld);
                } else if !(3..=65536).contains(&count) {
                    assert!(matches!(status, NavStatus::NavInvalidSize), "{status}");
                }
            }
            MeshOp::Clone(slot) => {
                let address = model.pick_for(*slot, Kind::MeshWorld);
                let mut copy = ptr::null_mut();
                let status = nav_mesh_world_clone(address as *const NavMeshWorld, &mut copy);
                check_status(status, "nav_mesh_world_clone");
                assert_eq!(
                    status == NavStatus::NavOk,
                    model.handle_status(address, Kind::MeshWorld).is_none()
                );
                if status == NavStatus::NavOk {
                    model.created(copy as usize, Kind::MeshWorld);
                }
            }
            MeshOp::Edit {
                world,
                shape,
                points,
                count,
                radius,
                set,
            } => {
                let w = model.pick_for(*world, Kind::MeshWorld) as *mut NavMeshWorld;
                let pts: Vec<NavVec2> = points.iter().map(|&p| v(p)).collect();
                let first = pts.first().copied().unwrap_or_default();
                let second = pts.get(1).copied().unwrap_or(NavVec2 { x: 3.0, y: 3.0 });
                let aabb = NavAabb {
                    min: first,
                    max: second,
                };
                let mut count_before = u64::MAX;
                let counted = nav_mesh_world_count(w, &mut count_before) == NavStatus::NavOk;
                let (status, function) = match set {
                    None => {
                        let mut id = 0;
                        let (status, function) = match shape {
                            0 => (
                                nav_mesh_world_insert_polygon(w, pts.as_ptr(), *count, &mut id),
                                "nav_mesh_world_insert_polygon",
                            ),
                            1 => (
                                nav_mesh_world_insert_box(w, aabb, &mut id),
                                "nav_mesh_world_insert_box",
                            ),
                            _ => (
                                nav_mesh_world_insert_circle(w, first, *radius, &mut id),
                                "nav_mesh_world_insert_circle",
                            ),
                        };
                        if status == NavStatus::NavOk {
                            assert_ne!(id, 0);
                            model.ids.push(id);
                        }
                        (status, function)
                    }
                    Some(id) => {
                        let id = model.ids[id % model.ids.len()];
                        match shape {
                            0 => (
                                nav_mesh_world_set_polygon(w, id, pts.as_ptr(), *count),
                                "nav_mesh_world_set_polygon",
                            ),
                            1 => (
                                nav_mesh_world_set_box(w, id, aabb),
                                "nav_mesh_world_set_box",
                            ),
                            _ => (
                                nav_mesh_world_set_circle(w, id, first, *radius),
                                "nav_mesh_world_set_circle",
                            ),
                        }
                    }
                };
                check_status(status, function);
                expect_handle(model, status, &[(w as usize, Kind::MeshWorld)]);
                if status == NavStatus::NavOk {
                    match shape {
                        0 => {
                            assert!((3..=65536).contains(count), "{count}");
                            assert!(points[..*count as usize].iter().all(|&p| finite(p)));
                        }
                        1 => assert!(finite((first.x, first.y)) && finite((second.x, second.y))),
                        _ => assert!(
                            finite((first.x, first.y)) && radius.is_finite() && *radius > 0.0
                        ),
                    }
                }
                if counted && status != NavStatus::NavOk {
                    // Nothing is half applied.
                    let mut after = u64::MAX;
                    assert_eq!(nav_mesh_world_count(w, &mut after), NavStatus::NavOk);
                    assert_eq!(
                        after, count_before,
                        "a refused {function} changed the world"
                    );
                }
            }
            MeshOp::Remove(world, id) => {
                let w = model.pick_for(*world, Kind::MeshWorld);
                let id = model.ids[id % model.ids.len()];
                let status = nav_mesh_world_remove(w as *mut NavMeshWorld, id);
                check_status(status, "nav_mesh_world_remove");
                assert!(
                    matches!(
                        status,
                        NavStatus::NavOk
                            | NavStatus::NavUnknownObject
                            | NavStatus::NavInvalidHandle
                            | NavStatus::NavNullPointer
                    ),
                    "{status}"
                );
            }
            MeshOp::Clear(world) => {
                let w = model.pick_for(*world, Kind::MeshWorld);
                let status = nav_mesh_world_clear(w as *mut NavMeshWorld);
                check_status(status, "nav_mesh_world_clear");
                assert_eq!(
                    status == NavStatus::NavOk,
                    model.handle_status(w, Kind::MeshWorld).is_none()
                );
            }
            MeshOp::CacheLimit(query, bytes, null) => {
                let q = model.pick_for(*query, Kind::Query);
                let status = nav_query_set_mesh_cache_limit(q as *mut NavQuery, *bytes);
                check_status(status, "nav_query_set_mesh_cache_limit");
                let bad = model.handle_status(q, Kind::Query);
                assert_eq!(status == NavStatus::NavOk, bad.is_none(), "{status}");
                let mut held = u64::MAX;
                let out = if *null {
                    ptr::null_mut()
                } else {
                    &mut held as *mut u64
                };
                let status = nav_query_mesh_cache_bytes(q as *mut NavQuery, out);
                check_status(status, "nav_query_mesh_cache_bytes");
                assert_eq!(
                    status == NavStatus::NavOk,
                    bad.is_none() && !*null,
                    "{status}"
                );
                if status == NavStatus::NavOk {
                    // The lists of one small world: far below a GB.
                    assert!(held < 1 << 30, "{held}");
                }
            }
            MeshOp::Find {
                world,
                query,
                radius,
                options,
                start,
                goal,
                capacity,
                deviation,
            } => {
                let (w, q) = (
                    model.pick_for(*world, Kind::MeshWorld),
                    model.pick_for(*query, Kind::Query),
                );
                let options = NavMeshQueryOptions {
                    // Bounded searches: the sweep looks for broken contracts, not long ones.
                    max_expanded: if options.0 == 0 { 3000 } else { options.0 },
                    max_length: options.1,
                    partial_path: options.2,
                    reserved: options.3,
                };
                let capacity = if *capacity == u32::MAX { 0 } else { *capacity };
                let mut pieces = vec![NavPathPiece::default(); capacity as usize];
                let mut result = NavMeshPathResult::default();
                let status = nav_mesh_world_find_path(
                    w as *const NavMeshWorld,
                    q as *mut NavQuery,
                    *radius,
                    &options,
                    v(*start),
                    v(*goal),
                    out_ptr(capacity, &mut pieces),
                    capacity,
                    &mut result,
                );
                check_status(status, "nav_mesh_world_find_path");
                expect_handle(model, status, &[(w, Kind::MeshWorld), (q, Kind::Query)]);
                if model.handle_status(q, Kind::Query).is_none() {
                    let expected = left_behind(status, result.piece_count);
                    assert_eq!(mesh_kept(q), expected, "mesh path kept after {status}");
                }
                if matches!(status, NavStatus::NavOk | NavStatus::NavBufferTooSmall) {
                    assert!(finite(*start) && finite(*goal));
                    assert!(radius.is_finite() && *radius >= 0.0);
                    assert!(options.reserved == 0 && options.partial_path <= 1);
                    assert!(!options.max_length.is_nan() && options.max_length >= 0.0);
                    assert!(result.path_status <= 5 && result.partial <= 1);
                    assert!(result.length.is_finite() && result.length >= 0.0);
                }
                if status == NavStatus::NavOk {
                    let n = result.piece_count as usize;
                    assert!(n <= capacity as usize);
                    let sum: f64 = pieces[..n].iter().map(|p| p.length as f64).sum();
                    assert!(
                        (sum - result.length).abs() <= 1e-3 * result.length.max(1.0),
                        "{sum} vs {}",
                        result.length
                    );
                    if result.path_status == NavPathStatus::Found as u32 && n > 0 {
                        assert_eq!(pieces[0].start, v(*start));
                        assert_eq!(pieces[n - 1].end, v(*goal));
                    }
                    let mut count = 0;
                    let s = nav_query_mesh_path_polyline(
                        q as *mut NavQuery,
                        *deviation,
                        ptr::null_mut(),
                        0,
                        &mut count,
                    );
                    check_status(s, "nav_query_mesh_path_polyline");
                    if deviation.is_finite() && *deviation > 0.0 {
                        assert_eq!(
                            s,
                            if n == 0 {
                                NavStatus::NavOk
                            } else {
                                NavStatus::NavBufferTooSmall
                            },
                            "{n} pieces, {count} points"
                        );
                        if n > 0 {
                            let mut points = vec![NavVec2::default(); count as usize];
                            let s = nav_query_mesh_path_polyline(
                                q as *mut NavQuery,
                                *deviation,
                                points.as_mut_ptr(),
                                count,
                                &mut count,
                            );
                            check_status(s, "nav_query_mesh_path_polyline");
                            assert_eq!(s, NavStatus::NavOk);
                            assert!(points.iter().all(|p| p.x.is_finite() && p.y.is_finite()));
                        }
                    } else {
                        assert_eq!(s, NavStatus::NavInvalidArgument);
                    }
                }
            }
            MeshOp::Spatial {
                world,
                which,
                a,
                b,
                radius,
                max_distance,
            } => {
                let w = model.pick_for(*world, Kind::MeshWorld) as *const NavMeshWorld;
                let (mut flag, mut point, mut distance) =
                    (7u32, NavVec2 { x: -9.0, y: -9.0 }, -9.0f32);
                let (status, function) = match which {
                    0 => (
                        nav_mesh_world_fits(w, v(*a), *radius, &mut flag),
                        "nav_mesh_world_fits",
                    ),
                    1 => (
                        nav_mesh_world_nearest_fit(w, v(*a), *radius, &mut point, &mut flag),
                        "nav_mesh_world_nearest_fit",
                    ),
                    2 => (
                        nav_mesh_world_raycast(
                            w,
                            v(*a),
                            v(*b),
                            *max_distance,
                            *radius,
                            &mut distance,
                            &mut flag,
                        ),
                        "nav_mesh_world_raycast",
                    ),
                    _ => (
                        nav_mesh_world_connected(w, v(*a), v(*b), *radius, &mut flag),
                        "nav_mesh_world_connected",
                    ),
                };
                check_status(status, function);
                expect_handle(model, status, &[(w as usize, Kind::MeshWorld)]);
                if status == NavStatus::NavOk {
                    assert!(finite(*a) && radius.is_finite() && *radius >= 0.0);
                    assert!(flag <= 1, "{function} wrote {flag}");
                    match which {
                        1 if flag == 1 => assert!(point.x.is_finite() && point.y.is_finite()),
                        1 => assert_eq!(point, NavVec2 { x: -9.0, y: -9.0 }),
                        2 => {
                            assert!(finite(*b) && *b != (0.0, 0.0) && *max_distance >= 0.0);
                            assert!(distance >= 0.0 && distance <= *max_distance, "{distance}");
                            if flag == 0 {
                                assert_eq!(distance, *max_distance);
                            }
                        }
                        3 => assert!(finite(*b)),
                        _ => {}
                    }
                }
            }
        }
    }
}

/// The kept path's length of navigator `which` in the live `query`.
fn slice_kept(query: usize, which: u8) -> u32 {
    match which {
        0..=2 => kept(query)[which as usize],
        _ => mesh_kept(query),
    }
}

/// Runs `Op::Slice`.
#[allow(clippy::too_many_arguments)]
fn run_slice(
    model: &mut Model,
    which: u8,
    (world, query, rules): (usize, usize, usize),
    cells: ((u32, u32), (u32, u32)),
    points: ((f32, f32), (f32, f32)),
    radius: f32,
    budgets: &[u32],
    edit: bool,
    cancel: bool,
) {
    let kind = [Kind::Grid, Kind::World, Kind::CircleWorld, Kind::MeshWorld][which as usize % 4];
    let w = model.pick_for(world, kind);
    let q = model.pick_for(query, Kind::Query);
    let r = if rules % 2 == 0 {
        0
    } else {
        model.pick_for(rules, Kind::Rules)
    };
    let (start, goal) = (v(points.0), v(points.1));
    let (start_cell, goal_cell) = (
        NavCell {
            x: cells.0.0,
            y: cells.0.1,
        },
        NavCell {
            x: cells.1.0,
            y: cells.1.1,
        },
    );
    let mut state = NavSliceState {
        stage: 77,
        ..Default::default()
    };
    let names = [
        ("nav_grid_slice_begin", "nav_grid_slice_step"),
        ("nav_world_slice_begin", "nav_world_slice_step"),
        (
            "nav_circle_world_slice_begin",
            "nav_circle_world_slice_step",
        ),
        ("nav_mesh_world_slice_begin", "nav_mesh_world_slice_step"),
    ][which as usize % 4];
    let agent = NavAgentDesc {
        radius,
        step: 1.0,
        ..Default::default()
    };
    // SAFETY: valid out-pointers; handles are checked by the library.
    let status = unsafe {
        match which % 4 {
            0 => nav_grid_slice_begin(
                w as *const NavGrid,
                q as *mut NavQuery,
                r as *const NavGridRules,
                ptr::null(),
                start_cell,
                goal_cell,
                &mut state,
            ),
            1 => nav_world_slice_begin(
                w as *const NavWorld,
                q as *mut NavQuery,
                &agent,
                ptr::null(),
                start,
                goal,
                &mut state,
            ),
            2 => nav_circle_world_slice_begin(
                w as *const NavCircleWorld,
                q as *mut NavQuery,
                radius,
                ptr::null(),
                start,
                goal,
                &mut state,
            ),
            _ => nav_mesh_world_slice_begin(
                w as *const NavMeshWorld,
                q as *mut NavQuery,
                radius,
                ptr::null(),
                start,
                goal,
                &mut state,
            ),
        }
    };
    check_status(status, names.0);
    let mut handles = vec![(w, kind)];
    if which == 0 && r != 0 {
        handles.push((r, Kind::Rules));
    }
    handles.push((q, Kind::Query));
    expect_handle(model, status, &handles);
    let check_state = |state: &NavSliceState| {
        assert!(state.stage <= 2, "stage {}", state.stage);
        if state.stage == NavSliceStage::Finished as u32 {
            assert!(state.path_status <= 5);
            assert!(state.cost.is_finite() && state.cost >= 0.0);
            assert!(state.partial <= 1);
            assert_eq!(
                slice_kept(q, which),
                state.count,
                "the finished path is readable"
            );
        } else {
            assert_eq!((state.path_status, state.count), (0, 0));
        }
    };
    if status == NavStatus::NavOk {
        check_state(&state);
    }
    let query_live = model.handle_status(q, Kind::Query).is_none();
    let mut last = state;
    for (k, &budget) in budgets.iter().enumerate() {
        if edit && k == 1 && model.handle_status(w, Kind::Grid).is_none() {
            // SAFETY: a live grid.
            let edited = unsafe { nav_grid_set_blocked(w as *mut NavGrid, 0, 0, 0) };
            assert_eq!(edited, NavStatus::NavOk);
        }
        let mut next = NavSliceState {
            stage: 77,
            ..Default::default()
        };
        // SAFETY: valid out-pointer; handles are checked by the library.
        let status = unsafe {
            match which % 4 {
                0 => nav_grid_slice_step(
                    w as *const NavGrid,
                    q as *mut NavQuery,
                    r as *const NavGridRules,
                    budget,
                    &mut next,
                ),
                1 => nav_world_slice_step(
                    w as *const NavWorld,
                    q as *mut NavQuery,
                    budget,
                    &mut next,
                ),
                2 => nav_circle_world_slice_step(
                    w as *const NavCircleWorld,
                    q as *mut NavQuery,
                    budget,
                    &mut next,
                ),
                _ => nav_mesh_world_slice_step(
                    w as *const NavMeshWorld,
                    q as *mut NavQuery,
                    budget,
                    &mut next,
                ),
            }
        };
        check_status(status, names.1);
        expect_handle(model, status, &handles);
        if budget == 0 {
            assert_ne!(status, NavStatus::NavOk, "a budget of 0 is refused");
        }
        if status == NavStatus::NavOk {
            check_state(&next);
            if last.stage == NavSliceStage::Running as u32
                && next.stage != NavSliceStage::Idle as u32
            {
                assert!(next.expanded >= last.expanded);
                if next.stage == NavSliceStage::Running as u32 {
                    assert!(next.expanded - last.expanded <= budget as u64);
                }
            }
            last = next;
        }
    }
    if cancel {
        let status = nav_query_slice_cancel(q as *mut NavQuery);
        check_status(status, "nav_query_slice_cancel");
        assert_eq!(status == NavStatus::NavOk, query_live);
    }
}

fn cases() -> u32 {
    std::env::var("NAV_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        // Enough for every entry point to succeed at least once under the fixed seed (1500
        // was, until the cache-limit calls changed the draws).
        .unwrap_or(2500)
}

/// The pointer of `cells` for a count that the buffer backs (NULL with 0); an absurd count is
/// given with the real buffer, to be refused before anything is read.
/// One `Op::Nearest`: a nearest-goal query on a `NavWorld`, a `NavCircleWorld` or a
/// `NavMeshWorld`, and its contract.
#[allow(clippy::too_many_arguments)]
fn run_nearest(
    model: &Model,
    navigator: u8,
    world: usize,
    query: usize,
    radius: f32,
    start: (f32, f32),
    goals: &[(f32, f32)],
    count: u32,
    capacity: u32,
    null_index: bool,
) {
    let kind = match navigator {
        1 => Kind::CircleWorld,
        2 => Kind::MeshWorld,
        _ => Kind::World,
    };
    let (w, q) = (
        model.pick_for(world, kind),
        model.pick_for(query, Kind::Query),
    );
    let points: Vec<NavVec2> = goals.iter().map(|&g| v(g)).collect();
    let goals_ptr = if count == 0 {
        ptr::null()
    } else {
        points.as_ptr()
    };
    let mut index = 12345u32;
    let index_ptr: *mut u32 = if null_index {
        ptr::null_mut()
    } else {
        &mut index
    };
    let read = (count as usize).min(goals.len());
    let all_finite = finite(start) && goals[..read].iter().all(|&g| finite(g));
    let (status, found, last, written) = if navigator == 2 {
        let options = NavMeshQueryOptions {
            max_expanded: 3000,
            ..Default::default()
        };
        let mut pieces = vec![NavPathPiece::default(); capacity as usize];
        let mut result = NavMeshPathResult::default();
        // SAFETY: buffers of the lengths given (a count over the goals' length is refused
        // before anything is read); handles are checked.
        let status = unsafe {
            nav_mesh_world_find_nearest(
                w as *const NavMeshWorld,
                q as *mut NavQuery,
                radius,
                &options,
                v(start),
                goals_ptr,
                count,
                out_ptr(capacity, &mut pieces),
                capacity,
                &mut result,
                index_ptr,
            )
        };
        check_status(status, "nav_mesh_world_find_nearest");
        expect_handle(model, status, &[(w, Kind::MeshWorld), (q, Kind::Query)]);
        if model.handle_status(q, Kind::Query).is_none() {
            let expected = left_behind(status, result.piece_count);
            assert_eq!(mesh_kept(q), expected, "mesh path kept after {status}");
        }
        let n = (result.piece_count as usize).min(capacity as usize);
        let last = (n > 0).then(|| pieces[n - 1].end);
        if status == NavStatus::NavOk {
            assert!(result.length.is_finite() && result.length >= 0.0);
            assert!(result.path_status <= 5 && result.partial <= 1);
            if result.path_status == NavPathStatus::Found as u32 && n > 0 {
                assert_eq!(pieces[0].start, v(start));
            }
        }
        (
            status,
            result.path_status == NavPathStatus::Found as u32,
            last,
            n,
        )
    } else if navigator == 1 {
        let options = NavCircleQueryOptions {
            max_expanded: 5000,
            ..Default::default()
        };
        let mut pieces = vec![NavPathPiece::default(); capacity as usize];
        let mut result = NavCirclePathResult::default();
        // SAFETY: buffers of the lengths given (a count over the goals' length is refused
        // before anything is read); handles are checked.
        let status = unsafe {
            nav_circle_world_find_nearest(
                w as *const NavCircleWorld,
                q as *mut NavQuery,
                radius,
                &options,
                v(start),
                goals_ptr,
                count,
                out_ptr(capacity, &mut pieces),
                capacity,
                &mut result,
                index_ptr,
            )
        };
        check_status(status, "nav_circle_world_find_nearest");
        expect_handle(model, status, &[(w, Kind::CircleWorld), (q, Kind::Query)]);
        if model.handle_status(q, Kind::Query).is_none() {
            let expected = left_behind(status, result.piece_count);
            assert_eq!(kept(q)[2], expected, "circle path kept after {status}");
        }
        let n = (result.piece_count as usize).min(capacity as usize);
        let last = (n > 0).then(|| pieces[n - 1].end);
        if status == NavStatus::NavOk {
            assert!(result.length.is_finite() && result.length >= 0.0);
        }
        (
            status,
            result.path_status == NavPathStatus::Found as u32,
            last,
            n,
        )
    } else {
        let agent = NavAgentDesc {
            radius,
            step: 1.0,
            ..Default::default()
        };
        let options = NavWorldQueryOptions {
            max_expanded: 3000,
            ..Default::default()
        };
        let mut out = vec![NavVec2 { x: -7.0, y: -7.0 }; capacity as usize];
        let mut result = NavWorldPathResult::default();
        // SAFETY: as above.
        let status = unsafe {
            nav_world_find_nearest(
                w as *const NavWorld,
                q as *mut NavQuery,
                &agent,
                &options,
                v(start),
                goals_ptr,
                count,
                out_ptr(capacity, &mut out),
                capacity,
                &mut result,
                index_ptr,
            )
        };
        check_status(status, "nav_world_find_nearest");
        expect_handle(model, status, &[(w, Kind::World), (q, Kind::Query)]);
        if model.handle_status(q, Kind::Query).is_none() {
            let expected = left_behind(status, result.point_count);
            assert_eq!(kept(q)[1], expected, "world path kept after {status}");
        }
        let n = (result.point_count as usize).min(capacity as usize);
        if status == NavStatus::NavOk {
            assert!(result.length.is_finite() && result.length >= 0.0);
            assert!(out[..n].iter().all(|p| p.x.is_finite() && p.y.is_finite()));
            if result.path_status == NavPathStatus::Found as u32 {
                assert_eq!(out[0], v(start));
            }
        }
        let last = (n > 0).then(|| out[n - 1]);
        (
            status,
            result.path_status == NavPathStatus::Found as u32,
            last,
            n,
        )
    };
    if matches!(status, NavStatus::NavOk | NavStatus::NavBufferTooSmall) {
        assert!(all_finite && !null_index && count <= NAV_MAX_NEAREST_GOALS);
        assert!(radius.is_finite() && radius >= 0.0);
        assert_eq!(found, index != u32::MAX, "goal index {index}");
        if found {
            assert!((index as usize) < read);
        }
    }
    if status == NavStatus::NavOk && found && written > 0 {
        assert_eq!(last, Some(points[index as usize]));
    }
}

fn cells_ptr(cells: &[NavCell], count: u32) -> *const NavCell {
    if count == 0 {
        ptr::null()
    } else {
        cells.as_ptr()
    }
}

fn nav_cells(cells: &[(u32, u32)]) -> Vec<NavCell> {
    cells.iter().map(|&(x, y)| NavCell { x, y }).collect()
}

/// The field a `FlowOp::Fresh` made, for the lookups it runs on it.
static FRESH_FIELD: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The field of slot `slot`; `usize::MAX`: the field `FlowOp::Fresh` just made.
fn flow_field(model: &Model, slot: usize) -> usize {
    if slot == usize::MAX {
        FRESH_FIELD.load(std::sync::atomic::Ordering::Relaxed)
    } else {
        model.pick_for(slot, Kind::FlowField)
    }
}

fn run_flow(model: &mut Model, op: &FlowOp) {
    // SAFETY (whole function): every pointer handed over is NULL, a live or dead handle (the
    // library checks them), or a buffer of at least the stated size (absurd counts are
    // refused before anything is read: `point_count`).
    unsafe {
        match op {
            FlowOp::Create => {
                let mut field = ptr::null_mut();
                let status = nav_flow_field_create(&mut field);
                assert_eq!(status, NavStatus::NavOk);
                model.created(field as usize, Kind::FlowField);
            }
            FlowOp::Fresh {
                grid,
                goal,
                start,
                capacity,
            } => {
                let g = model.pick_for(*grid, Kind::Grid);
                let mut field = ptr::null_mut();
                assert_eq!(nav_flow_field_create(&mut field), NavStatus::NavOk);
                let f = field as usize;
                model.created(f, Kind::FlowField);
                FRESH_FIELD.store(f, std::sync::atomic::Ordering::Relaxed);
                // On a live grid, cells on it (the hostile cases are the other ops' job).
                let (w, h) = grid_size(g).unwrap_or((u32::MAX, u32::MAX));
                let goal = NavCell {
                    x: goal.0 % w,
                    y: goal.1 % h,
                };
                let start = (start.0 % w, start.1 % h);
                let status = nav_flow_field_build(
                    field,
                    g as *const NavGrid,
                    ptr::null(),
                    &goal,
                    1,
                    ptr::null(),
                    ptr::null_mut(),
                );
                check_status(status, "nav_flow_field_build");
                expect_handle(model, status, &[(g, Kind::Grid)]);
                run_flow(model, &FlowOp::Cell(usize::MAX, start.0, start.1));
                run_flow(model, &FlowOp::Path(usize::MAX, start, *capacity));
                assert_eq!(nav_flow_field_free(field), NavStatus::NavOk);
                model.live.remove(&f);
                model.freed.insert(f);
            }
            FlowOp::Build {
                field,
                grid,
                rules,
                goals,
                count,
                size,
                skip,
            } => {
                let f = model.pick_for(*field, Kind::FlowField);
                let g = model.pick_for(*grid, Kind::Grid);
                let r = if rules % 2 == 0 {
                    0
                } else {
                    model.pick_for(*rules, Kind::Rules)
                };
                let goals = nav_cells(goals);
                let options = NavFlowOptions {
                    agent_size: *size,
                    skip_line_of_sight: *skip,
                };
                let mut report = NavFlowReport::default();
                let status = nav_flow_field_build(
                    f as *mut NavFlowField,
                    g as *const NavGrid,
                    r as *const NavGridRules,
                    cells_ptr(&goals, *count),
                    *count,
                    &options,
                    &mut report,
                );
                check_status(status, "nav_flow_field_build");
                expect_handle(model, status, &[(g, Kind::Grid), (f, Kind::FlowField)]);
                if status == NavStatus::NavOk {
                    assert!(*count as usize <= goals.len());
                    assert!(*size <= 255 && *skip <= 1, "{size} {skip} accepted");
                    assert!(report.goals_used <= *count);
                    let (w, h) = grid_size(g).expect("a live grid");
                    assert!(report.reachable <= w as u64 * h as u64);
                    assert_eq!(report.reachable == 0, report.goals_used == 0);
                }
            }
            FlowOp::Update {
                field,
                grid,
                edited,
                count,
            } => {
                let f = model.pick_for(*field, Kind::FlowField);
                let g = model.pick_for(*grid, Kind::Grid);
                let edited = nav_cells(edited);
                let mut report = NavFlowReport::default();
                let status = nav_flow_field_update(
                    f as *mut NavFlowField,
                    g as *const NavGrid,
                    cells_ptr(&edited, *count),
                    *count,
                    &mut report,
                );
                check_status(status, "nav_flow_field_update");
                expect_handle(model, status, &[(g, Kind::Grid), (f, Kind::FlowField)]);
            }
            FlowOp::Cell(field, x, y) => {
                let f = flow_field(model, *field);
                let mut cell = NavFlowCell::default();
                let status = nav_flow_field_cell(
                    f as *const NavFlowField,
                    NavCell { x: *x, y: *y },
                    &mut cell,
                );
                check_status(status, "nav_flow_field_cell");
                expect_handle(model, status, &[(f, Kind::FlowField)]);
                if status == NavStatus::NavOk {
                    assert!(cell.cost.is_finite() && cell.cost >= 0.0);
                    assert!(cell.dx.abs() <= 8 && cell.dy.abs() <= 8);
                    assert!(cell.reachable <= 1 && cell.sees_goal <= cell.reachable);
                    if cell.reachable == 0 {
                        assert_eq!((cell.cost, cell.dx, cell.dy), (0.0, 0, 0));
                    }
                }
            }
            FlowOp::Copy(field, capacity) => {
                let f = model.pick_for(*field, Kind::FlowField);
                let cap = (*capacity).min(400);
                let mut cells = vec![NavFlowCell::default(); cap as usize];
                let mut count = 0;
                let status = nav_flow_field_copy_cells(
                    f as *const NavFlowField,
                    out_ptr(cap, &mut cells),
                    cap,
                    &mut count,
                );
                check_status(status, "nav_flow_field_copy_cells");
                expect_handle(model, status, &[(f, Kind::FlowField)]);
                if status == NavStatus::NavOk {
                    assert!(count <= cap);
                }
            }
            FlowOp::Path(field, start, capacity) => {
                let f = flow_field(model, *field);
                let cap = (*capacity).min(4096);
                let mut cells = vec![NavCell { x: 7777, y: 7777 }; cap as usize];
                let mut result = NavGridPathResult::default();
                let status = nav_flow_field_path(
                    f as *const NavFlowField,
                    NavCell {
                        x: start.0,
                        y: start.1,
                    },
                    out_ptr(cap, &mut cells),
                    cap,
                    &mut result,
                );
                check_status(status, "nav_flow_field_path");
                expect_handle(model, status, &[(f, Kind::FlowField)]);
                if status == NavStatus::NavOk {
                    let n = result.cell_count as usize;
                    assert!(n <= cap as usize);
                    assert_eq!(n > 0, result.path_status == NavPathStatus::Found as u32);
                    if n > 0 {
                        assert_eq!((cells[0].x, cells[0].y), *start);
                        assert!(result.cost.is_finite() && result.cost >= 0.0);
                    }
                    for pair in cells[..n].windows(2) {
                        let (dx, dy) = (
                            pair[1].x as i64 - pair[0].x as i64,
                            pair[1].y as i64 - pair[0].y as i64,
                        );
                        assert!(dx.abs() <= 8 && dy.abs() <= 8 && (dx, dy) != (0, 0));
                    }
                }
            }
            FlowOp::Nearest {
                grid,
                options,
                start,
                goals,
                count,
                capacity,
            } => {
                let g = model.pick_for(*grid, Kind::Grid);
                let goals = nav_cells(goals);
                let opts = NavGridQueryOptions {
                    max_expanded: options.0,
                    max_cost: options.1,
                    partial_path: options.2,
                    agent_size: options.3,
                };
                let cap = (*capacity).min(4096);
                let mut cells = vec![NavCell { x: 7777, y: 7777 }; cap as usize];
                let mut result = NavGridPathResult::default();
                let mut index = 12345;
                let status = nav_grid_find_nearest(
                    g as *const NavGrid,
                    ptr::null(),
                    &opts,
                    NavCell {
                        x: start.0,
                        y: start.1,
                    },
                    cells_ptr(&goals, *count),
                    *count,
                    out_ptr(cap, &mut cells),
                    cap,
                    &mut result,
                    &mut index,
                );
                check_status(status, "nav_grid_find_nearest");
                expect_handle(model, status, &[(g, Kind::Grid)]);
                if status == NavStatus::NavOk {
                    let found = result.path_status == NavPathStatus::Found as u32;
                    assert_eq!(found, index != u32::MAX, "goal index {index}");
                    if found {
                        let goal = goals[index as usize];
                        let last = cells[result.cell_count as usize - 1];
                        assert_eq!((last.x, last.y), (goal.x, goal.y));
                        assert!(result.cost.is_finite() && result.cost >= 0.0);
                    }
                }
            }
        }
    }
}

#[test]
fn random_operation_sequences_never_break_the_contract() {
    let baseline = live_handle_count();
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    // A fixed seed: the sweep's coverage checks below (every entry point succeeded at least
    // once) must not depend on the luck of one run. Raise NAV_FUZZ_CASES to explore further.
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let result = runner.run(&proptest::collection::vec(op(), 1..48), |ops| {
        let mut model = Model::new();
        for op in &ops {
            run(&mut model, op);
        }
        // Clean up: every live handle frees exactly once; nothing is left in the registry.
        for (&address, &kind) in &model.live {
            // SAFETY: live handles of the recorded kinds.
            let status = unsafe { free_as(address, kind) };
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
    let ok_calls = OK_CALLS.lock().unwrap();
    eprintln!("successful calls: {ok_calls:?}");
    for function in [
        "nav_grid_find_path",
        "nav_grid_find_path_batch",
        "nav_world_find_path",
        "nav_circle_world_find_path",
        "nav_mesh_world_create",
        "nav_mesh_world_insert_polygon",
        "nav_mesh_world_insert_box",
        "nav_mesh_world_insert_circle",
        "nav_mesh_world_find_path",
        "nav_query_mesh_path_polyline",
        "nav_query_set_mesh_cache_limit",
        "nav_query_mesh_cache_bytes",
        "nav_mesh_world_fits",
        "nav_mesh_world_nearest_fit",
        "nav_mesh_world_raycast",
        "nav_mesh_world_connected",
        "nav_grid_slice_begin",
        "nav_grid_slice_step",
        "nav_world_slice_begin",
        "nav_circle_world_slice_begin",
        "nav_mesh_world_slice_begin",
        "nav_query_slice_cancel",
        "nav_flow_field_build",
        "nav_flow_field_update",
        "nav_flow_field_cell",
        "nav_flow_field_path",
        "nav_grid_find_nearest",
        "nav_world_find_nearest",
        "nav_circle_world_find_nearest",
        "nav_mesh_world_find_nearest",
        "nav_query_slice_state",
    ] {
        assert!(
            ok_calls.get(function).copied().unwrap_or(0) > 0,
            "the sweep never got {function} to succeed"
        );
    }
}
