// Decoding stored column segments on the device (see decode_segments.hpp).
#include "decode_segments.hpp"

#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstring>

#include "device_kernels.cuh"
#include "staged_upload.hpp"
#include "tessera/exec/batch.hpp"
#include "tessera/runtime/memory_resource.hpp"
#include "tessera/storage/symbol_table.hpp"

namespace tessera::exec::gpu {
namespace {

constexpr uint64_t kAlign = 16;  // each segment starts 16-byte aligned in the device copy

// The 8 bytes at `p`, any alignment, from the two aligned words around them (the device copy has spare
// bytes after its last segment, so the second word is always inside the allocation).
__device__ inline uint64_t load_u64(const uint8_t* p) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  const uint64_t* w = reinterpret_cast<const uint64_t*>(a & ~uintptr_t{7});
  const unsigned shift = static_cast<unsigned>(a & 7) * 8;
  return shift ? (w[0] >> shift) | (w[1] << (64 - shift)) : w[0];
}

__device__ inline uint32_t load_u32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 | static_cast<uint32_t>(p[2]) << 16 |
         static_cast<uint32_t>(p[3]) << 24;
}

// Value r of `bits`-bit values packed little-endian into 64-bit words from `packed` (the storage format).
__device__ inline uint64_t unpack(const uint8_t* packed, int64_t r, int bits) {
  if (bits == 0) return 0;
  const uint64_t bit = static_cast<uint64_t>(r) * static_cast<uint64_t>(bits);
  const unsigned shift = static_cast<unsigned>(bit % 64);
  uint64_t v = load_u64(packed + bit / 64 * 8) >> shift;
  if (shift + bits > 64) v |= load_u64(packed + (bit / 64 + 1) * 8) << (64 - shift);
  return bits == 64 ? v : v & ((uint64_t{1} << bits) - 1);
}

void check(cudaError_t e, const char* what) { rt::cuda_check(e, what); }

}  // namespace

DeviceSegments upload_segments(const std::vector<storage::EncodedSegment>& segments, rt::MemoryResource& mr,
                               StagedUploader& uploader, cudaStream_t stream) {
  DeviceSegments d;
  // The encoded bytes in one allocation, each segment 16-byte aligned, then spare bytes for load_u64's second word.
  std::vector<uint64_t> at;
  uint64_t encoded = 0;
  for (const storage::EncodedSegment& seg : segments) {
    at.push_back(encoded);
    encoded += (seg.bytes.size() + kAlign - 1) / kAlign * kAlign;
    d.layouts.push_back(seg.layout);
    d.what.push_back(seg.what);
  }
  d.buffers.emplace_back(mr, encoded + 2 * kAlign, stream);
  uint8_t* const dev = static_cast<uint8_t*>(d.buffers.back().data());
  for (size_t i = 0; i < segments.size(); ++i) {
    d.base.push_back(dev + at[i]);
    uploader.copy(dev + at[i], segments[i].bytes.data(), segments[i].bytes.size(), stream);
  }
  d.encoded_bytes = static_cast<int64_t>(encoded);
  // Dictionaries: where each entry starts among its entries' bytes, computed on the host (entries are few) for
  // all segments at once, copied in one piece when a column is decoded.
  d.dict_starts_at.assign(segments.size(), 0);
  for (size_t i = 0; i < segments.size(); ++i) {
    const storage::SegmentLayout& s = segments[i].layout;
    if (s.encoding != storage::Encoding::Dictionary) continue;
    const char* host_payload = segments[i].bytes.data() + s.payload_at;
    d.dict_starts_at[i] = d.dict_starts.size();
    d.dict_starts.push_back(0);
    for (uint32_t k = 0; k < s.dict_entries; ++k) {
      uint32_t n;
      std::memcpy(&n, host_payload + 4 + uint64_t{k} * 4, 4);
      d.dict_starts.push_back(d.dict_starts.back() + n);
    }
  }
  return d;
}

DeviceSegments join_segments(const std::vector<const DeviceSegments*>& parts) {
  DeviceSegments d;
  for (const DeviceSegments* p : parts) {
    d.buffers.insert(d.buffers.end(), p->buffers.begin(), p->buffers.end());
    d.base.insert(d.base.end(), p->base.begin(), p->base.end());
    d.layouts.insert(d.layouts.end(), p->layouts.begin(), p->layouts.end());
    d.what.insert(d.what.end(), p->what.begin(), p->what.end());
    for (size_t at : p->dict_starts_at) d.dict_starts_at.push_back(at + d.dict_starts.size());
    d.dict_starts.insert(d.dict_starts.end(), p->dict_starts.begin(), p->dict_starts.end());
    d.encoded_bytes += p->encoded_bytes;
  }
  return d;
}

DeviceColumnPtr decode_segments(const std::vector<storage::EncodedSegment>& segments, fn::SqlType type,
                                rt::MemoryResource& mr, StagedUploader& uploader, cudaStream_t stream,
                                int64_t& moved_bytes) {
  const DeviceSegments d = upload_segments(segments, mr, uploader, stream);
  moved_bytes = d.encoded_bytes;
  return decode_device_segments(d, type, mr, stream);
}

DeviceColumnPtr decode_device_segments(const DeviceSegments& d, fn::SqlType type, rt::MemoryResource& mr,
                                       cudaStream_t stream) {
  const std::vector<storage::SegmentLayout>& layouts = d.layouts;
  const size_t n_segments = layouts.size();
  std::vector<int64_t> first_row(n_segments);
  int64_t rows = 0;
  bool any_nulls = false;
  for (size_t i = 0; i < n_segments; ++i) {
    first_row[i] = rows;
    rows += layouts[i].rows;
    any_nulls |= layouts[i].has_nulls;
  }

  auto c = std::make_shared<rt::DeviceColumn>();
  c->type = type;
  c->rows = rows;
  if (any_nulls) {
    c->valid = rt::DeviceBuffer(mr, static_cast<size_t>(std::max<int64_t>(rows, 1)), stream);
    uint8_t* valid = static_cast<uint8_t*>(c->valid.data());
    for (size_t i = 0; i < n_segments; ++i) {
      const storage::SegmentLayout& s = layouts[i];
      uint8_t* out = valid + first_row[i];
      if (!s.has_nulls) {
        check(cudaMemsetAsync(out, 1, static_cast<size_t>(s.rows), stream), "cudaMemsetAsync");
        continue;
      }
      const uint8_t* bitmap = d.base[i] + s.bitmap_at;
      for_rows(s.rows, stream, [=] __device__(int64_t r) { out[r] = (bitmap[r / 8] >> (r % 8)) & 1; });
    }
  }

  if (type != fn::SqlType::String) {
    const int width = fn::type_width(type);
    c->data = rt::DeviceBuffer(mr, static_cast<size_t>(std::max<int64_t>(rows * width, 1)), stream);
    uint8_t* data = static_cast<uint8_t*>(c->data.data());
    for (size_t i = 0; i < n_segments; ++i) {
      const storage::SegmentLayout& s = layouts[i];
      const uint8_t* payload = d.base[i] + s.payload_at;
      uint8_t* out = data + first_row[i] * width;
      if (s.encoding == storage::Encoding::Plain) {
        check(cudaMemcpyAsync(out, payload, s.payload_bytes, cudaMemcpyDeviceToDevice, stream), "cudaMemcpyAsync");
        continue;
      }
      const int bits = s.bits;
      const uint64_t min = static_cast<uint64_t>(s.min);
      switch (width) {
        case 1:
          for_rows(s.rows, stream, [=] __device__(int64_t r) { out[r] = static_cast<uint8_t>(unpack(payload, r, bits) + min); });
          break;
        case 4:
          for_rows(s.rows, stream, [=] __device__(int64_t r) {
            reinterpret_cast<int32_t*>(out)[r] = static_cast<int32_t>(static_cast<int64_t>(unpack(payload, r, bits) + min));
          });
          break;
        default:
          for_rows(s.rows, stream, [=] __device__(int64_t r) {
            reinterpret_cast<int64_t*>(out)[r] = static_cast<int64_t>(unpack(payload, r, bits) + min);
          });
          break;
      }
    }
    check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    return c;
  }

  // Strings: lengths first (dictionary codes checked), then offsets by one scan, then the bytes.
  c->lengths = rt::DeviceBuffer(mr, static_cast<size_t>(std::max<int64_t>(rows, 1)) * 4, stream);
  rt::DeviceBuffer wide(mr, static_cast<size_t>(rows + 1) * 8, stream);  // lengths as int64, then the scan's input
  rt::DeviceBuffer flag(mr, 4, stream);                                  // 1 + the first damaged segment
  int32_t* lengths = static_cast<int32_t*>(c->lengths.data());
  int64_t* w = static_cast<int64_t*>(wide.data());
  int32_t* bad = static_cast<int32_t*>(flag.data());
  check(cudaMemsetAsync(bad, 0, 4, stream), "cudaMemsetAsync");
  // Dictionaries: where each entry starts (upload_segments computed them), in one copy.
  const std::vector<uint64_t>& starts = d.dict_starts;
  const std::vector<size_t>& starts_at = d.dict_starts_at;
  rt::DeviceBuffer starts_buf(mr, std::max<size_t>(starts.size(), 1) * 8, stream);
  const uint64_t* all_starts = static_cast<const uint64_t*>(starts_buf.data());
  if (!starts.empty())
    check(cudaMemcpyAsync(starts_buf.data(), starts.data(), starts.size() * 8, cudaMemcpyHostToDevice, stream),
          "cudaMemcpyAsync");
  // Symbol-table (FSST) segments: where each row's codes start, by one scan of the stored code counts.
  const bool any_fsst = std::any_of(layouts.begin(), layouts.end(), [](const storage::SegmentLayout& l) {
    return l.encoding == storage::Encoding::Fsst;
  });
  rt::DeviceBuffer code_start_buf;
  const int64_t* code_start = nullptr;
  if (any_fsst) {
    check(cudaMemsetAsync(w, 0, static_cast<size_t>(rows + 1) * 8, stream), "cudaMemsetAsync");
    for (size_t i = 0; i < n_segments; ++i) {
      const storage::SegmentLayout& s = layouts[i];
      if (s.encoding != storage::Encoding::Fsst) continue;
      const uint8_t* counts = d.base[i] + s.counts_at;
      const int bits = s.bits;
      const uint64_t min = static_cast<uint64_t>(s.min);
      int64_t* wc = w + first_row[i];
      for_rows(s.rows, stream, [=] __device__(int64_t r) { wc[r] = static_cast<int64_t>(unpack(counts, r, bits) + min); });
    }
    code_start_buf = rt::DeviceBuffer(mr, static_cast<size_t>(rows + 1) * 8, stream);
    int64_t* cs = static_cast<int64_t*>(code_start_buf.data());
    size_t temp = 0;
    check(cub::DeviceScan::ExclusiveSum(nullptr, temp, w, cs, rows + 1, stream), "cub::DeviceScan");
    rt::DeviceBuffer scratch(mr, std::max<size_t>(temp, 1), stream);
    check(cub::DeviceScan::ExclusiveSum(scratch.data(), temp, w, cs, rows + 1, stream), "cub::DeviceScan");
    code_start = cs;
  }
  for (size_t i = 0; i < n_segments; ++i) {
    const storage::SegmentLayout& s = layouts[i];
    const uint8_t* payload = d.base[i] + s.payload_at;
    int32_t* len = lengths + first_row[i];
    int64_t* wl = w + first_row[i];
    if (s.encoding == storage::Encoding::Fsst) {
      // Each row's decoded length from its codes; codes past the segment, a code past the table, an escape
      // with no byte after it, or a last row that does not end the codes mark the segment damaged.
      const uint8_t* sym_len = d.base[i] + s.symbol_lengths_at;
      const uint8_t* codes = d.base[i] + s.codes_at;
      const int64_t* cs = code_start + first_row[i];
      const uint64_t code_bytes = s.code_bytes;
      const uint32_t symbols = s.symbol_count;
      const int64_t last = s.rows - 1;
      const int32_t self = static_cast<int32_t>(i) + 1;
      for_rows(s.rows, stream, [=] __device__(int64_t r) {
        const uint64_t begin = static_cast<uint64_t>(cs[r] - cs[0]), end = static_cast<uint64_t>(cs[r + 1] - cs[0]);
        int64_t n = 0;
        bool ok = end <= code_bytes && (r != last || end == code_bytes);
        for (uint64_t k = begin; ok && k < end; ++k) {
          const uint8_t code = codes[k];
          if (code == storage::kEscapeCode) {
            ok = ++k < end;
            n += 1;
          } else if (code < symbols) {
            n += sym_len[code];
          } else {
            ok = false;
          }
        }
        if (!ok || n > INT32_MAX) {
          atomicCAS(bad, 0, self);
          n = 0;
        }
        len[r] = static_cast<int32_t>(n);
        wl[r] = n;
      });
      continue;
    }
    if (s.encoding == storage::Encoding::Plain) {
      for_rows(s.rows, stream, [=] __device__(int64_t r) {
        const int32_t n = static_cast<int32_t>(load_u32(payload + r * 4));
        len[r] = n;
        wl[r] = n;
      });
      continue;
    }
    const uint64_t* st = all_starts + starts_at[i];
    const uint8_t* codes = d.base[i] + s.codes_at;
    const int bits = s.bits;
    const uint32_t entries = s.dict_entries;
    const int32_t self = static_cast<int32_t>(i) + 1;
    for_rows(s.rows, stream, [=] __device__(int64_t r) {
      const uint64_t code = unpack(codes, r, bits);
      int32_t n = 0;
      if (code < entries) n = static_cast<int32_t>(st[code + 1] - st[code]);
      else atomicCAS(bad, 0, self);
      len[r] = n;
      wl[r] = n;
    });
  }
  check(cudaMemsetAsync(w + rows, 0, 8, stream), "cudaMemsetAsync");
  c->offsets = rt::DeviceBuffer(mr, static_cast<size_t>(rows + 1) * 8, stream);
  int64_t* offsets = static_cast<int64_t*>(c->offsets.data());
  size_t temp = 0;
  check(cub::DeviceScan::ExclusiveSum(nullptr, temp, w, offsets, rows + 1, stream), "cub::DeviceScan");
  rt::DeviceBuffer scratch(mr, std::max<size_t>(temp, 1), stream);
  check(cub::DeviceScan::ExclusiveSum(scratch.data(), temp, w, offsets, rows + 1, stream), "cub::DeviceScan");
  // Where each segment's bytes start, and the total, in one copy back.
  rt::DeviceBuffer starts_dev(mr, (n_segments + 1) * 8, stream);
  int64_t* sd = static_cast<int64_t*>(starts_dev.data());
  for (size_t i = 0; i <= n_segments; ++i)
    check(cudaMemcpyAsync(sd + i, offsets + (i < n_segments ? first_row[i] : rows), 8, cudaMemcpyDeviceToDevice, stream),
          "cudaMemcpyAsync");
  std::vector<int64_t> seg_start(n_segments + 1);
  int32_t damaged = 0;
  check(cudaMemcpyAsync(seg_start.data(), sd, seg_start.size() * 8, cudaMemcpyDeviceToHost, stream), "cudaMemcpyAsync");
  check(cudaMemcpyAsync(&damaged, bad, 4, cudaMemcpyDeviceToHost, stream), "cudaMemcpyAsync");
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  for (size_t i = 0; i < n_segments && !damaged; ++i)
    if (layouts[i].encoding == storage::Encoding::Fsst &&
        static_cast<uint64_t>(seg_start[i + 1] - seg_start[i]) != layouts[i].string_bytes)
      damaged = static_cast<int32_t>(i) + 1;
  if (damaged)
    throw ExecError(d.what[damaged - 1] + ": damaged column chunk: " +
                    (layouts[damaged - 1].encoding == storage::Encoding::Fsst
                         ? "symbol codes that do not decode to the segment's strings"
                         : "a dictionary code out of range") +
                    " (found decoding on the GPU)");
  const int64_t total = seg_start.back();
  if (static_cast<uint64_t>(total) > storage::kMaxChunkStringBytes * std::max<size_t>(n_segments, 1))
    throw ExecError("a stored string column expands to " + std::to_string(total) + " bytes");
  c->data = rt::DeviceBuffer(mr, static_cast<size_t>(std::max<int64_t>(total, 1)), stream);
  uint8_t* data = static_cast<uint8_t*>(c->data.data());
  for (size_t i = 0; i < n_segments; ++i) {
    const storage::SegmentLayout& s = layouts[i];
    const uint8_t* payload = d.base[i] + s.payload_at;
    if (s.encoding == storage::Encoding::Plain) {
      // A plain segment's bytes are its rows' bytes back to back: one copy.
      if (s.string_bytes)
        check(cudaMemcpyAsync(data + seg_start[i], payload + s.rows * 4, s.string_bytes, cudaMemcpyDeviceToDevice, stream),
              "cudaMemcpyAsync");
      continue;
    }
    if (s.encoding == storage::Encoding::Fsst) {
      // A thread per row expands its codes (checked above) symbol by symbol.
      const uint8_t* symbols = d.base[i] + s.symbols_at;
      const uint8_t* sym_len = d.base[i] + s.symbol_lengths_at;
      const uint8_t* codes = d.base[i] + s.codes_at;
      const int64_t* cs = code_start + first_row[i];
      const int64_t* off = offsets + first_row[i];
      for_rows(s.rows, stream, [=] __device__(int64_t r) {
        uint8_t* to = data + off[r];
        for (int64_t k = cs[r] - cs[0], end = cs[r + 1] - cs[0]; k < end; ++k) {
          const uint8_t code = codes[k];
          if (code == storage::kEscapeCode) {
            *to++ = codes[++k];
            continue;
          }
          const uint64_t sym = load_u64(symbols + uint64_t{code} * 8);
          for (int b = 0; b < sym_len[code]; ++b) *to++ = static_cast<uint8_t>(sym >> (8 * b));
        }
      });
      continue;
    }
    const uint64_t* st = all_starts + starts_at[i];
    const uint8_t* dict = payload + 4 + uint64_t{s.dict_entries} * 4;
    const uint8_t* codes = d.base[i] + s.codes_at;
    const int bits = s.bits;
    const int64_t* off = offsets + first_row[i];
    const int32_t* len = lengths + first_row[i];
    for_rows(s.rows, stream, [=] __device__(int64_t r) {
      const uint8_t* from = dict + st[unpack(codes, r, bits)];
      uint8_t* to = data + off[r];
      for (int32_t k = 0; k < len[r]; ++k) to[k] = from[k];
    });
  }
  c->rows_in_order = true;  // offsets ascend, rows back to back
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  return c;
}

}  // namespace tessera::exec::gpu
