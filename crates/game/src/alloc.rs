//! Counting allocations, for the tests that prove a rules engine and its bots never touch
//! the heap while playing (searching bots simulate millions of moves).

/// Installs, in the test binary that calls it, a global allocator that counts the
/// allocations of each thread, and defines `allocations()`: how many the calling thread
/// has made so far. Compare it before and after playing.
#[macro_export]
macro_rules! count_allocations {
    () => {
        /// Forwards to the system allocator, counting allocations per thread.
        struct Counting;

        thread_local! {
            static ALLOCATIONS: ::std::cell::Cell<u64> = const { ::std::cell::Cell::new(0) };
        }

        unsafe impl ::std::alloc::GlobalAlloc for Counting {
            unsafe fn alloc(&self, layout: ::std::alloc::Layout) -> *mut u8 {
                let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
                // SAFETY: the caller's contract is passed on unchanged.
                unsafe { ::std::alloc::System.alloc(layout) }
            }

            unsafe fn dealloc(&self, ptr: *mut u8, layout: ::std::alloc::Layout) {
                // SAFETY: `ptr` came from `System.alloc` with this layout.
                unsafe { ::std::alloc::System.dealloc(ptr, layout) }
            }
        }

        #[global_allocator]
        static COUNTING: Counting = Counting;

        /// Allocations made by this thread so far.
        fn allocations() -> u64 {
            ALLOCATIONS.with(::std::cell::Cell::get)
        }
    };
}
