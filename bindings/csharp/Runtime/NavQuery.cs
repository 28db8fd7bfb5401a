using System;

namespace Nav
{
    /// <summary>A query context (<c>NavQuery</c>): the search memory of one thread's queries,
    /// reused from query to query so that a warm query allocates nothing, and the results of
    /// the latest query (its path, the cells it expanded).</summary>
    /// <remarks>Create one per thread that runs queries (one for the main thread, one per job
    /// worker) and keep it. A context used by two threads at once is detected: the second call
    /// fails with <see cref="NavStatus.Busy"/>.</remarks>
    public sealed partial class NavQuery : IDisposable
    {
        private readonly NavQueryHandle handle;

        /// <summary>A new query context. It allocates only a little: the search memory grows
        /// during the first queries to the size of the largest map searched.</summary>
        public unsafe NavQuery()
        {
            IntPtr query;
            NavLibrary.Check(NativeMethods.nav_query_create(&query));
            handle = new NavQueryHandle(query);
        }

        /// <summary>The owned C handle, for calls through <see cref="NativeMethods"/>.</summary>
        public NavQueryHandle Handle
        {
            get { return handle; }
        }

        /// <summary>Whether <see cref="Dispose"/> was called.</summary>
        public bool IsDisposed
        {
            get { return handle.IsClosed; }
        }

        /// <summary>Finds a cheapest path on <paramref name="grid"/> and writes its cells into
        /// <paramref name="cells"/> (start to end inclusive), throwing nothing for nav's failures:
        /// the status says what happened.</summary>
        /// <param name="grid">The grid.</param>
        /// <param name="start">Where the path starts.</param>
        /// <param name="goal">Where it should end.</param>
        /// <param name="cells">Receives the path's cells; may be null (or empty) to learn the
        /// length only.</param>
        /// <param name="costs">Null, or receives the cost from the start to each cell; at least
        /// as long as <paramref name="cells"/>.</param>
        /// <param name="rules">Null for the Moving AI rules.</param>
        /// <param name="options">Limits and partial paths (<c>default</c>: none).</param>
        /// <param name="result">How the search ended, its cost and the path's length (also when
        /// the status is <see cref="NavStatus.BufferTooSmall"/>: then the length needed).</param>
        /// <returns><see cref="NavStatus.Ok"/> when the search ran, whether or not it found a path
        /// (see <paramref name="result"/>); <see cref="NavStatus.BufferTooSmall"/> when the path
        /// has more cells than <paramref name="cells"/> holds (nothing written; the path is kept,
        /// <see cref="CopyPath"/> copies it without searching again);
        /// <see cref="NavStatus.OutOfRange"/> for an endpoint outside the grid;
        /// <see cref="NavStatus.InvalidArgument"/> for bad options. The message is in
        /// <see cref="NavLibrary.LastErrorMessage"/>.</returns>
        /// <exception cref="ArgumentNullException">grid is null.</exception>
        /// <exception cref="ObjectDisposedException">grid, rules or this query was disposed.</exception>
        /// <exception cref="ArgumentException">costs is shorter than cells.</exception>
        public unsafe NavStatus TryFindPath(NavGrid grid, NavCell start, NavCell goal, NavCell[] cells,
            double[] costs, NavGridRules rules, NavGridQueryOptions options, out NavGridPathResult result)
        {
            Checked.NotNull(grid, "grid");
            uint capacity = Checked.Length(cells);
            if (costs != null && costs.Length < capacity)
            {
                throw new ArgumentException("costs must be at least as long as cells", "costs");
            }
            NavGridPathResult written = default(NavGridPathResult);
            NavStatus status;
            using (HandleLease g = grid.Lease())
            using (HandleLease q = Lease())
            using (HandleLease r = NavGridRules.Lease(rules))
            {
                fixed (NavCell* c = cells)
                fixed (double* k = costs)
                {
                    status = NativeMethods.nav_grid_find_path(g.Pointer, q.Pointer, r.Pointer, &options, start, goal,
                        capacity == 0 ? null : c, capacity == 0 ? null : k, capacity, &written);
                }
            }
            result = written;
            return status;
        }

        /// <summary>Finds a cheapest path on <paramref name="grid"/> and writes its cells into
        /// <paramref name="cells"/>, a buffer the caller keeps: nothing is allocated on the
        /// managed heap. The first <c>CellCount</c> elements of the buffer are the path.</summary>
        /// <returns>How the search ended (a path that was not found is an outcome, not an
        /// error): <c>PathStatus</c>, <c>Cost</c>, <c>Expanded</c>, <c>CellCount</c>.</returns>
        /// <exception cref="NavException"><see cref="NavStatus.BufferTooSmall"/> when the path
        /// does not fit (<see cref="NavException.RequiredCount"/> is its length, and
        /// <see cref="CopyPath"/> copies it into a larger buffer without searching again);
        /// <see cref="NavStatus.OutOfRange"/> for an endpoint outside the grid;
        /// <see cref="NavStatus.InvalidArgument"/> for bad options.</exception>
        public NavGridPathResult FindPath(NavGrid grid, NavCell start, NavCell goal, NavCell[] cells,
            NavGridRules rules = null, NavGridQueryOptions options = default(NavGridQueryOptions))
        {
            Checked.NotNull(cells, "cells");
            NavGridPathResult result;
            NavStatus status = TryFindPath(grid, start, goal, cells, null, rules, options, out result);
            NavLibrary.Check(status, status == NavStatus.BufferTooSmall ? result.CellCount : 0);
            return result;
        }

        /// <summary>Finds a cheapest path into <paramref name="path"/>, growing its buffers when
        /// the path does not fit (without searching again): once they are large enough, a
        /// per-frame query allocates nothing.</summary>
        /// <returns>How the search ended (also in <paramref name="path"/>).</returns>
        /// <exception cref="NavException"><see cref="NavStatus.OutOfRange"/> for an endpoint
        /// outside the grid; <see cref="NavStatus.InvalidArgument"/> for bad options. The path
        /// is empty after a failure.</exception>
        public unsafe NavGridPathResult FindPath(NavGrid grid, NavCell start, NavCell goal, NavGridPath path,
            NavGridRules rules = null, NavGridQueryOptions options = default(NavGridQueryOptions))
        {
            Checked.NotNull(path, "path");
            path.Clear();
            NavGridPathResult result;
            NavStatus status = TryFindPath(grid, start, goal, path.CellBuffer, path.CostBuffer, rules, options,
                out result);
            if (status == NavStatus.BufferTooSmall)
            {
                path.EnsureCapacity((int)result.CellCount);
                CopyPath(path.CellBuffer, path.CostBuffer);
                status = NavStatus.Ok;
            }
            NavLibrary.Check(status);
            path.Set(result);
            return result;
        }

        /// <summary>Copies the path of the latest grid query of this context (as FindPath wrote
        /// it, or would have with a larger buffer) into <paramref name="cells"/> and, when not
        /// null, the costs from the start into <paramref name="costs"/>; returns its length.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.BufferTooSmall"/> (with
        /// <see cref="NavException.RequiredCount"/>) when it does not fit.</exception>
        public unsafe int CopyPath(NavCell[] cells, double[] costs = null)
        {
            Checked.NotNull(cells, "cells");
            uint capacity = Checked.Length(cells);
            if (costs != null && costs.Length < capacity)
            {
                throw new ArgumentException("costs must be at least as long as cells", "costs");
            }
            uint count = 0;
            NavStatus status;
            using (HandleLease q = Lease())
            {
                fixed (NavCell* c = cells)
                fixed (double* k = costs)
                {
                    status = NativeMethods.nav_query_grid_path(q.Pointer, capacity == 0 ? null : c,
                        capacity == 0 ? null : k, capacity, &count);
                }
            }
            NavLibrary.Check(status, count);
            return (int)count;
        }

        /// <summary>How many leading cells of the latest grid path a unit can walk with
        /// <paramref name="budget"/> movement points (a turn's worth of movement): the start
        /// always counts; +infinity keeps the whole path; 0 when there is no path.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidArgument"/> for NaN and
        /// negative budgets.</exception>
        public unsafe int CountWithinBudget(double budget)
        {
            uint count = 0;
            using (HandleLease q = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_query_grid_path_within_budget(q.Pointer, budget, &count));
            }
            return (int)count;
        }

        /// <summary>Copies the cells the latest grid query expanded (in index order) into
        /// <paramref name="cells"/>; returns their number. For drawing a search.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.BufferTooSmall"/> (with
        /// <see cref="NavException.RequiredCount"/>) when they do not fit.</exception>
        public unsafe int CopyExpandedCells(NavCell[] cells)
        {
            Checked.NotNull(cells, "cells");
            uint count = 0;
            NavStatus status;
            using (HandleLease q = Lease())
            {
                fixed (NavCell* c = cells)
                {
                    status = NativeMethods.nav_query_grid_expanded_cells(q.Pointer, c, Checked.Length(cells), &count);
                }
            }
            NavLibrary.Check(status, count);
            return (int)count;
        }

        /// <summary>The cells the latest grid query expanded, in a new array.</summary>
        public unsafe NavCell[] GetExpandedCells()
        {
            uint count = 0;
            using (HandleLease q = Lease())
            {
                NavStatus status = NativeMethods.nav_query_grid_expanded_cells(q.Pointer, null, 0, &count);
                if (status != NavStatus.Ok && status != NavStatus.BufferTooSmall)
                {
                    throw NavLibrary.Failure(status, 0);
                }
            }
            NavCell[] cells = new NavCell[count];
            CopyExpandedCells(cells);
            return cells;
        }

        /// <summary>Finds paths for many start/goal pairs on one grid under the same rules and
        /// options, one result per pair in <paramref name="results"/>.</summary>
        /// <param name="grid">The grid.</param>
        /// <param name="pairs">The starts and goals.</param>
        /// <param name="results">Receives one result per pair: at least as long as
        /// <paramref name="pairs"/>.</param>
        /// <param name="cells">Null (costs and statuses only), or receives the path of pair i at
        /// <c>i * cellsPerPair</c> (its length in <c>results[i].CellCount</c>; a longer path is
        /// not written and that pair's status is BufferTooSmall).</param>
        /// <param name="cellsPerPair">Room for each path in <paramref name="cells"/>.</param>
        /// <param name="threads">1: every pair on the calling thread with this context,
        /// allocating nothing once warm; 0: spread over nav's worker pool as it likes; n: over the
        /// pool in at most n chunks. The results do not depend on it.</param>
        /// <param name="rules">Null for the Moving AI rules.</param>
        /// <param name="options">Limits and partial paths.</param>
        /// <returns>The number of pairs whose <see cref="NavGridBatchResult.Status"/> is not Ok
        /// (endpoint outside the grid, path too long for its slot); 0 when every pair ran.</returns>
        /// <exception cref="ArgumentException">results or cells are too short.</exception>
        /// <exception cref="NavException">The call as a whole was refused (bad options, for
        /// example): no pair ran.</exception>
        public unsafe int FindPaths(NavGrid grid, NavGridPair[] pairs, NavGridBatchResult[] results,
            NavCell[] cells = null, int cellsPerPair = 0, int threads = 1, NavGridRules rules = null,
            NavGridQueryOptions options = default(NavGridQueryOptions))
        {
            Checked.NotNull(grid, "grid");
            Checked.NotNull(pairs, "pairs");
            Checked.NotNull(results, "results");
            uint perPair = Checked.NonNegative(cellsPerPair, "cellsPerPair");
            uint threadCount = Checked.NonNegative(threads, "threads");
            // nav.h takes no capacity for these two buffers: their lengths are checked here.
            if (results.Length < pairs.Length)
            {
                throw new ArgumentException("results must be at least as long as pairs", "results");
            }
            long cellsNeeded = (long)pairs.Length * perPair;
            if (perPair > 0 && (cells == null || cells.Length < cellsNeeded))
            {
                throw new ArgumentException("cells must hold pairs.Length * cellsPerPair cells", "cells");
            }
            // A status no pair can have: still there after the call means no pair ran.
            const NavStatus NotRun = (NavStatus)uint.MaxValue;
            for (int i = 0; i < pairs.Length; i++)
            {
                results[i].Status = NotRun;
            }
            NavStatus status;
            using (HandleLease g = grid.Lease())
            using (HandleLease q = Lease())
            using (HandleLease r = NavGridRules.Lease(rules))
            {
                fixed (NavGridPair* p = pairs)
                fixed (NavGridBatchResult* o = results)
                fixed (NavCell* c = cells)
                {
                    status = NativeMethods.nav_grid_find_path_batch(g.Pointer, q.Pointer, r.Pointer, &options, p,
                        (uint)pairs.Length, o, perPair == 0 ? null : c, perPair, threadCount);
                }
            }
            if (status == NavStatus.Ok)
            {
                return 0;
            }
            if (pairs.Length == 0 || results[0].Status == NotRun)
            {
                throw NavLibrary.Failure(status, 0);
            }
            int failed = 0;
            for (int i = 0; i < pairs.Length; i++)
            {
                if (results[i].Status != NavStatus.Ok)
                {
                    failed++;
                }
            }
            return failed;
        }

        /// <summary>Frees the context. Calling it again does nothing.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        internal HandleLease Lease()
        {
            return new HandleLease(handle, "NavQuery");
        }
    }
}
