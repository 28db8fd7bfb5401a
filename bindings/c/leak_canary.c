/* Leak canary for scripts/test-native.sh: creates a grid and a query and never frees them.
 * valgrind must report them as definitely lost, which shows that the zero-leak check of the
 * C++ test can fail. */
#include "nav.h"

int main(void) {
    NavGrid *grid = 0;
    NavQuery *query = 0;
    if (nav_grid_create(16, 16, &grid) != NAV_OK) return 2;
    if (nav_query_create(&query) != NAV_OK) return 2;
    return 0;
}
