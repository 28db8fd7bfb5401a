using System;
using System.Text;

namespace Nav
{
    /// <summary>The loaded native library: its version and the message of the latest failure.</summary>
    public static class NavLibrary
    {
        /// <summary>The version these bindings were written for (the header's
        /// <c>NAV_VERSION_*</c> macros).</summary>
        public static NavVersion BindingsVersion
        {
            get
            {
                NavVersion v;
                v.Major = NativeMethods.VersionMajor;
                v.Minor = NativeMethods.VersionMinor;
                v.Patch = NativeMethods.VersionPatch;
                return v;
            }
        }

        /// <summary>The version of the loaded native library (<c>nav_version</c>).</summary>
        /// <exception cref="DllNotFoundException">The native library is not where the runtime
        /// looks for it (see the package README).</exception>
        public static unsafe NavVersion NativeVersion
        {
            get
            {
                NavVersion version;
                Check(NativeMethods.nav_version(&version));
                return version;
            }
        }

        /// <summary>Throws when the loaded library's ABI may differ from these bindings' (another
        /// major version, or another minor version while the major version is 0).</summary>
        /// <exception cref="NavException">With <see cref="NavStatus.Unsupported"/>: the versions
        /// differ.</exception>
        public static void EnsureCompatible()
        {
            NavVersion native = NativeVersion;
            // While the major version is 0, every minor version may change the ABI.
            bool compatible = native.Major == NativeMethods.VersionMajor
                && (native.Major == 0 ? native.Minor == NativeMethods.VersionMinor
                                      : native.Minor >= NativeMethods.VersionMinor);
            if (!compatible)
            {
                throw new NavException(NavStatus.Unsupported, "the native library is nav " + native
                    + " but these C# bindings were written for nav " + BindingsVersion);
            }
        }

        /// <summary>How long this thread's nav calls wait for a grid or world that another
        /// thread holds or waits for, in milliseconds (<c>nav_set_wait_timeout</c>); 0, the
        /// default, is no wait (a busy handle is <see cref="NavStatus.Busy"/> at once). A waiting
        /// edit keeps new queries from starting, so it lands under a continuous query load.</summary>
        /// <exception cref="NavException">With <see cref="NavStatus.InvalidArgument"/>: above
        /// <see cref="NativeMethods.MaxWaitTimeoutMilliseconds"/>.</exception>
        public static unsafe uint WaitTimeoutMilliseconds
        {
            get
            {
                uint ms;
                Check(NativeMethods.nav_wait_timeout(&ms));
                return ms;
            }
            set { Check(NativeMethods.nav_set_wait_timeout(value)); }
        }

        /// <summary>The number of live native handles of the process (<c>nav_live_handles</c>):
        /// what was created and not yet freed, for leak checks.</summary>
        public static unsafe ulong LiveHandles
        {
            get
            {
                ulong count;
                Check(NativeMethods.nav_live_handles(&count));
                return count;
            }
        }

        /// <summary>The message of the latest failed nav call on this thread (<c>nav_last_error</c>);
        /// empty when none has failed. Read it right after the failure: successful calls leave
        /// it as it was.</summary>
        public static unsafe string LastErrorMessage()
        {
            uint size = 0;
            NativeMethods.nav_last_error(null, 0, &size);
            if (size <= 1)
            {
                return string.Empty;
            }
            byte[] buffer = new byte[size];
            fixed (byte* p = buffer)
            {
                NativeMethods.nav_last_error(p, size, &size);
            }
            int length = Array.IndexOf(buffer, (byte)0);
            return Encoding.UTF8.GetString(buffer, 0, length < 0 ? buffer.Length : length);
        }

        /// <summary>Throws a <see cref="NavException"/> for any status but <see cref="NavStatus.Ok"/>,
        /// with the library's message.</summary>
        public static void Check(NavStatus status)
        {
            Check(status, 0);
        }

        /// <summary><see cref="Check(NavStatus)"/> for calls that report a count: the exception
        /// carries <paramref name="requiredCount"/> (the count a
        /// <see cref="NavStatus.BufferTooSmall"/> call needed).</summary>
        internal static void Check(NavStatus status, long requiredCount)
        {
            if (status != NavStatus.Ok)
            {
                throw Failure(status, requiredCount);
            }
        }

        /// <summary>The exception for a failed call (read the message right after the call).</summary>
        internal static NavException Failure(NavStatus status, long requiredCount)
        {
            return new NavException(status, LastErrorMessage(), requiredCount);
        }
    }
}
