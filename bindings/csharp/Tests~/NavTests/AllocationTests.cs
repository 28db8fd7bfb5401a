// A per-frame query through the idiomatic layer allocates nothing on the managed heap once warm:
// measured with GC.GetAllocatedBytesForCurrentThread (Mono 6 and .NET have it; it is looked up
// by reflection so that this file builds against older profiles), or, where it is missing, by
// the gen-0 collection count over many queries (weaker: states which one ran).
using System;
using System.Reflection;

namespace Nav.Tests
{
    internal static class AllocationTests
    {
        public static void Register(Harness h)
        {
            h.Add("allocation: warm queries allocate 0 managed bytes (arrays, NavGridPath, Try, batch, copies)", WarmQueriesAllocateNothing);
        }

        private static Func<long> AllocatedBytes()
        {
            MethodInfo method = typeof(GC).GetMethod("GetAllocatedBytesForCurrentThread", BindingFlags.Public | BindingFlags.Static);
            return method == null ? null : (Func<long>)Delegate.CreateDelegate(typeof(Func<long>), method);
        }

        private static void WarmQueriesAllocateNothing()
        {
            using (NavGrid grid = new NavGrid(48, 40))
            using (NavQuery query = new NavQuery())
            using (NavGridRules rules = new NavGridRules(new NavGridRulesDesc { Moves = NavMoves.Four, Heuristic = NavHeuristic.Manhattan }))
            {
                for (int y = 5; y < 35; y++)
                {
                    grid.SetBlocked(24, y, true);
                }
                NavCell[] cells = new NavCell[1024];
                double[] costs = new double[1024];
                NavGridPath path = new NavGridPath(16);
                NavGridPair[] pairs = new NavGridPair[16];
                for (int i = 0; i < pairs.Length; i++)
                {
                    pairs[i] = new NavGridPair(new NavCell(i, i * 2), new NavCell(47 - i, 39 - i * 2));
                }
                NavGridBatchResult[] results = new NavGridBatchResult[pairs.Length];
                NavCell[] batchCells = new NavCell[pairs.Length * 200];
                NavGridLayout layout = new NavGridLayout(-24f, -20f, 1f);
                NavGridQueryOptions options = new NavGridQueryOptions { MaxExpanded = 100000 };
                double sink = 0;
                Action frame = () =>
                {
                    for (int i = 0; i < 4; i++)
                    {
                        NavCell start = new NavCell(3 + i, 20);
                        NavCell goal = new NavCell(44 - i, 18 + i);
                        sink += query.FindPath(grid, start, goal, cells).Cost;
                        sink += query.FindPath(grid, start, goal, cells, rules, options).Cost;
                        sink += query.FindPath(grid, start, goal, path).Cost;
                        NavGridPathResult result;
                        query.TryFindPath(grid, start, goal, cells, costs, null, options, out result);
                        sink += result.Cost + query.CopyPath(cells, costs) + query.CountWithinBudget(10.5);
                        NavCell cell;
                        float x, z;
                        layout.CellCenter(path[path.Count - 1], out x, out z);
                        if (layout.TryGetCell(x, z, grid, out cell))
                        {
                            sink += cell.X;
                        }
                    }
                    sink += query.FindPaths(grid, pairs, results, batchCells, 200, 1);
                };
                for (int i = 0; i < 5; i++)
                {
                    frame(); // warm-up: JIT, the query's search memory, path buffers
                }
                Assert.True(path.CellBuffer.Length > 16 && path.Count > 16, "NavGridPath grew during warm-up: " + path.Count + " cells");
                Func<long> allocated = AllocatedBytes();
                const int frames = 40;
                if (allocated != null)
                {
                    // The probe must see an allocation, or a 0 below would prove nothing.
                    long probe = allocated();
                    object box = new byte[64];
                    Assert.True(allocated() - probe >= 64 && box != null, "GetAllocatedBytesForCurrentThread sees a 64-byte array");
                    long before = allocated();
                    for (int i = 0; i < frames; i++)
                    {
                        frame();
                    }
                    long bytes = allocated() - before;
                    Assert.Equal(0L, bytes, "managed bytes allocated by " + frames * 25 + " warm calls");
                    Console.WriteLine("     {0} frames of 4 queries x 3 overloads + Try + copies + a 16-pair batch: {1} bytes allocated (GetAllocatedBytesForCurrentThread)", frames, bytes);
                }
                else
                {
                    GC.Collect();
                    int collections = GC.CollectionCount(0);
                    for (int i = 0; i < frames * 20; i++)
                    {
                        frame();
                    }
                    Assert.Equal(collections, GC.CollectionCount(0), "gen-0 collections during warm queries");
                    Console.WriteLine("     GetAllocatedBytesForCurrentThread is missing: checked that {0} frames caused no gen-0 collection", frames * 20);
                }
                Assert.True(sink > 0, "the queries ran");
            }
        }
    }
}
