using System;
using System.Text;

namespace Nav
{
    /// <summary>A tile map (<c>NavGrid</c>): per cell a terrain value, a blocked flag and a cost
    /// multiplier. Cell (x, y) is column x from the left, row y from the top.</summary>
    /// <remarks>Queries only read a grid: any number of threads may query one grid at once, each
    /// with its own <see cref="NavQuery"/>. Changing a grid (the <c>Set</c> methods) needs it to
    /// itself; while a query on another thread reads it, a change fails with
    /// <see cref="NavStatus.Busy"/>. To change a grid while queries run, change a
    /// <see cref="Clone"/> and swap grids between frames. Dispose a grid when done; a forgotten
    /// one is freed by the finalizer.</remarks>
    public sealed partial class NavGrid : IDisposable
    {
        private readonly NavGridHandle handle;
        private readonly int width;
        private readonly int height;

        /// <summary>A <paramref name="width"/> x <paramref name="height"/> grid of walkable cells
        /// (terrain 0, cost multiplier 1). Each side must be 1..32768 and the grid at most 2^26
        /// cells.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidSize"/> for a size nav
        /// refuses (nothing is allocated).</exception>
        public unsafe NavGrid(int width, int height)
        {
            uint w = Checked.NonNegative(width, "width");
            uint h = Checked.NonNegative(height, "height");
            IntPtr grid;
            NavLibrary.Check(NativeMethods.nav_grid_create(w, h, &grid));
            handle = new NavGridHandle(grid);
            this.width = width;
            this.height = height;
        }

        private NavGrid(IntPtr grid)
        {
            handle = new NavGridHandle(grid);
            NavGridInfo info = GetInfo();
            width = (int)info.Width;
            height = (int)info.Height;
        }

        /// <summary>A grid from one byte per cell, row by row (<c>walkable[y * width + x]</c>): 1
        /// for a walkable cell, 0 for a blocked one.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidSize"/> when the array's
        /// length is not <c>width * height</c>; <see cref="NavStatus.InvalidArgument"/> for bytes
        /// other than 0 and 1.</exception>
        public static unsafe NavGrid FromWalkable(int width, int height, byte[] walkable)
        {
            Checked.NotNull(walkable, "walkable");
            uint w = Checked.NonNegative(width, "width");
            uint h = Checked.NonNegative(height, "height");
            IntPtr grid;
            fixed (byte* p = walkable)
            {
                NavLibrary.Check(NativeMethods.nav_grid_create_from_walkable(
                    w, h, p, Checked.Length(walkable), &grid));
            }
            return new NavGrid(grid);
        }

        /// <summary>A grid from one flag per cell, row by row: true for a walkable cell.</summary>
        public static NavGrid FromWalkable(int width, int height, bool[] walkable)
        {
            Checked.NotNull(walkable, "walkable");
            byte[] bytes = new byte[walkable.Length];
            for (int i = 0; i < walkable.Length; i++)
            {
                bytes[i] = walkable[i] ? (byte)1 : (byte)0;
            }
            return FromWalkable(width, height, bytes);
        }

        /// <summary>A grid from one terrain value per cell, row by row; a cell is walkable when
        /// its terrain is at most <paramref name="maxWalkableTerrain"/> (0..65535).</summary>
        public static unsafe NavGrid FromTerrain(int width, int height, ushort[] terrain, int maxWalkableTerrain)
        {
            Checked.NotNull(terrain, "terrain");
            uint w = Checked.NonNegative(width, "width");
            uint h = Checked.NonNegative(height, "height");
            uint max = Checked.NonNegative(maxWalkableTerrain, "maxWalkableTerrain");
            IntPtr grid;
            fixed (ushort* p = terrain)
            {
                NavLibrary.Check(NativeMethods.nav_grid_create_from_terrain(
                    w, h, p, Checked.Length(terrain), max, &grid));
            }
            return new NavGrid(grid);
        }

        /// <summary>A grid from the text of a Moving AI <c>.map</c> file (<c>.</c>, <c>G</c>,
        /// <c>S</c> walkable; <c>@</c>, <c>O</c>, <c>T</c>, <c>W</c> blocked; each cell's terrain
        /// is its character). For a <c>TextAsset</c>, pass its <c>text</c> or <c>bytes</c>.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.ParseError"/> with the line and the
        /// reason for text that is not a map.</exception>
        public static NavGrid FromMovingAi(string text)
        {
            Checked.NotNull(text, "text");
            return FromMovingAi(Encoding.UTF8.GetBytes(text));
        }

        /// <summary>A grid from the UTF-8 bytes of a Moving AI <c>.map</c> file.</summary>
        public static unsafe NavGrid FromMovingAi(byte[] utf8)
        {
            Checked.NotNull(utf8, "utf8");
            IntPtr grid;
            fixed (byte* p = utf8)
            {
                NavLibrary.Check(NativeMethods.nav_grid_load_movingai(p, Checked.Length(utf8), &grid));
            }
            return new NavGrid(grid);
        }

        /// <summary>A grid read from a Moving AI <c>.map</c> file by nav itself.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.IoError"/> when the file cannot be
        /// read, <see cref="NavStatus.ParseError"/> when it is not a map.</exception>
        public static unsafe NavGrid LoadMovingAiFile(string path)
        {
            Checked.NotNull(path, "path");
            if (path.IndexOf('\0') >= 0)
            {
                throw new ArgumentException("the path contains a NUL character", "path");
            }
            byte[] bytes = new byte[Encoding.UTF8.GetByteCount(path) + 1];
            Encoding.UTF8.GetBytes(path, 0, path.Length, bytes, 0);
            IntPtr grid;
            fixed (byte* p = bytes)
            {
                NavLibrary.Check(NativeMethods.nav_grid_load_movingai_file(p, &grid));
            }
            return new NavGrid(grid);
        }

        /// <summary>An independent copy (to change while queries run on this one, say).</summary>
        public unsafe NavGrid Clone()
        {
            IntPtr copy;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_grid_clone(lease.Pointer, &copy));
            }
            return new NavGrid(copy);
        }

        /// <summary>The owned C handle, for calls through <see cref="NativeMethods"/>.</summary>
        public NavGridHandle Handle
        {
            get { return handle; }
        }

        /// <summary>Whether <see cref="Dispose"/> was called.</summary>
        public bool IsDisposed
        {
            get { return handle.IsClosed; }
        }

        /// <summary>Width in cells.</summary>
        public int Width
        {
            get { return width; }
        }

        /// <summary>Height in cells.</summary>
        public int Height
        {
            get { return height; }
        }

        /// <summary>Whether (x, y) is a cell of this grid.</summary>
        public bool Contains(int x, int y)
        {
            return x >= 0 && y >= 0 && x < width && y < height;
        }

        /// <summary>Whether <paramref name="cell"/> is a cell of this grid.</summary>
        public bool Contains(NavCell cell)
        {
            return cell.X < (uint)width && cell.Y < (uint)height;
        }

        /// <summary>Size and counts (<c>nav_grid_info</c>).</summary>
        public unsafe NavGridInfo GetInfo()
        {
            NavGridInfo info;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_grid_info(lease.Pointer, &info));
            }
            return info;
        }

        /// <summary>What the grid holds for cell (x, y).</summary>
        /// <exception cref="NavException"><see cref="NavStatus.OutOfRange"/> outside the grid.</exception>
        public unsafe NavGridCellInfo GetCell(int x, int y)
        {
            uint cx = Checked.NonNegative(x, "x");
            uint cy = Checked.NonNegative(y, "y");
            NavGridCellInfo cell;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_grid_cell(lease.Pointer, cx, cy, &cell));
            }
            return cell;
        }

        /// <summary>The clearance of cell (x, y): the side of the largest square of walkable cells
        /// whose top-left cell it is (0 when the cell is not walkable), at most 255. An agent of
        /// K x K cells (<see cref="NavGridQueryOptions.AgentSize"/>) fits with its top-left cell
        /// there exactly when the clearance is at least K. Kept up to date as cells change.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.OutOfRange"/> outside the grid.</exception>
        public unsafe int Clearance(int x, int y)
        {
            uint cx = Checked.NonNegative(x, "x");
            uint cy = Checked.NonNegative(y, "y");
            uint clearance;
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_grid_clearance(lease.Pointer, cx, cy, &clearance));
            }
            return (int)clearance;
        }

        /// <summary>Whether cell (x, y) can be entered.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.OutOfRange"/> outside the grid.</exception>
        public bool IsWalkable(int x, int y)
        {
            return GetCell(x, y).Walkable != 0;
        }

        /// <summary>Sets or clears the blocked flag of cell (x, y).</summary>
        public void SetBlocked(int x, int y, bool blocked)
        {
            uint cx = Checked.NonNegative(x, "x");
            uint cy = Checked.NonNegative(y, "y");
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_grid_set_blocked(lease.Pointer, cx, cy, blocked ? 1u : 0u));
            }
        }

        /// <summary>Sets the terrain value (0..65535) of cell (x, y).</summary>
        public void SetTerrain(int x, int y, int terrain)
        {
            uint cx = Checked.NonNegative(x, "x");
            uint cy = Checked.NonNegative(y, "y");
            uint t = Checked.NonNegative(terrain, "terrain");
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_grid_set_terrain(lease.Pointer, cx, cy, t));
            }
        }

        /// <summary>Sets the cost multiplier of cell (x, y): entering it costs the step's cost
        /// times <paramref name="multiplier"/> (finite, greater than 0).</summary>
        /// <exception cref="NavException"><see cref="NavStatus.InvalidArgument"/> for NaN,
        /// infinite, zero or negative multipliers.</exception>
        public void SetCostMultiplier(int x, int y, double multiplier)
        {
            uint cx = Checked.NonNegative(x, "x");
            uint cy = Checked.NonNegative(y, "y");
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_grid_set_cost_multiplier(lease.Pointer, cx, cy, multiplier));
            }
        }

        /// <summary>Cells whose terrain is above <paramref name="maxWalkableTerrain"/> (0..65535)
        /// become blocked. Takes time proportional to the number of cells.</summary>
        public void SetMaxWalkableTerrain(int maxWalkableTerrain)
        {
            uint max = Checked.NonNegative(maxWalkableTerrain, "maxWalkableTerrain");
            using (HandleLease lease = Lease())
            {
                NavLibrary.Check(NativeMethods.nav_grid_set_max_walkable_terrain(lease.Pointer, max));
            }
        }

        /// <summary>Copies the walkability of every cell, row by row (1 walkable, 0 not), into
        /// <paramref name="buffer"/>, which must hold <c>Width * Height</c> bytes; returns that
        /// count.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.BufferTooSmall"/> (with
        /// <see cref="NavException.RequiredCount"/>) when the buffer is shorter.</exception>
        public unsafe int CopyWalkable(byte[] buffer)
        {
            Checked.NotNull(buffer, "buffer");
            uint count = 0;
            NavStatus status;
            using (HandleLease lease = Lease())
            {
                fixed (byte* p = buffer)
                {
                    status = NativeMethods.nav_grid_copy_walkable(lease.Pointer, p, Checked.Length(buffer), &count);
                }
            }
            NavLibrary.Check(status, count);
            return (int)count;
        }

        /// <summary>The walkability of every cell, row by row (1 walkable, 0 not).</summary>
        public byte[] CopyWalkable()
        {
            byte[] buffer = new byte[(long)width * height];
            CopyWalkable(buffer);
            return buffer;
        }

        /// <summary>The grid as the text of a Moving AI <c>.map</c> file (LF line endings).</summary>
        public unsafe string ToMovingAi()
        {
            using (HandleLease lease = Lease())
            {
                uint length = 0;
                NavStatus status = NativeMethods.nav_grid_write_movingai(lease.Pointer, null, 0, &length);
                if (status != NavStatus.BufferTooSmall && status != NavStatus.Ok)
                {
                    throw NavLibrary.Failure(status, 0);
                }
                byte[] text = new byte[length];
                fixed (byte* p = text)
                {
                    NavLibrary.Check(NativeMethods.nav_grid_write_movingai(lease.Pointer, p, length, &length));
                }
                return Encoding.UTF8.GetString(text, 0, (int)length);
            }
        }

        /// <summary>Frees the grid. Calling it again does nothing.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        internal HandleLease Lease()
        {
            return new HandleLease(handle, "NavGrid");
        }
    }
}
