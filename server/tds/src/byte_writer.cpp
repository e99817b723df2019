#include "tessera/tds/byte_writer.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "tessera/tds/text_encoding.hpp"

namespace tessera::tds {

void put_u8(Buffer& out, uint8_t v) { out.push_back(v); }

void put_u16(Buffer& out, uint16_t v) { put_uint_n(out, v, 2); }

void put_u16_be(Buffer& out, uint16_t v) {
  out.push_back(static_cast<uint8_t>(v >> 8));
  out.push_back(static_cast<uint8_t>(v));
}

void put_u32(Buffer& out, uint32_t v) { put_uint_n(out, v, 4); }

void put_u32_be(Buffer& out, uint32_t v) {
  put_u16_be(out, static_cast<uint16_t>(v >> 16));
  put_u16_be(out, static_cast<uint16_t>(v));
}

void put_u64(Buffer& out, uint64_t v) { put_uint_n(out, v, 8); }

void put_uint_n(Buffer& out, unsigned __int128 v, size_t width) {
  for (size_t i = 0; i < width; ++i) {
    out.push_back(static_cast<uint8_t>(v));
    v >>= 8;
  }
}

void put_bytes(Buffer& out, std::span<const uint8_t> bytes) { out.insert(out.end(), bytes.begin(), bytes.end()); }

namespace {

// Writes the text after a placeholder prefix of `prefix_width` bytes, then fills in the unit count.
void put_prefixed_utf16(Buffer& out, std::string_view utf8, size_t prefix_width, size_t max_units) {
  const size_t prefix_at = out.size();
  out.resize(out.size() + prefix_width);
  const size_t units = append_utf16le(out, utf8, max_units);
  for (size_t i = 0; i < prefix_width; ++i) out[prefix_at + i] = static_cast<uint8_t>(units >> (8 * i));
}

}  // namespace

void put_b_varchar(Buffer& out, std::string_view utf8) { put_prefixed_utf16(out, utf8, 1, 0xFF); }
void put_us_varchar(Buffer& out, std::string_view utf8, size_t max_units) {
  put_prefixed_utf16(out, utf8, 2, std::min<size_t>(max_units, 0xFFFF));
}

size_t begin_u16_length(Buffer& out) {
  const size_t at = out.size();
  put_u16(out, 0);
  return at;
}

void end_u16_length(Buffer& out, size_t length_at) {
  const size_t length = out.size() - length_at - 2;
  if (length > 0xFFFF)
    throw std::logic_error("TDS token body of " + std::to_string(length) + " bytes exceeds its USHORT length");
  out[length_at] = static_cast<uint8_t>(length);
  out[length_at + 1] = static_cast<uint8_t>(length >> 8);
}

}  // namespace tessera::tds
