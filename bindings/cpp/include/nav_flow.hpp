// nav_flow.hpp: flow fields and the nearest of several goals over nav.h, in the style of
// nav.hpp (RAII, move-only, errors as nav::Result values, no exceptions).
//
// * nav::FlowField: the cost to the nearest goal and the next move of every cell of a Grid,
//   for one agent size under one set of Rules; O(1) lookups (cell()), a copy of every cell
//   (cells()), paths that follow the field (path_from(), allocation-free with a reused
//   vector), and local repair after grid edits (update()).
// * nav::find_nearest: one search from a start to the cheapest of several goals.
//
// Threads: lookups on a const FlowField may run on many threads at once; build() and
// update() need it to themselves (Status::Busy otherwise).
#ifndef NAV_FLOW_HPP
#define NAV_FLOW_HPP

#include "nav.hpp"

namespace nav {

using FlowCell = NavFlowCell;
using FlowReport = NavFlowReport;

/// Options of FlowField::build.
struct FlowOptions {
    /// Side of the agent in cells (1 to 255).
    uint32_t agent_size = 1;
    /// Mark the cells that see their goal in a straight line (about half the build's time).
    bool line_of_sight = true;
};

/// A path that follows a flow field (or the nearest-goal path), and its outcome.
struct FlowPath {
    std::vector<Cell> cells;
    double cost = 0.0;
    PathStatus status = PathStatus::NoPath;
    /// nav::find_nearest only: the index of the goal reached (UINT32_MAX when none).
    uint32_t goal_index = UINT32_MAX;
};

/// A flow field (NavFlowField).
class FlowField {
public:
    /// An empty field (nothing reachable).
    static Result<FlowField> create() {
        NavFlowField* field = nullptr;
        if (auto r = detail::check(nav_flow_field_create(&field)); !r) return r.error();
        return FlowField(field);
    }

    /// Computes the field of `grid` towards the nearest of `goals` (`rules` NULL: the Moving
    /// AI rules).
    Result<FlowReport> build(const Grid& grid, const std::vector<Cell>& goals, const FlowOptions& options = {},
                             const Rules* rules = nullptr) {
        NavFlowOptions c{};
        c.agent_size = options.agent_size;
        c.skip_line_of_sight = options.line_of_sight ? 0u : 1u;
        FlowReport report{};
        auto r = detail::check(nav_flow_field_build(handle_.get(), grid.get(), rules ? rules->get() : nullptr,
                                                    goals.data(), detail::count32(goals.size()), &c, &report));
        if (!r) return r.error();
        return report;
    }

    /// Repairs the field after the cells `edited` of `grid` changed.
    Result<FlowReport> update(const Grid& grid, const std::vector<Cell>& edited) {
        FlowReport report{};
        auto r = detail::check(nav_flow_field_update(handle_.get(), grid.get(), edited.data(),
                                                     detail::count32(edited.size()), &report));
        if (!r) return r.error();
        return report;
    }

    /// What the field holds for one cell (O(1)).
    Result<FlowCell> cell(uint32_t x, uint32_t y) const {
        FlowCell out{};
        if (auto r = detail::check(nav_flow_field_cell(handle_.get(), Cell{x, y}, &out)); !r) return r.error();
        return out;
    }

    /// Every cell, row by row (`cells[y * width + x]`).
    Result<std::vector<FlowCell>> cells() const {
        uint32_t count = 0;
        NavStatus s = nav_flow_field_copy_cells(handle_.get(), nullptr, 0, &count);
        if (s != NAV_BUFFER_TOO_SMALL && s != NAV_OK) return Error::from_status(s);
        std::vector<FlowCell> out(count);
        if (auto r = detail::check(nav_flow_field_copy_cells(handle_.get(), out.data(), count, &count)); !r)
            return r.error();
        return out;
    }

    /// Follows the field from `start` into `path` (its memory is reused: a warm call
    /// allocates nothing).
    Result<void> path_from(Cell start, FlowPath& path) const {
        NavGridPathResult result{};
        path.cells.resize(path.cells.capacity());
        NavStatus s = nav_flow_field_path(handle_.get(), start, path.cells.data(),
                                          detail::count32(path.cells.size()), &result);
        if (s == NAV_BUFFER_TOO_SMALL) {
            path.cells.resize(result.cell_count);
            s = nav_flow_field_path(handle_.get(), start, path.cells.data(), result.cell_count, &result);
        }
        if (s != NAV_OK) {
            path.cells.clear();
            return Error::from_status(s);
        }
        path.cells.resize(result.cell_count);
        path.cost = result.cost;
        path.status = static_cast<PathStatus>(result.path_status);
        return {};
    }

    /// Follows the field from `start`.
    Result<FlowPath> path_from(Cell start) const {
        FlowPath path;
        if (auto r = path_from(start, path); !r) return r.error();
        return path;
    }

    const NavFlowField* get() const noexcept { return handle_.get(); }
    NavFlowField* get() noexcept { return handle_.get(); }

private:
    explicit FlowField(NavFlowField* field) : handle_(field) {}
    std::unique_ptr<NavFlowField, detail::Deleter<&nav_flow_field_free>> handle_;
};

/// The cheapest path from `start` to any of `goals`, in one search (`rules` NULL: the Moving
/// AI rules; `options` as for Query::find_path).
inline Result<FlowPath> find_nearest(const Grid& grid, Cell start, const std::vector<Cell>& goals,
                                     const QueryOptions& options = {}, const Rules* rules = nullptr) {
    FlowPath path;
    NavGridPathResult result{};
    uint32_t goal = UINT32_MAX;
    const NavGridRules* r = rules ? rules->get() : nullptr;
    const uint32_t n = detail::count32(goals.size());
    NavStatus s = nav_grid_find_nearest(grid.get(), r, &options, start, goals.data(), n, nullptr, 0, &result, &goal);
    if (s == NAV_BUFFER_TOO_SMALL) {
        path.cells.resize(result.cell_count);
        s = nav_grid_find_nearest(grid.get(), r, &options, start, goals.data(), n, path.cells.data(),
                                  result.cell_count, &result, &goal);
    }
    if (s != NAV_OK) return Error::from_status(s);
    path.cells.resize(result.cell_count);
    path.cost = result.cost;
    path.status = static_cast<PathStatus>(result.path_status);
    path.goal_index = goal;
    return path;
}

}  // namespace nav

#endif  // NAV_FLOW_HPP
