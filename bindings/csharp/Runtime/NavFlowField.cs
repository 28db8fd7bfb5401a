using System;
using System.Runtime.InteropServices;

namespace Nav
{
    /// <summary>Options of a flow field build (<c>NavFlowOptions</c>). All zeros: an agent of
    /// one cell, with line of sight.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavFlowOptions
    {
        /// <summary>Side of the agent in cells: 0 or 1 for one cell, up to 255.</summary>
        public uint AgentSize;
        /// <summary>1 to skip the line-of-sight pass (<see cref="NavFlowCell.SeesGoal"/> is then
        /// 0 everywhere).</summary>
        public uint SkipLineOfSight;
    }

    /// <summary>What a build or an update did (<c>NavFlowReport</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavFlowReport
    {
        /// <summary>Cells that reach a goal.</summary>
        public ulong Reachable;
        /// <summary>Cells the search expanded.</summary>
        public ulong Expanded;
        /// <summary>Cells whose cost was computed again.</summary>
        public ulong Recomputed;
        /// <summary>Goals the agent fits at.</summary>
        public uint GoalsUsed;
        /// <summary>1 when an update rebuilt the whole field.</summary>
        public uint Rebuilt;
    }

    /// <summary>One cell of a flow field (<c>NavFlowCell</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavFlowCell
    {
        /// <summary>Cost to the cell's goal (0 where unreachable).</summary>
        public double Cost;
        /// <summary>The next move's column offset (0 at a goal and where unreachable).</summary>
        public int Dx;
        /// <summary>The next move's row offset.</summary>
        public int Dy;
        /// <summary>Index of the goal the cell flows to.</summary>
        public uint GoalIndex;
        /// <summary>1 when the cell reaches a goal.</summary>
        public uint Reachable;
        /// <summary>1 when the goal is in straight line of sight.</summary>
        public uint SeesGoal;
        /// <summary>Always 0.</summary>
        public uint Reserved;

        /// <summary>Whether the cell reaches a goal.</summary>
        public bool IsReachable
        {
            get { return Reachable != 0; }
        }

        /// <summary>Whether the unit may walk straight at its goal.</summary>
        public bool CanSeeGoal
        {
            get { return SeesGoal != 0; }
        }
    }

    /// <summary>Owns a <c>NavFlowField*</c>; releasing calls <c>nav_flow_field_free</c>.</summary>
    public sealed class NavFlowFieldHandle : NavSafeHandle
    {
        /// <summary>Takes ownership of <paramref name="field"/>, a handle nav created.</summary>
        public NavFlowFieldHandle(IntPtr field) : base(field) { }

        /// <summary>Frees the field.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.nav_flow_field_free(handle) == NavStatus.Ok;
        }
    }

    /// <summary>A flow field (<c>NavFlowField</c>): the cost to the nearest goal and the next
    /// move of every cell of a <see cref="NavGrid"/>, for one agent size under one set of rules.
    /// A hundred units sent to one point read their next move with <see cref="GetCell"/> each
    /// frame instead of running a hundred searches.</summary>
    /// <remarks>Lookups may run on many threads at once; <see cref="Build"/> and
    /// <see cref="Update"/> need the field to themselves (<see cref="NavStatus.Busy"/>
    /// otherwise). Dispose a field when done; a forgotten one is freed by the finalizer.</remarks>
    public sealed class NavFlowField : IDisposable
    {
        private readonly NavFlowFieldHandle handle;

        /// <summary>An empty field (nothing reachable).</summary>
        public unsafe NavFlowField()
        {
            IntPtr field;
            NavLibrary.Check(NativeMethods.nav_flow_field_create(&field));
            handle = new NavFlowFieldHandle(field);
        }

        /// <summary>Computes the field of <paramref name="grid"/> towards the nearest of
        /// <paramref name="goals"/> for an agent of <paramref name="agentSize"/> cells
        /// (<paramref name="rules"/> null: the Moving AI rules).</summary>
        /// <exception cref="NavException"><see cref="NavStatus.OutOfRange"/> for a goal off the
        /// grid, <see cref="NavStatus.InvalidArgument"/> for a bad agent size (the field is then
        /// empty).</exception>
        public unsafe NavFlowReport Build(NavGrid grid, NavCell[] goals, int agentSize = 1, bool lineOfSight = true,
                                          NavGridRules rules = null)
        {
            Checked.NotNull(grid, "grid");
            Checked.NotNull(goals, "goals");
            NavFlowOptions options = new NavFlowOptions
            {
                AgentSize = Checked.NonNegative(agentSize, "agentSize"),
                SkipLineOfSight = lineOfSight ? 0u : 1u,
            };
            NavFlowReport report;
            using (HandleLease lease = Lease())
            using (HandleLease g = grid.Lease())
            using (HandleLease r = NavGridRules.Lease(rules))
            {
                fixed (NavCell* p = goals)
                {
                    NavLibrary.Check(NativeMethods.nav_flow_field_build(
                        lease.Pointer, g.Pointer, r.Pointer, p, Checked.Length(goals), &options, &report));
                }
            }
            return report;
        }

        /// <summary>Repairs the field after the cells <paramref name="edited"/> of
        /// <paramref name="grid"/> changed; only the cells whose way went through them are
        /// computed again.</summary>
        public unsafe NavFlowReport Update(NavGrid grid, NavCell[] edited)
        {
            Checked.NotNull(grid, "grid");
            Checked.NotNull(edited, "edited");
            NavFlowReport report;
            using (HandleLease lease = Lease())
            using (HandleLease g = grid.Lease())
            {
                fixed (NavCell* p = edited)
                {
                    NavLibrary.Check(NativeMethods.nav_flow_field_update(
                        lease.Pointer, g.Pointer, p, Checked.Length(edited), &report));
                }
            }
            return report;
        }

        /// <summary>What the field holds for cell (x, y): cost, next move, goal, line of sight
        /// (O(1), allocates nothing).</summary>
        /// <exception cref="NavException"><see cref="NavStatus.OutOfRange"/> off the grid.</exception>
        public unsafe NavFlowCell GetCell(int x, int y)
        {
            NavCell cell = new NavCell(x, y);
            NavFlowCell result;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_flow_field_cell(lease.Pointer, cell, &result));
            }
            return result;
        }

        /// <summary>Copies every cell, row by row (<c>buffer[y * width + x]</c>), and returns the
        /// number of cells.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.BufferTooSmall"/> (with
        /// <see cref="NavException.RequiredCount"/>) when the buffer is shorter.</exception>
        public unsafe int CopyCells(NavFlowCell[] buffer)
        {
            Checked.NotNull(buffer, "buffer");
            uint count = 0;
            NavStatus status;
            using (HandleLease lease = Lease())
            {
                fixed (NavFlowCell* p = buffer)
                {
                    status = NativeMethods.nav_flow_field_copy_cells(lease.Pointer, p, Checked.Length(buffer), &count);
                }
            }
            NavLibrary.Check(status, count);
            return (int)count;
        }

        /// <summary>Follows the field from <paramref name="start"/> into
        /// <paramref name="cells"/>; returns the outcome (<see cref="NavGridPathResult.CellCount"/>
        /// cells written, or needed when the buffer is too short: then
        /// <see cref="NavStatus.BufferTooSmall"/> is thrown with the count).</summary>
        public unsafe NavGridPathResult PathFrom(NavCell start, NavCell[] cells)
        {
            Checked.NotNull(cells, "cells");
            NavGridPathResult result;
            NavStatus status;
            using (HandleLease lease = Lease())
            {
                fixed (NavCell* p = cells)
                {
                    status = NativeMethods.nav_flow_field_path(lease.Pointer, start, p, Checked.Length(cells), &result);
                }
            }
            NavLibrary.Check(status, result.CellCount);
            return result;
        }

        /// <summary>The cheapest path from <paramref name="start"/> to any of
        /// <paramref name="goals"/> in one search, into <paramref name="cells"/>;
        /// <paramref name="goalIndex"/> is the index of the goal reached (-1 when none).</summary>
        public static unsafe NavGridPathResult FindNearest(NavGrid grid, NavCell start, NavCell[] goals, NavCell[] cells,
                                                           out int goalIndex, NavGridRules rules = null)
        {
            Checked.NotNull(grid, "grid");
            Checked.NotNull(goals, "goals");
            Checked.NotNull(cells, "cells");
            NavGridPathResult result;
            uint index = uint.MaxValue;
            NavStatus status;
            using (HandleLease g = grid.Lease())
            using (HandleLease r = NavGridRules.Lease(rules))
            {
                fixed (NavCell* pg = goals)
                fixed (NavCell* pc = cells)
                {
                    status = NativeMethods.nav_grid_find_nearest(g.Pointer, r.Pointer, null, start, pg,
                        Checked.Length(goals), pc, Checked.Length(cells), &result, &index);
                }
            }
            NavLibrary.Check(status, result.CellCount);
            goalIndex = index == uint.MaxValue ? -1 : (int)index;
            return result;
        }

        /// <summary>Frees the field now (also done by the finalizer).</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        internal HandleLease Lease()
        {
            return new HandleLease(handle, "NavFlowField");
        }
    }
}
