// The raw imports of nav.h's nearest-goal queries on the continuous worlds and of
// nav_query_slice_state: the conventions of NativeMethods.cs (one import per exported
// function, handles as IntPtr, typed pointers).

using System;
using System.Runtime.InteropServices;

namespace Nav
{
    public static unsafe partial class NativeMethods
    {
        // ---- many goals, continuous worlds ------------------------------------------------

        /// <summary><c>nav_world_find_nearest</c>: an agent's path to the nearest of several
        /// goals in one search; <paramref name="options"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_world_find_nearest(
            IntPtr world, IntPtr query, NavAgentDesc* agent, NavWorldQueryOptions* options, NavVec2 start,
            NavVec2* goals, uint goal_count, NavVec2* out_points, uint capacity, NavWorldPathResult* out_result,
            uint* out_goal_index);

        /// <summary><c>nav_circle_world_find_nearest</c>: the exact shortest path to the nearest of
        /// several goals among circles; <paramref name="options"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_circle_world_find_nearest(
            IntPtr world, IntPtr query, float agent_radius, NavCircleQueryOptions* options, NavVec2 start,
            NavVec2* goals, uint goal_count, NavPathPiece* out_pieces, uint capacity,
            NavCirclePathResult* out_result, uint* out_goal_index);

        /// <summary><c>nav_mesh_world_find_nearest</c>: the exact shortest path to the nearest of
        /// several goals in a polygon world; <paramref name="options"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_mesh_world_find_nearest(
            IntPtr world, IntPtr query, float agent_radius, NavMeshQueryOptions* options, NavVec2 start,
            NavVec2* goals, uint goal_count, NavPathPiece* out_pieces, uint capacity,
            NavMeshPathResult* out_result, uint* out_goal_index);

        // ---- sliced queries ---------------------------------------------------------------

        /// <summary><c>nav_query_slice_state</c>: a sliced query's state, without stepping it.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_slice_state(IntPtr query, uint navigator, NavSliceState* out_state);
    }
}
