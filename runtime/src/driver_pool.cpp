#include "driver_pool.hpp"

#include <string>

namespace tessera::rt {
namespace {

// Buffers come in size classes (powers of two from 64 KiB), so a freed buffer fits the next call's column of
// about the same size.
size_t size_class(size_t bytes) {
  size_t c = size_t{64} << 10;
  while (c < bytes) c <<= 1;
  return c;
}

constexpr size_t kMaxParked = size_t{16} << 30;  // keep at most 16 GiB parked

}  // namespace

void* DriverPool::allocate(size_t bytes, void*) {
  const size_t size = size_class(bytes);
  std::lock_guard<std::mutex> lock(mutex_);
  if (auto it = parked_.find(size); it != parked_.end()) {
    const CudaDriver::Ptr p = it->second;
    parked_bytes_ -= size;
    parked_.erase(it);
    return reinterpret_cast<void*>(p);
  }
  CudaDriver::Ptr p = 0;
  if (driver_.cuMemAlloc(&p, size) != 0) {
    // Out of memory with buffers parked: give them back and try once more.
    for (const auto& [s, q] : parked_) driver_.cuMemFree(q);
    parked_.clear();
    parked_bytes_ = 0;
    std::string error;
    if (!driver_.check(driver_.cuMemAlloc(&p, size), "cuMemAlloc", error))
      throw OutOfDeviceMemory("GPU out of memory: " + std::to_string(size >> 20) + " MiB asked for (" + error + ")");
  }
  return reinterpret_cast<void*>(p);
}

void DriverPool::deallocate(void* p, size_t bytes, void*) noexcept {
  if (!p) return;
  const size_t size = size_class(bytes);
  const auto ptr = reinterpret_cast<CudaDriver::Ptr>(p);
  std::lock_guard<std::mutex> lock(mutex_);
  if (parked_bytes_ + size > kMaxParked) {
    driver_.cuMemFree(ptr);
    return;
  }
  parked_.emplace(size, ptr);
  parked_bytes_ += size;
}

DriverPool::~DriverPool() {
  for (const auto& [size, p] : parked_) driver_.cuMemFree(p);
}

}  // namespace tessera::rt
