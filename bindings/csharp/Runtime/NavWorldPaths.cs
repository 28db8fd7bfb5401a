namespace Nav
{
    /// <summary>A <see cref="NavWorld"/> path (points, start and goal included) and how its search
    /// ended, in a buffer that <see cref="NavQuery"/> reuses and grows: keep one per agent and a
    /// per-frame query allocates nothing once it is large enough.</summary>
    public sealed class NavWorldPath
    {
        internal readonly GrowableBuffer<NavVec2> Points;

        /// <summary>An empty path with room for <paramref name="capacity"/> points before it grows.</summary>
        public NavWorldPath(int capacity = 64)
        {
            Points = new GrowableBuffer<NavVec2>(capacity);
        }

        /// <summary>How the search ended.</summary>
        public NavPathStatus Status { get; private set; }

        /// <summary>Whether the path reaches the goal.</summary>
        public bool Found
        {
            get { return Status == NavPathStatus.Found; }
        }

        /// <summary>Length of the path.</summary>
        public double Length { get; private set; }

        /// <summary>Lattice nodes the search expanded.</summary>
        public ulong Expanded { get; private set; }

        /// <summary>Points in the path (0 when there is none).</summary>
        public int Count
        {
            get { return Points.Count; }
        }

        /// <summary>Point <paramref name="index"/> (0 is the start).</summary>
        public NavVec2 this[int index]
        {
            get { return Points[index]; }
        }

        /// <summary>The buffer itself: its first <see cref="Count"/> elements are the path.</summary>
        public NavVec2[] PointBuffer
        {
            get { return Points.Items; }
        }

        /// <summary>Empties the path (status NoPath).</summary>
        public void Clear()
        {
            Points.Count = 0;
            Length = 0;
            Expanded = 0;
            Status = NavPathStatus.NoPath;
        }

        internal void Set(NavWorldPathResult result)
        {
            Status = result.PathStatus;
            Length = result.Length;
            Expanded = result.Expanded;
            Points.Count = (int)result.PointCount;
        }
    }

    /// <summary>A <see cref="NavCircleWorld"/> path (segments and arcs) and how its search ended,
    /// in a buffer that <see cref="NavQuery"/> reuses and grows.</summary>
    public sealed class NavCirclePath : NavPiecePath
    {
        /// <summary>An empty path with room for <paramref name="capacity"/> pieces before it grows.</summary>
        public NavCirclePath(int capacity = 32) : base(capacity) { }

        /// <summary>With a blocked start or goal: the circle whose inflated disc holds it; else 0.</summary>
        public ulong BlockingCircle { get; private set; }

        /// <summary>Empties the path (status NoPath).</summary>
        public override void Clear()
        {
            base.Clear();
            BlockingCircle = 0;
        }

        internal void Set(NavCirclePathResult result)
        {
            SetOutcome(result.PathStatus, result.Length, result.Expanded, result.PieceCount);
            BlockingCircle = result.BlockingCircle;
        }
    }

    /// <summary>Points of a polyline (a circle-world or mesh-world path with its arcs cut into
    /// chords), in a buffer that <see cref="NavQuery.CopyCirclePolyline(float, NavPolyline)"/> and
    /// <see cref="NavQuery.CopyMeshPolyline(float, NavPolyline)"/> reuse and grow.</summary>
    public sealed class NavPolyline
    {
        internal readonly GrowableBuffer<NavVec2> Points;

        /// <summary>An empty polyline with room for <paramref name="capacity"/> points before it grows.</summary>
        public NavPolyline(int capacity = 64)
        {
            Points = new GrowableBuffer<NavVec2>(capacity);
        }

        /// <summary>Number of points.</summary>
        public int Count
        {
            get { return Points.Count; }
        }

        /// <summary>Point <paramref name="index"/> (0 is the start).</summary>
        public NavVec2 this[int index]
        {
            get { return Points[index]; }
        }

        /// <summary>The buffer itself: its first <see cref="Count"/> elements are the points.</summary>
        public NavVec2[] PointBuffer
        {
            get { return Points.Items; }
        }
    }
}
