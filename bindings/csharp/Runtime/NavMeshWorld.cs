using System;

namespace Nav
{
    /// <summary>A polygon world (<c>NavMeshWorld</c>): a walkable area (a box or a simple polygon)
    /// minus obstacles (simple polygons of either orientation, convex or not, boxes and circles,
    /// which may overlap and touch), for exact shortest paths of disc agents of any radius chosen
    /// per query: straight segments and arcs of the agent's radius around obstacle corners. One
    /// world serves every radius. Obstacles are named by ids (never 0; a removed id never names a
    /// later obstacle).</summary>
    /// <remarks>Queries only read a world and may run on many threads at once, each with its own
    /// <see cref="NavQuery"/>; changes need it to themselves (<see cref="NavStatus.Busy"/>
    /// otherwise). Circles are handled exactly (paths bend around them along arcs of radius
    /// R + r).</remarks>
    public sealed class NavMeshWorld : IDisposable
    {
        private readonly NavMeshWorldHandle handle;

        /// <summary>An empty world whose walkable area is the box <paramref name="bounds"/>
        /// (finite corners, min below max).</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidArgument"/> for NaN,
        /// infinite, absurd or empty bounds.</exception>
        public unsafe NavMeshWorld(NavAabb bounds)
        {
            IntPtr world;
            NavLibrary.Check(NativeMethods.nav_mesh_world_create(&bounds, &world));
            handle = new NavMeshWorldHandle(world);
        }

        private NavMeshWorld(IntPtr world)
        {
            handle = new NavMeshWorldHandle(world);
        }

        /// <summary>An empty world whose walkable area is the simple polygon
        /// <paramref name="points"/> (either orientation, convex or not, 3 to 65536 points).</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidSize"/> for fewer than 3 or
        /// too many points; <see cref="NavStatus.InvalidArgument"/> for NaN or infinite points, a
        /// polygon that crosses itself or has no area.</exception>
        public static unsafe NavMeshWorld FromPolygon(NavVec2[] points)
        {
            Checked.NotNull(points, "points");
            IntPtr world;
            fixed (NavVec2* p = points)
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_create_polygon(p, Checked.Length(points), &world));
            }
            return new NavMeshWorld(world);
        }

        /// <summary>An independent copy (same obstacle ids).</summary>
        public unsafe NavMeshWorld Clone()
        {
            IntPtr copy;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_clone(lease.Pointer, &copy));
            }
            return new NavMeshWorld(copy);
        }

        /// <summary>The owned C handle, for calls through <see cref="NativeMethods"/>.</summary>
        public NavMeshWorldHandle Handle
        {
            get { return handle; }
        }

        /// <summary>Whether <see cref="Dispose"/> was called.</summary>
        public bool IsDisposed
        {
            get { return handle.IsClosed; }
        }

        /// <summary>Number of obstacles.</summary>
        public unsafe long Count
        {
            get
            {
                ulong count;
                using (HandleLease lease = Lease())
                {
                    NavLibrary.Check(NativeMethods.nav_mesh_world_count(lease.Pointer, &count));
                }
                return (long)count;
            }
        }

        /// <summary>Adds a simple polygon (either orientation, convex or not, 3 to 65536 finite
        /// points, non-zero area, not entirely outside the bounds) and returns its id.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidSize"/> for a bad point
        /// count, <see cref="NavStatus.InvalidArgument"/> for a shape nav refuses (the world is
        /// unchanged).</exception>
        public unsafe ulong InsertPolygon(NavVec2[] points)
        {
            Checked.NotNull(points, "points");
            ulong id;
            using (HandleLease lease = Lease())
            {
                fixed (NavVec2* p = points)
                {
                    NavLibrary.Check(NativeMethods.nav_mesh_world_insert_polygon(lease.Pointer, p, Checked.Length(points), &id));
                }
            }
            return id;
        }

        /// <summary>Adds a box (finite corners, min below max) and returns its id.</summary>
        public unsafe ulong InsertBox(NavAabb box)
        {
            ulong id;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_insert_box(lease.Pointer, box, &id));
            }
            return id;
        }

        /// <summary>Adds a circle (finite centre, radius finite and above 0) and returns its id.</summary>
        public unsafe ulong InsertCircle(NavVec2 center, float radius)
        {
            ulong id;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_insert_circle(lease.Pointer, center, radius, &id));
            }
            return id;
        }

        /// <summary>Replaces (moves, reshapes) obstacle <paramref name="obstacle"/> by a polygon;
        /// the id stays.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.UnknownObject"/> for an id that
        /// names nothing here; as <see cref="InsertPolygon"/> for the shape.</exception>
        public unsafe void SetPolygon(ulong obstacle, NavVec2[] points)
        {
            Checked.NotNull(points, "points");
            using (HandleLease lease = Lease())
            {
                fixed (NavVec2* p = points)
                {
                    NavLibrary.Check(NativeMethods.nav_mesh_world_set_polygon(lease.Pointer, obstacle, p, Checked.Length(points)));
                }
            }
        }

        /// <summary>Replaces obstacle <paramref name="obstacle"/> by a box.</summary>
        public void SetBox(ulong obstacle, NavAabb box)
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_set_box(lease.Pointer, obstacle, box));
            }
        }

        /// <summary>Replaces obstacle <paramref name="obstacle"/> by a circle.</summary>
        public void SetCircle(ulong obstacle, NavVec2 center, float radius)
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_set_circle(lease.Pointer, obstacle, center, radius));
            }
        }

        /// <summary>Removes obstacle <paramref name="obstacle"/>.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.UnknownObject"/> for an id that
        /// names nothing here.</exception>
        public void Remove(ulong obstacle)
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_remove(lease.Pointer, obstacle));
            }
        }

        /// <summary>Removes every obstacle (the bounds stay).</summary>
        public void Clear()
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_clear(lease.Pointer));
            }
        }

        /// <summary>Whether a disc of <paramref name="radius"/> (finite, at least 0) centred at
        /// <paramref name="point"/> fits: inside the bounds, overlapping no obstacle.</summary>
        public unsafe bool Fits(NavVec2 point, float radius)
        {
            uint fits;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_fits(lease.Pointer, point, radius, &fits));
            }
            return fits == 1;
        }

        /// <summary>The point nearest to <paramref name="point"/> where a disc of
        /// <paramref name="radius"/> fits, in <paramref name="nearest"/>; false (and
        /// <paramref name="point"/> in <paramref name="nearest"/>) when it fits nowhere.</summary>
        public unsafe bool TryNearestFit(NavVec2 point, float radius, out NavVec2 nearest)
        {
            NavVec2 found = point;
            uint ok;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_nearest_fit(lease.Pointer, point, radius, &found, &ok));
            }
            nearest = found;
            return ok == 1;
        }

        /// <summary>Moves a disc of <paramref name="radius"/> from <paramref name="from"/> along
        /// <paramref name="direction"/> (finite, not zero) for at most
        /// <paramref name="maxDistance"/> (at least 0; +infinity allowed): true with the distance
        /// to the first contact in <paramref name="distance"/>, or false with
        /// <paramref name="maxDistance"/> when the whole move is clear.</summary>
        public unsafe bool Raycast(NavVec2 from, NavVec2 direction, float maxDistance, float radius, out float distance)
        {
            float d;
            uint hit;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_raycast(lease.Pointer, from, direction, maxDistance, radius, &d, &hit));
            }
            distance = d;
            return hit == 1;
        }

        /// <summary>Whether a disc of <paramref name="radius"/> can travel from
        /// <paramref name="a"/> to <paramref name="b"/>.</summary>
        public unsafe bool Connected(NavVec2 a, NavVec2 b, float radius)
        {
            uint connected;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_mesh_world_connected(lease.Pointer, a, b, radius, &connected));
            }
            return connected == 1;
        }

        /// <summary>Frees the world. Calling it again does nothing.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        internal HandleLease Lease()
        {
            return new HandleLease(handle, "NavMeshWorld");
        }
    }

    /// <summary>Owns a <c>NavMeshWorld*</c>; releasing calls <c>nav_mesh_world_free</c>.</summary>
    public sealed class NavMeshWorldHandle : NavSafeHandle
    {
        /// <summary>Takes ownership of <paramref name="world"/>, a handle nav created.</summary>
        public NavMeshWorldHandle(IntPtr world) : base(world) { }

        /// <summary>Frees the mesh world.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.nav_mesh_world_free(handle) == NavStatus.Ok;
        }
    }
}
