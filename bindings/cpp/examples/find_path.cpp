// Example: load a map, find a path, print it on the map, then run a batch on all cores.
//
//   g++ -std=c++17 -I ffi/include -I bindings/cpp/include bindings/cpp/examples/find_path.cpp
//       -L target/release -lnav -Wl,-rpath,target/release -o find_path && ./find_path
#include <cstdio>
#include <string>
#include <vector>

#include "nav.hpp"

int main() {
    const char* text =
        "type octile\n"
        "height 7\n"
        "width 16\n"
        "map\n"
        "................\n"
        "..@@@@@@@@@@@...\n"
        "..@.........@...\n"
        "..@..@@@@...@...\n"
        "..@..@..@...@...\n"
        ".....@..@.......\n"
        "........@.......\n";
    auto grid = nav::Grid::load_movingai(text);
    if (!grid) {
        std::fprintf(stderr, "cannot load the map: %s\n", grid.error().message.c_str());
        return 1;
    }
    auto query = nav::Query::create();
    if (!query) return 1;

    // Into the walled room through its only door, under the Moving AI rules.
    nav::Path path;
    if (auto r = query->find_path(grid.value(), {0, 6}, {6, 4}, path); !r) {
        std::fprintf(stderr, "query failed: %s\n", r.error().message.c_str());
        return 1;
    }
    std::printf("found: %s, cost %.3f, %zu cells, %llu cells expanded\n", path.found() ? "yes" : "no", path.cost,
                path.cells.size(), static_cast<unsigned long long>(path.expanded));

    // Draw it.
    std::vector<std::string> rows;
    auto info = grid->info();
    for (uint32_t y = 0; y < info->height; ++y) {
        std::string row;
        for (uint32_t x = 0; x < info->width; ++x) row += grid->cell(x, y)->walkable ? '.' : '@';
        rows.push_back(row);
    }
    for (const nav::Cell& c : path.cells) rows[c.y][c.x] = '*';
    for (const std::string& row : rows) std::printf("  %s\n", row.c_str());

    // A unit with 5 movement points this turn.
    auto reach = query->path_within_budget(5.0);
    if (reach) std::printf("this turn: the first %u cells\n", reach.value());

    // Errors are values with a message.
    auto outside = query->find_path(grid.value(), {0, 0}, {40, 2});
    std::printf("outside the map: %s: %s\n", nav::status_name(outside.status()), outside.error().message.c_str());

    // Many queries at once, spread over the cores.
    std::vector<nav::Pair> pairs;
    for (uint32_t i = 0; i < 16; ++i) pairs.push_back({{0, i % 7}, {15, (i * 3) % 7}});
    nav::BatchResults batch;
    if (auto r = query->find_paths(grid.value(), pairs, batch, 64, 0); !r) {
        std::fprintf(stderr, "batch failed: %s\n", r.error().message.c_str());
        return 1;
    }
    double total = 0;
    for (const NavGridBatchResult& result : batch.results) total += result.cost;
    std::printf("batch of %zu pairs: total cost %.3f\n", pairs.size(), total);
    return 0;
}
