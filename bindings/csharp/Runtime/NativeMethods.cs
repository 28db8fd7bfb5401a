// The raw C ABI of nav (ffi/include/nav.h), one import per exported function, written by hand.
//
// Conventions of this file (the test program checks all of it against nav.h and libnav's
// exported symbols: one import per symbol, same parameter count, matching types):
// * every function returns NavStatus (uint32_t) and uses the Cdecl calling convention;
// * opaque handles (NavGrid*, NavGridRules*, NavWorld*, NavCircleWorld*, NavMeshWorld*, NavQuery*)
//   are IntPtr,
//   out-handles IntPtr*;
// * every other pointer is a typed pointer (NavCell*, double*, byte* for char* and uint8_t*),
//   so nothing is marshalled: arrays are pinned with `fixed` by the caller and passed as is,
//   which is what makes a warm query allocation-free on the managed heap;
// * structs passed by value (NavCell, NavVec2, NavAabb) are the blittable structs of
//   NavGridTypes.cs and NavWorldTypes.cs; uint64_t object ids are ulong.
// The idiomatic layer (NavGrid, NavQuery, ...) is what applications should use.

using System;
using System.Runtime.InteropServices;

namespace Nav
{
    /// <summary>The raw imports of the C ABI (<c>nav.h</c>), for advanced use. Handles are raw
    /// <see cref="IntPtr"/>s here: nothing frees them for you, and every pointer must be valid
    /// for the number of elements given. Prefer <see cref="NavGrid"/>, <see cref="NavQuery"/> and
    /// <see cref="NavGridRules"/>.</summary>
    public static unsafe partial class NativeMethods
    {
        /// <summary>The native library: <c>"__Internal"</c> on iOS, where nav is a static library
        /// linked into the player; <c>"nav"</c> elsewhere (<c>nav.dll</c>, <c>libnav.so</c>,
        /// <c>libnav.dylib</c>).</summary>
#if UNITY_IOS && !UNITY_EDITOR
        public const string LibraryName = "__Internal";
#else
        public const string LibraryName = "nav";
#endif

        /// <summary><c>NAV_VERSION_MAJOR</c> of the header these bindings mirror.</summary>
        public const uint VersionMajor = 0;
        /// <summary><c>NAV_VERSION_MINOR</c> of the header these bindings mirror.</summary>
        public const uint VersionMinor = 1;
        /// <summary><c>NAV_VERSION_PATCH</c> of the header these bindings mirror.</summary>
        public const uint VersionPatch = 0;

        // ---- library ------------------------------------------------------------------------

        /// <summary><c>nav_version</c>: the version of the loaded library.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_version(NavVersion* out_version);

        /// <summary><c>nav_last_error</c>: the message of the latest failed call on this thread,
        /// UTF-8 with a terminating NUL; <c>*out_size</c> is the size it needs.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_last_error(byte* buffer, uint capacity, uint* out_size);

        /// <summary><c>nav_set_wait_timeout</c>: how long this thread's calls wait for a busy
        /// handle, in milliseconds (0, the default: no wait).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_set_wait_timeout(uint milliseconds);

        /// <summary><c>nav_wait_timeout</c>: this thread's wait timeout.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_wait_timeout(uint* out_milliseconds);

        /// <summary><c>nav_live_handles</c>: the number of live handles in the process.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_live_handles(ulong* out_count);

        /// <summary><c>NAV_MAX_WAIT_TIMEOUT_MS</c>: the largest wait timeout.</summary>
        public const uint MaxWaitTimeoutMilliseconds = 60000;

        // ---- query contexts -----------------------------------------------------------------

        /// <summary><c>nav_query_create</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_create(IntPtr* out_query);

        /// <summary><c>nav_query_free</c> (NULL is a no-op).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_free(IntPtr query);

        // ---- grids --------------------------------------------------------------------------

        /// <summary><c>nav_grid_create</c>: a grid of walkable cells.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_create(uint width, uint height, IntPtr* out_grid);

        /// <summary><c>nav_grid_create_from_walkable</c>: one byte (0 or 1) per cell, row by row.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_create_from_walkable(
            uint width, uint height, byte* walkable, uint cell_count, IntPtr* out_grid);

        /// <summary><c>nav_grid_create_from_terrain</c>: one terrain value per cell, row by row.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_create_from_terrain(
            uint width, uint height, ushort* terrain, uint cell_count, uint max_walkable_terrain,
            IntPtr* out_grid);

        /// <summary><c>nav_grid_clone</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_clone(IntPtr grid, IntPtr* out_grid);

        /// <summary><c>nav_grid_free</c> (NULL is a no-op).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_free(IntPtr grid);

        /// <summary><c>nav_grid_info</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_info(IntPtr grid, NavGridInfo* out_info);

        /// <summary><c>nav_grid_cell</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_cell(IntPtr grid, uint x, uint y, NavGridCellInfo* out_cell);

        /// <summary><c>nav_grid_clearance</c>: the side of the largest square of walkable cells
        /// whose top-left cell is (x, y), 0 to 255.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_clearance(IntPtr grid, uint x, uint y, uint* out_clearance);

        /// <summary><c>nav_grid_copy_walkable</c>: <c>width * height</c> bytes, 1 walkable, 0 not.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_copy_walkable(
            IntPtr grid, byte* out_walkable, uint capacity, uint* out_count);

        /// <summary><c>nav_grid_set_blocked</c> (<paramref name="blocked"/> 0 or 1).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_set_blocked(IntPtr grid, uint x, uint y, uint blocked);

        /// <summary><c>nav_grid_set_terrain</c> (0..65535).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_set_terrain(IntPtr grid, uint x, uint y, uint terrain);

        /// <summary><c>nav_grid_set_cost_multiplier</c> (finite, greater than 0).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_set_cost_multiplier(IntPtr grid, uint x, uint y, double multiplier);

        /// <summary><c>nav_grid_set_max_walkable_terrain</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_set_max_walkable_terrain(IntPtr grid, uint max_walkable_terrain);

        /// <summary><c>nav_grid_load_movingai</c>: the text of a <c>.map</c> file, <paramref name="length"/>
        /// bytes of UTF-8 (no NUL needed).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_load_movingai(byte* text, uint length, IntPtr* out_grid);

        /// <summary><c>nav_grid_load_movingai_file</c>: <paramref name="path"/> is NUL-terminated UTF-8.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_load_movingai_file(byte* path, IntPtr* out_grid);

        /// <summary><c>nav_grid_write_movingai</c>: the grid as <c>.map</c> text (no NUL).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_write_movingai(
            IntPtr grid, byte* out_text, uint capacity, uint* out_length);

        // ---- grid rules ---------------------------------------------------------------------

        /// <summary><c>nav_grid_rules_create</c>: <paramref name="desc"/> may be NULL (the Moving AI
        /// rules); <paramref name="moves"/> only with <see cref="NavMoves.Custom"/>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_rules_create(
            NavGridRulesDesc* desc, NavGridMove* moves, uint move_count, IntPtr* out_rules);

        /// <summary><c>nav_grid_rules_free</c> (NULL is a no-op).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_rules_free(IntPtr rules);

        // ---- grid queries -------------------------------------------------------------------

        /// <summary><c>nav_grid_find_path</c>: <paramref name="rules"/> and <paramref name="options"/>
        /// may be NULL; <paramref name="out_cells"/> (and <paramref name="out_costs"/>, may be NULL)
        /// hold <paramref name="capacity"/> elements.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_find_path(
            IntPtr grid, IntPtr query, IntPtr rules, NavGridQueryOptions* options, NavCell start, NavCell goal,
            NavCell* out_cells, double* out_costs, uint capacity, NavGridPathResult* out_result);

        /// <summary><c>nav_query_grid_path</c>: the latest grid path of <paramref name="query"/>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_grid_path(
            IntPtr query, NavCell* out_cells, double* out_costs, uint capacity, uint* out_count);

        /// <summary><c>nav_query_grid_path_within_budget</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_grid_path_within_budget(IntPtr query, double budget, uint* out_count);

        /// <summary><c>nav_query_grid_expanded_cells</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_grid_expanded_cells(
            IntPtr query, NavCell* out_cells, uint capacity, uint* out_count);

        /// <summary><c>nav_grid_find_path_batch</c>: <paramref name="out_results"/> must hold
        /// <paramref name="pair_count"/> results and <paramref name="out_cells"/>
        /// <c>pair_count * cells_per_pair</c> cells (nav cannot check these lengths).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_find_path_batch(
            IntPtr grid, IntPtr query, IntPtr rules, NavGridQueryOptions* options, NavGridPair* pairs,
            uint pair_count, NavGridBatchResult* out_results, NavCell* out_cells, uint cells_per_pair,
            uint threads);

        // ---- worlds (nav-agent: boxes and discs, agents of any radius) --------------------

        /// <summary><c>nav_world_create</c>: an empty world over <c>*bounds</c>; <paramref name="cell_size"/>
        /// 0 picks 1/128 of the longer side.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_create(NavAabb* bounds, float cell_size, IntPtr* out_world);

        /// <summary><c>nav_world_clone</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_clone(IntPtr world, IntPtr* out_world);

        /// <summary><c>nav_world_free</c> (NULL is a no-op).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_free(IntPtr world);

        /// <summary><c>nav_world_info</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_info(IntPtr world, NavWorldInfo* out_info);

        /// <summary><c>nav_world_insert_box</c> (<paramref name="dynamic"/> 0 or 1).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_insert_box(IntPtr world, NavAabb aabb, uint dynamic, ulong* out_obstacle);

        /// <summary><c>nav_world_insert_circle</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_insert_circle(
            IntPtr world, NavVec2 center, float radius, uint dynamic, ulong* out_obstacle);

        /// <summary><c>nav_world_move_box</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_move_box(IntPtr world, ulong obstacle, NavAabb aabb);

        /// <summary><c>nav_world_move_circle</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_move_circle(IntPtr world, ulong obstacle, NavVec2 center, float radius);

        /// <summary><c>nav_world_remove</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_remove(IntPtr world, ulong obstacle);

        /// <summary><c>nav_world_clear</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_clear(IntPtr world);

        /// <summary><c>nav_world_disc_is_clear</c>: <c>*out_clear</c> 1 or 0.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_disc_is_clear(
            IntPtr world, NavVec2 center, float radius, ulong ignore_obstacle, uint* out_clear);

        /// <summary><c>nav_world_segment_is_clear</c>: <c>*out_clear</c> 1 or 0.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_segment_is_clear(
            IntPtr world, NavVec2 a, NavVec2 b, float radius, ulong ignore_obstacle, uint* out_clear);

        /// <summary><c>nav_world_find_path</c>: <paramref name="options"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_find_path(
            IntPtr world, IntPtr query, NavAgentDesc* agent, NavWorldQueryOptions* options, NavVec2 start, NavVec2 goal,
            NavVec2* out_points, uint capacity, NavWorldPathResult* out_result);

        /// <summary><c>nav_query_world_path</c>: the latest world path of <paramref name="query"/>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_world_path(IntPtr query, NavVec2* out_points, uint capacity, uint* out_count);

        // ---- circle worlds (nav-tangent: exact paths of segments and arcs) -----------------

        /// <summary><c>nav_circle_world_create</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_create(NavAabb* bounds, IntPtr* out_world);

        /// <summary><c>nav_circle_world_clone</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_clone(IntPtr world, IntPtr* out_world);

        /// <summary><c>nav_circle_world_free</c> (NULL is a no-op).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_free(IntPtr world);

        /// <summary><c>nav_circle_world_count</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_count(IntPtr world, ulong* out_count);

        /// <summary><c>nav_circle_world_insert</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_insert(IntPtr world, NavVec2 center, float radius, ulong* out_circle);

        /// <summary><c>nav_circle_world_set</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_set(IntPtr world, ulong circle, NavVec2 center, float radius);

        /// <summary><c>nav_circle_world_remove</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_remove(IntPtr world, ulong circle);

        /// <summary><c>nav_circle_world_clear</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_clear(IntPtr world);

        /// <summary><c>nav_circle_world_find_path</c>: <paramref name="options"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_find_path(
            IntPtr world, IntPtr query, float agent_radius, NavCircleQueryOptions* options, NavVec2 start, NavVec2 goal,
            NavPathPiece* out_pieces, uint capacity, NavCirclePathResult* out_result);

        /// <summary><c>nav_query_circle_path</c>: the pieces of the latest circle-world path.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_circle_path(IntPtr query, NavPathPiece* out_pieces, uint capacity, uint* out_count);

        /// <summary><c>nav_query_circle_path_polyline</c>: the latest circle-world path as points,
        /// arcs cut into chords within <paramref name="max_deviation"/>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_circle_path_polyline(
            IntPtr query, float max_deviation, NavVec2* out_points, uint capacity, uint* out_count);

        // ---- mesh worlds (nav-mesh: polygons, exact paths for a disc of any radius) ---------

        /// <summary><c>nav_mesh_world_create</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_create(NavAabb* bounds, IntPtr* out_world);

        /// <summary><c>nav_mesh_world_create_polygon</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_create_polygon(NavVec2* points, uint count, IntPtr* out_world);

        /// <summary><c>nav_mesh_world_clone</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_clone(IntPtr world, IntPtr* out_world);

        /// <summary><c>nav_mesh_world_free</c> (NULL is a no-op).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_free(IntPtr world);

        /// <summary><c>nav_mesh_world_count</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_count(IntPtr world, ulong* out_count);

        /// <summary><c>nav_mesh_world_insert_polygon</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_insert_polygon(IntPtr world, NavVec2* points, uint count, ulong* out_obstacle);

        /// <summary><c>nav_mesh_world_insert_box</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_insert_box(IntPtr world, NavAabb aabb, ulong* out_obstacle);

        /// <summary><c>nav_mesh_world_insert_circle</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_insert_circle(IntPtr world, NavVec2 center, float radius, ulong* out_obstacle);

        /// <summary><c>nav_mesh_world_set_polygon</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_set_polygon(IntPtr world, ulong obstacle, NavVec2* points, uint count);

        /// <summary><c>nav_mesh_world_set_box</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_set_box(IntPtr world, ulong obstacle, NavAabb aabb);

        /// <summary><c>nav_mesh_world_set_circle</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_set_circle(IntPtr world, ulong obstacle, NavVec2 center, float radius);

        /// <summary><c>nav_mesh_world_remove</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_remove(IntPtr world, ulong obstacle);

        /// <summary><c>nav_mesh_world_clear</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_clear(IntPtr world);

        /// <summary><c>nav_mesh_world_find_path</c>: <paramref name="options"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_find_path(
            IntPtr world, IntPtr query, float agent_radius, NavMeshQueryOptions* options, NavVec2 start, NavVec2 goal,
            NavPathPiece* out_pieces, uint capacity, NavMeshPathResult* out_result);

        /// <summary><c>nav_query_mesh_path</c>: the pieces of the latest mesh-world path.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_mesh_path(IntPtr query, NavPathPiece* out_pieces, uint capacity, uint* out_count);

        /// <summary><c>nav_query_mesh_path_polyline</c>: the latest mesh-world path as points,
        /// arcs replaced by chords outside them within <paramref name="max_deviation"/>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_mesh_path_polyline(
            IntPtr query, float max_deviation, NavVec2* out_points, uint capacity, uint* out_count);

        /// <summary><c>nav_query_set_mesh_cache_limit</c>: bounds the memory the context keeps
        /// between mesh-world queries for its successor lists (0: no limit).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_set_mesh_cache_limit(IntPtr query, ulong max_bytes);

        /// <summary><c>nav_query_mesh_cache_bytes</c>: the memory those lists hold now.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_mesh_cache_bytes(IntPtr query, ulong* out_bytes);

        /// <summary><c>nav_mesh_world_fits</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_fits(IntPtr world, NavVec2 point, float radius, uint* out_fits);

        /// <summary><c>nav_mesh_world_nearest_fit</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_nearest_fit(
            IntPtr world, NavVec2 point, float radius, NavVec2* out_point, uint* out_found);

        /// <summary><c>nav_mesh_world_raycast</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_raycast(
            IntPtr world, NavVec2 from, NavVec2 direction, float max_distance, float radius, float* out_distance, uint* out_hit);

        /// <summary><c>nav_mesh_world_connected</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_connected(IntPtr world, NavVec2 a, NavVec2 b, float radius, uint* out_connected);

        // ---- time-sliced queries ------------------------------------------------------------

        /// <summary><c>nav_grid_slice_begin</c>: <paramref name="rules"/> and
        /// <paramref name="options"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_slice_begin(
            IntPtr grid, IntPtr query, IntPtr rules, NavGridQueryOptions* options, NavCell start, NavCell goal,
            NavSliceState* out_state);

        /// <summary><c>nav_grid_slice_step</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_slice_step(
            IntPtr grid, IntPtr query, IntPtr rules, uint max_expansions, NavSliceState* out_state);

        /// <summary><c>nav_query_slice_cancel</c>: every navigator's sliced query.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_slice_cancel(IntPtr query);

        /// <summary><c>nav_world_slice_begin</c>: <paramref name="options"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_slice_begin(
            IntPtr world, IntPtr query, NavAgentDesc* agent, NavWorldQueryOptions* options, NavVec2 start, NavVec2 goal,
            NavSliceState* out_state);

        /// <summary><c>nav_world_slice_step</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_slice_step(IntPtr world, IntPtr query, uint max_expansions, NavSliceState* out_state);

        /// <summary><c>nav_circle_world_slice_begin</c>: <paramref name="options"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_slice_begin(
            IntPtr world, IntPtr query, float agent_radius, NavCircleQueryOptions* options, NavVec2 start, NavVec2 goal,
            NavSliceState* out_state);

        /// <summary><c>nav_circle_world_slice_step</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_slice_step(IntPtr world, IntPtr query, uint max_expansions, NavSliceState* out_state);

        /// <summary><c>nav_mesh_world_slice_begin</c>: <paramref name="options"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_slice_begin(
            IntPtr world, IntPtr query, float agent_radius, NavMeshQueryOptions* options, NavVec2 start, NavVec2 goal,
            NavSliceState* out_state);

        /// <summary><c>nav_mesh_world_slice_step</c>.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_slice_step(IntPtr world, IntPtr query, uint max_expansions, NavSliceState* out_state);

        // ---- debugging ----------------------------------------------------------------------

        /// <summary><c>nav_debug_panic</c>: raises an internal error on purpose; always returns
        /// <see cref="NavStatus.Panic"/> (to check that the loaded build turns panics into
        /// statuses).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_debug_panic(IntPtr query);
    }
}
