// Flow fields and the nearest of several goals through the C# bindings, against the results
// of one query per start (the Rust results through the C ABI) and the documented errors.
using System;

namespace Nav.Tests
{
    internal static class FlowTests
    {
        public static void Register(Harness h)
        {
            h.Add("flow: every cell's cost and path equal one query per start; repairs equal a fresh build", FieldMatchesQueries);
            h.Add("flow: the nearest of several goals, and refused input", NearestAndErrors);
        }

        private static NavGrid Wall()
        {
            return GridTests.FromRows("........", ".@@@@@@.", ".@....@.", ".@.@@.@.", "...@....");
        }

        private static void FieldMatchesQueries()
        {
            using (NavGrid grid = Wall())
            using (NavQuery query = new NavQuery())
            using (NavFlowField field = new NavFlowField())
            {
                NavCell goal = GridTests.C(7, 4);
                NavFlowReport report = field.Build(grid, new[] { goal });
                Assert.Equal(1u, report.GoalsUsed, "goals used");
                NavFlowCell[] all = new NavFlowCell[40];
                Assert.Equal(40, field.CopyCells(all), "cells copied");
                NavCell[] cells = new NavCell[64];
                NavCell[] path = new NavCell[64];
                ulong reachable = 0;
                for (int y = 0; y < 5; y++)
                {
                    for (int x = 0; x < 8; x++)
                    {
                        NavFlowCell c = field.GetCell(x, y);
                        Assert.Equal(all[y * 8 + x].Cost, c.Cost, "copied cost");
                        NavGridPathResult one = query.FindPath(grid, GridTests.C(x, y), goal, cells);
                        Assert.Equal(one.Found, c.IsReachable, "reachable (" + x + ", " + y + ")");
                        if (!c.IsReachable)
                        {
                            continue;
                        }
                        reachable++;
                        Assert.Close(one.Cost, c.Cost, 1e-9, "cost (" + x + ", " + y + ")");
                        NavGridPathResult followed = field.PathFrom(GridTests.C(x, y), path);
                        Assert.True(followed.Found, "followed");
                        Assert.Close(one.Cost, followed.Cost, 1e-9, "followed cost");
                        Assert.Equal(goal, path[followed.CellCount - 1], "ends at the goal");
                    }
                }
                Assert.Equal(report.Reachable, reachable, "reachable cells");
                Assert.True(field.GetCell(7, 2).CanSeeGoal, "(7, 2) sees the goal");
                Assert.True(!field.GetCell(0, 0).CanSeeGoal, "(0, 0) does not");

                grid.SetBlocked(7, 3, true);
                NavFlowReport repaired = field.Update(grid, new[] { GridTests.C(7, 3) });
                Assert.Equal(0u, repaired.Rebuilt, "repaired in place");
                using (NavFlowField fresh = new NavFlowField())
                {
                    fresh.Build(grid, new[] { goal });
                    NavFlowCell[] a = new NavFlowCell[40];
                    NavFlowCell[] b = new NavFlowCell[40];
                    field.CopyCells(a);
                    fresh.CopyCells(b);
                    for (int i = 0; i < 40; i++)
                    {
                        Assert.Equal(b[i].IsReachable, a[i].IsReachable, "reachable " + i);
                        Assert.Close(b[i].Cost, a[i].Cost, 1e-9, "cost " + i);
                    }
                }
            }
        }

        private static void NearestAndErrors()
        {
            using (NavGrid grid = Wall())
            using (NavFlowField field = new NavFlowField())
            {
                NavCell[] cells = new NavCell[64];
                int goal;
                NavGridPathResult r = NavFlowField.FindNearest(grid, GridTests.C(0, 0),
                    new[] { GridTests.C(4, 2), GridTests.C(7, 4), GridTests.C(0, 4) }, cells, out goal);
                Assert.True(r.Found, "found");
                Assert.Equal(2, goal, "the nearest goal");
                Assert.Close(4.0, r.Cost, 1e-9, "its cost");
                r = NavFlowField.FindNearest(grid, GridTests.C(0, 0), new NavCell[0], cells, out goal);
                Assert.Equal(NavPathStatus.GoalBlocked, r.PathStatus, "no goals");
                Assert.Equal(-1, goal, "no goal index");

                Assert.Fails(NavStatus.OutOfRange, "nav_flow_field_build",
                    () => field.Build(grid, new[] { GridTests.C(8, 0) }), "a goal off the grid");
                Assert.Fails(NavStatus.InvalidArgument, "nav_flow_field_build",
                    () => field.Build(grid, new[] { GridTests.C(0, 0) }, 256), "agent size 256");
                Assert.Fails(NavStatus.OutOfRange, "nav_flow_field_cell", () => field.GetCell(0, 0),
                    "a failed build leaves the field empty");
                field.Build(grid, new[] { GridTests.C(0, 0) });
                Assert.Fails(NavStatus.BufferTooSmall, "nav_flow_field_path",
                    () => field.PathFrom(GridTests.C(7, 4), new NavCell[2]), "a short buffer");
                Assert.Fails(NavStatus.BufferTooSmall, "nav_flow_field_copy_cells",
                    () => field.CopyCells(new NavFlowCell[3]), "a short buffer");
                Assert.Throws<ArgumentNullException>(() => field.Build(grid, null), "null goals");
                field.Dispose();
                Assert.Throws<ObjectDisposedException>(() => field.GetCell(0, 0), "use after dispose");
            }
        }
    }
}
