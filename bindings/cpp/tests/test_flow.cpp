// C++ test of nav_flow.hpp against libnav: a flow field against one query per start (the
// Rust results through the C API), repairs after edits, the nearest of several goals, errors
// as values. Run under valgrind by scripts/test-native.sh.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "nav_flow.hpp"

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

const char* const WALL =
    "type octile\nheight 5\nwidth 8\nmap\n"
    "........\n"
    ".@@@@@@.\n"
    ".@....@.\n"
    ".@.@@.@.\n"
    "...@....\n";

bool close(double a, double b) { return std::fabs(a - b) < 1e-9; }

void test_field_matches_queries() {
    auto grid = nav::Grid::load_movingai(WALL).value();
    auto query = nav::Query::create().value();
    auto field = nav::FlowField::create().value();
    const nav::Cell goal{7, 4};
    auto report = field.build(grid, {goal});
    CHECK(report.ok());
    CHECK(report->goals_used == 1);
    auto cells = field.cells().value();
    CHECK(cells.size() == 40);
    uint64_t reachable = 0;
    nav::FlowPath path;
    for (uint32_t y = 0; y < 5; ++y) {
        for (uint32_t x = 0; x < 8; ++x) {
            const nav::FlowCell& c = cells[y * 8 + x];
            auto one = field.cell(x, y).value();
            CHECK(one.cost == c.cost && one.dx == c.dx && one.dy == c.dy && one.reachable == c.reachable);
            auto found = query.find_path(grid, nav::Cell{x, y}, goal);
            CHECK(found.ok());
            CHECK((c.reachable == 1) == (found->status == nav::PathStatus::Found));
            if (c.reachable != 1) continue;
            ++reachable;
            CHECK(close(c.cost, found->cost));
            CHECK(field.path_from(nav::Cell{x, y}, path).ok());
            CHECK(path.status == nav::PathStatus::Found);
            CHECK(close(path.cost, found->cost));
            CHECK(path.cells.front() == (nav::Cell{x, y}) && path.cells.back() == goal);
        }
    }
    CHECK(reachable == report->reachable);
    // A unit next to the goal walks straight at it.
    CHECK(field.cell(7, 2).value().sees_goal == 1);
    CHECK(field.cell(0, 0).value().sees_goal == 0);

    // Block a cell on many paths, repair, compare with a fresh build.
    CHECK(grid.set_blocked(7, 3, true).ok());
    auto repaired = field.update(grid, {nav::Cell{7, 3}});
    CHECK(repaired.ok() && repaired->rebuilt == 0);
    auto fresh = nav::FlowField::create().value();
    CHECK(fresh.build(grid, {goal}).ok());
    auto a = field.cells().value();
    auto b = fresh.cells().value();
    bool same = a.size() == b.size();
    for (std::size_t i = 0; same && i < a.size(); ++i)
        same = a[i].reachable == b[i].reachable && close(a[i].cost, b[i].cost);
    CHECK(same);
}

void test_nearest_and_errors() {
    auto grid = nav::Grid::load_movingai(WALL).value();
    auto nearest = nav::find_nearest(grid, nav::Cell{0, 0}, {nav::Cell{4, 2}, nav::Cell{7, 4}, nav::Cell{0, 4}});
    CHECK(nearest.ok());
    CHECK(nearest->status == nav::PathStatus::Found);
    CHECK(nearest->goal_index == 2);
    CHECK(close(nearest->cost, 4.0));
    CHECK(nearest->cells.back() == (nav::Cell{0, 4}));
    auto none = nav::find_nearest(grid, nav::Cell{0, 0}, {});
    CHECK(none.ok() && none->status == nav::PathStatus::GoalBlocked && none->goal_index == UINT32_MAX);

    auto field = nav::FlowField::create().value();
    auto off = field.build(grid, {nav::Cell{8, 0}});
    CHECK(!off.ok() && off.status() == nav::Status::OutOfRange);
    CHECK(off.error().message.find("(8, 0)") != std::string::npos);
    nav::FlowOptions big;
    big.agent_size = 256;
    auto bad = field.build(grid, {nav::Cell{0, 0}}, big);
    CHECK(!bad.ok() && bad.status() == nav::Status::InvalidArgument);
    CHECK(!field.cell(0, 0).ok());  // the failed build left the field empty
    CHECK(field.build(grid, {nav::Cell{0, 0}}).ok());
    CHECK(field.cell(9, 9).status() == nav::Status::OutOfRange);
    CHECK(field.path_from(nav::Cell{0, 99}).status() == nav::Status::OutOfRange);
}

}  // namespace

int main() {
    test_field_matches_queries();
    test_nearest_and_errors();
    std::printf("nav_flow.hpp: %d checks passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
