#include "tessera/tds/login7.hpp"

#include <algorithm>

#include "tessera/tds/byte_reader.hpp"
#include "tessera/tds/packet.hpp"
#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/text_encoding.hpp"
#include "tessera/tds/version.hpp"

namespace tessera::tds {

namespace {

// The fixed part before the first variable field: 36 bytes of header, then the offset/length table, which
// 7.2 lengthened by ChangePassword and cbSSPILong.
constexpr size_t kFixedPart71 = 86;
constexpr size_t kFixedPart72 = 94;

struct FieldRef {
  uint16_t offset;
  uint16_t length;  // characters for text, bytes for SSPI
};

std::string read_text(const ByteReader& r, FieldRef f, const char* name, bool scrambled = false) {
  const std::string field = std::string(name) + " field";
  std::span<const uint8_t> raw = r.at(f.offset, size_t{f.length} * 2, field);
  std::vector<uint8_t> plain;
  if (scrambled) {
    plain.reserve(raw.size());
    for (uint8_t b : raw) plain.push_back(unscramble_password_byte(b));
    raw = plain;
  }
  try {
    return utf16le_to_utf8(raw);
  } catch (const ProtocolError& e) {
    r.fail_at(f.offset, field + ": " + e.what());
  }
}

}  // namespace

uint8_t scramble_password_byte(uint8_t b) { return static_cast<uint8_t>(((b << 4) | (b >> 4)) ^ 0xA5); }

uint8_t unscramble_password_byte(uint8_t b) {
  const uint8_t x = b ^ 0xA5;
  return static_cast<uint8_t>((x << 4) | (x >> 4));
}

uint32_t negotiate_packet_size(uint32_t requested) {
  if (requested == 0) return kDefaultPacketSize;
  return std::clamp(requested, kMinPacketSize, kMaxPacketSize);
}

Login7 parse_login7(std::span<const uint8_t> payload) {
  ByteReader r(payload, "LOGIN7");
  Login7 l;
  l.length = r.u32("Length");
  l.tds_version = r.u32("TDSVersion");
  const size_t fixed = l.tds_version >= static_cast<uint32_t>(TdsVersion::V7_2) ? kFixedPart72 : kFixedPart71;
  if (payload.size() < fixed)
    r.fail_at(0, "the message has " + std::to_string(payload.size()) + " bytes, fewer than the " +
                     std::to_string(fixed) + "-byte fixed part");
  if (l.length > payload.size() || l.length < fixed)
    r.fail_at(0, "Length " + std::to_string(l.length) + " does not fit the " + std::to_string(payload.size()) +
                     "-byte message");
  l.packet_size = r.u32("PacketSize");
  l.client_program_version = r.u32("ClientProgVer");
  l.client_pid = r.u32("ClientPID");
  l.connection_id = r.u32("ConnectionID");
  l.option_flags1 = r.u8("OptionFlags1");
  l.option_flags2 = r.u8("OptionFlags2");
  l.type_flags = r.u8("TypeFlags");
  l.option_flags3 = r.u8("OptionFlags3");
  l.client_time_zone = r.i32("ClientTimeZone");
  l.client_lcid = r.u32("ClientLCID");

  const auto field = [&](const char* name) { return FieldRef{r.u16(name), r.u16(name)}; };
  const FieldRef host = field("ibHostName");
  const FieldRef user = field("ibUserName");
  const FieldRef password = field("ibPassword");
  const FieldRef app = field("ibAppName");
  const FieldRef server = field("ibServerName");
  const FieldRef extension = field("ibExtension");
  const FieldRef library = field("ibCltIntName");
  const FieldRef language = field("ibLanguage");
  const FieldRef database = field("ibDatabase");
  const std::span<const uint8_t> client_id = r.bytes(6, "ClientID");
  const FieldRef sspi = field("ibSSPI");
  const FieldRef attach = field("ibAtchDBFile");
  FieldRef change_password{0, 0};
  uint32_t sspi_long = 0;
  if (fixed == kFixedPart72) {
    change_password = field("ibChangePassword");
    sspi_long = r.u32("cbSSPILong");
  }

  // Only the bounds of what fExtension points at: the FeatureExt block itself is not needed.
  if (l.has_feature_extension()) r.at(extension.offset, extension.length, "Extension field");

  l.host_name = read_text(r, host, "HostName");
  l.user_name = read_text(r, user, "UserName");
  l.password = read_text(r, password, "Password", true);
  l.app_name = read_text(r, app, "AppName");
  l.server_name = read_text(r, server, "ServerName");
  l.library_name = read_text(r, library, "CltIntName");
  l.language = read_text(r, language, "Language");
  l.database = read_text(r, database, "Database");
  std::copy(client_id.begin(), client_id.end(), l.client_id.begin());
  // A blob over 65534 bytes says 0xFFFF here and its length in cbSSPILong.
  const size_t sspi_length = sspi.length == 0xFFFF && sspi_long != 0 ? sspi_long : sspi.length;
  const std::span<const uint8_t> sspi_bytes = r.at(sspi.offset, sspi_length, "SSPI field");
  l.sspi.assign(sspi_bytes.begin(), sspi_bytes.end());
  l.attach_db_file = read_text(r, attach, "AtchDBFile");
  l.change_password = read_text(r, change_password, "ChangePassword", true);
  return l;
}

}  // namespace tessera::tds
