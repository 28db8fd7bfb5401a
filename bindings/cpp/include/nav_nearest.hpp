// nav_nearest.hpp: the nearest of several goals on the continuous worlds, and reading a
// sliced query's state without stepping it, over nav.h in the style of nav.hpp (RAII,
// errors as nav::Result values, no exceptions). The grid's nearest-goal search is
// nav::find_nearest in nav_flow.hpp.
//
// * nav::find_nearest(query, world, agent, start, goals, out): the agent's path to the goal
//   with the cheapest lattice path, in one search (nav_world_find_nearest).
// * nav::find_nearest(query, circle_world, radius, start, goals, out): the exact shortest path
//   to the nearest goal among circles (nav_circle_world_find_nearest).
// * nav::find_nearest(query, mesh_world, radius, start, goals, out): the exact shortest path
//   to the nearest goal among polygons, boxes and circles (nav_mesh_world_find_nearest).
// * nav::slice_state(query, navigator): the state of a sliced query, without stepping it.
//
// The paths stay readable from the Query afterwards, as after Query::find_path.
#ifndef NAV_NEAREST_HPP
#define NAV_NEAREST_HPP

#include "nav.hpp"

namespace nav {

/// Which navigator's sliced query (NavSliceNavigator).
enum class SliceNavigator : uint32_t {
    Grid = NAV_SLICE_NAVIGATOR_GRID,
    World = NAV_SLICE_NAVIGATOR_WORLD,
    CircleWorld = NAV_SLICE_NAVIGATOR_CIRCLE_WORLD,
    MeshWorld = NAV_SLICE_NAVIGATOR_MESH_WORLD,
};

/// The state of `query`'s sliced query of `navigator`, read without stepping it (an edit of
/// the world is only seen by the next step).
inline Result<SliceState> slice_state(Query& query, SliceNavigator navigator) {
    NavSliceState s{};
    return detail::slice_state(nav_query_slice_state(query.get(), static_cast<uint32_t>(navigator), &s), s);
}

/// The agent's path from `start` to the nearest of `goals` (the cheapest lattice path) into
/// `out` (reusing its memory); `*goal_index` receives the index of the goal reached
/// (UINT32_MAX when none was).
inline Result<void> find_nearest(Query& query, const World& world, const AgentDesc& agent, Vec2 start,
                                 const std::vector<Vec2>& goals, WorldPath& out, uint32_t& goal_index,
                                 const WorldQueryOptions& options = WorldQueryOptions{}) {
    NavWorldPathResult result{};
    goal_index = UINT32_MAX;
    auto r = detail::fill_path(query.get(), out, result, [&](Vec2* points, uint32_t n, NavWorldPathResult* res) {
        return nav_world_find_nearest(world.get(), query.get(), &agent, &options, start, goals.data(),
                                      detail::count32(goals.size()), points, n, res, &goal_index);
    });
    if (!r) goal_index = UINT32_MAX;
    return r;
}

/// The exact shortest path of a disc of `agent_radius` from `start` to the nearest of `goals`
/// among the circles of `world` into `out` (reusing its memory); `*goal_index` receives the
/// index of the goal reached (UINT32_MAX when none was).
inline Result<void> find_nearest(Query& query, const CircleWorld& world, float agent_radius, Vec2 start,
                                 const std::vector<Vec2>& goals, CirclePath& out, uint32_t& goal_index,
                                 const CircleQueryOptions& options = CircleQueryOptions{}) {
    NavCirclePathResult result{};
    goal_index = UINT32_MAX;
    auto r = detail::fill_path(
        query.get(), out, result, [&](PathPiece* pieces, uint32_t n, NavCirclePathResult* res) {
            return nav_circle_world_find_nearest(world.get(), query.get(), agent_radius, &options, start,
                                                 goals.data(), detail::count32(goals.size()), pieces, n, res,
                                                 &goal_index);
        });
    if (!r) goal_index = UINT32_MAX;
    return r;
}

/// The exact shortest path of a disc of `agent_radius` from `start` to the nearest of `goals`
/// in the polygon world `world` into `out` (reusing its memory); `*goal_index` receives the
/// index of the goal reached (UINT32_MAX when none was). Query::mesh_path_polyline reads the
/// path afterwards.
inline Result<void> find_nearest(Query& query, const MeshWorld& world, float agent_radius, Vec2 start,
                                 const std::vector<Vec2>& goals, MeshPath& out, uint32_t& goal_index,
                                 const MeshQueryOptions& options = MeshQueryOptions{}) {
    NavMeshPathResult result{};
    goal_index = UINT32_MAX;
    auto r = detail::fill_path(
        query.get(), out, result, [&](PathPiece* pieces, uint32_t n, NavMeshPathResult* res) {
            return nav_mesh_world_find_nearest(world.get(), query.get(), agent_radius, &options, start,
                                               goals.data(), detail::count32(goals.size()), pieces, n, res,
                                               &goal_index);
        });
    if (!r) goal_index = UINT32_MAX;
    return r;
}

}  // namespace nav

#endif  // NAV_NEAREST_HPP
