/* C test of nav.h: compiled with gcc -std=c99 -Wall -Wextra -Werror against libnav.so.
 * Exercises the basic calls and the error conventions; prints one line per failed check and a
 * summary, and exits non-zero when a check failed. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nav.h"

static int passed = 0;
static int failed = 0;

#define CHECK(cond)                                                           \
    do {                                                                      \
        if (cond) {                                                           \
            passed++;                                                         \
        } else {                                                              \
            failed++;                                                         \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                   \
        }                                                                     \
    } while (0)

/* The latest error message, in a static buffer. */
static const char *last_error(void) {
    static char buffer[512];
    uint32_t size = 0;
    nav_last_error(buffer, sizeof buffer, &size);
    return buffer;
}

static const char MAP[] =
    "type octile\n"
    "height 5\n"
    "width 8\n"
    "map\n"
    "........\n"
    ".@@@@@@.\n"
    ".@....@.\n"
    ".@.@@.@.\n"
    "...@....\n";

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

int main(void) {
    test_version();
    test_find_path();
    test_clearance();
    test_rules_and_edits();
    test_handles_and_batch();
    test_worlds();
    printf("C test: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
