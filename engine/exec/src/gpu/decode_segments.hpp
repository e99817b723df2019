// The GPU cold path: a stored column's encoded segments (one per chunk, as the database file holds them) are
// copied to the device as they are, compressed, and expanded there by kernels (decode_segments.cu): FOR +
// bit-packing, dictionary codes to strings, symbol-table (FSST) codes to strings, plain values and strings,
// validity bitmaps to byte masks. The
// result is the same device column an upload of the host-decoded column would give.
#pragma once

#include <cuda_runtime.h>

#include <vector>

#include "tessera/exec/gpu/device_batch.hpp"
#include "tessera/storage/column_chunk.hpp"

namespace tessera::rt {
class MemoryResource;
}

namespace tessera::exec::gpu {

class StagedUploader;

// Decodes `segments` (in row order) into one device column of `type`, allocated from `mr`, on `stream`
// (synchronised before it returns). `moved_bytes` gets the bytes copied to the device. A damaged segment
// (a dictionary code out of range, symbol codes that do not decode to the stated bytes) is an ExecError naming
// its file.
DeviceColumnPtr decode_segments(const std::vector<storage::EncodedSegment>& segments, fn::SqlType type,
                                rt::MemoryResource& mr, StagedUploader& uploader, cudaStream_t stream,
                                int64_t& moved_bytes);

}  // namespace tessera::exec::gpu
