// Time-sliced queries through the bindings: for every navigator, BeginSliced + StepSliced with
// many budgets give exactly FindPath's answer; an edit between steps is a NavException with
// NavStatus.WorldChanged; a budget of 0 is refused; CancelSliced leaves the query idle.
using System;

namespace Nav.Tests
{
    internal static class SliceTests
    {
        private static readonly uint[] Budgets = { 1, 3, 256, uint.MaxValue };

        public static void Register(Harness h)
        {
            h.Add("slice: grid sliced queries equal FindPath; edits, bad budgets, cancel", Grid);
            h.Add("slice: NavWorld, NavCircleWorld and NavMeshWorld sliced queries equal FindPath; edits", Worlds);
        }

        private static NavVec2 V(float x, float y)
        {
            return new NavVec2(x, y);
        }

        private static NavSliceState Run(NavSliceState state, Func<NavSliceState> step)
        {
            int steps = 0;
            while (state.Running)
            {
                ulong before = state.Expanded;
                state = step();
                Assert.True(state.Expanded >= before, "expansions only grow");
                Assert.True(++steps < 1000000, "the query ends");
            }
            Assert.True(state.Finished, "finished");
            return state;
        }

        private static void Grid()
        {
            string text = "type octile\nheight 5\nwidth 10\nmap\n"
                + "..........\n"
                + ".@@@@@@@@.\n"
                + ".@......@.\n"
                + ".@.@@@@.@.\n"
                + "...@......\n";
            using (NavGrid grid = NavGrid.FromMovingAi(text))
            using (NavQuery query = new NavQuery())
            {
                NavCell start = new NavCell(0, 0), goal = new NavCell(5, 2);
                NavCell[] cells = new NavCell[64];
                double[] costs = new double[64];
                NavGridPathResult expected = query.FindPath(grid, start, goal, cells);
                query.CopyPath(cells, costs);
                Assert.True(expected.Found, "found");
                foreach (uint budget in Budgets)
                {
                    NavSliceState state = Run(query.BeginSliced(grid, start, goal), () => query.StepSliced(grid, budget));
                    Assert.Equal(expected.PathStatus, state.PathStatus, "status, budget " + budget);
                    Assert.Equal(expected.Cost, state.Cost, "cost, budget " + budget);
                    Assert.Equal(expected.Expanded, state.Expanded, "expanded, budget " + budget);
                    Assert.Equal(expected.CellCount, state.Count, "cells, budget " + budget);
                    NavCell[] sliced = new NavCell[64];
                    double[] slicedCosts = new double[64];
                    int n = query.CopyPath(sliced, slicedCosts);
                    Assert.Equal((int)expected.CellCount, n, "copied cells");
                    for (int i = 0; i < n; i++)
                    {
                        Assert.True(sliced[i].X == cells[i].X && sliced[i].Y == cells[i].Y, "cell " + i);
                        Assert.Equal(costs[i], slicedCosts[i], "cost " + i);
                    }
                }
                Assert.True(query.BeginSliced(grid, start, goal).Running, "running");
                grid.SetBlocked(9, 0, false);
                Assert.Fails(NavStatus.WorldChanged, "nav_grid_slice_step", () => query.StepSliced(grid, 1), "edited grid");
                Assert.Equal(NavSliceStage.Idle, query.StepSliced(grid, 1).Stage, "cancelled by the edit");
                query.BeginSliced(grid, start, goal);
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_slice_step", () => query.StepSliced(grid, 0), "budget 0");
                query.CancelSliced();
                Assert.Equal(NavSliceStage.Idle, query.StepSliced(grid, 5).Stage, "cancelled");
                Assert.Fails(NavStatus.OutOfRange, "nav_grid_slice_begin",
                    () => query.BeginSliced(grid, start, new NavCell(99, 0)), "goal off the grid");
                Assert.Throws<ArgumentNullException>(() => query.StepSliced((NavGrid)null, 1), "null grid");
            }
        }

        private static void Worlds()
        {
            NavAabb bounds = new NavAabb(0, 0, 30, 10);
            NavVec2 start = V(2, 2), goal = V(28, 2);
            using (NavQuery query = new NavQuery())
            {
                using (NavWorld world = new NavWorld(bounds))
                {
                    world.InsertBox(new NavAabb(14, 0, 16, 8));
                    NavAgentDesc agent = new NavAgentDesc { Radius = 0.4f, Step = 0.5f };
                    NavVec2[] points = new NavVec2[512];
                    NavWorldPathResult expected = query.FindPath(world, agent, start, goal, points);
                    Assert.True(expected.Found, "world path found");
                    foreach (uint budget in Budgets)
                    {
                        NavSliceState state = Run(query.BeginSliced(world, agent, start, goal), () => query.StepSliced(world, budget));
                        Assert.Equal(expected.Length, state.Cost, "world length");
                        Assert.Equal(expected.Expanded, state.Expanded, "world expanded");
                        NavVec2[] copied = new NavVec2[512];
                        int n = query.CopyWorldPath(copied);
                        Assert.Equal((int)expected.PointCount, n, "world points");
                        for (int i = 0; i < n; i++)
                        {
                            Assert.True(copied[i].X == points[i].X && copied[i].Y == points[i].Y, "point " + i);
                        }
                    }
                    query.BeginSliced(world, agent, start, goal);
                    world.InsertCircle(V(20, 8), 0.5f);
                    Assert.Fails(NavStatus.WorldChanged, "nav_world_slice_step", () => query.StepSliced(world, 1), "edited world");
                }
                using (NavCircleWorld circles = new NavCircleWorld(bounds))
                {
                    for (int k = 0; k < 5; k++)
                    {
                        circles.Insert(V(6 + 4 * k, 3 + 3 * (k % 2)), 1.2f);
                    }
                    NavPathPiece[] pieces = new NavPathPiece[64];
                    NavCirclePathResult expected = query.FindPath(circles, 0.3f, start, goal, pieces);
                    Assert.True(expected.Found, "circle path found");
                    foreach (uint budget in Budgets)
                    {
                        NavSliceState state = Run(query.BeginSliced(circles, 0.3f, start, goal), () => query.StepSliced(circles, budget));
                        Assert.Equal(expected.Length, state.Cost, "circle length");
                        Assert.Equal(expected.PieceCount, state.Count, "circle pieces");
                        NavPathPiece[] copied = new NavPathPiece[64];
                        Assert.Equal((int)expected.PieceCount, query.CopyCirclePath(copied), "copied pieces");
                    }
                    query.BeginSliced(circles, 0.3f, start, goal);
                    circles.Insert(V(27, 8), 0.5f);
                    Assert.Fails(NavStatus.WorldChanged, "nav_circle_world_slice_step", () => query.StepSliced(circles, 1), "edited circles");
                }
                using (NavMeshWorld mesh = new NavMeshWorld(bounds))
                {
                    mesh.InsertBox(new NavAabb(14, 0, 16, 8));
                    NavPathPiece[] pieces = new NavPathPiece[64];
                    NavMeshPathResult expected = query.FindPath(mesh, 0.5f, start, goal, pieces);
                    Assert.True(expected.Found, "mesh path found");
                    foreach (uint budget in Budgets)
                    {
                        NavSliceState state = Run(query.BeginSliced(mesh, 0.5f, start, goal), () => query.StepSliced(mesh, budget));
                        Assert.Equal(expected.Length, state.Cost, "mesh length");
                        Assert.Equal(expected.PieceCount, state.Count, "mesh pieces");
                        NavPathPiece[] copied = new NavPathPiece[64];
                        Assert.Equal((int)expected.PieceCount, query.CopyMeshPath(copied), "copied pieces");
                    }
                    query.BeginSliced(mesh, 0.5f, start, goal);
                    mesh.InsertBox(new NavAabb(20, 8, 21, 9));
                    Assert.Fails(NavStatus.WorldChanged, "nav_mesh_world_slice_step", () => query.StepSliced(mesh, 1), "edited mesh");
                }
            }
        }
    }
}
