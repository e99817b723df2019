// Page-locked (pinned) host memory: the CUDA driver copies it to and from the device by DMA at full link
// speed, where a pageable buffer is first copied by the driver through its own small staging buffers (about
// 2.5 GB/s for the resident cache's first uploads at SF 10). Built only with the CUDA toolkit.
#pragma once

#include "tessera/runtime/memory_resource.hpp"

namespace tessera::rt {

class PinnedHostMemory final : public MemoryResource {
 public:
  // Throws OutOfDeviceMemory (the host could not pin that much) naming the size.
  void* allocate(size_t bytes, void* stream) override;
  void deallocate(void* p, size_t bytes, void* stream) noexcept override;
  Device device() const override { return Device::Host; }
};

}  // namespace tessera::rt
