// The TDS versions Tessera speaks and what each one changes on the wire. A client names the newest version it
// knows in LOGIN7; the server answers with that version, at most 7.4, and every encoder afterwards takes the
// negotiated version (row counts, line numbers and UserType widen in 7.2; DATE/TIME/DATETIME2/DATETIMEOFFSET
// appear in 7.3; NBCROW in 7.3.B). Debian's FreeTDS and pymssql often ask for 7.1 to 7.3.
#pragma once

#include <cstdint>
#include <string_view>

namespace tessera::tds {

// The values are those of LOGIN7's TDSVersion read little-endian (and LOGINACK's, written big-endian).
enum class TdsVersion : uint32_t {
  V7_1 = 0x71000001,   // SQL Server 2000 SP1
  V7_2 = 0x72090002,   // SQL Server 2005
  V7_3A = 0x730A0003,  // SQL Server 2008
  V7_3B = 0x730B0003,  // SQL Server 2008 R2
  V7_4 = 0x74000004,   // SQL Server 2012 and later
};

// The version to answer a client that asked for `client_version`: the newest one not above it.
// ProtocolError for 7.0 and older, and for TDS 8.0 (which starts with TLS, unsupported).
TdsVersion negotiate_version(uint32_t client_version);

std::string_view version_name(TdsVersion v);  // "7.4", "7.3.B", ...

// ALL_HEADERS before SQL batches and RPCs, PLP (the (MAX) types), 64-bit DONE row counts, 32-bit line
// numbers and UserType.
constexpr bool is_7_2_or_later(TdsVersion v) { return v >= TdsVersion::V7_2; }
// DATE, TIME, DATETIME2, DATETIMEOFFSET; older clients get them as NVARCHAR text.
constexpr bool has_date_time_types(TdsVersion v) { return v >= TdsVersion::V7_3A; }
constexpr bool has_nbcrow(TdsVersion v) { return v >= TdsVersion::V7_3B; }

}  // namespace tessera::tds
