// LOGIN7: the client's login. A fixed part (lengths, TDS version, packet size, flags, time zone, LCID) is
// followed by a table of (offset, length) pairs pointing at the variable fields: UTF-16LE strings (lengths in
// characters) and the SSPI blob (length in bytes). The password is scrambled, not encrypted: without TLS it
// crosses the network readable by anyone on the path.
//
// Every offset and length is checked against the message before a byte is read: a hostile LOGIN7 gets
// ProtocolError("LOGIN7: UserName field (offset 94, length 20) runs past the end of the 100-byte message").
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tessera::tds {

namespace login_flags {
// OptionFlags1
inline constexpr uint8_t kByteOrderBigEndian = 0x01;  // fByteOrder: 68000 byte order (never seen; refuse)
inline constexpr uint8_t kCharEbcdic = 0x02;          // fChar
inline constexpr uint8_t kFloatMask = 0x0C;           // fFloat: 0 = IEEE 754
inline constexpr uint8_t kUseDbWarning = 0x20;        // fUseDB: send ENVCHANGE on USE
inline constexpr uint8_t kInitDbFatal = 0x40;         // fDatabase: a bad initial database fails the login
inline constexpr uint8_t kSetLanguageWarning = 0x80;  // fSetLang
// OptionFlags2
inline constexpr uint8_t kInitLanguageFatal = 0x01;  // fLanguage
inline constexpr uint8_t kOdbc = 0x02;               // fODBC: the client wants ODBC's SET defaults
inline constexpr uint8_t kIntegratedSecurity = 0x80; // fIntSecurity: SSPI login, no user name and password
// TypeFlags
inline constexpr uint8_t kReadOnlyIntent = 0x20;
// OptionFlags3
inline constexpr uint8_t kChangePassword = 0x01;
inline constexpr uint8_t kUserInstance = 0x02;
inline constexpr uint8_t kExtension = 0x10;  // fExtension: ibExtension points at a FeatureExt block
}  // namespace login_flags

struct Login7 {
  uint32_t length = 0;
  uint32_t tds_version = 0;  // what the client asks for; negotiate_version() turns it into the answer
  uint32_t packet_size = 0;  // requested; 0 asks for the server's default
  uint32_t client_program_version = 0;
  uint32_t client_pid = 0;
  uint32_t connection_id = 0;
  uint8_t option_flags1 = 0;
  uint8_t option_flags2 = 0;
  uint8_t type_flags = 0;
  uint8_t option_flags3 = 0;
  int32_t client_time_zone = 0;  // minutes from UTC
  uint32_t client_lcid = 0;

  // UTF-8; the password already descrambled.
  std::string host_name;
  std::string user_name;
  std::string password;
  std::string app_name;
  std::string server_name;
  std::string library_name;  // CltIntName: "ODBC", "DB-Library", "Tedious", ...
  std::string language;
  std::string database;
  std::array<uint8_t, 6> client_id{};  // usually the client's MAC address
  std::vector<uint8_t> sspi;
  std::string attach_db_file;
  std::string change_password;  // 7.2+

  bool integrated_security() const { return (option_flags2 & login_flags::kIntegratedSecurity) != 0; }
  bool read_only_intent() const { return (type_flags & login_flags::kReadOnlyIntent) != 0; }
  bool wants_password_change() const { return (option_flags3 & login_flags::kChangePassword) != 0; }
  bool has_feature_extension() const { return (option_flags3 & login_flags::kExtension) != 0; }
};

// ProtocolError for a message shorter than its fixed part, a Length field above the payload, a field outside
// the message, or text that is not valid UTF-16. Feature extensions are not read (the pointer to them is
// only bounds-checked), so a 7.4 client's extensions never break the parse.
Login7 parse_login7(std::span<const uint8_t> payload);

// The password as it travels: each byte's nibbles swapped, then XOR 0xA5; unscrambling XORs, then swaps.
// Exposed for tests and for building LOGIN7 messages in them.
uint8_t scramble_password_byte(uint8_t b);
uint8_t unscramble_password_byte(uint8_t b);

// The packet size the server grants for a request: the default (4096) for 0, else clamped to 512..32767.
uint32_t negotiate_packet_size(uint32_t requested);

}  // namespace tessera::tds
