using System;

namespace Nav
{
    public sealed partial class NavQuery
    {
        // ---- NavMeshWorld -------------------------------------------------------------------

        /// <summary>Finds the exact shortest path for a disc agent of <paramref name="agentRadius"/>
        /// (finite, at least 0; 0 is a point) in <paramref name="world"/>: segments and arcs into
        /// <paramref name="pieces"/>, throwing nothing for nav's failures.</summary>
        /// <returns><see cref="NavStatus.Ok"/> when the search ran (see <paramref name="result"/>:
        /// a start or goal where the disc does not fit, or outside the bounds, is an outcome);
        /// <see cref="NavStatus.BufferTooSmall"/> with the count needed
        /// (<see cref="CopyMeshPath"/> then copies the path without searching again);
        /// <see cref="NavStatus.InvalidArgument"/> for NaN or infinite points, a bad radius or bad
        /// options.</returns>
        /// <exception cref="ArgumentNullException">world is null.</exception>
        /// <exception cref="ObjectDisposedException">world or this query was disposed.</exception>
        public unsafe NavStatus TryFindPath(NavMeshWorld world, float agentRadius, NavVec2 start, NavVec2 goal,
            NavPathPiece[] pieces, NavMeshQueryOptions options, out NavMeshPathResult result)
        {
            Checked.NotNull(world, "world");
            uint capacity = Checked.Length(pieces);
            NavMeshPathResult written = default(NavMeshPathResult);
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                fixed (NavPathPiece* p = pieces)
                {
                    status = NativeMethods.nav_mesh_world_find_path(w.Pointer, q.Pointer, agentRadius, &options, start,
                        goal, capacity == 0 ? null : p, capacity, &written);
                }
            }
            result = written;
            return status;
        }

        /// <summary>Finds the exact shortest path in a polygon world into
        /// <paramref name="pieces"/>, a buffer the caller keeps; the first <c>PieceCount</c>
        /// elements are the path.</summary>
        /// <exception cref="NavException">For invalid inputs; <see cref="NavStatus.BufferTooSmall"/>
        /// carries the count needed in <see cref="NavException.RequiredCount"/>.</exception>
        public NavMeshPathResult FindPath(NavMeshWorld world, float agentRadius, NavVec2 start, NavVec2 goal,
            NavPathPiece[] pieces, NavMeshQueryOptions options = default(NavMeshQueryOptions))
        {
            Checked.NotNull(pieces, "pieces");
            NavMeshPathResult result;
            NavStatus status = TryFindPath(world, agentRadius, start, goal, pieces, options, out result);
            NavLibrary.Check(status, status == NavStatus.BufferTooSmall ? result.PieceCount : 0);
            return result;
        }

        /// <summary>Finds the exact shortest path in a polygon world into <paramref name="path"/>,
        /// growing its buffer when needed (without searching again).</summary>
        /// <exception cref="NavException">For invalid inputs; the path is then empty.</exception>
        public NavMeshPathResult FindPath(NavMeshWorld world, float agentRadius, NavVec2 start, NavVec2 goal,
            NavMeshPath path, NavMeshQueryOptions options = default(NavMeshQueryOptions))
        {
            Checked.NotNull(path, "path");
            path.Clear();
            NavMeshPathResult result;
            NavStatus status = TryFindPath(world, agentRadius, start, goal, path.PieceBuffer, options, out result);
            if (status == NavStatus.BufferTooSmall)
            {
                path.Pieces.EnsureCapacity((int)result.PieceCount);
                CopyMeshPath(path.PieceBuffer);
                status = NavStatus.Ok;
            }
            NavLibrary.Check(status);
            path.Set(result);
            return result;
        }

        /// <summary>Copies the pieces of the latest <see cref="NavMeshWorld"/> path of this
        /// context into <paramref name="pieces"/>; returns their number.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.BufferTooSmall"/> (with
        /// <see cref="NavException.RequiredCount"/>) when they do not fit.</exception>
        public unsafe int CopyMeshPath(NavPathPiece[] pieces)
        {
            Checked.NotNull(pieces, "pieces");
            uint count = 0;
            NavStatus status;
            using (HandleLease q = Lease())
            {
                fixed (NavPathPiece* p = pieces)
                {
                    status = NativeMethods.nav_query_mesh_path(q.Pointer, p, Checked.Length(pieces), &count);
                }
            }
            NavLibrary.Check(status, count);
            return (int)count;
        }

        /// <summary>The latest <see cref="NavMeshWorld"/> path as points (arcs replaced by chords
        /// that stay outside them, within <paramref name="maxDeviation"/>) into
        /// <paramref name="polyline"/>, growing its buffer when needed; returns the count.</summary>
        public int CopyMeshPolyline(float maxDeviation, NavPolyline polyline)
        {
            Checked.NotNull(polyline, "polyline");
            polyline.Points.Count = 0;
            uint count;
            NavStatus status = TryCopyMeshPolyline(maxDeviation, polyline.PointBuffer, out count);
            if (status == NavStatus.BufferTooSmall)
            {
                polyline.Points.EnsureCapacity((int)count);
                status = TryCopyMeshPolyline(maxDeviation, polyline.PointBuffer, out count);
            }
            NavLibrary.Check(status, count);
            polyline.Points.Count = (int)count;
            return (int)count;
        }

        /// <summary>The memory this context keeps between polygon-world queries for its
        /// successor lists, at most about this many bytes (0, the default: no limit). A query that
        /// starts with more drops them and frees their memory; paths never change, the queries
        /// after a drop are slower. Without a limit, a context that answered many queries on a
        /// large world of many small obstacles may hold hundreds of MB.</summary>
        /// <exception cref="ObjectDisposedException">This query was disposed.</exception>
        public ulong MeshCacheLimit
        {
            get { return meshCacheLimit; }
            set
            {
                using (HandleLease q = Lease())
                {
                    NavLibrary.Check(NativeMethods.nav_query_set_mesh_cache_limit(q.Pointer, value));
                }
                meshCacheLimit = value;
            }
        }

        private ulong meshCacheLimit;

        /// <summary>The memory the polygon-world successor lists hold now, in bytes (what
        /// <see cref="MeshCacheLimit"/> bounds).</summary>
        /// <exception cref="ObjectDisposedException">This query was disposed.</exception>
        public unsafe ulong MeshCacheBytes
        {
            get
            {
                ulong held = 0;
                using (HandleLease q = Lease())
                {
                    NavLibrary.Check(NativeMethods.nav_query_mesh_cache_bytes(q.Pointer, &held));
                }
                return held;
            }
        }

        // An empty array pins to NULL, which nav accepts with capacity 0 (to ask for the count).
        private unsafe NavStatus TryCopyMeshPolyline(float maxDeviation, NavVec2[] points, out uint count)
        {
            uint written = 0;
            NavStatus status;
            using (HandleLease q = Lease())
            {
                fixed (NavVec2* p = points)
                {
                    status = NativeMethods.nav_query_mesh_path_polyline(q.Pointer, maxDeviation, p, Checked.Length(points), &written);
                }
            }
            count = written;
            return status;
        }
    }
}
