// C++ test of nav_nearest.hpp against libnav: the nearest of several goals on a World, a
// CircleWorld and a MeshWorld against one Query::find_path per goal, refusals as values, and
// nav::slice_state against what the steps wrote. Run under valgrind by scripts/test-native.sh.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "nav_nearest.hpp"

namespace {

int passed = 0;
int failed = 0;

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (cond) {                                                                        \
            ++passed;                                                                      \
        } else {                                                                           \
            ++failed;                                                                      \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                                  \
    } while (0)

nav::Vec2 v(float x, float y) { return nav::Vec2{x, y}; }

void test_world() {
    auto world = nav::World::create(nav::Aabb{v(0, 0), v(30, 10)}).value();
    CHECK(world.insert_box(nav::Aabb{v(14, 0), v(16, 9)}).ok());
    CHECK(world.insert_box(nav::Aabb{v(20, 3), v(21, 10)}).ok());
    auto query = nav::Query::create().value();
    nav::AgentDesc agent{};
    agent.radius = 0.5f;
    agent.step = 0.5f;
    const nav::Vec2 start = v(10, 2);
    const std::vector<nav::Vec2> goals = {v(28, 2), v(2, 8), v(-5, 0), v(15, 5), v(25, 8)};
    nav::WorldPath path;
    uint32_t goal = 0;
    CHECK(nav::find_nearest(query, world, agent, start, goals, path, goal).ok());
    CHECK(path.found() && goal == 1);
    CHECK(path.points.front().x == start.x && path.points.back().x == goals[goal].x &&
          path.points.back().y == goals[goal].y);
    // One find_path per goal: the chosen one gives the same length.
    auto one = query.find_path(world, agent, start, goals[goal]).value();
    CHECK(one.found() && one.length == path.length && one.points.size() == path.points.size());
    auto far = query.find_path(world, agent, start, goals[0]).value();
    CHECK(!far.found() || far.length > path.length);
    // The path stays readable from the query (the nearest-goal search's, after another one).
    CHECK(nav::find_nearest(query, world, agent, start, goals, path, goal).ok());
    std::vector<nav::Vec2> again(path.points.size());
    uint32_t count = 0;
    CHECK(nav_query_world_path(query.get(), again.data(), static_cast<uint32_t>(again.size()), &count) == NAV_OK);
    CHECK(count == path.points.size());
    // Outcomes and refusals.
    CHECK(nav::find_nearest(query, world, agent, start, {}, path, goal).ok());
    CHECK(path.status == nav::PathStatus::GoalBlocked && goal == UINT32_MAX && path.points.empty());
    CHECK(nav::find_nearest(query, world, agent, start, {v(-5, 0)}, path, goal).ok());
    CHECK(path.status == nav::PathStatus::OutOfBounds);
    auto bad = nav::find_nearest(query, world, agent, start, {v(1, 1), v(NAN, 1)}, path, goal);
    CHECK(!bad.ok() && bad.status() == nav::Status::InvalidArgument);
    CHECK(bad.error().message.find("goals[1]") != std::string::npos);
    CHECK(goal == UINT32_MAX && path.points.empty());
}

void test_circle_world() {
    auto world = nav::CircleWorld::create(nav::Aabb{v(-20, -20), v(20, 20)}).value();
    CHECK(world.insert(v(4, 0), 3).ok());
    CHECK(world.insert(v(-6, 5), 2).ok());
    auto query = nav::Query::create().value();
    const std::vector<nav::Vec2> goals = {v(8, 0), v(0, 8.5f), v(4, 0), v(30, 0)};
    nav::CirclePath path;
    uint32_t goal = 0;
    CHECK(nav::find_nearest(query, world, 0.5f, v(0, 0), goals, path, goal).ok());
    CHECK(path.found() && goal == 1);
    CHECK(std::fabs(path.length - 8.5) < 1e-9);
    double best = INFINITY;
    for (const nav::Vec2& g : goals) {
        auto one = query.find_path(world, 0.5f, v(0, 0), g).value();
        if (one.found()) best = std::fmin(best, one.length);
    }
    CHECK(std::fabs(best - path.length) <= 1e-9 * best);
    CHECK(nav::find_nearest(query, world, 0.5f, v(0, 0), {v(4, 0)}, path, goal).ok());
    CHECK(path.status == nav::PathStatus::GoalBlocked && goal == UINT32_MAX);
    auto bad = nav::find_nearest(query, world, -1.0f, v(0, 0), goals, path, goal);
    CHECK(!bad.ok() && bad.status() == nav::Status::InvalidArgument);
}

void test_mesh_world() {
    auto world = nav::MeshWorld::create(nav::Aabb{v(-20, -20), v(20, 20)}).value();
    CHECK(world.insert_box(nav::Aabb{v(2, -3), v(6, 3)}).ok());
    CHECK(world.insert_circle(v(-6, 5), 2).ok());
    auto query = nav::Query::create().value();
    // Behind the box (about 12.1 around it), in the open but further, in the box, outside.
    const std::vector<nav::Vec2> goals = {v(7.5f, 0), v(-13, 0), v(4, 0), v(30, 0)};
    nav::MeshPath path;
    uint32_t goal = 0;
    CHECK(nav::find_nearest(query, world, 0.5f, v(0, 0), goals, path, goal).ok());
    CHECK(path.found() && goal == 0 && !path.pieces.empty());
    CHECK(path.pieces.back().end.x == 7.5f && path.pieces.back().end.y == 0.0f);
    double best = INFINITY;
    for (const nav::Vec2& g : goals) {
        auto one = query.find_path(world, 0.5f, v(0, 0), g).value();
        if (one.found()) best = std::fmin(best, one.length);
    }
    CHECK(std::fabs(best - path.length) <= 1e-9 * best);
    // The path stays readable as a polyline.
    CHECK(nav::find_nearest(query, world, 0.5f, v(0, 0), goals, path, goal).ok());
    auto points = query.mesh_path_polyline(0.05f).value();
    CHECK(points.size() >= 2 && points.back().x == 7.5f);
    // A larger disc does not fit behind the box: the goal in the open.
    CHECK(nav::find_nearest(query, world, 1.9f, v(0, 0), goals, path, goal).ok());
    CHECK(path.found() && goal == 1);
    CHECK(nav::find_nearest(query, world, 0.5f, v(0, 0), {v(4, 0)}, path, goal).ok());
    CHECK(path.status == nav::PathStatus::GoalBlocked && goal == UINT32_MAX);
    CHECK(nav::find_nearest(query, world, 0.5f, v(0, 0), {v(30, 0)}, path, goal).ok());
    CHECK(path.status == nav::PathStatus::OutOfBounds && goal == UINT32_MAX);
    auto bad = nav::find_nearest(query, world, -1.0f, v(0, 0), goals, path, goal);
    CHECK(!bad.ok() && bad.status() == nav::Status::InvalidArgument);
    auto nan = nav::find_nearest(query, world, 0.5f, v(0, 0), {v(1, 1), v(NAN, 1)}, path, goal);
    CHECK(!nan.ok() && nan.error().message.find("goals[1]") != std::string::npos);
    CHECK(goal == UINT32_MAX && path.pieces.empty());
}

void test_slice_state() {
    auto grid = nav::Grid::load_movingai(
                    "type octile\nheight 5\nwidth 10\nmap\n"
                    "..........\n.@@@@@@@@.\n.@......@.\n.@.@@@@.@.\n...@......\n")
                    .value();
    auto query = nav::Query::create().value();
    auto idle = nav::slice_state(query, nav::SliceNavigator::Grid);
    CHECK(idle.ok() && idle->stage == nav::SliceStage::Idle);
    auto state = nav::begin_sliced(query, grid, nav::Cell{0, 0}, nav::Cell{5, 2}).value();
    int steps = 0;
    while (state.running()) {
        state = nav::step_sliced(query, grid, 3).value();
        auto read = nav::slice_state(query, nav::SliceNavigator::Grid).value();
        CHECK(read.stage == state.stage && read.expanded == state.expanded && read.count == state.count);
        ++steps;
    }
    CHECK(steps > 1 && state.finished() && state.status == nav::PathStatus::Found);
    auto world = nav::slice_state(query, nav::SliceNavigator::World);
    CHECK(world.ok() && world->stage == nav::SliceStage::Idle);
    CHECK(nav::cancel_sliced(query).ok());
    CHECK(nav::slice_state(query, nav::SliceNavigator::Grid).value().stage == nav::SliceStage::Idle);
    auto bad = nav::slice_state(query, static_cast<nav::SliceNavigator>(9));
    CHECK(!bad.ok() && bad.status() == nav::Status::InvalidArgument);
}

}  // namespace

int main() {
    test_world();
    test_circle_world();
    test_mesh_world();
    test_slice_state();
    std::printf("nav_nearest.hpp: %d checks passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
