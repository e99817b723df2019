#include "tessera/exec/column_ops.hpp"

#include <cstring>

#include "tessera/exec/parallel.hpp"

namespace tessera::exec {

ColumnPtr gather(const rt::Column& c, const std::vector<int64_t>& rows, int threads) {
  auto out = std::make_shared<rt::Column>();
  out->type = c.type;
  const int64_t n = static_cast<int64_t>(rows.size());
  out->rows = n;
  bool nulls = !c.valid.empty();
  for (int64_t r : rows)
    if (r < 0) {
      nulls = true;
      break;
    }
  if (nulls) out->valid.resize(n);
  if (c.type == fn::SqlType::String) {
    out->offsets.resize(n);
    out->lengths.resize(n);
    // Two parallel passes: each chunk's byte total (then a prefix over chunks), then the copy.
    const int chunks = chunk_count(n, threads);
    std::vector<int64_t> start(chunks + 1, 0);
    parallel_chunks(n, threads, [&](int k, int64_t b, int64_t e) {
      int64_t total = 0;
      for (int64_t i = b; i < e; ++i) total += rows[i] >= 0 ? c.lengths[rows[i]] : 0;
      start[k + 1] = total;
    });
    for (int k = 0; k < chunks; ++k) start[k + 1] += start[k];
    out->data.resize(start[chunks]);
    parallel_chunks(n, threads, [&](int k, int64_t b, int64_t e) {
      int64_t at = start[k];
      uint8_t* dst = out->data.data();
      const uint8_t* src = c.data.data();
      for (int64_t i = b; i < e; ++i) {
        const int64_t r = rows[i];
        const int32_t len = r >= 0 ? c.lengths[r] : 0;
        out->offsets[i] = at;
        out->lengths[i] = len;
        if (len == 1) dst[at] = src[c.offsets[r]];
        else if (len > 0) std::memcpy(dst + at, src + c.offsets[r], len);
        at += len;
        if (nulls) out->valid[i] = r >= 0 && c.is_valid(r);
      }
    });
    return out;
  }
  const int w = fn::type_width(c.type);
  out->data.resize(static_cast<size_t>(n) * w);
  parallel_chunks(n, threads, [&](int, int64_t b, int64_t e) {
    uint8_t* dst = out->data.data();
    const uint8_t* src = c.data.data();
    for (int64_t i = b; i < e; ++i) {
      const int64_t r = rows[i];
      if (r >= 0) {
        switch (w) {
          case 1: dst[i] = src[r]; break;
          case 4: std::memcpy(dst + i * 4, src + r * 4, 4); break;
          case 8: std::memcpy(dst + i * 8, src + r * 8, 8); break;
          default: std::memcpy(dst + i * w, src + r * w, w); break;
        }
      } else {
        std::memset(dst + i * w, 0, w);
      }
      if (nulls) out->valid[i] = r >= 0 && c.is_valid(r);
    }
  });
  return out;
}

Batch gather(const Batch& b, const std::vector<int64_t>& rows, int threads) {
  Batch out;
  out.rows = static_cast<int64_t>(rows.size());
  for (size_t i = 0; i < b.ids.size(); ++i) out.add(b.ids[i], gather(*b.columns[i], rows, threads), b.types[i]);
  return out;
}

std::vector<int64_t> selected_rows(const rt::Column& mask, int threads) {
  const int64_t n = mask.rows;
  const int chunks = chunk_count(n, threads);
  std::vector<std::vector<int64_t>> parts(chunks);
  parallel_chunks(n, threads, [&](int k, int64_t b, int64_t e) {
    auto& p = parts[k];
    const uint8_t* d = mask.data.data();
    const uint8_t* v = mask.valid.empty() ? nullptr : mask.valid.data();
    for (int64_t i = b; i < e; ++i)
      if (d[i] && (!v || v[i])) p.push_back(i);
  });
  if (chunks == 1) return std::move(parts[0]);
  std::vector<int64_t> out;
  size_t total = 0;
  for (auto& p : parts) total += p.size();
  out.reserve(total);
  for (auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

namespace {

inline uint64_t hash_bytes(std::string_view s) {
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ s.size();
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = mix64(h ^ w);
  }
  uint64_t tail = 0;
  std::memcpy(&tail, s.data() + i, s.size() - i);
  return mix64(h ^ tail ^ (static_cast<uint64_t>(s.size()) << 56));
}

// The cell's bits as one word: the value itself up to 8 bytes, a mix of both halves for 16. A FLOAT -0.0 is 0.0's
// bits: the two compare equal, so they must hash (and pack) alike.
inline uint64_t raw_value(const rt::Column& c, int64_t r) {
  if (c.type == fn::SqlType::Float64 && c.value<double>(r) == 0.0) return 0;
  switch (fn::type_width(c.type)) {
    case 1: return c.data[r];
    case 4: {
      uint32_t v;
      std::memcpy(&v, c.data.data() + r * 4, 4);
      return v;
    }
    case 8: {
      uint64_t v;
      std::memcpy(&v, c.data.data() + r * 8, 8);
      return v;
    }
    default: {
      uint64_t v[2];
      std::memcpy(v, c.data.data() + r * 16, 16);
      return v[0] ^ mix64(v[1]);
    }
  }
}

}  // namespace

void hash_keys(const std::vector<const rt::Column*>& keys, int64_t rows, std::vector<uint64_t>& hashes,
               std::vector<uint8_t>& null_key, int threads) {
  hashes.assign(rows, 0);
  null_key.assign(rows, 0);
  parallel_chunks(rows, threads, [&](int, int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      uint64_t h = 0x2545f4914f6cdd1dULL;
      for (const rt::Column* c : keys) {
        // A NULL cell's bits are unspecified (columns are not zero-filled): every NULL hashes alike.
        const bool valid = c->is_valid(r);
        if (!valid) null_key[r] = 1;
        const uint64_t v = !valid ? 0x6e756c6cULL
                           : c->type == fn::SqlType::String ? hash_bytes(rtrim_blanks(c->string(r)))
                                                            : mix64(raw_value(*c, r));
        h = mix64(h ^ v) + 0x9e3779b97f4a7c15ULL;
      }
      hashes[r] = h;
    }
  });
}

std::vector<uint8_t> null_flags(const std::vector<const rt::Column*>& keys, int64_t rows) {
  std::vector<uint8_t> out(rows, 0);
  for (const rt::Column* c : keys)
    if (!c->valid.empty())
      for (int64_t r = 0; r < rows; ++r) out[r] |= c->valid[r] == 0;
  return out;
}

bool keys_equal(const std::vector<const rt::Column*>& ka, int64_t a, const std::vector<const rt::Column*>& kb, int64_t b) {
  for (size_t i = 0; i < ka.size(); ++i) {
    const rt::Column& x = *ka[i];
    const rt::Column& y = *kb[i];
    if (x.type == fn::SqlType::String) {
      if (rtrim_blanks(x.string(a)) != rtrim_blanks(y.string(b))) return false;
    } else if (x.type == fn::SqlType::Float64) {
      if (x.value<double>(a) != y.value<double>(b)) return false;
    } else if (x.type == fn::SqlType::Decimal128) {
      if (x.value<__int128>(a) != y.value<__int128>(b)) return false;
    } else if (raw_value(x, a) != raw_value(y, b)) {
      return false;
    }
  }
  return true;
}

int compare_values(const rt::Column& c, int64_t a, int64_t b) {
  const bool va = c.is_valid(a), vb = c.is_valid(b);
  if (!va || !vb) return va == vb ? 0 : (va ? 1 : -1);
  switch (c.type) {
    case fn::SqlType::String: {
      const auto x = rtrim_blanks(c.string(a)), y = rtrim_blanks(c.string(b));
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    case fn::SqlType::Float64: {
      const double x = c.value<double>(a), y = c.value<double>(b);
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    case fn::SqlType::Bool: return static_cast<int>(c.data[a]) - static_cast<int>(c.data[b]);
    case fn::SqlType::Decimal128: {
      const __int128 x = c.value<__int128>(a), y = c.value<__int128>(b);
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    case fn::SqlType::Int32:
    case fn::SqlType::Date: {
      const int32_t x = c.value<int32_t>(a), y = c.value<int32_t>(b);
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    default: {
      const int64_t x = c.value<int64_t>(a), y = c.value<int64_t>(b);
      return x < y ? -1 : (x > y ? 1 : 0);
    }
  }
}

std::optional<KeyLayout> key_layout(const std::vector<std::vector<const rt::Column*>>& sides, bool with_nulls) {
  KeyLayout l;
  int shift = 0;
  const size_t n = sides.at(0).size();
  for (size_t k = 0; k < n; ++k) {
    const rt::Column& c0 = *sides[0][k];
    KeyLayout::Part p{shift, 0, false, 0, false};
    if (with_nulls)
      for (const auto& s : sides) p.null_bit = p.null_bit || !s[k]->valid.empty();
    switch (c0.type) {
      case fn::SqlType::Bool: p.bits = 8; break;
      case fn::SqlType::Int32:
      case fn::SqlType::Date: p.bits = 32; break;
      case fn::SqlType::String: {
        p.string = true;
        // The stored lengths bound the trimmed ones (a max over int32s, which vectorises).
        for (const auto& s : sides) {
          int32_t m = 0;
          for (int32_t len : s[k]->lengths) m = std::max(m, len);
          p.max_len = std::max<int>(p.max_len, m);
        }
        if (p.max_len > 6) return std::nullopt;
        p.bits = 3 + 8 * p.max_len;
        break;
      }
      case fn::SqlType::Decimal128: return std::nullopt;  // 128 bits never pack into one word
      default: p.bits = 64; break;
    }
    shift += p.bits + (p.null_bit ? 1 : 0);
    if (shift > 64) return std::nullopt;
    l.parts.push_back(p);
  }
  return l;
}

void pack_keys(const KeyLayout& layout, const std::vector<const rt::Column*>& keys, int64_t rows,
               std::vector<uint64_t>& packed, int threads) {
  packed.assign(rows, 0);
  for (size_t k = 0; k < keys.size(); ++k) {
    const KeyLayout::Part& p = layout.parts[k];
    const rt::Column& c = *keys[k];
    parallel_chunks(rows, threads, [&](int, int64_t b, int64_t e) {
      for (int64_t r = b; r < e; ++r) {
        uint64_t v;
        if (p.string) {
          const std::string_view s = rtrim_blanks(c.string(r));
          v = s.size();
          for (size_t i = 0; i < s.size(); ++i) v |= static_cast<uint64_t>(static_cast<uint8_t>(s[i])) << (3 + 8 * i);
        } else {
          v = raw_value(c, r);
        }
        if (p.null_bit && !c.is_valid(r)) v = uint64_t{1} << p.bits;
        packed[r] |= p.shift < 64 ? v << p.shift : 0;
      }
    });
  }
}

}  // namespace tessera::exec
