//! Tile grids: `NavGrid` handles, `NavGridRules`, single and batched queries.

// The order of these modules is the order of the functions in nav.h.
mod map;

mod movingai;

pub(crate) mod rules;

pub(crate) mod find_path;

mod batch;

mod flow;

mod types;

mod search_mode;

pub use batch::nav_grid_find_path_batch;
pub use find_path::{
    nav_grid_find_path, nav_query_grid_expanded_cells, nav_query_grid_path,
    nav_query_grid_path_within_budget,
};
pub use flow::{
    NAV_MAX_GOALS, NavFlowCell, NavFlowField, NavFlowOptions, NavFlowReport, nav_flow_field_build,
    nav_flow_field_cell, nav_flow_field_copy_cells, nav_flow_field_create, nav_flow_field_free,
    nav_flow_field_path, nav_flow_field_update, nav_grid_find_nearest,
};
pub use map::{
    NavGrid, nav_grid_cell, nav_grid_clearance, nav_grid_clone, nav_grid_copy_walkable,
    nav_grid_create, nav_grid_create_from_terrain, nav_grid_create_from_walkable, nav_grid_free,
    nav_grid_info, nav_grid_set_blocked, nav_grid_set_cost_multiplier,
    nav_grid_set_max_walkable_terrain, nav_grid_set_terrain,
};
pub use movingai::{nav_grid_load_movingai, nav_grid_load_movingai_file, nav_grid_write_movingai};
pub use rules::{NavGridRules, nav_grid_rules_create, nav_grid_rules_free};
pub use search_mode::{
    NavSearchMode, nav_grid_prepare, nav_grid_rules_create_with_search, nav_grid_rules_search_mode,
    nav_query_grid_search_used,
};
pub use types::{
    NavCell, NavDiagonalRule, NavGridBatchResult, NavGridCellInfo, NavGridInfo, NavGridMove,
    NavGridPair, NavGridPathResult, NavGridQueryOptions, NavGridRulesDesc, NavHeuristic, NavMoves,
    NavPathStatus,
};
