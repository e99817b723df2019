// The CUDA device's own buffers, for processes without the GPU engine's pool (the differential test, the
// benchmarks, the autotuner): device memory from the driver (cuMemAlloc), buffers of finished calls parked
// by size class for the next calls, since cuMemAlloc and cuMemFree (which synchronises) per argument column
// cost more than copying a small column. A process with the GPU engine gives the device the engine's pool
// instead (CudaDevice::use_memory), so there is one pool and one budget.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>

#include "cuda_driver.hpp"
#include "tessera/runtime/memory_resource.hpp"

namespace tessera::rt {

class DriverPool final : public MemoryResource {
 public:
  explicit DriverPool(const CudaDriver& driver) : driver_(driver) {}
  ~DriverPool() override;
  void* allocate(size_t bytes, void* stream) override;  // `stream` unused: the driver's calls are synchronous
  void deallocate(void* p, size_t bytes, void* stream) noexcept override;
  Device device() const override { return Device::Cuda; }

 private:
  const CudaDriver& driver_;
  std::mutex mutex_;
  std::multimap<size_t, CudaDriver::Ptr> parked_;  // by size class
  size_t parked_bytes_ = 0;
};

}  // namespace tessera::rt
