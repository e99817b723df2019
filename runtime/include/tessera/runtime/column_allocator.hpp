// The allocator of column buffers.
//
// Operators write whole new columns (a filter's survivors, an expression's results): at TPC-H SF 1 a
// lineitem column is 24-95 MB of freshly mapped memory, and with 4 KiB pages every one of its pages
// costs a page fault on first touch -- half of TPC-H Q1's time on the build machine. Buffers of 4 MiB
// and more are therefore 2 MiB-aligned and marked MADV_HUGEPAGE before anything touches them, so the
// kernel backs them with transparent huge pages (512 times fewer faults) where it allows
// (/sys/kernel/mm/transparent_hugepage/enabled: "always" or "madvise"; with "never" nothing changes).
// Smaller buffers come from the ordinary heap.
//
// Value-initialisation (resize(n), Column::fixed) leaves the elements uninitialised: an operator writes
// every row it produces, in parallel, so the pages are first touched by the threads that fill them
// rather than by one zero-fill on the calling thread (which made every new column a serial memset plus
// its page faults, and kept the operators from scaling past a few threads). assign(n, v), push_back and
// insert still write their values.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <utility>

#include <sys/mman.h>

namespace tessera::rt {

inline constexpr size_t kHugePage = size_t{2} << 20;
inline constexpr size_t kHugeBufferMin = size_t{4} << 20;

template <typename T>
struct ColumnAllocator {
  using value_type = T;

  ColumnAllocator() noexcept = default;
  template <typename U>
  ColumnAllocator(const ColumnAllocator<U>&) noexcept {}

  T* allocate(size_t n) {
    const size_t bytes = n * sizeof(T);
    if (bytes < kHugeBufferMin) return static_cast<T*>(::operator new(bytes));
    const size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* p = std::aligned_alloc(kHugePage, rounded);
    if (!p) throw std::bad_alloc();
    ::madvise(p, rounded, MADV_HUGEPAGE);  // advice only: failure leaves ordinary pages
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) noexcept {
    if (n * sizeof(T) < kHugeBufferMin) ::operator delete(p);
    else std::free(p);
  }

  template <typename U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;  // default-, not value-initialised: no zero-fill
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }

  template <typename U>
  bool operator==(const ColumnAllocator<U>&) const noexcept { return true; }
};

}  // namespace tessera::rt
