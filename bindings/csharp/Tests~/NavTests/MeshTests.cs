// NavMeshWorld (polygon worlds, exact paths for a disc of any radius) through the bindings: a
// closed-form path over a wall, spatial queries, edits, errors, disposal, the buffer protocol,
// allocation-free warm queries, and paths equal to `nav mesh --json` on random scenes of
// polygons, boxes and circles (when the CLI has `nav mesh`; NAV_MESH_CLI names another CLI).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;

namespace Nav.Tests
{
    internal static class MeshTests
    {
        public static void Register(Harness h, string navCli, string workDir)
        {
            h.Add("mesh: a path over a wall has the closed-form length; pieces join; polyline keeps clear", MeshClosedForm);
            h.Add("mesh: fits, nearest fit, raycast, connected", MeshSpatial);
            h.Add("mesh: edits, ids, clone, polygon bounds, errors, disposal, buffers", MeshEditsAndErrors);
            h.Add("allocation: warm NavMeshWorld queries allocate 0 managed bytes", MeshWarmQueriesAllocateNothing);
            h.Add("reference: NavMeshWorld paths equal nav mesh --json on random scenes (polygons, boxes, circles, radii, limits)",
                () => MeshReference(navCli, workDir));
        }

        private static NavVec2 V(float x, float y)
        {
            return new NavVec2(x, y);
        }

        private static string F(float value)
        {
            return value.ToString("R", CultureInfo.InvariantCulture);
        }

        /// <summary>Bounds [0, 20]^2 with the wall [9, 11] x [0, 15]. A disc of radius 1 from
        /// (2, 2) to (18, 2) goes over it; by symmetry its length is 2 sqrt(d^2 - 1) + 2 + 2 theta,
        /// d = |(7, 13)|, theta = atan2(13, 7) + asin(1 / d).</summary>
        private static NavMeshWorld Wall(out ulong wall)
        {
            NavMeshWorld world = new NavMeshWorld(new NavAabb(0, 0, 20, 20));
            wall = world.InsertBox(new NavAabb(9, 0, 11, 15));
            return world;
        }

        private static double WallLength()
        {
            double d = Math.Sqrt(7.0 * 7.0 + 13.0 * 13.0);
            return 2.0 * Math.Sqrt(d * d - 1.0) + 2.0 + 2.0 * (Math.Atan2(13.0, 7.0) + Math.Asin(1.0 / d));
        }

        private static void MeshClosedForm()
        {
            ulong wall;
            using (NavMeshWorld world = Wall(out wall))
            using (NavQuery query = new NavQuery())
            {
                NavMeshPath path = new NavMeshPath(2);
                NavMeshPathResult result = query.FindPath(world, 1f, V(2, 2), V(18, 2), path);
                Assert.True(path.Found && result.Found && !path.Partial, "found");
                Assert.Close(WallLength(), path.Length, 1e-4, "length over the wall");
                Assert.Equal(5, path.Count, "line, arc, line, arc, line");
                Assert.Equal(NavPieceKind.Arc, path[1].Kind, "an arc at the first corner");
                Assert.Equal(NavTurn.Cw, path[1].Turn, "turning right over the wall");
                Assert.Close(9.0, path[1].Center.X, 1e-5, "around the corner (9, 15)");
                Assert.Close(15.0, path[1].Center.Y, 1e-5, "around the corner (9, 15)");
                Assert.Close(1.0, path[1].Radius, 1e-6, "of the agent's radius");
                Assert.Equal(V(2, 2), path[0].Start, "starts at the start");
                Assert.Equal(V(18, 2), path[path.Count - 1].End, "ends at the goal");
                double sum = 0;
                for (int i = 0; i < path.Count; i++)
                {
                    sum += path[i].Length;
                    if (i > 0)
                    {
                        Assert.Close(path[i - 1].End.X, path[i].Start.X, 1e-4, "piece " + i + " joins");
                        Assert.Close(path[i - 1].End.Y, path[i].Start.Y, 1e-4, "piece " + i + " joins");
                    }
                    // PointAt stays on the piece: for arcs at the radius from the centre.
                    NavVec2 mid = path[i].PointAt(path[i].Length / 2);
                    if (path[i].Kind == NavPieceKind.Arc)
                    {
                        double dx = mid.X - path[i].Center.X, dy = mid.Y - path[i].Center.Y;
                        Assert.Close(1.0, Math.Sqrt(dx * dx + dy * dy), 1e-4, "arc midpoint radius");
                    }
                }
                Assert.Close(path.Length, sum, 1e-3, "length = sum of the pieces");
                NavPolyline polyline = new NavPolyline(2);
                int n = query.CopyMeshPolyline(0.01f, polyline);
                Assert.True(n > 5 && n == polyline.Count, "polyline points: " + n);
                Assert.Equal(V(2, 2), polyline[0], "polyline starts at the start");
                Assert.Equal(V(18, 2), polyline[n - 1], "polyline ends at the goal");
                for (int i = 0; i < n; i++)
                {
                    NavVec2 p = polyline[i];
                    double dx = Math.Max(Math.Max(9 - p.X, p.X - 11), 0), dy = Math.Max(p.Y - 15, 0);
                    Assert.True(Math.Sqrt(dx * dx + dy * dy) >= 1 - 1e-4, "polyline point " + i + " keeps clear of the wall");
                }

                // The cache limit: the lists are kept; with a limit of one byte the next query
                // drops them and finds the same path.
                Assert.True(query.MeshCacheBytes > 0, "the query's lists are kept");
                Assert.Equal(0UL, query.MeshCacheLimit, "no limit by default");
                query.MeshCacheLimit = 1;
                Assert.Equal(1UL, query.MeshCacheLimit, "the limit set");
                query.FindPath(world, 1, V(2, 2), V(18, 2), path);
                Assert.Close(WallLength(), path.Length, 1e-4, "the same length under the limit");
                query.MeshCacheLimit = 0;
            }
        }

        private static void MeshSpatial()
        {
            ulong wall;
            using (NavMeshWorld world = Wall(out wall))
            {
                Assert.True(world.Fits(V(5, 5), 1), "fits in the open");
                Assert.True(!world.Fits(V(10, 5), 0), "not inside the wall");
                Assert.True(!world.Fits(V(0.5f, 5), 1), "not across the bounds");
                NavVec2 nearest;
                Assert.True(world.TryNearestFit(V(8.5f, 5), 1, out nearest), "a nearest fit");
                Assert.Close(8.0, nearest.X, 1e-3, "pushed out of the wall to x = 8");
                Assert.True(!world.TryNearestFit(V(10, 10), 50, out nearest), "a disc larger than the world fits nowhere");
                float distance;
                Assert.True(world.Raycast(V(2, 5), V(1, 0), float.PositiveInfinity, 1, out distance), "hits the wall");
                Assert.Close(6.0, distance, 1e-3, "touching at x = 8");
                Assert.True(!world.Raycast(V(2, 5), V(1, 0), 3, 1, out distance) && distance == 3f, "clear for 3");
                Assert.True(world.Connected(V(2, 2), V(18, 2), 1), "over the wall");
                Assert.True(!world.Connected(V(4, 4), V(16, 4), 2.5f), "the gap above the wall is 5 wide");
                Assert.Fails(NavStatus.InvalidArgument, "nav_mesh_world_raycast",
                    () => world.Raycast(V(2, 5), V(0, 0), 1, 1, out distance), "zero direction");
                Assert.Fails(NavStatus.InvalidArgument, "nav_mesh_world_fits", () => world.Fits(V(float.NaN, 0), 1), "NaN point");
                Assert.Fails(NavStatus.InvalidArgument, "nav_mesh_world_connected",
                    () => world.Connected(V(1, 1), V(2, 2), -1), "negative radius");
            }
        }

        private static void MeshEditsAndErrors()
        {
            ulong wall;
            NavMeshWorld world = Wall(out wall);
            using (NavQuery query = new NavQuery())
            {
                NavVec2[] tri = { V(14, 14), V(17, 14), V(15, 17) };
                ulong t = world.InsertPolygon(tri);
                Assert.True(t != 0 && t != wall, "ids are distinct and never 0");
                Assert.Equal(2L, world.Count, "two obstacles");
                using (NavMeshWorld copy = world.Clone())
                {
                    world.SetPolygon(t, new[] { V(1, 14), V(4, 14), V(2, 17) });
                    world.SetBox(wall, new NavAabb(9, 0, 11, 5));
                    NavMeshPath path = new NavMeshPath();
                    query.FindPath(world, 1f, V(2, 2), V(18, 2), path);
                    Assert.True(path.Found && path.Length < WallLength() - 10, "the lower wall is a shorter way");
                    query.FindPath(copy, 1f, V(2, 2), V(18, 2), path);
                    Assert.Close(WallLength(), path.Length, 1e-4, "the clone kept the tall wall");
                    Assert.Equal(2L, copy.Count, "the clone has both obstacles");
                }
                world.Remove(t);
                NavException gone = Assert.Fails(NavStatus.UnknownObject, "nav_mesh_world_remove", () => world.Remove(t), "removed twice");
                Assert.True(gone.NativeMessage.Contains("obstacle " + t), "names the id: " + gone.NativeMessage);
                ulong c = world.InsertCircle(V(15, 15), 1.5f);
                world.SetCircle(c, V(15, 14), 1);
                Assert.Fails(NavStatus.UnknownObject, "nav_mesh_world_set_circle", () => world.SetCircle(0, V(1, 1), 1), "id 0");
                world.Clear();
                Assert.Equal(0L, world.Count, "cleared");

                // Refusals change nothing.
                Assert.Fails(NavStatus.InvalidSize, "nav_mesh_world_insert_polygon",
                    () => world.InsertPolygon(new[] { V(1, 1), V(2, 2) }), "two points");
                Assert.Fails(NavStatus.InvalidArgument, "nav_mesh_world_insert_polygon",
                    () => world.InsertPolygon(new[] { V(1, 1), V(4, 4), V(4, 1), V(1, 4) }), "a bow tie");
                Assert.Fails(NavStatus.InvalidArgument, "nav_mesh_world_insert_polygon",
                    () => world.InsertPolygon(new[] { V(1, 1), V(float.NaN, 2), V(3, 1) }), "NaN point");
                Assert.Fails(NavStatus.InvalidArgument, "nav_mesh_world_insert_circle",
                    () => world.InsertCircle(V(5, 5), -1), "negative radius");
                Assert.Fails(NavStatus.InvalidArgument, "nav_mesh_world_insert_box",
                    () => world.InsertBox(new NavAabb(50, 50, 60, 60)), "outside the bounds");
                Assert.Equal(0L, world.Count, "nothing was added");
                Assert.Fails(NavStatus.InvalidArgument, "nav_mesh_world_create", () => new NavMeshWorld(new NavAabb(0, 0, 0, 10)), "no area");
                Assert.Fails(NavStatus.InvalidSize, "nav_mesh_world_create_polygon",
                    () => NavMeshWorld.FromPolygon(new NavVec2[0]), "no points");
                Assert.Throws<ArgumentNullException>(() => world.InsertPolygon(null), "null points");

                // Queries: errors, the buffer protocol, outcomes.
                NavPathPiece[] none = new NavPathPiece[0];
                NavMeshPathResult r;
                Assert.Equal(NavStatus.InvalidArgument, query.TryFindPath(world, float.NaN, V(2, 2), V(18, 2), none,
                    default(NavMeshQueryOptions), out r), "NaN radius");
                Assert.Equal(NavStatus.InvalidArgument, query.TryFindPath(world, 0, V(2, 2), V(18, 2), none,
                    new NavMeshQueryOptions { Reserved = 1 }, out r), "reserved option");
                world.InsertBox(new NavAabb(9, 0, 11, 15));
                Assert.Equal(NavStatus.BufferTooSmall, query.TryFindPath(world, 1, V(2, 2), V(18, 2), none,
                    default(NavMeshQueryOptions), out r), "no room");
                Assert.Equal(5u, r.PieceCount, "the count needed");
                NavException small = Assert.Fails(NavStatus.BufferTooSmall, "nav_mesh_world_find_path",
                    () => query.FindPath(world, 1, V(2, 2), V(18, 2), new NavPathPiece[2]), "two pieces of room");
                Assert.Equal(5L, small.RequiredCount, "RequiredCount");
                NavPathPiece[] pieces = new NavPathPiece[5];
                Assert.Equal(5, query.CopyMeshPath(pieces), "copied without searching again");
                Assert.Equal(V(18, 2), pieces[4].End, "the last piece ends at the goal");
                NavMeshPath partial = new NavMeshPath();
                query.FindPath(world, 1, V(2, 2), V(10, 10), partial, new NavMeshQueryOptions { PartialPath = 1 });
                Assert.Equal(NavPathStatus.GoalBlocked, partial.Status, "goal inside the wall");
                query.FindPath(world, 0, V(2, 2), V(18, 2), partial, new NavMeshQueryOptions { MaxExpanded = 1 });
                Assert.Equal(NavPathStatus.LimitReached, partial.Status, "one expansion is not enough");
                Assert.Fails(NavStatus.InvalidArgument, "nav_query_mesh_path_polyline",
                    () => query.CopyMeshPolyline(0, new NavPolyline()), "zero deviation");
                using (NavMeshWorld l = NavMeshWorld.FromPolygon(new[] { V(0, 0), V(30, 0), V(30, 10), V(10, 10), V(10, 30), V(0, 30) }))
                {
                    NavMeshPath around = new NavMeshPath();
                    query.FindPath(l, 1, V(25, 5), V(5, 25), around);
                    Assert.True(around.Found && around.Count >= 3, "around the inner corner of the L");
                    query.FindPath(l, 0, V(20, 20), V(5, 5), around);
                    Assert.Equal(NavPathStatus.OutOfBounds, around.Status, "outside the L");
                }
            }
            world.Dispose();
            world.Dispose();
            Assert.True(world.IsDisposed, "disposed");
            Assert.Throws<ObjectDisposedException>(() => { long n = world.Count; }, "a disposed world");
        }

        private static void MeshWarmQueriesAllocateNothing()
        {
            System.Reflection.MethodInfo method = typeof(GC).GetMethod("GetAllocatedBytesForCurrentThread");
            if (method == null)
            {
                Console.WriteLine("     skipped: this runtime cannot count allocated bytes");
                return;
            }
            Func<long> allocated = (Func<long>)Delegate.CreateDelegate(typeof(Func<long>), method);
            ulong wall;
            using (NavMeshWorld world = Wall(out wall))
            using (NavQuery query = new NavQuery())
            {
                NavMeshPath path = new NavMeshPath(1);
                NavPathPiece[] pieceArray = new NavPathPiece[32];
                NavPolyline polyline = new NavPolyline(2);
                NavVec2 nearest;
                float distance;
                double sink = 0;
                Action frame = () =>
                {
                    for (int i = 0; i < 3; i++)
                    {
                        world.SetBox(wall, new NavAabb(9, 0, 11, 14 + i));
                        sink += query.FindPath(world, 1f, V(2, 2), V(18, 2 + i), path).Length;
                        sink += query.FindPath(world, 1f, V(2, 2), V(18, 2 + i), pieceArray).Length;
                        sink += query.CopyMeshPath(pieceArray) + query.CopyMeshPolyline(0.1f, polyline);
                        sink += world.Fits(V(5, 5), 1) ? 1 : 0;
                        sink += world.TryNearestFit(V(8.5f, 5), 1, out nearest) ? nearest.X : 0;
                        sink += world.Raycast(V(2, 5), V(1, 0), 100, 1, out distance) ? distance : 0;
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
                Assert.Equal(0L, bytes, "managed bytes allocated by 50 frames of warm mesh-world queries with edits");
                Assert.True(sink > 0, "the queries ran");
                Console.WriteLine("     50 frames of mesh-world queries, edits and copies: {0} bytes allocated", bytes);
            }
        }

        private static string CliWithMesh(string navCli)
        {
            string other = Environment.GetEnvironmentVariable("NAV_MESH_CLI");
            string cli = string.IsNullOrEmpty(other) ? navCli : other;
            int exit;
            Cli.Run(cli, "mesh --help", out exit);
            return exit == 0 ? cli : null;
        }

        private static void MeshReference(string navCli, string workDir)
        {
            string cli = CliWithMesh(navCli);
            if (cli == null)
            {
                Console.WriteLine("     skipped: " + navCli + " has no `nav mesh` command (branch mesh-proof adds it; "
                    + "NAV_MESH_CLI may name a CLI that has it); the closed-form tests above still ran");
                return;
            }
            bool sameBuild = cli == navCli;
            float[] agents = { 0f, 0.5f, 1.5f };
            // Expansion limits cut a search where its build's expansion order puts the cut: they
            // are compared only against the same build (another build: unbounded queries only).
            string[] optionSets = sameBuild ? new[] { "", "--max-expanded 3", "--max-expanded 3 --partial" } : new[] { "" };
            HashSet<NavPathStatus> seen = new HashSet<NavPathStatus>();
            int compared = 0, arcs = 0;
            for (int scene = 0; scene < 3; scene++)
            {
                Random random = new Random(300 + scene);
                StringBuilder json = new StringBuilder("{\"bounds\": {\"min\": [0, 0], \"max\": [60, 40]}, \"obstacles\": [");
                using (NavMeshWorld world = new NavMeshWorld(new NavAabb(0, 0, 60, 40)))
                using (NavQuery query = new NavQuery())
                {
                    for (int i = 0; i < 12; i++)
                    {
                        float x = (float)Math.Round(5 + random.NextDouble() * 50, 2);
                        float y = (float)Math.Round(5 + random.NextDouble() * 30, 2);
                        string entry;
                        switch (i % 3)
                        {
                            case 0:
                            {
                                float w = (float)Math.Round(0.5 + random.NextDouble() * 4, 2);
                                float hh = (float)Math.Round(0.5 + random.NextDouble() * 4, 2);
                                world.InsertBox(new NavAabb(x, y, x + w, y + hh));
                                entry = "{\"aabb\": {\"min\": [" + F(x) + ", " + F(y) + "], \"max\": [" + F(x + w) + ", " + F(y + hh) + "]}}";
                                break;
                            }
                            case 1:
                            {
                                int n = 3 + random.Next(5);
                                double r = 1 + random.NextDouble() * 3, a0 = random.NextDouble() * 6;
                                NavVec2[] pts = new NavVec2[n];
                                for (int k = 0; k < n; k++)
                                {
                                    double a = a0 + 2 * Math.PI * k / n;
                                    pts[k] = V((float)Math.Round(x + r * Math.Cos(a), 2), (float)Math.Round(y + r * Math.Sin(a), 2));
                                }
                                world.InsertPolygon(pts);
                                entry = "{\"polygon\": {\"points\": [" + string.Join(", ", pts.Select(p => "[" + F(p.X) + ", " + F(p.Y) + "]").ToArray()) + "]}}";
                                break;
                            }
                            default:
                            {
                                float r = (float)Math.Round(0.5 + random.NextDouble() * 2.5, 2);
                                world.InsertCircle(V(x, y), r);
                                entry = "{\"circle\": {\"center\": [" + F(x) + ", " + F(y) + "], \"radius\": " + F(r) + "}}";
                                break;
                            }
                        }
                        json.Append((i > 0 ? ", " : "") + entry);
                    }
                    json.Append("]}");
                    string file = Path.Combine(workDir, "mesh-" + scene + ".json");
                    File.WriteAllText(file, json.ToString());
                    NavPathPiece[] pieces = new NavPathPiece[1024];
                    foreach (float agent in agents)
                    {
                        foreach (string o in optionSets)
                        {
                            NavMeshQueryOptions options = new NavMeshQueryOptions
                            {
                                MaxExpanded = o.Contains("--max-expanded") ? 3UL : 0UL,
                                PartialPath = o.Contains("--partial") ? 1u : 0u,
                            };
                            for (int p = 0; p < (sameBuild ? 4 : 10); p++)
                            {
                                NavVec2 start = V((float)Math.Round(random.NextDouble() * 60, 1), (float)Math.Round(random.NextDouble() * 40, 1));
                                NavVec2 goal = V((float)Math.Round(random.NextDouble() * 60, 1), (float)Math.Round(random.NextDouble() * 40, 1));
                                NavMeshPathResult mine = query.FindPath(world, agent, start, goal, pieces, options);
                                string args = "mesh --scene \"" + file + "\" --radius " + F(agent) + " --from " + F(start.X) + "," + F(start.Y)
                                    + " --to " + F(goal.X) + "," + F(goal.Y) + " --json " + o;
                                string what = "scene " + scene + ", nav " + args;
                                int exit;
                                string output = Cli.Run(cli, args, out exit);
                                Assert.True(exit == 0 || exit == 1, what + ": exit " + exit + ": " + output);
                                Assert.Equal(mine.Found ? 0 : 1, exit, what + ": exit status");
                                Dictionary<string, object> report = (Dictionary<string, object>)MiniJson.Parse(output.Trim());
                                Assert.Equal(Cli.StatusName(mine.PathStatus), (string)report["status"], what + ": status");
                                double length = (double)report["length"];
                                Assert.Close(length, mine.Length, 1e-5 * Math.Max(1, length), what + ": length");
                                if (sameBuild)
                                {
                                    Assert.Equal((ulong)(double)report["expanded"], mine.Expanded, what + ": expanded");
                                }
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
                                        Assert.Close((double)arc["radius"], piece.Radius, 1e-5, what + ": arc " + i + " radius");
                                        List<object> center = (List<object>)arc["center"];
                                        Assert.Close((double)center[0], piece.Center.X, 1e-4, what + ": arc " + i + " centre x");
                                        Assert.Close((double)center[1], piece.Center.Y, 1e-4, what + ": arc " + i + " centre y");
                                        arcs++;
                                    }
                                    else
                                    {
                                        Assert.True(segment.ContainsKey("line"), what + ": piece " + i + " is a line or an arc");
                                        Assert.Equal(NavPieceKind.Line, piece.Kind, what + ": piece " + i + " is a line");
                                        Dictionary<string, object> line = (Dictionary<string, object>)segment["line"];
                                        List<object> from = (List<object>)line["from"], to = (List<object>)line["to"];
                                        Assert.Close((double)from[0], piece.Start.X, 1e-4, what + ": line " + i + " from x");
                                        Assert.Close((double)from[1], piece.Start.Y, 1e-4, what + ": line " + i + " from y");
                                        Assert.Close((double)to[0], piece.End.X, 1e-4, what + ": line " + i + " to x");
                                        Assert.Close((double)to[1], piece.End.Y, 1e-4, what + ": line " + i + " to y");
                                    }
                                }
                                seen.Add(mine.PathStatus);
                                compared++;
                            }
                        }
                    }
                }
            }
            Assert.True(seen.Contains(NavPathStatus.Found) && (seen.Contains(NavPathStatus.LimitReached) || !sameBuild) && seen.Count >= 3,
                "outcomes covered: " + string.Join(", ", seen.Select(s => s.ToString()).ToArray()));
            Assert.True(arcs > 20, "arcs compared: " + arcs);
            Console.WriteLine("     {0} queries ({1} arcs) equal to {2} mesh --json ({3}){4}", compared, arcs, cli,
                string.Join(", ", seen.Select(s => s.ToString()).ToArray()), sameBuild ? "" : ", another build: no limits, expanded counts not compared");
        }
    }
}
