namespace Nav
{
    /// <summary>A path of segments and arcs (<see cref="NavPathPiece"/>) and how its search ended,
    /// in a buffer that <see cref="NavQuery"/> reuses and grows: the part shared by
    /// <see cref="NavCirclePath"/> and <see cref="NavMeshPath"/>. Keep one per agent and a
    /// per-frame query allocates nothing once it is large enough.</summary>
    public abstract class NavPiecePath
    {
        internal readonly GrowableBuffer<NavPathPiece> Pieces;

        /// <summary>An empty path with room for <paramref name="capacity"/> pieces before it grows.</summary>
        protected NavPiecePath(int capacity)
        {
            Pieces = new GrowableBuffer<NavPathPiece>(capacity);
        }

        /// <summary>How the search ended.</summary>
        public NavPathStatus Status { get; private set; }

        /// <summary>Whether the path reaches the goal.</summary>
        public bool Found
        {
            get { return Status == NavPathStatus.Found; }
        }

        /// <summary>Exact length of the path.</summary>
        public double Length { get; private set; }

        /// <summary>Nodes the search expanded.</summary>
        public ulong Expanded { get; private set; }

        /// <summary>Pieces in the path (0 when there is none).</summary>
        public int Count
        {
            get { return Pieces.Count; }
        }

        /// <summary>Piece <paramref name="index"/> (0 leaves the start).</summary>
        public NavPathPiece this[int index]
        {
            get { return Pieces[index]; }
        }

        /// <summary>The buffer itself: its first <see cref="Count"/> elements are the path.</summary>
        public NavPathPiece[] PieceBuffer
        {
            get { return Pieces.Items; }
        }

        /// <summary>Empties the path (status NoPath).</summary>
        public virtual void Clear()
        {
            Pieces.Count = 0;
            Length = 0;
            Expanded = 0;
            Status = NavPathStatus.NoPath;
        }

        internal void SetOutcome(NavPathStatus status, double length, ulong expanded, uint pieceCount)
        {
            Status = status;
            Length = length;
            Expanded = expanded;
            Pieces.Count = (int)pieceCount;
        }
    }

    /// <summary>A <see cref="NavMeshWorld"/> path (segments and arcs of the agent's radius around
    /// obstacle corners) and how its search ended, in a buffer that <see cref="NavQuery"/> reuses
    /// and grows.</summary>
    public sealed class NavMeshPath : NavPiecePath
    {
        /// <summary>An empty path with room for <paramref name="capacity"/> pieces before it grows.</summary>
        public NavMeshPath(int capacity = 32) : base(capacity) { }

        /// <summary>Whether the pieces lead to the reachable point closest to the goal (a partial
        /// path) rather than to the goal.</summary>
        public bool Partial { get; private set; }

        /// <summary>Empties the path (status NoPath).</summary>
        public override void Clear()
        {
            base.Clear();
            Partial = false;
        }

        internal void Set(NavMeshPathResult result)
        {
            SetOutcome(result.PathStatus, result.Length, result.Expanded, result.PieceCount);
            Partial = result.Partial == 1;
        }
    }
}
