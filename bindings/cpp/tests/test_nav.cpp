// C++ test of nav.hpp against libnav: known results, errors as values, the buffer protocol,
// batches, threads, RAII. Run under valgrind by scripts/test-native.sh (no leaks, no errors).
#include <cmath>
#include <cstdio>
#include <string>
#include <thread>
#include <type_traits>
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

bool contains(const std::string& haystack, const char* needle) { return haystack.find(needle) != std::string::npos; }

const char* const WALL =
    "type octile\nheight 5\nwidth 8\nmap\n"
    "........\n"
    ".@@@@@@.\n"
    ".@....@.\n"
    ".@.@@.@.\n"
    "...@....\n";

/// A 64 x 48 map with walls and gaps.
nav::Grid maze() {
    std::vector<uint8_t> walkable(64 * 48, 1);
    for (uint32_t y = 0; y < 48; ++y)
        for (uint32_t x = 0; x < 64; ++x)
            if ((x % 8 == 4 && y % 12 != 1) || (y % 6 == 3 && x % 10 == 7)) walkable[y * 64 + x] = 0;
    return nav::Grid::from_walkable(64, 48, walkable).value();
}

void test_types_are_move_only() {
    static_assert(!std::is_copy_constructible_v<nav::Grid>, "Grid is move-only");
    static_assert(std::is_nothrow_move_constructible_v<nav::Grid>, "Grid moves");
    static_assert(!std::is_copy_constructible_v<nav::Query>, "Query is move-only");
    static_assert(!std::is_copy_assignable_v<nav::Rules>, "Rules is move-only");
    static_assert(sizeof(nav::Grid) == sizeof(void*), "the deleter takes no space");
    CHECK(nav::version_matches_header());
    NavVersion v = nav::version();
    CHECK(v.major == NAV_VERSION_MAJOR && v.minor == NAV_VERSION_MINOR && v.patch == NAV_VERSION_PATCH);
}

void test_wait_timeout_and_live_handles() {
    CHECK(nav::wait_timeout().ok() && nav::wait_timeout().value() == 0);
    CHECK(nav::set_wait_timeout(250).ok());
    CHECK(nav::wait_timeout().value() == 250);
    auto refused = nav::set_wait_timeout(NAV_MAX_WAIT_TIMEOUT_MS + 1);
    CHECK(!refused.ok() && refused.error().status == nav::Status::InvalidArgument);
    CHECK(nav::wait_timeout().value() == 250);
    CHECK(nav::set_wait_timeout(0).ok());
    auto before = nav::live_handles();
    CHECK(before.ok());
    {
        auto grid = nav::Grid::create(4, 4);
        CHECK(grid.ok());
        CHECK(nav::live_handles().value() == before.value() + 1);
    }
    CHECK(nav::live_handles().value() == before.value());
}

void test_known_paths() {
    auto grid = nav::Grid::load_movingai(WALL);
    CHECK(grid.ok());
    auto query = nav::Query::create();
    CHECK(query.ok());

    auto path = query->find_path(grid.value(), {0, 0}, {4, 2});
    CHECK(path.ok());
    CHECK(path->found());
    CHECK(path->cost == 10.0);
    CHECK(path->cells.size() == 11);
    CHECK(path->cells.front() == (nav::Cell{0, 0}));
    CHECK(path->cells.back() == (nav::Cell{4, 2}));
    CHECK(path->costs.back() == path->cost);

    auto open = nav::Grid::create(8, 8);
    auto diagonal = query->find_path(open.value(), {0, 0}, {4, 2});
    CHECK(diagonal.ok() && std::fabs(diagonal->cost - (2.0 + 2.0 * std::sqrt(2.0))) < 1e-12);

    // Rules: 4 moves and Manhattan; 10/14 costs.
    nav::RulesDesc four_desc;
    four_desc.moves = nav::Moves::Four;
    four_desc.heuristic = nav::Heuristic::Manhattan;
    auto four = nav::Rules::create(four_desc);
    CHECK(four.ok());
    auto manhattan = query->find_path(open.value(), {0, 0}, {4, 2}, &four.value());
    CHECK(manhattan.ok() && manhattan->cost == 6.0);
    nav::RulesDesc tens_desc;
    tens_desc.straight_cost = 10;
    tens_desc.diagonal_cost = 14;
    auto tens = nav::Rules::create(tens_desc);
    auto tens_path = query->find_path(open.value(), {0, 0}, {4, 2}, &tens.value());
    CHECK(tens_path.ok() && tens_path->cost == 48.0);

    // Blocked start, blocked goal, no path: outcomes, not errors.
    auto blocked = query->find_path(grid.value(), {1, 1}, {4, 2});
    CHECK(blocked.ok() && blocked->status == nav::PathStatus::StartBlocked && blocked->cells.empty());
    auto goal_blocked = query->find_path(grid.value(), {0, 0}, {3, 3});
    CHECK(goal_blocked.ok() && goal_blocked->status == nav::PathStatus::GoalBlocked);
    CHECK(grid->set_blocked(0, 4, true).ok());
    CHECK(grid->set_blocked(7, 1, true).ok());
    auto sealed = query->find_path(grid.value(), {0, 0}, {4, 2});
    CHECK(sealed.ok() && sealed->status == nav::PathStatus::NoPath);
    nav::QueryOptions partial{};
    partial.partial_path = 1;
    auto closest = query->find_path(grid.value(), {0, 0}, {4, 2}, nullptr, partial);
    CHECK(closest.ok() && closest->status == nav::PathStatus::NoPath && !closest->cells.empty());

    // Budget and expanded cells.
    auto straight = query->find_path(open.value(), {0, 0}, {7, 0}, &four.value());
    CHECK(straight.ok() && straight->cost == 7.0);
    auto reach = query->path_within_budget(3.0);
    CHECK(reach.ok() && reach.value() == 4);
    auto expanded = query->expanded_cells();
    CHECK(expanded.ok() && expanded->size() == straight->expanded);
}

void test_errors_are_values() {
    auto query = nav::Query::create().value();
    auto grid = nav::Grid::load_movingai(WALL).value();

    CHECK(query.find_path(grid, {0, 0}, {4, 2}).ok());
    auto outside = query.find_path(grid, {0, 0}, {8, 2});
    CHECK(!outside.ok());
    CHECK(outside.status() == nav::Status::OutOfRange);
    CHECK(contains(outside.error().message, "goal (8, 2) is outside the 8x5 grid"));
    // The refused query leaves nothing of the previous one behind.
    CHECK(query.path_within_budget(INFINITY).value() == 0);
    CHECK(query.expanded_cells().value().empty());

    auto absurd = nav::Grid::load_movingai("type octile\nheight 1000000000\nwidth 1000000000\nmap\n");
    CHECK(absurd.status() == nav::Status::InvalidSize);
    CHECK(contains(absurd.error().message, "refused"));

    auto zero = nav::Grid::create(0, 3);
    CHECK(zero.status() == nav::Status::InvalidSize);
    auto huge = nav::Grid::create(1000000000u, 1000000000u);
    CHECK(huge.status() == nav::Status::InvalidSize);
    CHECK(contains(huge.error().message, "refused"));

    CHECK(grid.set_cost_multiplier(0, 0, std::nan("")).status() == nav::Status::InvalidArgument);
    CHECK(grid.set_cost_multiplier(0, 0, -2.0).status() == nav::Status::InvalidArgument);
    CHECK(grid.set_cost_multiplier(0, 0, INFINITY).status() == nav::Status::InvalidArgument);
    CHECK(grid.set_terrain(0, 0, 70000).status() == nav::Status::InvalidArgument);
    CHECK(grid.set_blocked(99, 0, true).status() == nav::Status::OutOfRange);
    CHECK(grid.cell(0, 0)->cost_multiplier == 1.0);

    nav::RulesDesc greedy;
    greedy.heuristic = nav::Heuristic::Manhattan;
    auto refused = nav::Rules::create(greedy);
    CHECK(refused.status() == nav::Status::InvalidRules);
    CHECK(contains(refused.error().message, "admissible"));
    greedy.allow_inadmissible = true;
    CHECK(nav::Rules::create(greedy).ok());

    nav::QueryOptions options{};
    options.max_cost = -1.0;
    CHECK(query.find_path(grid, {0, 0}, {4, 2}, nullptr, options).status() == nav::Status::InvalidArgument);
    options.max_cost = 0.0;
    options.agent_size = 256;
    CHECK(query.find_path(grid, {0, 0}, {4, 2}, nullptr, options).status() == nav::Status::InvalidArgument);
    CHECK(contains(nav::last_error_message(), "agent_size"));

    auto bad_map = nav::Grid::load_movingai("type octile\nheight 2\nwidth 2\nmap\n..\n.\n");
    CHECK(bad_map.status() == nav::Status::ParseError);
    CHECK(contains(bad_map.error().message, "<memory>:6"));
    auto missing = nav::Grid::load_movingai_file("/nonexistent/nav.map");
    CHECK(missing.status() == nav::Status::IoError);

    // A deliberate internal error: reported, and the query works afterwards.
    CHECK(nav_debug_panic(query.get()) == NAV_PANIC);
    CHECK(contains(nav::last_error_message(), "deliberate"));
    CHECK(query.find_path(grid, {0, 0}, {4, 2}).ok());
}

void test_buffer_protocol() {
    auto grid = nav::Grid::load_movingai(WALL).value();
    auto query = nav::Query::create().value();
    NavGridPathResult result{};
    NavCell small[3];
    NavStatus s = nav_grid_find_path(grid.get(), query.get(), nullptr, nullptr, {0, 0}, {4, 2}, small, nullptr, 3,
                                     &result);
    CHECK(s == NAV_BUFFER_TOO_SMALL);
    CHECK(result.cell_count == 11);
    std::vector<NavCell> cells(result.cell_count);
    uint32_t count = 0;
    CHECK(nav_query_grid_path(query.get(), cells.data(), nullptr, result.cell_count, &count) == NAV_OK);
    CHECK(count == 11 && cells[10] == (nav::Cell{4, 2}));

    // The reusing overload grows its vectors once, then reuses them.
    nav::Path path;
    CHECK(query.find_path(grid, {0, 0}, {4, 2}, path).ok());
    const nav::Cell* data = path.cells.data();
    CHECK(query.find_path(grid, {0, 0}, {7, 0}, path).ok());
    CHECK(path.cells.data() == data && path.cells.size() == 8);

    auto walkable = grid.walkable();
    CHECK(walkable.ok() && walkable->size() == 40 && (*walkable)[9] == 0);
    auto text = grid.to_movingai();
    CHECK(text.ok() && text.value() == WALL);
    auto copy = nav::Grid::load_movingai(text.value());
    CHECK(copy.ok() && copy->info()->walkable_count == grid.info()->walkable_count);
}

void test_batch_and_threads() {
    nav::Grid grid = maze();
    auto query = nav::Query::create().value();
    std::vector<nav::Pair> pairs;
    for (uint32_t i = 0; i < 120; ++i) pairs.push_back({{i * 7 % 64, i * 5 % 48}, {i * 13 % 64, i * 11 % 48}});

    nav::BatchResults serial;
    CHECK(query.find_paths(grid, pairs, serial, 300, 1).ok());
    nav::BatchResults pooled;
    CHECK(query.find_paths(grid, pairs, pooled, 300, 0).ok());
    bool same = serial.results.size() == pooled.results.size();
    for (std::size_t i = 0; same && i < pairs.size(); ++i) {
        same = serial.results[i].cost == pooled.results[i].cost &&
               serial.results[i].cell_count == pooled.results[i].cell_count &&
               serial.path(i).to_vector() == pooled.path(i).to_vector();
    }
    CHECK(same);

    // Each batch result equals a single query.
    nav::Path path;
    bool singles = true;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        singles = singles && query.find_path(grid, pairs[i].start, pairs[i].goal, path).ok() &&
                  path.cost == serial.results[i].cost && path.cells == serial.path(i).to_vector();
    }
    CHECK(singles);

    // Per-pair errors: an outside pair and a too-small slot.
    std::vector<nav::Pair> mixed = {{{0, 0}, {1, 0}}, {{0, 0}, {99, 0}}, {{0, 0}, {63, 47}}};
    nav::BatchResults out;
    auto r = query.find_paths(grid, mixed, out, 4, 1);
    CHECK(r.status() == nav::Status::OutOfRange);
    CHECK(contains(r.error().message, "pair 1 of 3"));
    CHECK(out.results[0].status == NAV_OK && out.path(0).size == 2);
    CHECK(out.results[1].status == NAV_OUT_OF_RANGE);
    CHECK(out.results[2].status == NAV_BUFFER_TOO_SMALL && out.results[2].cell_count > 4);

    // Four threads share the grid, each with its own query; results equal the serial ones.
    std::vector<int> agree(4, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            auto mine = nav::Query::create().value();
            nav::Path p;
            int ok = 1;
            for (std::size_t i = static_cast<std::size_t>(t); i < pairs.size(); i += 4) {
                ok &= mine.find_path(grid, pairs[i].start, pairs[i].goal, p).ok() && p.cost == serial.results[i].cost;
            }
            agree[static_cast<std::size_t>(t)] = ok;
        });
    }
    for (auto& thread : threads) thread.join();
    CHECK(agree == std::vector<int>(4, 1));

    // To change a grid while others query it, change a copy.
    nav::Grid copy = grid.clone().value();
    CHECK(copy.set_blocked(0, 0, true).ok());
    CHECK(grid.cell(0, 0)->blocked == 0);
}

void test_raii_and_moves() {
    auto grid = nav::Grid::create(4, 4);
    nav::Grid moved = std::move(grid.value());
    CHECK(moved.get() != nullptr);
    CHECK(grid->get() == nullptr);  // moved-from handle is empty; its destructor frees nothing
    auto info = moved.info();
    CHECK(info.ok() && info->width == 4);
    // Calls on an empty (moved-from) object are errors, not crashes.
    CHECK(grid->info().status() == nav::Status::NullPointer);
    nav::Grid other = nav::Grid::create(2, 2).value();
    other = std::move(moved);  // frees the 2x2 grid
    CHECK(other.info()->width == 4);
}

void test_worlds() {
    auto query = nav::Query::create().value();

    // Agents of two sizes in one world: the large one does not fit through the gap.
    auto world = nav::World::create({{0, 0}, {20, 10}});
    CHECK(world.ok());
    CHECK(world->insert_box({{9, 0}, {11, 4}}).ok());
    CHECK(world->insert_box({{9, 6}, {11, 10}}).ok());
    nav::AgentDesc small{};
    small.radius = 0.8f;
    small.step = 0.25f;
    auto path = query.find_path(world.value(), small, {2, 2}, {18, 8});
    CHECK(path.ok() && path->found());
    CHECK(path.ok() && path->points.front().x == 2.0f && path->points.back().y == 8.0f);
    nav::AgentDesc large = small;
    large.radius = 1.2f;
    auto blocked = query.find_path(world.value(), large, {2, 2}, {18, 8});
    CHECK(blocked.ok() && blocked->status == nav::PathStatus::NoPath);
    auto outside = query.find_path(world.value(), small, {2, 2}, {30, 8});
    CHECK(outside.ok() && outside->status == nav::PathStatus::OutOfBounds);
    auto unit = world->insert_circle({5, 5}, 1.0f, true);
    CHECK(unit.ok());
    CHECK(world->move_circle(unit.value(), {6, 5}, 1.0f).ok());
    CHECK(world->disc_is_clear({6, 5}, 0.5f).ok() && !world->disc_is_clear({6, 5}, 0.5f).value());
    CHECK(world->disc_is_clear({6, 5}, 0.5f, unit.value()).value());
    CHECK(world->remove(unit.value()).ok());
    auto removed = world->remove(unit.value());
    CHECK(removed.status() == nav::Status::UnknownObject);
    CHECK(contains(removed.error().message, ("obstacle " + std::to_string(unit.value()) + " ").c_str()));
    nav::AgentDesc gone = small;
    gone.own_obstacle = unit.value();
    auto unknown_own = query.find_path(world.value(), gone, {2, 2}, {18, 8});
    CHECK(unknown_own.status() == nav::Status::UnknownObject);
    CHECK(contains(unknown_own.error().message, "agent.own_obstacle"));
    CHECK(world->disc_is_clear({6, 5}, 0.5f, unit.value()).status() == nav::Status::UnknownObject);
    nav::AgentDesc bad = small;
    bad.radius = -1.0f;
    CHECK(query.find_path(world.value(), bad, {2, 2}, {18, 8}).status() == nav::Status::InvalidArgument);
    CHECK(nav::World::create({{0, 0}, {0, 10}}).status() == nav::Status::InvalidArgument);

    // Circles: the exact path around a rock, as pieces and as a polyline.
    auto circles = nav::CircleWorld::create({{-10, -10}, {10, 10}});
    CHECK(circles.ok());
    auto rock = circles->insert({0, 0}, 2.0f);
    CHECK(rock.ok());
    auto around = query.find_path(circles.value(), 0.0f, {-5, 0}, {5, 0});
    CHECK(around.ok() && around->found());
    // Two tangents of length sqrt(21) and an arc of 2 * (pi/2 - acos(2/5)) radians of radius 2.
    double expected = 2 * std::sqrt(21.0) + 2 * 2 * (std::acos(-1.0) / 2 - std::acos(2.0 / 5.0));
    CHECK(around.ok() && std::fabs(around->length - expected) < 1e-4);
    CHECK(around.ok() && around->pieces.size() == 3 && around->pieces[1].kind == NAV_PIECE_KIND_ARC);
    auto points = query.circle_path_polyline(0.01f);
    CHECK(points.ok() && points->size() > 3);
    bool clear = true;
    for (const nav::Vec2& p : points.value()) clear = clear && std::sqrt(p.x * p.x + p.y * p.y) >= 2.0f - 1e-3f;
    CHECK(clear);
    auto inside = query.find_path(circles.value(), 0.0f, {-5, 0}, {0.5f, 0});
    CHECK(inside.ok() && inside->status == nav::PathStatus::GoalBlocked && inside->blocking_circle == rock.value());
    CHECK(circles->set(rock.value(), {0, 3}, 1.0f).ok());
    CHECK(circles->count().value() == 1);
    CHECK(circles->insert({0, 0}, std::nanf("")).status() == nav::Status::InvalidArgument);
    CHECK(query.find_path(circles.value(), 0.0f, {-5, 0}, {5, 0}).ok());
    CHECK(query.find_path(circles.value(), -1.0f, {-5, 0}, {5, 0}).status() == nav::Status::InvalidArgument);
    CHECK(query.circle_path_polyline(0.01f).value().empty());  // nothing left of the previous path
    CHECK(query.circle_path_polyline(0.0f).status() == nav::Status::InvalidArgument);
}

}  // namespace

// Agents of K x K cells: one grid serves every size through its clearance.
void test_clearance() {
    auto grid = nav::Grid::load_movingai(
                    "type octile\nheight 6\nwidth 10\nmap\n"
                    "..........\n"
                    "..........\n"
                    "@.@@@@..@@\n"
                    "..........\n"
                    "..........\n"
                    "..........\n")
                    .value();
    auto query = nav::Query::create().value();
    auto clearance = [&](uint32_t x, uint32_t y) {
        uint32_t value = 999;
        CHECK(nav_grid_clearance(grid.get(), x, y, &value) == NAV_OK);
        return value;
    };
    CHECK(clearance(0, 0) == 2);
    CHECK(clearance(6, 1) == 2);
    CHECK(clearance(1, 1) == 1);

    nav::QueryOptions options{};
    auto one = query.find_path(grid, {0, 0}, {0, 3}, nullptr, options);
    CHECK(one.ok() && std::fabs(one->cost - (3.0 + std::sqrt(2.0))) < 1e-9);
    options.agent_size = 2;
    auto two = query.find_path(grid, {0, 0}, {0, 3}, nullptr, options);
    CHECK(two.ok() && two->status == nav::PathStatus::Found && two->cost == 15.0);
    if (two.ok()) {
        for (const auto& c : two->cells) CHECK(clearance(c.x, c.y) >= 2);
    }
    options.agent_size = 3;
    auto three = query.find_path(grid, {0, 0}, {0, 3}, nullptr, options);
    CHECK(three.ok() && three->status == nav::PathStatus::StartBlocked);
}

/// MeshWorld: the wall of the C test (bounds [0, 20]^2, wall [9, 11] x [0, 15], radius 1 from
/// (2, 2) to (18, 2) over the wall; length 2 sqrt(d^2 - 1) + 2 + 2 theta with d = |(7, 13)|,
/// theta = atan2(13, 7) + asin(1 / d)), RAII, buffer reuse, edits, threads, errors as values.
void test_mesh_world() {
    static_assert(!std::is_copy_constructible_v<nav::MeshWorld>, "MeshWorld is move-only");
    static_assert(std::is_nothrow_move_constructible_v<nav::MeshWorld>, "MeshWorld moves");
    const double d = std::sqrt(7.0 * 7.0 + 13.0 * 13.0);
    const double expected = 2.0 * std::sqrt(d * d - 1.0) + 2.0 + 2.0 * (std::atan2(13.0, 7.0) + std::asin(1.0 / d));
    auto world = nav::MeshWorld::create({{0, 0}, {20, 20}});
    CHECK(world.ok());
    auto wall = world->insert_box({{9, 0}, {11, 15}});
    CHECK(wall.ok() && *wall != 0);
    auto query = nav::Query::create();
    CHECK(query.ok());

    nav::MeshPath path;
    CHECK(query->find_path(*world, 1.0f, {2, 2}, {18, 2}, path).ok());
    CHECK(path.found() && !path.partial);
    CHECK(std::fabs(path.length - expected) < 1e-4);
    CHECK(path.pieces.size() == 5);
    CHECK(path.pieces[1].kind == NAV_PIECE_KIND_ARC && path.pieces[1].turn == NAV_TURN_CW);
    CHECK(path.pieces.front().start.x == 2.0f && path.pieces.back().end.x == 18.0f);
    double sum = 0.0;
    for (const auto& piece : path.pieces) sum += piece.length;
    CHECK(std::fabs(sum - expected) < 1e-3);
    // Warm: the same Path& is reused (no reallocation once large enough).
    const nav::PathPiece* data = path.pieces.data();
    CHECK(query->find_path(*world, 1.0f, {2, 2}, {18, 3}, path).ok());
    CHECK(path.found() && path.pieces.data() == data);
    auto polyline = query->mesh_path_polyline(0.05f);
    CHECK(polyline.ok() && polyline->size() > 5);
    CHECK(polyline.ok() && polyline->front().x == 2.0f && polyline->back().x == 18.0f);
    auto bad_polyline = query->mesh_path_polyline(-1.0f);
    CHECK(bad_polyline.status() == nav::Status::InvalidArgument);
    CHECK(contains(bad_polyline.error().message, "max_deviation"));
    // The cache limit: lists kept; with a limit of one byte the next query drops them and
    // finds the same path.
    auto held = query->mesh_cache_bytes();
    CHECK(held.ok() && *held > 0);
    CHECK(query->set_mesh_cache_limit(1).ok());
    nav::MeshPath limited;
    CHECK(query->find_path(*world, 1.0f, {2, 2}, {18, 2}, limited).ok());
    CHECK(limited.found() && std::fabs(limited.length - expected) < 1e-4);
    CHECK(query->set_mesh_cache_limit(0).ok());

    // Spatial queries.
    CHECK(world->fits({5, 5}, 1.0f).value() && !world->fits({10, 5}, 0.0f).value());
    auto nearest = world->nearest_fit({8.5f, 5.0f}, 1.0f);
    CHECK(nearest.ok() && nearest->has_value() && std::fabs((*nearest)->x - 8.0f) < 1e-3f);
    auto nowhere = world->nearest_fit({10, 10}, 50.0f);
    CHECK(nowhere.ok() && !nowhere->has_value());
    auto hit = world->raycast({2, 5}, {1, 0}, INFINITY, 1.0f);
    CHECK(hit.ok() && hit->has_value() && std::fabs(**hit - 6.0f) < 1e-3f);
    auto clear = world->raycast({2, 5}, {1, 0}, 3.0f, 1.0f);
    CHECK(clear.ok() && !clear->has_value());
    CHECK(world->connected({2, 2}, {18, 2}, 1.0f).value());
    CHECK(!world->connected({4, 4}, {16, 4}, 2.5f).value());

    // Edits and a clone that does not see later edits.
    std::vector<nav::Vec2> tri{{14, 14}, {17, 14}, {15, 17}};
    auto tri_id = world->insert_polygon(tri);
    CHECK(tri_id.ok() && *tri_id != *wall);
    auto copy = world->clone();
    CHECK(copy.ok());
    CHECK(world->set_polygon(*tri_id, std::vector<nav::Vec2>{{1, 14}, {4, 14}, {2, 17}}).ok());
    CHECK(world->set_box(*wall, {{9, 0}, {11, 5}}).ok());
    CHECK(world->count().value() == 2);
    CHECK(query->find_path(*world, 1.0f, {2, 2}, {18, 2}, path).ok() && path.length < expected - 10.0);
    CHECK(query->find_path(*copy, 1.0f, {2, 2}, {18, 2}, path).ok() && std::fabs(path.length - expected) < 1e-4);
    CHECK(world->remove(*tri_id).ok());
    auto again = world->remove(*tri_id);
    CHECK(again.status() == nav::Status::UnknownObject && contains(again.error().message, "removed already"));
    auto circle = world->insert_circle({15, 15}, 1.5f);
    CHECK(circle.ok());
    CHECK(world->set_circle(*circle, {15, 14}, 1.0f).ok());
    CHECK(world->clear().ok() && world->count().value() == 0);

    // Errors are values, naming the argument; nothing changes.
    auto two_points = world->insert_polygon(std::vector<nav::Vec2>{{1, 1}, {2, 2}});
    CHECK(two_points.status() == nav::Status::InvalidSize && contains(two_points.error().message, "at least 3"));
    CHECK(world->insert_circle({5, 5}, -1.0f).status() == nav::Status::InvalidArgument);
    CHECK(world->insert_box({{5, 5}, {NAN, 6}}).status() == nav::Status::InvalidArgument);
    auto bad_radius = query->find_path(*world, NAN, {2, 2}, {18, 2});
    CHECK(bad_radius.status() == nav::Status::InvalidArgument && contains(bad_radius.error().message, "agent_radius"));
    CHECK(!path.pieces.empty());
    CHECK(query->find_path(*world, -1.0f, {2, 2}, {18, 2}, path).status() == nav::Status::InvalidArgument);
    CHECK(path.pieces.empty());
    CHECK(query->mesh_path_polyline(0.1f).value().empty());
    CHECK(world->count().value() == 0);
    auto no_bounds = nav::MeshWorld::create({{0, 0}, {0, 10}});
    CHECK(no_bounds.status() == nav::Status::InvalidArgument);
    const std::vector<nav::Vec2> l_shape{{0, 0}, {30, 0}, {30, 10}, {10, 10}, {10, 30}, {0, 30}};
    auto l = nav::MeshWorld::create_polygon(l_shape);
    CHECK(l.ok());
    auto around = query->find_path(*l, 1.0f, {25, 5}, {5, 25});
    CHECK(around.ok() && around->found());
    auto outside = query->find_path(*l, 0.0f, {20, 20}, {5, 5});
    CHECK(outside.ok() && outside->status == nav::PathStatus::OutOfBounds && outside->pieces.empty());

    // Threads: each with its own Query reads the same world at once.
    CHECK(world->insert_box({{9, 0}, {11, 15}}).ok());
    std::vector<double> lengths(4, 0.0);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < lengths.size(); ++t) {
        threads.emplace_back([&, t] {
            auto q = nav::Query::create();
            nav::MeshPath p;
            for (int k = 0; k < 20; ++k)
                if (q.ok() && q->find_path(*world, 1.0f, {2, 2}, {18, 2}, p).ok()) lengths[t] = p.length;
        });
    }
    for (auto& thread : threads) thread.join();
    for (double length : lengths) CHECK(std::fabs(length - expected) < 1e-4);

    // Moved-from worlds are empty handles, refused by nav rather than crashing.
    nav::MeshWorld moved = std::move(*l);
    CHECK(moved.count().value() == 0);
    CHECK(l->count().status() == nav::Status::NullPointer);
}

/// Preprocessed jump points (JPS+) give the lengths of cell-by-cell search, also after edits.
void test_search_modes() {
    auto grid = maze();
    auto query = nav::Query::create();
    auto cells = nav::Rules::create(nav::RulesDesc{}, nav::SearchMode::CellByCell);
    auto plus = nav::Rules::create(nav::RulesDesc{}, nav::SearchMode::JumpPointsPlus);
    CHECK(cells.ok() && plus.ok());
    CHECK(plus->search_mode().value() == nav::SearchMode::JumpPointsPlus);
    auto built = nav::prepare(grid, &plus.value());
    CHECK(built.ok() && built.value());
    CHECK(!nav::prepare(grid, &plus.value()).value());
    for (uint32_t round = 0; round < 3; ++round) {
        auto a = query->find_path(grid, {0, 0}, {63, 47}, &cells.value());
        CHECK(nav::search_used(query.value()).value() == nav::SearchMode::CellByCell);
        auto b = query->find_path(grid, {0, 0}, {63, 47}, &plus.value());
        CHECK(nav::search_used(query.value()).value() == nav::SearchMode::JumpPointsPlus);
        CHECK(a.ok() && b.ok() && a->found() && b->found());
        CHECK(std::fabs(a->cost - b->cost) < 1e-9);
        CHECK(b->expanded < a->expanded);
        CHECK(b->cells.front() == (nav::Cell{0, 0}) && b->cells.back() == (nav::Cell{63, 47}));
        CHECK(grid.set_blocked(5 + round * 20, 13, true).ok());
    }
    nav::RulesDesc four;
    four.moves = nav::Moves::Four;
    four.heuristic = nav::Heuristic::Manhattan;
    auto refused = nav::Rules::create(four, nav::SearchMode::JumpPointsPlus);
    CHECK(!refused.ok() && refused.error().status == nav::Status::InvalidRules);
    CHECK(!nav::prepare(grid, &plus.value(), 300).ok());
}

int main() {
    test_types_are_move_only();
    test_wait_timeout_and_live_handles();
    test_search_modes();
    test_clearance();
    test_known_paths();
    test_errors_are_values();
    test_buffer_protocol();
    test_batch_and_threads();
    test_raii_and_moves();
    test_worlds();
    test_mesh_world();
    std::printf("C++ test: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
