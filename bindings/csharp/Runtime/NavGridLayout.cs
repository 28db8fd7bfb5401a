using System;

namespace Nav
{
    /// <summary>Where a grid lies in a 3-D scene whose ground is the XZ plane (Unity's
    /// convention): cell (x, y) is the square of side <see cref="CellSize"/> whose corner nearest
    /// the origin is (<c>OriginX + x * CellSize</c>, <c>OriginZ + y * CellSize</c>): columns go
    /// along +X, rows along +Z. Under Unity the same struct converts to and from
    /// <c>Vector3</c>; these float overloads work everywhere.</summary>
    [Serializable]
    public partial struct NavGridLayout
    {
        /// <summary>X of the corner of cell (0, 0).</summary>
        public float OriginX;
        /// <summary>Z of the corner of cell (0, 0).</summary>
        public float OriginZ;
        /// <summary>Height (Y) given to the points made from cells.</summary>
        public float GroundY;
        /// <summary>Side of a cell in world units (greater than 0).</summary>
        public float CellSize;

        /// <summary>A grid whose cell (0, 0) has its corner at (<paramref name="originX"/>,
        /// <paramref name="groundY"/>, <paramref name="originZ"/>).</summary>
        /// <exception cref="ArgumentOutOfRangeException">A number is NaN or infinite, or the
        /// cell size is not positive.</exception>
        public NavGridLayout(float originX, float originZ, float cellSize, float groundY = 0f)
        {
            if (!IsFinite(originX) || !IsFinite(originZ) || !IsFinite(groundY))
            {
                throw new ArgumentOutOfRangeException("originX", "the origin must be finite");
            }
            if (!IsFinite(cellSize) || cellSize <= 0f)
            {
                throw new ArgumentOutOfRangeException("cellSize", cellSize, "the cell size must be finite and positive");
            }
            OriginX = originX;
            OriginZ = originZ;
            GroundY = groundY;
            CellSize = cellSize;
        }

        /// <summary>The centre of <paramref name="cell"/> on the XZ plane.</summary>
        public void CellCenter(NavCell cell, out float x, out float z)
        {
            x = OriginX + ((float)cell.X + 0.5f) * CellSize;
            z = OriginZ + ((float)cell.Y + 0.5f) * CellSize;
        }

        /// <summary>The cell of <paramref name="grid"/> under the point (<paramref name="x"/>,
        /// <paramref name="z"/>): false for a point outside the grid, NaN or infinite (and for a
        /// layout whose cell size is not positive). Points on a shared edge belong to the cell
        /// with the larger index.</summary>
        public bool TryGetCell(float x, float z, NavGrid grid, out NavCell cell)
        {
            Checked.NotNull(grid, "grid");
            return TryGetCell(x, z, grid.Width, grid.Height, out cell);
        }

        /// <summary>The cell of a <paramref name="width"/> x <paramref name="height"/> grid under
        /// the point (<paramref name="x"/>, <paramref name="z"/>); false when there is none.</summary>
        public bool TryGetCell(float x, float z, int width, int height, out NavCell cell)
        {
            cell = default(NavCell);
            if (!(CellSize > 0f) || !IsFinite(x) || !IsFinite(z))
            {
                return false;
            }
            // In double: a float quotient could round a point just inside the last column onto the
            // grid's far edge.
            double column = Math.Floor(((double)x - OriginX) / CellSize);
            double row = Math.Floor(((double)z - OriginZ) / CellSize);
            if (column < 0 || row < 0 || column >= width || row >= height)
            {
                return false;
            }
            cell = new NavCell((uint)column, (uint)row);
            return true;
        }

        private static bool IsFinite(float value)
        {
            return !float.IsNaN(value) && !float.IsInfinity(value);
        }
    }
}
