#include "tessera/tds/byte_reader.hpp"

#include <utility>

#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/text_encoding.hpp"

namespace tessera::tds {

ByteReader::ByteReader(std::span<const uint8_t> data, std::string structure)
    : data_(data), structure_(std::move(structure)) {}

void ByteReader::fail(std::string_view what) const { fail_at(offset_, what); }

void ByteReader::fail_at(size_t offset, std::string_view what) const {
  throw ProtocolError(structure_ + ": " + std::string(what) + " (offset " + std::to_string(offset) + ")");
}

void ByteReader::overrun(size_t offset, size_t length, std::string_view field) const {
  throw ProtocolError(structure_ + ": " + std::string(field) + " (offset " + std::to_string(offset) + ", length " +
                      std::to_string(length) + ") runs past the end of the " + std::to_string(data_.size()) +
                      "-byte message");
}

std::span<const uint8_t> ByteReader::at(size_t offset, size_t length, std::string_view field) const {
  // Written so that no sum can wrap: offset and length come from the client.
  if (offset > data_.size() || length > data_.size() - offset) overrun(offset, length, field);
  return data_.subspan(offset, length);
}

std::span<const uint8_t> ByteReader::bytes(size_t count, std::string_view field) {
  std::span<const uint8_t> span = at(offset_, count, field);
  offset_ += count;
  return span;
}

uint8_t ByteReader::u8(std::string_view field) { return bytes(1, field)[0]; }

uint16_t ByteReader::u16(std::string_view field) {
  std::span<const uint8_t> b = bytes(2, field);
  return static_cast<uint16_t>(b[0] | (b[1] << 8));
}

uint16_t ByteReader::u16_be(std::string_view field) {
  std::span<const uint8_t> b = bytes(2, field);
  return static_cast<uint16_t>((b[0] << 8) | b[1]);
}

uint64_t ByteReader::uint_n(size_t width, std::string_view field) {
  std::span<const uint8_t> b = bytes(width, field);
  uint64_t v = 0;
  for (size_t i = width; i-- > 0;) v = (v << 8) | b[i];
  return v;
}

uint32_t ByteReader::u32(std::string_view field) { return static_cast<uint32_t>(uint_n(4, field)); }
uint64_t ByteReader::u64(std::string_view field) { return uint_n(8, field); }

std::string ByteReader::utf16(size_t byte_count, std::string_view field) {
  const size_t start = offset_;
  std::span<const uint8_t> raw = bytes(byte_count, field);
  try {
    return utf16le_to_utf8(raw);
  } catch (const ProtocolError& e) {
    fail_at(start, std::string(field) + ": " + e.what());
  }
}

std::string ByteReader::b_varchar(std::string_view field) {
  const size_t chars = u8(field);
  return utf16(chars * 2, field);
}

std::string ByteReader::us_varchar(std::string_view field) {
  const size_t chars = u16(field);
  return utf16(chars * 2, field);
}

}  // namespace tessera::tds
