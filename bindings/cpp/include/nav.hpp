// nav.hpp: header-only C++17 bindings over the C API of nav (nav.h).
//
// * RAII: Grid, Rules and Query own their C handle through std::unique_ptr whose deleter is
//   the C free function; they are move-only.
// * Errors are return values: every fallible call returns nav::Result<T> (a value, or an
//   Error with the C status and the library's message). No exceptions are thrown.
// * Outputs: std::vector, or nav::Span views into buffers the caller keeps and reuses (the
//   overloads taking a Path& or BatchResults& reuse their memory: a warm query allocates
//   nothing, neither here nor in the library).
// * Navigators: Grid (tile grids, with Rules), World (agents of any radius among boxes and
//   discs), CircleWorld (exact paths around circles), MeshWorld (exact paths among polygons,
//   boxes and circles for a disc of any radius); all searched with a Query.
// * Threads: as in nav.h. A Grid or world (and Rules) may be queried from many threads at once, each
//   thread with its own Query; changing a Grid needs it to itself (else Status::Busy).
//
// Link with -lnav (libnav.so, nav.dll or libnav.a).
//
// Over 600 lines: header-only by design, one RAII class per handle kind in a single include.
#ifndef NAV_HPP
#define NAV_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nav.h"

// Equality of cells. NavCell is a C struct of the global namespace, so its operators live there
// for argument-dependent lookup to find them (std::vector<NavCell> comparisons use them).
// Define NAV_HPP_NO_CELL_OPERATORS if your code defines its own.
#ifndef NAV_HPP_NO_CELL_OPERATORS
inline bool operator==(const NavCell& a, const NavCell& b) noexcept { return a.x == b.x && a.y == b.y; }
inline bool operator!=(const NavCell& a, const NavCell& b) noexcept { return !(a == b); }
#endif

namespace nav {

// ---------------------------------------------------------------------------------------------
// Status, errors, results

/// The C status codes (NavStatus), as a scoped enum.
enum class Status : uint32_t {
    Ok = NAV_OK,
    NullPointer = NAV_NULL_POINTER,
    InvalidHandle = NAV_INVALID_HANDLE,
    InvalidArgument = NAV_INVALID_ARGUMENT,
    OutOfRange = NAV_OUT_OF_RANGE,
    InvalidSize = NAV_INVALID_SIZE,
    BufferTooSmall = NAV_BUFFER_TOO_SMALL,
    InvalidRules = NAV_INVALID_RULES,
    ParseError = NAV_PARSE_ERROR,
    IoError = NAV_IO_ERROR,
    Busy = NAV_BUSY,
    Panic = NAV_PANIC,
    Unsupported = NAV_UNSUPPORTED,
    UnknownObject = NAV_UNKNOWN_OBJECT,
    WorldChanged = NAV_WORLD_CHANGED,
};

/// The C name of a status, such as "NAV_BUFFER_TOO_SMALL".
inline const char* status_name(Status status) noexcept {
    switch (status) {
        case Status::Ok: return "NAV_OK";
        case Status::NullPointer: return "NAV_NULL_POINTER";
        case Status::InvalidHandle: return "NAV_INVALID_HANDLE";
        case Status::InvalidArgument: return "NAV_INVALID_ARGUMENT";
        case Status::OutOfRange: return "NAV_OUT_OF_RANGE";
        case Status::InvalidSize: return "NAV_INVALID_SIZE";
        case Status::BufferTooSmall: return "NAV_BUFFER_TOO_SMALL";
        case Status::InvalidRules: return "NAV_INVALID_RULES";
        case Status::ParseError: return "NAV_PARSE_ERROR";
        case Status::IoError: return "NAV_IO_ERROR";
        case Status::Busy: return "NAV_BUSY";
        case Status::Panic: return "NAV_PANIC";
        case Status::Unsupported: return "NAV_UNSUPPORTED";
        case Status::UnknownObject: return "NAV_UNKNOWN_OBJECT";
        case Status::WorldChanged: return "NAV_WORLD_CHANGED";
    }
    return "NAV_UNKNOWN_STATUS";
}

/// The message of the latest failed call on this thread (nav_last_error).
inline std::string last_error_message() {
    uint32_t size = 0;
    nav_last_error(nullptr, 0, &size);
    std::string message(size, '\0');
    if (size > 0 && nav_last_error(message.data(), size, &size) == NAV_OK) {
        message.resize(size - 1);  // drop the terminating NUL
    } else {
        message.clear();
    }
    return message;
}

/// A failed call: its status and the library's explanation.
struct Error {
    Status status = Status::Ok;
    std::string message;

    /// The error of the call that just returned `status` on this thread.
    static Error from_status(NavStatus status) {
        return Error{static_cast<Status>(status), last_error_message()};
    }
};

/// A value or an error. Check ok() (or the bool conversion) before value().
template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
    Result(Error error) : error_(std::move(error)) {}  // NOLINT: implicit by design

    bool ok() const noexcept { return value_.has_value(); }
    explicit operator bool() const noexcept { return ok(); }
    Status status() const noexcept { return ok() ? Status::Ok : error_.status; }
    /// The error (status Ok when there is none).
    const Error& error() const noexcept { return error_; }
    /// The value; only when ok().
    T& value() & { return *value_; }
    const T& value() const& { return *value_; }
    T&& value() && { return std::move(*value_); }
    T& operator*() & { return *value_; }
    const T& operator*() const& { return *value_; }
    T* operator->() { return &*value_; }
    const T* operator->() const { return &*value_; }

private:
    std::optional<T> value_;
    Error error_;
};

/// Success or an error.
template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : error_(std::move(error)) {}  // NOLINT: implicit by design

    bool ok() const noexcept { return error_.status == Status::Ok; }
    explicit operator bool() const noexcept { return ok(); }
    Status status() const noexcept { return error_.status; }
    const Error& error() const noexcept { return error_; }

private:
    Error error_;
};

namespace detail {
/// A point count for the C API: counts beyond uint32_t are passed as UINT32_MAX, which nav
/// refuses as too many (never wrapped around to a small count).
inline uint32_t count32(std::size_t count) noexcept {
    return count > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(count);
}

inline Result<void> check(NavStatus status) {
    if (status == NAV_OK) return {};
    return Error::from_status(status);
}

/// A stateless deleter that calls the C free function `Free`.
template <auto Free>
struct Deleter {
    template <class T>
    void operator()(T* handle) const noexcept {
        // A free can only fail for a handle in use by another thread, which is the caller's
        // bug; nothing sensible can be done about it in a destructor.
        static_cast<void>(Free(handle));
    }
};
}  // namespace detail

// ---------------------------------------------------------------------------------------------
// Plain types

/// A read-only view of contiguous elements (std::span is C++20).
template <class T>
struct Span {
    const T* data = nullptr;
    std::size_t size = 0;

    const T* begin() const noexcept { return data; }
    const T* end() const noexcept { return data + size; }
    const T& operator[](std::size_t i) const noexcept { return data[i]; }
    bool empty() const noexcept { return size == 0; }
    std::vector<T> to_vector() const { return std::vector<T>(begin(), end()); }
};

using Cell = NavCell;
using CellInfo = NavGridCellInfo;
using GridInfo = NavGridInfo;
using Pair = NavGridPair;
using Move = NavGridMove;
using QueryOptions = NavGridQueryOptions;
using Vec2 = NavVec2;
using Aabb = NavAabb;
using AgentDesc = NavAgentDesc;
using WorldQueryOptions = NavWorldQueryOptions;
using CircleQueryOptions = NavCircleQueryOptions;
using MeshQueryOptions = NavMeshQueryOptions;
using PathPiece = NavPathPiece;
/// Id of an obstacle of a World or MeshWorld, or a circle of a CircleWorld (never 0).
using ObjectId = uint64_t;

enum class Moves : uint32_t { Eight = NAV_MOVES_EIGHT, Four = NAV_MOVES_FOUR, Custom = NAV_MOVES_CUSTOM };
enum class Diagonal : uint32_t {
    NoCornerCutting = NAV_DIAGONAL_RULE_NO_CORNER_CUTTING,
    Never = NAV_DIAGONAL_RULE_NEVER,
    Free = NAV_DIAGONAL_RULE_FREE,
};
enum class Heuristic : uint32_t {
    Octile = NAV_HEURISTIC_OCTILE,
    Manhattan = NAV_HEURISTIC_MANHATTAN,
    Chebyshev = NAV_HEURISTIC_CHEBYSHEV,
    Euclidean = NAV_HEURISTIC_EUCLIDEAN,
    Zero = NAV_HEURISTIC_ZERO,
};
/// How grid queries search (NavSearchMode); None: the query did not search.
enum class SearchMode : uint32_t {
    CellByCell = NAV_SEARCH_MODE_CELL_BY_CELL,
    JumpPoints = NAV_SEARCH_MODE_JUMP_POINTS,
    JumpPointsOrCellByCell = NAV_SEARCH_MODE_JUMP_POINTS_OR_CELL_BY_CELL,
    JumpPointsPlus = NAV_SEARCH_MODE_JUMP_POINTS_PLUS,
    None = NAV_SEARCH_MODE_NONE,
};
enum class PathStatus : uint32_t {
    Found = NAV_PATH_STATUS_FOUND,
    NoPath = NAV_PATH_STATUS_NO_PATH,
    LimitReached = NAV_PATH_STATUS_LIMIT_REACHED,
    StartBlocked = NAV_PATH_STATUS_START_BLOCKED,
    GoalBlocked = NAV_PATH_STATUS_GOAL_BLOCKED,
    OutOfBounds = NAV_PATH_STATUS_OUT_OF_BOUNDS,
};

/// The version of the loaded library.
inline NavVersion version() noexcept {
    NavVersion v{0, 0, 0};
    nav_version(&v);
    return v;
}

/// Whether the loaded library has the ABI of the header this was compiled with.
inline bool version_matches_header() noexcept {
    NavVersion v = version();
    return v.major == NAV_VERSION_MAJOR && (NAV_VERSION_MAJOR != 0 || v.minor == NAV_VERSION_MINOR);
}

// ---------------------------------------------------------------------------------------------
// Grid

/// A tile map (NavGrid).
class Grid {
public:
    /// A width x height grid of walkable cells.
    static Result<Grid> create(uint32_t width, uint32_t height) {
        NavGrid* grid = nullptr;
        if (auto r = detail::check(nav_grid_create(width, height, &grid)); !r) return r.error();
        return Grid(grid);
    }

    /// From one byte per cell, row by row: 1 walkable, 0 blocked.
    static Result<Grid> from_walkable(uint32_t width, uint32_t height, const std::vector<uint8_t>& walkable) {
        NavGrid* grid = nullptr;
        auto r = detail::check(nav_grid_create_from_walkable(
            width, height, walkable.data(), static_cast<uint32_t>(walkable.size()), &grid));
        if (!r) return r.error();
        return Grid(grid);
    }

    /// From one terrain value per cell; walkable when terrain <= max_walkable_terrain.
    static Result<Grid> from_terrain(uint32_t width, uint32_t height, const std::vector<uint16_t>& terrain,
                                     uint32_t max_walkable_terrain) {
        NavGrid* grid = nullptr;
        auto r = detail::check(nav_grid_create_from_terrain(
            width, height, terrain.data(), static_cast<uint32_t>(terrain.size()), max_walkable_terrain, &grid));
        if (!r) return r.error();
        return Grid(grid);
    }

    /// From the text of a Moving AI .map file.
    static Result<Grid> load_movingai(std::string_view text) {
        NavGrid* grid = nullptr;
        auto r = detail::check(nav_grid_load_movingai(reinterpret_cast<const uint8_t*>(text.data()),
                                                      static_cast<uint32_t>(text.size()), &grid));
        if (!r) return r.error();
        return Grid(grid);
    }

    /// From a Moving AI .map file (path in UTF-8).
    static Result<Grid> load_movingai_file(const std::string& path) {
        NavGrid* grid = nullptr;
        if (auto r = detail::check(nav_grid_load_movingai_file(path.c_str(), &grid)); !r) return r.error();
        return Grid(grid);
    }

    /// An independent copy.
    Result<Grid> clone() const {
        NavGrid* grid = nullptr;
        if (auto r = detail::check(nav_grid_clone(handle_.get(), &grid)); !r) return r.error();
        return Grid(grid);
    }

    Result<GridInfo> info() const {
        GridInfo info{};
        if (auto r = detail::check(nav_grid_info(handle_.get(), &info)); !r) return r.error();
        return info;
    }

    Result<CellInfo> cell(uint32_t x, uint32_t y) const {
        CellInfo info{};
        if (auto r = detail::check(nav_grid_cell(handle_.get(), x, y, &info)); !r) return r.error();
        return info;
    }

    /// One byte per cell, row by row: 1 walkable, 0 not.
    Result<std::vector<uint8_t>> walkable() const {
        uint32_t count = 0;
        NavStatus s = nav_grid_copy_walkable(handle_.get(), nullptr, 0, &count);
        if (s != NAV_BUFFER_TOO_SMALL && s != NAV_OK) return Error::from_status(s);
        std::vector<uint8_t> out(count);
        if (auto r = detail::check(nav_grid_copy_walkable(handle_.get(), out.data(), count, &count)); !r)
            return r.error();
        return out;
    }

    /// The grid as the text of a Moving AI .map file.
    Result<std::string> to_movingai() const {
        uint32_t length = 0;
        NavStatus s = nav_grid_write_movingai(handle_.get(), nullptr, 0, &length);
        if (s != NAV_BUFFER_TOO_SMALL && s != NAV_OK) return Error::from_status(s);
        std::string text(length, '\0');
        auto r = detail::check(
            nav_grid_write_movingai(handle_.get(), reinterpret_cast<uint8_t*>(text.data()), length, &length));
        if (!r) return r.error();
        return text;
    }

    Result<void> set_blocked(uint32_t x, uint32_t y, bool blocked) {
        return detail::check(nav_grid_set_blocked(handle_.get(), x, y, blocked ? 1u : 0u));
    }
    Result<void> set_terrain(uint32_t x, uint32_t y, uint32_t terrain) {
        return detail::check(nav_grid_set_terrain(handle_.get(), x, y, terrain));
    }
    Result<void> set_cost_multiplier(uint32_t x, uint32_t y, double multiplier) {
        return detail::check(nav_grid_set_cost_multiplier(handle_.get(), x, y, multiplier));
    }
    Result<void> set_max_walkable_terrain(uint32_t max_walkable_terrain) {
        return detail::check(nav_grid_set_max_walkable_terrain(handle_.get(), max_walkable_terrain));
    }

    /// The C handle (still owned by this Grid).
    const NavGrid* get() const noexcept { return handle_.get(); }
    NavGrid* get() noexcept { return handle_.get(); }

private:
    explicit Grid(NavGrid* grid) : handle_(grid) {}
    std::unique_ptr<NavGrid, detail::Deleter<&nav_grid_free>> handle_;
};

// ---------------------------------------------------------------------------------------------
// Rules

/// Movement rules, described in C++ terms (zero costs mean the defaults 1 and sqrt(2)).
struct RulesDesc {
    Moves moves = Moves::Eight;
    Diagonal diagonal = Diagonal::NoCornerCutting;
    Heuristic heuristic = Heuristic::Octile;
    bool allow_inadmissible = false;
    /// Jump point search (8 moves, diagonal rule no-corner-cutting or free, costs with
    /// straight <= diagonal <= 2 * straight).
    bool jump_points = false;
    double straight_cost = 0.0;
    double diagonal_cost = 0.0;
    /// Offsets for Moves::Custom (cost 0: the default cost of the offset).
    std::vector<Move> custom_moves;
};

/// Checked movement rules (NavGridRules), shareable between threads.
class Rules {
public:
    static Result<Rules> create(const RulesDesc& desc) {
        NavGridRulesDesc c{};
        c.moves = static_cast<uint32_t>(desc.moves);
        c.diagonal = static_cast<uint32_t>(desc.diagonal);
        c.heuristic = static_cast<uint32_t>(desc.heuristic);
        c.allow_inadmissible = desc.allow_inadmissible ? 1u : 0u;
        c.jump_points = desc.jump_points ? 1u : 0u;
        c.straight_cost = desc.straight_cost;
        c.diagonal_cost = desc.diagonal_cost;
        NavGridRules* rules = nullptr;
        auto r = detail::check(nav_grid_rules_create(&c, desc.custom_moves.data(),
                                                     static_cast<uint32_t>(desc.custom_moves.size()), &rules));
        if (!r) return r.error();
        return Rules(rules);
    }

    /// Rules searched by `mode` (nav_grid_rules_create_with_search); `desc.jump_points` must be
    /// false. SearchMode::JumpPointsPlus: preprocessed jump points (JPS+, see prepare()).
    static Result<Rules> create(const RulesDesc& desc, SearchMode mode) {
        NavGridRulesDesc c{};
        c.moves = static_cast<uint32_t>(desc.moves);
        c.diagonal = static_cast<uint32_t>(desc.diagonal);
        c.heuristic = static_cast<uint32_t>(desc.heuristic);
        c.allow_inadmissible = desc.allow_inadmissible ? 1u : 0u;
        c.jump_points = desc.jump_points ? 1u : 0u;
        c.straight_cost = desc.straight_cost;
        c.diagonal_cost = desc.diagonal_cost;
        NavGridRules* rules = nullptr;
        auto r = detail::check(nav_grid_rules_create_with_search(
            &c, desc.custom_moves.data(), static_cast<uint32_t>(desc.custom_moves.size()),
            static_cast<uint32_t>(mode), &rules));
        if (!r) return r.error();
        return Rules(rules);
    }

    /// The search mode asked for at creation (nav_grid_rules_search_mode).
    Result<SearchMode> search_mode() const {
        uint32_t mode = 0;
        if (auto r = detail::check(nav_grid_rules_search_mode(handle_.get(), &mode)); !r) return r.error();
        return static_cast<SearchMode>(mode);
    }

    const NavGridRules* get() const noexcept { return handle_.get(); }

private:
    explicit Rules(NavGridRules* rules) : handle_(rules) {}
    std::unique_ptr<NavGridRules, detail::Deleter<&nav_grid_rules_free>> handle_;
};

// ---------------------------------------------------------------------------------------------
// Continuous worlds

/// A continuous world of box and disc obstacles, for agents of any radius (NavWorld).
class World {
public:
    /// An empty world over `bounds`; cell_size 0 picks the spatial grid's cell itself.
    static Result<World> create(const Aabb& bounds, float cell_size = 0.0f) {
        NavWorld* world = nullptr;
        if (auto r = detail::check(nav_world_create(&bounds, cell_size, &world)); !r) return r.error();
        return World(world);
    }

    Result<World> clone() const {
        NavWorld* world = nullptr;
        if (auto r = detail::check(nav_world_clone(handle_.get(), &world)); !r) return r.error();
        return World(world);
    }

    Result<NavWorldInfo> info() const {
        NavWorldInfo info{};
        if (auto r = detail::check(nav_world_info(handle_.get(), &info)); !r) return r.error();
        return info;
    }

    Result<ObjectId> insert_box(const Aabb& box, bool dynamic = false) {
        ObjectId id = 0;
        if (auto r = detail::check(nav_world_insert_box(handle_.get(), box, dynamic ? 1u : 0u, &id)); !r)
            return r.error();
        return id;
    }
    Result<ObjectId> insert_circle(Vec2 center, float radius, bool dynamic = false) {
        ObjectId id = 0;
        auto r = detail::check(nav_world_insert_circle(handle_.get(), center, radius, dynamic ? 1u : 0u, &id));
        if (!r) return r.error();
        return id;
    }
    Result<void> move_box(ObjectId id, const Aabb& box) {
        return detail::check(nav_world_move_box(handle_.get(), id, box));
    }
    Result<void> move_circle(ObjectId id, Vec2 center, float radius) {
        return detail::check(nav_world_move_circle(handle_.get(), id, center, radius));
    }
    Result<void> remove(ObjectId id) { return detail::check(nav_world_remove(handle_.get(), id)); }
    Result<void> clear() { return detail::check(nav_world_clear(handle_.get())); }

    /// Whether a disc fits at `center` (ignoring obstacle `ignore`, 0 for none; an id that names
    /// no obstacle of this world is Status::UnknownObject).
    Result<bool> disc_is_clear(Vec2 center, float radius, ObjectId ignore = 0) const {
        uint32_t clear = 0;
        if (auto r = detail::check(nav_world_disc_is_clear(handle_.get(), center, radius, ignore, &clear)); !r)
            return r.error();
        return clear == 1;
    }
    /// Whether a disc can move straight from a to b.
    Result<bool> segment_is_clear(Vec2 a, Vec2 b, float radius, ObjectId ignore = 0) const {
        uint32_t clear = 0;
        if (auto r = detail::check(nav_world_segment_is_clear(handle_.get(), a, b, radius, ignore, &clear)); !r)
            return r.error();
        return clear == 1;
    }

    const NavWorld* get() const noexcept { return handle_.get(); }

private:
    explicit World(NavWorld* world) : handle_(world) {}
    std::unique_ptr<NavWorld, detail::Deleter<&nav_world_free>> handle_;
};

/// A world of circles, for exact paths of segments and arcs (NavCircleWorld).
class CircleWorld {
public:
    static Result<CircleWorld> create(const Aabb& bounds) {
        NavCircleWorld* world = nullptr;
        if (auto r = detail::check(nav_circle_world_create(&bounds, &world)); !r) return r.error();
        return CircleWorld(world);
    }

    Result<CircleWorld> clone() const {
        NavCircleWorld* world = nullptr;
        if (auto r = detail::check(nav_circle_world_clone(handle_.get(), &world)); !r) return r.error();
        return CircleWorld(world);
    }

    Result<uint64_t> count() const {
        uint64_t n = 0;
        if (auto r = detail::check(nav_circle_world_count(handle_.get(), &n)); !r) return r.error();
        return n;
    }

    Result<ObjectId> insert(Vec2 center, float radius) {
        ObjectId id = 0;
        if (auto r = detail::check(nav_circle_world_insert(handle_.get(), center, radius, &id)); !r)
            return r.error();
        return id;
    }
    Result<void> set(ObjectId id, Vec2 center, float radius) {
        return detail::check(nav_circle_world_set(handle_.get(), id, center, radius));
    }
    Result<void> remove(ObjectId id) { return detail::check(nav_circle_world_remove(handle_.get(), id)); }
    Result<void> clear() { return detail::check(nav_circle_world_clear(handle_.get())); }

    const NavCircleWorld* get() const noexcept { return handle_.get(); }

private:
    explicit CircleWorld(NavCircleWorld* world) : handle_(world) {}
    std::unique_ptr<NavCircleWorld, detail::Deleter<&nav_circle_world_free>> handle_;
};

/// A polygon world (NavMeshWorld): a walkable area (a box or a simple polygon) minus polygon,
/// box and circle obstacles, for exact paths (segments and arcs) of a disc of any radius chosen
/// per query. Queries may run on many threads at once (each with its own Query); changes need
/// the world to themselves (else Status::Busy).
class MeshWorld {
public:
    /// An empty world whose walkable area is the box `bounds`.
    static Result<MeshWorld> create(const Aabb& bounds) {
        NavMeshWorld* world = nullptr;
        if (auto r = detail::check(nav_mesh_world_create(&bounds, &world)); !r) return r.error();
        return MeshWorld(world);
    }
    /// An empty world whose walkable area is the simple polygon `points[0..count]`.
    static Result<MeshWorld> create_polygon(const Vec2* points, std::size_t count) {
        NavMeshWorld* world = nullptr;
        auto r = detail::check(nav_mesh_world_create_polygon(points, detail::count32(count), &world));
        if (!r) return r.error();
        return MeshWorld(world);
    }
    static Result<MeshWorld> create_polygon(const std::vector<Vec2>& points) {
        return create_polygon(points.data(), points.size());
    }

    Result<MeshWorld> clone() const {
        NavMeshWorld* world = nullptr;
        if (auto r = detail::check(nav_mesh_world_clone(handle_.get(), &world)); !r) return r.error();
        return MeshWorld(world);
    }

    /// Number of obstacles.
    Result<uint64_t> count() const {
        uint64_t n = 0;
        if (auto r = detail::check(nav_mesh_world_count(handle_.get(), &n)); !r) return r.error();
        return n;
    }

    /// Adds a simple polygon (either orientation, convex or not, 3 to 65536 points).
    Result<ObjectId> insert_polygon(const Vec2* points, std::size_t count) {
        ObjectId id = 0;
        auto r = detail::check(nav_mesh_world_insert_polygon(handle_.get(), points, detail::count32(count), &id));
        if (!r) return r.error();
        return id;
    }
    Result<ObjectId> insert_polygon(const std::vector<Vec2>& points) {
        return insert_polygon(points.data(), points.size());
    }
    Result<ObjectId> insert_box(const Aabb& box) {
        ObjectId id = 0;
        if (auto r = detail::check(nav_mesh_world_insert_box(handle_.get(), box, &id)); !r) return r.error();
        return id;
    }
    Result<ObjectId> insert_circle(Vec2 center, float radius) {
        ObjectId id = 0;
        if (auto r = detail::check(nav_mesh_world_insert_circle(handle_.get(), center, radius, &id)); !r)
            return r.error();
        return id;
    }

    /// Replaces (moves, reshapes) obstacle `id`; the id stays.
    Result<void> set_polygon(ObjectId id, const Vec2* points, std::size_t count) {
        return detail::check(nav_mesh_world_set_polygon(handle_.get(), id, points, detail::count32(count)));
    }
    Result<void> set_polygon(ObjectId id, const std::vector<Vec2>& points) {
        return set_polygon(id, points.data(), points.size());
    }
    Result<void> set_box(ObjectId id, const Aabb& box) {
        return detail::check(nav_mesh_world_set_box(handle_.get(), id, box));
    }
    Result<void> set_circle(ObjectId id, Vec2 center, float radius) {
        return detail::check(nav_mesh_world_set_circle(handle_.get(), id, center, radius));
    }
    Result<void> remove(ObjectId id) { return detail::check(nav_mesh_world_remove(handle_.get(), id)); }
    Result<void> clear() { return detail::check(nav_mesh_world_clear(handle_.get())); }

    /// Whether a disc of `radius` fits at `point`.
    Result<bool> fits(Vec2 point, float radius) const {
        uint32_t fits = 0;
        if (auto r = detail::check(nav_mesh_world_fits(handle_.get(), point, radius, &fits)); !r) return r.error();
        return fits == 1;
    }
    /// The nearest point to `point` where a disc of `radius` fits (nullopt: nowhere).
    Result<std::optional<Vec2>> nearest_fit(Vec2 point, float radius) const {
        Vec2 nearest{};
        uint32_t found = 0;
        auto r = detail::check(nav_mesh_world_nearest_fit(handle_.get(), point, radius, &nearest, &found));
        if (!r) return r.error();
        return found == 1 ? std::optional<Vec2>(nearest) : std::nullopt;
    }
    /// The distance a disc of `radius` moves from `from` along `direction` before its first
    /// contact (nullopt: the whole `max_distance` is clear).
    Result<std::optional<float>> raycast(Vec2 from, Vec2 direction, float max_distance, float radius) const {
        float distance = 0.0f;
        uint32_t hit = 0;
        auto r = detail::check(
            nav_mesh_world_raycast(handle_.get(), from, direction, max_distance, radius, &distance, &hit));
        if (!r) return r.error();
        return hit == 1 ? std::optional<float>(distance) : std::nullopt;
    }
    /// Whether a disc of `radius` can travel from `a` to `b`.
    Result<bool> connected(Vec2 a, Vec2 b, float radius) const {
        uint32_t connected = 0;
        if (auto r = detail::check(nav_mesh_world_connected(handle_.get(), a, b, radius, &connected)); !r)
            return r.error();
        return connected == 1;
    }

    const NavMeshWorld* get() const noexcept { return handle_.get(); }

private:
    explicit MeshWorld(NavMeshWorld* world) : handle_(world) {}
    std::unique_ptr<NavMeshWorld, detail::Deleter<&nav_mesh_world_free>> handle_;
};

// ---------------------------------------------------------------------------------------------
// Queries

/// A path and how the search ended.
struct Path {
    PathStatus status = PathStatus::NoPath;
    double cost = 0.0;
    uint64_t expanded = 0;
    std::vector<Cell> cells;
    /// Cost from the start to each cell.
    std::vector<double> costs;

    bool found() const noexcept { return status == PathStatus::Found; }
};

/// An agent's path in a World.
struct WorldPath {
    PathStatus status = PathStatus::NoPath;
    double length = 0.0;
    uint64_t expanded = 0;
    std::vector<Vec2> points;

    bool found() const noexcept { return status == PathStatus::Found; }
};

/// An exact path in a CircleWorld.
struct CirclePath {
    PathStatus status = PathStatus::NoPath;
    double length = 0.0;
    uint64_t expanded = 0;
    /// The circle holding the start or goal, for StartBlocked / GoalBlocked.
    ObjectId blocking_circle = 0;
    std::vector<PathPiece> pieces;

    bool found() const noexcept { return status == PathStatus::Found; }
};

/// An exact path in a MeshWorld.
struct MeshPath {
    PathStatus status = PathStatus::NoPath;
    double length = 0.0;
    uint64_t expanded = 0;
    /// Whether `pieces` lead to the reachable point closest to the goal (a partial path).
    bool partial = false;
    std::vector<PathPiece> pieces;

    bool found() const noexcept { return status == PathStatus::Found; }
};

namespace detail {
// What the path doors of the continuous worlds share. Each path type names its items, how the
// query reads them back (nav_query_*_path), and how its result struct fills it.
inline std::vector<Vec2>& items(WorldPath& path) noexcept { return path.points; }
inline std::vector<PathPiece>& items(CirclePath& path) noexcept { return path.pieces; }
inline std::vector<PathPiece>& items(MeshPath& path) noexcept { return path.pieces; }

inline NavStatus read_path(NavQuery* query, WorldPath& path, uint32_t n, uint32_t* count) {
    return nav_query_world_path(query, path.points.data(), n, count);
}
inline NavStatus read_path(NavQuery* query, CirclePath& path, uint32_t n, uint32_t* count) {
    return nav_query_circle_path(query, path.pieces.data(), n, count);
}
inline NavStatus read_path(NavQuery* query, MeshPath& path, uint32_t n, uint32_t* count) {
    return nav_query_mesh_path(query, path.pieces.data(), n, count);
}

inline uint32_t item_count(const NavWorldPathResult& r) noexcept { return r.point_count; }
inline uint32_t item_count(const NavCirclePathResult& r) noexcept { return r.piece_count; }
inline uint32_t item_count(const NavMeshPathResult& r) noexcept { return r.piece_count; }

inline void assign(WorldPath& out, const NavWorldPathResult& r) {
    out.status = static_cast<PathStatus>(r.path_status);
    out.length = r.length;
    out.expanded = r.expanded;
}
inline void assign(CirclePath& out, const NavCirclePathResult& r) {
    out.status = static_cast<PathStatus>(r.path_status);
    out.length = r.length;
    out.expanded = r.expanded;
    out.blocking_circle = r.blocking_circle;
}
inline void assign(MeshPath& out, const NavMeshPathResult& r) {
    out.status = static_cast<PathStatus>(r.path_status);
    out.length = r.length;
    out.expanded = r.expanded;
    out.partial = r.partial == 1;
}

/// Runs `call(buffer, capacity, &result)`, a search writing into `out`'s items (their memory
/// is reused). On NAV_BUFFER_TOO_SMALL the query kept the path, which is then read into a
/// larger buffer without searching again. On an error `out`'s items are emptied.
template <class Out, class R, class Call>
Result<void> fill_path(NavQuery* query, Out& out, R& result, Call call) {
    auto& buffer = items(out);
    buffer.resize(buffer.capacity());
    NavStatus s = call(buffer.data(), count32(buffer.size()), &result);
    if (s == NAV_BUFFER_TOO_SMALL) {
        buffer.resize(item_count(result));
        uint32_t count = 0;
        s = read_path(query, out, item_count(result), &count);
    }
    if (s != NAV_OK) {
        Error error = Error::from_status(s);
        buffer.clear();
        return error;
    }
    assign(out, result);
    buffer.resize(item_count(result));
    return {};
}
}  // namespace detail

/// The results of a batch: one NavGridBatchResult per pair, and the paths' cells.
struct BatchResults {
    std::vector<NavGridBatchResult> results;
    std::vector<Cell> cells;
    uint32_t cells_per_pair = 0;

    /// The path of pair i (empty when it was not written).
    Span<Cell> path(std::size_t i) const noexcept {
        const NavGridBatchResult& r = results[i];
        if (cells_per_pair == 0 || r.status != NAV_OK) return {};
        return Span<Cell>{cells.data() + i * cells_per_pair, r.cell_count};
    }
};

/// A query context (NavQuery): one per thread, kept and reused.
class Query {
public:
    static Result<Query> create() {
        NavQuery* query = nullptr;
        if (auto r = detail::check(nav_query_create(&query)); !r) return r.error();
        return Query(query);
    }

    /// Finds a path into `out`, reusing its memory (no allocation once its vectors are large
    /// enough). `rules` may be null (the Moving AI rules).
    Result<void> find_path(const Grid& grid, Cell start, Cell goal, Path& out, const Rules* rules = nullptr,
                           const QueryOptions& options = QueryOptions{}) {
        out.cells.resize(out.cells.capacity());
        out.costs.resize(out.cells.size());
        NavGridPathResult result{};
        NavStatus s = nav_grid_find_path(grid.get(), handle_.get(), rules ? rules->get() : nullptr, &options, start,
                                         goal, out.cells.data(), out.costs.data(),
                                         static_cast<uint32_t>(out.cells.size()), &result);
        if (s == NAV_BUFFER_TOO_SMALL) {
            // The query kept the path: fetch it into larger buffers without searching again.
            out.cells.resize(result.cell_count);
            out.costs.resize(result.cell_count);
            uint32_t count = 0;
            s = nav_query_grid_path(handle_.get(), out.cells.data(), out.costs.data(), result.cell_count, &count);
        }
        if (s != NAV_OK) {
            Error error = Error::from_status(s);
            out.cells.clear();
            out.costs.clear();
            return error;
        }
        out.status = static_cast<PathStatus>(result.path_status);
        out.cost = result.cost;
        out.expanded = result.expanded;
        out.cells.resize(result.cell_count);
        out.costs.resize(result.cell_count);
        return {};
    }

    /// Finds a path (allocating a new Path).
    Result<Path> find_path(const Grid& grid, Cell start, Cell goal, const Rules* rules = nullptr,
                           const QueryOptions& options = QueryOptions{}) {
        Path path;
        if (auto r = find_path(grid, start, goal, path, rules, options); !r) return r.error();
        return path;
    }

    /// How many leading cells of the latest path are reachable with `budget` movement points.
    Result<uint32_t> path_within_budget(double budget) {
        uint32_t count = 0;
        if (auto r = detail::check(nav_query_grid_path_within_budget(handle_.get(), budget, &count)); !r)
            return r.error();
        return count;
    }

    /// The cells the latest query expanded.
    Result<std::vector<Cell>> expanded_cells() {
        uint32_t count = 0;
        NavStatus s = nav_query_grid_expanded_cells(handle_.get(), nullptr, 0, &count);
        if (s != NAV_BUFFER_TOO_SMALL && s != NAV_OK) return Error::from_status(s);
        std::vector<Cell> cells(count);
        if (auto r = detail::check(nav_query_grid_expanded_cells(handle_.get(), cells.data(), count, &count)); !r)
            return r.error();
        return cells;
    }

    /// Runs a batch of pairs into `out` (reusing its memory). threads == 1: this context, on the
    /// calling thread; other values: nav's worker pool (0: as it likes). Every pair gets its own
    /// result even when the call returns an error (the first failing pair's).
    Result<void> find_paths(const Grid& grid, const std::vector<Pair>& pairs, BatchResults& out,
                            uint32_t cells_per_pair, uint32_t threads = 1, const Rules* rules = nullptr,
                            const QueryOptions& options = QueryOptions{}) {
        out.results.resize(pairs.size());
        out.cells.resize(pairs.size() * cells_per_pair);
        out.cells_per_pair = cells_per_pair;
        return detail::check(nav_grid_find_path_batch(
            grid.get(), handle_.get(), rules ? rules->get() : nullptr, &options, pairs.data(),
            static_cast<uint32_t>(pairs.size()), out.results.data(), cells_per_pair ? out.cells.data() : nullptr,
            cells_per_pair, threads));
    }

    /// An agent's path in `world` into `out` (reusing its memory).
    Result<void> find_path(const World& world, const AgentDesc& agent, Vec2 start, Vec2 goal, WorldPath& out,
                           const WorldQueryOptions& options = WorldQueryOptions{}) {
        NavWorldPathResult result{};
        return detail::fill_path(handle_.get(), out, result, [&](Vec2* points, uint32_t n, NavWorldPathResult* r) {
            return nav_world_find_path(world.get(), handle_.get(), &agent, &options, start, goal, points, n, r);
        });
    }

    Result<WorldPath> find_path(const World& world, const AgentDesc& agent, Vec2 start, Vec2 goal,
                                const WorldQueryOptions& options = WorldQueryOptions{}) {
        WorldPath path;
        if (auto r = find_path(world, agent, start, goal, path, options); !r) return r.error();
        return path;
    }

    /// The exact path of a disc of `agent_radius` in `world` into `out` (reusing its memory).
    Result<void> find_path(const CircleWorld& world, float agent_radius, Vec2 start, Vec2 goal, CirclePath& out,
                           const CircleQueryOptions& options = CircleQueryOptions{}) {
        NavCirclePathResult result{};
        return detail::fill_path(
            handle_.get(), out, result, [&](PathPiece* pieces, uint32_t n, NavCirclePathResult* r) {
                return nav_circle_world_find_path(world.get(), handle_.get(), agent_radius, &options, start, goal,
                                                  pieces, n, r);
            });
    }

    Result<CirclePath> find_path(const CircleWorld& world, float agent_radius, Vec2 start, Vec2 goal,
                                 const CircleQueryOptions& options = CircleQueryOptions{}) {
        CirclePath path;
        if (auto r = find_path(world, agent_radius, start, goal, path, options); !r) return r.error();
        return path;
    }

    /// The latest CircleWorld path as points, arcs cut into chords within `max_deviation`.
    Result<std::vector<Vec2>> circle_path_polyline(float max_deviation) {
        uint32_t count = 0;
        NavStatus s = nav_query_circle_path_polyline(handle_.get(), max_deviation, nullptr, 0, &count);
        if (s != NAV_BUFFER_TOO_SMALL && s != NAV_OK) return Error::from_status(s);
        std::vector<Vec2> points(count);
        auto r = detail::check(nav_query_circle_path_polyline(handle_.get(), max_deviation, points.data(), count, &count));
        if (!r) return r.error();
        return points;
    }

    /// The exact path of a disc of `agent_radius` in `world` into `out` (reusing its memory).
    Result<void> find_path(const MeshWorld& world, float agent_radius, Vec2 start, Vec2 goal, MeshPath& out,
                           const MeshQueryOptions& options = MeshQueryOptions{}) {
        NavMeshPathResult result{};
        return detail::fill_path(
            handle_.get(), out, result, [&](PathPiece* pieces, uint32_t n, NavMeshPathResult* r) {
                return nav_mesh_world_find_path(world.get(), handle_.get(), agent_radius, &options, start, goal,
                                                pieces, n, r);
            });
    }

    Result<MeshPath> find_path(const MeshWorld& world, float agent_radius, Vec2 start, Vec2 goal,
                               const MeshQueryOptions& options = MeshQueryOptions{}) {
        MeshPath path;
        if (auto r = find_path(world, agent_radius, start, goal, path, options); !r) return r.error();
        return path;
    }

    /// The latest MeshWorld path as points, arcs replaced by chords outside them within
    /// `max_deviation`.
    Result<std::vector<Vec2>> mesh_path_polyline(float max_deviation) {
        uint32_t count = 0;
        NavStatus s = nav_query_mesh_path_polyline(handle_.get(), max_deviation, nullptr, 0, &count);
        if (s != NAV_BUFFER_TOO_SMALL && s != NAV_OK) return Error::from_status(s);
        std::vector<Vec2> points(count);
        auto r = detail::check(
            nav_query_mesh_path_polyline(handle_.get(), max_deviation, points.data(), count, &count));
        if (!r) return r.error();
        return points;
    }

    /// Bounds the memory this context keeps between MeshWorld queries for its successor lists
    /// to about `max_bytes` (0: no limit, the default): a query that starts with more drops
    /// them; paths never change (see nav_query_set_mesh_cache_limit).
    Result<void> set_mesh_cache_limit(uint64_t max_bytes) {
        return detail::check(nav_query_set_mesh_cache_limit(handle_.get(), max_bytes));
    }

    /// The memory the MeshWorld successor lists hold now, in bytes.
    Result<uint64_t> mesh_cache_bytes() {
        uint64_t held = 0;
        if (auto r = detail::check(nav_query_mesh_cache_bytes(handle_.get(), &held)); !r) return r.error();
        return held;
    }

    NavQuery* get() noexcept { return handle_.get(); }

private:
    explicit Query(NavQuery* query) : handle_(query) {}
    std::unique_ptr<NavQuery, detail::Deleter<&nav_query_free>> handle_;
};

// ---------------------------------------------------------------------------------------------
// Time-sliced queries: one query spread over several frames (see docs/game-loop.md)

/// Where a sliced query stands (NavSliceStage).
enum class SliceStage : uint32_t {
    Idle = NAV_SLICE_STAGE_IDLE,
    Running = NAV_SLICE_STAGE_RUNNING,
    Finished = NAV_SLICE_STAGE_FINISHED,
};

/// The state of a sliced query (NavSliceState). Once finished, `status`, `cost`, `expanded`
/// and `count` are those of the navigator's find_path, and sliced_path() reads the path.
struct SliceState {
    SliceStage stage = SliceStage::Idle;
    PathStatus status = PathStatus::NoPath;
    uint64_t expanded = 0;
    /// The path's cost (grids) or length, when finished.
    double cost = 0.0;
    /// Cells, points or pieces of the path, when finished.
    uint32_t count = 0;
    bool partial = false;

    bool running() const noexcept { return stage == SliceStage::Running; }
    bool finished() const noexcept { return stage == SliceStage::Finished; }
};

namespace detail {
inline Result<SliceState> slice_state(NavStatus status, const NavSliceState& s) {
    if (auto r = check(status); !r) return r.error();
    SliceState out;
    out.stage = static_cast<SliceStage>(s.stage);
    out.status = static_cast<PathStatus>(s.path_status);
    out.expanded = s.expanded;
    out.cost = s.cost;
    out.count = s.count;
    out.partial = s.partial == 1;
    return out;
}
}  // namespace detail

/// Begins a sliced grid query on `query` (the arguments of Query::find_path); step it with
/// step_sliced until it is no longer running. Status::WorldChanged from a step: the grid (or
/// the rules) changed since the query began, which was cancelled.
inline Result<SliceState> begin_sliced(Query& query, const Grid& grid, Cell start, Cell goal,
                                       const Rules* rules = nullptr,
                                       const QueryOptions& options = QueryOptions{}) {
    NavSliceState s{};
    NavStatus status = nav_grid_slice_begin(grid.get(), query.get(), rules ? rules->get() : nullptr, &options,
                                            start, goal, &s);
    return detail::slice_state(status, s);
}
/// Advances the grid's sliced query of `query` by at most `max_expansions` (at least 1).
inline Result<SliceState> step_sliced(Query& query, const Grid& grid, uint32_t max_expansions,
                                      const Rules* rules = nullptr) {
    NavSliceState s{};
    NavStatus status = nav_grid_slice_step(grid.get(), query.get(), rules ? rules->get() : nullptr,
                                           max_expansions, &s);
    return detail::slice_state(status, s);
}

/// Begins a sliced World query (the arguments of Query::find_path for a World).
inline Result<SliceState> begin_sliced(Query& query, const World& world, const AgentDesc& agent, Vec2 start,
                                       Vec2 goal, const WorldQueryOptions& options = WorldQueryOptions{}) {
    NavSliceState s{};
    NavStatus status = nav_world_slice_begin(world.get(), query.get(), &agent, &options, start, goal, &s);
    return detail::slice_state(status, s);
}
inline Result<SliceState> step_sliced(Query& query, const World& world, uint32_t max_expansions) {
    NavSliceState s{};
    return detail::slice_state(nav_world_slice_step(world.get(), query.get(), max_expansions, &s), s);
}

/// Begins a sliced CircleWorld query.
inline Result<SliceState> begin_sliced(Query& query, const CircleWorld& world, float agent_radius, Vec2 start,
                                       Vec2 goal, const CircleQueryOptions& options = CircleQueryOptions{}) {
    NavSliceState s{};
    NavStatus status =
        nav_circle_world_slice_begin(world.get(), query.get(), agent_radius, &options, start, goal, &s);
    return detail::slice_state(status, s);
}
inline Result<SliceState> step_sliced(Query& query, const CircleWorld& world, uint32_t max_expansions) {
    NavSliceState s{};
    return detail::slice_state(nav_circle_world_slice_step(world.get(), query.get(), max_expansions, &s), s);
}

/// Begins a sliced MeshWorld query.
inline Result<SliceState> begin_sliced(Query& query, const MeshWorld& world, float agent_radius, Vec2 start,
                                       Vec2 goal, const MeshQueryOptions& options = MeshQueryOptions{}) {
    NavSliceState s{};
    NavStatus status =
        nav_mesh_world_slice_begin(world.get(), query.get(), agent_radius, &options, start, goal, &s);
    return detail::slice_state(status, s);
}
inline Result<SliceState> step_sliced(Query& query, const MeshWorld& world, uint32_t max_expansions) {
    NavSliceState s{};
    return detail::slice_state(nav_mesh_world_slice_step(world.get(), query.get(), max_expansions, &s), s);
}

/// Cancels the sliced queries of `query` (every navigator's).
inline Result<void> cancel_sliced(Query& query) { return detail::check(nav_query_slice_cancel(query.get())); }

/// The path of a finished sliced grid query, as Query::find_path gives it.
inline Result<void> sliced_path(Query& query, const SliceState& state, Path& out) {
    out.status = state.status;
    out.cost = state.cost;
    out.expanded = state.expanded;
    out.cells.resize(state.count);
    out.costs.resize(state.count);
    uint32_t count = 0;
    auto r = detail::check(nav_query_grid_path(query.get(), out.cells.data(), out.costs.data(), state.count, &count));
    if (!r) return r.error();
    out.cells.resize(count);
    out.costs.resize(count);
    return {};
}
namespace detail {
/// Reads the path of a finished sliced query of a continuous world into `out`.
template <class Out>
Result<void> sliced_path(Query& query, const SliceState& state, Out& out) {
    out.status = state.status;
    out.length = state.cost;
    out.expanded = state.expanded;
    items(out).resize(state.count);
    uint32_t count = 0;
    if (auto r = check(read_path(query.get(), out, state.count, &count)); !r) return r.error();
    items(out).resize(count);
    return {};
}
}  // namespace detail

/// The path of a finished sliced World query.
inline Result<void> sliced_path(Query& query, const SliceState& state, WorldPath& out) {
    return detail::sliced_path(query, state, out);
}
/// The path of a finished sliced CircleWorld query.
inline Result<void> sliced_path(Query& query, const SliceState& state, CirclePath& out) {
    return detail::sliced_path(query, state, out);
}
/// The path of a finished sliced MeshWorld query.
inline Result<void> sliced_path(Query& query, const SliceState& state, MeshPath& out) {
    out.partial = state.partial;
    return detail::sliced_path(query, state, out);
}

// Search modes and preprocessing

/// Builds ahead of time what queries under `rules` (null: the Moving AI rules) for agents of
/// `agent_size` cells derive from `grid` on first use (nav_grid_prepare): component labels, and
/// the jump point bit grids or the JPS+ jump table. True when something was built.
inline Result<bool> prepare(const Grid& grid, const Rules* rules = nullptr, uint32_t agent_size = 1) {
    uint32_t built = 0;
    if (auto r = detail::check(nav_grid_prepare(grid.get(), rules ? rules->get() : nullptr, agent_size, &built)); !r)
        return r.error();
    return built != 0;
}

/// Which search the latest grid query of `query` ran (nav_query_grid_search_used).
inline Result<SearchMode> search_used(Query& query) {
    uint32_t mode = 0;
    if (auto r = detail::check(nav_query_grid_search_used(query.get(), &mode)); !r) return r.error();
    return static_cast<SearchMode>(mode);
}

// Threads: waiting for busy handles, and the live-handle count

/// Sets how long this thread's calls wait for a grid or world that another thread holds or
/// waits for, in milliseconds (nav_set_wait_timeout; 0, the default, is no wait: NAV_BUSY at
/// once). A waiting edit keeps new queries from starting, so it lands under a query load.
/// Error InvalidArgument above NAV_MAX_WAIT_TIMEOUT_MS.
inline Result<void> set_wait_timeout(uint32_t milliseconds) {
    return detail::check(nav_set_wait_timeout(milliseconds));
}

/// This thread's wait timeout in milliseconds (nav_wait_timeout).
inline Result<uint32_t> wait_timeout() {
    uint32_t ms = 0;
    if (auto r = detail::check(nav_wait_timeout(&ms)); !r) return r.error();
    return ms;
}

/// The number of live handles of the process (nav_live_handles): created and not yet freed.
inline Result<uint64_t> live_handles() {
    uint64_t count = 0;
    if (auto r = detail::check(nav_live_handles(&count)); !r) return r.error();
    return count;
}

}  // namespace nav

#endif  // NAV_HPP
