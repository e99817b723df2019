// The on-disk form of a run of table rows (a chunk): every column compressed with a light-weight encoding
// chosen for that column in that chunk, with its min/max, the whole chunk under one checksum. The
// encodings are the ones the GPU cold path is meant to ship over PCIe and expand in a kernel, so each is a
// flat array indexed by row:
//   PLAIN       fixed-width values as in memory; strings as uint32 lengths, then the bytes
//   FOR_BITPACK integer-like values (INT32, INT64, DATE, DECIMAL(p<=18), MONEY, BIT) as value - min in
//               `bits` bits each, packed little-endian into uint64 words (row r at bit r * bits)
//   DICTIONARY  strings as a dictionary (uint32 lengths, bytes) and codes bit-packed as above
// NULLs: a validity bitmap (bit r of byte r / 8) when the column has any; a NULL's value is 0 / empty.
//
// File layout (little-endian): "TSRCHUNK" | u32 version | u32 columns | u64 rows | per column: u8 encoding,
// u8 has_nulls, u8 bits, u8 pad, u32 pad, i64 min, i64 max, u64 payload bytes, [bitmap], payload |
// u64 checksum of everything before it (FNV-1a's multiply-xor over 64-bit words). decode_chunk checks the checksum and every length against the
// buffer, so a damaged chunk is an error, never a crash or wrong rows.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/storage/table.hpp"

namespace tessera::storage {

class ChunkError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class Encoding : uint8_t { Plain = 0, ForBitpack = 1, Dictionary = 2 };
const char* encoding_name(Encoding e);

// A chunk holds at most this many rows (the decoder refuses a header that claims more, so damaged bytes cannot
// ask for a huge allocation).
constexpr int64_t kMaxChunkRows = int64_t{1} << 20;
// A chunk's string column expands to at most this many bytes (a dictionary can repeat a long value).
constexpr uint64_t kMaxChunkStringBytes = uint64_t{1} << 34;

// Rows [begin, begin + rows) of `t` as a chunk (rows <= kMaxChunkRows).
std::string encode_chunk(const Table& t, int64_t begin, int64_t rows);

// A chunk back into columns of `schema`'s types (one per field). `what` names the chunk in errors.
std::vector<rt::Column> decode_chunk(std::string_view bytes, const Schema& schema, const std::string& what);

// Recomputes the checksum of edited chunk bytes (the fuzzer's edits then reach the structure checks).
void reseal_chunk(std::string& bytes);

// What encode_chunk chose for each column of a chunk (for tests and reports).
std::vector<Encoding> chunk_encodings(std::string_view bytes, const std::string& what);

}  // namespace tessera::storage
