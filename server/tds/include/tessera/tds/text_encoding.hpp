// The three text encodings on the wire: UTF-16LE (every name, NVARCHAR/NCHAR, the SQL batch), Windows-1252
// (VARCHAR/CHAR under SQL_Latin1_General_CP1_CI_AS, the collation Tessera announces) and UTF-8 (Tessera's own
// strings). Client text is checked strictly (ProtocolError); Tessera's own text never fails to encode: an
// invalid UTF-8 byte becomes U+FFFD, and a character Windows-1252 lacks becomes '?', as SQL Server does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::tds {

// ProtocolError on an odd byte count or an unpaired surrogate, naming the byte offset within `utf16le`.
std::string utf16le_to_utf8(std::span<const uint8_t> utf16le);

// Appends `utf8` as UTF-16LE, at most `max_units` code units (cut before a character that would not fit
// whole); returns the number of code units written.
size_t append_utf16le(std::vector<uint8_t>& out, std::string_view utf8,
                      size_t max_units = std::numeric_limits<size_t>::max());
std::vector<uint8_t> utf8_to_utf16le(std::string_view utf8);
// How many UTF-16 code units `utf8` becomes (a character above U+FFFF takes two).
size_t utf16_length(std::string_view utf8);

std::string utf8_to_windows1252(std::string_view utf8);
// Every byte maps to a character (0x81, 0x8D, 0x8F, 0x90, 0x9D to the C1 controls of the same value, as
// Windows does), so this never fails.
std::string windows1252_to_utf8(std::span<const uint8_t> bytes);

}  // namespace tessera::tds
