// A bounds-checked cursor over a client's message: every read names the field it reads, and a read past the
// end throws ProtocolError("RPC: parameter 2 value (offset 41, length 8) runs past the end of the 45-byte
// message") instead of touching memory it does not own. All the parsers read client bytes through it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace tessera::tds {

class ByteReader {
 public:
  // `structure` names the message in errors ("LOGIN7", "RPC"); offsets count from the start of `data`.
  ByteReader(std::span<const uint8_t> data, std::string structure);

  size_t offset() const { return offset_; }
  size_t size() const { return data_.size(); }
  size_t remaining() const { return data_.size() - offset_; }
  bool at_end() const { return offset_ == data_.size(); }
  const std::string& structure() const { return structure_; }

  // Fixed-width integers; the protocol is little-endian except where a name says _be.
  uint8_t u8(std::string_view field);
  uint16_t u16(std::string_view field);
  uint16_t u16_be(std::string_view field);
  uint32_t u32(std::string_view field);
  uint64_t u64(std::string_view field);
  int16_t i16(std::string_view field) { return static_cast<int16_t>(u16(field)); }
  int32_t i32(std::string_view field) { return static_cast<int32_t>(u32(field)); }
  int64_t i64(std::string_view field) { return static_cast<int64_t>(u64(field)); }
  // An unsigned little-endian integer of 1 to 8 bytes (DATE's 3 bytes, TIME's 3 to 5).
  uint64_t uint_n(size_t width, std::string_view field);

  std::span<const uint8_t> bytes(size_t count, std::string_view field);
  void skip(size_t count, std::string_view field) { bytes(count, field); }

  // UTF-16LE text of `byte_count` bytes, as UTF-8; B_VARCHAR and US_VARCHAR carry their length in
  // characters (UTF-16 code units) in a BYTE or a USHORT before the text.
  std::string utf16(size_t byte_count, std::string_view field);
  std::string b_varchar(std::string_view field);
  std::string us_varchar(std::string_view field);

  // A field the message points at with an offset and a length (the tables of LOGIN7 and PRELOGIN), checked
  // against the whole message; the cursor does not move.
  std::span<const uint8_t> at(size_t offset, size_t length, std::string_view field) const;

  // Throws ProtocolError "<structure>: <what> (offset <offset>)".
  [[noreturn]] void fail(std::string_view what) const;
  [[noreturn]] void fail_at(size_t offset, std::string_view what) const;

 private:
  [[noreturn]] void overrun(size_t offset, size_t length, std::string_view field) const;

  std::span<const uint8_t> data_;
  size_t offset_ = 0;
  std::string structure_;
};

}  // namespace tessera::tds
