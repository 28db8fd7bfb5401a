// Grid search modes: preprocessed jump points (JPS+) against cell-by-cell search, after edits;
// NavGrid.Prepare, NavGridRules.SearchMode and NavQuery.SearchUsed.
using System;

namespace Nav.Tests
{
    internal static class SearchModeTests
    {
        public static void Register(Harness h)
        {
            h.Add("search modes: JPS+ equals cells after edits; Prepare, SearchMode, SearchUsed; refused rules", JumpPointsPlus);
        }

        private static NavCell C(uint x, uint y)
        {
            return new NavCell(x, y);
        }

        private static void JumpPointsPlus()
        {
            using (NavGrid grid = new NavGrid(48, 40))
            using (NavQuery query = new NavQuery())
            using (NavGridRules cells = new NavGridRules(default(NavGridRulesDesc), null, NavSearchMode.CellByCell))
            using (NavGridRules plus = new NavGridRules(default(NavGridRulesDesc), null, NavSearchMode.JumpPointsPlus))
            {
                for (int x = 0; x < 44; x += 4)
                {
                    grid.SetBlocked(x + 2, (x * 7) % 37 + 1, true);
                    grid.SetBlocked(x + 3, (x * 3) % 31 + 2, true);
                }
                Assert.Equal(NavSearchMode.JumpPointsPlus, plus.SearchMode, "the mode asked for");
                Assert.True(grid.Prepare(plus, 1), "the table is built by Prepare");
                Assert.True(!grid.Prepare(plus, 1), "and only once");
                NavCell[] buffer = new NavCell[256];
                for (int round = 0; round < 3; round++)
                {
                    NavGridPathResult a = query.FindPath(grid, C(0, 0), C(47, 39), buffer, cells);
                    Assert.Equal(NavSearchMode.CellByCell, query.SearchUsed, "cells ran");
                    NavGridPathResult b = query.FindPath(grid, C(0, 0), C(47, 39), buffer, plus);
                    Assert.Equal(NavSearchMode.JumpPointsPlus, query.SearchUsed, "JPS+ ran");
                    Assert.Equal(NavPathStatus.Found, b.PathStatus, "found by JPS+");
                    Assert.Close(a.Cost, b.Cost, 1e-9, "JPS+ finds the cost of cells, round " + round);
                    Assert.True(b.Expanded < a.Expanded, "JPS+ expands fewer nodes");
                    grid.SetBlocked(6 + round * 15, 12, true);
                    grid.SetBlocked(7 + round * 15, 13, true);
                }
                grid.SetBlocked(47, 39, true);
                NavGridPathResult blocked = query.FindPath(grid, C(0, 0), C(47, 39), buffer, plus);
                Assert.Equal(NavPathStatus.GoalBlocked, blocked.PathStatus, "blocked goal");
                Assert.Equal(NavSearchMode.None, query.SearchUsed, "nothing searched");

                Assert.Fails(NavStatus.InvalidRules, "nav_grid_rules_create_with_search",
                    () => new NavGridRules(new NavGridRulesDesc { Moves = NavMoves.Four, Heuristic = NavHeuristic.Manhattan }, null,
                        NavSearchMode.JumpPointsPlus), "JPS+ with 4 moves");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_rules_create_with_search",
                    () => new NavGridRules(default(NavGridRulesDesc), null, (NavSearchMode)9), "unknown mode");
                Assert.Fails(NavStatus.InvalidArgument, "nav_grid_prepare", () => grid.Prepare(plus, 300), "agent size 300");
            }
        }
    }
}
