// Concurrency through the C ABI from C++ threads: 3 reader threads query one NavGrid, one
// NavWorld, one NavCircleWorld and one NavMeshWorld while 1 writer thread edits them.
//
//   stress_threads [SECONDS_PER_PHASE] [MOVINGAI_MAP|-] [WAIT_MS]
//
// Phases, for each of the four handles:
//  1. in place, no wait: the writer's edits return NAV_BUSY whenever a query holds the
//     handle (the starvation the wait timeout fixes); counted, not failed;
//  2. in place, writer timeout WAIT_MS (default 200 ms; nav_set_wait_timeout): every edit must
//     land (a timeout shorter than one query cannot promise that), and the
//     readers' NAV_BUSY answers (queries refused while an edit waits or runs) are counted;
//  3. clone and swap: the writer edits a clone and publishes it (std::atomic), readers query
//     whatever is current; afterwards every answer is compared with a sequential replay on
//     the version it read (all versions are kept until then).
// Then stale handles: a freed clone gives NAV_INVALID_HANDLE on every thread. At the end the
// live-handle count (nav_live_handles) is back where it started.
//
// Exits non-zero on a mismatch, a crash-free failure (an unexpected status), a leak, or an
// edit that did not land in phase 2. Prints one line per phase (tries, landed, answers).
#include "nav.h"

#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

int failures = 0;

void fail(const char *what, NavStatus status) {
    char message[512] = {0};
    uint32_t needed = 0;
    nav_last_error(message, sizeof message, &needed);
    std::fprintf(stderr, "FAIL: %s: status %u: %s\n", what, (unsigned)status, message);
    ++failures;
}

void expect_ok(NavStatus status, const char *what) {
    if (status != NAV_OK) fail(what, status);
}

// The three kinds of handle, behind one interface.
enum Kind { GRID, WORLD, CIRCLES, MESH };
const char *kind_name(Kind k) {
    return k == GRID ? "NavGrid" : k == WORLD ? "NavWorld" : k == CIRCLES ? "NavCircleWorld" : "NavMeshWorld";
}

struct Handles {
    NavGrid *grid = nullptr;
    NavWorld *world = nullptr;
    NavCircleWorld *circles = nullptr;
    NavMeshWorld *mesh = nullptr;
    uint32_t width = 0, height = 0;
    std::vector<uint64_t> movers;  // dynamic obstacles (world), circles, or mesh obstacles
};

// A deterministic generator (xorshift64*), the same on every platform.
struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 2654435761u + 1) {}
    uint64_t next() {
        s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
        return s * 2685821657736338717ull;
    }
    uint32_t below(uint32_t n) { return (uint32_t)(next() % n); }
    float coord(float hi) { return (float)below((uint32_t)(hi * 4)) / 4.0f; }
};

// One query `q` on a handle of `kind` (nullptr-free), its answer as bits: status, cost and
// expanded count folded into one number.
NavStatus query(Kind kind, void *handle, NavQuery *ctx, const Handles &h, uint32_t q, uint64_t *answer) {
    Rng rng(q + 1);
    NavStatus status;
    uint64_t bits = 0;
    if (kind == GRID) {
        NavCell a = {rng.below(h.width), rng.below(h.height)}, b = {rng.below(h.width), rng.below(h.height)};
        NavGridPathResult r;
        std::memset(&r, 0, sizeof r);
        status = nav_grid_find_path((const NavGrid *)handle, ctx, nullptr, nullptr, a, b, nullptr, nullptr, 0, &r);
        if (status == NAV_BUFFER_TOO_SMALL) status = NAV_OK;
        std::memcpy(&bits, &r.cost, 8);
        bits ^= (uint64_t)r.path_status << 60 ^ r.expanded * 31 ^ (uint64_t)r.cell_count << 40;
    } else if (kind == WORLD) {
        NavAgentDesc agent;
        std::memset(&agent, 0, sizeof agent);
        agent.radius = 0.5f;
        agent.step = 1.0f;
        NavVec2 a = {1 + rng.coord(62), 1 + rng.coord(62)}, b = {1 + rng.coord(62), 1 + rng.coord(62)};
        NavWorldPathResult r;
        std::memset(&r, 0, sizeof r);
        status = nav_world_find_path((const NavWorld *)handle, ctx, &agent, nullptr, a, b, nullptr, 0, &r);
        if (status == NAV_BUFFER_TOO_SMALL) status = NAV_OK;
        std::memcpy(&bits, &r.length, 8);
        bits ^= (uint64_t)r.path_status << 60 ^ r.expanded * 31 ^ (uint64_t)r.point_count << 40;
    } else if (kind == MESH) {
        NavVec2 a = {1 + rng.coord(62), 1 + rng.coord(62)}, b = {1 + rng.coord(62), 1 + rng.coord(62)};
        NavMeshPathResult r;
        std::memset(&r, 0, sizeof r);
        status = nav_mesh_world_find_path((const NavMeshWorld *)handle, ctx, 0.5f, nullptr, a, b, nullptr, 0, &r);
        if (status == NAV_BUFFER_TOO_SMALL) status = NAV_OK;
        std::memcpy(&bits, &r.length, 8);
        bits ^= (uint64_t)r.path_status << 60 ^ r.expanded * 31 ^ (uint64_t)r.piece_count << 40;
    } else {
        NavVec2 a = {1 + rng.coord(62), 1 + rng.coord(62)}, b = {1 + rng.coord(62), 1 + rng.coord(62)};
        NavCirclePathResult r;
        std::memset(&r, 0, sizeof r);
        status = nav_circle_world_find_path((const NavCircleWorld *)handle, ctx, 0.5f, nullptr, a, b, nullptr, 0, &r);
        if (status == NAV_BUFFER_TOO_SMALL) status = NAV_OK;
        std::memcpy(&bits, &r.length, 8);
        bits ^= (uint64_t)r.path_status << 60 ^ r.expanded * 31 ^ (uint64_t)r.piece_count << 40;
    }
    *answer = bits;
    return status;
}

// Edit number `v` of a handle, in place.
NavStatus edit(Kind kind, void *handle, const Handles &h, uint32_t v) {
    Rng rng(v * 7919 + 13);
    if (kind == GRID) {
        uint32_t x = rng.below(h.width), y = rng.below(h.height);
        return nav_grid_set_blocked((NavGrid *)handle, x, y, v & 1);
    } else if (kind == WORLD) {
        NavVec2 c = {8 + rng.coord(48), 8 + rng.coord(48)};
        return nav_world_move_circle((NavWorld *)handle, h.movers[v % h.movers.size()], c, 1 + rng.coord(2));
    } else if (kind == MESH) {
        NavVec2 c = {4 + rng.coord(56), 4 + rng.coord(56)};
        float e = 0.5f + rng.coord(2);
        NavAabb box = {{c.x - e, c.y - e}, {c.x + e, c.y + e}};
        return nav_mesh_world_set_box((NavMeshWorld *)handle, h.movers[v % h.movers.size()], box);
    } else {
        NavVec2 c = {4 + rng.coord(56), 4 + rng.coord(56)};
        return nav_circle_world_set((NavCircleWorld *)handle, h.movers[v % h.movers.size()], c, 0.5f + rng.coord(3));
    }
}

NavStatus clone(Kind kind, void *handle, void **out) {
    if (kind == GRID) return nav_grid_clone((const NavGrid *)handle, (NavGrid **)out);
    if (kind == WORLD) return nav_world_clone((const NavWorld *)handle, (NavWorld **)out);
    if (kind == MESH) return nav_mesh_world_clone((const NavMeshWorld *)handle, (NavMeshWorld **)out);
    return nav_circle_world_clone((const NavCircleWorld *)handle, (NavCircleWorld **)out);
}

NavStatus release(Kind kind, void *handle) {
    if (kind == GRID) return nav_grid_free((NavGrid *)handle);
    if (kind == WORLD) return nav_world_free((NavWorld *)handle);
    if (kind == MESH) return nav_mesh_world_free((NavMeshWorld *)handle);
    return nav_circle_world_free((NavCircleWorld *)handle);
}

const int READERS = 3;
const uint32_t QUERIES = 64;

// Phases 1 and 2: in place; returns false on an unexpected status.
void in_place(Kind kind, void *handle, const Handles &h, double seconds, uint32_t timeout_ms) {
    std::atomic<bool> stop(false);
    std::atomic<uint64_t> answers(0), busy(0);
    std::vector<std::thread> readers;
    for (int t = 0; t < READERS; ++t) {
        readers.emplace_back([&, t] {
            NavQuery *ctx = nullptr;
            expect_ok(nav_query_create(&ctx), "nav_query_create");
            uint32_t q = (uint32_t)t;
            while (!stop.load()) {
                uint64_t answer;
                NavStatus s = query(kind, handle, ctx, h, q++ % QUERIES, &answer);
                if (s == NAV_OK) answers++;
                else if (s == NAV_BUSY) busy++;
                else fail("query in place", s);
            }
            expect_ok(nav_query_free(ctx), "nav_query_free");
        });
    }
    expect_ok(nav_set_wait_timeout(timeout_ms), "nav_set_wait_timeout");
    uint64_t tries = 0, landed = 0;
    double worst_ms = 0;
    auto end = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < end) {
        auto t0 = Clock::now();
        NavStatus s = edit(kind, handle, h, (uint32_t)tries);
        double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        ++tries;
        if (s == NAV_OK) {
            ++landed;
            if (ms > worst_ms) worst_ms = ms;
        } else if (s != NAV_BUSY) {
            fail("edit in place", s);
        }
        if (timeout_ms > 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    expect_ok(nav_set_wait_timeout(0), "nav_set_wait_timeout");
    stop = true;
    for (auto &r : readers) r.join();
    std::printf("%-14s in place, wait %3u ms: %8" PRIu64 " edits tried, %8" PRIu64 " landed (%.4f%%), slowest landed %.2f ms; %9" PRIu64 " answers, %8" PRIu64 " NAV_BUSY\n",
                kind_name(kind), timeout_ms, tries, landed, tries ? 100.0 * landed / tries : 0.0, worst_ms,
                answers.load(), busy.load());
    if (timeout_ms > 0 && landed != tries) {
        std::fprintf(stderr, "FAIL: %s: %" PRIu64 " of %" PRIu64 " edits did not land with a %u ms wait\n",
                     kind_name(kind), tries - landed, tries, timeout_ms);
        ++failures;
    }
}

// Phase 3: clone and swap, checked against a sequential replay.
void clone_and_swap(Kind kind, void *initial, const Handles &h, double seconds) {
    struct Record { uint32_t version, query; uint64_t answer; };
    std::vector<void *> versions;
    std::mutex versions_lock;
    versions.push_back(initial);
    std::atomic<uint32_t> current(0);
    std::atomic<bool> stop(false);
    std::vector<std::vector<Record>> records(READERS);
    std::vector<std::thread> readers;
    for (int t = 0; t < READERS; ++t) {
        readers.emplace_back([&, t] {
            NavQuery *ctx = nullptr;
            expect_ok(nav_query_create(&ctx), "nav_query_create");
            uint32_t q = (uint32_t)t;
            while (!stop.load()) {
                uint32_t v = current.load();
                void *handle;
                {
                    std::lock_guard<std::mutex> lock(versions_lock);
                    handle = versions[v];
                }
                uint64_t answer;
                uint32_t qi = q++ % QUERIES;
                NavStatus s = query(kind, handle, ctx, h, qi, &answer);
                if (s != NAV_OK) fail("query on a published version", s);
                records[t].push_back(Record{v, qi, answer});
            }
            expect_ok(nav_query_free(ctx), "nav_query_free");
        });
    }
    auto end = Clock::now() + std::chrono::duration<double>(seconds);
    uint32_t v = 0;
    while (Clock::now() < end && v < 200) {
        void *next = nullptr;
        expect_ok(clone(kind, versions[v], &next), "clone");
        expect_ok(edit(kind, next, h, v + 1), "edit of a clone");
        {
            std::lock_guard<std::mutex> lock(versions_lock);
            versions.push_back(next);
        }
        current = ++v;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    stop = true;
    for (auto &r : readers) r.join();
    NavQuery *ctx = nullptr;
    expect_ok(nav_query_create(&ctx), "nav_query_create");
    uint64_t checked = 0, mismatches = 0;
    for (auto &rs : records) {
        for (auto &r : rs) {
            uint64_t again;
            expect_ok(query(kind, versions[r.version], ctx, h, r.query, &again), "replay");
            if (again != r.answer) ++mismatches;
            ++checked;
        }
    }
    expect_ok(nav_query_free(ctx), "nav_query_free");
    std::printf("%-14s clone and swap: %u versions, %" PRIu64 " answers, %" PRIu64 " differ from the replay\n",
                kind_name(kind), v, checked, mismatches);
    if (mismatches) ++failures;
    for (size_t i = 1; i < versions.size(); ++i) expect_ok(release(kind, versions[i]), "free a version");
}

// A freed handle is refused on every thread, never used.
void stale(Kind kind, void *handle) {
    void *copy = nullptr;
    expect_ok(clone(kind, handle, &copy), "clone");
    expect_ok(release(kind, copy), "free");
    Handles none;
    none.width = none.height = 1;
    none.movers.push_back(1);
    std::vector<std::thread> threads;
    for (int t = 0; t < READERS; ++t) {
        threads.emplace_back([&] {
            NavQuery *ctx = nullptr;
            expect_ok(nav_query_create(&ctx), "nav_query_create");
            uint64_t answer;
            NavStatus s = query(kind, copy, ctx, none, 0, &answer);
            if (s != NAV_INVALID_HANDLE) fail("query on a freed handle", s);
            s = edit(kind, copy, none, 0);
            if (s != NAV_INVALID_HANDLE) fail("edit of a freed handle", s);
            s = release(kind, copy);
            if (s != NAV_INVALID_HANDLE) fail("double free", s);
            expect_ok(nav_query_free(ctx), "nav_query_free");
        });
    }
    for (auto &t : threads) t.join();
}

}  // namespace

int main(int argc, char **argv) {
    double seconds = argc > 1 ? std::atof(argv[1]) : 0.5;
    const char *map = argc > 2 && std::strcmp(argv[2], "-") != 0 ? argv[2] : nullptr;
    uint32_t wait_ms = argc > 3 ? (uint32_t)std::atoi(argv[3]) : 200;
    uint64_t live_before = 0, live_after = 0;
    expect_ok(nav_live_handles(&live_before), "nav_live_handles");

    Handles h;
    if (map) {
        expect_ok(nav_grid_load_movingai_file(map, &h.grid), "nav_grid_load_movingai_file");
        NavGridInfo info;
        expect_ok(nav_grid_info(h.grid, &info), "nav_grid_info");
        h.width = info.width;
        h.height = info.height;
    } else {
        h.width = h.height = 128;
        expect_ok(nav_grid_create(h.width, h.height, &h.grid), "nav_grid_create");
        Rng rng(5);
        for (uint32_t i = 0; i < h.width * h.height / 4; ++i)
            nav_grid_set_blocked(h.grid, rng.below(h.width), rng.below(h.height), 1);
    }
    NavAabb bounds = {{0, 0}, {64, 64}};
    expect_ok(nav_world_create(&bounds, 0, &h.world), "nav_world_create");
    expect_ok(nav_circle_world_create(&bounds, &h.circles), "nav_circle_world_create");
    expect_ok(nav_mesh_world_create(&bounds, &h.mesh), "nav_mesh_world_create");
    Rng rng(9);
    std::vector<uint64_t> world_movers, circle_ids, mesh_ids;
    for (int i = 0; i < 40; ++i) {
        uint64_t id;
        NavVec2 c = {2 + rng.coord(60), 2 + rng.coord(60)};
        expect_ok(nav_world_insert_circle(h.world, c, 0.5f + rng.coord(2), i < 8, &id), "nav_world_insert_circle");
        if (i < 8) world_movers.push_back(id);
        expect_ok(nav_circle_world_insert(h.circles, c, 0.5f + rng.coord(2), &id), "nav_circle_world_insert");
        circle_ids.push_back(id);
        NavAabb box = {{c.x - 0.75f, c.y - 0.5f}, {c.x + 0.75f, c.y + 0.5f}};
        if (nav_mesh_world_insert_box(h.mesh, box, &id) == NAV_OK) mesh_ids.push_back(id);
    }
    if (nav_live_handles(nullptr) != NAV_NULL_POINTER) fail("nav_live_handles(NULL)", NAV_OK);
    uint64_t live_now = 0;
    expect_ok(nav_live_handles(&live_now), "nav_live_handles");
    if (live_now != live_before + 4) {
        std::fprintf(stderr, "FAIL: %" PRIu64 " live handles after creating 4, %" PRIu64 " before\n", live_now, live_before);
        ++failures;
    }

    Kind kinds[4] = {GRID, WORLD, CIRCLES, MESH};
    void *handles[4] = {h.grid, h.world, h.circles, h.mesh};
    for (int k = 0; k < 4; ++k) {
        h.movers = kinds[k] == WORLD ? world_movers : kinds[k] == MESH ? mesh_ids : circle_ids;
        in_place(kinds[k], handles[k], h, seconds, 0);
        in_place(kinds[k], handles[k], h, seconds, wait_ms);
        clone_and_swap(kinds[k], handles[k], h, seconds);
        stale(kinds[k], handles[k]);
        expect_ok(release(kinds[k], handles[k]), "free");
    }
    expect_ok(nav_live_handles(&live_after), "nav_live_handles");
    if (live_after != live_before) {
        std::fprintf(stderr, "FAIL: %" PRIu64 " live handles at the end, %" PRIu64 " at the start\n", live_after, live_before);
        ++failures;
    }
    if (failures) {
        std::fprintf(stderr, "%d failures\n", failures);
        return 1;
    }
    std::printf("stress_threads: all checks passed\n");
    return 0;
}
