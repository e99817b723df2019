#include "tessera/runtime/cuda_pool.hpp"

#include <cuda_runtime.h>

#include <cstdint>
#include <stdexcept>

#include "tessera/runtime/error.hpp"

namespace tessera::rt {

void cuda_check(int status, const char* what) {
  if (status == cudaSuccess) return;
  // Memory that ran out is a resource error (the caller may free and retry); any other failure of the driver is
  // not the statement's doing.
  throw tessera::Error(std::string(what) + " failed: " + cudaGetErrorName(static_cast<cudaError_t>(status)) + " (" +
                           cudaGetErrorString(static_cast<cudaError_t>(status)) + ")",
                       status == cudaErrorMemoryAllocation ? ErrorKind::Resource : ErrorKind::Internal);
}

std::unique_ptr<CudaPool> CudaPool::open(int device, std::string& error) {
  int count = 0;
  if (cudaError_t e = cudaGetDeviceCount(&count); e != cudaSuccess || count <= device) {
    error = e != cudaSuccess ? std::string("cudaGetDeviceCount: ") + cudaGetErrorString(e) : "no CUDA device";
    return nullptr;
  }
  if (cudaError_t e = cudaSetDevice(device); e != cudaSuccess) {
    error = std::string("cudaSetDevice: ") + cudaGetErrorString(e);
    return nullptr;
  }
  cudaMemPool_t pool;
  if (cudaError_t e = cudaDeviceGetDefaultMemPool(&pool, device); e != cudaSuccess) {
    error = std::string("cudaDeviceGetDefaultMemPool: ") + cudaGetErrorString(e);
    return nullptr;
  }
  uint64_t keep = UINT64_MAX;  // never hand freed memory back on synchronisation
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
  return std::unique_ptr<CudaPool>(new CudaPool());
}

void* CudaPool::allocate(size_t bytes, void* stream) {
  void* p = nullptr;
  cudaError_t e = cudaMallocAsync(&p, bytes, static_cast<cudaStream_t>(stream));
  while (e != cudaSuccess && reclaim_) {
    cudaGetLastError();
    if (!reclaim_(static_cast<int64_t>(bytes))) break;
    cudaDeviceSynchronize();  // the evicted buffers' stream-ordered frees are done: their memory is the pool's again
    e = cudaMallocAsync(&p, bytes, static_cast<cudaStream_t>(stream));
  }
  if (e != cudaSuccess) {
    cudaGetLastError();  // clear the sticky-free error state of an allocation failure
    size_t free = 0, total = 0;
    cudaMemGetInfo(&free, &total);
    throw OutOfDeviceMemory("GPU out of memory: " + std::to_string(bytes >> 20) + " MiB asked for, " +
                            std::to_string(in_use_.load() >> 20) + " MiB in use (cached columns the query reads and its operators' results) and " +
                            std::to_string(free >> 20) + " MiB free of " + std::to_string(total >> 20) +
                            " MiB (" + cudaGetErrorName(e) + ")");
  }
  const int64_t now = in_use_ += static_cast<int64_t>(bytes);
  int64_t p0 = peak_.load();
  while (now > p0 && !peak_.compare_exchange_weak(p0, now)) {
  }
  return p;
}

void CudaPool::deallocate(void* p, size_t bytes, void* stream) noexcept {
  cudaFreeAsync(p, static_cast<cudaStream_t>(stream));
  in_use_ -= static_cast<int64_t>(bytes);
}

void CudaPool::memory_info(int64_t& free, int64_t& total) const {
  size_t f = 0, t = 0;
  cudaMemGetInfo(&f, &t);
  free = static_cast<int64_t>(f);
  total = static_cast<int64_t>(t);
}

}  // namespace tessera::rt
