// The nearest of several goals on a NavWorld, a NavCircleWorld and a NavMeshWorld through the
// C# bindings,
// against one FindPath per goal (the Rust results through the C ABI), refused input, and
// NavQuery.SliceState against what the steps returned.
using System;

namespace Nav.Tests
{
    internal static class NearestTests
    {
        public static void Register(Harness h)
        {
            h.Add("nearest: NavWorld and NavCircleWorld nearest goals equal the best of one FindPath per goal", Nearest);
            h.Add("nearest: NavMeshWorld nearest goal equals the best of one FindPath per goal", MeshNearest);
            h.Add("nearest: refused goals, radii and navigators", Errors);
            h.Add("slice: SliceState reads what the steps wrote, without stepping", SliceState);
        }

        private static NavVec2 V(float x, float y)
        {
            return new NavVec2(x, y);
        }

        private static void Nearest()
        {
            using (NavQuery query = new NavQuery())
            {
                using (NavWorld world = new NavWorld(new NavAabb(0, 0, 30, 10)))
                {
                    world.InsertBox(new NavAabb(14, 0, 16, 9));
                    NavAgentDesc agent = new NavAgentDesc { Radius = 0.5f, Step = 0.5f };
                    NavVec2 start = V(10, 2);
                    NavVec2[] goals = { V(28, 2), V(2, 8), V(-5, 0), V(15, 5) };
                    NavWorldPath path = new NavWorldPath(1);
                    int goal;
                    NavWorldPathResult result = query.FindNearest(world, agent, start, goals, path, out goal);
                    Assert.True(result.Found && path.Found, "found");
                    Assert.Equal(1, goal, "goal index");
                    Assert.Equal(goals[1].X, path[path.Count - 1].X, "ends on the goal");
                    NavWorldPath one = new NavWorldPath();
                    query.FindPath(world, agent, start, goals[1], one);
                    Assert.Equal(one.Length, path.Length, "the length of FindPath to that goal");
                    Assert.Equal(one.Count, path.Count, "its points");
                    query.FindNearest(world, agent, start, new NavVec2[0], path, out goal);
                    Assert.Equal(NavPathStatus.GoalBlocked, path.Status, "no goals");
                    Assert.Equal(-1, goal, "no goal reached");
                }
                using (NavCircleWorld circles = new NavCircleWorld(new NavAabb(-20, -20, 20, 20)))
                {
                    circles.Insert(V(4, 0), 3);
                    circles.Insert(V(-6, 5), 2);
                    NavVec2[] goals = { V(8, 0), V(0, 8.5f), V(4, 0), V(30, 0) };
                    NavCirclePath path = new NavCirclePath(1);
                    int goal;
                    query.FindNearest(circles, 0.5f, V(0, 0), goals, path, out goal);
                    Assert.True(path.Found, "found among circles");
                    Assert.Equal(1, goal, "goal index among circles");
                    double best = double.PositiveInfinity;
                    NavCirclePath one = new NavCirclePath();
                    foreach (NavVec2 g in goals)
                    {
                        query.FindPath(circles, 0.5f, V(0, 0), g, one);
                        if (one.Found)
                        {
                            best = Math.Min(best, one.Length);
                        }
                    }
                    Assert.Close(best, path.Length, 1e-9 * best, "the shortest of one FindPath per goal");
                }
            }
        }

        private static void MeshNearest()
        {
            using (NavQuery query = new NavQuery())
            using (NavMeshWorld world = new NavMeshWorld(new NavAabb(-20, -20, 20, 20)))
            {
                world.InsertBox(new NavAabb(2, -3, 6, 3));
                world.InsertCircle(V(-6, 5), 2);
                // Behind the box (about 12.1 around it), in the open but further, in the box,
                // outside the bounds.
                NavVec2[] goals = { V(7.5f, 0), V(-13, 0), V(4, 0), V(30, 0) };
                NavMeshPath path = new NavMeshPath(1);
                int goal;
                query.FindNearest(world, 0.5f, V(0, 0), goals, path, out goal);
                Assert.True(path.Found, "found among polygons");
                Assert.Equal(0, goal, "goal index among polygons");
                Assert.Equal(goals[0].X, path[path.Count - 1].End.X, "ends on the goal");
                double best = double.PositiveInfinity;
                NavMeshPath one = new NavMeshPath();
                foreach (NavVec2 g in goals)
                {
                    query.FindPath(world, 0.5f, V(0, 0), g, one);
                    if (one.Found)
                    {
                        best = Math.Min(best, one.Length);
                    }
                }
                Assert.Close(best, path.Length, 1e-9 * best, "the shortest of one FindPath per goal");
                query.FindNearest(world, 1.9f, V(0, 0), goals, path, out goal);
                Assert.Equal(1, goal, "a larger disc does not fit behind the box");
                query.FindNearest(world, 0.5f, V(0, 0), new[] { V(4, 0) }, path, out goal);
                Assert.Equal(NavPathStatus.GoalBlocked, path.Status, "a blocked goal only");
                Assert.Equal(-1, goal, "no goal reached");
                NavVec2[] nan = { V(1, 1), V(float.NaN, 1) };
                NavException e = Assert.Fails(NavStatus.InvalidArgument, "nav_mesh_world_find_nearest",
                    () => query.FindNearest(world, 0.5f, V(0, 0), nan, path, out goal), "a NaN goal");
                Assert.True(e.NativeMessage.Contains("goals[1]"), "names the goal: " + e.NativeMessage);
                Assert.Equal(0, path.Count, "no path after a refusal");
                Assert.Fails(NavStatus.InvalidSize, "nav_mesh_world_find_nearest",
                    () => query.FindNearest(world, 0.5f, V(0, 0), new NavVec2[1025], path, out goal), "too many goals");
            }
        }

        private static void Errors()
        {
            using (NavQuery query = new NavQuery())
            using (NavWorld world = new NavWorld(new NavAabb(0, 0, 30, 10)))
            using (NavCircleWorld circles = new NavCircleWorld(new NavAabb(-20, -20, 20, 20)))
            {
                NavAgentDesc agent = new NavAgentDesc { Radius = 0.5f, Step = 0.5f };
                NavVec2[] nan = { V(1, 1), V(float.NaN, 1) };
                NavWorldPath path = new NavWorldPath();
                int goal = 5;
                NavException e = Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_nearest",
                    () => query.FindNearest(world, agent, V(2, 2), nan, path, out goal), "a NaN goal");
                Assert.True(e.NativeMessage.Contains("goals[1]"), "names the goal: " + e.NativeMessage);
                Assert.Equal(0, path.Count, "no path after a refusal");
                NavCirclePath pieces = new NavCirclePath();
                Assert.Fails(NavStatus.InvalidArgument, "nav_circle_world_find_nearest",
                    () => query.FindNearest(circles, -1, V(0, 0), new[] { V(1, 1) }, pieces, out goal), "a bad radius");
                Assert.Throws<ArgumentNullException>(
                    () => query.FindNearest(circles, 0, V(0, 0), null, pieces, out goal), "null goals");
                Assert.Fails(NavStatus.InvalidArgument, "nav_query_slice_state",
                    () => query.SliceState((NavSliceNavigator)9), "an unknown navigator");
            }
        }

        private static void SliceState()
        {
            using (NavGrid grid = GridTests.FromRows("..........", ".@@@@@@@@.", ".@......@.", ".@.@@@@.@.", "...@......"))
            using (NavQuery query = new NavQuery())
            {
                Assert.Equal(NavSliceStage.Idle, query.SliceState(NavSliceNavigator.Grid).Stage, "idle at first");
                NavSliceState state = query.BeginSliced(grid, GridTests.C(0, 0), GridTests.C(5, 2));
                int steps = 0;
                while (state.Running)
                {
                    state = query.StepSliced(grid, 3);
                    NavSliceState read = query.SliceState(NavSliceNavigator.Grid);
                    Assert.Equal(state.Stage, read.Stage, "stage");
                    Assert.Equal(state.Expanded, read.Expanded, "expanded");
                    Assert.Equal(state.Count, read.Count, "count");
                    steps++;
                }
                Assert.True(steps > 1 && state.Finished, "several steps");
                Assert.Equal(NavSliceStage.Idle, query.SliceState(NavSliceNavigator.World).Stage, "the world's is idle");
                query.CancelSliced();
                Assert.Equal(NavSliceStage.Idle, query.SliceState(NavSliceNavigator.Grid).Stage, "cancelled");
            }
        }
    }
}
