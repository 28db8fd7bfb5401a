// NavWorld (agents of any radius among boxes and discs) and NavCircleWorld (exact paths of
// segments and arcs) through the bindings: edits, errors, outcomes, paths checked by geometry,
// NavWorld paths equal to `nav agent --json` and NavCircleWorld paths equal to
// `nav circles --json` on the same scenes, circle-world paths against closed-form lengths and
// as lower bounds of NavWorld paths around the same circles.
// Over 600 lines: both continuous-world handles, every wrapper method and its refusals.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;

namespace Nav.Tests
{
    internal static class WorldTests
    {
        public static void Register(Harness h, string navCli, string workDir)
        {
            h.Add("world: create, info, insert, move, remove, clear, clone, clear-disc and segment tests", WorldEdits);
            h.Add("world: bad bounds, points, radii, steps, ids and options are NavExceptions", WorldErrors);
            h.Add("world: paths pass the segment test, agents of two sizes at one gap, outcomes, buffers", WorldPaths);
            h.Add("reference: NavWorld paths equal nav agent --json on random scenes (radii, steps, heuristics, raw, limits)",
                () => WorldReference(navCli, workDir));
            h.Add("circles: edits, ids, errors, buffers, polylines", CircleEditsAndErrors);
            h.Add("circles: a path around one circle has the closed-form length", CircleClosedForm);
            h.Add("circles: random worlds give connected, clear paths no longer than NavWorld's", CircleRandomWorlds);
            h.Add("reference: NavCircleWorld paths equal nav circles --json on random scenes (radii, limits, partial paths)",
                () => CircleReference(navCli, workDir));
            h.Add("allocation: warm NavWorld and NavCircleWorld queries allocate 0 managed bytes", WarmWorldQueriesAllocateNothing);
        }

        private static NavVec2 V(float x, float y)
        {
            return new NavVec2(x, y);
        }

        private static double Distance(NavVec2 a, NavVec2 b)
        {
            double dx = (double)a.X - b.X;
            double dy = (double)a.Y - b.Y;
            return Math.Sqrt(dx * dx + dy * dy);
        }

        // ---- NavWorld -----------------------------------------------------------------------

        private static void WorldEdits()
        {
            using (NavWorld world = new NavWorld(new NavAabb(-50, -20, 50, 20)))
            {
                NavWorldInfo info = world.GetInfo();
                Assert.Equal(-50f, info.Bounds.Min.X, "bounds min x");
                Assert.Equal(20f, info.Bounds.Max.Y, "bounds max y");
                Assert.Equal(0UL, info.ObstacleCount, "empty");
                ulong box = world.InsertBox(new NavAabb(-5, -5, 5, 5));
                ulong disc = world.InsertCircle(V(20, 0), 3, true);
                Assert.True(box != 0 && disc != 0 && box != disc, "ids are distinct and never 0");
                Assert.Equal(2UL, world.GetInfo().ObstacleCount, "two obstacles");
                Assert.True(!world.IsDiscClear(V(0, 0), 1), "a disc inside the box");
                Assert.True(world.IsDiscClear(V(0, 0), 1, box), "... clear when the box is ignored");
                Assert.True(world.IsDiscClear(V(-20, 10), 2), "a disc in the open");
                Assert.True(!world.IsDiscClear(V(-49.5f, 0), 1), "a disc across the bounds");
                Assert.True(!world.IsSegmentClear(V(-20, 0), V(40, 0), 0.5f), "a segment through both");
                Assert.True(world.IsSegmentClear(V(-20, 10), V(40, 10), 0.5f), "a segment above them");
                ulong version = world.GetInfo().Version;
                world.MoveCircle(disc, V(20, 10), 3);
                Assert.True(world.GetInfo().Version > version, "a move bumps the version");
                Assert.True(!world.IsSegmentClear(V(-20, 10), V(40, 10), 0.5f), "the moved disc blocks the upper segment");
                world.MoveBox(disc, new NavAabb(30, -2, 32, 2));
                Assert.True(world.IsSegmentClear(V(-20, 10), V(40, 10), 0.5f), "a dynamic disc became a box");
                using (NavWorld copy = world.Clone())
                {
                    copy.Remove(box);
                    Assert.Equal(1UL, copy.GetInfo().ObstacleCount, "the copy lost the box");
                    Assert.Equal(2UL, world.GetInfo().ObstacleCount, "the original kept it");
                }
                world.Remove(box);
                Assert.True(world.IsDiscClear(V(0, 0), 1), "removed");
                ulong again = world.InsertBox(new NavAabb(-5, -5, 5, 5));
                Assert.True(again != box, "a removed id is not reused");
                Assert.Fails(NavStatus.UnknownObject, "nav_world_remove", () => world.Remove(box), "removed id");
                world.Clear();
                Assert.Equal(0UL, world.GetInfo().ObstacleCount, "cleared");
                Assert.Fails(NavStatus.UnknownObject, "nav_world_move_circle", () => world.MoveCircle(disc, V(0, 0), 1), "cleared id");
            }
        }

        private static void WorldErrors()
        {
            Assert.Fails(NavStatus.InvalidArgument, "nav_world_create", () => new NavWorld(new NavAabb(0, 0, float.NaN, 10)), "NaN bounds");
            Assert.Fails(NavStatus.InvalidArgument, "nav_world_create", () => new NavWorld(new NavAabb(0, 0, float.PositiveInfinity, 10)), "infinite bounds");
            Assert.Throws<NavException>(() => new NavWorld(new NavAabb(10, 0, 0, 10)), "inverted bounds");
            Assert.Throws<NavException>(() => new NavWorld(new NavAabb(0, 0, 0, 10)), "bounds without area");
            Assert.Fails(NavStatus.InvalidArgument, "nav_world_create", () => new NavWorld(new NavAabb(0, 0, 10, 10), -1), "negative cell size");
            using (NavWorld world = new NavWorld(new NavAabb(0, 0, 100, 100)))
            using (NavWorld other = new NavWorld(new NavAabb(0, 0, 100, 100)))
            using (NavQuery query = new NavQuery())
            {
                ulong wall = world.InsertBox(new NavAabb(10, 10, 20, 20));
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_insert_box", () => world.InsertBox(new NavAabb(5, 5, 1, 1)), "inverted box");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_insert_circle", () => world.InsertCircle(V(1, 1), -2), "negative radius");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_insert_circle", () => world.InsertCircle(V(float.NaN, 1), 2), "NaN centre");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_move_box", () => world.MoveBox(wall, new NavAabb(0, 0, 1, 1)), "a static obstacle does not move");
                Assert.Fails(NavStatus.UnknownObject, "nav_world_remove", () => world.Remove(0), "id 0");
                NavException madeUp = Assert.Fails(NavStatus.UnknownObject, "nav_world_remove", () => world.Remove(ulong.MaxValue), "a made-up id");
                Assert.True(madeUp.NativeMessage.Contains("obstacle 18446744073709551615 "), "the message names the id as passed: " + madeUp.Message);
                ulong foreign = other.InsertBox(new NavAabb(50, 50, 60, 60));
                other.InsertBox(new NavAabb(70, 70, 80, 80));
                other.InsertBox(new NavAabb(80, 80, 90, 90));
                NavException theirs = Assert.Fails(NavStatus.UnknownObject, "nav_world_remove", () => world.Remove(foreign + 2), "an id of another world");
                Assert.True(theirs.NativeMessage.Contains("obstacle " + (foreign + 2) + " "), "the message names the id: " + theirs.Message);
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_disc_is_clear", () => world.IsDiscClear(V(1, 1), float.NaN), "NaN radius");

                NavVec2[] points = new NavVec2[64];
                NavAgentDesc agent = new NavAgentDesc(1, 1);
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path", () => query.FindPath(world, agent, V(float.NaN, 5), V(50, 50), points), "NaN start");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path", () => query.FindPath(world, agent, V(5, 5), V(50, float.NegativeInfinity), points), "infinite goal");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path", () => query.FindPath(world, new NavAgentDesc(1, 0), V(5, 5), V(50, 50), points), "step 0");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path", () => query.FindPath(world, new NavAgentDesc(-1, 1), V(5, 5), V(50, 50), points), "negative radius");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path", () => query.FindPath(world, new NavAgentDesc(1, 0), V(5, 5), V(50, 50), points), "step 0");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path", () => query.FindPath(world, default(NavAgentDesc), V(5, 5), V(50, 50), points), "default agent");
                Assert.Fails(NavStatus.InvalidSize, "nav_world_find_path", () => query.FindPath(world, new NavAgentDesc(1, 1e-3f), V(5, 5), V(50, 50), points), "a lattice of 10^10 nodes");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path", () => query.FindPath(world, new NavAgentDesc(1, 1e-6f), V(5, 5), V(50, 50), points), "a step below f32 precision");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path",
                    () => query.FindPath(world, new NavAgentDesc(1, 1) { Heuristic = (NavAgentHeuristic)9 }, V(5, 5), V(50, 50), points), "unknown heuristic");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path",
                    () => query.FindPath(world, new NavAgentDesc(1, 1) { Reserved = 1 }, V(5, 5), V(50, 50), points), "reserved 1");
                // An own obstacle that names nothing (removed since, made up, of another world) is
                // refused like every unknown id, and the message names it; 0 means none.
                NavException unknownOwn = Assert.Fails(NavStatus.UnknownObject, "nav_world_find_path",
                    () => query.FindPath(world, new NavAgentDesc(1, 1) { OwnObstacle = 12345 }, V(5, 5), V(50, 50), points),
                    "unknown own obstacle");
                Assert.True(unknownOwn.NativeMessage.Contains("agent.own_obstacle` 12345 "), "the message names the id: " + unknownOwn.Message);
                Assert.Fails(NavStatus.UnknownObject, "nav_world_find_path",
                    () => query.FindPath(world, new NavAgentDesc(1, 1) { OwnObstacle = foreign + 2 }, V(5, 5), V(50, 50), points),
                    "own obstacle of another world");
                Assert.Fails(NavStatus.UnknownObject, "nav_world_disc_is_clear", () => world.IsDiscClear(V(1, 1), 1, foreign + 2), "ignored obstacle of another world");
                Assert.Equal(NavPathStatus.Found, query.FindPath(world, new NavAgentDesc(1, 1) { OwnObstacle = wall },
                    V(5, 5), V(50, 50), points).PathStatus, "a live own obstacle");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path",
                    () => query.FindPath(world, agent, V(5, 5), V(50, 50), points, new NavWorldQueryOptions { MaxLength = double.NaN }), "NaN max length");
                Assert.Fails(NavStatus.InvalidArgument, "nav_world_find_path",
                    () => query.FindPath(world, agent, V(5, 5), V(50, 50), points, new NavWorldQueryOptions { RawPath = 3 }), "flag 3");
                Assert.Equal(0, query.CopyWorldPath(points), "no path after a failed query");
                NavWorldPathResult r = query.FindPath(world, agent, V(5, 5), V(50, 50), points);
                Assert.Equal(NavPathStatus.Found, r.PathStatus, "the world and the query work after the errors");
                Assert.Equal((int)r.PointCount, query.CopyWorldPath(points), "copy of the latest path");
            }
        }

        /// <summary>Checks a NavWorld path: from start to goal, every segment clear for the agent.</summary>
        private static double CheckWorldPath(NavWorld world, NavVec2[] points, int count, NavVec2 start, NavVec2 goal,
            NavAgentDesc agent)
        {
            Assert.True(count >= 2, "a path has two points or more: " + count);
            Assert.True(Distance(points[0], start) < 1e-4 && Distance(points[count - 1], goal) < 1e-4,
                "the path runs from " + points[0] + " to " + points[count - 1]);
            double length = 0;
            for (int i = 1; i < count; i++)
            {
                Assert.True(world.IsSegmentClear(points[i - 1], points[i], agent.Radius, agent.OwnObstacle),
                    "segment " + points[i - 1] + " -> " + points[i] + " is not clear for radius " + agent.Radius);
                length += Distance(points[i - 1], points[i]);
            }
            return length;
        }

        private static void WorldPaths()
        {
            using (NavWorld world = new NavWorld(new NavAabb(0, 0, 100, 60)))
            using (NavQuery query = new NavQuery())
            {
                // A wall across the world with a gap 4 wide: agents of radius 1.5 pass, 2.5 do not.
                world.InsertBox(new NavAabb(48, 0, 52, 28));
                world.InsertBox(new NavAabb(48, 32, 52, 60));
                NavWorldPath path = new NavWorldPath(2);
                NavAgentDesc small = new NavAgentDesc(1.5f, 0.5f);
                NavWorldPathResult r = query.FindPath(world, small, V(10, 10), V(90, 50), path);
                Assert.Equal(NavPathStatus.Found, r.PathStatus, "small agent");
                Assert.True(path.Count == r.PointCount && path.Count > 2, "NavWorldPath grew: " + path.Count);
                double length = CheckWorldPath(world, path.PointBuffer, path.Count, V(10, 10), V(90, 50), small);
                Assert.Close(length, r.Length, 1e-3, "length = sum of the segments");
                Assert.True(r.Length >= Distance(V(10, 10), V(90, 50)) - 1e-3, "no shorter than the straight line");
                NavWorldPathResult raw = query.FindPath(world, small, V(10, 10), V(90, 50), path, new NavWorldQueryOptions { RawPath = 1 });
                Assert.True(raw.Length >= r.Length - 1e-6 && raw.PointCount >= r.PointCount, "the raw lattice path is no shorter than the smoothed one");
                CheckWorldPath(world, path.PointBuffer, path.Count, V(10, 10), V(90, 50), small);
                NavAgentDesc large = new NavAgentDesc(2.5f, 0.5f);
                Assert.Equal(NavPathStatus.NoPath, query.FindPath(world, large, V(10, 10), V(90, 50), path).PathStatus, "large agent");
                Assert.Equal(0, path.Count, "no points without a path");
                NavWorldPathResult partial = query.FindPath(world, large, V(10, 10), V(90, 50), path,
                    new NavWorldQueryOptions { PartialPath = 1 });
                Assert.True(path.Count >= 2 && path[path.Count - 1].X < 48, "a partial path stops before the wall: " + path.Count);
                Assert.Equal(NavPathStatus.NoPath, partial.PathStatus, "partial status");
                Assert.Equal(NavPathStatus.StartBlocked, query.FindPath(world, small, V(50, 10), V(90, 50), path).PathStatus, "start in the wall");
                Assert.Equal(NavPathStatus.GoalBlocked, query.FindPath(world, small, V(10, 10), V(50, 50), path).PathStatus, "goal in the wall");
                Assert.Equal(NavPathStatus.OutOfBounds, query.FindPath(world, small, V(10, 10), V(99.5f, 50), path).PathStatus, "goal too close to the bounds");
                Assert.Equal(NavPathStatus.OutOfBounds, query.FindPath(world, small, V(-10, 10), V(90, 50), path).PathStatus, "start outside");
                Assert.Equal(NavPathStatus.LimitReached, query.FindPath(world, small, V(10, 10), V(90, 50), path,
                    new NavWorldQueryOptions { MaxExpanded = 10 }).PathStatus, "max expanded");
                Assert.Equal(NavPathStatus.LimitReached, query.FindPath(world, small, V(10, 10), V(90, 50), path,
                    new NavWorldQueryOptions { MaxLength = 50 }).PathStatus, "max length");
                // Caller arrays: too small, then the copy without a new search.
                NavVec2[] two = new NavVec2[2];
                NavException e = Assert.Fails(NavStatus.BufferTooSmall, "nav_world_find_path",
                    () => query.FindPath(world, small, V(10, 10), V(90, 50), two), "two points");
                NavVec2[] points = new NavVec2[e.RequiredCount];
                Assert.Equal((int)e.RequiredCount, query.CopyWorldPath(points), "copy without searching again");
                CheckWorldPath(world, points, points.Length, V(10, 10), V(90, 50), small);
                // An agent's own obstacle does not block it.
                ulong self = world.InsertCircle(V(10, 10), 1.5f, true);
                Assert.Equal(NavPathStatus.StartBlocked, query.FindPath(world, small, V(10, 10), V(90, 50), path).PathStatus, "blocked by itself");
                NavAgentDesc owner = small;
                owner.OwnObstacle = self;
                Assert.Equal(NavPathStatus.Found, query.FindPath(world, owner, V(10, 10), V(90, 50), path).PathStatus, "its own obstacle is ignored");
                CheckWorldPath(world, path.PointBuffer, path.Count, V(10, 10), V(90, 50), owner);
            }
        }

        private static string F(float value)
        {
            return value.ToString("R", CultureInfo.InvariantCulture);
        }

        private static void WorldReference(string navCli, string workDir)
        {
            string[][] agents =
            {
                new[] { "0.5", "1", "octile" },
                new[] { "1.5", "1", "diagonal" },
                new[] { "3", "2", "euclidean" },
                new[] { "0.8", "0.5", "octile" },
            };
            string[] optionSets = { "", "--raw", "--max-expanded 300 --partial" };
            HashSet<NavPathStatus> seen = new HashSet<NavPathStatus>();
            int compared = 0;
            for (int scene = 0; scene < 3; scene++)
            {
                Random random = new Random(100 + scene);
                NavAabb bounds = new NavAabb(0, 0, 120, 80);
                StringBuilder json = new StringBuilder("{\"bounds\": {\"min\": [0, 0], \"max\": [120, 80]}, \"obstacles\": [");
                using (NavWorld world = new NavWorld(bounds))
                using (NavQuery query = new NavQuery())
                {
                    for (int i = 0; i < 22; i++)
                    {
                        if (i > 0)
                        {
                            json.Append(", ");
                        }
                        float x = (float)Math.Round(random.NextDouble() * 110, 2);
                        float y = (float)Math.Round(random.NextDouble() * 70, 2);
                        if (i % 2 == 0)
                        {
                            float w = (float)Math.Round(2 + random.NextDouble() * 12, 2);
                            float hgt = (float)Math.Round(2 + random.NextDouble() * 12, 2);
                            world.InsertBox(new NavAabb(x, y, x + w, y + hgt));
                            json.Append("{\"aabb\": {\"min\": [" + F(x) + ", " + F(y) + "], \"max\": [" + F(x + w) + ", " + F(y + hgt) + "]}}");
                        }
                        else
                        {
                            float r = (float)Math.Round(1 + random.NextDouble() * 6, 2);
                            world.InsertCircle(V(x, y), r);
                            json.Append("{\"circle\": {\"center\": [" + F(x) + ", " + F(y) + "], \"radius\": " + F(r) + "}}");
                        }
                    }
                    json.Append("]}");
                    string file = Path.Combine(workDir, "scene-" + scene + ".json");
                    File.WriteAllText(file, json.ToString());
                    NavVec2[] points = new NavVec2[4096];
                    foreach (string[] a in agents)
                    {
                        NavAgentDesc agent = new NavAgentDesc(float.Parse(a[0], CultureInfo.InvariantCulture), float.Parse(a[1], CultureInfo.InvariantCulture));
                        agent.Heuristic = a[2] == "octile" ? NavAgentHeuristic.Octile : a[2] == "diagonal" ? NavAgentHeuristic.Diagonal : NavAgentHeuristic.Euclidean;
                        foreach (string o in optionSets)
                        {
                            NavWorldQueryOptions options = new NavWorldQueryOptions
                            {
                                RawPath = o.Contains("--raw") ? 1u : 0u,
                                PartialPath = o.Contains("--partial") ? 1u : 0u,
                                MaxExpanded = o.Contains("--max-expanded") ? 300UL : 0UL,
                            };
                            for (int p = 0; p < 3; p++)
                            {
                                NavVec2 start = V((float)Math.Round(random.NextDouble() * 120, 1), (float)Math.Round(random.NextDouble() * 80, 1));
                                NavVec2 goal = V((float)Math.Round(random.NextDouble() * 120, 1), (float)Math.Round(random.NextDouble() * 80, 1));
                                NavWorldPathResult mine = query.FindPath(world, agent, start, goal, points, options);
                                string args = "agent --scene \"" + file + "\" --radius " + a[0] + " --step " + a[1] + " --heuristic " + a[2]
                                    + " --from " + F(start.X) + "," + F(start.Y) + " --to " + F(goal.X) + "," + F(goal.Y) + " --json " + o;
                                string what = "scene " + scene + ", nav " + args;
                                int exit;
                                string output = Cli.Run(navCli, args, out exit);
                                Assert.True(exit == 0 || exit == 1, what + ": exit " + exit + ": " + output);
                                Dictionary<string, object> report = (Dictionary<string, object>)MiniJson.Parse(output.Trim());
                                Assert.Equal(Cli.StatusName(mine.PathStatus), (string)report["status"], what + ": status");
                                Assert.Close((double)report["length"], mine.Length, 1e-9 * Math.Max(1, mine.Length), what + ": length");
                                Assert.Equal((ulong)(double)report["expanded"], mine.Expanded, what + ": expanded");
                                List<object> expected = (List<object>)report["points"];
                                Assert.Equal(expected.Count, (int)mine.PointCount, what + ": points");
                                for (int i = 0; i < expected.Count; i++)
                                {
                                    List<object> xy = (List<object>)expected[i];
                                    Assert.Equal(V((float)(double)xy[0], (float)(double)xy[1]), points[i], what + ": point " + i);
                                }
                                if (mine.Found)
                                {
                                    CheckWorldPath(world, points, (int)mine.PointCount, start, goal, agent);
                                }
                                seen.Add(mine.PathStatus);
                                compared++;
                            }
                        }
                    }
                }
            }
            Assert.True(seen.Contains(NavPathStatus.Found) && seen.Count >= 3,
                "outcomes covered: " + string.Join(", ", seen.Select(s => s.ToString()).ToArray()));
            Console.WriteLine("     {0} queries equal to nav agent --json ({1})", compared, string.Join(", ", seen.Select(s => s.ToString()).ToArray()));
        }

        // ---- NavCircleWorld -----------------------------------------------------------------

        private static void CircleEditsAndErrors()
        {
            Assert.Fails(NavStatus.InvalidArgument, "nav_circle_world_create", () => new NavCircleWorld(new NavAabb(0, 0, float.NaN, 1)), "NaN bounds");
            Assert.Throws<NavException>(() => new NavCircleWorld(new NavAabb(5, 5, 0, 0)), "inverted bounds");
            using (NavCircleWorld world = new NavCircleWorld(new NavAabb(0, 0, 100, 100)))
            using (NavQuery query = new NavQuery())
            {
                ulong a = world.Insert(V(30, 50), 5);
                ulong b = world.Insert(V(200, 200), 5);
                Assert.True(a != 0 && b != 0 && a != b, "ids (a circle may lie outside the bounds)");
                Assert.Equal(2L, world.Count, "count");
                world.Set(b, V(70, 50), 6);
                using (NavCircleWorld copy = world.Clone())
                {
                    copy.Remove(a);
                    Assert.Equal(1L, copy.Count, "the copy lost one");
                    Assert.Equal(2L, world.Count, "the original did not");
                }
                Assert.Fails(NavStatus.InvalidArgument, "nav_circle_world_insert", () => world.Insert(V(1, 1), -1), "negative radius");
                Assert.Fails(NavStatus.InvalidArgument, "nav_circle_world_insert", () => world.Insert(V(float.NaN, 1), 1), "NaN centre");
                Assert.Fails(NavStatus.InvalidArgument, "nav_circle_world_set", () => world.Set(a, V(1, 1), float.PositiveInfinity), "infinite radius");
                Assert.Fails(NavStatus.UnknownObject, "nav_circle_world_set", () => world.Set(0, V(1, 1), 1), "id 0");
                NavException unknownCircle = Assert.Fails(NavStatus.UnknownObject, "nav_circle_world_set", () => world.Set(4242, V(1, 1), 1), "a made-up id");
                Assert.True(unknownCircle.NativeMessage.Contains("circle 4242 "), "the message names the id as passed: " + unknownCircle.Message);
                NavPathPiece[] pieces = new NavPathPiece[32];
                Assert.Equal(NavPathStatus.Found, query.FindPath(world, 1, V(1, 50), V(99, 50), pieces).PathStatus, "a path before the errors");
                Assert.Fails(NavStatus.InvalidArgument, "nav_circle_world_find_path", () => query.FindPath(world, -1, V(1, 1), V(99, 99), pieces), "negative agent radius");
                Assert.Fails(NavStatus.InvalidArgument, "nav_circle_world_find_path", () => query.FindPath(world, float.NaN, V(1, 1), V(99, 99), pieces), "NaN agent radius");
                Assert.Fails(NavStatus.InvalidArgument, "nav_circle_world_find_path", () => query.FindPath(world, 1, V(float.NaN, 1), V(99, 99), pieces), "NaN start");
                Assert.Fails(NavStatus.InvalidArgument, "nav_circle_world_find_path",
                    () => query.FindPath(world, 1, V(1, 1), V(99, 99), pieces, new NavCircleQueryOptions { Reserved = 1 }), "reserved 1");
                Assert.Fails(NavStatus.InvalidArgument, "nav_circle_world_find_path",
                    () => query.FindPath(world, 1, V(1, 1), V(99, 99), pieces, new NavCircleQueryOptions { MaxLength = -1 }), "negative max length");
                Assert.Equal(0, query.CopyCirclePath(pieces), "no pieces after a failed query");
                Assert.Equal(0, query.CopyCirclePolyline(0.1f, new NavPolyline()), "no polyline after a failed query");

                NavCirclePathResult r = query.FindPath(world, 1, V(1, 50), V(99, 50), pieces);
                Assert.Equal(NavPathStatus.Found, r.PathStatus, "around two circles");
                Assert.Fails(NavStatus.BufferTooSmall, "nav_circle_world_find_path", () => query.FindPath(world, 1, V(1, 50), V(99, 50), new NavPathPiece[1]), "one piece");
                NavCirclePath path = new NavCirclePath(1);
                Assert.Close(r.Length, query.FindPath(world, 1, V(1, 50), V(99, 50), path).Length, 0, "NavCirclePath grows");
                Assert.Equal((int)r.PieceCount, path.Count, "pieces in NavCirclePath");
                Assert.Equal((int)r.PieceCount, query.CopyCirclePath(new NavPathPiece[r.PieceCount]), "copy of the pieces");
                NavPolyline polyline = new NavPolyline(2);
                int n = query.CopyCirclePolyline(0.05f, polyline);
                Assert.True(n > (int)r.PieceCount && polyline.Count == n, "arcs cut into chords: " + n + " points");
                Assert.True(Distance(polyline[0], V(1, 50)) < 1e-4 && Distance(polyline[n - 1], V(99, 50)) < 1e-4, "polyline ends");
                // The chords circumscribe the arcs: never inside an inflated circle, a little longer.
                double chords = 0;
                for (int i = 1; i < n; i++)
                {
                    chords += Distance(polyline[i - 1], polyline[i]);
                }
                for (int i = 0; i < n; i++)
                {
                    Assert.True(Distance(polyline[i], V(30, 50)) >= 6 - 1e-3 && Distance(polyline[i], V(70, 50)) >= 7 - 1e-3,
                        "polyline point " + polyline[i] + " cuts into an inflated circle");
                }
                Assert.True(chords >= r.Length - 1e-3 && chords <= r.Length * 1.01, "chords " + chords + " against the path " + r.Length);
                Assert.Fails(NavStatus.InvalidArgument, "nav_query_circle_path_polyline", () => query.CopyCirclePolyline(0, polyline), "zero deviation");
                Assert.Fails(NavStatus.BufferTooSmall, "nav_query_circle_path_polyline", () => query.CopyCirclePolyline(0.05f, new NavVec2[2]), "two points");
                NavCirclePathResult blocked = query.FindPath(world, 1, V(31, 50), V(99, 50), pieces);
                Assert.Equal(NavPathStatus.StartBlocked, blocked.PathStatus, "start inside an inflated circle");
                Assert.Equal(a, blocked.BlockingCircle, "the blocking circle's id");
                world.Clear();
                Assert.Equal(0L, world.Count, "cleared");
                r = query.FindPath(world, 1, V(1, 50), V(99, 50), pieces);
                Assert.Equal(1u, r.PieceCount, "a straight line in an empty world");
                Assert.Close(98, r.Length, 1e-4, "its length (the disc stays inside the bounds)");
            }
        }

        private static void CircleClosedForm()
        {
            using (NavCircleWorld world = new NavCircleWorld(new NavAabb(0, 0, 100, 100)))
            using (NavQuery query = new NavQuery())
            {
                world.Insert(V(50, 50), 10);
                NavCirclePath path = new NavCirclePath();
                foreach (float agent in new[] { 0f, 1f, 4.5f })
                {
                    // Start and goal at distance d from the centre, on opposite sides: two tangents of
                    // length sqrt(d^2 - R^2) and an arc of pi - 2 acos(R / d) on the inflated circle.
                    double d = 30, big = 10 + agent;
                    double expected = 2 * Math.Sqrt(d * d - big * big) + big * (Math.PI - 2 * Math.Acos(big / d));
                    NavCirclePathResult r = query.FindPath(world, agent, V(20, 50), V(80, 50), path);
                    Assert.Equal(NavPathStatus.Found, r.PathStatus, "radius " + agent);
                    Assert.Close(expected, r.Length, 1e-3, "closed form, agent radius " + agent);
                    Assert.Equal(3, path.Count, "line, arc, line");
                    Assert.Equal(NavPieceKind.Arc, path[1].Kind, "the middle piece is an arc");
                    Assert.Close(big, path[1].Radius, 1e-4, "the arc lies on the inflated circle");
                    CheckCirclePath(path, V(20, 50), V(80, 50), new[] { V(50, 50) }, new[] { 10f }, agent);
                }
            }
        }

        /// <summary>Checks an exact path: pieces joined end to start, lines straight, arcs on their
        /// circle and consistent with their angles, lengths adding up, and every sampled point at
        /// least the agent's radius from every circle.</summary>
        private static void CheckCirclePath(NavCirclePath path, NavVec2 start, NavVec2 goal, NavVec2[] centers, float[] radii, float agent)
        {
            Assert.True(path.Count >= 1, "pieces: " + path.Count);
            Assert.True(Distance(path[0].Start, start) < 1e-3, "starts at the start: " + path[0].Start);
            Assert.True(Distance(path[path.Count - 1].End, goal) < 1e-3, "ends at the goal: " + path[path.Count - 1].End);
            double total = 0;
            for (int i = 0; i < path.Count; i++)
            {
                NavPathPiece piece = path[i];
                if (i > 0)
                {
                    Assert.True(Distance(path[i - 1].End, piece.Start) < 1e-3, "piece " + i + " starts where " + (i - 1) + " ends");
                }
                double scale = Math.Max(1, piece.Length);
                if (piece.Kind == NavPieceKind.Line)
                {
                    Assert.Close(Distance(piece.Start, piece.End), piece.Length, 1e-3 * scale, "line " + i + " length");
                }
                else
                {
                    Assert.Close(piece.Radius, Distance(piece.Start, piece.Center), 1e-3 * scale, "arc " + i + " start on its circle");
                    Assert.Close(piece.Radius, Distance(piece.End, piece.Center), 1e-3 * scale, "arc " + i + " end on its circle");
                    Assert.Close(piece.Radius * piece.Sweep, piece.Length, 1e-3 * scale, "arc " + i + " length = radius x sweep");
                    Assert.True(piece.Turn == NavTurn.Ccw || piece.Turn == NavTurn.Cw, "arc " + i + " turns");
                    Assert.True(Distance(piece.PointAt(piece.Length), piece.End) < 2e-3 * scale, "arc " + i + ": start angle and sweep lead to its end");
                }
                for (int s = 0; s <= 16; s++)
                {
                    NavVec2 p = piece.PointAt(piece.Length * s / 16f);
                    for (int c = 0; c < centers.Length; c++)
                    {
                        Assert.True(Distance(p, centers[c]) >= radii[c] + agent - 2e-3,
                            "piece " + i + " point " + p + " is inside circle " + c + " inflated by " + agent);
                    }
                }
                total += piece.Length;
            }
            Assert.Close(path.Length, total, 1e-3 * Math.Max(1, path.Length), "pieces add up to the length");
            Assert.True(path.Length >= Distance(start, goal) - 1e-3, "no shorter than the straight line");
        }

        private static void CircleRandomWorlds()
        {
            int found = 0;
            double worst = 0;
            for (int seed = 0; seed < 6; seed++)
            {
                Random random = new Random(seed);
                NavAabb bounds = new NavAabb(0, 0, 100, 100);
                List<NavVec2> centers = new List<NavVec2>();
                List<float> radii = new List<float>();
                using (NavCircleWorld circles = new NavCircleWorld(bounds))
                using (NavWorld world = new NavWorld(bounds))
                using (NavQuery query = new NavQuery())
                {
                    for (int i = 0; i < 14; i++)
                    {
                        NavVec2 c = V((float)(15 + random.NextDouble() * 70), (float)(15 + random.NextDouble() * 70));
                        float r = (float)(2 + random.NextDouble() * 6);
                        centers.Add(c);
                        radii.Add(r);
                        circles.Insert(c, r);
                        world.InsertCircle(c, r);
                    }
                    NavCirclePath path = new NavCirclePath();
                    NavWorldPath lattice = new NavWorldPath();
                    float agent = 1f;
                    for (int q = 0; q < 5; q++)
                    {
                        NavVec2 start = V((float)(2 + random.NextDouble() * 10), (float)(2 + random.NextDouble() * 96));
                        NavVec2 goal = V((float)(88 + random.NextDouble() * 10), (float)(2 + random.NextDouble() * 96));
                        NavCirclePathResult exact = query.FindPath(circles, agent, start, goal, path);
                        NavWorldPathResult approx = query.FindPath(world, new NavAgentDesc(agent, 0.5f), start, goal, lattice);
                        if (!exact.Found)
                        {
                            Assert.True(!approx.Found || exact.PathStatus != NavPathStatus.NoPath,
                                "no exact path but a lattice path, seed " + seed);
                            continue;
                        }
                        CheckCirclePath(path, start, goal, centers.ToArray(), radii.ToArray(), agent);
                        if (approx.Found)
                        {
                            // Any valid path of the disc is at least the exact shortest one.
                            Assert.True(exact.Length <= approx.Length + 1e-3,
                                "seed " + seed + ": exact " + exact.Length + " longer than the lattice path " + approx.Length);
                            Assert.True(approx.Length <= exact.Length * 1.25,
                                "seed " + seed + ": lattice path " + approx.Length + " far longer than the exact " + exact.Length);
                            worst = Math.Max(worst, approx.Length / exact.Length);
                        }
                        found++;
                    }
                }
            }
            Assert.True(found >= 20, "exact paths found: " + found);
            Console.WriteLine("     {0} exact paths checked; NavWorld (step 0.5) paths at most {1:F4}x their length", found, worst);
        }

        private static void CircleReference(string navCli, string workDir)
        {
            float[] agents = { 0f, 0.5f, 2f };
            string[] optionSets = { "", "--max-expanded 4", "--max-expanded 4 --partial" };
            HashSet<NavPathStatus> seen = new HashSet<NavPathStatus>();
            int compared = 0, arcs = 0;
            for (int scene = 0; scene < 3; scene++)
            {
                Random random = new Random(200 + scene);
                StringBuilder json = new StringBuilder("{\"bounds\": {\"min\": [0, 0], \"max\": [120, 80]}, \"obstacles\": [");
                using (NavCircleWorld world = new NavCircleWorld(new NavAabb(0, 0, 120, 80)))
                using (NavQuery query = new NavQuery())
                {
                    for (int i = 0; i < 18; i++)
                    {
                        float x = (float)Math.Round(10 + random.NextDouble() * 100, 2);
                        float y = (float)Math.Round(5 + random.NextDouble() * 70, 2);
                        float r = (float)Math.Round(1 + random.NextDouble() * 7, 2);
                        world.Insert(V(x, y), r);
                        json.Append((i > 0 ? ", " : "") + "{\"circle\": {\"center\": [" + F(x) + ", " + F(y) + "], \"radius\": " + F(r) + "}}");
                    }
                    json.Append("]}");
                    string file = Path.Combine(workDir, "circles-" + scene + ".json");
                    File.WriteAllText(file, json.ToString());
                    NavPathPiece[] pieces = new NavPathPiece[256];
                    foreach (float agent in agents)
                    {
                        foreach (string o in optionSets)
                        {
                            NavCircleQueryOptions options = new NavCircleQueryOptions
                            {
                                MaxExpanded = o.Contains("--max-expanded") ? 4UL : 0UL,
                                PartialPath = o.Contains("--partial") ? 1u : 0u,
                            };
                            for (int p = 0; p < 3; p++)
                            {
                                // Inside the scene's bounds: outside them the CLI answers out_of_bounds
                                // while a circle world has no bounds to be out of.
                                NavVec2 start = V((float)Math.Round(random.NextDouble() * 120, 1), (float)Math.Round(random.NextDouble() * 80, 1));
                                NavVec2 goal = V((float)Math.Round(random.NextDouble() * 120, 1), (float)Math.Round(random.NextDouble() * 80, 1));
                                NavCirclePathResult mine = query.FindPath(world, agent, start, goal, pieces, options);
                                string args = "circles --scene \"" + file + "\" --radius " + F(agent) + " --from " + F(start.X) + "," + F(start.Y)
                                    + " --to " + F(goal.X) + "," + F(goal.Y) + " --json " + o;
                                string what = "scene " + scene + ", nav " + args;
                                int exit;
                                string output = Cli.Run(navCli, args, out exit);
                                Assert.True(exit == 0 || exit == 1, what + ": exit " + exit + ": " + output);
                                Assert.Equal(mine.Found ? 0 : 1, exit, what + ": exit status");
                                Dictionary<string, object> report = (Dictionary<string, object>)MiniJson.Parse(output.Trim());
                                Assert.Equal(Cli.StatusName(mine.PathStatus), (string)report["status"], what + ": status");
                                double length = (double)report["length"];
                                Assert.Close(length, mine.Length, 1e-4 * Math.Max(1, length), what + ": length");
                                Assert.Equal((ulong)(double)report["expanded"], mine.Expanded, what + ": expanded");
                                List<object> segments = (List<object>)report["segments"];
                                Assert.Equal(segments.Count, (int)mine.PieceCount, what + ": pieces");
                                for (int i = 0; i < segments.Count; i++)
                                {
                                    Dictionary<string, object> segment = (Dictionary<string, object>)segments[i];
                                    NavPathPiece piece = pieces[i];
                                    if (segment.ContainsKey("arc"))
                                    {
                                        Dictionary<string, object> arc = (Dictionary<string, object>)segment["arc"];
                                        Assert.Equal(NavPieceKind.Arc, piece.Kind, what + ": piece " + i + " is an arc");
                                        Assert.Equal((bool)arc["ccw"] ? NavTurn.Ccw : NavTurn.Cw, piece.Turn, what + ": arc " + i + " turns the same way");
                                        Assert.Close((double)arc["radius"], piece.Radius, 1e-4 * Math.Max(1, piece.Radius), what + ": arc " + i + " radius");
                                        arcs++;
                                    }
                                    else
                                    {
                                        Assert.True(segment.ContainsKey("line"), what + ": piece " + i + " is a line or an arc");
                                        Assert.Equal(NavPieceKind.Line, piece.Kind, what + ": piece " + i + " is a line");
                                    }
                                }
                                seen.Add(mine.PathStatus);
                                compared++;
                            }
                        }
                    }
                }
            }
            Assert.True(seen.Contains(NavPathStatus.Found) && seen.Contains(NavPathStatus.LimitReached) && seen.Count >= 3,
                "outcomes covered: " + string.Join(", ", seen.Select(s => s.ToString()).ToArray()));
            Assert.True(arcs > 20, "arcs compared: " + arcs);
            Console.WriteLine("     {0} queries ({1} arcs) equal to nav circles --json ({2})", compared, arcs,
                string.Join(", ", seen.Select(s => s.ToString()).ToArray()));
        }

        private static void WarmWorldQueriesAllocateNothing()
        {
            System.Reflection.MethodInfo method = typeof(GC).GetMethod("GetAllocatedBytesForCurrentThread");
            if (method == null)
            {
                Console.WriteLine("     skipping: GC.GetAllocatedBytesForCurrentThread is missing in this runtime");
                return;
            }
            Func<long> allocated = (Func<long>)Delegate.CreateDelegate(typeof(Func<long>), method);
            using (NavWorld world = new NavWorld(new NavAabb(0, 0, 60, 40)))
            using (NavCircleWorld circles = new NavCircleWorld(new NavAabb(0, 0, 60, 40)))
            using (NavQuery query = new NavQuery())
            {
                world.InsertBox(new NavAabb(28, 0, 32, 30));
                ulong mover = world.InsertCircle(V(45, 20), 3, true);
                circles.Insert(V(30, 20), 6);
                ulong moving = circles.Insert(V(45, 10), 3);
                NavAgentDesc agent = new NavAgentDesc(1, 1);
                NavWorldPath path = new NavWorldPath(2);
                NavVec2[] points = new NavVec2[256];
                NavCirclePath pieces = new NavCirclePath(1);
                NavPathPiece[] pieceArray = new NavPathPiece[32];
                NavPolyline polyline = new NavPolyline(2);
                double sink = 0;
                Action frame = () =>
                {
                    for (int i = 0; i < 3; i++)
                    {
                        world.MoveCircle(mover, V(45, 18 + i), 3);
                        sink += query.FindPath(world, agent, V(5, 5 + i), V(55, 5), path).Length;
                        sink += query.FindPath(world, agent, V(5, 5 + i), V(55, 5), points).Length;
                        sink += query.CopyWorldPath(points);
                        circles.Set(moving, V(45, 10 + i), 3);
                        sink += query.FindPath(circles, 0.5f, V(2, 20), V(58, 20 - i), pieces).Length;
                        sink += query.FindPath(circles, 0.5f, V(2, 20), V(58, 20 - i), pieceArray).Length;
                        sink += query.CopyCirclePath(pieceArray) + query.CopyCirclePolyline(0.1f, polyline);
                        sink += world.IsSegmentClear(V(1, 1), V(50, 35), 1) ? 1 : 0;
                    }
                };
                for (int i = 0; i < 5; i++)
                {
                    frame();
                }
                long before = allocated();
                for (int i = 0; i < 50; i++)
                {
                    frame();
                }
                long bytes = allocated() - before;
                Assert.Equal(0L, bytes, "managed bytes allocated by 150 warm world and circle-world queries with edits");
                Assert.True(sink > 0, "the queries ran");
                Console.WriteLine("     50 frames of world and circle-world queries, moves and copies: {0} bytes allocated", bytes);
            }
        }
    }
}
