// The raw imports of nav.h's flow fields and nearest-goal queries: the conventions of
// NativeMethods.cs (one import per exported function, handles as IntPtr, typed pointers).

using System;
using System.Runtime.InteropServices;

namespace Nav
{
    public static unsafe partial class NativeMethods
    {
        // ---- flow fields and many goals ---------------------------------------------------

        /// <summary><c>nav_flow_field_create</c>: an empty flow field.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_flow_field_create(IntPtr* out_field);

        /// <summary><c>nav_flow_field_free</c> (NULL is a no-op).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_flow_field_free(IntPtr field);

        /// <summary><c>nav_flow_field_build</c>: <paramref name="rules"/>, <paramref name="options"/>
        /// and <paramref name="out_report"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_flow_field_build(
            IntPtr field, IntPtr grid, IntPtr rules, NavCell* goals, uint goal_count, NavFlowOptions* options,
            NavFlowReport* out_report);

        /// <summary><c>nav_flow_field_update</c>: <paramref name="out_report"/> may be NULL.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_flow_field_update(
            IntPtr field, IntPtr grid, NavCell* edited, uint edited_count, NavFlowReport* out_report);

        /// <summary><c>nav_flow_field_cell</c>: one cell, O(1).</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_flow_field_cell(IntPtr field, NavCell cell, NavFlowCell* out_cell);

        /// <summary><c>nav_flow_field_copy_cells</c>: every cell, row by row.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_flow_field_copy_cells(
            IntPtr field, NavFlowCell* out_cells, uint capacity, uint* out_count);

        /// <summary><c>nav_flow_field_path</c>: the cells from a start to its goal.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_flow_field_path(
            IntPtr field, NavCell start, NavCell* out_cells, uint capacity, NavGridPathResult* out_result);

        /// <summary><c>nav_grid_find_nearest</c>: the cheapest of several goals in one search.</summary>
        [DllImport(LibraryName, CallingConvention = CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_find_nearest(
            IntPtr grid, IntPtr rules, NavGridQueryOptions* options, NavCell start, NavCell* goals, uint goal_count,
            NavCell* out_cells, uint capacity, NavGridPathResult* out_result, uint* out_goal_index);
    }
}
