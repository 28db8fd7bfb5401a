// The Unity-only part of the runtime (Runtime/NavUnity.cs, compiled under UNITY_5_3_OR_NEWER),
// built by scripts/test-csharp.sh against Tests~/UnityStub (UnityEngine.Vector3 with Unity's
// fields and constructor) and run under Mono: Vector3 <-> cell conversions on the XZ plane and
// a path turned into waypoints without allocating once the list is large enough; and the
// package's sample MonoBehaviour driven frame by frame.
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

    private static void Set(object target, string field, object value)
    {
        target.GetType().GetField(field, BindingFlags.NonPublic | BindingFlags.Instance).SetValue(target, value);
    }

    private static void Call(object target, string method)
    {
        target.GetType().GetMethod(method, BindingFlags.NonPublic | BindingFlags.Instance).Invoke(target, null);
    }

    /// <summary>Runs the package's sample (Samples~/GridPathFollower) frame by frame as Unity
    /// would: Awake, Update at 50 frames a second, OnDestroy. It must walk around the wall to
    /// the target's cell.</summary>
    private static void SampleReachesItsTarget()
    {
        NavGridPathFollower follower = new NavGridPathFollower();
        Transform target = new Transform();
        target.position = new Vector3(8.5f, 0f, 1.5f);
        Set(follower, "map", new TextAsset { text = "type octile\nheight 6\nwidth 10\nmap\n..........\n....@.....\n....@.....\n....@.....\n....@.....\n....@.....\n" });
        Set(follower, "target", target);
        follower.transform.position = new Vector3(1.5f, 0.75f, 4.5f);
        Call(follower, "Awake");
        bool wentAround = false;
        for (int frame = 0; frame < 500; frame++)
        {
            Call(follower, "Update");
            Vector3 p = follower.transform.position;
            wentAround |= p.z < 1f && p.x > 4f && p.x < 5f;
            Check(!(p.x > 4f && p.x < 5f && p.z > 1f), "the follower never crosses the wall (column 4, rows 1-5): " + p);
        }
        Vector3 end = follower.transform.position;
        Check(Math.Abs(end.x - 8.5f) < 1e-3 && Math.Abs(end.z - 1.5f) < 1e-3 && end.y == 0.75f, "the sample reached the target's cell: " + end);
        Check(wentAround, "the sample went around the wall's open end (row 0)");
        Call(follower, "OnDestroy");
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
        // Continuous worlds: Vector3 (x, y, z) <-> NavVec2 (x, z).
        NavVec2 flat = new Vector3(3f, 9f, -4f).ToNavXZ();
        Check(flat.X == 3f && flat.Y == -4f, "Vector3 to NavVec2 keeps x and z: " + flat);
        Vector3 lifted = new NavVec2(3f, -4f).ToVector3XZ(1.5f);
        Check(lifted.x == 3f && lifted.y == 1.5f && lifted.z == -4f, "NavVec2 to Vector3 at a height: " + lifted);
        NavAabb footprint = new Bounds(new Vector3(10f, 5f, 20f), new Vector3(4f, 10f, 6f)).ToNavXZ();
        Check(footprint.Min.X == 8f && footprint.Min.Y == 17f && footprint.Max.X == 12f && footprint.Max.Y == 23f,
            "Bounds footprint on XZ: " + footprint);
        using (NavWorld world = new NavWorld(new Bounds(new Vector3(0f, 0f, 0f), new Vector3(40f, 1f, 30f)).ToNavXZ()))
        using (NavQuery query = new NavQuery())
        {
            world.InsertBox(new Bounds(new Vector3(0f, 0f, -3f), new Vector3(2f, 3f, 24f)).ToNavXZ());
            Vector3 from = new Vector3(-15f, 0.5f, 0f);
            Vector3 to = new Vector3(15f, 0.5f, 0f);
            NavWorldPath path = new NavWorldPath();
            query.FindPath(world, new NavAgentDesc(0.5f, 0.5f), from.ToNavXZ(), to.ToNavXZ(), path);
            List<Vector3> waypoints = new List<Vector3>();
            path.ToWaypointsXZ(waypoints, 0.5f);
            Check(path.Found && waypoints.Count == path.Count && waypoints.Count > 2, "a world path around the wall: " + waypoints.Count);
            Check(waypoints[0].x == from.x && waypoints[0].z == from.z && waypoints[0].y == 0.5f, "first waypoint");
            Check(waypoints[waypoints.Count - 1].x == to.x && waypoints[waypoints.Count - 1].z == to.z, "last waypoint");
            bool aroundTheWall = false;
            foreach (Vector3 w in waypoints)
            {
                aroundTheWall |= w.z > 9f;
            }
            Check(aroundTheWall, "the path goes around the wall's +z end (z = 9)");
        }
        using (NavCircleWorld circles = new NavCircleWorld(new NavAabb(-20f, -20f, 20f, 20f)))
        using (NavQuery query = new NavQuery())
        {
            circles.Insert(new Vector3(0f, 0f, 0f).ToNavXZ(), 3f);
            query.FindPath(circles, 0.5f, new Vector3(-10f, 0f, 0.1f).ToNavXZ(), new Vector3(10f, 0f, 0f).ToNavXZ(), new NavCirclePath());
            NavPolyline polyline = new NavPolyline();
            query.CopyCirclePolyline(0.05f, polyline);
            List<Vector3> waypoints = new List<Vector3>();
            polyline.ToWaypointsXZ(waypoints);
            Check(waypoints.Count == polyline.Count && waypoints.Count > 3, "polyline waypoints: " + waypoints.Count);
            foreach (Vector3 w in waypoints)
            {
                Check(Math.Sqrt(w.x * w.x + w.z * w.z) >= 3.5 - 1e-3 && w.y == 0f, "waypoint " + w + " clear of the inflated circle");
            }
        }
        SampleReachesItsTarget();
        try
        {
            layout.PathToWorld((NavGridPath)null, new List<Vector3>());
            Check(false, "null path accepted");
        }
        catch (ArgumentNullException)
        {
        }
        Console.WriteLine(failures == 0 ? "ok   unity: Vector3 and Bounds conversions on the XZ plane, grid, world and circle-world waypoints, no allocation, the sample walks to its target" : failures + " Unity checks failed");
        return failures == 0 ? 0 : 1;
    }
}
