// Appends the protocol's primitive fields to a byte buffer: little-endian integers, big-endian where the
// packet header and PRELOGIN want them, and the length-prefixed UTF-16 strings (B_VARCHAR, US_VARCHAR). The
// token writers build on these; the server owns the buffer and sends it as packets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace tessera::tds {

using Buffer = std::vector<uint8_t>;

void put_u8(Buffer& out, uint8_t v);
void put_u16(Buffer& out, uint16_t v);
void put_u16_be(Buffer& out, uint16_t v);
void put_u32(Buffer& out, uint32_t v);
void put_u32_be(Buffer& out, uint32_t v);
void put_u64(Buffer& out, uint64_t v);
// The low `width` bytes of v, little-endian (DATE's 3 bytes, TIME's 3 to 5, a decimal's 4 to 16).
void put_uint_n(Buffer& out, unsigned __int128 v, size_t width);
void put_bytes(Buffer& out, std::span<const uint8_t> bytes);

// UTF-8 text as UTF-16LE with its length in UTF-16 code units before it: a BYTE (B_VARCHAR, names) or a USHORT
// (US_VARCHAR, message text). Text longer than the prefix can count (or than `max_units`) is cut at a
// character boundary: a column name or a message is better shortened than refused.
void put_b_varchar(Buffer& out, std::string_view utf8);
void put_us_varchar(Buffer& out, std::string_view utf8, size_t max_units = 0xFFFF);

// For tokens with a USHORT length of what follows it: reserve the length, write the body, then patch it.
size_t begin_u16_length(Buffer& out);
void end_u16_length(Buffer& out, size_t length_at);  // std::logic_error when the body exceeds 65535 bytes

}  // namespace tessera::tds
