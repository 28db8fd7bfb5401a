//! A global allocator that counts the allocations of each thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting every allocation and reallocation made by the current thread
/// (deallocations are not counted: freeing is not what a warm query must avoid).
///
/// Install it in the test binary with
/// `#[global_allocator] static ALLOCATOR: CountingAllocator = CountingAllocator;`, then measure
/// with [`allocations_during`].
#[derive(Debug, Clone, Copy, Default)]
pub struct CountingAllocator;

thread_local! {
    /// Allocations made by this thread: the test harness allocates on other threads meanwhile.
    /// `const` and without a destructor, so reading it never allocates.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: the slot may be gone while the thread is being torn down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

fn allocations_so_far() -> usize {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: every call is forwarded to the system allocator unchanged; only a counter is touched.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, forwarded as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` through this allocator, with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: `ptr` came from `System` through this allocator; the caller upholds the rest.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Runs `f` and returns how many allocations (and reallocations) the current thread made
/// meanwhile.
///
/// # Panics
/// If [`CountingAllocator`] is not the binary's global allocator: the count would then be 0
/// whatever `f` does, and a test asserting "allocates nothing" could not fail.
pub fn allocations_during(f: impl FnOnce()) -> usize {
    let probe_before = allocations_so_far();
    drop(std::hint::black_box(Box::new(0u64)));
    assert!(
        allocations_so_far() > probe_before,
        "nav_testkit::CountingAllocator is not the global allocator of this test binary: declare \
         `#[global_allocator] static ALLOCATOR: nav_testkit::CountingAllocator = \
         nav_testkit::CountingAllocator;`"
    );
    let before = allocations_so_far();
    f();
    allocations_so_far() - before
}
