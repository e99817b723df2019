// Where column buffers come from. Operators take their memory from a resource, never from a bare
// cudaMalloc or new[] (a Sirius user found bare cudaMalloc calls bypassing the pool to be why it ran slower
// than DuckDB, sirius#609). Allocation and release are ordered on a stream (`stream` is a cudaStream_t for
// device resources, ignored on the host), so a buffer freed by one operator is reused by the next without a
// device-wide synchronisation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>

#include "tessera/runtime/column_view.hpp"

namespace tessera::rt {

// A device allocation that did not fit; what() names the sizes.
class OutOfDeviceMemory : public std::bad_alloc {
 public:
  explicit OutOfDeviceMemory(std::string what) : what_(std::move(what)) {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

class MemoryResource {
 public:
  virtual ~MemoryResource() = default;
  // Throws std::bad_alloc-derived OutOfDeviceMemory (with the sizes in its message) when it cannot.
  virtual void* allocate(size_t bytes, void* stream) = 0;
  virtual void deallocate(void* p, size_t bytes, void* stream) noexcept = 0;
  virtual Device device() const = 0;
};

// Host buffers through the column allocator (transparent huge pages from 4 MiB).
MemoryResource& host_memory();

// A buffer from a resource, freed (stream-ordered) when the last owner lets go; shared so that a gathered
// string column can keep the bytes of its source.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  DeviceBuffer(MemoryResource& mr, size_t bytes, void* stream);
  void* data() const { return state_ ? state_->p : nullptr; }
  size_t size() const { return state_ ? state_->bytes : 0; }
  explicit operator bool() const { return state_ != nullptr; }

 private:
  struct State {
    MemoryResource* mr = nullptr;
    void* p = nullptr;
    size_t bytes = 0;
    void* stream = nullptr;
    State() = default;
    State(const State&) = delete;  // exactly one owner frees the block
    State& operator=(const State&) = delete;
    ~State() {
      if (p) mr->deallocate(p, bytes, stream);
    }
  };
  std::shared_ptr<State> state_;
};

inline DeviceBuffer::DeviceBuffer(MemoryResource& mr, size_t bytes, void* stream) : state_(std::make_shared<State>()) {
  state_->mr = &mr;
  state_->bytes = bytes;
  state_->stream = stream;
  state_->p = bytes ? mr.allocate(bytes, stream) : nullptr;
}

}  // namespace tessera::rt
