// The structs of nav.h for polygon worlds (NavMeshWorld), field for field; see NavWorldTypes.cs
// for the shared NavVec2, NavAabb and NavPathPiece.
using System.Runtime.InteropServices;

namespace Nav
{
    /// <summary>Per-query options of <see cref="NavMeshWorld"/> searches
    /// (<c>NavMeshQueryOptions</c>). All zeros: no limits, no partial path.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavMeshQueryOptions
    {
        /// <summary>Stop after expanding this many nodes; 0 = no limit.</summary>
        public ulong MaxExpanded;
        /// <summary>Ignore paths longer than this; 0 or +infinity = no bound.</summary>
        public double MaxLength;
        /// <summary>1: when the goal is not reached, return the path to the point explored
        /// closest to it.</summary>
        public uint PartialPath;
        /// <summary>Must be 0.</summary>
        public uint Reserved;
    }

    /// <summary>The outcome of one <see cref="NavMeshWorld"/> search (<c>NavMeshPathResult</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavMeshPathResult
    {
        /// <summary>Exact length of the path (0 when there is none).</summary>
        public double Length;
        /// <summary>Number of nodes expanded.</summary>
        public ulong Expanded;
        /// <summary>How the search ended.</summary>
        public NavPathStatus PathStatus;
        /// <summary>Pieces in the path: written, or needed with
        /// <see cref="NavStatus.BufferTooSmall"/>.</summary>
        public uint PieceCount;
        /// <summary>1 when the pieces are a partial path (to the reachable point closest to the
        /// goal), 0 otherwise.</summary>
        public uint Partial;
        /// <summary>Always 0.</summary>
        public uint Reserved;

        /// <summary>Whether a path to the goal was found.</summary>
        public bool Found
        {
            get { return PathStatus == NavPathStatus.Found; }
        }
    }
}
