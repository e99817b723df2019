// Column chunks on disk: encodings, min/max, checksum (see column_chunk.hpp).
#include "tessera/storage/column_chunk.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_map>

namespace tessera::storage {
namespace {

constexpr char kMagic[8] = {'T', 'S', 'R', 'C', 'H', 'U', 'N', 'K'};
constexpr uint32_t kVersion = 1;

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

// Integer-like physical types: their values widen to int64 exactly.
bool integer_like(fn::SqlType t) {
  switch (t) {
    case fn::SqlType::Bool: case fn::SqlType::Int32: case fn::SqlType::Date: case fn::SqlType::Int64:
    case fn::SqlType::Decimal: case fn::SqlType::Money: case fn::SqlType::DateTime: case fn::SqlType::Time: return true;
    default: return false;
  }
}

int64_t load_int(const rt::Column& c, int64_t r) {
  switch (fn::type_width(c.type)) {
    case 1: return c.data[r];
    case 4: return c.value<int32_t>(r);
    default: return c.value<int64_t>(r);
  }
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

uint64_t unpack_one(const uint64_t* w, size_t i, int bits) {
  if (bits == 0) return 0;
  const size_t bit = i * static_cast<size_t>(bits);
  uint64_t v = w[bit / 64] >> (bit % 64);
  if (bit % 64 + bits > 64) v |= w[bit / 64 + 1] << (64 - bit % 64);
  return bits == 64 ? v : v & ((uint64_t{1} << bits) - 1);
}

struct Segment {
  Encoding encoding = Encoding::Plain;
  bool has_nulls = false;
  int bits = 0;
  int64_t min = 0, max = 0;
  std::string payload;
};

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

void decode_column(Reader& in, int64_t rows, fn::SqlType type, rt::Column& c) {
  const auto encoding = static_cast<Encoding>(in.get<uint8_t>());
  const bool has_nulls = in.get<uint8_t>() != 0;
  const int bits = in.get<uint8_t>();
  in.get<uint8_t>();
  in.get<uint32_t>();
  const int64_t min = in.get<int64_t>();
  in.get<int64_t>();  // max: for pruning; decoding does not need it
  const uint64_t payload_bytes = in.get<uint64_t>();
  if (bits > 64) in.fail("bit width " + std::to_string(bits));
  c = rt::Column();
  c.type = type;
  c.rows = rows;
  if (has_nulls) {
    const uint8_t* bitmap = reinterpret_cast<const uint8_t*>(in.take(static_cast<uint64_t>(rows + 7) / 8));
    c.valid.resize(static_cast<size_t>(rows));
    for (int64_t r = 0; r < rows; ++r) c.valid[r] = (bitmap[r / 8] >> (r % 8)) & 1;
  }
  const char* p = in.take(payload_bytes);
  const std::string_view payload(p, payload_bytes);
  auto need = [&](uint64_t at_least) {
    if (payload.size() < at_least) in.fail("payload of " + std::to_string(payload.size()) + " bytes is too short");
  };
  auto words_for = [&](int b) { return (static_cast<uint64_t>(rows) * static_cast<uint64_t>(b) + 63) / 64; };
  if (type == fn::SqlType::String) {
    c.offsets.resize(static_cast<size_t>(rows));
    c.lengths.resize(static_cast<size_t>(rows));
    if (encoding == Encoding::Dictionary) {
      need(4);
      uint32_t n;
      std::memcpy(&n, payload.data(), 4);
      need(4 + uint64_t{n} * 4);
      std::vector<uint32_t> lens(n);
      std::vector<uint64_t> starts(n);
      if (n) std::memcpy(lens.data(), payload.data() + 4, size_t{n} * 4);
      uint64_t total = 0;
      for (uint32_t i = 0; i < n; ++i) {
        if (lens[i] > INT32_MAX) in.fail("string length " + std::to_string(lens[i]));
        starts[i] = total;
        total += lens[i];
      }
      const uint64_t dict_at = 4 + uint64_t{n} * 4;
      need(dict_at + total + words_for(bits) * 8);
      const char* dict = payload.data() + dict_at;
      std::vector<uint64_t> w(words_for(bits) + 1, 0);
      if (words_for(bits)) std::memcpy(w.data(), payload.data() + dict_at + total, words_for(bits) * 8);
      uint64_t out_bytes = 0;
      std::vector<uint32_t> codes(static_cast<size_t>(rows));
      for (int64_t r = 0; r < rows; ++r) {
        codes[r] = static_cast<uint32_t>(unpack_one(w.data(), static_cast<size_t>(r), bits));
        if (codes[r] >= n) in.fail("dictionary code " + std::to_string(codes[r]) + " of " + std::to_string(n));
        out_bytes += lens[codes[r]];
      }
      if (out_bytes > kMaxChunkStringBytes) in.fail("strings of " + std::to_string(out_bytes) + " bytes in one chunk");
      c.data.resize(out_bytes);
      int64_t at = 0;
      for (int64_t r = 0; r < rows; ++r) {
        c.offsets[r] = at;
        c.lengths[r] = static_cast<int32_t>(lens[codes[r]]);
        if (lens[codes[r]]) std::memcpy(c.data.data() + at, dict + starts[codes[r]], lens[codes[r]]);
        at += lens[codes[r]];
      }
      return;
    }
    if (encoding != Encoding::Plain) in.fail("encoding " + std::to_string(static_cast<int>(encoding)) + " for strings");
    need(static_cast<uint64_t>(rows) * 4);
    int64_t at = 0;
    for (int64_t r = 0; r < rows; ++r) {
      uint32_t len;
      std::memcpy(&len, payload.data() + r * 4, 4);
      c.offsets[r] = at;
      c.lengths[r] = static_cast<int32_t>(len);
      at += len;
      if (len > INT32_MAX) in.fail("string length " + std::to_string(len));
    }
    if (payload.size() != static_cast<uint64_t>(rows) * 4 + static_cast<uint64_t>(at))
      in.fail("string bytes do not add up to their lengths");
    c.data.assign(payload.data() + rows * 4, payload.data() + payload.size());
    return;
  }
  const int width = fn::type_width(type);
  if (encoding == Encoding::ForBitpack) {
    if (!integer_like(type)) in.fail("bit-packing for a non-integer column");
    need(words_for(bits) * 8);
    c.data.resize(static_cast<size_t>(rows * width));
    std::vector<uint64_t> w(words_for(bits) + 1, 0);
    if (words_for(bits)) std::memcpy(w.data(), payload.data(), words_for(bits) * 8);
    for (int64_t r = 0; r < rows; ++r) {
      const int64_t v = static_cast<int64_t>(unpack_one(w.data(), static_cast<size_t>(r), bits) + static_cast<uint64_t>(min));
      switch (width) {
        case 1: c.data[r] = static_cast<uint8_t>(v); break;
        case 4: { const int32_t x = static_cast<int32_t>(v); std::memcpy(c.data.data() + r * 4, &x, 4); break; }
        default: std::memcpy(c.data.data() + r * 8, &v, 8); break;
      }
    }
    return;
  }
  if (encoding != Encoding::Plain) in.fail("encoding " + std::to_string(static_cast<int>(encoding)));
  if (payload.size() != static_cast<uint64_t>(rows * width)) in.fail("plain payload of the wrong size");
  c.data.resize(static_cast<size_t>(rows * width));
  if (!payload.empty()) std::memcpy(c.data.data(), payload.data(), payload.size());
}

}  // namespace

void reseal_chunk(std::string& bytes) {
  if (bytes.size() < 8) return;
  const uint64_t sum = fnv1a(bytes.data(), bytes.size() - 8);
  std::memcpy(bytes.data() + bytes.size() - 8, &sum, 8);
}

namespace {

// Checks magic, version, shape and checksum; leaves `in` after the chunk header.
int64_t read_header(Reader& in, std::string_view bytes, uint32_t& columns) {
  if (bytes.size() < sizeof kMagic + 4 + 4 + 8 + 8 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    in.fail("not a Tessera column chunk (bad magic or too short)");
  uint64_t stored;
  std::memcpy(&stored, bytes.data() + bytes.size() - 8, 8);
  if (stored != fnv1a(bytes.data(), bytes.size() - 8)) in.fail("checksum mismatch");
  in.take(sizeof kMagic);
  const uint32_t version = in.get<uint32_t>();
  if (version != kVersion) in.fail("format version " + std::to_string(version) + " (this build reads " + std::to_string(kVersion) + ")");
  columns = in.get<uint32_t>();
  const int64_t rows = in.get<int64_t>();
  if (rows < 0 || rows > kMaxChunkRows) in.fail("row count " + std::to_string(rows) + " (at most " + std::to_string(kMaxChunkRows) + ")");
  return rows;
}

}  // namespace

const char* encoding_name(Encoding e) {
  switch (e) {
    case Encoding::Plain: return "plain";
    case Encoding::ForBitpack: return "for-bitpack";
    case Encoding::Dictionary: return "dictionary";
  }
  return "?";
}

std::string encode_chunk(const Table& t, int64_t begin, int64_t rows) {
  if (rows < 0 || rows > kMaxChunkRows) throw std::logic_error("encode_chunk: more than kMaxChunkRows rows");
  std::string out(kMagic, sizeof kMagic);
  put<uint32_t>(out, kVersion);
  put<uint32_t>(out, static_cast<uint32_t>(t.num_columns()));
  put<int64_t>(out, rows);
  for (size_t i = 0; i < t.num_columns(); ++i) {
    const rt::Column& c = t.column(i);
    Segment s = encode_column(c, begin, rows);
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
  put<uint64_t>(out, fnv1a(out.data(), out.size()));
  return out;
}

std::vector<rt::Column> decode_chunk(std::string_view bytes, const Schema& schema, const std::string& what) {
  Reader in(bytes, what);
  uint32_t columns = 0;
  const int64_t rows = read_header(in, bytes, columns);
  if (columns != schema.size())
    in.fail(std::to_string(columns) + " columns where the table has " + std::to_string(schema.size()));
  std::vector<rt::Column> out(columns);
  for (uint32_t i = 0; i < columns; ++i) decode_column(in, rows, schema.field(i).type.physical(), out[i]);
  if (in.pos() != bytes.size() - 8) in.fail("extra bytes after the last column");
  return out;
}

std::vector<Encoding> chunk_encodings(std::string_view bytes, const std::string& what) {
  Reader in(bytes, what);
  uint32_t columns = 0;
  const int64_t rows = read_header(in, bytes, columns);
  std::vector<Encoding> out;
  for (uint32_t i = 0; i < columns; ++i) {
    out.push_back(static_cast<Encoding>(in.get<uint8_t>()));
    const bool has_nulls = in.get<uint8_t>() != 0;
    in.take(2 + 4 + 16);
    const uint64_t payload = in.get<uint64_t>();
    if (has_nulls) in.take(static_cast<uint64_t>(rows + 7) / 8);
    in.take(payload);
  }
  return out;
}

}  // namespace tessera::storage
