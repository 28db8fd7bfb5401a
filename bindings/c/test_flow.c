/* C test of the game-loop calls of nav.h: NavFlowField (build, cell, copy, path, update)
 * against one nav_grid_find_path per cell, nav_grid_find_nearest against one query per goal,
 * the nearest goal on a NavWorld and a NavCircleWorld, and nav_query_slice_state. Compiled
 * with gcc -std=c99 -Wall -Wextra -Werror -pedantic against libnav; exits non-zero when a
 * check failed. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nav.h"
#include "test_check.h"

enum { W = 8, H = 5 };

static int close_to(double a, double b) { return fabs(a - b) < 1e-9; }

static NavGrid *load_map(void) {
    NavGrid *grid = NULL;
    CHECK(nav_grid_load_movingai((const uint8_t *)MAP, (uint32_t)strlen(MAP), &grid) == NAV_OK);
    return grid;
}

static void test_flow_field(void) {
    NavGrid *grid = load_map();
    NavQuery *query = NULL;
    NavFlowField *field = NULL;
    NavCell goal = {7, 4};
    NavFlowReport report;
    NavFlowCell cells[W * H];
    uint32_t count = 0;
    uint32_t x, y;
    uint64_t reachable = 0;
    CHECK(nav_query_create(&query) == NAV_OK);
    CHECK(nav_flow_field_create(&field) == NAV_OK);
    CHECK(nav_flow_field_build(field, grid, NULL, &goal, 1, NULL, &report) == NAV_OK);
    CHECK(report.goals_used == 1);
    CHECK(nav_flow_field_copy_cells(field, cells, W * H, &count) == NAV_OK);
    CHECK(count == W * H);
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            NavCell here = {x, y};
            NavFlowCell one;
            NavGridPathResult found, walked;
            NavCell path[64];
            const NavFlowCell *c = &cells[y * W + x];
            CHECK(nav_flow_field_cell(field, here, &one) == NAV_OK);
            CHECK(one.cost == c->cost && one.dx == c->dx && one.dy == c->dy && one.reachable == c->reachable);
            CHECK(nav_grid_find_path(grid, query, NULL, NULL, here, goal, path, NULL, 64, &found) == NAV_OK);
            CHECK((c->reachable == 1) == (found.path_status == NAV_PATH_STATUS_FOUND));
            if (c->reachable != 1) {
                continue;
            }
            reachable++;
            CHECK(close_to(c->cost, found.cost));
            /* Following the field reaches the goal at the same cost. */
            CHECK(nav_flow_field_path(field, here, path, 64, &walked) == NAV_OK);
            CHECK(walked.path_status == NAV_PATH_STATUS_FOUND && close_to(walked.cost, found.cost));
            CHECK(walked.cell_count > 0 && path[walked.cell_count - 1].x == goal.x &&
                  path[walked.cell_count - 1].y == goal.y);
        }
    }
    CHECK(reachable == report.reachable);

    /* An edit, repaired locally: the field equals a fresh build. */
    {
        NavCell edited = {7, 3};
        NavFlowField *fresh = NULL;
        NavFlowCell again[W * H];
        int same = 1;
        uint32_t i;
        CHECK(nav_grid_set_blocked(grid, 7, 3, 1) == NAV_OK);
        CHECK(nav_flow_field_update(field, grid, &edited, 1, &report) == NAV_OK);
        CHECK(nav_flow_field_create(&fresh) == NAV_OK);
        CHECK(nav_flow_field_build(fresh, grid, NULL, &goal, 1, NULL, &report) == NAV_OK);
        CHECK(nav_flow_field_copy_cells(field, cells, W * H, &count) == NAV_OK);
        CHECK(nav_flow_field_copy_cells(fresh, again, W * H, &count) == NAV_OK);
        for (i = 0; i < W * H; i++) {
            same = same && cells[i].reachable == again[i].reachable && close_to(cells[i].cost, again[i].cost);
        }
        CHECK(same);
        CHECK(nav_flow_field_free(fresh) == NAV_OK);
    }

    /* Refusals: a goal off the grid, a buffer too small, NULL outputs. */
    {
        NavCell off = {8, 0};
        NavFlowCell one;
        CHECK(nav_flow_field_build(field, grid, NULL, &off, 1, NULL, &report) == NAV_OUT_OF_RANGE);
        CHECK(strstr(last_error(), "(8, 0)") != NULL);
        CHECK(nav_flow_field_cell(field, goal, &one) != NAV_OK); /* the failed build left it empty */
        CHECK(nav_flow_field_build(field, grid, NULL, &goal, 1, NULL, &report) == NAV_OK);
        CHECK(nav_flow_field_copy_cells(field, cells, 3, &count) == NAV_BUFFER_TOO_SMALL);
        CHECK(count == W * H);
        CHECK(nav_flow_field_build(field, grid, NULL, NULL, 1, NULL, &report) == NAV_NULL_POINTER);
        CHECK(nav_flow_field_cell(field, goal, NULL) == NAV_NULL_POINTER);
    }
    CHECK(nav_flow_field_free(field) == NAV_OK);
    CHECK(nav_query_free(query) == NAV_OK);
    CHECK(nav_grid_free(grid) == NAV_OK);
}

static void test_grid_nearest(void) {
    NavGrid *grid = load_map();
    NavQuery *query = NULL;
    NavCell start = {2, 2};
    NavCell goals[3] = {{7, 4}, {0, 0}, {0, 4}};
    NavCell path[64];
    NavGridPathResult result;
    uint32_t index = 0, k;
    double best = INFINITY;
    CHECK(nav_query_create(&query) == NAV_OK);
    CHECK(nav_grid_find_nearest(grid, NULL, NULL, start, goals, 3, path, 64, &result, &index) == NAV_OK);
    CHECK(result.path_status == NAV_PATH_STATUS_FOUND && index < 3);
    for (k = 0; k < 3; k++) {
        NavGridPathResult one;
        CHECK(nav_grid_find_path(grid, query, NULL, NULL, start, goals[k], path, NULL, 64, &one) == NAV_OK);
        if (one.path_status == NAV_PATH_STATUS_FOUND && one.cost < best) {
            best = one.cost;
        }
    }
    CHECK(close_to(result.cost, best));
    CHECK(nav_grid_find_nearest(grid, NULL, NULL, start, goals, 0, path, 64, &result, &index) == NAV_OK);
    CHECK(result.path_status == NAV_PATH_STATUS_GOAL_BLOCKED && index == UINT32_MAX);
    CHECK(nav_grid_find_nearest(grid, NULL, NULL, start, goals, 3, path, 64, &result, NULL) == NAV_NULL_POINTER);
    CHECK(nav_grid_find_nearest(grid, NULL, NULL, start, NULL, 3, path, 64, &result, &index) == NAV_NULL_POINTER);
    CHECK(nav_grid_find_nearest(grid, NULL, NULL, start, goals, 3, path, 1, &result, &index) ==
          NAV_BUFFER_TOO_SMALL);
    CHECK(nav_query_free(query) == NAV_OK);
    CHECK(nav_grid_free(grid) == NAV_OK);
}

static void test_continuous_nearest(void) {
    NavAabb bounds = {{0.0f, 0.0f}, {30.0f, 10.0f}};
    NavAabb wall = {{14.0f, 0.0f}, {16.0f, 9.0f}};
    NavWorld *world = NULL;
    NavCircleWorld *circles = NULL;
    NavQuery *query = NULL;
    NavAgentDesc agent;
    NavVec2 start = {10.0f, 2.0f};
    NavVec2 goals[3] = {{28.0f, 2.0f}, {2.0f, 8.0f}, {15.0f, 5.0f}};
    NavVec2 points[64];
    NavPathPiece pieces[16];
    NavWorldPathResult result;
    NavCirclePathResult circle_result;
    uint64_t id = 0;
    uint32_t index = 0;
    memset(&agent, 0, sizeof agent);
    agent.radius = 0.5f;
    agent.step = 0.5f;
    CHECK(nav_query_create(&query) == NAV_OK);
    CHECK(nav_world_create(&bounds, 0.0f, &world) == NAV_OK);
    CHECK(nav_world_insert_box(world, wall, 0, &id) == NAV_OK);
    CHECK(nav_world_find_nearest(world, query, &agent, NULL, start, goals, 3, points, 64, &result, &index) ==
          NAV_OK);
    CHECK(result.path_status == NAV_PATH_STATUS_FOUND && index == 1);
    CHECK(result.point_count >= 2 && points[result.point_count - 1].x == goals[1].x);
    goals[1].x = NAN;
    CHECK(nav_world_find_nearest(world, query, &agent, NULL, start, goals, 3, points, 64, &result, &index) ==
          NAV_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "goals[1]") != NULL);

    CHECK(nav_circle_world_create(&bounds, &circles) == NAV_OK);
    {
        NavVec2 rock = {20.0f, 5.0f};
        NavVec2 wells[2] = {{25.0f, 5.0f}, {10.0f, 9.0f}};
        NavVec2 from = {15.0f, 5.0f};
        CHECK(nav_circle_world_insert(circles, rock, 2.0f, &id) == NAV_OK);
        CHECK(nav_circle_world_find_nearest(circles, query, 0.5f, NULL, from, wells, 2, pieces, 16, &circle_result,
                                            &index) == NAV_OK);
        CHECK(circle_result.path_status == NAV_PATH_STATUS_FOUND && index == 1);
        CHECK(close_to(circle_result.length, sqrt(25.0 + 16.0)));
    }
    CHECK(nav_circle_world_free(circles) == NAV_OK);
    CHECK(nav_world_free(world) == NAV_OK);
    CHECK(nav_query_free(query) == NAV_OK);
}

static void test_slice_state(void) {
    NavGrid *grid = load_map();
    NavQuery *query = NULL;
    NavSliceState state, read;
    NavCell start = {0, 0};
    NavCell goal = {4, 2};
    int steps = 0;
    CHECK(nav_query_create(&query) == NAV_OK);
    CHECK(nav_query_slice_state(query, NAV_SLICE_NAVIGATOR_GRID, &read) == NAV_OK);
    CHECK(read.stage == NAV_SLICE_STAGE_IDLE);
    CHECK(nav_grid_slice_begin(grid, query, NULL, NULL, start, goal, &state) == NAV_OK);
    while (state.stage == NAV_SLICE_STAGE_RUNNING) {
        CHECK(nav_grid_slice_step(grid, query, NULL, 2, &state) == NAV_OK);
        CHECK(nav_query_slice_state(query, NAV_SLICE_NAVIGATOR_GRID, &read) == NAV_OK);
        CHECK(memcmp(&read, &state, sizeof read) == 0);
        steps++;
    }
    CHECK(steps > 1 && state.path_status == NAV_PATH_STATUS_FOUND);
    CHECK(nav_query_slice_state(query, NAV_SLICE_NAVIGATOR_WORLD, &read) == NAV_OK);
    CHECK(read.stage == NAV_SLICE_STAGE_IDLE);
    CHECK(nav_query_slice_state(query, 7, &read) == NAV_INVALID_ARGUMENT);
    CHECK(nav_query_slice_state(query, NAV_SLICE_NAVIGATOR_GRID, NULL) == NAV_NULL_POINTER);
    CHECK(nav_query_free(query) == NAV_OK);
    CHECK(nav_grid_free(grid) == NAV_OK);
}

int main(void) {
    test_flow_field();
    test_grid_nearest();
    test_continuous_nearest();
    test_slice_state();
    printf("test_flow.c: %d checks passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
