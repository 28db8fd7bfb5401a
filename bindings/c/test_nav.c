/* C test of nav.h: compiled with gcc -std=c99 -Wall -Wextra -Werror against libnav.so.
 * Exercises the basic calls and the error conventions; prints one line per failed check and a
 * summary, and exits non-zero when a check failed. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nav.h"
#include "test_check.h"


static void test_version(void) {
    NavVersion version;
    CHECK(nav_version(&version) == NAV_OK);
    CHECK(version.major == NAV_VERSION_MAJOR);
    CHECK(version.minor == NAV_VERSION_MINOR);
    CHECK(version.patch == NAV_VERSION_PATCH);
}

static void test_find_path(void) {
    NavGrid *grid = NULL;
    NavQuery *query = NULL;
    NavCell start = {0, 0};
    NavCell goal = {4, 2};
    NavCell cells[32];
    double costs[32];
    NavGridPathResult result;
    uint32_t count = 0;

    CHECK(nav_grid_load_movingai((const uint8_t *)MAP, (uint32_t)strlen(MAP), &grid) == NAV_OK);
    CHECK(nav_query_create(&query) == NAV_OK);

    /* Known optimal cost: 10 straight steps around the wall. */
    CHECK(nav_grid_find_path(grid, query, NULL, NULL, start, goal, cells, costs, 32, &result) == NAV_OK);
    CHECK(result.path_status == NAV_PATH_STATUS_FOUND);
    CHECK(fabs(result.cost - 10.0) < 1e-9);
    CHECK(result.cell_count == 11);
    CHECK(cells[0].x == 0 && cells[0].y == 0);
    CHECK(cells[10].x == 4 && cells[10].y == 2);
    CHECK(costs[10] == result.cost);

    /* Buffer too small: the size needed comes back, then the path is copied from the query. */
    CHECK(nav_grid_find_path(grid, query, NULL, NULL, start, goal, cells, NULL, 4, &result) ==
          NAV_BUFFER_TOO_SMALL);
    CHECK(result.cell_count == 11);
    CHECK(strstr(last_error(), "out_cells") != NULL);
    CHECK(nav_query_grid_path(query, cells, NULL, 32, &count) == NAV_OK);
    CHECK(count == 11);

    /* Budget: 6 movement points reach the 7th cell. */
    CHECK(nav_query_grid_path_within_budget(query, 6.0, &count) == NAV_OK);
    CHECK(count == 7);

    /* A blocked start is an outcome, an outside goal an error. */
    start.x = 1;
    start.y = 1;
    CHECK(nav_grid_find_path(grid, query, NULL, NULL, start, goal, cells, NULL, 32, &result) == NAV_OK);
    CHECK(result.path_status == NAV_PATH_STATUS_START_BLOCKED);
    start.x = 0;
    start.y = 0;
    CHECK(nav_grid_find_path(grid, query, NULL, NULL, start, goal, cells, NULL, 32, &result) == NAV_OK);
    goal.x = 8;
    CHECK(nav_grid_find_path(grid, query, NULL, NULL, start, goal, cells, NULL, 32, &result) ==
          NAV_OUT_OF_RANGE);
    CHECK(strstr(last_error(), "goal (8, 2)") != NULL);
    /* The refused query leaves no path and no expanded cells, not the previous query's. */
    count = 99;
    CHECK(nav_query_grid_path(query, cells, NULL, 32, &count) == NAV_OK && count == 0);
    count = 99;
    CHECK(nav_query_grid_expanded_cells(query, cells, 32, &count) == NAV_OK && count == 0);

    /* A map whose header size nav refuses: NAV_INVALID_SIZE, not a parse error. */
    {
        static const char HUGE_MAP[] = "type octile\nheight 1000000000\nwidth 1000000000\nmap\n";
        NavGrid *huge = NULL;
        CHECK(nav_grid_load_movingai((const uint8_t *)HUGE_MAP, (uint32_t)strlen(HUGE_MAP), &huge) ==
              NAV_INVALID_SIZE);
        CHECK(strstr(last_error(), "refused") != NULL);
        CHECK(huge == NULL);
    }

    CHECK(nav_query_free(query) == NAV_OK);
    CHECK(nav_grid_free(grid) == NAV_OK);
}

static void test_rules_and_edits(void) {
    NavGrid *grid = NULL;
    NavQuery *query = NULL;
    NavGridRules *rules = NULL;
    NavGridRulesDesc desc;
    NavGridCellInfo info;
    NavGridPathResult result;
    NavCell start = {0, 0};
    NavCell goal = {9, 0};

    CHECK(nav_grid_create(10, 2, &grid) == NAV_OK);
    CHECK(nav_query_create(&query) == NAV_OK);
    memset(&desc, 0, sizeof desc);
    desc.moves = NAV_MOVES_FOUR;
    desc.heuristic = NAV_HEURISTIC_MANHATTAN;
    CHECK(nav_grid_rules_create(&desc, NULL, 0, &rules) == NAV_OK);

    CHECK(nav_grid_find_path(grid, query, rules, NULL, start, goal, NULL, NULL, 0, &result) ==
          NAV_BUFFER_TOO_SMALL);
    CHECK(result.cost == 9.0);

    /* A wall with a gap, and a costly cell. */
    CHECK(nav_grid_set_blocked(grid, 5, 0, 1) == NAV_OK);
    CHECK(nav_grid_set_cost_multiplier(grid, 5, 1, 3.0) == NAV_OK);
    CHECK(nav_grid_cell(grid, 5, 1, &info) == NAV_OK);
    CHECK(info.cost_multiplier == 3.0 && info.walkable == 1);
    CHECK(nav_grid_find_path(grid, query, rules, NULL, start, goal, NULL, NULL, 0, &result) ==
          NAV_BUFFER_TOO_SMALL);
    /* 9 steps plus the detour (2) plus the multiplier of the gap cell (3 instead of 1). */
    CHECK(result.cost == 13.0);

    /* Bad inputs are errors that change nothing. */
    CHECK(nav_grid_set_cost_multiplier(grid, 0, 0, NAN) == NAV_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "multiplier") != NULL);
    CHECK(nav_grid_set_blocked(grid, 10, 0, 1) == NAV_OUT_OF_RANGE);
    CHECK(nav_grid_create(0, 10, &grid) == NAV_INVALID_SIZE);
    CHECK(nav_grid_create(1000000000u, 1000000000u, &grid) == NAV_INVALID_SIZE);
    desc.heuristic = 99;
    CHECK(nav_grid_rules_create(&desc, NULL, 0, NULL) == NAV_NULL_POINTER);
    CHECK(strstr(last_error(), "out_rules") != NULL);

    CHECK(nav_grid_rules_free(rules) == NAV_OK);
    CHECK(nav_query_free(query) == NAV_OK);
    CHECK(nav_grid_free(grid) == NAV_OK);
}

static void test_handles_and_batch(void) {
    NavGrid *grid = NULL;
    NavQuery *query = NULL;
    NavGridInfo info;
    NavGridPair pairs[3] = {{{0, 0}, {7, 4}}, {{0, 0}, {1, 1}}, {{0, 0}, {7, 0}}};
    NavGridBatchResult results[3];
    NavCell cells[3 * 16];

    /* Freeing NULL is a no-op; freed handles are refused. */
    CHECK(nav_grid_free(NULL) == NAV_OK);
    CHECK(nav_query_free(NULL) == NAV_OK);
    CHECK(nav_grid_rules_free(NULL) == NAV_OK);
    CHECK(nav_grid_load_movingai((const uint8_t *)MAP, (uint32_t)strlen(MAP), &grid) == NAV_OK);
    CHECK(nav_query_create(&query) == NAV_OK);
    CHECK(nav_grid_info((const NavGrid *)query, &info) == NAV_INVALID_HANDLE);

    CHECK(nav_grid_find_path_batch(grid, query, NULL, NULL, pairs, 3, results, cells, 16, 1) == NAV_OK);
    CHECK(results[0].status == NAV_OK && results[0].path_status == NAV_PATH_STATUS_FOUND);
    CHECK(fabs(results[0].cost - 11.0) < 1e-9);
    CHECK(results[1].path_status == NAV_PATH_STATUS_GOAL_BLOCKED);
    CHECK(results[2].cell_count == 8);
    CHECK(cells[2 * 16 + 7].x == 7 && cells[2 * 16 + 7].y == 0);
    CHECK(nav_grid_find_path_batch(grid, NULL, NULL, NULL, pairs, 3, results, NULL, 0, 0) == NAV_OK);
    CHECK(fabs(results[0].cost - 11.0) < 1e-9);

    /* An internal error is caught and reported. */
    CHECK(nav_debug_panic(query) == NAV_PANIC);
    CHECK(strstr(last_error(), "deliberate") != NULL);
    CHECK(nav_grid_find_path_batch(grid, query, NULL, NULL, pairs, 3, results, cells, 16, 1) == NAV_OK);

    CHECK(nav_query_free(query) == NAV_OK);
    CHECK(nav_grid_free(grid) == NAV_OK);
    CHECK(nav_grid_free(grid) == NAV_INVALID_HANDLE);
}

static void test_worlds(void) {
    NavAabb bounds = {{0.0f, 0.0f}, {50.0f, 50.0f}};
    NavWorld *world = NULL;
    NavCircleWorld *circles = NULL;
    NavQuery *query = NULL;
    NavAgentDesc agent;
    NavVec2 start = {5.0f, 25.0f};
    NavVec2 goal = {45.0f, 25.0f};
    NavVec2 center = {25.0f, 25.0f};
    NavVec2 points[256];
    NavPathPiece pieces[16];
    NavWorldPathResult result;
    NavCirclePathResult circle_result;
    uint64_t rock = 0;
    uint32_t count = 0;
    char id[64];

    CHECK(nav_query_create(&query) == NAV_OK);
    CHECK(nav_world_create(&bounds, 0.0f, &world) == NAV_OK);
    CHECK(nav_world_insert_circle(world, center, 8.0f, 0, &rock) == NAV_OK);
    CHECK(rock != 0);
    memset(&agent, 0, sizeof agent);
    agent.radius = 1.0f;
    agent.step = 0.5f;
    CHECK(nav_world_find_path(world, query, &agent, NULL, start, goal, points, 256, &result) == NAV_OK);
    CHECK(result.path_status == NAV_PATH_STATUS_FOUND);
    CHECK(result.length > 40.0 && result.length < 50.0);
    CHECK(points[0].x == 5.0f && points[result.point_count - 1].x == 45.0f);
    agent.radius = -1.0f;
    CHECK(nav_world_find_path(world, query, &agent, NULL, start, goal, points, 256, &result) ==
          NAV_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "radius") != NULL);
    count = 99;
    CHECK(nav_query_world_path(query, points, 256, &count) == NAV_OK && count == 0);
    CHECK(nav_world_remove(world, rock) == NAV_OK);
    CHECK(nav_world_remove(world, rock) == NAV_UNKNOWN_OBJECT);
    /* Messages name the id the caller holds. */
    sprintf(id, "obstacle %llu ", (unsigned long long)rock);
    CHECK(strstr(last_error(), id) != NULL);
    /* An own obstacle that is not in the world is refused like any unknown id; 0 is none. */
    agent.radius = 1.0f;
    agent.own_obstacle = rock;
    CHECK(nav_world_find_path(world, query, &agent, NULL, start, goal, points, 256, &result) ==
          NAV_UNKNOWN_OBJECT);
    CHECK(strstr(last_error(), "agent.own_obstacle") != NULL);
    agent.own_obstacle = 0;
    CHECK(nav_world_find_path(world, query, &agent, NULL, start, goal, points, 256, &result) == NAV_OK);

    CHECK(nav_circle_world_create(&bounds, &circles) == NAV_OK);
    CHECK(nav_circle_world_insert(circles, center, 8.0f, &rock) == NAV_OK);
    CHECK(nav_circle_world_find_path(circles, query, 1.0f, NULL, start, goal, pieces, 16, &circle_result) ==
          NAV_OK);
    CHECK(circle_result.path_status == NAV_PATH_STATUS_FOUND);
    CHECK(circle_result.piece_count == 3 && pieces[1].kind == NAV_PIECE_KIND_ARC);
    CHECK(nav_query_circle_path_polyline(query, 0.1f, points, 256, &count) == NAV_OK);
    CHECK(count > 3);
    CHECK(nav_circle_world_find_path(circles, query, -1.0f, NULL, start, goal, pieces, 16, &circle_result) ==
          NAV_INVALID_ARGUMENT);
    count = 99;
    CHECK(nav_query_circle_path(query, pieces, 16, &count) == NAV_OK && count == 0);
    count = 99;
    CHECK(nav_query_circle_path_polyline(query, 0.1f, points, 256, &count) == NAV_OK && count == 0);

    CHECK(nav_circle_world_free(circles) == NAV_OK);
    CHECK(nav_world_free(world) == NAV_OK);
    CHECK(nav_query_free(query) == NAV_OK);
}

/* Agents of K x K cells: clearance, and a wall with gaps of one and two cells. */
static void test_clearance(void) {
    static const char GAPS[] =
        "type octile\n"
        "height 6\n"
        "width 10\n"
        "map\n"
        "..........\n"
        "..........\n"
        "@.@@@@..@@\n"
        "..........\n"
        "..........\n"
        "..........\n";
    NavGrid *grid = NULL;
    NavQuery *query = NULL;
    NavGridQueryOptions options;
    NavGridPathResult result;
    NavCell cells[32];
    NavCell start = {0, 0};
    NavCell goal = {0, 3};
    uint32_t clearance = 99;
    uint32_t i;
    int all_fit = 1;
    memset(&options, 0, sizeof options);
    CHECK(nav_grid_load_movingai((const uint8_t *)GAPS, (uint32_t)strlen(GAPS), &grid) == NAV_OK);
    CHECK(nav_query_create(&query) == NAV_OK);

    CHECK(nav_grid_clearance(grid, 0, 0, &clearance) == NAV_OK && clearance == 2);
    CHECK(nav_grid_clearance(grid, 0, 3, &clearance) == NAV_OK && clearance == 3);
    CHECK(nav_grid_clearance(grid, 0, 2, &clearance) == NAV_OK && clearance == 0);
    CHECK(nav_grid_clearance(grid, 10, 0, &clearance) == NAV_OUT_OF_RANGE);

    /* One cell squeezes through the gap at column 1; two cells take the gap at 6-7. */
    CHECK(nav_grid_find_path(grid, query, NULL, &options, start, goal, cells, NULL, 32, &result) == NAV_OK);
    CHECK(fabs(result.cost - (3.0 + sqrt(2.0))) < 1e-9);
    options.agent_size = 2;
    CHECK(nav_grid_find_path(grid, query, NULL, &options, start, goal, cells, NULL, 32, &result) == NAV_OK);
    CHECK(result.path_status == NAV_PATH_STATUS_FOUND);
    CHECK(result.cost == 15.0);
    for (i = 0; i < result.cell_count && i < 32; i++) {
        CHECK(nav_grid_clearance(grid, cells[i].x, cells[i].y, &clearance) == NAV_OK);
        all_fit = all_fit && clearance >= 2;
    }
    CHECK(all_fit);
    /* Three cells do not fit at the start; 256 is refused. */
    options.agent_size = 3;
    CHECK(nav_grid_find_path(grid, query, NULL, &options, start, goal, cells, NULL, 32, &result) == NAV_OK);
    CHECK(result.path_status == NAV_PATH_STATUS_START_BLOCKED);
    options.agent_size = 256;
    CHECK(nav_grid_find_path(grid, query, NULL, &options, start, goal, cells, NULL, 32, &result) ==
          NAV_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "agent_size") != NULL);

    /* Closing the wide gap lowers the clearance above it: no way across for two cells. */
    CHECK(nav_grid_set_blocked(grid, 7, 2, 1) == NAV_OK);
    CHECK(nav_grid_clearance(grid, 6, 1, &clearance) == NAV_OK && clearance == 1);
    options.agent_size = 2;
    CHECK(nav_grid_find_path(grid, query, NULL, &options, start, goal, cells, NULL, 32, &result) == NAV_OK);
    CHECK(result.path_status == NAV_PATH_STATUS_NO_PATH);

    CHECK(nav_query_free(query) == NAV_OK);
    CHECK(nav_grid_free(grid) == NAV_OK);
}

/* A polygon world: bounds [0, 20]^2, a wall [9, 11] x [0, 15]; a disc of radius 1 from (2, 2)
 * to (18, 2) goes over the wall: a tangent to the corner (9, 15), an arc of radius 1, the
 * stretch (9, 16) to (11, 16), an arc around (11, 15), a tangent down. By symmetry its length
 * is 2 sqrt(d^2 - 1) + 2 + 2 theta, d = |(7, 13)|, theta = atan2(13, 7) + asin(1 / d). */
static void test_mesh_world(void) {
    const NavAabb bounds = {{0.0f, 0.0f}, {20.0f, 20.0f}};
    const NavAabb wall = {{9.0f, 0.0f}, {11.0f, 15.0f}};
    const NavVec2 start = {2.0f, 2.0f};
    const NavVec2 goal = {18.0f, 2.0f};
    const double d = sqrt(7.0 * 7.0 + 13.0 * 13.0);
    const double expected = 2.0 * sqrt(d * d - 1.0) + 2.0 + 2.0 * (atan2(13.0, 7.0) + asin(1.0 / d));
    NavMeshWorld *world = NULL;
    NavQuery *query = NULL;
    NavMeshPathResult result;
    NavPathPiece pieces[16];
    NavVec2 points[256];
    uint64_t wall_id = 0, tri_id = 0, count64 = 0;
    uint32_t count = 0, flag = 7, i;
    float distance = -1.0f;
    NavVec2 nearest = {-1.0f, -1.0f};
    double sum = 0.0;

    CHECK(nav_mesh_world_create(&bounds, &world) == NAV_OK);
    CHECK(nav_query_create(&query) == NAV_OK);
    CHECK(nav_mesh_world_insert_box(world, wall, &wall_id) == NAV_OK);
    CHECK(wall_id != 0);

    /* Capacity 0: the size needed, then the pieces without searching again. */
    CHECK(nav_mesh_world_find_path(world, query, 1.0f, NULL, start, goal, NULL, 0, &result) ==
          NAV_BUFFER_TOO_SMALL);
    CHECK(strstr(last_error(), "out_pieces") != NULL);
    CHECK(result.path_status == NAV_PATH_STATUS_FOUND);
    CHECK(fabs(result.length - expected) < 1e-4);
    CHECK(result.piece_count == 5);
    CHECK(result.partial == 0);
    CHECK(nav_query_mesh_path(query, pieces, 16, &count) == NAV_OK);
    CHECK(count == result.piece_count);
    CHECK(pieces[0].kind == NAV_PIECE_KIND_LINE && pieces[1].kind == NAV_PIECE_KIND_ARC);
    CHECK(pieces[1].turn == NAV_TURN_CW && fabsf(pieces[1].radius - 1.0f) < 1e-6f);
    CHECK(fabsf(pieces[1].center.x - 9.0f) < 1e-5f && fabsf(pieces[1].center.y - 15.0f) < 1e-5f);
    CHECK(pieces[0].start.x == start.x && pieces[0].start.y == start.y);
    CHECK(pieces[count - 1].end.x == goal.x && pieces[count - 1].end.y == goal.y);
    for (i = 0; i < count; i++) {
        sum += pieces[i].length;
        if (i > 0) {
            CHECK(fabsf(pieces[i].start.x - pieces[i - 1].end.x) < 1e-4f);
            CHECK(fabsf(pieces[i].start.y - pieces[i - 1].end.y) < 1e-4f);
        }
    }
    CHECK(fabs(sum - expected) < 1e-3);
    /* The same search into a buffer large enough. */
    CHECK(nav_mesh_world_find_path(world, query, 1.0f, NULL, start, goal, pieces, 16, &result) == NAV_OK);
    CHECK(result.piece_count == 5);
    /* The polyline: start and goal included, never inside the wall grown by 1. */
    CHECK(nav_query_mesh_path_polyline(query, 0.01f, points, 256, &count) == NAV_OK);
    CHECK(count > 5);
    CHECK(points[0].x == start.x && points[count - 1].x == goal.x);
    for (i = 0; i < count; i++) {
        const double dx = fmax(fmax(9.0 - points[i].x, points[i].x - 11.0), 0.0);
        const double dy = fmax(points[i].y - 15.0, 0.0);
        CHECK(sqrt(dx * dx + dy * dy) >= 1.0 - 1e-4);
    }
    CHECK(nav_query_mesh_path_polyline(query, 0.0f, points, 256, &count) == NAV_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "max_deviation") != NULL);

    /* The cache limit: the lists of the query above are kept; a limit of one byte drops them
       at the next query, which finds the same path. */
    {
        uint64_t held = 0, limited = 0;
        CHECK(nav_query_mesh_cache_bytes(query, &held) == NAV_OK && held > 0);
        CHECK(nav_query_set_mesh_cache_limit(query, 1) == NAV_OK);
        CHECK(nav_mesh_world_find_path(world, query, 1.0f, NULL, start, goal, pieces, 16, &result) == NAV_OK);
        CHECK(result.path_status == NAV_PATH_STATUS_FOUND && fabs(result.length - expected) < 1e-4);
        CHECK(nav_query_mesh_cache_bytes(query, &limited) == NAV_OK && limited > 0);
        CHECK(nav_query_set_mesh_cache_limit(query, 0) == NAV_OK);
        CHECK(nav_query_mesh_cache_bytes(query, NULL) == NAV_NULL_POINTER);
        CHECK(strstr(last_error(), "out_bytes") != NULL);
        CHECK(nav_query_set_mesh_cache_limit(NULL, 1) == NAV_NULL_POINTER);
    }

    /* Spatial queries. */
    CHECK(nav_mesh_world_fits(world, (NavVec2){10.0f, 5.0f}, 0.0f, &flag) == NAV_OK && flag == 0);
    CHECK(nav_mesh_world_fits(world, (NavVec2){5.0f, 5.0f}, 1.0f, &flag) == NAV_OK && flag == 1);
    CHECK(nav_mesh_world_fits(world, (NavVec2){0.5f, 5.0f}, 1.0f, &flag) == NAV_OK && flag == 0);
    CHECK(nav_mesh_world_nearest_fit(world, (NavVec2){8.5f, 5.0f}, 1.0f, &nearest, &flag) == NAV_OK);
    CHECK(flag == 1 && fabsf(nearest.x - 8.0f) < 1e-3f && fabsf(nearest.y - 5.0f) < 1e-3f);
    CHECK(nav_mesh_world_raycast(world, (NavVec2){2.0f, 5.0f}, (NavVec2){1.0f, 0.0f}, INFINITY, 1.0f,
                                 &distance, &flag) == NAV_OK);
    CHECK(flag == 1 && fabsf(distance - 6.0f) < 1e-3f);
    CHECK(nav_mesh_world_raycast(world, (NavVec2){2.0f, 5.0f}, (NavVec2){1.0f, 0.0f}, 3.0f, 1.0f,
                                 &distance, &flag) == NAV_OK);
    CHECK(flag == 0 && distance == 3.0f);
    CHECK(nav_mesh_world_connected(world, start, goal, 1.0f, &flag) == NAV_OK && flag == 1);
    /* A disc of radius 2.5 does not fit between the wall's top and the bounds (5 wide). */
    CHECK(nav_mesh_world_connected(world, (NavVec2){4.0f, 4.0f}, (NavVec2){16.0f, 4.0f}, 2.5f, &flag) ==
          NAV_OK && flag == 0);

    /* Edits: a triangle, moved, removed; the wall moved down so the way is shorter. */
    {
        const NavVec2 tri[3] = {{14.0f, 14.0f}, {17.0f, 14.0f}, {15.0f, 17.0f}};
        const NavVec2 moved[3] = {{1.0f, 14.0f}, {4.0f, 14.0f}, {2.0f, 17.0f}};
        const NavAabb low = {{9.0f, 0.0f}, {11.0f, 5.0f}};
        CHECK(nav_mesh_world_insert_polygon(world, tri, 3, &tri_id) == NAV_OK && tri_id != wall_id);
        CHECK(nav_mesh_world_set_polygon(world, tri_id, moved, 3) == NAV_OK);
        CHECK(nav_mesh_world_count(world, &count64) == NAV_OK && count64 == 2);
        CHECK(nav_mesh_world_remove(world, tri_id) == NAV_OK);
        CHECK(nav_mesh_world_remove(world, tri_id) == NAV_UNKNOWN_OBJECT);
        CHECK(strstr(last_error(), "removed already") != NULL);
        CHECK(nav_mesh_world_set_box(world, wall_id, low) == NAV_OK);
        CHECK(nav_mesh_world_find_path(world, query, 1.0f, NULL, start, goal, pieces, 16, &result) == NAV_OK);
        CHECK(result.path_status == NAV_PATH_STATUS_FOUND && result.length < expected - 10.0);
        /* Refusals name the argument and change nothing. */
        CHECK(nav_mesh_world_insert_polygon(world, tri, 2, &tri_id) == NAV_INVALID_SIZE);
        CHECK(strstr(last_error(), "at least 3") != NULL);
        CHECK(nav_mesh_world_insert_polygon(world, NULL, 3, &tri_id) == NAV_NULL_POINTER);
        CHECK(nav_mesh_world_insert_circle(world, (NavVec2){5.0f, 5.0f}, NAN, &tri_id) == NAV_INVALID_ARGUMENT);
        CHECK(nav_mesh_world_insert_circle(world, (NavVec2){5.0f, 5.0f}, -1.0f, &tri_id) == NAV_INVALID_ARGUMENT);
        CHECK(nav_mesh_world_set_circle(world, 0, (NavVec2){5.0f, 5.0f}, 1.0f) == NAV_UNKNOWN_OBJECT);
        CHECK(nav_mesh_world_find_path(world, query, -1.0f, NULL, start, goal, pieces, 16, &result) ==
              NAV_INVALID_ARGUMENT);
        CHECK(strstr(last_error(), "agent_radius") != NULL);
        CHECK(nav_query_mesh_path(query, pieces, 16, &count) == NAV_OK && count == 0);
        CHECK(nav_mesh_world_count(world, &count64) == NAV_OK && count64 == 1);
        CHECK(nav_mesh_world_clear(world) == NAV_OK);
        CHECK(nav_mesh_world_count(world, &count64) == NAV_OK && count64 == 0);
    }

    /* A world whose walkable area is a polygon (an L); a handle of the wrong kind; stale. */
    {
        const NavVec2 l[6] = {{0, 0}, {30, 0}, {30, 10}, {10, 10}, {10, 30}, {0, 30}};
        NavMeshWorld *lw = NULL;
        CHECK(nav_mesh_world_create_polygon(l, 6, &lw) == NAV_OK);
        CHECK(nav_mesh_world_find_path(lw, query, 1.0f, NULL, (NavVec2){25.0f, 5.0f}, (NavVec2){5.0f, 25.0f},
                                       pieces, 16, &result) == NAV_OK);
        CHECK(result.path_status == NAV_PATH_STATUS_FOUND);
        CHECK(nav_mesh_world_find_path(lw, query, 0.0f, NULL, (NavVec2){20.0f, 20.0f}, (NavVec2){5.0f, 5.0f},
                                       pieces, 16, &result) == NAV_OK);
        CHECK(result.path_status == NAV_PATH_STATUS_OUT_OF_BOUNDS);
        CHECK(nav_mesh_world_count((const NavMeshWorld *)query, &count64) == NAV_INVALID_HANDLE);
        CHECK(nav_mesh_world_free(lw) == NAV_OK);
        CHECK(nav_mesh_world_count(lw, &count64) == NAV_INVALID_HANDLE);
        CHECK(nav_mesh_world_free(lw) == NAV_INVALID_HANDLE);
    }

    CHECK(nav_query_free(query) == NAV_OK);
    CHECK(nav_mesh_world_free(world) == NAV_OK);
}

/* Search modes: preprocessed jump points (JPS+) give the lengths of cell-by-cell search, also
 * after edits; nav_grid_prepare builds the table ahead of time; the query says which search ran. */
static void test_search_modes(void) {
    NavGrid *grid = NULL;
    NavQuery *query = NULL;
    NavGridRules *cells = NULL;
    NavGridRules *plus = NULL;
    NavGridRules *bad = NULL;
    NavGridRulesDesc desc;
    NavGridPathResult a, b;
    NavCell start = {0, 0};
    NavCell goal = {63, 31};
    uint32_t mode = 99, built = 99;
    uint32_t x, round;

    CHECK(nav_grid_create(64, 32, &grid) == NAV_OK);
    CHECK(nav_query_create(&query) == NAV_OK);
    for (x = 0; x < 60; x += 3) {
        CHECK(nav_grid_set_blocked(grid, x + 2, (x * 7) % 29 + 1, 1) == NAV_OK);
        CHECK(nav_grid_set_blocked(grid, x + 1, (x * 5) % 23 + 3, 1) == NAV_OK);
    }
    CHECK(nav_grid_rules_create_with_search(NULL, NULL, 0, NAV_SEARCH_MODE_CELL_BY_CELL, &cells) ==
          NAV_OK);
    CHECK(nav_grid_rules_create_with_search(NULL, NULL, 0, NAV_SEARCH_MODE_JUMP_POINTS_PLUS,
                                            &plus) == NAV_OK);
    CHECK(nav_grid_rules_search_mode(plus, &mode) == NAV_OK && mode == NAV_SEARCH_MODE_JUMP_POINTS_PLUS);
    CHECK(nav_grid_rules_search_mode(NULL, &mode) == NAV_OK && mode == NAV_SEARCH_MODE_CELL_BY_CELL);
    CHECK(nav_grid_prepare(grid, plus, 1, &built) == NAV_OK && built == 1);
    CHECK(nav_grid_prepare(grid, plus, 0, &built) == NAV_OK && built == 0);
    CHECK(nav_grid_prepare(grid, plus, 2, NULL) == NAV_OK);

    for (round = 0; round < 3; round++) {
        CHECK(nav_grid_find_path(grid, query, cells, NULL, start, goal, NULL, NULL, 0, &a) ==
              NAV_BUFFER_TOO_SMALL);
        CHECK(nav_query_grid_search_used(query, &mode) == NAV_OK &&
              mode == NAV_SEARCH_MODE_CELL_BY_CELL);
        CHECK(nav_grid_find_path(grid, query, plus, NULL, start, goal, NULL, NULL, 0, &b) ==
              NAV_BUFFER_TOO_SMALL);
        CHECK(nav_query_grid_search_used(query, &mode) == NAV_OK &&
              mode == NAV_SEARCH_MODE_JUMP_POINTS_PLUS);
        CHECK(a.path_status == NAV_PATH_STATUS_FOUND && b.path_status == NAV_PATH_STATUS_FOUND);
        CHECK(fabs(a.cost - b.cost) < 1e-9);
        CHECK(b.expanded < a.expanded);
        /* Edits: the table follows. */
        CHECK(nav_grid_set_blocked(grid, 10 + round * 20, 10, 1) == NAV_OK);
        CHECK(nav_grid_set_blocked(grid, 11 + round * 20, 11, 1) == NAV_OK);
    }
    /* A blocked goal: nothing searched. */
    CHECK(nav_grid_set_blocked(grid, 63, 31, 1) == NAV_OK);
    CHECK(nav_grid_find_path(grid, query, plus, NULL, start, goal, NULL, NULL, 0, &b) == NAV_OK);
    CHECK(b.path_status == NAV_PATH_STATUS_GOAL_BLOCKED);
    CHECK(nav_query_grid_search_used(query, &mode) == NAV_OK && mode == NAV_SEARCH_MODE_NONE);

    /* Bad inputs. */
    CHECK(nav_grid_rules_create_with_search(NULL, NULL, 0, 9, &bad) == NAV_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "search_mode") != NULL);
    memset(&desc, 0, sizeof desc);
    desc.moves = NAV_MOVES_FOUR;
    desc.heuristic = NAV_HEURISTIC_MANHATTAN;
    CHECK(nav_grid_rules_create_with_search(&desc, NULL, 0, NAV_SEARCH_MODE_JUMP_POINTS_PLUS,
                                            &bad) == NAV_INVALID_RULES);
    memset(&desc, 0, sizeof desc);
    desc.jump_points = 1;
    CHECK(nav_grid_rules_create_with_search(&desc, NULL, 0, NAV_SEARCH_MODE_JUMP_POINTS_PLUS,
                                            &bad) == NAV_INVALID_ARGUMENT);
    CHECK(nav_grid_prepare(grid, plus, 300, NULL) == NAV_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "agent_size") != NULL);
    CHECK(nav_grid_prepare(NULL, plus, 1, NULL) == NAV_NULL_POINTER);

    CHECK(nav_grid_rules_free(cells) == NAV_OK);
    CHECK(nav_grid_rules_free(plus) == NAV_OK);
    CHECK(nav_query_free(query) == NAV_OK);
    CHECK(nav_grid_free(grid) == NAV_OK);
}

int main(void) {
    test_version();
    test_find_path();
    test_clearance();
    test_rules_and_edits();
    test_search_modes();
    test_handles_and_batch();
    test_worlds();
    test_mesh_world();
    printf("C test: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
