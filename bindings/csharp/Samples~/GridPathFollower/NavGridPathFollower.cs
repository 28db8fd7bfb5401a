// A sample of the nav package: walks this GameObject over a tile map toward a target, re-planning
// a few times a second. The map is a Moving AI .map text asset laid on the XZ plane (one cell per
// `cellSize` world units from `origin`). After the first queries nothing here allocates: the
// NavQuery keeps its search memory, the NavGridPath and the waypoint list keep their buffers.
using System.Collections.Generic;
using Nav;
using UnityEngine;

public sealed class NavGridPathFollower : MonoBehaviour
{
    [SerializeField] private TextAsset map = null;
    [SerializeField] private Transform target = null;
    [SerializeField] private Vector3 origin = new Vector3(0f, 0f, 0f);
    [SerializeField] private float cellSize = 1f;
    [SerializeField] private float speed = 4f;
    [SerializeField] private float replanInterval = 0.25f;

    private NavGrid grid;
    private NavQuery query;
    private NavGridLayout layout;
    private readonly NavGridPath path = new NavGridPath(512);
    private readonly List<Vector3> waypoints = new List<Vector3>(512);
    private int next;
    private float untilReplan;

    private void Awake()
    {
        NavLibrary.EnsureCompatible();
        grid = NavGrid.FromMovingAi(map.text);
        query = new NavQuery(); // one per thread that queries: this is the main thread's
        layout = new NavGridLayout(origin, cellSize);
    }

    private void Update()
    {
        untilReplan -= Time.deltaTime;
        if (untilReplan <= 0f)
        {
            untilReplan = replanInterval;
            Replan();
        }
        if (next < waypoints.Count)
        {
            Vector3 goal = waypoints[next];
            goal.y = transform.position.y;
            transform.position = Vector3.MoveTowards(transform.position, goal, speed * Time.deltaTime);
            Vector3 here = transform.position;
            if (here.x == goal.x && here.z == goal.z)
            {
                next++;
            }
        }
    }

    private void Replan()
    {
        NavCell start, goal;
        if (!layout.TryWorldToCell(transform.position, grid, out start) || !layout.TryWorldToCell(target.position, grid, out goal))
        {
            waypoints.Clear(); // off the map: stand still
            return;
        }
        try
        {
            query.FindPath(grid, start, goal, path, null, new NavGridQueryOptions { PartialPath = 1 });
        }
        catch (NavException e)
        {
            Debug.LogWarning(e.Message);
            return;
        }
        // A partial path (goal unreachable) still leads as close as the map allows.
        layout.PathToWorld(path, waypoints);
        // Waypoint 0 is the centre of the cell we stand in: head for the next one, unless we
        // already stand in the goal's cell.
        next = waypoints.Count > 1 ? 1 : 0;
    }

    private void OnDestroy()
    {
        if (query != null) query.Dispose();
        if (grid != null) grid.Dispose();
    }
}
