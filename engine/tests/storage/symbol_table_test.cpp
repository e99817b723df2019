// String compression with a symbol table (symbol_table.hpp) and the FSST column encoding built on it
// (column_chunk.hpp): any bytes round-trip, free text shrinks, short or incompressible strings stay plain,
// and damaged FSST segments are errors.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>

#include "tessera/storage/column_chunk.hpp"
#include "tessera/storage/symbol_table.hpp"
#include "tessera/tpch/generator.hpp"

using namespace tessera;
using storage::DataType;
using ::testing::HasSubstr;

namespace {

// The codes expanded by the format's definition (independent of the storage decoder).
std::string expand(const storage::SymbolTable& t, std::string_view codes) {
  std::string out;
  for (size_t i = 0; i < codes.size(); ++i) {
    const uint8_t c = static_cast<uint8_t>(codes[i]);
    if (c == storage::kEscapeCode) {
      EXPECT_LT(i + 1, codes.size()) << "an escape at the end";
      out.push_back(codes[++i]);
      continue;
    }
    EXPECT_LT(c, t.size());
    for (int k = 0; k < t.lengths()[c]; ++k) out.push_back(static_cast<char>(t.symbols()[c] >> (8 * k)));
  }
  return out;
}

std::vector<std::string> random_strings(std::mt19937& rng, int n, int alphabet, int longest) {
  std::vector<std::string> v;
  for (int i = 0; i < n; ++i) {
    std::string s(rng() % (longest + 1), '\0');
    for (char& c : s) c = static_cast<char>(rng() % alphabet);
    v.push_back(s);
  }
  return v;
}

storage::Table text_table(const std::vector<std::string>& strings, bool nulls) {
  storage::Table t("t", storage::Schema({{"s", DataType::varchar(0)}}));
  for (size_t i = 0; i < strings.size(); ++i) {
    if (nulls && i % 6 == 5) storage::append_null(t.column(0));
    else t.column(0).append_string(strings[i]);
  }
  return t;
}

void expect_round_trip(const storage::Table& t, storage::Encoding want) {
  const std::string bytes = storage::encode_chunk(t, 0, t.num_rows());
  EXPECT_EQ(storage::chunk_encodings(bytes, "c.chunk")[0], want);
  const std::vector<rt::Column> back = storage::decode_chunk(bytes, t.schema(), "c.chunk");
  const rt::Column& a = t.column(0);
  ASSERT_EQ(back[0].rows, a.rows);
  for (int64_t r = 0; r < a.rows; ++r) {
    ASSERT_EQ(back[0].is_valid(r), a.is_valid(r)) << r;
    if (a.is_valid(r)) ASSERT_EQ(back[0].string(r), a.string(r)) << r;
  }
}

}  // namespace

// Strings the table was not trained on, every byte value (0 and 255, the escape code, included), empty ones:
// the codes expand to the string.
TEST(SymbolTable, AnyBytesRoundTrip) {
  std::mt19937 rng(17);
  for (int alphabet : {2, 5, 26, 256}) {
    const std::vector<std::string> train = random_strings(rng, 300, alphabet, 40);
    const std::vector<std::string_view> sample(train.begin(), train.end());
    const storage::SymbolTable t = storage::SymbolTable::train(sample);
    EXPECT_LE(t.size(), static_cast<size_t>(storage::kMaxSymbols));
    for (const std::string& s : random_strings(rng, 500, alphabet, 300)) {
      std::string codes;
      t.encode(s, codes);
      ASSERT_EQ(expand(t, codes), s) << "alphabet " << alphabet;
    }
  }
  // No sample: every byte escaped.
  const storage::SymbolTable empty = storage::SymbolTable::train({});
  EXPECT_EQ(empty.size(), 0u);
  std::string codes;
  empty.encode(std::string("a\xff\0b", 4), codes);
  EXPECT_EQ(codes, std::string("\xff" "a" "\xff\xff" "\xff\0" "\xff" "b", 8));
  // A table of given symbols: the longest match wins.
  const storage::SymbolTable given({0x6261, 0x61, 0x636261}, {2, 1, 3});  // "ab", "a", "abc"
  codes.clear();
  given.encode("abcaab", codes);
  EXPECT_EQ(codes, std::string("\x02\x01\x00", 3));
  EXPECT_THROW(storage::SymbolTable({1}, {9}), std::logic_error);
}

// TPC-H's comments (a few hundred words in random order) shrink to well under half in a chunk; the FSST
// segment decodes to the same strings, NULLs kept.
TEST(SymbolTable, FreeTextChunksShrinkAndRoundTrip) {
  tpch::GenOptions g;
  g.sf = 0.01;
  g.threads = 2;
  g.tables = {tpch::TableId::LineItem};
  const storage::Table lineitem = tpch::generate_tables(g)[0];
  const int comment = lineitem.schema().index_of("l_comment");
  ASSERT_GE(comment, 0);
  storage::Table t("t", storage::Schema({{"c", DataType::varchar(44)}}));
  int64_t plain = 0;
  for (int64_t r = 0; r < 20000; ++r) {
    t.column(0).append_string(lineitem.column(comment).string(r));
    plain += 4 + lineitem.column(comment).lengths[r];
  }
  const std::string bytes = storage::encode_chunk(t, 0, t.num_rows());
  EXPECT_EQ(storage::chunk_encodings(bytes, "c.chunk")[0], storage::Encoding::Fsst);
  EXPECT_LT(static_cast<double>(bytes.size()), 0.45 * static_cast<double>(plain)) << bytes.size() << " of " << plain;
  expect_round_trip(t, storage::Encoding::Fsst);
  std::mt19937 rng(3);
  std::vector<std::string> words;
  for (int i = 0; i < 3000; ++i) words.push_back(i % 10 == 0 ? "" : "word" + std::to_string(rng() % 50) + " ü " + std::to_string(rng() % 100000));
  expect_round_trip(text_table(words, true), storage::Encoding::Fsst);
  // Too few bytes to pay for a table, or random bytes that do not compress: plain.
  expect_round_trip(text_table({"abc", "abd", "xyz"}, false), storage::Encoding::Plain);
  expect_round_trip(text_table(random_strings(rng, 400, 256, 60), true), storage::Encoding::Plain);
}

// Damage inside an FSST segment that still passes the checksum (resealed): a code past the table, an escape
// with nothing after it, counts that do not add up are errors naming the chunk, never a crash or a huge
// allocation; every single-byte change either decodes or is refused.
TEST(SymbolTable, DamagedSegmentsAreErrors) {
  // Distinct strings over two words: fewer than 255 symbols, so a code past the table can be written.
  std::vector<std::string> words;
  for (int i = 0; i < 2000; ++i) {
    std::string s;
    for (int k = 0; k < 12; ++k) s += (i >> k) & 1 ? "ab" : "cd";
    words.push_back(s);
  }
  const storage::Table t = text_table(words, true);
  const std::string good = storage::encode_chunk(t, 0, t.num_rows());
  const storage::ChunkPrefix p = storage::read_chunk_prefix(good, "c.chunk");
  const std::vector<storage::SegmentExtent> dir =
      storage::read_chunk_directory(std::string_view(good).substr(0, p.header_bytes), p, good.size(), "c.chunk");
  const storage::EncodedSegment seg = storage::parse_encoded_segment(good.substr(dir[0].offset, dir[0].bytes), dir[0],
                                                                     p.rows, fn::SqlType::String, "c.chunk");
  ASSERT_EQ(seg.layout.encoding, storage::Encoding::Fsst);
  ASSERT_LT(seg.layout.symbol_count, 250u);
  auto refused = [&](const std::function<void(std::string&)>& edit, const std::string& why) {
    std::string bad = good;
    edit(bad);
    storage::reseal_chunk(bad);
    try {
      storage::decode_chunk(bad, t.schema(), "c5.chunk");
      ADD_FAILURE() << "decoded: " << why;
    } catch (const storage::ChunkError& e) {
      EXPECT_THAT(e.what(), HasSubstr("c5.chunk: damaged column chunk: " + why));
    }
  };
  const uint64_t codes = dir[0].offset + seg.layout.codes_at;
  refused([&](std::string& b) { b[codes] = static_cast<char>(252); }, "symbol code 252 of");
  // The first row's last code an escape: the escape ends the string.
  refused([&](std::string& b) {
    uint64_t n = 0;
    std::memcpy(&n, b.data() + dir[0].offset + seg.layout.counts_at, 8);
    const uint64_t first = (seg.layout.bits ? n & ((uint64_t{1} << seg.layout.bits) - 1) : 0) + seg.layout.min;
    b[codes + first - 1] = static_cast<char>(storage::kEscapeCode);
  }, "an escape code ends a string");
  // More decoded bytes claimed than the codes can give.
  refused([&](std::string& b) {
    const uint64_t huge = uint64_t{1} << 33;
    std::memcpy(b.data() + dir[0].offset + seg.layout.payload_at + 16, &huge, 8);
  }, "strings of 8589934592 bytes from");
  refused([&](std::string& b) {
    const uint64_t fewer = seg.layout.string_bytes - 1;
    std::memcpy(b.data() + dir[0].offset + seg.layout.payload_at + 16, &fewer, 8);
  }, "strings decode to more than their stated bytes");
  refused([&](std::string& b) { b[dir[0].offset + seg.layout.symbol_lengths_at] = 9; }, "symbol length 9");
  std::mt19937 rng(9);
  for (int k = 0; k < 3000; ++k) {
    std::string bad = good;
    bad[dir[0].offset + rng() % dir[0].bytes] = static_cast<char>(rng());
    storage::reseal_chunk(bad);
    try {
      storage::decode_chunk(bad, t.schema(), "c.chunk");
    } catch (const storage::ChunkError&) {
    }
  }
}
