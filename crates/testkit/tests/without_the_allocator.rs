//! A binary that forgot to install the counting allocator is told so instead of counting 0.

#[test]
#[should_panic(expected = "CountingAllocator is not the global allocator")]
fn counting_without_the_allocator_panics() {
    nav_testkit::allocations_during(|| {});
}
