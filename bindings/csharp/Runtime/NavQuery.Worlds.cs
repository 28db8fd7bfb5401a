using System;

namespace Nav
{
    public sealed partial class NavQuery
    {
        // ---- NavWorld -----------------------------------------------------------------------

        /// <summary>Finds a path for <paramref name="agent"/> (radius, lattice step, heuristic,
        /// own obstacle) from <paramref name="start"/> to <paramref name="goal"/> in
        /// <paramref name="world"/>, writing its points (start and goal included; smoothed, or the
        /// raw lattice path with <see cref="NavWorldQueryOptions.RawPath"/>) into
        /// <paramref name="points"/>, and throwing nothing for nav's failures.</summary>
        /// <returns><see cref="NavStatus.Ok"/> when the search ran (see
        /// <paramref name="result"/>: blocked or out-of-bounds endpoints are outcomes);
        /// <see cref="NavStatus.BufferTooSmall"/> with the count needed in
        /// <paramref name="result"/> (<see cref="CopyWorldPath"/> then copies the path without
        /// searching again); <see cref="NavStatus.InvalidArgument"/> for NaN or infinite points, a
        /// radius or step that is not positive; <see cref="NavStatus.InvalidSize"/> for a step so
        /// fine that the lattice would be too large.</returns>
        /// <exception cref="ArgumentNullException">world is null.</exception>
        /// <exception cref="ObjectDisposedException">world or this query was disposed.</exception>
        public unsafe NavStatus TryFindPath(NavWorld world, NavAgentDesc agent, NavVec2 start, NavVec2 goal,
            NavVec2[] points, NavWorldQueryOptions options, out NavWorldPathResult result)
        {
            Checked.NotNull(world, "world");
            uint capacity = Checked.Length(points);
            NavWorldPathResult written = default(NavWorldPathResult);
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                fixed (NavVec2* p = points)
                {
                    status = NativeMethods.nav_world_find_path(w.Pointer, q.Pointer, &agent, &options, start, goal,
                        capacity == 0 ? null : p, capacity, &written);
                }
            }
            result = written;
            return status;
        }

        /// <summary>Finds a path for <paramref name="agent"/> in <paramref name="world"/> into
        /// <paramref name="points"/>, a buffer the caller keeps (nothing allocated); the first
        /// <c>PointCount</c> elements are the path.</summary>
        /// <exception cref="NavException">As for <see cref="TryFindPath(NavWorld, NavAgentDesc, NavVec2, NavVec2, NavVec2[], NavWorldQueryOptions, out NavWorldPathResult)"/>'s
        /// statuses; <see cref="NavStatus.BufferTooSmall"/> carries the count needed in
        /// <see cref="NavException.RequiredCount"/>.</exception>
        public NavWorldPathResult FindPath(NavWorld world, NavAgentDesc agent, NavVec2 start, NavVec2 goal,
            NavVec2[] points, NavWorldQueryOptions options = default(NavWorldQueryOptions))
        {
            Checked.NotNull(points, "points");
            NavWorldPathResult result;
            NavStatus status = TryFindPath(world, agent, start, goal, points, options, out result);
            NavLibrary.Check(status, status == NavStatus.BufferTooSmall ? result.PointCount : 0);
            return result;
        }

        /// <summary>Finds a path for <paramref name="agent"/> in <paramref name="world"/> into
        /// <paramref name="path"/>, growing its buffer when needed (without searching again).</summary>
        /// <exception cref="NavException">For invalid points, agents or options; the path is
        /// then empty.</exception>
        public NavWorldPathResult FindPath(NavWorld world, NavAgentDesc agent, NavVec2 start, NavVec2 goal,
            NavWorldPath path, NavWorldQueryOptions options = default(NavWorldQueryOptions))
        {
            Checked.NotNull(path, "path");
            path.Clear();
            NavWorldPathResult result;
            NavStatus status = TryFindPath(world, agent, start, goal, path.PointBuffer, options, out result);
            if (status == NavStatus.BufferTooSmall)
            {
                path.Points.EnsureCapacity((int)result.PointCount);
                CopyWorldPath(path.PointBuffer);
                status = NavStatus.Ok;
            }
            NavLibrary.Check(status);
            path.Set(result);
            return result;
        }

        /// <summary>Copies the path of the latest <see cref="NavWorld"/> query of this context into
        /// <paramref name="points"/>; returns its length.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.BufferTooSmall"/> (with
        /// <see cref="NavException.RequiredCount"/>) when it does not fit.</exception>
        public unsafe int CopyWorldPath(NavVec2[] points)
        {
            Checked.NotNull(points, "points");
            uint count = 0;
            NavStatus status;
            using (HandleLease q = Lease())
            {
                fixed (NavVec2* p = points)
                {
                    status = NativeMethods.nav_query_world_path(q.Pointer, p, Checked.Length(points), &count);
                }
            }
            NavLibrary.Check(status, count);
            return (int)count;
        }

        // ---- NavCircleWorld -----------------------------------------------------------------

        /// <summary>Finds the exact shortest path for a disc agent of <paramref name="agentRadius"/>
        /// (finite, at least 0) among the circles of <paramref name="world"/>: segments and arcs
        /// into <paramref name="pieces"/>, throwing nothing for nav's failures.</summary>
        /// <returns><see cref="NavStatus.Ok"/> when the search ran (a start or goal inside an
        /// inflated circle is an outcome, with that circle in <c>BlockingCircle</c>);
        /// <see cref="NavStatus.BufferTooSmall"/> with the count needed;
        /// <see cref="NavStatus.InvalidArgument"/> for NaN or infinite points or a bad radius.</returns>
        public unsafe NavStatus TryFindPath(NavCircleWorld world, float agentRadius, NavVec2 start, NavVec2 goal,
            NavPathPiece[] pieces, NavCircleQueryOptions options, out NavCirclePathResult result)
        {
            Checked.NotNull(world, "world");
            uint capacity = Checked.Length(pieces);
            NavCirclePathResult written = default(NavCirclePathResult);
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                fixed (NavPathPiece* p = pieces)
                {
                    status = NativeMethods.nav_circle_world_find_path(w.Pointer, q.Pointer, agentRadius, &options, start,
                        goal, capacity == 0 ? null : p, capacity, &written);
                }
            }
            result = written;
            return status;
        }

        /// <summary>Finds the exact shortest path among circles into <paramref name="pieces"/>, a
        /// buffer the caller keeps; the first <c>PieceCount</c> elements are the path.</summary>
        /// <exception cref="NavException">For invalid inputs; <see cref="NavStatus.BufferTooSmall"/>
        /// carries the count needed.</exception>
        public NavCirclePathResult FindPath(NavCircleWorld world, float agentRadius, NavVec2 start, NavVec2 goal,
            NavPathPiece[] pieces, NavCircleQueryOptions options = default(NavCircleQueryOptions))
        {
            Checked.NotNull(pieces, "pieces");
            NavCirclePathResult result;
            NavStatus status = TryFindPath(world, agentRadius, start, goal, pieces, options, out result);
            NavLibrary.Check(status, status == NavStatus.BufferTooSmall ? result.PieceCount : 0);
            return result;
        }

        /// <summary>Finds the exact shortest path among circles into <paramref name="path"/>,
        /// growing its buffer when needed (without searching again).</summary>
        public NavCirclePathResult FindPath(NavCircleWorld world, float agentRadius, NavVec2 start, NavVec2 goal,
            NavCirclePath path, NavCircleQueryOptions options = default(NavCircleQueryOptions))
        {
            Checked.NotNull(path, "path");
            path.Clear();
            NavCirclePathResult result;
            NavStatus status = TryFindPath(world, agentRadius, start, goal, path.PieceBuffer, options, out result);
            if (status == NavStatus.BufferTooSmall)
            {
                path.Pieces.EnsureCapacity((int)result.PieceCount);
                CopyCirclePath(path.PieceBuffer);
                status = NavStatus.Ok;
            }
            NavLibrary.Check(status);
            path.Set(result);
            return result;
        }

        /// <summary>Copies the pieces of the latest <see cref="NavCircleWorld"/> path of this
        /// context into <paramref name="pieces"/>; returns their number.</summary>
        public unsafe int CopyCirclePath(NavPathPiece[] pieces)
        {
            Checked.NotNull(pieces, "pieces");
            uint count = 0;
            NavStatus status;
            using (HandleLease q = Lease())
            {
                fixed (NavPathPiece* p = pieces)
                {
                    status = NativeMethods.nav_query_circle_path(q.Pointer, p, Checked.Length(pieces), &count);
                }
            }
            NavLibrary.Check(status, count);
            return (int)count;
        }

        /// <summary>Writes the latest <see cref="NavCircleWorld"/> path as points for engines that
        /// follow straight segments: arcs cut into chords that stray at most
        /// <paramref name="maxDeviation"/> (finite, greater than 0) from the arc, start and goal
        /// included; returns the number of points (none when no path was found and none
        /// partial).</summary>
        /// <exception cref="NavException"><see cref="NavStatus.BufferTooSmall"/> (with
        /// <see cref="NavException.RequiredCount"/>); <see cref="NavStatus.InvalidArgument"/> for a
        /// bad deviation.</exception>
        public int CopyCirclePolyline(float maxDeviation, NavVec2[] points)
        {
            Checked.NotNull(points, "points");
            uint count;
            NavLibrary.Check(TryCopyCirclePolyline(maxDeviation, points, out count), count);
            return (int)count;
        }

        /// <summary>The latest <see cref="NavCircleWorld"/> path as points into
        /// <paramref name="polyline"/>, growing its buffer when needed; returns the count.</summary>
        public int CopyCirclePolyline(float maxDeviation, NavPolyline polyline)
        {
            Checked.NotNull(polyline, "polyline");
            polyline.Points.Count = 0;
            uint count;
            NavStatus status = TryCopyCirclePolyline(maxDeviation, polyline.PointBuffer, out count);
            if (status == NavStatus.BufferTooSmall)
            {
                polyline.Points.EnsureCapacity((int)count);
                status = TryCopyCirclePolyline(maxDeviation, polyline.PointBuffer, out count);
            }
            NavLibrary.Check(status, count);
            polyline.Points.Count = (int)count;
            return (int)count;
        }

        // An empty array pins to NULL, which nav accepts with capacity 0 (to ask for the count).
        private unsafe NavStatus TryCopyCirclePolyline(float maxDeviation, NavVec2[] points, out uint count)
        {
            uint written = 0;
            NavStatus status;
            using (HandleLease q = Lease())
            {
                fixed (NavVec2* p = points)
                {
                    status = NativeMethods.nav_query_circle_path_polyline(q.Pointer, maxDeviation, p, Checked.Length(points), &written);
                }
            }
            count = written;
            return status;
        }
    }
}
