// Grids, rules and queries through the idiomatic layer: results, errors as exceptions with the
// library's message, the library still usable after every error, disposal.
// Over 600 lines: every grid wrapper method and its refusals, one test each.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Threading;

namespace Nav.Tests
{
    internal static class GridTests
    {
        public static void Register(Harness h)
        {
            h.Add("grid: create, info, cells, edits, walkability copy", CreateAndEdit);
            h.Add("library: the wait timeout (per thread, bounded) and the live-handle count", WaitAndLiveHandles);
            h.Add("grid: Moving AI text round trip and file loading", MovingAiRoundTrip);
            h.Add("grid: bad sizes, out-of-range cells, NaN and bad values are NavExceptions", GridErrors);
            h.Add("query: an open grid gives the octile distance and a connected path", OpenGridPath);
            h.Add("query: outcomes (no path, blocked endpoints, limits, partial paths)", Outcomes);
            h.Add("query: too small buffers, path copy without a new search, budgets, expanded cells", Buffers);
            h.Add("query: bad inputs are errors, and the query works after each", QueryErrors);
            h.Add("query: agents of 2 and 3 cells go where the clearance lets them; Clearance follows edits", AgentSizes);
            h.Add("rules: move sets, costs, custom moves, jump points, refused rules", Rules);
            h.Add("rules: cost multipliers make the cheapest path go around", CostMultipliers);
            h.Add("batch: same results as single queries on 1 thread and on the pool; per-pair errors", Batch);
            h.Add("handles: dispose twice, use after dispose, finalizers free, stale raw handles", Handles);
            h.Add("raw: null pointers, stale and mistyped handles, debug panic, last error", RawAbi);
            h.Add("threads: queries on one grid from several threads agree", Threads);
            h.Add("layout: XZ-plane cell centres and point-to-cell conversions", Layout);
        }

        // ---- helpers ------------------------------------------------------------------------

        /// <summary>A grid from rows of '.' (walkable) and '@' (blocked).</summary>
        internal static NavGrid FromRows(params string[] rows)
        {
            int width = rows[0].Length;
            byte[] walkable = new byte[width * rows.Length];
            for (int y = 0; y < rows.Length; y++)
            {
                for (int x = 0; x < width; x++)
                {
                    walkable[y * width + x] = rows[y][x] == '.' ? (byte)1 : (byte)0;
                }
            }
            return NavGrid.FromWalkable(width, rows.Length, walkable);
        }

        internal static NavCell C(int x, int y)
        {
            return new NavCell(x, y);
        }

        /// <summary>Checks that cells[0..count] is a path of 8-connected steps over walkable cells
        /// without corner cutting from start to goal, and returns its octile length.</summary>
        internal static double CheckPath(NavGrid grid, NavCell[] cells, int count, NavCell start, NavCell goal)
        {
            Assert.True(count > 0, "empty path");
            Assert.Equal(start, cells[0], "first cell");
            Assert.Equal(goal, cells[count - 1], "last cell");
            double length = 0;
            for (int i = 0; i < count; i++)
            {
                Assert.True(grid.IsWalkable((int)cells[i].X, (int)cells[i].Y), "cell " + cells[i] + " is blocked");
                if (i == 0)
                {
                    continue;
                }
                int dx = (int)cells[i].X - (int)cells[i - 1].X;
                int dy = (int)cells[i].Y - (int)cells[i - 1].Y;
                Assert.True(Math.Abs(dx) <= 1 && Math.Abs(dy) <= 1 && (dx != 0 || dy != 0),
                    "step " + cells[i - 1] + " -> " + cells[i] + " is not a move");
                if (dx != 0 && dy != 0)
                {
                    Assert.True(grid.IsWalkable((int)cells[i - 1].X + dx, (int)cells[i - 1].Y)
                        && grid.IsWalkable((int)cells[i - 1].X, (int)cells[i - 1].Y + dy),
                        "step " + cells[i - 1] + " -> " + cells[i] + " cuts a corner");
                    length += Math.Sqrt(2);
                }
                else
                {
                    length += 1;
                }
            }
            return length;
        }

        // ---- tests --------------------------------------------------------------------------

        private static void WaitAndLiveHandles()
        {
            Assert.Equal(0u, NavLibrary.WaitTimeoutMilliseconds, "no wait by default");
            NavLibrary.WaitTimeoutMilliseconds = 250;
            Assert.Equal(250u, NavLibrary.WaitTimeoutMilliseconds, "the timeout set");
            uint other = uint.MaxValue;
            var thread = new System.Threading.Thread(() => { other = NavLibrary.WaitTimeoutMilliseconds; });
            thread.Start();
            thread.Join();
            Assert.Equal(0u, other, "another thread keeps its own timeout");
            Assert.Fails(NavStatus.InvalidArgument, "nav_set_wait_timeout",
                () => NavLibrary.WaitTimeoutMilliseconds = NativeMethods.MaxWaitTimeoutMilliseconds + 1,
                "a timeout above NAV_MAX_WAIT_TIMEOUT_MS");
            Assert.Equal(250u, NavLibrary.WaitTimeoutMilliseconds, "a refused timeout changes nothing");
            NavLibrary.WaitTimeoutMilliseconds = 0;

            GC.Collect();
            GC.WaitForPendingFinalizers();
            ulong before = NavLibrary.LiveHandles;
            using (NavGrid grid = new NavGrid(4, 4))
            {
                Assert.Equal(before + 1, NavLibrary.LiveHandles, "a new grid is one more live handle");
            }
            Assert.Equal(before, NavLibrary.LiveHandles, "a disposed grid is freed");
        }

        private static void CreateAndEdit()
        {
            using (NavGrid grid = new NavGrid(7, 5))
            {
                Assert.Equal(7, grid.Width, "width");
                Assert.Equal(5, grid.Height, "height");
                NavGridInfo info = grid.GetInfo();
                Assert.Equal(35u, info.WalkableCount, "walkable count");
                Assert.Equal(1.0, info.MinCostMultiplier, "min cost multiplier");
                Assert.Equal(65535u, info.MaxWalkableTerrain, "max walkable terrain");
                grid.SetBlocked(3, 2, true);
                grid.SetTerrain(4, 4, 9);
                grid.SetCostMultiplier(1, 1, 2.5);
                NavGridCellInfo cell = grid.GetCell(3, 2);
                Assert.Equal(1u, cell.Blocked, "blocked flag");
                Assert.Equal(0u, cell.Walkable, "walkable");
                Assert.Equal(2u * 7 + 3, cell.Index, "index");
                Assert.Equal(9u, grid.GetCell(4, 4).Terrain, "terrain");
                Assert.Equal(2.5, grid.GetCell(1, 1).CostMultiplier, "multiplier");
                grid.SetMaxWalkableTerrain(8);
                Assert.True(!grid.IsWalkable(4, 4), "terrain 9 above 8 is not walkable");
                Assert.Equal(33u, grid.GetInfo().WalkableCount, "walkable count after edits");
                byte[] walkable = grid.CopyWalkable();
                Assert.Equal(35, walkable.Length, "copy length");
                Assert.Equal((byte)0, walkable[2 * 7 + 3], "copied blocked cell");
                Assert.Equal((byte)1, walkable[0], "copied walkable cell");
                grid.SetBlocked(3, 2, false);
                Assert.True(grid.IsWalkable(3, 2), "unblocked");
                Assert.True(grid.Contains(6, 4) && !grid.Contains(7, 0) && !grid.Contains(-1, 0), "Contains");
            }
            ushort[] terrain = { 0, 5, 10, 5, 0, 0 };
            using (NavGrid grid = NavGrid.FromTerrain(3, 2, terrain, 5))
            {
                Assert.Equal(5u, grid.GetInfo().WalkableCount, "terrain above 5 is blocked");
                Assert.True(!grid.IsWalkable(2, 0), "terrain 10");
            }
            using (NavGrid grid = NavGrid.FromWalkable(2, 2, new[] { true, false, true, true }))
            using (NavGrid copy = grid.Clone())
            {
                copy.SetBlocked(0, 0, true);
                Assert.True(grid.IsWalkable(0, 0) && !copy.IsWalkable(0, 0), "a clone is independent");
                Assert.True(!grid.IsWalkable(1, 0), "bool[] constructor");
            }
        }

        private static void MovingAiRoundTrip()
        {
            string text = "type octile\nheight 3\nwidth 4\nmap\n.@..\n.T.G\nS...\n";
            using (NavGrid grid = NavGrid.FromMovingAi(text))
            {
                Assert.Equal(4, grid.Width, "width");
                Assert.Equal(3, grid.Height, "height");
                Assert.True(!grid.IsWalkable(1, 0) && !grid.IsWalkable(1, 1) && grid.IsWalkable(3, 1), "map characters");
                Assert.Equal((uint)'T', grid.GetCell(1, 1).Terrain, "terrain is the map character");
                string written = grid.ToMovingAi();
                Assert.Equal(text, written, "written map");
                string path = Path.Combine(Path.GetTempPath(), "nav-csharp-" + Guid.NewGuid().ToString("N") + " é.map");
                try
                {
                    File.WriteAllText(path, written, new UTF8Encoding(false));
                    using (NavGrid loaded = NavGrid.LoadMovingAiFile(path))
                    {
                        Assert.Equal(written, loaded.ToMovingAi(), "file with a non-ASCII name");
                    }
                }
                finally
                {
                    File.Delete(path);
                }
            }
            using (NavGrid crlf = NavGrid.FromMovingAi(Encoding.UTF8.GetBytes("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.@\r\n")))
            {
                Assert.Equal(1u, crlf.GetInfo().WalkableCount, "CRLF map");
            }
        }

        private static void GridErrors()
        {
            Assert.Fails(NavStatus.InvalidSize, "nav_grid_create", () => new NavGrid(0, 5), "zero width");
            Assert.Fails(NavStatus.InvalidSize, "nav_grid_create", () => new NavGrid(1000000000, 1000000000), "10^9 x 10^9");
            Assert.Fails(NavStatus.InvalidSize, "nav_grid_create", () => new NavGrid(32769, 1), "side above 32768");
            Assert.Throws<ArgumentOutOfRangeException>(() => new NavGrid(-1, 5), "negative width");
            Assert.Fails(NavStatus.InvalidSize, "nav_grid_create_from_walkable",
                () => NavGrid.FromWalkable(3, 3, new byte[8]), "8 bytes for 3x3");
            Assert.Fails(NavStatus.InvalidArgument, "nav_grid_create_from_walkable",
                () => NavGrid.FromWalkable(2, 1, new byte[] { 1, 2 }), "walkable byte 2");
            Assert.Throws<ArgumentNullException>(() => NavGrid.FromWalkable(2, 1, (byte[])null), "null array");
            Assert.Fails(NavStatus.InvalidArgument, "nav_grid_create_from_terrain",
                () => NavGrid.FromTerrain(1, 1, new ushort[1], 70000), "max terrain above 65535");
            Assert.Fails(NavStatus.ParseError, "nav_grid_load_movingai", () => NavGrid.FromMovingAi("type octile\nheight x\n"), "bad header");
            Assert.Fails(NavStatus.ParseError, "nav_grid_load_movingai",
                () => NavGrid.FromMovingAi(new byte[] { 0xff, 0xfe, 0x00 }), "not UTF-8");
            // A size nav refuses is InvalidSize (not a parse error), refused before anything is allocated.
            NavException absurd = Assert.Fails(NavStatus.InvalidSize, "nav_grid_load_movingai",
                () => NavGrid.FromMovingAi("type octile\nheight 1000000000\nwidth 1000000000\nmap\n"), "absurd map size");
            Assert.True(absurd.NativeMessage.Contains("<memory>:4") && absurd.NativeMessage.Contains("refused"),
                "absurd map size: " + absurd.Message);
            Assert.Fails(NavStatus.InvalidSize, "nav_grid_load_movingai",
                () => NavGrid.FromMovingAi("type octile\nheight 0\nwidth 4\nmap\n"), "height 0");
            Assert.Fails(NavStatus.IoError, "nav_grid_load_movingai_file",
                () => NavGrid.LoadMovingAiFile("/nonexistent/nav/map.map"), "missing file");
            Assert.Throws<ArgumentException>(() => NavGrid.LoadMovingAiFile("a\0b"), "NUL in a path");
            using (NavGrid grid = new NavGrid(4, 4))
            {
                NavException e = Assert.Fails(NavStatus.OutOfRange, "nav_grid_set_blocked", () => grid.SetBlocked(4, 0, true), "x = width");
                Assert.True(e.Message.Contains("(4, 0)"), "the message names the cell: " + e.Message);
                Assert.Fails(NavStatus.OutOfRange, "nav_grid_cell", () => grid.GetCell(0, 4), "y = height");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_set_cost_multiplier", () => grid.SetCostMultiplier(0, 0, double.NaN), "NaN multiplier");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_set_cost_multiplier", () => grid.SetCostMultiplier(0, 0, double.PositiveInfinity), "infinite multiplier");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_set_cost_multiplier", () => grid.SetCostMultiplier(0, 0, -1), "negative multiplier");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_set_cost_multiplier", () => grid.SetCostMultiplier(0, 0, 0), "zero multiplier");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_set_terrain", () => grid.SetTerrain(0, 0, 65536), "terrain 65536");
                Assert.Fails(NavStatus.BufferTooSmall, "nav_grid_copy_walkable", () => grid.CopyWalkable(new byte[15]), "15 bytes for 16 cells");
                Assert.Throws<ArgumentOutOfRangeException>(() => grid.GetCell(-1, 0), "negative x");
                // A refused call changes nothing, and the grid keeps working.
                NavGridInfo info = grid.GetInfo();
                Assert.Equal(16u, info.WalkableCount, "walkable count after refused edits");
                Assert.Equal(1.0, grid.GetCell(0, 0).CostMultiplier, "multiplier after refused edits");
            }
        }

        private static void OpenGridPath()
        {
            using (NavGrid grid = new NavGrid(20, 10))
            using (NavQuery query = new NavQuery())
            {
                NavCell[] cells = new NavCell[64];
                NavGridPathResult r = query.FindPath(grid, C(1, 2), C(15, 7), cells);
                Assert.Equal(NavPathStatus.Found, r.PathStatus, "status");
                Assert.True(r.Found, "Found");
                Assert.Close(5 * Math.Sqrt(2) + 9, r.Cost, 1e-9, "octile distance");
                Assert.Equal(15u, r.CellCount, "cells: max(dx, dy) + 1");
                Assert.Close(r.Cost, CheckPath(grid, cells, (int)r.CellCount, C(1, 2), C(15, 7)), 1e-9, "length of the cells");
                NavGridPath path = new NavGridPath(4);
                query.FindPath(grid, C(1, 2), C(15, 7), path);
                Assert.Equal(15, path.Count, "NavGridPath grew to the path");
                Assert.Close(r.Cost, path.Cost, 0, "NavGridPath cost");
                Assert.Close(r.Cost, path.CostTo(14), 1e-9, "cost to the last cell");
                Assert.Equal(0.0, path.CostTo(0), "cost to the start");
                for (int i = 0; i < 15; i++)
                {
                    Assert.Equal(cells[i], path[i], "cell " + i);
                }
                Assert.Throws<ArgumentOutOfRangeException>(() => { NavCell unused = path[15]; }, "index past the end");
                r = query.FindPath(grid, C(3, 3), C(3, 3), cells);
                Assert.Equal(1u, r.CellCount, "start = goal");
                Assert.Equal(0.0, r.Cost, "start = goal cost");
            }
        }

        private static void Outcomes()
        {
            using (NavGrid grid = FromRows(
                "....@....",
                "....@....",
                "....@....",
                "@@@@@....",
                "........."))
            using (NavQuery query = new NavQuery())
            {
                NavCell[] cells = new NavCell[64];
                NavGridPathResult r = query.FindPath(grid, C(0, 0), C(8, 0), cells);
                Assert.Equal(NavPathStatus.NoPath, r.PathStatus, "walled-in start");
                Assert.Equal(0u, r.CellCount, "no cells");
                Assert.Equal(NavPathStatus.StartBlocked, query.FindPath(grid, C(4, 0), C(8, 0), cells).PathStatus, "start blocked");
                Assert.Equal(NavPathStatus.GoalBlocked, query.FindPath(grid, C(8, 0), C(4, 1), cells).PathStatus, "goal blocked");
                NavGridQueryOptions limit = new NavGridQueryOptions { MaxExpanded = 3 };
                r = query.FindPath(grid, C(8, 0), C(0, 4), cells, null, limit);
                Assert.Equal(NavPathStatus.LimitReached, r.PathStatus, "max expanded");
                Assert.True(r.Expanded <= 3, "expanded within the limit: " + r.Expanded);
                NavGridQueryOptions partial = new NavGridQueryOptions { PartialPath = 1 };
                r = query.FindPath(grid, C(8, 0), C(1, 1), cells, null, partial);
                Assert.Equal(NavPathStatus.NoPath, r.PathStatus, "partial: still no path");
                Assert.True(r.CellCount > 0, "partial: a path to the closest cell");
                Assert.Equal(C(1, 4), cells[r.CellCount - 1], "partial path ends at the reachable cell closest to the goal");
                NavGridQueryOptions cheap = new NavGridQueryOptions { MaxCost = 3 };
                Assert.Equal(NavPathStatus.LimitReached, query.FindPath(grid, C(8, 0), C(0, 4), cells, null, cheap).PathStatus, "max cost");
                NavGridQueryOptions infinite = new NavGridQueryOptions { MaxCost = double.PositiveInfinity };
                Assert.Equal(NavPathStatus.Found, query.FindPath(grid, C(8, 0), C(0, 4), cells, null, infinite).PathStatus, "max cost +infinity");
            }
        }

        private static void Buffers()
        {
            using (NavGrid grid = new NavGrid(30, 30))
            using (NavQuery query = new NavQuery())
            {
                NavCell[] small = new NavCell[5];
                NavException e = Assert.Fails(NavStatus.BufferTooSmall, "nav_grid_find_path",
                    () => query.FindPath(grid, C(0, 0), C(20, 0), small), "21 cells into 5");
                Assert.Equal(21L, e.RequiredCount, "required count");
                Assert.Equal(default(NavCell), small[0], "nothing written to a too small buffer");
                NavGridPathResult result;
                Assert.Equal(NavStatus.BufferTooSmall,
                    query.TryFindPath(grid, C(0, 0), C(20, 0), null, null, null, default(NavGridQueryOptions), out result), "length only");
                Assert.Equal(21u, result.CellCount, "length only: count");
                Assert.Close(20, result.Cost, 0, "length only: cost");
                NavCell[] cells = new NavCell[21];
                double[] costs = new double[21];
                Assert.Equal(21, query.CopyPath(cells, costs), "copy without searching again");
                Assert.Equal(C(20, 0), cells[20], "copied goal");
                Assert.Equal(20.0, costs[20], "copied cost");
                Assert.Fails(NavStatus.BufferTooSmall, "nav_query_grid_path", () => query.CopyPath(new NavCell[20]), "copy into 20");
                Assert.Throws<ArgumentException>(() => query.CopyPath(cells, new double[3]), "costs shorter than cells");
                Assert.Equal(1, query.CountWithinBudget(0), "budget 0: the start");
                Assert.Equal(6, query.CountWithinBudget(5.5), "budget 5.5");
                Assert.Equal(21, query.CountWithinBudget(double.PositiveInfinity), "infinite budget");
                Assert.Fails(NavStatus.InvalidArgument, "nav_query_grid_path_within_budget", () => query.CountWithinBudget(double.NaN), "NaN budget");
                Assert.Fails(NavStatus.InvalidArgument, "nav_query_grid_path_within_budget", () => query.CountWithinBudget(-1), "negative budget");
                NavCell[] expanded = query.GetExpandedCells();
                Assert.True(expanded.Length >= 20, "expanded cells: " + expanded.Length);
                Assert.Fails(NavStatus.BufferTooSmall, "nav_query_grid_expanded_cells", () => query.CopyExpandedCells(new NavCell[1]), "expanded into 1");
                Assert.Equal(expanded.Length, query.CopyExpandedCells(new NavCell[expanded.Length + 3]), "expanded into a larger buffer");
            }
        }

        private static void QueryErrors()
        {
            using (NavGrid grid = new NavGrid(10, 10))
            using (NavQuery query = new NavQuery())
            {
                NavCell[] cells = new NavCell[32];
                Assert.Fails(NavStatus.OutOfRange, "nav_grid_find_path", () => query.FindPath(grid, C(10, 0), C(1, 1), cells), "start outside");
                Assert.Fails(NavStatus.OutOfRange, "nav_grid_find_path", () => query.FindPath(grid, C(0, 0), new NavCell(uint.MaxValue, uint.MaxValue), cells), "goal at uint.MaxValue");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_find_path",
                    () => query.FindPath(grid, C(0, 0), C(1, 1), cells, null, new NavGridQueryOptions { MaxCost = double.NaN }), "NaN max cost");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_find_path",
                    () => query.FindPath(grid, C(0, 0), C(1, 1), cells, null, new NavGridQueryOptions { MaxCost = -2 }), "negative max cost");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_find_path",
                    () => query.FindPath(grid, C(0, 0), C(1, 1), cells, null, new NavGridQueryOptions { PartialPath = 2 }), "flag 2");
                NavException tooLarge = Assert.Fails(NavStatus.InvalidArgument, "nav_grid_find_path",
                    () => query.FindPath(grid, C(0, 0), C(1, 1), cells, null, new NavGridQueryOptions { AgentSize = 256 }), "agent size 256");
                Assert.True(tooLarge.NativeMessage.Contains("agent_size"), "the message names agent_size: " + tooLarge.Message);
                Assert.Throws<ArgumentNullException>(() => query.FindPath(null, C(0, 0), C(1, 1), cells), "null grid");
                Assert.Throws<ArgumentNullException>(() => query.FindPath(grid, C(0, 0), C(1, 1), (NavCell[])null), "null buffer");
                Assert.Throws<ArgumentOutOfRangeException>(() => C(-1, 0), "negative cell");
                // After every refusal, the same context still answers.
                NavGridPathResult r = query.FindPath(grid, C(0, 0), C(9, 9), cells);
                Assert.Equal(NavPathStatus.Found, r.PathStatus, "query after errors");
                Assert.Equal(10u, r.CellCount, "cells after errors");
                NavGridPathResult tried;
                Assert.Equal(NavStatus.OutOfRange, query.TryFindPath(grid, C(0, 11), C(0, 0), cells, null, null, default(NavGridQueryOptions), out tried), "Try: status, no exception");
                Assert.True(NavLibrary.LastErrorMessage().StartsWith("nav_grid_find_path: start (0, 11)", StringComparison.Ordinal),
                    "Try: the last error names the start: " + NavLibrary.LastErrorMessage());
                // nav forgets the previous path when a query is refused: nothing stale to copy.
                Assert.Equal(0, query.CountWithinBudget(10), "the path is empty after a failed query");
                Assert.Equal(0, query.CopyPath(cells), "no cells to copy after a failed query");
                Assert.Equal(0, query.GetExpandedCells().Length, "no expanded cells after a failed query");
            }
        }

        private static void AgentSizes()
        {
            // A wall across row 2 with a gap of one cell (column 1) and one of two (columns 6-7).
            using (NavGrid grid = FromRows(
                "..........",
                "..........",
                "@.@@@@..@@",
                "..........",
                "..........",
                ".........."))
            using (NavQuery query = new NavQuery())
            {
                Assert.Equal(2, grid.Clearance(0, 0), "two rows above the wall");
                Assert.Equal(3, grid.Clearance(0, 3), "three rows below it");
                Assert.Equal(0, grid.Clearance(0, 2), "a wall cell");
                Assert.Equal(2, grid.Clearance(6, 1), "above the wide gap");
                Assert.Equal(1, grid.Clearance(9, 5), "the bottom-right cell");
                Assert.Fails(NavStatus.OutOfRange, "nav_grid_clearance", () => grid.Clearance(10, 0), "x = width");
                Assert.Throws<ArgumentOutOfRangeException>(() => grid.Clearance(-1, 0), "negative x");

                NavCell[] cells = new NavCell[64];
                NavGridPathResult one = query.FindPath(grid, C(0, 0), C(0, 3), cells);
                Assert.Close(3 + Math.Sqrt(2), one.Cost, 1e-9, "one cell squeezes through column 1");
                NavGridQueryOptions two = new NavGridQueryOptions { AgentSize = 2 };
                NavGridPathResult r = query.FindPath(grid, C(0, 0), C(0, 3), cells, null, two);
                Assert.Equal(NavPathStatus.Found, r.PathStatus, "two cells");
                Assert.Close(15, r.Cost, 1e-9, "two cells take the wide gap: 15");
                Assert.Equal(C(0, 0), cells[0], "the path starts at the agent's top-left cell");
                Assert.Equal(C(0, 3), cells[r.CellCount - 1], "and ends at it");
                for (int i = 0; i < (int)r.CellCount; i++)
                {
                    Assert.True(grid.Clearance((int)cells[i].X, (int)cells[i].Y) >= 2, "the agent fits at " + cells[i]);
                }
                NavGridPath path = new NavGridPath();
                Assert.Close(15, query.FindPath(grid, C(0, 0), C(0, 3), path, null, two).Cost, 1e-9, "NavGridPath overload");
                Assert.Equal((int)r.CellCount, path.Count, "same cells");
                NavGridBatchResult[] batch = new NavGridBatchResult[2];
                Assert.Equal(0, query.FindPaths(grid, new[] { new NavGridPair(C(0, 0), C(0, 3)), new NavGridPair(C(0, 3), C(3, 0)) },
                    batch, options: two), "a batch of agents of two cells");
                Assert.Close(15, batch[0].Cost, 1e-9, "batch: same cost as the single query");

                NavGridQueryOptions three = new NavGridQueryOptions { AgentSize = 3 };
                Assert.Equal(NavPathStatus.StartBlocked, query.FindPath(grid, C(0, 0), C(0, 3), cells, null, three).PathStatus,
                    "three cells do not fit above the wall");
                Assert.Equal(NavPathStatus.GoalBlocked, query.FindPath(grid, C(0, 3), C(8, 4), cells, null, three).PathStatus,
                    "nor two rows from the bottom");
                NavGridPathResult below = query.FindPath(grid, C(0, 3), C(7, 3), cells, null, three);
                Assert.Equal(NavPathStatus.Found, below.PathStatus, "three cells below the wall");
                Assert.Close(7, below.Cost, 1e-9, "straight along row 3");

                // Closing half of the wide gap: its clearance drops, no way across for two cells.
                grid.SetBlocked(7, 2, true);
                Assert.Equal(1, grid.Clearance(6, 1), "clearance after the edit");
                Assert.Equal(NavPathStatus.NoPath, query.FindPath(grid, C(0, 0), C(0, 3), cells, null, two).PathStatus, "two cells after the edit");
                grid.SetBlocked(7, 2, false);
                Assert.Equal(2, grid.Clearance(6, 1), "clearance after reopening");
            }
        }

        private static void Rules()
        {
            using (NavGrid grid = new NavGrid(12, 12))
            using (NavQuery query = new NavQuery())
            {
                NavCell[] cells = new NavCell[64];
                using (NavGridRules four = new NavGridRules(new NavGridRulesDesc { Moves = NavMoves.Four, Heuristic = NavHeuristic.Manhattan }))
                {
                    Assert.Close(14, query.FindPath(grid, C(0, 0), C(7, 7), cells, four).Cost, 0, "4 moves: Manhattan distance");
                }
                using (NavGridRules costly = new NavGridRules(new NavGridRulesDesc { StraightCost = 10, DiagonalCost = 14 }))
                {
                    Assert.Close(7 * 14 + 3 * 10, query.FindPath(grid, C(0, 0), C(10, 7), cells, costly).Cost, 1e-9, "costs 10 and 14");
                }
                using (NavGridRules knight = new NavGridRules(new NavGridRulesDesc { Moves = NavMoves.Custom, Heuristic = NavHeuristic.Zero },
                    new[] { new NavGridMove(1, 2, 0), new NavGridMove(2, 1, 0), new NavGridMove(-1, 2, 0), new NavGridMove(-2, 1, 0),
                            new NavGridMove(1, -2, 0), new NavGridMove(2, -1, 0), new NavGridMove(-1, -2, 0), new NavGridMove(-2, -1, 0) }))
                {
                    NavGridPathResult r = query.FindPath(grid, C(0, 0), C(3, 3), cells, knight);
                    Assert.Equal(NavPathStatus.Found, r.PathStatus, "knight moves");
                    Assert.Equal(3u, r.CellCount, "a knight needs two moves from (0,0) to (3,3)");
                }
                using (NavGridRules jps = new NavGridRules(new NavGridRulesDesc { JumpPoints = 1 }))
                {
                    grid.SetBlocked(5, 5, true);
                    grid.SetBlocked(5, 6, true);
                    NavGridPathResult plain = query.FindPath(grid, C(0, 0), C(11, 9), cells);
                    NavGridPath path = new NavGridPath();
                    NavGridPathResult jumped = query.FindPath(grid, C(0, 0), C(11, 9), path, jps);
                    Assert.Close(plain.Cost, jumped.Cost, 1e-9, "jump points find the same cost");
                    Assert.Close(jumped.Cost, CheckPath(grid, path.CellBuffer, path.Count, C(0, 0), C(11, 9)), 1e-9, "jump point path is cell by cell");
                }
                using (NavGridRules free = new NavGridRules(new NavGridRulesDesc { Diagonal = NavDiagonalRule.Free }))
                using (NavGridRules freeJps = new NavGridRules(new NavGridRulesDesc { Diagonal = NavDiagonalRule.Free, JumpPoints = 1 }))
                {
                    NavGridPathResult plain = query.FindPath(grid, C(0, 0), C(11, 9), cells, free);
                    NavGridPathResult jumped = query.FindPath(grid, C(0, 0), C(11, 9), cells, freeJps);
                    Assert.Equal(NavPathStatus.Found, jumped.PathStatus, "free diagonals with jump points");
                    Assert.Close(plain.Cost, jumped.Cost, 1e-9, "free jump points find the free cost");
                }
                Assert.Fails(NavStatus.InvalidRules, "nav_grid_rules_create",
                    () => new NavGridRules(new NavGridRulesDesc { Heuristic = NavHeuristic.Manhattan }), "Manhattan with diagonals overestimates");
                using (new NavGridRules(new NavGridRulesDesc { Heuristic = NavHeuristic.Manhattan, AllowInadmissible = 1 }))
                {
                }
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_rules_create", () => new NavGridRules(new NavGridRulesDesc { Moves = (NavMoves)7 }), "unknown moves");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_rules_create", () => new NavGridRules(new NavGridRulesDesc { StraightCost = double.NaN }), "NaN cost");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_rules_create", () => new NavGridRules(new NavGridRulesDesc { DiagonalCost = -1 }), "negative cost");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_rules_create", () => new NavGridRules(new NavGridRulesDesc { Reserved = 1 }), "reserved 1");
                Assert.Fails(NavStatus.InvalidRules, "nav_grid_rules_create", () => new NavGridRules(new NavGridRulesDesc { Moves = NavMoves.Four, JumpPoints = 1 }), "jump points with 4 moves");
                Assert.Fails(NavStatus.InvalidRules, "nav_grid_rules_create",
                    () => new NavGridRules(new NavGridRulesDesc { Moves = NavMoves.Custom }, new[] { new NavGridMove(0, 0, 0) }), "(0, 0) move");
                Assert.Fails(NavStatus.InvalidRules, "nav_grid_rules_create",
                    () => new NavGridRules(new NavGridRulesDesc { Moves = NavMoves.Custom }, new[] { new NavGridMove(9, 0, 0) }), "move beyond 8");
            }
        }

        private static void CostMultipliers()
        {
            using (NavGrid grid = new NavGrid(9, 5))
            using (NavQuery query = new NavQuery())
            using (NavGridRules four = new NavGridRules(new NavGridRulesDesc { Moves = NavMoves.Four, Heuristic = NavHeuristic.Manhattan }))
            {
                for (int y = 0; y < 4; y++)
                {
                    grid.SetCostMultiplier(4, y, 10);
                }
                NavGridPath path = new NavGridPath();
                query.FindPath(grid, C(0, 0), C(8, 0), path, four);
                // Around the swamp through row 4: 4 down, 8 across, 4 up.
                Assert.Close(16, path.Cost, 1e-9, "detour cost");
                bool throughRow4 = false;
                for (int i = 0; i < path.Count; i++)
                {
                    throughRow4 |= path[i].X == 4 && path[i].Y == 4;
                }
                Assert.True(throughRow4, "the path crosses column 4 on the cheap row");
                Assert.Equal(1.0, grid.GetInfo().MinCostMultiplier, "min multiplier");
            }
        }

        private static void Batch()
        {
            using (NavGrid grid = FromRows(
                "..........",
                "..@@@@@@..",
                "..@....@..",
                "..@.@@.@..",
                "....@.....",
                "@@@@@.@@@.",
                ".........."))
            using (NavQuery query = new NavQuery())
            {
                List<NavGridPair> list = new List<NavGridPair>();
                Random random = new Random(7);
                for (int i = 0; i < 60; i++)
                {
                    list.Add(new NavGridPair(C(random.Next(10), random.Next(7)), C(random.Next(10), random.Next(7))));
                }
                NavGridPair[] pairs = list.ToArray();
                const int slot = 40;
                NavGridBatchResult[] single = new NavGridBatchResult[pairs.Length];
                NavCell[] singleCells = new NavCell[pairs.Length * slot];
                Assert.Equal(0, query.FindPaths(grid, pairs, single, singleCells, slot, 1), "failed pairs on 1 thread");
                NavCell[] cells = new NavCell[slot];
                for (int i = 0; i < pairs.Length; i++)
                {
                    NavGridPathResult r = query.FindPath(grid, pairs[i].Start, pairs[i].Goal, cells);
                    Assert.Equal(NavStatus.Ok, single[i].Status, "pair " + i + " status");
                    Assert.Equal(r.PathStatus, single[i].PathStatus, "pair " + i + " path status");
                    Assert.Close(r.Cost, single[i].Cost, 0, "pair " + i + " cost");
                    Assert.Equal(r.Expanded, single[i].Expanded, "pair " + i + " expanded");
                    Assert.Equal(r.CellCount, single[i].CellCount, "pair " + i + " cell count");
                    for (int k = 0; k < r.CellCount; k++)
                    {
                        Assert.Equal(cells[k], singleCells[i * slot + k], "pair " + i + " cell " + k);
                    }
                }
                foreach (int threads in new[] { 0, 2, 3 })
                {
                    NavGridBatchResult[] pooled = new NavGridBatchResult[pairs.Length];
                    NavCell[] pooledCells = new NavCell[pairs.Length * slot];
                    Assert.Equal(0, query.FindPaths(grid, pairs, pooled, pooledCells, slot, threads), "failed pairs, threads " + threads);
                    for (int i = 0; i < pairs.Length; i++)
                    {
                        Assert.Close(single[i].Cost, pooled[i].Cost, 0, "threads " + threads + " pair " + i);
                        Assert.Equal(single[i].CellCount, pooled[i].CellCount, "threads " + threads + " pair " + i + " count");
                    }
                    for (int k = 0; k < pooledCells.Length; k++)
                    {
                        if (k % slot < single[k / slot].CellCount)
                        {
                            Assert.Equal(singleCells[k], pooledCells[k], "threads " + threads + " cell " + k);
                        }
                    }
                }
                // Per-pair errors: one pair out of range, one path too long for its slot.
                NavGridPair[] mixed = { new NavGridPair(C(0, 0), C(1, 0)), new NavGridPair(C(0, 0), C(10, 0)),
                                        new NavGridPair(C(0, 0), C(9, 6)), new NavGridPair(C(3, 3), C(3, 3)) };
                NavGridBatchResult[] results = new NavGridBatchResult[4];
                NavCell[] tiny = new NavCell[4 * 3];
                int failed = query.FindPaths(grid, mixed, results, tiny, 3);
                Assert.Equal(NavStatus.OutOfRange, results[1].Status, "pair out of range");
                Assert.Equal(NavStatus.BufferTooSmall, results[2].Status, "pair too long for its slot");
                Assert.True(results[2].CellCount > 3, "needed count of the long pair");
                Assert.Equal(NavStatus.Ok, results[0].Status, "short pair");
                Assert.Equal(2u, results[0].CellCount, "short pair cells");
                Assert.Equal(C(1, 0), tiny[1], "short pair's goal in its slot");
                Assert.Equal(NavStatus.Ok, results[3].Status, "start = goal pair");
                Assert.Equal(C(3, 3), tiny[9], "start = goal pair's cell in slot 3");
                Assert.Equal(2, failed, "failed pairs");
                Assert.True(NavLibrary.LastErrorMessage().Contains("pair 1 of 4"), "the message names the first failing pair: " + NavLibrary.LastErrorMessage());
                // Costs only.
                Assert.Equal(0, query.FindPaths(grid, pairs, single), "costs only");
                // Whole-call failures: nothing ran.
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_find_path_batch",
                    () => query.FindPaths(grid, pairs, single, null, 0, 1, null, new NavGridQueryOptions { MaxCost = double.NaN }), "NaN option");
                Assert.Throws<ArgumentException>(() => query.FindPaths(grid, pairs, new NavGridBatchResult[3]), "results too short");
                Assert.Throws<ArgumentException>(() => query.FindPaths(grid, pairs, single, new NavCell[10], 3), "cells too short");
                Assert.Equal(0, query.FindPaths(grid, new NavGridPair[0], new NavGridBatchResult[0]), "no pairs");
            }
        }

        private static void Handles()
        {
            NavGrid grid = new NavGrid(5, 5);
            NavQuery query = new NavQuery();
            NavGridRules rules = new NavGridRules(default(NavGridRulesDesc));
            grid.Dispose();
            grid.Dispose();
            query.Dispose();
            query.Dispose();
            rules.Dispose();
            rules.Dispose();
            Assert.True(grid.IsDisposed && query.IsDisposed && rules.IsDisposed, "IsDisposed");
            Assert.Throws<ObjectDisposedException>(() => grid.GetInfo(), "grid after dispose");
            Assert.Throws<ObjectDisposedException>(() => grid.SetBlocked(0, 0, true), "edit after dispose");
            Assert.Throws<ObjectDisposedException>(() => grid.Clone(), "clone after dispose");
            using (NavGrid live = new NavGrid(5, 5))
            using (NavQuery liveQuery = new NavQuery())
            {
                NavCell[] cells = new NavCell[8];
                Assert.Throws<ObjectDisposedException>(() => query.FindPath(live, C(0, 0), C(1, 1), cells), "disposed query");
                Assert.Throws<ObjectDisposedException>(() => liveQuery.FindPath(grid, C(0, 0), C(1, 1), cells), "disposed grid");
                Assert.Throws<ObjectDisposedException>(() => liveQuery.FindPath(live, C(0, 0), C(1, 1), cells, rules), "disposed rules");
                Assert.Equal(NavPathStatus.Found, liveQuery.FindPath(live, C(0, 0), C(1, 1), cells).PathStatus, "live objects still work");
            }
            // A forgotten grid is freed by its finalizer: its raw handle is then refused.
            IntPtr raw = ForgottenGrid();
            for (int i = 0; i < 3; i++)
            {
                GC.Collect();
                GC.WaitForPendingFinalizers();
            }
            unsafe
            {
                NavGridInfo info;
                Assert.Equal(NavStatus.InvalidHandle, NativeMethods.nav_grid_info(raw, &info), "the finalizer freed the grid");
            }
        }

        private static IntPtr ForgottenGrid()
        {
            NavGrid forgotten = new NavGrid(3, 3);
            return forgotten.Handle.DangerousGetHandle();
        }

        private static unsafe void RawAbi()
        {
            IntPtr grid;
            IntPtr query;
            Assert.Equal(NavStatus.Ok, NativeMethods.nav_grid_create(4, 4, &grid), "create");
            Assert.Equal(NavStatus.Ok, NativeMethods.nav_query_create(&query), "create query");
            NavGridInfo info;
            Assert.Equal(NavStatus.NullPointer, NativeMethods.nav_grid_info(grid, null), "NULL out pointer");
            Assert.True(NavLibrary.LastErrorMessage().StartsWith("nav_grid_info:", StringComparison.Ordinal), "message: " + NavLibrary.LastErrorMessage());
            Assert.Equal(NavStatus.NullPointer, NativeMethods.nav_grid_info(IntPtr.Zero, &info), "NULL grid");
            Assert.Equal(NavStatus.InvalidHandle, NativeMethods.nav_grid_info(query, &info), "a query where a grid belongs");
            Assert.True(NavLibrary.LastErrorMessage().Contains("NavQuery"), "message names the kind: " + NavLibrary.LastErrorMessage());
            Assert.Equal(NavStatus.InvalidHandle, NativeMethods.nav_grid_info(new IntPtr(0x1234560), &info), "a made-up pointer");
            Assert.Equal(NavStatus.NullPointer, NativeMethods.nav_grid_create(4, 4, null), "NULL out handle");
            NavGridPathResult result;
            NavCell start = new NavCell(0, 0);
            Assert.Equal(NavStatus.NullPointer, NativeMethods.nav_grid_find_path(grid, query, IntPtr.Zero, null, start, start, null, null, 5, &result), "NULL cells with capacity 5");
            Assert.Equal(NavStatus.InvalidHandle, NativeMethods.nav_grid_find_path(grid, query, grid, null, start, start, null, null, 0, &result), "a grid where rules belong");
            Assert.Equal(NavStatus.BufferTooSmall, NativeMethods.nav_grid_find_path(grid, query, IntPtr.Zero, null, start, start, null, null, 0, &result), "NULL rules and options, no buffer");
            Assert.Equal(1u, result.CellCount, "the length is reported without a buffer");
            // A misaligned buffer is refused, not written.
            byte* bytes = stackalloc byte[64];
            Assert.Equal(NavStatus.InvalidArgument, NativeMethods.nav_grid_find_path(grid, query, IntPtr.Zero, null, start, start, (NavCell*)(bytes + 1), null, 4, &result), "misaligned cells");
            // Panics become NAV_PANIC; the query is reset and works again.
            Assert.Equal(NavStatus.Panic, NativeMethods.nav_debug_panic(query), "debug panic");
            Assert.True(NavLibrary.LastErrorMessage().StartsWith("nav_debug_panic: internal error", StringComparison.Ordinal), "panic message: " + NavLibrary.LastErrorMessage());
            Assert.Equal(NavStatus.Panic, NativeMethods.nav_debug_panic(IntPtr.Zero), "debug panic without a query");
            NavCell goal = new NavCell(3, 3);
            NavCell* cells = stackalloc NavCell[8];
            Assert.Equal(NavStatus.Ok, NativeMethods.nav_grid_find_path(grid, query, IntPtr.Zero, null, start, goal, cells, null, 8, &result), "query after a panic");
            Assert.Equal(4u, result.CellCount, "path after a panic");
            // The last error: size first, a cut copy, thread-local.
            uint size;
            Assert.Equal(NavStatus.BufferTooSmall, NativeMethods.nav_last_error(null, 0, &size), "size request");
            Assert.True(size > 8, "the size includes the whole message: " + size);
            byte* cut = stackalloc byte[8];
            Assert.Equal(NavStatus.BufferTooSmall, NativeMethods.nav_last_error(cut, 8, &size), "cut message");
            Assert.Equal((byte)0, cut[7], "a cut message is NUL-terminated");
            string otherThread = null;
            Thread thread = new Thread(() => otherThread = NavLibrary.LastErrorMessage());
            thread.Start();
            thread.Join();
            Assert.Equal("", otherThread, "the last error is per thread");
            // Free, then double free: reported, not performed.
            Assert.Equal(NavStatus.Ok, NativeMethods.nav_grid_free(grid), "free");
            Assert.Equal(NavStatus.InvalidHandle, NativeMethods.nav_grid_free(grid), "double free");
            Assert.Equal(NavStatus.InvalidHandle, NativeMethods.nav_grid_info(grid, &info), "use after free");
            Assert.Equal(NavStatus.Ok, NativeMethods.nav_grid_free(IntPtr.Zero), "free NULL");
            Assert.Equal(NavStatus.Ok, NativeMethods.nav_query_free(query), "free query");
            Assert.Equal(NavStatus.Ok, NativeMethods.nav_grid_rules_free(IntPtr.Zero), "free NULL rules");
        }

        private static void Threads()
        {
            using (NavGrid grid = new NavGrid(64, 64))
            {
                for (int i = 5; i < 60; i++)
                {
                    grid.SetBlocked(i, 30, true);
                    grid.SetBlocked(30, i - 5, true);
                }
                NavGridPair[] pairs = new NavGridPair[40];
                Random random = new Random(3);
                for (int i = 0; i < pairs.Length; i++)
                {
                    pairs[i] = new NavGridPair(C(random.Next(64), random.Next(64)), C(random.Next(64), random.Next(64)));
                }
                double[] expected = new double[pairs.Length];
                using (NavQuery query = new NavQuery())
                {
                    NavGridPath path = new NavGridPath();
                    for (int i = 0; i < pairs.Length; i++)
                    {
                        expected[i] = query.FindPath(grid, pairs[i].Start, pairs[i].Goal, path).Cost;
                    }
                }
                Exception failure = null;
                Thread[] threads = new Thread[4];
                for (int t = 0; t < threads.Length; t++)
                {
                    threads[t] = new Thread(() =>
                    {
                        try
                        {
                            using (NavQuery query = new NavQuery())
                            {
                                NavGridPath path = new NavGridPath();
                                for (int round = 0; round < 5; round++)
                                {
                                    for (int i = 0; i < pairs.Length; i++)
                                    {
                                        double cost = query.FindPath(grid, pairs[i].Start, pairs[i].Goal, path).Cost;
                                        Assert.Close(expected[i], cost, 0, "pair " + i + " on a thread");
                                    }
                                }
                            }
                        }
                        catch (Exception e)
                        {
                            failure = e;
                        }
                    });
                    threads[t].Start();
                }
                foreach (Thread thread in threads)
                {
                    thread.Join();
                }
                if (failure != null)
                {
                    throw failure;
                }
            }
        }

        private static void Layout()
        {
            NavGridLayout layout = new NavGridLayout(-10f, 5f, 2f, 1.5f);
            float x, z;
            layout.CellCenter(C(0, 0), out x, out z);
            Assert.Equal(-9f, x, "x of the centre of (0, 0)");
            Assert.Equal(6f, z, "z of the centre of (0, 0)");
            layout.CellCenter(C(3, 4), out x, out z);
            Assert.Equal(-3f, x, "x of (3, 4): columns along +X");
            Assert.Equal(14f, z, "z of (3, 4): rows along +Z");
            using (NavGrid grid = new NavGrid(4, 5))
            {
                NavCell cell;
                Assert.True(layout.TryGetCell(-3f, 14f, grid, out cell) && cell == C(3, 4), "centre back to its cell");
                Assert.True(layout.TryGetCell(-10f, 5f, grid, out cell) && cell == C(0, 0), "the origin corner");
                Assert.True(layout.TryGetCell(-8f, 7f, grid, out cell) && cell == C(1, 1), "a shared corner belongs to the larger cell");
                Assert.True(!layout.TryGetCell(-2f, 6f, grid, out cell), "x = the far edge is outside");
                Assert.True(!layout.TryGetCell(-10.001f, 6f, grid, out cell), "just left of the grid");
                Assert.True(!layout.TryGetCell(float.NaN, 6f, grid, out cell), "NaN");
                Assert.True(!layout.TryGetCell(0f, float.PositiveInfinity, grid, out cell), "infinity");
                Assert.True(!layout.TryGetCell(1e30f, 1e30f, grid, out cell), "far away");
                Assert.True(!default(NavGridLayout).TryGetCell(0f, 0f, grid, out cell), "a zero cell size finds nothing");
                // The last column's far edge, a float ulp below: still inside.
                float justInside = BitConverter.ToSingle(BitConverter.GetBytes(BitConverter.ToInt32(BitConverter.GetBytes(-2f), 0) + 1), 0);
                Assert.True(layout.TryGetCell(justInside, 6f, grid, out cell) && cell == C(3, 0), "just inside the far edge: " + justInside);
            }
            Assert.Throws<ArgumentOutOfRangeException>(() => new NavGridLayout(0, 0, 0), "zero cell size");
            Assert.Throws<ArgumentOutOfRangeException>(() => new NavGridLayout(0, 0, float.NaN), "NaN cell size");
            Assert.Throws<ArgumentOutOfRangeException>(() => new NavGridLayout(float.NaN, 0, 1), "NaN origin");
        }
    }
}
