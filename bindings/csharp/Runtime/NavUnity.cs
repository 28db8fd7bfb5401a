// Unity conversions: the ground is the XZ plane, Y is up. Compiled only inside Unity, so the
// same sources still build with plain C# compilers (mcs, csc) for tests and tools.
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using UnityEngine;

namespace Nav
{
    public partial struct NavGridLayout
    {
        /// <summary>A grid whose cell (0, 0) has its corner at <paramref name="origin"/> (its Y
        /// is the height given to points made from cells).</summary>
        public NavGridLayout(Vector3 origin, float cellSize)
            : this(origin.x, origin.z, cellSize, origin.y)
        {
        }

        /// <summary>The corner of cell (0, 0), at <see cref="GroundY"/>.</summary>
        public Vector3 Origin
        {
            get { return new Vector3(OriginX, GroundY, OriginZ); }
        }

        /// <summary>The centre of <paramref name="cell"/>, at <see cref="GroundY"/>.</summary>
        public Vector3 CellToWorld(NavCell cell)
        {
            float x, z;
            CellCenter(cell, out x, out z);
            return new Vector3(x, GroundY, z);
        }

        /// <summary>The cell of <paramref name="grid"/> under <paramref name="position"/> (its Y is
        /// ignored); false outside the grid or for NaN.</summary>
        public bool TryWorldToCell(Vector3 position, NavGrid grid, out NavCell cell)
        {
            return TryGetCell(position.x, position.z, grid, out cell);
        }

        /// <summary>Replaces the contents of <paramref name="waypoints"/> with the centres of the
        /// path's cells (no allocation once the list's capacity suffices).</summary>
        public void PathToWorld(NavGridPath path, List<Vector3> waypoints)
        {
            if (path == null) throw new ArgumentNullException("path");
            PathToWorld(path.CellBuffer, path.Count, waypoints);
        }

        /// <summary>Replaces the contents of <paramref name="waypoints"/> with the centres of the
        /// first <paramref name="count"/> cells of <paramref name="cells"/>.</summary>
        public void PathToWorld(NavCell[] cells, int count, List<Vector3> waypoints)
        {
            if (cells == null) throw new ArgumentNullException("cells");
            if (waypoints == null) throw new ArgumentNullException("waypoints");
            if (count < 0 || count > cells.Length) throw new ArgumentOutOfRangeException("count");
            waypoints.Clear();
            for (int i = 0; i < count; i++)
            {
                waypoints.Add(CellToWorld(cells[i]));
            }
        }
    }

    /// <summary>Conversions between Unity's 3-D vectors and nav's 2-D points: the ground is the XZ
    /// plane, so <c>Vector3(x, y, z)</c> is <c>NavVec2(x, z)</c> and the height is dropped (or
    /// given back as <c>y</c>).</summary>
    public static class NavUnityExtensions
    {
        /// <summary>(x, z) of <paramref name="position"/>.</summary>
        public static NavVec2 ToNavXZ(this Vector3 position)
        {
            return new NavVec2(position.x, position.z);
        }

        /// <summary>The point at height <paramref name="y"/>: <c>Vector3(p.X, y, p.Y)</c>.</summary>
        public static Vector3 ToVector3XZ(this NavVec2 point, float y = 0f)
        {
            return new Vector3(point.X, y, point.Y);
        }

        /// <summary>The footprint of <paramref name="bounds"/> (a collider's or renderer's) on the
        /// XZ plane, for <see cref="NavWorld.InsertBox"/> and world bounds.</summary>
        public static NavAabb ToNavXZ(this Bounds bounds)
        {
            Vector3 min = bounds.min;
            Vector3 max = bounds.max;
            return new NavAabb(min.x, min.z, max.x, max.z);
        }

        /// <summary>Replaces the contents of <paramref name="waypoints"/> with the path's points at
        /// height <paramref name="y"/> (no allocation once the list's capacity suffices).</summary>
        public static void ToWaypointsXZ(this NavWorldPath path, List<Vector3> waypoints, float y = 0f)
        {
            if (path == null) throw new ArgumentNullException("path");
            ToWaypointsXZ(path.PointBuffer, path.Count, waypoints, y);
        }

        /// <summary>Replaces the contents of <paramref name="waypoints"/> with the polyline's points
        /// at height <paramref name="y"/>.</summary>
        public static void ToWaypointsXZ(this NavPolyline polyline, List<Vector3> waypoints, float y = 0f)
        {
            if (polyline == null) throw new ArgumentNullException("polyline");
            ToWaypointsXZ(polyline.PointBuffer, polyline.Count, waypoints, y);
        }

        /// <summary>Replaces the contents of <paramref name="waypoints"/> with the first
        /// <paramref name="count"/> points at height <paramref name="y"/>.</summary>
        public static void ToWaypointsXZ(NavVec2[] points, int count, List<Vector3> waypoints, float y = 0f)
        {
            if (points == null) throw new ArgumentNullException("points");
            if (waypoints == null) throw new ArgumentNullException("waypoints");
            if (count < 0 || count > points.Length) throw new ArgumentOutOfRangeException("count");
            waypoints.Clear();
            for (int i = 0; i < count; i++)
            {
                waypoints.Add(new Vector3(points[i].X, y, points[i].Y));
            }
        }
    }
}
#endif
