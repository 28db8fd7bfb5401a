using System;

namespace Nav
{
    /// <summary>A continuous world of box and disc obstacles (<c>NavWorld</c>), searched for agents
    /// of any radius on a lattice (<see cref="NavAgentDesc"/>): one world serves every agent size.
    /// Obstacles are named by ids (never 0; a removed id never names a later obstacle).</summary>
    /// <remarks>Queries only read a world: any number of threads may query one at once, each with
    /// its own <see cref="NavQuery"/>. Changes (insert, move, remove, clear) need it to itself
    /// (<see cref="NavStatus.Busy"/> otherwise); to change a world while queries run, change a
    /// <see cref="Clone"/> and swap between frames.</remarks>
    public sealed class NavWorld : IDisposable
    {
        private readonly NavWorldHandle handle;

        /// <summary>An empty world over <paramref name="bounds"/> (finite, min below max on both
        /// axes). <paramref name="cellSize"/> is the cell of its spatial hash (about the size of a
        /// typical obstacle); 0 picks 1/128 of the longer side.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidArgument"/> for NaN,
        /// infinite or empty bounds, or a negative cell size.</exception>
        public unsafe NavWorld(NavAabb bounds, float cellSize = 0f)
        {
            IntPtr world;
            NavLibrary.Check(NativeMethods.nav_world_create(&bounds, cellSize, &world));
            handle = new NavWorldHandle(world);
        }

        private NavWorld(IntPtr world)
        {
            handle = new NavWorldHandle(world);
        }

        /// <summary>An independent copy.</summary>
        public unsafe NavWorld Clone()
        {
            IntPtr copy;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_world_clone(lease.Pointer, &copy));
            }
            return new NavWorld(copy);
        }

        /// <summary>The owned C handle, for calls through <see cref="NativeMethods"/>.</summary>
        public NavWorldHandle Handle
        {
            get { return handle; }
        }

        /// <summary>Whether <see cref="Dispose"/> was called.</summary>
        public bool IsDisposed
        {
            get { return handle.IsClosed; }
        }

        /// <summary>Bounds, obstacle count and change counter.</summary>
        public unsafe NavWorldInfo GetInfo()
        {
            NavWorldInfo info;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_world_info(lease.Pointer, &info));
            }
            return info;
        }

        /// <summary>Adds a box obstacle (<paramref name="dynamic"/>: it will move) and returns its id.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidArgument"/> for NaN,
        /// infinite or inverted corners.</exception>
        public unsafe ulong InsertBox(NavAabb box, bool dynamic = false)
        {
            ulong id;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_world_insert_box(lease.Pointer, box, dynamic ? 1u : 0u, &id));
            }
            return id;
        }

        /// <summary>Adds a disc obstacle (radius finite and at least 0) and returns its id.</summary>
        public unsafe ulong InsertCircle(NavVec2 center, float radius, bool dynamic = false)
        {
            ulong id;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_world_insert_circle(lease.Pointer, center, radius, dynamic ? 1u : 0u, &id));
            }
            return id;
        }

        /// <summary>Gives the dynamic obstacle <paramref name="obstacle"/> a new shape: a box.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.UnknownObject"/> for an id that
        /// names nothing here; <see cref="NavStatus.InvalidArgument"/> for a static obstacle or a
        /// bad box.</exception>
        public void MoveBox(ulong obstacle, NavAabb box)
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_world_move_box(lease.Pointer, obstacle, box));
            }
        }

        /// <summary>Gives the dynamic obstacle <paramref name="obstacle"/> a new shape: a disc.</summary>
        public void MoveCircle(ulong obstacle, NavVec2 center, float radius)
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_world_move_circle(lease.Pointer, obstacle, center, radius));
            }
        }

        /// <summary>Removes an obstacle (static or dynamic).</summary>
        /// <exception cref="NavException"><see cref="NavStatus.UnknownObject"/> for an id that
        /// names nothing here.</exception>
        public void Remove(ulong obstacle)
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_world_remove(lease.Pointer, obstacle));
            }
        }

        /// <summary>Removes every obstacle.</summary>
        public void Clear()
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_world_clear(lease.Pointer));
            }
        }

        /// <summary>Whether a disc of <paramref name="radius"/> at <paramref name="center"/> lies
        /// inside the bounds and touches no obstacle (but <paramref name="ignoreObstacle"/>, 0 for
        /// none).</summary>
        public unsafe bool IsDiscClear(NavVec2 center, float radius, ulong ignoreObstacle = 0)
        {
            uint clear;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_world_disc_is_clear(lease.Pointer, center, radius, ignoreObstacle, &clear));
            }
            return clear != 0;
        }

        /// <summary>Whether a disc of <paramref name="radius"/> can move in a straight line from
        /// <paramref name="a"/> to <paramref name="b"/> inside the bounds without touching an
        /// obstacle (but <paramref name="ignoreObstacle"/>). Every segment of a returned path
        /// passes this test.</summary>
        public unsafe bool IsSegmentClear(NavVec2 a, NavVec2 b, float radius, ulong ignoreObstacle = 0)
        {
            uint clear;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_world_segment_is_clear(lease.Pointer, a, b, radius, ignoreObstacle, &clear));
            }
            return clear != 0;
        }

        /// <summary>Frees the world. Calling it again does nothing.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        internal HandleLease Lease()
        {
            return new HandleLease(handle, "NavWorld");
        }
    }
}
