using System;

namespace Nav
{
    /// <summary>A grid path and how its search ended, in buffers that
    /// <see cref="NavQuery.FindPath(NavGrid, NavCell, NavCell, NavGridPath, NavGridRules, NavGridQueryOptions)"/>
    /// reuses and grows when a path does not fit: keep one per agent (or per system) and a
    /// per-frame query allocates nothing once the buffers are large enough.</summary>
    public sealed class NavGridPath
    {
        // Grown together; both counts are the path's length.
        internal readonly GrowableBuffer<NavCell> Cells;
        internal readonly GrowableBuffer<double> Costs;

        /// <summary>An empty path with room for <paramref name="capacity"/> cells before it grows.</summary>
        public NavGridPath(int capacity = 256)
        {
            Cells = new GrowableBuffer<NavCell>(capacity);
            Costs = new GrowableBuffer<double>(capacity);
        }

        /// <summary>How the search ended.</summary>
        public NavPathStatus Status { get; private set; }

        /// <summary>Whether the path reaches the goal.</summary>
        public bool Found
        {
            get { return Status == NavPathStatus.Found; }
        }

        /// <summary>Cost of the path (0 when there is none).</summary>
        public double Cost { get; private set; }

        /// <summary>Cells the search expanded.</summary>
        public ulong Expanded { get; private set; }

        /// <summary>Cells in the path, start and end included (0 when there is none; a partial
        /// path when <see cref="Status"/> is not Found).</summary>
        public int Count
        {
            get { return Cells.Count; }
        }

        /// <summary>Cell <paramref name="index"/> of the path (0 is the start).</summary>
        public NavCell this[int index]
        {
            get { return Cells[index]; }
        }

        /// <summary>Cost from the start to cell <paramref name="index"/> of the path.</summary>
        public double CostTo(int index)
        {
            return Costs[index];
        }

        /// <summary>The cell buffer itself: its first <see cref="Count"/> elements are the path
        /// (the rest is stale). For loops that must not copy.</summary>
        public NavCell[] CellBuffer
        {
            get { return Cells.Items; }
        }

        /// <summary>The cost buffer: element i is the cost from the start to cell i, for
        /// i below <see cref="Count"/>.</summary>
        public double[] CostBuffer
        {
            get { return Costs.Items; }
        }

        /// <summary>A new array with the path's cells.</summary>
        public NavCell[] ToArray()
        {
            NavCell[] copy = new NavCell[Cells.Count];
            Array.Copy(Cells.Items, copy, Cells.Count);
            return copy;
        }

        /// <summary>Empties the path (status NoPath).</summary>
        public void Clear()
        {
            Cells.Count = Costs.Count = 0;
            Cost = 0;
            Expanded = 0;
            Status = NavPathStatus.NoPath;
        }

        internal void EnsureCapacity(int needed)
        {
            Cells.EnsureCapacity(needed);
            Costs.EnsureCapacity(needed);
        }

        internal void Set(NavGridPathResult result)
        {
            Status = result.PathStatus;
            Cost = result.Cost;
            Expanded = result.Expanded;
            Cells.Count = Costs.Count = (int)result.CellCount;
        }
    }
}
