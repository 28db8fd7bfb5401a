/* What the C tests share: the pass/fail counters, CHECK, the latest error message and a small
 * Moving AI map (8 x 5, a walled room with one way in). Included by test_nav.c and test_flow.c
 * (each a single translation unit, so the static definitions are each test's own). */
#ifndef NAV_TEST_CHECK_H
#define NAV_TEST_CHECK_H

#include <stdio.h>

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

#endif
