using System;

namespace Nav
{
    /// <summary>A world of circular obstacles (<c>NavCircleWorld</c>) for exact shortest paths of
    /// disc agents of any radius: straight segments and arcs around the circles inflated by the
    /// agent's radius. Circles are named by ids (never 0; a removed id never names a later
    /// circle).</summary>
    /// <remarks>Queries only read a world and may run on many threads at once, each with its own
    /// <see cref="NavQuery"/>; changes need it to themselves (<see cref="NavStatus.Busy"/>
    /// otherwise).</remarks>
    public sealed class NavCircleWorld : IDisposable
    {
        private readonly NavCircleWorldHandle handle;

        /// <summary>An empty world inside <paramref name="bounds"/> (finite corners, min below max),
        /// which confine the agents' discs: paths stay inside, and a start or goal whose disc leaves
        /// them is <see cref="NavPathStatus.OutOfBounds"/>. Circles may also lie outside.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidArgument"/> for NaN,
        /// infinite or empty bounds.</exception>
        public unsafe NavCircleWorld(NavAabb bounds)
        {
            IntPtr world;
            NavLibrary.Check(NativeMethods.nav_circle_world_create(&bounds, &world));
            handle = new NavCircleWorldHandle(world);
        }

        private NavCircleWorld(IntPtr world)
        {
            handle = new NavCircleWorldHandle(world);
        }

        /// <summary>An independent copy.</summary>
        public unsafe NavCircleWorld Clone()
        {
            IntPtr copy;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_circle_world_clone(lease.Pointer, &copy));
            }
            return new NavCircleWorld(copy);
        }

        /// <summary>The owned C handle, for calls through <see cref="NativeMethods"/>.</summary>
        public NavCircleWorldHandle Handle
        {
            get { return handle; }
        }

        /// <summary>Whether <see cref="Dispose"/> was called.</summary>
        public bool IsDisposed
        {
            get { return handle.IsClosed; }
        }

        /// <summary>Number of circles.</summary>
        public unsafe long Count
        {
            get
            {
                ulong count;
                using (HandleLease lease = Lease())
                {
                    NavLibrary.Check(NativeMethods.nav_circle_world_count(lease.Pointer, &count));
                }
                return (long)count;
            }
        }

        /// <summary>Adds a circle (centre finite, radius finite and at least 0; circles may
        /// overlap) and returns its id.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidArgument"/> for NaN,
        /// infinite or negative numbers.</exception>
        public unsafe ulong Insert(NavVec2 center, float radius)
        {
            ulong id;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_circle_world_insert(lease.Pointer, center, radius, &id));
            }
            return id;
        }

        /// <summary>Moves or resizes the circle <paramref name="circle"/>.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.UnknownObject"/> for an id that
        /// names nothing here.</exception>
        public void Set(ulong circle, NavVec2 center, float radius)
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_circle_world_set(lease.Pointer, circle, center, radius));
            }
        }

        /// <summary>Removes the circle <paramref name="circle"/>.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.UnknownObject"/> for an id that
        /// names nothing here.</exception>
        public void Remove(ulong circle)
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_circle_world_remove(lease.Pointer, circle));
            }
        }

        /// <summary>Removes every circle.</summary>
        public void Clear()
        {
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_circle_world_clear(lease.Pointer));
            }
        }

        /// <summary>Frees the world. Calling it again does nothing.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        internal HandleLease Lease()
        {
            return new HandleLease(handle, "NavCircleWorld");
        }
    }
}
