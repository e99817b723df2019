// The on-disk form of a run of table rows (a chunk): every column compressed with a light-weight encoding
// chosen for that column in that chunk, with its min/max, the whole chunk under one checksum. The
// encodings are the ones the GPU cold path is meant to ship over PCIe and expand in a kernel, so each is a
// flat array indexed by row:
//   PLAIN       fixed-width values as in memory; strings as uint32 lengths, then the bytes
//   FOR_BITPACK integer-like values (INT32, INT64, DATE, DECIMAL(p<=18), MONEY, BIT) as value - min in
//               `bits` bits each, packed little-endian into uint64 words (row r at bit r * bits)
//   DICTIONARY  strings as a dictionary (uint32 lengths, bytes) and codes bit-packed as above
//   FSST        free-text strings compressed with a symbol table learnt from the chunk (symbol_table.hpp): the
//               table, each row's code count bit-packed as above, then the codes
// NULLs: a validity bitmap (bit r of byte r / 8) when the column has any; a NULL's value is 0 / empty.
//
// A column's segment: u8 encoding, u8 has_nulls, u8 bits, u8 pad, u32 pad, i64 min, i64 max, u64 payload bytes,
// [bitmap], payload.
// File layout, format 2 (little-endian): "TSRCHUNK" | u32 version | u32 columns | u64 rows | directory: per column
// u64 offset, u64 bytes, u64 checksum of its segment | u64 checksum of everything before it | the segments, in
// column order. One column is read with the header and its segment alone (a lazy scan reads only its columns).
// Format 1 (still read): the same prefix, the segments, then one u64 checksum of everything before it.
// Checksums are FNV-1a's multiply-xor over 64-bit words. Every length is checked against the buffer, so a
// damaged chunk is an error, never a crash or wrong rows.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/storage/table.hpp"
#include "tessera/runtime/error.hpp"

namespace tessera::storage {

// A stored chunk that cannot be read or decoded (damaged, truncated): an I/O error.
class ChunkError : public tessera::Error {
 public:
  explicit ChunkError(const std::string& text) : tessera::Error(text, ErrorKind::Io) {}
};

enum class Encoding : uint8_t { Plain = 0, ForBitpack = 1, Dictionary = 2, Fsst = 3 };
const char* encoding_name(Encoding e);

// A chunk holds at most this many rows (the decoder refuses a header that claims more, so damaged bytes cannot
// ask for a huge allocation).
constexpr int64_t kMaxChunkRows = int64_t{1} << 20;
// A chunk's string column expands to at most this many bytes (a dictionary can repeat a long value).
constexpr uint64_t kMaxChunkStringBytes = uint64_t{1} << 34;

// Where the parts of one column's segment lie in its bytes (offsets from the segment's first byte), checked
// against them: what a decoder on either device needs.
struct SegmentLayout {
  Encoding encoding = Encoding::Plain;
  bool has_nulls = false;
  int bits = 0;                  // FOR_BITPACK values, DICTIONARY codes, FSST code counts per row
  int64_t min = 0, max = 0;      // FOR_BITPACK and FSST: the frame of reference is min
  int64_t rows = 0;
  uint64_t bitmap_at = 0;        // has_nulls: (rows + 7) / 8 bytes, bit r of byte r / 8
  uint64_t payload_at = 0, payload_bytes = 0;
  uint32_t dict_entries = 0;     // DICTIONARY: u32 count, u32 lengths, bytes (dict_bytes), then codes at codes_at
  uint64_t dict_bytes = 0, codes_at = 0;
  uint32_t dict_longest = 0;     // DICTIONARY: the longest entry (a bound on the decoded bytes)
  uint64_t string_bytes = 0;     // PLAIN strings: u32 lengths (rows), then string_bytes bytes; FSST: decoded bytes
  // FSST: symbol_count u64 symbols at symbols_at, their u8 lengths at symbol_lengths_at, each row's code count
  // bit-packed at counts_at, code_bytes codes at codes_at. A row's codes decode to its string (the sum is
  // string_bytes, checked by the decoders, which also refuse an escape with no byte after it).
  uint32_t symbol_count = 0;
  uint64_t symbols_at = 0, symbol_lengths_at = 0, counts_at = 0, code_bytes = 0;
};

// One column of one chunk as stored (its checksum checked, its structure parsed), before decoding.
struct EncodedSegment {
  std::string bytes;
  SegmentLayout layout;
  std::string what;  // the chunk file, for errors found while decoding
};

// The first kChunkPrefixBytes of a chunk: format, columns, rows, and how long its header is (format 2).
inline constexpr size_t kChunkPrefixBytes = 24;
struct ChunkPrefix {
  uint32_t version = 0;
  uint32_t columns = 0;
  int64_t rows = 0;
  uint64_t header_bytes = 0;  // format 2: prefix + directory + checksum; 0 for format 1 (read whole)
};
struct SegmentExtent {
  uint64_t offset = 0, bytes = 0, checksum = 0;
};
ChunkPrefix read_chunk_prefix(std::string_view bytes, const std::string& what);
// The directory of a format 2 chunk from its first `prefix.header_bytes` bytes, checked against the file's size.
std::vector<SegmentExtent> read_chunk_directory(std::string_view header, const ChunkPrefix& prefix, uint64_t file_bytes,
                                                const std::string& what);
// A segment's bytes (read at `extent`) checked and parsed for `rows` rows of `type`.
EncodedSegment parse_encoded_segment(std::string bytes, const SegmentExtent& extent, int64_t rows, fn::SqlType type,
                                     const std::string& what);
// The segment as a host column (a dictionary code out of range is a ChunkError naming s.what).
rt::Column decode_segment(const EncodedSegment& s, fn::SqlType type);
// Only rows `rows` (ascending, within the chunk) of the segment, decoded in that order: a Fetch's few rows
// (late materialisation) without expanding the whole chunk. Strings after the first wanted row cost a sum of
// lengths or code counts up to the last one.
rt::Column decode_segment_rows(const EncodedSegment& s, fn::SqlType type, const std::vector<int64_t>& rows);

// Rows [begin, begin + rows) of `t` as a chunk (rows <= kMaxChunkRows).
std::string encode_chunk(const Table& t, int64_t begin, int64_t rows);

// A chunk back into columns of `schema`'s types (one per field). `what` names the chunk in errors.
std::vector<rt::Column> decode_chunk(std::string_view bytes, const Schema& schema, const std::string& what);

// Recomputes the checksum of edited chunk bytes (the fuzzer's edits then reach the structure checks).
void reseal_chunk(std::string& bytes);

// What encode_chunk chose for each column of a chunk (for tests and reports).
std::vector<Encoding> chunk_encodings(std::string_view bytes, const std::string& what);

}  // namespace tessera::storage
