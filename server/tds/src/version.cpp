#include "tessera/tds/version.hpp"

#include <cstdio>
#include <string>

#include "tessera/tds/protocol_error.hpp"

namespace tessera::tds {

TdsVersion negotiate_version(uint32_t client_version) {
  // Newest first: a client may name a version newer than 7.4 (it then gets 7.4) or a revision between
  // two known ones (it gets the older, which it also speaks).
  for (TdsVersion v : {TdsVersion::V7_4, TdsVersion::V7_3B, TdsVersion::V7_3A, TdsVersion::V7_2})
    if (client_version >= static_cast<uint32_t>(v)) return v;
  if (client_version >= 0x71000000) return TdsVersion::V7_1;  // 7.1 revision 0 differs in nothing we send
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%08X", client_version);
  const std::string which = client_version == 0x08000000 ? "TDS 8.0 (TLS first)" : std::string("TDS version ") + hex;
  throw ProtocolError("LOGIN7: " + which + " is not supported; Tessera speaks TDS 7.1 to 7.4");
}

std::string_view version_name(TdsVersion v) {
  switch (v) {
    case TdsVersion::V7_1: return "7.1";
    case TdsVersion::V7_2: return "7.2";
    case TdsVersion::V7_3A: return "7.3.A";
    case TdsVersion::V7_3B: return "7.3.B";
    case TdsVersion::V7_4: return "7.4";
  }
  return "?";
}

}  // namespace tessera::tds
