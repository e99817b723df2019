// The allocator of column buffers.
//
// Operators write whole new columns (a filter's survivors, an expression's results): at TPC-H SF 1 a
// lineitem column is 24-95 MB of freshly mapped memory, and with 4 KiB pages every one of its pages
// costs a page fault on first touch -- half of TPC-H Q1's time on the build machine. Buffers of 4 MiB
// and more are therefore 2 MiB-aligned and marked MADV_HUGEPAGE before anything touches them, so the
// kernel backs them with transparent huge pages (512 times fewer faults) where it allows
// (/sys/kernel/mm/transparent_hugepage/enabled: "always" or "madvise"; with "never" nothing changes).
// Smaller buffers come from the ordinary heap.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

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
  bool operator==(const ColumnAllocator<U>&) const noexcept { return true; }
};

}  // namespace tessera::rt
