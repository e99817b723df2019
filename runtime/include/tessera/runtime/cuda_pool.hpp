// The CUDA device memory resource: CUDA's stream-ordered allocator (cudaMallocAsync) on the device's
// default memory pool, whose release threshold is raised so that freed blocks stay in the pool for the
// next operator instead of going back to the driver (which synchronises). Built only with the CUDA toolkit
// (TESSERA_HAVE_CUDA_ENGINE); one build still runs without a GPU: open() then says why not.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "tessera/runtime/memory_resource.hpp"

namespace tessera::rt {

class CudaPool final : public MemoryResource {
 public:
  // nullptr with `error` set when there is no usable device.
  static std::unique_ptr<CudaPool> open(int device, std::string& error);
  // On an allocation the device cannot serve, `reclaim(bytes)` is asked to free memory held for later (the GPU
  // column cache's least recently used entries no query holds) and the allocation is tried again, while it frees
  // something; null: none (the allocation fails at once).
  void set_reclaim(std::function<bool(int64_t bytes)> reclaim) { reclaim_ = std::move(reclaim); }
  void* allocate(size_t bytes, void* stream) override;
  void deallocate(void* p, size_t bytes, void* stream) noexcept override;
  Device device() const override { return Device::Cuda; }

  int64_t in_use() const { return in_use_.load(); }
  int64_t peak() const { return peak_.load(); }
  void reset_peak() { peak_.store(in_use_.load()); }
  // Free and total device memory now (cudaMemGetInfo).
  void memory_info(int64_t& free, int64_t& total) const;

 private:
  CudaPool() = default;
  std::atomic<int64_t> in_use_{0}, peak_{0};
  std::function<bool(int64_t)> reclaim_;
};

// Throws std::runtime_error naming `what` if a CUDA runtime call failed.
void cuda_check(int status, const char* what);

}  // namespace tessera::rt
