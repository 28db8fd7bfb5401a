using System;

namespace Nav
{
    /// <summary>A call into nav failed: <see cref="Status"/> says how, <see cref="NativeMessage"/>
    /// says why in words (the library's last error, naming the function, the argument and the
    /// reason). The library stays usable after any failure.</summary>
    [Serializable]
    public class NavException : Exception
    {
        /// <summary>The status the C function returned (never <see cref="NavStatus.Ok"/>).</summary>
        public NavStatus Status { get; private set; }

        /// <summary>The library's message for this failure, e.g.
        /// <c>nav_grid_find_path: start (40, 2) is outside the 40x30 grid</c>.</summary>
        public string NativeMessage { get; private set; }

        /// <summary>With <see cref="NavStatus.BufferTooSmall"/>: the number of elements needed;
        /// otherwise 0.</summary>
        public long RequiredCount { get; private set; }

        /// <summary>A failure with <paramref name="status"/> and the library's
        /// <paramref name="nativeMessage"/>.</summary>
        public NavException(NavStatus status, string nativeMessage)
            : this(status, nativeMessage, 0)
        {
        }

        /// <summary>A failure with a count of elements needed (for
        /// <see cref="NavStatus.BufferTooSmall"/>).</summary>
        public NavException(NavStatus status, string nativeMessage, long requiredCount)
            : base(status + ": " + nativeMessage)
        {
            Status = status;
            NativeMessage = nativeMessage;
            RequiredCount = requiredCount;
        }
    }
}
