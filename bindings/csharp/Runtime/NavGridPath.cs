using System;

namespace Nav
{
    /// <summary>A grid path and how its search ended, in buffers that
    /// <see cref="NavQuery.FindPath(NavGrid, NavCell, NavCell, NavGridPath, NavGridRules, NavGridQueryOptions)"/>
    /// reuses and grows when a path does not fit: keep one per agent (or per system) and a
    /// per-frame query allocates nothing once the buffers are large enough.</summary>
    public sealed class NavGridPath
    {
        private NavCell[] cells;
        private double[] costs;
        private int count;

        /// <summary>An empty path with room for <paramref name="capacity"/> cells before it grows.</summary>
        public NavGridPath(int capacity = 256)
        {
            Checked.NonNegative(capacity, "capacity");
            cells = new NavCell[capacity];
            costs = new double[capacity];
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
            get { return count; }
        }

        /// <summary>Cell <paramref name="index"/> of the path (0 is the start).</summary>
        public NavCell this[int index]
        {
            get
            {
                if ((uint)index >= (uint)count)
                {
                    throw new ArgumentOutOfRangeException("index");
                }
                return cells[index];
            }
        }

        /// <summary>Cost from the start to cell <paramref name="index"/> of the path.</summary>
        public double CostTo(int index)
        {
            if ((uint)index >= (uint)count)
            {
                throw new ArgumentOutOfRangeException("index");
            }
            return costs[index];
        }

        /// <summary>The cell buffer itself: its first <see cref="Count"/> elements are the path
        /// (the rest is stale). For loops that must not copy.</summary>
        public NavCell[] CellBuffer
        {
            get { return cells; }
        }

        /// <summary>The cost buffer: element i is the cost from the start to cell i, for
        /// i below <see cref="Count"/>.</summary>
        public double[] CostBuffer
        {
            get { return costs; }
        }

        /// <summary>A new array with the path's cells.</summary>
        public NavCell[] ToArray()
        {
            NavCell[] copy = new NavCell[count];
            Array.Copy(cells, copy, count);
            return copy;
        }

        /// <summary>Empties the path (status NoPath).</summary>
        public void Clear()
        {
            count = 0;
            Cost = 0;
            Expanded = 0;
            Status = NavPathStatus.NoPath;
        }

        internal void EnsureCapacity(int needed)
        {
            if (cells.Length < needed)
            {
                int size = Math.Max(needed, cells.Length * 2);
                cells = new NavCell[size];
                costs = new double[size];
            }
        }

        internal void Set(NavGridPathResult result)
        {
            Status = result.PathStatus;
            Cost = result.Cost;
            Expanded = result.Expanded;
            count = (int)result.CellCount;
        }
    }
}
