using System;

namespace Nav
{
    /// <summary>Which navigator's time-sliced query of a <see cref="NavQuery"/>
    /// (<c>NavSliceNavigator</c>, for <see cref="NavQuery.SliceState"/>).</summary>
    public enum NavSliceNavigator : uint
    {
        /// <summary>Tile grids.</summary>
        Grid = 0,
        /// <summary>Agents of any radius in a <see cref="NavWorld"/>.</summary>
        World = 1,
        /// <summary>Circles (<see cref="NavCircleWorld"/>).</summary>
        CircleWorld = 2,
        /// <summary>Polygons (<see cref="NavMeshWorld"/>).</summary>
        MeshWorld = 3,
    }

    public sealed partial class NavQuery
    {
        /// <summary>The state of this context's sliced query of <paramref name="navigator"/>, read
        /// without stepping it: idle, running (expansions so far) or finished (the outcome the
        /// finishing step wrote). The world is not read: an edit is seen by the next step.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidArgument"/> for an unknown
        /// navigator.</exception>
        public unsafe NavSliceState SliceState(NavSliceNavigator navigator)
        {
            NavSliceState state = default(NavSliceState);
            NavStatus status;
            using (HandleLease q = Lease())
            {
                status = NativeMethods.nav_query_slice_state(q.Pointer, (uint)navigator, &state);
            }
            NavLibrary.Check(status, 0);
            return state;
        }

        /// <summary>Finds the path for <paramref name="agent"/> from <paramref name="start"/> to
        /// the nearest of <paramref name="goals"/> (the cheapest lattice path) in one search, into
        /// <paramref name="path"/> (growing its buffer when needed, without searching again);
        /// <paramref name="goalIndex"/> is the index of the goal reached (-1 when none). Goals
        /// outside the bounds or blocked are ignored; none usable (or none given) is
        /// <see cref="NavPathStatus.GoalBlocked"/>.</summary>
        /// <exception cref="NavException">For NaN or infinite points (naming <c>goals[i]</c>),
        /// invalid agents or options; the path is then empty.</exception>
        public unsafe NavWorldPathResult FindNearest(NavWorld world, NavAgentDesc agent, NavVec2 start, NavVec2[] goals,
            NavWorldPath path, out int goalIndex, NavWorldQueryOptions options = default(NavWorldQueryOptions))
        {
            Checked.NotNull(world, "world");
            Checked.NotNull(goals, "goals");
            Checked.NotNull(path, "path");
            path.Clear();
            goalIndex = -1;
            NavVec2[] points = path.PointBuffer;
            uint capacity = Checked.Length(points);
            NavWorldPathResult result = default(NavWorldPathResult);
            uint index = uint.MaxValue;
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                fixed (NavVec2* g = goals)
                fixed (NavVec2* p = points)
                {
                    status = NativeMethods.nav_world_find_nearest(w.Pointer, q.Pointer, &agent, &options, start,
                        goals.Length == 0 ? null : g, Checked.Length(goals), capacity == 0 ? null : p, capacity,
                        &result, &index);
                }
            }
            if (status == NavStatus.BufferTooSmall)
            {
                path.Points.EnsureCapacity((int)result.PointCount);
                CopyWorldPath(path.PointBuffer);
                status = NavStatus.Ok;
            }
            NavLibrary.Check(status);
            path.Set(result);
            goalIndex = index == uint.MaxValue ? -1 : (int)index;
            return result;
        }

        /// <summary>Finds the exact shortest path of a disc of <paramref name="agentRadius"/>
        /// from <paramref name="start"/> to the nearest of <paramref name="goals"/> among the
        /// circles of <paramref name="world"/> in one search, into <paramref name="path"/>
        /// (growing its buffer when needed); <paramref name="goalIndex"/> is the index of the goal
        /// reached (-1 when none). Its length is the shortest of one FindPath per goal.</summary>
        /// <exception cref="NavException">For NaN or infinite points (naming <c>goals[i]</c>), a
        /// bad radius or options; the path is then empty.</exception>
        public unsafe NavCirclePathResult FindNearest(NavCircleWorld world, float agentRadius, NavVec2 start,
            NavVec2[] goals, NavCirclePath path, out int goalIndex,
            NavCircleQueryOptions options = default(NavCircleQueryOptions))
        {
            Checked.NotNull(world, "world");
            Checked.NotNull(goals, "goals");
            Checked.NotNull(path, "path");
            path.Clear();
            goalIndex = -1;
            NavPathPiece[] pieces = path.PieceBuffer;
            uint capacity = Checked.Length(pieces);
            NavCirclePathResult result = default(NavCirclePathResult);
            uint index = uint.MaxValue;
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                fixed (NavVec2* g = goals)
                fixed (NavPathPiece* p = pieces)
                {
                    status = NativeMethods.nav_circle_world_find_nearest(w.Pointer, q.Pointer, agentRadius, &options,
                        start, goals.Length == 0 ? null : g, Checked.Length(goals), capacity == 0 ? null : p, capacity,
                        &result, &index);
                }
            }
            if (status == NavStatus.BufferTooSmall)
            {
                path.Pieces.EnsureCapacity((int)result.PieceCount);
                CopyCirclePath(path.PieceBuffer);
                status = NavStatus.Ok;
            }
            NavLibrary.Check(status);
            path.Set(result);
            goalIndex = index == uint.MaxValue ? -1 : (int)index;
            return result;
        }

        /// <summary>Finds the exact shortest path of a disc of <paramref name="agentRadius"/>
        /// from <paramref name="start"/> to the nearest of <paramref name="goals"/> in the polygon
        /// world <paramref name="world"/> in one search, into <paramref name="path"/> (growing its
        /// buffer when needed); <paramref name="goalIndex"/> is the index of the goal reached (-1
        /// when none). Its length is the shortest of one FindPath per goal; goals outside the
        /// bounds or where the disc does not fit are ignored.</summary>
        /// <exception cref="NavException">For NaN or infinite points (naming <c>goals[i]</c>), a
        /// bad radius or options, more than 1024 goals; the path is then empty.</exception>
        public unsafe NavMeshPathResult FindNearest(NavMeshWorld world, float agentRadius, NavVec2 start,
            NavVec2[] goals, NavMeshPath path, out int goalIndex,
            NavMeshQueryOptions options = default(NavMeshQueryOptions))
        {
            Checked.NotNull(world, "world");
            Checked.NotNull(goals, "goals");
            Checked.NotNull(path, "path");
            path.Clear();
            goalIndex = -1;
            NavPathPiece[] pieces = path.PieceBuffer;
            uint capacity = Checked.Length(pieces);
            NavMeshPathResult result = default(NavMeshPathResult);
            uint index = uint.MaxValue;
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                fixed (NavVec2* g = goals)
                fixed (NavPathPiece* p = pieces)
                {
                    status = NativeMethods.nav_mesh_world_find_nearest(w.Pointer, q.Pointer, agentRadius, &options,
                        start, goals.Length == 0 ? null : g, Checked.Length(goals), capacity == 0 ? null : p, capacity,
                        &result, &index);
                }
            }
            if (status == NavStatus.BufferTooSmall)
            {
                path.Pieces.EnsureCapacity((int)result.PieceCount);
                CopyMeshPath(path.PieceBuffer);
                status = NavStatus.Ok;
            }
            NavLibrary.Check(status);
            path.Set(result);
            goalIndex = index == uint.MaxValue ? -1 : (int)index;
            return result;
        }
    }
}
