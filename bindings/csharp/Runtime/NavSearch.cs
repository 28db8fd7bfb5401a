// Grid search modes (cell by cell, jump points, preprocessed jump points: JPS+) and the
// preprocessing of a grid: the NavSearchMode enum of nav.h and the calls that use it.

using System;

namespace Nav
{
    /// <summary>How grid queries search (<c>NavSearchMode</c>).</summary>
    public enum NavSearchMode : uint
    {
        /// <summary>A* over every cell: every rule, weighted grids too.</summary>
        CellByCell = 0,
        /// <summary>Jump point search (online); refused where it does not apply.</summary>
        JumpPoints = 1,
        /// <summary>Jump point search where it applies, cell by cell elsewhere.</summary>
        JumpPointsOrCellByCell = 2,
        /// <summary>Jump point search over preprocessed jump distances (JPS+): the same paths,
        /// each jump one table read (16 bytes per cell, built by <see cref="NavGrid.Prepare"/> or
        /// by the first query).</summary>
        JumpPointsPlus = 3,
        /// <summary>The query did not search (<see cref="NavQuery.SearchUsed"/> only).</summary>
        None = 4,
    }

    public sealed partial class NavGridRules
    {
        /// <summary>Rules searched by <paramref name="searchMode"/>
        /// (<c>nav_grid_rules_create_with_search</c>); <paramref name="desc"/>.JumpPoints must be
        /// 0.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidRules"/> for jump point
        /// modes under rules without jump points; <see cref="NavStatus.InvalidArgument"/> for an
        /// unknown mode.</exception>
        public unsafe NavGridRules(NavGridRulesDesc desc, NavGridMove[] moves, NavSearchMode searchMode)
        {
            IntPtr rules;
            fixed (NavGridMove* p = moves)
            {
                NavLibrary.Check(NativeMethods.nav_grid_rules_create_with_search(&desc, p, Checked.Length(moves),
                    (uint)searchMode, &rules));
            }
            handle = new NavGridRulesHandle(rules);
        }

        /// <summary>The search mode asked for at creation.</summary>
        public unsafe NavSearchMode SearchMode
        {
            get
            {
                uint mode;
                using (HandleLease r = Lease(this))
                {
                    NavLibrary.Check(NativeMethods.nav_grid_rules_search_mode(r.Pointer, &mode));
                }
                return (NavSearchMode)mode;
            }
        }
    }

    public sealed partial class NavGrid
    {
        /// <summary>Builds ahead of time what queries under <paramref name="rules"/> (null: the
        /// Moving AI rules) for agents of <paramref name="agentSize"/> cells derive from the grid
        /// on first use (<c>nav_grid_prepare</c>): component labels, and the jump point bit grids
        /// or the JPS+ jump table. Edits keep them correct.</summary>
        /// <returns>Whether something was built.</returns>
        public unsafe bool Prepare(NavGridRules rules, uint agentSize)
        {
            uint built;
            using (HandleLease g = Lease())
            using (HandleLease r = NavGridRules.Lease(rules))
            {
                NavLibrary.Check(NativeMethods.nav_grid_prepare(g.Pointer, r.Pointer, agentSize, &built));
            }
            return built != 0;
        }
    }

    public sealed partial class NavQuery
    {
        /// <summary>Which search the latest grid query ran (<c>nav_query_grid_search_used</c>):
        /// <see cref="NavSearchMode.None"/> when it did not search.</summary>
        public unsafe NavSearchMode SearchUsed
        {
            get
            {
                uint mode;
                using (HandleLease q = Lease())
                {
                    NavLibrary.Check(NativeMethods.nav_query_grid_search_used(q.Pointer, &mode));
                }
                return (NavSearchMode)mode;
            }
        }
    }

    public static unsafe partial class NativeMethods
    {
        /// <summary><c>nav_grid_rules_create_with_search</c>: <paramref name="search_mode"/> is a
        /// <see cref="NavSearchMode"/> value.</summary>
        [System.Runtime.InteropServices.DllImport(LibraryName, CallingConvention = System.Runtime.InteropServices.CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_rules_create_with_search(
            NavGridRulesDesc* desc, NavGridMove* moves, uint move_count, uint search_mode, IntPtr* out_rules);

        /// <summary><c>nav_grid_rules_search_mode</c>.</summary>
        [System.Runtime.InteropServices.DllImport(LibraryName, CallingConvention = System.Runtime.InteropServices.CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_rules_search_mode(IntPtr rules, uint* out_mode);

        /// <summary><c>nav_grid_prepare</c>: <paramref name="out_built"/> may be NULL.</summary>
        [System.Runtime.InteropServices.DllImport(LibraryName, CallingConvention = System.Runtime.InteropServices.CallingConvention.Cdecl)]
        public static extern NavStatus nav_grid_prepare(IntPtr grid, IntPtr rules, uint agent_size, uint* out_built);

        /// <summary><c>nav_query_grid_search_used</c>.</summary>
        [System.Runtime.InteropServices.DllImport(LibraryName, CallingConvention = System.Runtime.InteropServices.CallingConvention.Cdecl)]
        public static extern NavStatus nav_query_grid_search_used(IntPtr query, uint* out_mode);
    }
}
