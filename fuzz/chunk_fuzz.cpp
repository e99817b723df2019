// libFuzzer target: the database file's column-chunk decoder. Random bytes rarely get past a chunk's
// header and checksum, so the input is an edit script applied to valid chunks: the first byte picks one of
// a few encoded tables (plain, bit-packed, dictionary, symbol-table strings, with NULLs), then each 3-byte group (position, value)
// overwrites a byte, and a last byte may cut the chunk short. Half of the inputs also recompute the checksum,
// so the decoder's structure checks are reached, not only the checksum. Each chunk is decoded whole and, as a
// lazy scan reads it, column by column (header, directory, one segment), and a few rows of each segment alone (a
// Fetch's read). storage::ChunkError is a rejected chunk; anything else is a bug.
#include <cstdint>
#include <string>
#include <vector>

#include "tessera/storage/column_chunk.hpp"
#include "tessera/storage/table.hpp"

namespace {

using tessera::storage::DataType;

tessera::storage::Table sample(int variant) {
  tessera::storage::Schema s({{"i", DataType::int32(), true},
                              {"b", DataType::int64(), false},
                              {"s", DataType::varchar(12), true},
                              {"d", DataType::date(), true},
                              {"n", DataType::decimal(12, 2), true},
                              {"w", DataType::decimal(30, 4), false},
                              {"f", DataType::float64(), true}});
  tessera::storage::Table t("t", s);
  const int rows = variant == 0 ? 1 : variant == 1 ? 37 : 300;
  // Variant 3: free text, compressed with a symbol table (FSST).
  if (variant == 3) {
    tessera::storage::Table text("t", tessera::storage::Schema({{"c", DataType::varchar(0), true}}));
    for (int r = 0; r < 400; ++r) {
      if (r % 9 == 4) tessera::storage::append_null(text.column(0));
      else text.column(0).append_string("furiously " + std::to_string(r * 7919) + (r % 2 ? " ideas" : " deposits"));
    }
    return text;
  }
  for (int r = 0; r < rows; ++r) {
    if (variant == 2 && r % 7 == 0) tessera::storage::append_null(t.column(0));
    else t.column(0).append<int32_t>(variant == 1 ? r * 1000003 : r % 5);
    t.column(1).append<int64_t>(int64_t{1} << (r % 60));
    if (variant == 2 && r % 5 == 0) tessera::storage::append_null(t.column(2));
    else t.column(2).append_string(variant == 1 ? std::to_string(r * 7919) : (r % 2 ? "ab" : "été"));
    t.column(3).append<int32_t>(9000 + r);
    t.column(4).append<int64_t>(r * 125 - 900);
    t.column(5).append<__int128>(static_cast<__int128>(r) << 70);
    t.column(6).append<double>(r * 0.5);
  }
  return t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::vector<tessera::storage::Table> tables = [] {
    std::vector<tessera::storage::Table> v;
    for (int i = 0; i < 4; ++i) v.push_back(sample(i));
    return v;
  }();
  if (size == 0) return 0;
  const tessera::storage::Table& t = tables[data[0] % 4];
  std::string bytes = tessera::storage::encode_chunk(t, 0, t.num_rows());
  size_t at = 1;
  for (; at + 3 <= size; at += 3) {
    const size_t pos = (static_cast<size_t>(data[at]) << 8 | data[at + 1]) % bytes.size();
    bytes[pos] = static_cast<char>(data[at + 2]);
  }
  if (at < size && data[at] < bytes.size()) bytes.resize(bytes.size() - data[at]);
  if (data[0] & 0x80) tessera::storage::reseal_chunk(bytes);
  try {
    tessera::storage::decode_chunk(bytes, t.schema(), "fuzz.chunk");
  } catch (const tessera::storage::ChunkError&) {
  }
  // The lazy path: the header and directory, then each column's segment alone (as a scan reads them).
  try {
    namespace st = tessera::storage;
    const st::ChunkPrefix p = st::read_chunk_prefix(bytes, "fuzz.chunk");
    if (p.header_bytes == 0 || p.columns != t.num_columns()) return 0;
    const std::vector<st::SegmentExtent> dir = st::read_chunk_directory(bytes, p, bytes.size(), "fuzz.chunk");
    for (size_t c = 0; c < dir.size(); ++c) {
      try {
        const auto type = t.schema().field(c).type.physical();
        const st::EncodedSegment seg = st::parse_encoded_segment(bytes.substr(dir[c].offset, dir[c].bytes), dir[c], p.rows, type, "fuzz.chunk");
        try {
          st::decode_segment(seg, type);
        } catch (const st::ChunkError&) {
        }
        // A Fetch's read (late materialisation): a few rows alone, from the same possibly damaged segment.
        std::vector<int64_t> rows{0};
        if (p.rows > 2) rows.push_back(p.rows / 2);
        if (p.rows > 1) rows.push_back(p.rows - 1);
        if (p.rows > 0) st::decode_segment_rows(seg, type, rows);
      } catch (const st::ChunkError&) {
      }
    }
  } catch (const tessera::storage::ChunkError&) {
  }
  return 0;
}
