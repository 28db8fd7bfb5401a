// SafeHandle subclasses owning the C handles: the runtime releases a handle exactly once (on
// Dispose, or by the finalizer when an object is forgotten), and never while a call that took a
// reference (HandleLease) is still using it.

using System;
using System.Runtime.InteropServices;

namespace Nav
{
    /// <summary>The base of nav's owned handles: NULL is invalid, and releasing calls the C free
    /// function of the handle's kind.</summary>
    public abstract class NavSafeHandle : SafeHandle
    {
        /// <summary>An owned handle with the value <paramref name="handle"/>.</summary>
        protected NavSafeHandle(IntPtr handle)
            : base(IntPtr.Zero, true)
        {
            SetHandle(handle);
        }

        /// <summary>NULL is not a handle.</summary>
        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }
    }

    /// <summary>Owns a <c>NavGrid*</c>; releasing calls <c>nav_grid_free</c>.</summary>
    public sealed class NavGridHandle : NavSafeHandle
    {
        /// <summary>Takes ownership of <paramref name="grid"/>, a handle nav created.</summary>
        public NavGridHandle(IntPtr grid) : base(grid) { }

        /// <summary>Frees the grid.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.nav_grid_free(handle) == NavStatus.Ok;
        }
    }

    /// <summary>Owns a <c>NavGridRules*</c>; releasing calls <c>nav_grid_rules_free</c>.</summary>
    public sealed class NavGridRulesHandle : NavSafeHandle
    {
        /// <summary>Takes ownership of <paramref name="rules"/>, a handle nav created.</summary>
        public NavGridRulesHandle(IntPtr rules) : base(rules) { }

        /// <summary>Frees the rules.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.nav_grid_rules_free(handle) == NavStatus.Ok;
        }
    }

    /// <summary>Owns a <c>NavWorld*</c>; releasing calls <c>nav_world_free</c>.</summary>
    public sealed class NavWorldHandle : NavSafeHandle
    {
        /// <summary>Takes ownership of <paramref name="world"/>, a handle nav created.</summary>
        public NavWorldHandle(IntPtr world) : base(world) { }

        /// <summary>Frees the world.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.nav_world_free(handle) == NavStatus.Ok;
        }
    }

    /// <summary>Owns a <c>NavCircleWorld*</c>; releasing calls <c>nav_circle_world_free</c>.</summary>
    public sealed class NavCircleWorldHandle : NavSafeHandle
    {
        /// <summary>Takes ownership of <paramref name="world"/>, a handle nav created.</summary>
        public NavCircleWorldHandle(IntPtr world) : base(world) { }

        /// <summary>Frees the circle world.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.nav_circle_world_free(handle) == NavStatus.Ok;
        }
    }

    /// <summary>Owns a <c>NavQuery*</c>; releasing calls <c>nav_query_free</c>.</summary>
    public sealed class NavQueryHandle : NavSafeHandle
    {
        /// <summary>Takes ownership of <paramref name="query"/>, a handle nav created.</summary>
        public NavQueryHandle(IntPtr query) : base(query) { }

        /// <summary>Frees the query context.</summary>
        protected override bool ReleaseHandle()
        {
            return NativeMethods.nav_query_free(handle) == NavStatus.Ok;
        }
    }

    /// <summary>A reference on a handle for the length of one call: the handle cannot be released
    /// before <see cref="Dispose"/>, even by another thread disposing its owner. A struct used
    /// with <c>using</c>, so taking it allocates nothing. A null handle gives NULL (optional
    /// arguments such as rules).</summary>
    internal struct HandleLease : IDisposable
    {
        private readonly SafeHandle owner;
        private bool added;

        /// <summary>The raw handle, valid until <see cref="Dispose"/>.</summary>
        public readonly IntPtr Pointer;

        /// <summary>Takes a reference on <paramref name="handle"/> (which may be null).</summary>
        /// <exception cref="ObjectDisposedException">The handle was disposed.</exception>
        public HandleLease(SafeHandle handle, string objectName)
        {
            owner = handle;
            added = false;
            Pointer = IntPtr.Zero;
            if (handle == null)
            {
                return;
            }
            if (handle.IsClosed)
            {
                throw new ObjectDisposedException(objectName);
            }
            handle.DangerousAddRef(ref added);
            Pointer = handle.DangerousGetHandle();
        }

        /// <summary>Gives the reference back.</summary>
        public void Dispose()
        {
            if (added)
            {
                added = false;
                owner.DangerousRelease();
            }
        }
    }
}
