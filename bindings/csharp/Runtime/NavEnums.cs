// The enums of nav.h. Their numbers are part of the C ABI and never change meaning; the test
// program checks every member against the header.

namespace Nav
{
    /// <summary>What a call into nav did (<c>NavStatus</c> of nav.h). <see cref="Ok"/> is 0;
    /// every other value is a failure, explained in words by the library's last error
    /// (<see cref="NavLibrary.LastErrorMessage"/>), which <see cref="NavException"/> carries.</summary>
    public enum NavStatus : uint
    {
        /// <summary>The call did what it was asked. A query that ran but found no path also
        /// returns this: the outcome is in its result.</summary>
        Ok = 0,
        /// <summary>A pointer argument that must not be NULL was NULL.</summary>
        NullPointer = 1,
        /// <summary>A handle is not a live handle of the expected kind (freed, of another kind,
        /// or never created by nav).</summary>
        InvalidHandle = 2,
        /// <summary>A number outside its domain: NaN, infinity, a negative cost, an unknown enum
        /// value, a flag other than 0 and 1, a misaligned pointer, text that is not UTF-8.</summary>
        InvalidArgument = 3,
        /// <summary>A cell or point outside the grid or world.</summary>
        OutOfRange = 4,
        /// <summary>A size that is zero or too large, or a buffer length that does not match the
        /// size it describes.</summary>
        InvalidSize = 5,
        /// <summary>A caller buffer is too small: nothing was written to it, and the count
        /// returned says how many elements are needed.</summary>
        BufferTooSmall = 6,
        /// <summary>Movement rules that cannot be searched (an overestimating heuristic, an
        /// invalid custom move set).</summary>
        InvalidRules = 7,
        /// <summary>Text that is not in the expected format.</summary>
        ParseError = 8,
        /// <summary>A file could not be read.</summary>
        IoError = 9,
        /// <summary>The handle is in use by a call on another thread; nothing was done.</summary>
        Busy = 10,
        /// <summary>An internal error was caught at the boundary; the library stays usable.</summary>
        Panic = 11,
        /// <summary>A valid request that this version of nav does not implement yet.</summary>
        Unsupported = 12,
        /// <summary>An object id (an obstacle of a <see cref="NavWorld"/>, a circle of a
        /// <see cref="NavCircleWorld"/>) that names nothing in that world: removed already, or
        /// issued by another world.</summary>
        UnknownObject = 13,
        /// <summary>A time-sliced query was stepped with a world (or grid rules) edited since it
        /// began, or with another world: the sliced query was cancelled; begin it again.</summary>
        WorldChanged = 14,
    }

    /// <summary>Which offsets a unit may step by (<c>NavMoves</c>).</summary>
    public enum NavMoves : uint
    {
        /// <summary>The four orthogonal and the four diagonal neighbours (the default).</summary>
        Eight = 0,
        /// <summary>The four orthogonal neighbours.</summary>
        Four = 1,
        /// <summary>The offsets given to <see cref="NavGridRules"/> constructor taking moves.</summary>
        Custom = 2,
    }

    /// <summary>When a unit may step diagonally (<c>NavDiagonalRule</c>).</summary>
    public enum NavDiagonalRule : uint
    {
        /// <summary>Only between two walkable orthogonal neighbours (the Moving AI rule, the
        /// default).</summary>
        NoCornerCutting = 0,
        /// <summary>Never: 8 moves behave like 4.</summary>
        Never = 1,
        /// <summary>Whenever the target is walkable, even between two diagonally touching blocked
        /// cells.</summary>
        Free = 2,
    }

    /// <summary>The estimate that guides the search (<c>NavHeuristic</c>).</summary>
    public enum NavHeuristic : uint
    {
        /// <summary>Diagonal steps for the shorter distance, straight ones for the rest (the
        /// default).</summary>
        Octile = 0,
        /// <summary>Sum of the column and row distances.</summary>
        Manhattan = 1,
        /// <summary>The larger of the two distances.</summary>
        Chebyshev = 2,
        /// <summary>Straight-line distance.</summary>
        Euclidean = 3,
        /// <summary>No estimate: Dijkstra's algorithm.</summary>
        Zero = 4,
    }

    /// <summary>How a grid search ended (<c>NavPathStatus</c>).</summary>
    public enum NavPathStatus : uint
    {
        /// <summary>A path to the goal was found.</summary>
        Found = 0,
        /// <summary>The goal cannot be reached from the start.</summary>
        NoPath = 1,
        /// <summary>A limit of <see cref="NavGridQueryOptions"/> stopped the search first.</summary>
        LimitReached = 2,
        /// <summary>The start cell is not walkable; nothing was searched.</summary>
        StartBlocked = 3,
        /// <summary>The goal is not walkable (a partial path, when asked for, leads to the
        /// reachable cell closest to it).</summary>
        GoalBlocked = 4,
        /// <summary>The start or goal is outside the world's bounds, or too close to them for
        /// the agent's disc (<see cref="NavWorld"/> queries only); nothing was searched.</summary>
        OutOfBounds = 5,
    }

    /// <summary>The estimate of <see cref="NavWorld"/> searches (<c>NavAgentHeuristic</c>).</summary>
    public enum NavAgentHeuristic : uint
    {
        /// <summary>sqrt(2) per diagonal lattice step, 1 per straight one: the tightest (the
        /// default).</summary>
        Octile = 0,
        /// <summary>The 10/14 diagonal distance divided by 10.</summary>
        Diagonal = 1,
        /// <summary>Straight-line distance.</summary>
        Euclidean = 2,
    }

    /// <summary>What a piece of a <see cref="NavCircleWorld"/> path is (<c>NavPieceKind</c>).</summary>
    public enum NavPieceKind : uint
    {
        /// <summary>A straight segment from <c>Start</c> to <c>End</c>.</summary>
        Line = 0,
        /// <summary>An arc of the circle (<c>Center</c>, <c>Radius</c>), inflated by the agent's
        /// radius.</summary>
        Arc = 1,
    }

    /// <summary>Which way an arc turns (<c>NavTurn</c>).</summary>
    public enum NavTurn : uint
    {
        /// <summary>Not an arc.</summary>
        None = 0,
        /// <summary>Counter-clockwise: increasing angle.</summary>
        Ccw = 1,
        /// <summary>Clockwise: decreasing angle.</summary>
        Cw = 2,
    }
}
