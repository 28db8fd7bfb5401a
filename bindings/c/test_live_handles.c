/* nav_live_handles and nav_set_wait_timeout from C: the live-handle count follows creates
 * and frees (a leak check without a leak checker), and the wait timeout is per thread and
 * bounded. Exits non-zero on the first failure. */
#include "nav.h"

#include <stdio.h>

static int failures = 0;

#define CHECK(cond)                                                   \
    do {                                                              \
        if (!(cond)) {                                                \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            ++failures;                                               \
        }                                                             \
    } while (0)

int main(void) {
    uint64_t before = 0, now = 0;
    uint32_t ms = 1;
    NavGrid *grid = NULL;
    NavQuery *query = NULL;
    CHECK(nav_live_handles(&before) == NAV_OK);
    CHECK(nav_live_handles(NULL) == NAV_NULL_POINTER);

    CHECK(nav_grid_create(8, 8, &grid) == NAV_OK);
    CHECK(nav_query_create(&query) == NAV_OK);
    CHECK(nav_live_handles(&now) == NAV_OK && now == before + 2);
    CHECK(nav_grid_free(grid) == NAV_OK);
    CHECK(nav_live_handles(&now) == NAV_OK && now == before + 1);
    /* A double free is refused and changes nothing. */
    CHECK(nav_grid_free(grid) == NAV_INVALID_HANDLE);
    CHECK(nav_live_handles(&now) == NAV_OK && now == before + 1);
    CHECK(nav_query_free(query) == NAV_OK);
    CHECK(nav_live_handles(&now) == NAV_OK && now == before);

    CHECK(nav_wait_timeout(&ms) == NAV_OK && ms == 0); /* the default: no wait */
    CHECK(nav_set_wait_timeout(250) == NAV_OK);
    CHECK(nav_wait_timeout(&ms) == NAV_OK && ms == 250);
    CHECK(nav_set_wait_timeout(NAV_MAX_WAIT_TIMEOUT_MS + 1) == NAV_INVALID_ARGUMENT);
    CHECK(nav_wait_timeout(&ms) == NAV_OK && ms == 250); /* a refused call changes nothing */
    CHECK(nav_set_wait_timeout(0) == NAV_OK);
    CHECK(nav_wait_timeout(NULL) == NAV_NULL_POINTER);

    if (failures) {
        fprintf(stderr, "%d failures\n", failures);
        return 1;
    }
    printf("test_live_handles: all checks passed\n");
    return 0;
}
