// The structs of nav.h for continuous worlds (NavWorld, NavCircleWorld), field for field; see
// NavGridTypes.cs for the conventions. Points are 2-D: a Unity scene's ground plane is XZ, so
// Vector3 (x, y, z) maps to NavVec2 (x, z) (see NavUnity.cs).

using System;
using System.Runtime.InteropServices;

namespace Nav
{
    /// <summary>A point or vector of the plane (<c>NavVec2</c>). In a Unity scene, X is the
    /// world's x and Y the world's z.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavVec2 : IEquatable<NavVec2>
    {
        /// <summary>x coordinate.</summary>
        public float X;
        /// <summary>y coordinate (a Unity scene's z).</summary>
        public float Y;

        /// <summary>The point (<paramref name="x"/>, <paramref name="y"/>).</summary>
        public NavVec2(float x, float y)
        {
            X = x;
            Y = y;
        }

        /// <summary>Same coordinates.</summary>
        public bool Equals(NavVec2 other)
        {
            return X.Equals(other.X) && Y.Equals(other.Y);
        }

        /// <summary>Same coordinates.</summary>
        public override bool Equals(object obj)
        {
            return obj is NavVec2 && Equals((NavVec2)obj);
        }

        /// <summary>A hash of the coordinates.</summary>
        public override int GetHashCode()
        {
            return X.GetHashCode() * 31 + Y.GetHashCode();
        }

        /// <summary>"(x, y)".</summary>
        public override string ToString()
        {
            return "(" + X.ToString("R") + ", " + Y.ToString("R") + ")";
        }
    }

    /// <summary>An axis-aligned box (<c>NavAabb</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavAabb
    {
        /// <summary>The corner with the smallest coordinates.</summary>
        public NavVec2 Min;
        /// <summary>The corner with the largest coordinates.</summary>
        public NavVec2 Max;

        /// <summary>The box from (<paramref name="minX"/>, <paramref name="minY"/>) to
        /// (<paramref name="maxX"/>, <paramref name="maxY"/>).</summary>
        public NavAabb(float minX, float minY, float maxX, float maxY)
        {
            Min = new NavVec2(minX, minY);
            Max = new NavVec2(maxX, maxY);
        }

        /// <summary>The box between two corners.</summary>
        public NavAabb(NavVec2 min, NavVec2 max)
        {
            Min = min;
            Max = max;
        }

        /// <summary>"[min, max]".</summary>
        public override string ToString()
        {
            return "[" + Min + ", " + Max + "]";
        }
    }

    /// <summary>A world's bounds and counts (<c>NavWorldInfo</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavWorldInfo
    {
        /// <summary>The bounds: agents' discs stay inside them.</summary>
        public NavAabb Bounds;
        /// <summary>Number of obstacles.</summary>
        public ulong ObstacleCount;
        /// <summary>Bumped by every change (insert, move, remove, clear).</summary>
        public ulong Version;
    }

    /// <summary>An agent of a <see cref="NavWorld"/> (<c>NavAgentDesc</c>): a disc that walks a
    /// lattice of the given step. <c>default</c> is not a valid agent: set
    /// <see cref="Radius"/> and <see cref="Step"/>.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavAgentDesc
    {
        /// <summary>Radius of the agent's disc, finite and >= 0 (0: a point agent).</summary>
        public float Radius;
        /// <summary>Lattice step, finite and greater than 0 (smaller: finer paths through
        /// narrower gaps, slower).</summary>
        public float Step;
        /// <summary>The search's estimate.</summary>
        public NavAgentHeuristic Heuristic;
        /// <summary>Must be 0.</summary>
        public uint Reserved;
        /// <summary>The agent's own obstacle (an id from <see cref="NavWorld.InsertBox"/> or
        /// <see cref="NavWorld.InsertCircle"/>), which its queries ignore; 0 for none.</summary>
        public ulong OwnObstacle;

        /// <summary>An agent of <paramref name="radius"/> on a lattice of <paramref name="step"/>.</summary>
        public NavAgentDesc(float radius, float step)
        {
            Radius = radius;
            Step = step;
            Heuristic = NavAgentHeuristic.Octile;
            Reserved = 0;
            OwnObstacle = 0;
        }
    }

    /// <summary>Per-query options of <see cref="NavWorld"/> searches (<c>NavWorldQueryOptions</c>).
    /// All zeros: a bound of 2^20 expanded nodes, no length bound, no partial path, the smoothed
    /// path.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavWorldQueryOptions
    {
        /// <summary>Stop after expanding this many lattice nodes; 0 = the default (2^20).</summary>
        public ulong MaxExpanded;
        /// <summary>Ignore paths longer than this; 0 or +infinity = no bound.</summary>
        public double MaxLength;
        /// <summary>1: when the goal is not reached, return the path to the node closest to it.</summary>
        public uint PartialPath;
        /// <summary>1: the raw lattice path instead of the smoothed (string-pulled) one.</summary>
        public uint RawPath;
    }

    /// <summary>The outcome of one <see cref="NavWorld"/> search (<c>NavWorldPathResult</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavWorldPathResult
    {
        /// <summary>Length of the written path (smoothed or raw, as asked).</summary>
        public double Length;
        /// <summary>Number of lattice nodes expanded.</summary>
        public ulong Expanded;
        /// <summary>How the search ended (<see cref="NavPathStatus.OutOfBounds"/> included).</summary>
        public NavPathStatus PathStatus;
        /// <summary>Points in the path: written, or needed with
        /// <see cref="NavStatus.BufferTooSmall"/>.</summary>
        public uint PointCount;

        /// <summary>Whether a path to the goal was found.</summary>
        public bool Found
        {
            get { return PathStatus == NavPathStatus.Found; }
        }
    }

    /// <summary>Per-query options of <see cref="NavCircleWorld"/> searches
    /// (<c>NavCircleQueryOptions</c>). All zeros: no limits, no partial path.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavCircleQueryOptions
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

    /// <summary>One piece of an exact path (<c>NavPathPiece</c>) of a <see cref="NavCircleWorld"/>
    /// or a <see cref="NavMeshWorld"/>: a straight segment or an arc.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavPathPiece
    {
        /// <summary>Line or arc.</summary>
        public NavPieceKind Kind;
        /// <summary>Which way an arc turns (<see cref="NavTurn.None"/> for lines).</summary>
        public NavTurn Turn;
        /// <summary>Where the piece starts.</summary>
        public NavVec2 Start;
        /// <summary>Where it ends.</summary>
        public NavVec2 End;
        /// <summary>Arcs: the centre of the circle (0, 0 for lines).</summary>
        public NavVec2 Center;
        /// <summary>Arcs: the radius of the arc (0 for lines): an inflated circle's, or the agent
        /// radius around an obstacle corner of a mesh world.</summary>
        public float Radius;
        /// <summary>Arcs: the angle of <see cref="Start"/> around <see cref="Center"/>, in radians.</summary>
        public float StartAngle;
        /// <summary>Arcs: the angle swept, in radians, at least 0, in the direction of
        /// <see cref="Turn"/>.</summary>
        public float Sweep;
        /// <summary>Length of the piece.</summary>
        public float Length;

        /// <summary>The point at <paramref name="distance"/> (0 to <see cref="Length"/>) along
        /// the piece, for moving an agent along it.</summary>
        public NavVec2 PointAt(float distance)
        {
            float t = Length > 0f ? Math.Max(0f, Math.Min(1f, distance / Length)) : 0f;
            if (Kind != NavPieceKind.Arc)
            {
                return new NavVec2(Start.X + (End.X - Start.X) * t, Start.Y + (End.Y - Start.Y) * t);
            }
            double angle = StartAngle + (Turn == NavTurn.Cw ? -1.0 : 1.0) * Sweep * t;
            return new NavVec2((float)(Center.X + Radius * Math.Cos(angle)), (float)(Center.Y + Radius * Math.Sin(angle)));
        }
    }

    /// <summary>The outcome of one <see cref="NavCircleWorld"/> search (<c>NavCirclePathResult</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct NavCirclePathResult
    {
        /// <summary>Exact length of the path.</summary>
        public double Length;
        /// <summary>Number of nodes expanded.</summary>
        public ulong Expanded;
        /// <summary>With <see cref="NavPathStatus.StartBlocked"/> or
        /// <see cref="NavPathStatus.GoalBlocked"/>: the circle whose inflated disc holds that
        /// point; 0 otherwise.</summary>
        public ulong BlockingCircle;
        /// <summary>How the search ended.</summary>
        public NavPathStatus PathStatus;
        /// <summary>Pieces in the path: written, or needed with
        /// <see cref="NavStatus.BufferTooSmall"/>.</summary>
        public uint PieceCount;

        /// <summary>Whether a path to the goal was found.</summary>
        public bool Found
        {
            get { return PathStatus == NavPathStatus.Found; }
        }
    }
}
