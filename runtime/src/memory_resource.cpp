#include "tessera/runtime/memory_resource.hpp"

#include "tessera/runtime/column_allocator.hpp"

namespace tessera::rt {

namespace {
class HostResource final : public MemoryResource {
 public:
  void* allocate(size_t bytes, void*) override { return ColumnAllocator<uint8_t>().allocate(bytes); }
  void deallocate(void* p, size_t bytes, void*) noexcept override {
    ColumnAllocator<uint8_t>().deallocate(static_cast<uint8_t*>(p), bytes);
  }
  Device device() const override { return Device::Host; }
};
}  // namespace

MemoryResource& host_memory() {
  static HostResource r;
  return r;
}

}  // namespace tessera::rt
