// Column chunks on disk: encodings, min/max, checksum (see column_chunk.hpp).
#include "tessera/storage/column_chunk.hpp"

#include "tessera/storage/column_stats.hpp"
#include "tessera/storage/symbol_table.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <unordered_map>

namespace tessera::storage {
namespace {

constexpr char kMagic[8] = {'T', 'S', 'R', 'C', 'H', 'U', 'N', 'K'};
constexpr uint32_t kVersionWhole = 1;     // one checksum over the file, read whole
constexpr uint32_t kVersion = 2;          // a directory of columns, each with its checksum

// The chunk checksum: FNV-1a's multiply-xor over 64-bit words (then the tail bytes), with a shift that
// mixes high bits down. Detects damage, not tampering; a word at a time keeps it off the open path's profile.
uint64_t fnv1a(const char* p, size_t n) {
  uint64_t h = 1469598103934665603ULL;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = (h ^ w) * 1099511628211ULL;
    h ^= h >> 31;
  }
  for (; i < n; ++i) h = (h ^ static_cast<unsigned char>(p[i])) * 1099511628211ULL;
  return h;
}

template <typename T>
void put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof(T));
}

int bits_for(uint64_t range) {
  int b = 0;
  while (b < 64 && (range >> b) != 0) ++b;
  return b;
}

// `values` (already offset to be >= 0) packed in `bits` bits each into uint64 words.
void pack(std::string& out, const std::vector<uint64_t>& values, int bits) {
  const size_t words = (values.size() * static_cast<size_t>(bits) + 63) / 64;
  std::vector<uint64_t> w(words, 0);
  for (size_t i = 0; i < values.size() && bits > 0; ++i) {
    const size_t bit = i * static_cast<size_t>(bits);
    w[bit / 64] |= values[i] << (bit % 64);
    if (bit % 64 + bits > 64) w[bit / 64 + 1] |= values[i] >> (64 - bit % 64);
  }
  out.append(reinterpret_cast<const char*>(w.data()), words * 8);
}

// The `bits`-bit value starting at bit `bit` of the words w (the next word is read when the value crosses into it).
uint64_t bits_at(const uint64_t* w, size_t bit, int bits) {
  if (bits == 0) return 0;
  uint64_t v = w[bit / 64] >> (bit % 64);
  if (bit % 64 + bits > 64) v |= w[bit / 64 + 1] << (64 - bit % 64);
  return bits == 64 ? v : v & ((uint64_t{1} << bits) - 1);
}

uint64_t unpack_one(const uint64_t* w, size_t i, int bits) { return bits_at(w, i * static_cast<size_t>(bits), bits); }

struct Segment {
  Encoding encoding = Encoding::Plain;
  bool has_nulls = false;
  int bits = 0;
  int64_t min = 0, max = 0;
  std::string payload;
};

// Symbol-table compression pays for free text (comments, names); below this many bytes a chunk's strings
// stay plain, and it is used only when it saves at least a fifth of the plain bytes (its decoding costs more).
constexpr int64_t kMinSymbolTableBytes = 1024;
constexpr int64_t kSampleBytes = 32 * 1024;  // the training sample: rows spread over the chunk, this many bytes
constexpr size_t kSampleStringBytes = 256;   // of each sampled string at most

// FSST payload: u32 symbols, u32 0, u64 code bytes, u64 decoded bytes, the symbols (u64 each), their lengths
// (u8 each, zero-padded to 8 bytes), each row's code count bit-packed (`bits` bits over `min`, as the segment
// header says), then the codes. Fills `s` and returns true when that is smaller enough than `plain_bytes`.
bool encode_symbols(const rt::Column& c, int64_t begin, int64_t rows, int64_t plain_bytes, Segment& s) {
  const int64_t text_bytes = plain_bytes - rows * 4;
  if (rows == 0 || text_bytes < kMinSymbolTableBytes) return false;
  auto text = [&](int64_t r) { return c.valid.empty() || c.valid[begin + r] ? c.string(begin + r) : std::string_view(); };
  std::vector<std::string_view> sample;
  const int64_t step = std::max<int64_t>(1, text_bytes / kSampleBytes);
  for (int64_t r = 0; r < rows; r += step) sample.push_back(text(r).substr(0, kSampleStringBytes));
  const SymbolTable table = SymbolTable::train(sample);
  std::string codes;
  codes.reserve(static_cast<size_t>(text_bytes / 2));
  std::vector<uint64_t> counts(static_cast<size_t>(rows));
  uint64_t most = 0, least = UINT64_MAX;
  for (int64_t r = 0; r < rows; ++r) {
    const size_t before = codes.size();
    table.encode(text(r), codes);
    counts[r] = codes.size() - before;
    most = std::max(most, counts[r]);
    least = std::min(least, counts[r]);
  }
  const int bits = bits_for(most - least);
  const size_t n = table.size();
  const int64_t bytes = 24 + static_cast<int64_t>(n) * 8 + static_cast<int64_t>((n + 7) / 8 * 8) +
                        (rows * bits + 63) / 64 * 8 + static_cast<int64_t>(codes.size());
  if (bytes * 5 > plain_bytes * 4) return false;
  s.encoding = Encoding::Fsst;
  s.bits = bits;
  s.min = static_cast<int64_t>(least);
  put<uint32_t>(s.payload, static_cast<uint32_t>(n));
  put<uint32_t>(s.payload, 0);
  put<uint64_t>(s.payload, codes.size());
  put<uint64_t>(s.payload, static_cast<uint64_t>(text_bytes));
  for (uint64_t sym : table.symbols()) put<uint64_t>(s.payload, sym);
  for (uint8_t len : table.lengths()) put<uint8_t>(s.payload, len);
  s.payload.append((8 - n % 8) % 8, '\0');
  for (uint64_t& k : counts) k -= least;
  pack(s.payload, counts, bits);
  s.payload += codes;
  return true;
}

Segment encode_column(const rt::Column& c, int64_t begin, int64_t rows) {
  Segment s;
  for (int64_t r = begin; r < begin + rows && !c.valid.empty(); ++r) s.has_nulls |= c.valid[r] == 0;
  auto valid = [&](int64_t r) { return c.valid.empty() || c.valid[r] != 0; };
  if (c.type == fn::SqlType::String) {
    // Dictionary when the distinct values are few enough that codes plus dictionary beat the bytes.
    std::unordered_map<std::string_view, uint32_t> ids;
    std::vector<std::string_view> dict;
    std::vector<uint64_t> codes(static_cast<size_t>(rows));
    int64_t plain_bytes = rows * 4;
    for (int64_t r = 0; r < rows; ++r) {
      const std::string_view v = valid(begin + r) ? c.string(begin + r) : std::string_view();
      plain_bytes += static_cast<int64_t>(v.size());
      if (dict.size() <= static_cast<size_t>(rows / 2)) {
        auto [it, added] = ids.emplace(v, static_cast<uint32_t>(dict.size()));
        if (added) dict.push_back(v);
        codes[r] = it->second;
      }
    }
    if (rows > 0 && dict.size() <= static_cast<size_t>(rows / 2)) {
      const int bits = bits_for(dict.size() - 1);
      int64_t dict_bytes = 4 + static_cast<int64_t>(dict.size()) * 4 + 1 + (rows * bits + 63) / 64 * 8;
      for (std::string_view v : dict) dict_bytes += static_cast<int64_t>(v.size());
      if (dict_bytes < plain_bytes) {
        s.encoding = Encoding::Dictionary;
        s.bits = bits;
        put<uint32_t>(s.payload, static_cast<uint32_t>(dict.size()));
        for (std::string_view v : dict) put<uint32_t>(s.payload, static_cast<uint32_t>(v.size()));
        for (std::string_view v : dict) s.payload.append(v);
        pack(s.payload, codes, bits);
        return s;
      }
    }
    if (encode_symbols(c, begin, rows, plain_bytes, s)) return s;
    for (int64_t r = 0; r < rows; ++r) put<uint32_t>(s.payload, valid(begin + r) ? static_cast<uint32_t>(c.lengths[begin + r]) : 0);
    for (int64_t r = 0; r < rows; ++r)
      if (valid(begin + r)) s.payload.append(c.string(begin + r));
    return s;
  }
  const int width = fn::type_width(c.type);
  if (integer_like(c.type) && rows > 0) {
    bool any = false;
    for (int64_t r = begin; r < begin + rows; ++r) {
      if (!valid(r)) continue;
      const int64_t v = load_int(c, r);
      s.min = any ? std::min(s.min, v) : v;
      s.max = any ? std::max(s.max, v) : v;
      any = true;
    }
    const uint64_t range = static_cast<uint64_t>(s.max) - static_cast<uint64_t>(s.min);
    const int bits = bits_for(range);
    if (bits < width * 8) {
      s.encoding = Encoding::ForBitpack;
      s.bits = bits;
      std::vector<uint64_t> v(static_cast<size_t>(rows));
      for (int64_t r = 0; r < rows; ++r)
        v[r] = valid(begin + r) ? static_cast<uint64_t>(load_int(c, begin + r)) - static_cast<uint64_t>(s.min) : 0;
      pack(s.payload, v, bits);
      return s;
    }
  }
  s.payload.assign(reinterpret_cast<const char*>(c.data.data()) + begin * width, static_cast<size_t>(rows * width));
  return s;
}

// Reads from a chunk's bytes with every length checked against what is left.
class Reader {
 public:
  Reader(std::string_view b, const std::string& what) : b_(b), what_(what) {}
  template <typename T>
  T get() {
    T v;
    std::memcpy(&v, take(sizeof(T)), sizeof(T));
    return v;
  }
  const char* take(uint64_t n) {
    if (n > b_.size() - pos_) fail("ends early (truncated?)");
    const char* p = b_.data() + pos_;
    pos_ += n;
    return p;
  }
  [[noreturn]] void fail(const std::string& why) const { throw ChunkError(what_ + ": damaged column chunk: " + why); }
  size_t pos() const { return pos_; }

 private:
  std::string_view b_;
  const std::string& what_;
  size_t pos_ = 0;
};

// Reads one segment's header and checks its payload's structure (every length, not the dictionary codes)
// against the bytes; offsets in `s` are relative to the reader's buffer.
void parse_segment(Reader& in, int64_t rows, fn::SqlType type, SegmentLayout& s) {
  s.rows = rows;
  s.encoding = static_cast<Encoding>(in.get<uint8_t>());
  s.has_nulls = in.get<uint8_t>() != 0;
  s.bits = in.get<uint8_t>();
  in.get<uint8_t>();
  in.get<uint32_t>();
  s.min = in.get<int64_t>();
  s.max = in.get<int64_t>();
  const uint64_t payload_bytes = in.get<uint64_t>();
  if (s.bits > 64) in.fail("bit width " + std::to_string(s.bits));
  if (s.has_nulls) {
    s.bitmap_at = in.pos();
    in.take(static_cast<uint64_t>(rows + 7) / 8);
  }
  s.payload_at = in.pos();
  s.payload_bytes = payload_bytes;
  const char* payload = in.take(payload_bytes);
  auto need = [&](uint64_t at_least) {
    if (payload_bytes < at_least) in.fail("payload of " + std::to_string(payload_bytes) + " bytes is too short");
  };
  const uint64_t code_words = (static_cast<uint64_t>(rows) * static_cast<uint64_t>(s.bits) + 63) / 64;
  if (type == fn::SqlType::String) {
    if (s.encoding == Encoding::Dictionary) {
      need(4);
      uint32_t n;
      std::memcpy(&n, payload, 4);
      need(4 + uint64_t{n} * 4);
      uint64_t total = 0;
      for (uint32_t i = 0; i < n; ++i) {
        uint32_t len;
        std::memcpy(&len, payload + 4 + uint64_t{i} * 4, 4);
        if (len > INT32_MAX) in.fail("string length " + std::to_string(len));
        total += len;
        s.dict_longest = std::max(s.dict_longest, len);
      }
      s.dict_entries = n;
      s.dict_bytes = total;
      s.codes_at = s.payload_at + 4 + uint64_t{n} * 4 + total;
      need(4 + uint64_t{n} * 4 + total + code_words * 8);
      if (n == 0 && rows > 0) in.fail("an empty dictionary for " + std::to_string(rows) + " rows");
      return;
    }
    if (s.encoding == Encoding::Fsst) {
      need(24);
      uint32_t n;
      std::memcpy(&n, payload, 4);
      std::memcpy(&s.code_bytes, payload + 8, 8);
      std::memcpy(&s.string_bytes, payload + 16, 8);
      if (n > kMaxSymbols) in.fail(std::to_string(n) + " symbols");
      // A code expands to at most 8 bytes: a bound on the decoders' allocation that damage cannot raise.
      if (s.string_bytes > s.code_bytes * 8) in.fail("strings of " + std::to_string(s.string_bytes) + " bytes from " +
                                                     std::to_string(s.code_bytes) + " codes");
      if (s.min < 0 || s.min > UINT32_MAX) in.fail("code count base " + std::to_string(s.min));
      s.symbol_count = n;
      s.symbols_at = s.payload_at + 24;
      s.symbol_lengths_at = s.symbols_at + uint64_t{n} * 8;
      s.counts_at = s.symbol_lengths_at + (uint64_t{n} + 7) / 8 * 8;
      s.codes_at = s.counts_at + code_words * 8;
      if (s.code_bytes > payload_bytes || payload_bytes - s.code_bytes != s.codes_at - s.payload_at)
        in.fail("symbol-table payload of " + std::to_string(payload_bytes) + " bytes does not add up");
      for (uint32_t i = 0; i < n; ++i) {
        const uint8_t len = static_cast<uint8_t>(payload[s.symbol_lengths_at - s.payload_at + i]);
        if (len < 1 || len > 8) in.fail("symbol length " + std::to_string(len));
      }
      return;
    }
    if (s.encoding != Encoding::Plain) in.fail("encoding " + std::to_string(static_cast<int>(s.encoding)) + " for strings");
    need(static_cast<uint64_t>(rows) * 4);
    uint64_t total = 0;
    for (int64_t r = 0; r < rows; ++r) {
      uint32_t len;
      std::memcpy(&len, payload + r * 4, 4);
      if (len > INT32_MAX) in.fail("string length " + std::to_string(len));
      total += len;
    }
    if (payload_bytes != static_cast<uint64_t>(rows) * 4 + total) in.fail("string bytes do not add up to their lengths");
    s.string_bytes = total;
    return;
  }
  if (s.encoding == Encoding::ForBitpack) {
    if (!integer_like(type)) in.fail("bit-packing for a non-integer column");
    need(code_words * 8);
    return;
  }
  if (s.encoding != Encoding::Plain) in.fail("encoding " + std::to_string(static_cast<int>(s.encoding)));
  if (payload_bytes != static_cast<uint64_t>(rows * fn::type_width(type))) in.fail("plain payload of the wrong size");
}

// Expands an FSST segment's strings into `c` (offsets and lengths sized): each row's codes, symbol by symbol.
template <typename Fail>
void decode_symbols(const char* base, const SegmentLayout& s, rt::Column& c, const Fail& fail) {
  uint64_t symbols[256] = {};
  uint8_t lengths[256] = {};
  std::memcpy(symbols, base + s.symbols_at, size_t{s.symbol_count} * 8);
  std::memcpy(lengths, base + s.symbol_lengths_at, s.symbol_count);
  const uint64_t count_words = (static_cast<uint64_t>(s.rows) * static_cast<uint64_t>(s.bits) + 63) / 64;
  std::vector<uint64_t> w(count_words + 1, 0);
  if (count_words) std::memcpy(w.data(), base + s.counts_at, count_words * 8);
  const uint8_t* codes = reinterpret_cast<const uint8_t*>(base + s.codes_at);
  // 8 spare bytes: a symbol is written as a whole word, then the cursor moves by its length.
  c.data.resize(s.string_bytes + 8);
  uint8_t* out = c.data.data();
  uint64_t in = 0, at = 0;
  for (int64_t r = 0; r < s.rows; ++r) {
    const uint64_t n = unpack_one(w.data(), static_cast<size_t>(r), s.bits) + static_cast<uint64_t>(s.min);
    if (n > s.code_bytes - in) fail("symbol codes run past the segment");
    const uint64_t start = at;
    for (const uint64_t end = in + n; in < end;) {
      const uint8_t code = codes[in++];
      if (code == kEscapeCode) {
        if (in == end) fail("an escape code ends a string");
        if (at >= s.string_bytes) fail("strings decode to more than their stated bytes");
        out[at++] = codes[in++];
      } else {
        if (code >= s.symbol_count) fail("symbol code " + std::to_string(code) + " of " + std::to_string(s.symbol_count));
        if (lengths[code] > s.string_bytes - at) fail("strings decode to more than their stated bytes");
        std::memcpy(out + at, &symbols[code], 8);
        at += lengths[code];
      }
    }
    if (at - start > INT32_MAX) fail("a string of " + std::to_string(at - start) + " bytes");
    c.offsets[r] = static_cast<int64_t>(start);
    c.lengths[r] = static_cast<int32_t>(at - start);
  }
  if (in != s.code_bytes || at != s.string_bytes) fail("symbol codes do not add up to the segment's");
  c.data.resize(s.string_bytes);
}

// A dictionary's n entry lengths (u32 after its u32 count, at `payload`) into `lens`; where each entry starts.
std::vector<uint64_t> dictionary_entries(const char* payload, uint32_t n, std::vector<uint32_t>& lens) {
  lens.resize(n);
  if (n) std::memcpy(lens.data(), payload + 4, size_t{n} * 4);
  std::vector<uint64_t> starts(n);
  uint64_t total = 0;
  for (uint32_t i = 0; i < n; ++i) {
    starts[i] = total;
    total += lens[i];
  }
  return starts;
}

// Expands a parsed segment of `base` (the buffer its offsets are relative to) into a host column.
rt::Column decode_layout(const char* base, const SegmentLayout& s, fn::SqlType type, const std::string& what) {
  auto fail = [&](const std::string& why) { throw ChunkError(what + ": damaged column chunk: " + why); };
  const int64_t rows = s.rows;
  rt::Column c;
  c.type = type;
  c.rows = rows;
  if (s.has_nulls) {
    const uint8_t* bitmap = reinterpret_cast<const uint8_t*>(base + s.bitmap_at);
    c.valid.resize(static_cast<size_t>(rows));
    for (int64_t r = 0; r < rows; ++r) c.valid[r] = (bitmap[r / 8] >> (r % 8)) & 1;
  }
  const char* payload = base + s.payload_at;
  const uint64_t code_words = (static_cast<uint64_t>(rows) * static_cast<uint64_t>(s.bits) + 63) / 64;
  // Unaligned words copied into an aligned array, one spare word so unpack_one may read past the last.
  auto words_at = [&](const char* p) {
    std::vector<uint64_t> w(code_words + 1, 0);
    if (code_words) std::memcpy(w.data(), p, code_words * 8);
    return w;
  };
  if (type == fn::SqlType::String) {
    c.offsets.resize(static_cast<size_t>(rows));
    c.lengths.resize(static_cast<size_t>(rows));
    if (s.encoding == Encoding::Dictionary) {
      const uint32_t n = s.dict_entries;
      std::vector<uint32_t> lens;
      const std::vector<uint64_t> starts = dictionary_entries(payload, n, lens);
      const char* dict = payload + 4 + uint64_t{n} * 4;
      const std::vector<uint64_t> w = words_at(base + s.codes_at);
      uint64_t out_bytes = 0;
      std::vector<uint32_t> codes(static_cast<size_t>(rows));
      for (int64_t r = 0; r < rows; ++r) {
        codes[r] = static_cast<uint32_t>(unpack_one(w.data(), static_cast<size_t>(r), s.bits));
        if (codes[r] >= n) fail("dictionary code " + std::to_string(codes[r]) + " of " + std::to_string(n));
        out_bytes += lens[codes[r]];
      }
      if (out_bytes > kMaxChunkStringBytes) fail("strings of " + std::to_string(out_bytes) + " bytes in one chunk");
      c.data.resize(out_bytes);
      int64_t at = 0;
      for (int64_t r = 0; r < rows; ++r) {
        c.offsets[r] = at;
        c.lengths[r] = static_cast<int32_t>(lens[codes[r]]);
        if (lens[codes[r]]) std::memcpy(c.data.data() + at, dict + starts[codes[r]], lens[codes[r]]);
        at += lens[codes[r]];
      }
      return c;
    }
    if (s.encoding == Encoding::Fsst) {
      decode_symbols(base, s, c, fail);
      return c;
    }
    int64_t at = 0;
    for (int64_t r = 0; r < rows; ++r) {
      uint32_t len;
      std::memcpy(&len, payload + r * 4, 4);
      c.offsets[r] = at;
      c.lengths[r] = static_cast<int32_t>(len);
      at += len;
    }
    c.data.assign(payload + rows * 4, payload + s.payload_bytes);
    return c;
  }
  const int width = fn::type_width(type);
  c.data.resize(static_cast<size_t>(rows * width));
  if (s.encoding == Encoding::ForBitpack) {
    const std::vector<uint64_t> w = words_at(payload);
    for (int64_t r = 0; r < rows; ++r) {
      const int64_t v = static_cast<int64_t>(unpack_one(w.data(), static_cast<size_t>(r), s.bits) + static_cast<uint64_t>(s.min));
      switch (width) {
        case 1: c.data[r] = static_cast<uint8_t>(v); break;
        case 4: { const int32_t x = static_cast<int32_t>(v); std::memcpy(c.data.data() + r * 4, &x, 4); break; }
        default: std::memcpy(c.data.data() + r * 8, &v, 8); break;
      }
    }
    return c;
  }
  if (s.payload_bytes) std::memcpy(c.data.data(), payload, s.payload_bytes);
  return c;
}

constexpr size_t kDirectoryEntryBytes = 24;  // offset, bytes, checksum

}  // namespace

void reseal_chunk(std::string& bytes) {
  if (bytes.size() < kChunkPrefixBytes) return;
  uint32_t version = 0;
  std::memcpy(&version, bytes.data() + 8, 4);
  if (version == kVersionWhole) {
    const uint64_t sum = fnv1a(bytes.data(), bytes.size() - 8);
    std::memcpy(bytes.data() + bytes.size() - 8, &sum, 8);
    return;
  }
  // Format 2: every segment's checksum, then the header's (as far as the bytes reach).
  uint32_t columns = 0;
  std::memcpy(&columns, bytes.data() + 12, 4);
  const size_t header = kChunkPrefixBytes + size_t{columns} * kDirectoryEntryBytes;
  if (columns > 1u << 20 || header + 8 > bytes.size()) return;
  for (uint32_t i = 0; i < columns; ++i) {
    char* e = bytes.data() + kChunkPrefixBytes + size_t{i} * kDirectoryEntryBytes;
    uint64_t off, n;
    std::memcpy(&off, e, 8);
    std::memcpy(&n, e + 8, 8);
    if (off <= bytes.size() && n <= bytes.size() - off) {
      const uint64_t sum = fnv1a(bytes.data() + off, n);
      std::memcpy(e + 16, &sum, 8);
    }
  }
  const uint64_t sum = fnv1a(bytes.data(), header);
  std::memcpy(bytes.data() + header, &sum, 8);
}

const char* encoding_name(Encoding e) {
  switch (e) {
    case Encoding::Plain: return "plain";
    case Encoding::ForBitpack: return "for-bitpack";
    case Encoding::Dictionary: return "dictionary";
    case Encoding::Fsst: return "fsst";
  }
  return "?";
}

std::string encode_chunk(const Table& t, int64_t begin, int64_t rows) {
  if (rows < 0 || rows > kMaxChunkRows) throw std::logic_error("encode_chunk: more than kMaxChunkRows rows");
  std::vector<std::string> segments(t.num_columns());
  for (size_t i = 0; i < t.num_columns(); ++i) {
    const rt::Column& c = t.column(i);
    Segment s = encode_column(c, begin, rows);
    std::string& out = segments[i];
    put<uint8_t>(out, static_cast<uint8_t>(s.encoding));
    put<uint8_t>(out, s.has_nulls ? 1 : 0);
    put<uint8_t>(out, static_cast<uint8_t>(s.bits));
    put<uint8_t>(out, 0);
    put<uint32_t>(out, 0);
    put<int64_t>(out, s.min);
    put<int64_t>(out, s.max);
    put<uint64_t>(out, s.payload.size());
    if (s.has_nulls) {
      std::string bitmap(static_cast<size_t>(rows + 7) / 8, '\0');
      for (int64_t r = 0; r < rows; ++r)
        if (c.valid[begin + r]) bitmap[r / 8] = static_cast<char>(bitmap[r / 8] | (1 << (r % 8)));
      out += bitmap;
    }
    out += s.payload;
  }
  std::string out(kMagic, sizeof kMagic);
  put<uint32_t>(out, kVersion);
  put<uint32_t>(out, static_cast<uint32_t>(t.num_columns()));
  put<int64_t>(out, rows);
  uint64_t at = kChunkPrefixBytes + t.num_columns() * kDirectoryEntryBytes + 8;
  for (const std::string& seg : segments) {
    put<uint64_t>(out, at);
    put<uint64_t>(out, seg.size());
    put<uint64_t>(out, fnv1a(seg.data(), seg.size()));
    at += seg.size();
  }
  put<uint64_t>(out, fnv1a(out.data(), out.size()));
  for (const std::string& seg : segments) out += seg;
  return out;
}

ChunkPrefix read_chunk_prefix(std::string_view bytes, const std::string& what) {
  Reader in(bytes, what);
  if (bytes.size() < kChunkPrefixBytes || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    in.fail("not a Tessera column chunk (bad magic or too short)");
  in.take(sizeof kMagic);
  ChunkPrefix p;
  p.version = in.get<uint32_t>();
  if (p.version != kVersion && p.version != kVersionWhole)
    in.fail("format version " + std::to_string(p.version) + " (this build reads 1 and 2)");
  p.columns = in.get<uint32_t>();
  p.rows = in.get<int64_t>();
  if (p.rows < 0 || p.rows > kMaxChunkRows)
    in.fail("row count " + std::to_string(p.rows) + " (at most " + std::to_string(kMaxChunkRows) + ")");
  if (p.columns > 1u << 20) in.fail(std::to_string(p.columns) + " columns");
  p.header_bytes = p.version == kVersionWhole ? 0 : kChunkPrefixBytes + uint64_t{p.columns} * kDirectoryEntryBytes + 8;
  return p;
}

std::vector<SegmentExtent> read_chunk_directory(std::string_view header, const ChunkPrefix& p, uint64_t file_bytes,
                                                const std::string& what) {
  Reader in(header, what);
  if (p.version != kVersion) in.fail("a format 1 chunk has no directory");
  if (header.size() < p.header_bytes) in.fail("ends early (truncated?)");
  uint64_t stored;
  std::memcpy(&stored, header.data() + p.header_bytes - 8, 8);
  if (stored != fnv1a(header.data(), p.header_bytes - 8)) in.fail("checksum mismatch (header)");
  in.take(kChunkPrefixBytes);
  std::vector<SegmentExtent> out(p.columns);
  uint64_t expect = p.header_bytes;
  for (SegmentExtent& e : out) {
    e.offset = in.get<uint64_t>();
    e.bytes = in.get<uint64_t>();
    e.checksum = in.get<uint64_t>();
    if (e.offset != expect || e.bytes > file_bytes || e.offset > file_bytes - e.bytes)
      in.fail("column directory does not match the file's " + std::to_string(file_bytes) + " bytes");
    expect = e.offset + e.bytes;
  }
  if (expect != file_bytes) in.fail("extra bytes after the last column");
  return out;
}

EncodedSegment parse_encoded_segment(std::string bytes, const SegmentExtent& extent, int64_t rows, fn::SqlType type,
                                     const std::string& what) {
  EncodedSegment s;
  s.bytes = std::move(bytes);
  s.what = what;
  Reader in(s.bytes, what);
  if (s.bytes.size() != extent.bytes) in.fail("column of " + std::to_string(s.bytes.size()) + " bytes, the directory says " +
                                              std::to_string(extent.bytes));
  if (fnv1a(s.bytes.data(), s.bytes.size()) != extent.checksum) in.fail("checksum mismatch (a column)");
  parse_segment(in, rows, type, s.layout);
  if (in.pos() != s.bytes.size()) in.fail("extra bytes after the column");
  return s;
}

rt::Column decode_segment(const EncodedSegment& s, fn::SqlType type) {
  return decode_layout(s.bytes.data(), s.layout, type, s.what);
}

namespace {

// Value i of `bits`-bit values packed little-endian into `words` uint64 words at p (unaligned): its one or two
// words copied out (never past the last), then bits_at as the whole-chunk decoder reads them.
uint64_t packed_at(const char* p, uint64_t words, uint64_t i, int bits) {
  if (bits == 0) return 0;
  const uint64_t bit = i * static_cast<uint64_t>(bits), word = bit / 64;
  uint64_t w[2] = {0, 0};
  std::memcpy(w, p + word * 8, (word + 1 < words ? 2 : 1) * 8);
  return bits_at(w, static_cast<size_t>(bit % 64), bits);
}

}  // namespace

rt::Column decode_segment_rows(const EncodedSegment& seg, fn::SqlType type, const std::vector<int64_t>& rows) {
  const SegmentLayout& s = seg.layout;
  const char* base = seg.bytes.data();
  auto fail = [&](const std::string& why) { throw ChunkError(seg.what + ": damaged column chunk: " + why); };
  for (size_t k = 0; k < rows.size(); ++k)
    if (rows[k] < 0 || rows[k] >= s.rows || (k > 0 && rows[k] < rows[k - 1]))
      throw std::logic_error("decode_segment_rows: rows not ascending within the chunk's " + std::to_string(s.rows));
  rt::Column c;
  c.type = type;
  c.rows = static_cast<int64_t>(rows.size());
  if (s.has_nulls) {
    const uint8_t* bitmap = reinterpret_cast<const uint8_t*>(base + s.bitmap_at);
    for (int64_t r : rows) c.valid.push_back((bitmap[r / 8] >> (r % 8)) & 1);
  }
  const char* payload = base + s.payload_at;
  const uint64_t words = (static_cast<uint64_t>(s.rows) * static_cast<uint64_t>(s.bits) + 63) / 64;
  auto add_string = [&](const char* p, uint64_t n) {
    c.offsets.push_back(static_cast<int64_t>(c.data.size()));
    c.lengths.push_back(static_cast<int32_t>(n));
    c.data.insert(c.data.end(), p, p + n);
  };
  if (type == fn::SqlType::String) {
    if (s.encoding == Encoding::Dictionary) {
      const uint32_t n = s.dict_entries;
      std::vector<uint32_t> lens;
      const std::vector<uint64_t> starts = dictionary_entries(payload, n, lens);
      const char* dict = payload + 4 + uint64_t{n} * 4;
      for (int64_t r : rows) {
        const uint64_t code = packed_at(base + s.codes_at, words, static_cast<uint64_t>(r), s.bits);
        if (code >= n) fail("dictionary code " + std::to_string(code) + " of " + std::to_string(n));
        add_string(dict + starts[code], lens[code]);
      }
    } else if (s.encoding == Encoding::Fsst) {
      // A row's codes start after the code counts of the rows before it: summed up to each wanted row.
      uint64_t symbols[256] = {};
      uint8_t lengths[256] = {};
      std::memcpy(symbols, base + s.symbols_at, size_t{s.symbol_count} * 8);
      std::memcpy(lengths, base + s.symbol_lengths_at, s.symbol_count);
      const uint8_t* codes = reinterpret_cast<const uint8_t*>(base + s.codes_at);
      auto count = [&](int64_t r) {
        return packed_at(base + s.counts_at, words, static_cast<uint64_t>(r), s.bits) + static_cast<uint64_t>(s.min);
      };
      uint64_t in = 0;
      int64_t next = 0;
      std::string text;
      for (int64_t r : rows) {
        for (; next < r; ++next) in += count(next);
        const uint64_t n = count(r);
        if (in > s.code_bytes || n > s.code_bytes - in) fail("symbol codes run past the segment");
        text.clear();
        for (uint64_t i = in, end = in + n; i < end;) {
          const uint8_t code = codes[i++];
          if (code == kEscapeCode) {
            if (i == end) fail("an escape code ends a string");
            text.push_back(static_cast<char>(codes[i++]));
          } else {
            if (code >= s.symbol_count) fail("symbol code " + std::to_string(code) + " of " + std::to_string(s.symbol_count));
            text.append(reinterpret_cast<const char*>(&symbols[code]), lengths[code]);
          }
        }
        if (text.size() > s.string_bytes) fail("a string longer than the segment's strings");
        add_string(text.data(), text.size());
      }
    } else {
      // PLAIN: u32 lengths, then the bytes; a row's bytes start after the lengths of the rows before it.
      const char* bytes = payload + s.rows * 4;
      uint64_t at = 0;
      int64_t next = 0;
      auto length = [&](int64_t r) {
        uint32_t len;
        std::memcpy(&len, payload + r * 4, 4);
        return uint64_t{len};
      };
      for (int64_t r : rows) {
        for (; next < r; ++next) at += length(next);
        const uint64_t n = length(r);
        if (at > s.string_bytes || n > s.string_bytes - at) fail("strings run past the segment");
        add_string(bytes + at, n);
      }
    }
    return c;
  }
  const int width = fn::type_width(type);
  c.data.resize(rows.size() * static_cast<size_t>(width));
  for (size_t k = 0; k < rows.size(); ++k) {
    uint8_t* out = c.data.data() + k * static_cast<size_t>(width);
    if (s.encoding != Encoding::ForBitpack) {
      std::memcpy(out, payload + rows[k] * width, static_cast<size_t>(width));
      continue;
    }
    const int64_t v = static_cast<int64_t>(packed_at(payload, words, static_cast<uint64_t>(rows[k]), s.bits) +
                                           static_cast<uint64_t>(s.min));
    switch (width) {
      case 1: *out = static_cast<uint8_t>(v); break;
      case 4: { const int32_t x = static_cast<int32_t>(v); std::memcpy(out, &x, 4); break; }
      default: std::memcpy(out, &v, 8); break;
    }
  }
  return c;
}

namespace {

// Every segment of a chunk, checked (checksums, structure); `layouts` relative to `bytes`.
std::vector<SegmentLayout> parse_chunk(std::string_view bytes, const std::vector<fn::SqlType>& types, const std::string& what,
                                       int64_t& rows) {
  Reader in(bytes, what);
  const ChunkPrefix p = read_chunk_prefix(bytes, what);
  rows = p.rows;
  if (!types.empty() && p.columns != types.size())
    in.fail(std::to_string(p.columns) + " columns where the table has " + std::to_string(types.size()));
  std::vector<SegmentLayout> out(p.columns);
  if (p.version == kVersionWhole) {
    if (bytes.size() < kChunkPrefixBytes + 8) in.fail("ends early (truncated?)");
    uint64_t stored;
    std::memcpy(&stored, bytes.data() + bytes.size() - 8, 8);
    if (stored != fnv1a(bytes.data(), bytes.size() - 8)) in.fail("checksum mismatch");
    in.take(kChunkPrefixBytes);
    for (uint32_t i = 0; i < p.columns; ++i) parse_segment(in, p.rows, types.empty() ? fn::SqlType::Int64 : types[i], out[i]);
    if (in.pos() != bytes.size() - 8) in.fail("extra bytes after the last column");
    return out;
  }
  const std::vector<SegmentExtent> dir = read_chunk_directory(bytes, p, bytes.size(), what);
  for (uint32_t i = 0; i < p.columns; ++i) {
    if (fnv1a(bytes.data() + dir[i].offset, dir[i].bytes) != dir[i].checksum) in.fail("checksum mismatch (a column)");
    Reader seg(bytes.substr(0, dir[i].offset + dir[i].bytes), what);
    seg.take(dir[i].offset);
    parse_segment(seg, p.rows, types.empty() ? fn::SqlType::Int64 : types[i], out[i]);
    if (seg.pos() != dir[i].offset + dir[i].bytes) in.fail("extra bytes after a column");
  }
  return out;
}

}  // namespace

std::vector<rt::Column> decode_chunk(std::string_view bytes, const Schema& schema, const std::string& what) {
  std::vector<fn::SqlType> types;
  for (const Field& f : schema.fields()) types.push_back(f.type.physical());
  int64_t rows = 0;
  const std::vector<SegmentLayout> layouts = parse_chunk(bytes, types, what, rows);
  std::vector<rt::Column> out;
  for (size_t i = 0; i < layouts.size(); ++i) out.push_back(decode_layout(bytes.data(), layouts[i], types[i], what));
  return out;
}

std::vector<Encoding> chunk_encodings(std::string_view bytes, const std::string& what) {
  // Encodings need no types: parsed as integer columns, which check no string structure.
  Reader in(bytes, what);
  const ChunkPrefix p = read_chunk_prefix(bytes, what);
  std::vector<Encoding> out;
  size_t at = kChunkPrefixBytes;
  std::vector<SegmentExtent> dir;
  if (p.version == kVersion) dir = read_chunk_directory(bytes, p, bytes.size(), what);
  for (uint32_t i = 0; i < p.columns; ++i) {
    Reader seg(bytes, what);
    seg.take(p.version == kVersion ? dir[i].offset : at);
    out.push_back(static_cast<Encoding>(seg.get<uint8_t>()));
    const bool has_nulls = seg.get<uint8_t>() != 0;
    seg.take(2 + 4 + 16);
    const uint64_t payload = seg.get<uint64_t>();
    if (has_nulls) seg.take(static_cast<uint64_t>(p.rows + 7) / 8);
    seg.take(payload);
    at = seg.pos();
  }
  return out;
}

}  // namespace tessera::storage
