// The GPU cold path: a stored column's encoded segments (one per chunk, as the database file holds them) are
// copied to the device as they are, compressed, and expanded there by kernels (decode_segments.cu): FOR +
// bit-packing, dictionary codes to strings, symbol-table (FSST) codes to strings, plain values and strings,
// validity bitmaps to byte masks. The
// result is the same device column an upload of the host-decoded column would give.
#pragma once

#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "tessera/exec/gpu/device_batch.hpp"
#include "tessera/runtime/memory_resource.hpp"
#include "tessera/storage/column_chunk.hpp"

namespace tessera::rt {
class MemoryResource;
}

namespace tessera::exec::gpu {

class StagedUploader;

// Segments (in row order) copied to the device as stored, compressed: what a column or a streamed morsel decodes
// from. The GPU column cache keeps each chunk's copy between queries when its decoded column does not fit but the
// stored bytes do (gpu_column_cache.hpp), so a warm streamed scan moves nothing over PCIe; a morsel then decodes
// the joined copies of its chunks.
struct DeviceSegments {
  std::vector<rt::DeviceBuffer> buffers;        // own the bytes (each ends with spare bytes for wide loads)
  std::vector<const uint8_t*> base;             // segment i's bytes on the device (16-byte aligned)
  std::vector<storage::SegmentLayout> layouts;  // as parsed on the host
  std::vector<std::string> what;                // segment i's chunk file, for errors found decoding
  std::vector<uint64_t> dict_starts;            // dictionary segments: where each entry starts among its bytes
  std::vector<size_t> dict_starts_at;           // where segment i's entries start in dict_starts
  int64_t encoded_bytes = 0;                    // bytes copied to the device
};

// The segments of `parts` one after the other (sharing their device bytes).
DeviceSegments join_segments(const std::vector<const DeviceSegments*>& parts);

// Copies `segments` to the device (allocated from `mr`; the copy completes in `stream`'s order).
DeviceSegments upload_segments(const std::vector<storage::EncodedSegment>& segments, rt::MemoryResource& mr,
                               StagedUploader& uploader, cudaStream_t stream);

// Decodes the segments into one device column of `type`, allocated from `mr`, on `stream` (synchronised before it
// returns). A damaged segment (a dictionary code out of range, symbol codes that do not decode to the stated
// bytes) is an ExecError naming its file.
DeviceColumnPtr decode_device_segments(const DeviceSegments& segments, fn::SqlType type, rt::MemoryResource& mr,
                                       cudaStream_t stream);

// upload_segments, then decode_device_segments; `moved_bytes` gets the bytes copied to the device.
DeviceColumnPtr decode_segments(const std::vector<storage::EncodedSegment>& segments, fn::SqlType type,
                                rt::MemoryResource& mr, StagedUploader& uploader, cudaStream_t stream,
                                int64_t& moved_bytes);

}  // namespace tessera::exec::gpu
