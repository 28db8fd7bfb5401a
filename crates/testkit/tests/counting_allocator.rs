//! The allocator counts what the current thread allocates, and only that.

use nav_testkit::{CountingAllocator, allocations_during};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
fn counts_allocations_and_reallocations_of_this_thread() {
    assert_eq!(allocations_during(|| {}), 0);
    let mut v: Vec<u64> = Vec::new();
    assert_eq!(allocations_during(|| v.reserve_exact(4)), 1);
    assert_eq!(allocations_during(|| v.reserve_exact(64)), 1); // a reallocation
    assert_eq!(allocations_during(|| v.extend(0..64)), 0);
    assert_eq!(allocations_during(|| drop(std::mem::take(&mut v))), 0); // freeing is free
    let n = allocations_during(|| {
        for i in 0..10 {
            std::hint::black_box(Box::new(i));
        }
    });
    assert_eq!(n, 10);
}

#[test]
fn ignores_other_threads() {
    let n = allocations_during(|| {
        std::thread::scope(|scope| {
            scope.spawn(|| {
                for i in 0..1000 {
                    std::hint::black_box(vec![i; 8]);
                }
            });
        });
    });
    // Spawning allocates a little on this thread; the other thread's 1000 vectors are not seen.
    assert!(n < 100, "{n}");
}
