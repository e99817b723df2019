#include "tessera/runtime/pinned_memory.hpp"

#include <cuda_runtime.h>

#include <string>

namespace tessera::rt {

void* PinnedHostMemory::allocate(size_t bytes, void*) {
  void* p = nullptr;
  if (cudaMallocHost(&p, bytes) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky-free error state of the runtime call
    throw OutOfDeviceMemory("cannot pin " + std::to_string(bytes >> 20) + " MiB of host memory");
  }
  return p;
}

void PinnedHostMemory::deallocate(void* p, size_t, void*) noexcept { cudaFreeHost(p); }

}  // namespace tessera::rt
