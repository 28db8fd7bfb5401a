// The Unity-only part of the runtime (Runtime/NavUnity.cs, compiled under UNITY_5_3_OR_NEWER),
// built by scripts/test-csharp.sh against Tests~/UnityStub (UnityEngine.Vector3 with Unity's
// fields and constructor) and run under Mono: Vector3 <-> cell conversions on the XZ plane and
// a path turned into waypoints without allocating once the list is large enough.
using System;
using System.Collections.Generic;
using System.Reflection;
using Nav;
using UnityEngine;

internal static class NavUnityTests
{
    private static int failures;

    private static void Check(bool condition, string what)
    {
        if (!condition)
        {
            failures++;
            Console.WriteLine("FAIL unity: " + what);
        }
    }

    private static int Main()
    {
        NavGridLayout layout = new NavGridLayout(new Vector3(100f, 2f, -50f), 0.5f);
        Check(layout.OriginX == 100f && layout.OriginZ == -50f && layout.GroundY == 2f && layout.CellSize == 0.5f,
            "layout from a Vector3 origin");
        Vector3 origin = layout.Origin;
        Check(origin.x == 100f && origin.y == 2f && origin.z == -50f, "Origin");
        Vector3 centre = layout.CellToWorld(new NavCell(4, 6));
        Check(centre.x == 102.25f && centre.y == 2f && centre.z == -46.75f, "cell (4, 6) centre: " + centre);
        using (NavGrid grid = new NavGrid(20, 10))
        using (NavQuery query = new NavQuery())
        {
            NavCell cell;
            Check(layout.TryWorldToCell(new Vector3(102.3f, 57f, -46.6f), grid, out cell) && cell == new NavCell(4, 6),
                "a point near the centre of (4, 6), any height");
            Check(!layout.TryWorldToCell(new Vector3(99.9f, 0f, -46f), grid, out cell), "left of the grid");
            Check(!layout.TryWorldToCell(new Vector3(110f, 0f, -46f), grid, out cell), "x = far edge (100 + 20 * 0.5)");
            Check(!layout.TryWorldToCell(new Vector3(float.NaN, 0f, 0f), grid, out cell), "NaN");

            grid.SetBlocked(5, 3, true);
            NavCell start, goal;
            Check(layout.TryWorldToCell(new Vector3(100.1f, 0f, -49.9f), grid, out start), "start cell");
            Check(layout.TryWorldToCell(new Vector3(109.9f, 0f, -45.1f), grid, out goal), "goal cell");
            NavGridPath path = new NavGridPath();
            query.FindPath(grid, start, goal, path);
            List<Vector3> waypoints = new List<Vector3>();
            layout.PathToWorld(path, waypoints);
            Check(path.Found && waypoints.Count == path.Count, "one waypoint per cell");
            Vector3 last = waypoints[waypoints.Count - 1];
            Check(last.x == 109.75f && last.z == -45.25f && last.y == 2f, "last waypoint is the goal cell's centre: " + last);
            for (int i = 1; i < waypoints.Count; i++)
            {
                float dx = waypoints[i].x - waypoints[i - 1].x;
                float dz = waypoints[i].z - waypoints[i - 1].z;
                Check(Math.Abs(dx) <= 0.5f && Math.Abs(dz) <= 0.5f && (dx != 0 || dz != 0), "waypoints one cell apart");
            }

            MethodInfo allocatedBytes = typeof(GC).GetMethod("GetAllocatedBytesForCurrentThread");
            if (allocatedBytes != null)
            {
                Func<long> allocated = (Func<long>)Delegate.CreateDelegate(typeof(Func<long>), allocatedBytes);
                for (int i = 0; i < 3; i++)
                {
                    query.FindPath(grid, start, goal, path);
                    layout.PathToWorld(path, waypoints);
                }
                long before = allocated();
                for (int i = 0; i < 100; i++)
                {
                    query.FindPath(grid, start, goal, path);
                    layout.PathToWorld(path, waypoints);
                    layout.TryWorldToCell(waypoints[i % waypoints.Count], grid, out cell);
                }
                long bytes = allocated() - before;
                Check(bytes == 0, "query + waypoints per frame allocate nothing once warm: " + bytes + " bytes");
            }
        }
        try
        {
            layout.PathToWorld((NavGridPath)null, new List<Vector3>());
            Check(false, "null path accepted");
        }
        catch (ArgumentNullException)
        {
        }
        Console.WriteLine(failures == 0 ? "ok   unity: Vector3 conversions on the XZ plane, waypoints, no allocation" : failures + " Unity checks failed");
        return failures == 0 ? 0 : 1;
    }
}
