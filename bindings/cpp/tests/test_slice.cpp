// C++ test of nav.hpp's time-sliced queries against libnav: for every navigator, the sliced
// answer equals find_path's for many budgets; an edit between steps is Status::WorldChanged;
// a budget of 0 is refused. Run (with valgrind) by scripts/test-native.sh.
#include <cstdio>
#include <vector>

#include "nav.hpp"

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

const uint32_t BUDGETS[] = {1, 3, 256, 0xffffffffu};

/// Steps `step` until the query is no longer running.
template <class Step>
nav::Result<nav::SliceState> run(nav::Result<nav::SliceState> state, Step step) {
    int steps = 0;
    while (state.ok() && state->running() && steps < 1000000) {
        state = step();
        ++steps;
    }
    return state;
}

void test_grid() {
    const char* text =
        "type octile\nheight 5\nwidth 10\nmap\n"
        "..........\n"
        ".@@@@@@@@.\n"
        ".@......@.\n"
        ".@.@@@@.@.\n"
        "...@......\n";
    auto grid = nav::Grid::load_movingai(text);
    auto query = nav::Query::create();
    CHECK(grid.ok() && query.ok());
    nav::Cell start{0, 0}, goal{5, 2};
    auto expected = query->find_path(*grid, start, goal);
    CHECK(expected.ok() && expected->found());
    for (uint32_t budget : BUDGETS) {
        auto state = run(nav::begin_sliced(*query, *grid, start, goal),
                         [&] { return nav::step_sliced(*query, *grid, budget); });
        CHECK(state.ok() && state->finished());
        CHECK(state->status == expected->status && state->cost == expected->cost &&
              state->expanded == expected->expanded && state->count == expected->cells.size());
        nav::Path path;
        CHECK(nav::sliced_path(*query, *state, path).ok());
        CHECK(path.cells == expected->cells && path.costs == expected->costs && path.cost == expected->cost);
    }
    // An edit between two steps.
    auto begun = nav::begin_sliced(*query, *grid, start, goal);
    CHECK(begun.ok() && begun->running());
    CHECK(grid->set_blocked(9, 0, false).ok());
    auto changed = nav::step_sliced(*query, *grid, 1);
    CHECK(!changed.ok() && changed.status() == nav::Status::WorldChanged);
    CHECK(std::string(nav::status_name(changed.status())) == "NAV_WORLD_CHANGED");
    auto idle = nav::step_sliced(*query, *grid, 1);
    CHECK(idle.ok() && idle->stage == nav::SliceStage::Idle);
    // A budget of 0, and cancel.
    CHECK(nav::begin_sliced(*query, *grid, start, goal).ok());
    CHECK(nav::step_sliced(*query, *grid, 0).status() == nav::Status::InvalidArgument);
    CHECK(nav::cancel_sliced(*query).ok());
    auto cancelled = nav::step_sliced(*query, *grid, 5);
    CHECK(cancelled.ok() && cancelled->stage == nav::SliceStage::Idle);
    // Bad endpoints are refused at begin.
    CHECK(nav::begin_sliced(*query, *grid, start, nav::Cell{99, 0}).status() == nav::Status::OutOfRange);
}

void test_worlds() {
    auto query = nav::Query::create();
    CHECK(query.ok());
    nav::Aabb bounds{{0.0f, 0.0f}, {30.0f, 10.0f}};
    nav::Vec2 start{2.0f, 2.0f}, goal{28.0f, 2.0f};

    auto world = nav::World::create(bounds);
    CHECK(world.ok() && world->insert_box(nav::Aabb{{14.0f, 0.0f}, {16.0f, 8.0f}}).ok());
    nav::AgentDesc agent{};
    agent.radius = 0.4f;
    agent.step = 0.5f;
    auto expected = query->find_path(*world, agent, start, goal);
    CHECK(expected.ok() && expected->found());
    for (uint32_t budget : BUDGETS) {
        auto state = run(nav::begin_sliced(*query, *world, agent, start, goal),
                         [&] { return nav::step_sliced(*query, *world, budget); });
        CHECK(state.ok() && state->finished() && state->cost == expected->length &&
              state->expanded == expected->expanded);
        nav::WorldPath path;
        CHECK(nav::sliced_path(*query, *state, path).ok());
        CHECK(path.points.size() == expected->points.size());
        for (std::size_t i = 0; i < path.points.size() && i < expected->points.size(); ++i)
            CHECK(path.points[i].x == expected->points[i].x && path.points[i].y == expected->points[i].y);
    }
    CHECK(nav::begin_sliced(*query, *world, agent, start, goal).ok());
    CHECK(world->insert_circle({20.0f, 8.0f}, 0.5f).ok());
    CHECK(nav::step_sliced(*query, *world, 1).status() == nav::Status::WorldChanged);

    auto circles = nav::CircleWorld::create(bounds);
    CHECK(circles.ok());
    for (int k = 0; k < 5; ++k) CHECK(circles->insert({6.0f + 4.0f * k, 3.0f + 3.0f * (k % 2)}, 1.2f).ok());
    auto exact = query->find_path(*circles, 0.3f, start, goal);
    CHECK(exact.ok() && exact->found());
    for (uint32_t budget : BUDGETS) {
        auto state = run(nav::begin_sliced(*query, *circles, 0.3f, start, goal),
                         [&] { return nav::step_sliced(*query, *circles, budget); });
        CHECK(state.ok() && state->finished() && state->cost == exact->length && state->count == exact->pieces.size());
        nav::CirclePath path;
        CHECK(nav::sliced_path(*query, *state, path).ok() && path.pieces.size() == exact->pieces.size());
    }

    auto mesh = nav::MeshWorld::create(bounds);
    CHECK(mesh.ok() && mesh->insert_box(nav::Aabb{{14.0f, 0.0f}, {16.0f, 8.0f}}).ok());
    auto polygon = query->find_path(*mesh, 0.5f, start, goal);
    CHECK(polygon.ok() && polygon->found());
    for (uint32_t budget : BUDGETS) {
        auto state = run(nav::begin_sliced(*query, *mesh, 0.5f, start, goal),
                         [&] { return nav::step_sliced(*query, *mesh, budget); });
        CHECK(state.ok() && state->finished() && state->cost == polygon->length &&
              state->count == polygon->pieces.size());
        nav::MeshPath path;
        CHECK(nav::sliced_path(*query, *state, path).ok() && path.pieces.size() == polygon->pieces.size());
    }
    CHECK(nav::begin_sliced(*query, *mesh, 0.5f, start, goal).ok());
    CHECK(mesh->insert_box(nav::Aabb{{20.0f, 8.0f}, {21.0f, 9.0f}}).ok());
    CHECK(nav::step_sliced(*query, *mesh, 1).status() == nav::Status::WorldChanged);
}

}  // namespace

int main() {
    test_grid();
    test_worlds();
    std::printf("%d checks passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
