// Results through P/Invoke equal the Rust results on the same inputs: maps made by the nav CLI
// (`nav gen`), queries answered by the CLI (`nav path --json`, nav-grid called from Rust) and by
// the C# bindings (nav-grid through the C ABI); status, cost, expanded count and every cell
// must agree, under every rule set the CLI offers. Moving AI scenario rows are also checked
// against their published optimal lengths (data that owes nothing to nav).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;

namespace Nav.Tests
{
    internal static class ReferenceTests
    {
        private sealed class RuleSet
        {
            public string Name;
            public string CliArgs;
            public NavGridRulesDesc Desc;
            public NavGridQueryOptions Options;
        }

        private static readonly RuleSet[] RuleSets =
        {
            new RuleSet { Name = "Moving AI rules", CliArgs = "" },
            new RuleSet { Name = "4 moves", CliArgs = "--moves 4",
                Desc = new NavGridRulesDesc { Moves = NavMoves.Four, Heuristic = NavHeuristic.Manhattan } },
            new RuleSet { Name = "free diagonals", CliArgs = "--diagonal free",
                Desc = new NavGridRulesDesc { Diagonal = NavDiagonalRule.Free } },
            new RuleSet { Name = "no diagonals", CliArgs = "--diagonal never",
                Desc = new NavGridRulesDesc { Diagonal = NavDiagonalRule.Never, Heuristic = NavHeuristic.Manhattan } },
            new RuleSet { Name = "Dijkstra", CliArgs = "--heuristic zero",
                Desc = new NavGridRulesDesc { Heuristic = NavHeuristic.Zero } },
            new RuleSet { Name = "Euclidean", CliArgs = "--heuristic euclidean",
                Desc = new NavGridRulesDesc { Heuristic = NavHeuristic.Euclidean } },
            new RuleSet { Name = "Chebyshev", CliArgs = "--heuristic chebyshev",
                Desc = new NavGridRulesDesc { Heuristic = NavHeuristic.Chebyshev } },
            new RuleSet { Name = "inadmissible Manhattan", CliArgs = "--heuristic manhattan --allow-inadmissible",
                Desc = new NavGridRulesDesc { Heuristic = NavHeuristic.Manhattan, AllowInadmissible = 1 } },
            new RuleSet { Name = "max 40 expanded, partial", CliArgs = "--max-expanded 40 --partial",
                Options = new NavGridQueryOptions { MaxExpanded = 40, PartialPath = 1 } },
            new RuleSet { Name = "max cost 25", CliArgs = "--max-cost 25",
                Options = new NavGridQueryOptions { MaxCost = 25 } },
            new RuleSet { Name = "partial", CliArgs = "--partial",
                Options = new NavGridQueryOptions { PartialPath = 1 } },
        };

        public static void Register(Harness h, string navCli, string workDir, string movingAiDir)
        {
            string[][] maps =
            {
                new[] { "caves", "64x48", "11", "0.45" },
                new[] { "maze", "41x31", "5", "0" },
                new[] { "random", "50x40", "3", "0.3" },
                new[] { "rooms", "60x45", "4", "0" },
            };
            foreach (string[] m in maps)
            {
                string[] map = m;
                h.Add("reference: " + map[0] + " " + map[1] + " map, every CLI rule set and agents of 2 and 3 cells, same cells as nav path --json",
                    () => CompareGenerated(navCli, workDir, map[0], map[1], map[2], map[3]));
            }
            h.Add("reference: Moving AI dao/den312d through the CLI (agents of 1 to 3 cells) and against the scenario's optimal lengths",
                () => CompareMovingAi(navCli, movingAiDir, "dao/den312d"));
        }

        private static void CompareGenerated(string navCli, string workDir, string kind, string size, string seed, string fill)
        {
            string file = Path.Combine(workDir, kind + "-" + size + "-" + seed + ".map");
            string args = "gen --kind " + kind + " --size " + size + " --seed " + seed + " --out \"" + file + "\"";
            if (kind == "random" || kind == "caves")
            {
                args += " --fill " + fill;
            }
            int exit;
            string output = Cli.Run(navCli, args, out exit);
            Assert.Equal(0, exit, "nav " + args + ": " + output);
            CompareOnMap(navCli, file, 6, int.Parse(seed));
            // Mazes have corridors of one cell: no larger agent fits anywhere.
            CompareAgentSizes(navCli, file, int.Parse(seed), kind == "caves" || kind == "rooms");
        }

        private static void CompareMovingAi(string navCli, string movingAiDir, string name)
        {
            string map = Path.Combine(movingAiDir ?? "", name + ".map");
            string scen = map + ".scen";
            if (movingAiDir == null || !File.Exists(map) || !File.Exists(scen))
            {
                if (Environment.GetEnvironmentVariable("CI") == "true")
                {
                    throw new TestFailure("Moving AI data not found at " + map + " (set NAV_MOVINGAI_DIR); CI=true needs it");
                }
                Console.WriteLine("     skipping: Moving AI data not found at " + map + " (set NAV_MOVINGAI_DIR)");
                return;
            }
            CompareOnMap(navCli, map, 3, 1);
            CompareAgentSizes(navCli, map, 1, true);
            // Every 8th scenario row against the published optimal length, with and without jump points.
            string[] lines = File.ReadAllLines(scen);
            Assert.True(lines[0].StartsWith("version", StringComparison.Ordinal), "scenario header");
            int rows = 0;
            using (NavGrid grid = NavGrid.LoadMovingAiFile(map))
            using (NavQuery query = new NavQuery())
            using (NavGridRules jps = new NavGridRules(new NavGridRulesDesc { JumpPoints = 1 }))
            {
                NavGridPath path = new NavGridPath();
                for (int i = 1; i < lines.Length; i += 8)
                {
                    string[] f = lines[i].Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries);
                    if (f.Length < 9)
                    {
                        continue;
                    }
                    NavCell start = new NavCell(int.Parse(f[4]), int.Parse(f[5]));
                    NavCell goal = new NavCell(int.Parse(f[6]), int.Parse(f[7]));
                    double optimal = double.Parse(f[8], CultureInfo.InvariantCulture);
                    NavGridPathResult r = query.FindPath(grid, start, goal, path);
                    Assert.Equal(NavPathStatus.Found, r.PathStatus, "row " + i);
                    Assert.Close(optimal, r.Cost, 5e-3, "row " + i + " cost against the scenario");
                    Assert.Close(r.Cost, GridTests.CheckPath(grid, path.CellBuffer, path.Count, start, goal), 1e-6, "row " + i + " cells");
                    Assert.Close(optimal, query.FindPath(grid, start, goal, path, jps).Cost, 5e-3, "row " + i + " with jump points");
                    rows++;
                }
            }
            Assert.True(rows >= 30, "scenario rows checked: " + rows);
        }

        /// <summary>Every rule set on <paramref name="pairCount"/> pairs of the map (walkable
        /// pairs, plus one pair of any cells for the blocked outcomes).</summary>
        private static void CompareOnMap(string navCli, string mapFile, int pairCount, int seed)
        {
            int compared = 0;
            HashSet<NavPathStatus> seen = new HashSet<NavPathStatus>();
            using (NavGrid fromFile = NavGrid.LoadMovingAiFile(mapFile))
            using (NavGrid grid = NavGrid.FromMovingAi(File.ReadAllText(mapFile)))
            using (NavQuery query = new NavQuery())
            {
                Assert.True(fromFile.CopyWalkable().SequenceEqual(grid.CopyWalkable()), "file and text loading agree");
                byte[] walkable = grid.CopyWalkable();
                List<NavCell> open = new List<NavCell>();
                for (int i = 0; i < walkable.Length; i++)
                {
                    if (walkable[i] == 1)
                    {
                        open.Add(new NavCell(i % grid.Width, i / grid.Width));
                    }
                }
                Assert.True(open.Count > 10, "walkable cells on " + mapFile);
                Random random = new Random(seed);
                NavCell[] cells = new NavCell[walkable.Length];
                foreach (RuleSet set in RuleSets)
                {
                    using (NavGridRules rules = new NavGridRules(set.Desc))
                    {
                        for (int p = 0; p <= pairCount; p++)
                        {
                            NavCell start, goal;
                            if (p < pairCount)
                            {
                                start = open[random.Next(open.Count)];
                                goal = open[random.Next(open.Count)];
                            }
                            else
                            {
                                start = new NavCell(random.Next(grid.Width), random.Next(grid.Height));
                                goal = new NavCell(random.Next(grid.Width), random.Next(grid.Height));
                            }
                            NavGridPathResult mine = query.FindPath(grid, start, goal, cells, rules, set.Options);
                            string what = Path.GetFileName(mapFile) + ", " + set.Name + ", " + start + " -> " + goal;
                            CompareWithCli(navCli, mapFile, set, start, goal, mine, cells, what);
                            seen.Add(mine.PathStatus);
                            compared++;
                        }
                    }
                }
            }
            Assert.True(seen.Contains(NavPathStatus.Found) && seen.Contains(NavPathStatus.LimitReached),
                "outcomes covered: " + string.Join(", ", seen.Select(s => s.ToString()).ToArray()));
            Console.WriteLine("     {0} queries equal to nav path --json ({1})", compared,
                string.Join(", ", seen.Select(s => s.ToString()).ToArray()));
        }

        /// <summary>Agents of 2 and 3 cells (<see cref="NavGridQueryOptions.AgentSize"/>) against
        /// <c>nav path --size K --json</c>, under the Moving AI rules and 4 moves: pairs of cells
        /// where the agent fits (clearance at least K, as <see cref="NavGrid.Clearance"/> says),
        /// plus one pair of any cells for the blocked outcomes. The path's cells are the agent's
        /// top-left cells, so each must have a clearance of at least K. On an
        /// <paramref name="open"/> map, some of the paths must be found for both sizes.</summary>
        private static void CompareAgentSizes(string navCli, string mapFile, int seed, bool open)
        {
            RuleSet[] sets =
            {
                new RuleSet { Name = "Moving AI rules", CliArgs = "" },
                new RuleSet { Name = "4 moves", CliArgs = "--moves 4",
                    Desc = new NavGridRulesDesc { Moves = NavMoves.Four, Heuristic = NavHeuristic.Manhattan } },
            };
            Random random = new Random(seed);
            int compared = 0;
            List<string> foundBySize = new List<string>();
            using (NavGrid grid = NavGrid.LoadMovingAiFile(mapFile))
            using (NavQuery query = new NavQuery())
            {
                NavCell[] cells = new NavCell[grid.Width * grid.Height];
                foreach (uint size in new uint[] { 2, 3 })
                {
                    List<NavCell> fit = new List<NavCell>();
                    for (int y = 0; y < grid.Height; y++)
                    {
                        for (int x = 0; x < grid.Width; x++)
                        {
                            if (grid.Clearance(x, y) >= size)
                            {
                                fit.Add(new NavCell(x, y));
                            }
                        }
                    }
                    Assert.True(!open || fit.Count > 100, "cells where an agent of " + size + " fits on " + mapFile + ": " + fit.Count);
                    int found = 0;
                    foreach (RuleSet baseSet in sets)
                    {
                        RuleSet set = new RuleSet
                        {
                            Name = baseSet.Name + ", agent of " + size + " cells",
                            CliArgs = baseSet.CliArgs + " --size " + size,
                            Desc = baseSet.Desc,
                            Options = new NavGridQueryOptions { AgentSize = size },
                        };
                        using (NavGridRules rules = new NavGridRules(set.Desc))
                        {
                            for (int p = fit.Count == 0 ? 6 : 0; p <= 6; p++)
                            {
                                bool fitting = p < 6;
                                NavCell start = fitting ? fit[random.Next(fit.Count)] : new NavCell(random.Next(grid.Width), random.Next(grid.Height));
                                NavCell goal = fitting ? fit[random.Next(fit.Count)] : new NavCell(random.Next(grid.Width), random.Next(grid.Height));
                                // Every other fitting pair close together (often in one room), the others anywhere.
                                for (int tries = 0; fitting && p % 2 == 0 && tries < 200; tries++)
                                {
                                    goal = fit[random.Next(fit.Count)];
                                    if (Math.Abs((int)goal.X - (int)start.X) + Math.Abs((int)goal.Y - (int)start.Y) <= 6)
                                    {
                                        break;
                                    }
                                }
                                NavGridPathResult mine = query.FindPath(grid, start, goal, cells, rules, set.Options);
                                string what = Path.GetFileName(mapFile) + ", " + set.Name + ", " + start + " -> " + goal;
                                CompareWithCli(navCli, mapFile, set, start, goal, mine, cells, what);
                                for (int i = 0; i < (int)mine.CellCount; i++)
                                {
                                    Assert.True(grid.Clearance((int)cells[i].X, (int)cells[i].Y) >= size,
                                        what + ": the agent does not fit at cell " + i + ", " + cells[i]);
                                }
                                if (mine.Found)
                                {
                                    found++;
                                }
                                compared++;
                            }
                        }
                    }
                    Assert.True(!open || found >= 2, Path.GetFileName(mapFile) + ": paths found for agents of " + size + " cells: " + found);
                    foundBySize.Add(found + " found for " + size + " cells");
                }
            }
            Console.WriteLine("     {0} queries of agents of 2 and 3 cells equal to nav path --size K --json ({1})", compared,
                string.Join(", ", foundBySize.ToArray()));
        }

        private static void CompareWithCli(string navCli, string mapFile, RuleSet set, NavCell start, NavCell goal,
            NavGridPathResult mine, NavCell[] cells, string what)
        {
            string args = "path --map \"" + mapFile + "\" --from " + start.X + "," + start.Y + " --to " + goal.X + ","
                + goal.Y + " --json " + set.CliArgs;
            int exit;
            string output = Cli.Run(navCli, args, out exit);
            // 0: found, 1: another outcome, 2: bad input (which these queries never are).
            Assert.True(exit == 0 || exit == 1, what + ": nav " + args + " exited with " + exit + ": " + output);
            Dictionary<string, object> json = (Dictionary<string, object>)MiniJson.Parse(output.Trim());
            Assert.Equal(Cli.StatusName(mine.PathStatus), (string)json["status"], what + ": status");
            Assert.Equal(mine.Found ? 0 : 1, exit, what + ": exit status");
            Assert.Close((double)json["length"], mine.Cost, 1e-9 * Math.Max(1, mine.Cost), what + ": cost");
            Assert.Equal((ulong)(double)json["expanded"], mine.Expanded, what + ": expanded");
            List<object> path = (List<object>)json["cells"];
            Assert.Equal(path.Count, (int)mine.CellCount, what + ": cell count");
            for (int i = 0; i < path.Count; i++)
            {
                List<object> xy = (List<object>)path[i];
                NavCell expected = new NavCell((uint)(double)xy[0], (uint)(double)xy[1]);
                Assert.Equal(expected, cells[i], what + ": cell " + i);
            }
        }
    }
}
