// The C# side of scripts/bench-csharp.sh: the same 1,000 grid queries as
// ffi/examples/bench_grid.rs (Rust directly) and bindings/cpp/bench/bench_grid.cpp (C ABI from
// C++): rows i * rows / 1000 of a Moving AI scenario, Moving AI rules, one warm-up pass, then the
// median of several passes. Through P/Invoke from C# under Mono:
//   - NavQuery.FindPath(grid, start, goal, NavGridPath): cells and costs into reused buffers that
//     grow when needed, as the C++ bench does (its reusing find_path overload);
//   - the batch entry point on the calling thread and on nav's worker pool;
//   - the fixed cost of one call (a one-step query), raw and through the idiomatic layer.
//   mono NavBench.exe <map> <scen> [passes]
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using Nav;

internal static class NavBench
{
    private static int Main(string[] args)
    {
        if (args.Length < 2)
        {
            Console.Error.WriteLine("usage: NavBench.exe <map> <scen> [passes]");
            return 2;
        }
        int passes = args.Length > 2 ? int.Parse(args[2]) : 5;
        List<NavGridPair> rows = new List<NavGridPair>();
        foreach (string line in File.ReadAllLines(args[1]))
        {
            string[] f = line.Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries);
            uint sx, sy, gx, gy;
            if (f.Length >= 8 && uint.TryParse(f[4], out sx) && uint.TryParse(f[5], out sy)
                && uint.TryParse(f[6], out gx) && uint.TryParse(f[7], out gy))
            {
                rows.Add(new NavGridPair(new NavCell(sx, sy), new NavCell(gx, gy)));
            }
        }
        if (rows.Count < 1000)
        {
            Console.Error.WriteLine("the scenario has " + rows.Count + " rows, 1000 are needed");
            return 1;
        }
        NavGridPair[] picks = new NavGridPair[1000];
        for (int i = 0; i < picks.Length; i++)
        {
            picks[i] = rows[(int)((long)i * rows.Count / 1000)];
        }

        using (NavGrid grid = NavGrid.LoadMovingAiFile(args[0]))
        using (NavQuery query = new NavQuery())
        {
            // As the Rust and C++ sides: cost plus cell count per query, so the copy is used.
            NavGridPath path = new NavGridPath();
            double checksum = 0;
            Func<double> reusedPath = () =>
            {
                double total = 0;
                for (int i = 0; i < picks.Length; i++)
                {
                    total += query.FindPath(grid, picks[i].Start, picks[i].Goal, path).Cost + path.Count;
                }
                return total;
            };
            double best, median;
            Time(reusedPath, passes, ref checksum, out best, out median);
            Console.WriteLine("csharp-pinvoke: 1000 queries, best of {0} passes {1:F3} ms ({1:F2} us/query), median {2:F3} ms (checksum {3:F3})",
                passes, best, median, checksum);

            NavGridBatchResult[] results = new NavGridBatchResult[picks.Length];
            foreach (int threads in new[] { 1, 0 })
            {
                double batchChecksum = 0;
                int t = threads;
                Func<double> batch = () =>
                {
                    if (query.FindPaths(grid, picks, results, null, 0, t) != 0)
                    {
                        throw new InvalidOperationException("a batch pair failed");
                    }
                    return results[0].Cost;
                };
                Time(batch, passes, ref batchChecksum, out best, out median);
                Console.WriteLine("csharp-batch-threads-{0}: 1000 queries, best {1:F3} ms, median {2:F3} ms", threads, best, median);
            }
        }
        FixedCostPerCall();
        return 0;
    }

    /// <summary>The fixed cost of one call, on a query that does almost no search (one step on a
    /// 2 x 1 map), as ffi/examples/bench_grid.rs measures it from Rust: through the raw import
    /// (P/Invoke alone), the caller-array overload and the NavGridPath overload (P/Invoke plus the
    /// idiomatic layer: SafeHandle references, checks, the result struct).</summary>
    private static unsafe void FixedCostPerCall()
    {
        const int Calls = 1000000;
        using (NavGrid grid = NavGrid.FromMovingAi("type octile\nheight 1\nwidth 2\nmap\n..\n"))
        using (NavQuery query = new NavQuery())
        {
            NavCell start = new NavCell(0, 0);
            NavCell goal = new NavCell(1, 0);
            NavCell[] cells = new NavCell[4];
            NavGridPath path = new NavGridPath(4);
            double total = 0;
            IntPtr g = grid.Handle.DangerousGetHandle();
            IntPtr q = query.Handle.DangerousGetHandle();
            NavGridPathResult result;
            double[] ns = new double[3];
            for (int round = 0; round < 2; round++) // the first round warms the JIT up
            {
                Stopwatch watch = Stopwatch.StartNew();
                fixed (NavCell* c = cells)
                {
                    for (int i = 0; i < Calls; i++)
                    {
                        NativeMethods.nav_grid_find_path(g, q, IntPtr.Zero, null, start, goal, c, null, 4, &result);
                        total += result.Cost + c[1].X;
                    }
                }
                ns[0] = watch.Elapsed.TotalMilliseconds * 1e6 / Calls;
                watch = Stopwatch.StartNew();
                for (int i = 0; i < Calls; i++)
                {
                    total += query.FindPath(grid, start, goal, cells).Cost + cells[1].X;
                }
                ns[1] = watch.Elapsed.TotalMilliseconds * 1e6 / Calls;
                watch = Stopwatch.StartNew();
                for (int i = 0; i < Calls; i++)
                {
                    total += query.FindPath(grid, start, goal, path).Cost + path[1].X;
                }
                ns[2] = watch.Elapsed.TotalMilliseconds * 1e6 / Calls;
            }
            Console.WriteLine("csharp fixed cost of a one-step query: raw P/Invoke {0:F0} ns, FindPath(NavCell[]) {1:F0} ns, FindPath(NavGridPath) {2:F0} ns per call (checksum {3})",
                ns[0], ns[1], ns[2], total);
        }
    }

    /// <summary>One warm-up run, then <paramref name="passes"/> timed runs: the fastest (the least
    /// disturbed by other processes) and the median, in ms. Every run's total is added to
    /// <paramref name="checksum"/>.</summary>
    private static void Time(Func<double> run, int passes, ref double checksum, out double best, out double median)
    {
        checksum += run();
        double[] times = new double[passes];
        for (int i = 0; i < passes; i++)
        {
            Stopwatch watch = Stopwatch.StartNew();
            checksum += run();
            times[i] = watch.Elapsed.TotalMilliseconds;
        }
        Array.Sort(times);
        best = times[0];
        median = times[passes / 2];
    }
}
