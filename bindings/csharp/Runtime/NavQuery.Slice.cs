namespace Nav
{
    public sealed partial class NavQuery
    {
        // ---- time-sliced queries ------------------------------------------------------------
        // A query spread over several frames: BeginSliced, then StepSliced with a budget of
        // expansions each frame until the state is no longer Running, then the Copy*Path method
        // of the navigator. An edit of the world between two steps throws a NavException with
        // NavStatus.WorldChanged (the sliced query is then cancelled).

        /// <summary>Begins a time-sliced grid query (the arguments of FindPath).</summary>
        /// <exception cref="NavException">For invalid inputs (an endpoint outside the grid...).</exception>
        public unsafe NavSliceState BeginSliced(NavGrid grid, NavCell start, NavCell goal, NavGridRules rules = null,
            NavGridQueryOptions options = default(NavGridQueryOptions))
        {
            Checked.NotNull(grid, "grid");
            NavSliceState state = default(NavSliceState);
            NavStatus status;
            using (HandleLease g = grid.Lease())
            using (HandleLease r = NavGridRules.Lease(rules))
            using (HandleLease q = Lease())
            {
                status = NativeMethods.nav_grid_slice_begin(g.Pointer, q.Pointer, r.Pointer, &options, start, goal, &state);
            }
            NavLibrary.Check(status, 0);
            return state;
        }

        /// <summary>Advances the grid's sliced query by at most <paramref name="maxExpansions"/>
        /// (at least 1) expansions; <paramref name="grid"/> and <paramref name="rules"/> must be
        /// those it began with.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.WorldChanged"/> when the grid was
        /// edited since the query began (or is another grid); InvalidArgument for 0.</exception>
        public unsafe NavSliceState StepSliced(NavGrid grid, uint maxExpansions, NavGridRules rules = null)
        {
            Checked.NotNull(grid, "grid");
            NavSliceState state = default(NavSliceState);
            NavStatus status;
            using (HandleLease g = grid.Lease())
            using (HandleLease r = NavGridRules.Lease(rules))
            using (HandleLease q = Lease())
            {
                status = NativeMethods.nav_grid_slice_step(g.Pointer, q.Pointer, r.Pointer, maxExpansions, &state);
            }
            NavLibrary.Check(status, 0);
            return state;
        }

        /// <summary>Begins a time-sliced <see cref="NavWorld"/> query (the arguments of FindPath).</summary>
        public unsafe NavSliceState BeginSliced(NavWorld world, NavAgentDesc agent, NavVec2 start, NavVec2 goal,
            NavWorldQueryOptions options = default(NavWorldQueryOptions))
        {
            Checked.NotNull(world, "world");
            NavSliceState state = default(NavSliceState);
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                status = NativeMethods.nav_world_slice_begin(w.Pointer, q.Pointer, &agent, &options, start, goal, &state);
            }
            NavLibrary.Check(status, 0);
            return state;
        }

        /// <summary>Advances the <see cref="NavWorld"/> sliced query.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.WorldChanged"/> after an edit.</exception>
        public unsafe NavSliceState StepSliced(NavWorld world, uint maxExpansions)
        {
            Checked.NotNull(world, "world");
            NavSliceState state = default(NavSliceState);
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                status = NativeMethods.nav_world_slice_step(w.Pointer, q.Pointer, maxExpansions, &state);
            }
            NavLibrary.Check(status, 0);
            return state;
        }

        /// <summary>Begins a time-sliced <see cref="NavCircleWorld"/> query.</summary>
        public unsafe NavSliceState BeginSliced(NavCircleWorld world, float agentRadius, NavVec2 start, NavVec2 goal,
            NavCircleQueryOptions options = default(NavCircleQueryOptions))
        {
            Checked.NotNull(world, "world");
            NavSliceState state = default(NavSliceState);
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                status = NativeMethods.nav_circle_world_slice_begin(w.Pointer, q.Pointer, agentRadius, &options, start, goal, &state);
            }
            NavLibrary.Check(status, 0);
            return state;
        }

        /// <summary>Advances the <see cref="NavCircleWorld"/> sliced query.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.WorldChanged"/> after an edit.</exception>
        public unsafe NavSliceState StepSliced(NavCircleWorld world, uint maxExpansions)
        {
            Checked.NotNull(world, "world");
            NavSliceState state = default(NavSliceState);
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                status = NativeMethods.nav_circle_world_slice_step(w.Pointer, q.Pointer, maxExpansions, &state);
            }
            NavLibrary.Check(status, 0);
            return state;
        }

        /// <summary>Begins a time-sliced <see cref="NavMeshWorld"/> query.</summary>
        public unsafe NavSliceState BeginSliced(NavMeshWorld world, float agentRadius, NavVec2 start, NavVec2 goal,
            NavMeshQueryOptions options = default(NavMeshQueryOptions))
        {
            Checked.NotNull(world, "world");
            NavSliceState state = default(NavSliceState);
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                status = NativeMethods.nav_mesh_world_slice_begin(w.Pointer, q.Pointer, agentRadius, &options, start, goal, &state);
            }
            NavLibrary.Check(status, 0);
            return state;
        }

        /// <summary>Advances the <see cref="NavMeshWorld"/> sliced query.</summary>
        /// <exception cref="NavException"><see cref="NavStatus.WorldChanged"/> after an edit.</exception>
        public unsafe NavSliceState StepSliced(NavMeshWorld world, uint maxExpansions)
        {
            Checked.NotNull(world, "world");
            NavSliceState state = default(NavSliceState);
            NavStatus status;
            using (HandleLease w = world.Lease())
            using (HandleLease q = Lease())
            {
                status = NativeMethods.nav_mesh_world_slice_step(w.Pointer, q.Pointer, maxExpansions, &state);
            }
            NavLibrary.Check(status, 0);
            return state;
        }

        /// <summary>Cancels the sliced queries of this query context (every navigator's).</summary>
        public void CancelSliced()
        {
            NavStatus status;
            using (HandleLease q = Lease())
            {
                status = NativeMethods.nav_query_slice_cancel(q.Pointer);
            }
            NavLibrary.Check(status, 0);
        }
    }
}
