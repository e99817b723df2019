// PRELOGIN: the first message of a connection. The client lists options (version, whether it wants TLS, the
// instance it looks for, MARS, ...) as a table of (token, big-endian offset, big-endian length) entries ended
// by 0xFF, followed by the option data; the server answers with its own table in a TabularResult message.
//
// Tessera does not do TLS yet: it answers ENCRYPT_NOT_SUP, which a client that asked for ENCRYPT_OFF or
// ENCRYPT_NOT_SUP accepts (its LOGIN7 then travels in clear, password included); a client that requires
// encryption cannot be served, and decide_encryption() says so.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tessera/tds/byte_writer.hpp"

namespace tessera::tds {

enum class PreloginOption : uint8_t {
  Version = 0,
  Encryption = 1,
  InstanceName = 2,  // INSTOPT
  ThreadId = 3,
  Mars = 4,
  TraceId = 5,
  FedAuthRequired = 6,
  Nonce = 7,
  Terminator = 0xFF,
};

enum class Encryption : uint8_t {
  Off = 0,           // encrypt the login packet only
  On = 1,            // encrypt everything
  NotSupported = 2,  // no TLS at all
  Required = 3,      // the server's answer when it insists; a client sending it insists too
};

// The sender's product version (UL_VERSION big-endian as major, minor, build; then US_SUBBUILD).
struct ProductVersion {
  uint8_t major = 0;
  uint8_t minor = 0;
  uint16_t build = 0;
  uint16_t sub_build = 0;
};

struct Prelogin {
  std::optional<ProductVersion> version;
  Encryption encryption = Encryption::Off;  // absent means the client did not ask for TLS
  bool client_certificate = false;          // ENCRYPT_CLIENT_CERT (0x80) was set with the encryption value
  std::string instance;                     // INSTOPT without its terminating NUL
  std::optional<uint32_t> thread_id;
  bool mars = false;
  std::vector<uint8_t> trace_id;  // 36 bytes when present: connection id, activity id, sequence
  bool fed_auth_required = false;
  std::vector<uint8_t> nonce;     // 32 bytes when present
};

// ProtocolError for an option table that runs past the payload, an option whose data does, a missing
// terminator, an unknown option token or a value of the wrong size.
Prelogin parse_prelogin(std::span<const uint8_t> payload);

// What the server answers and whether it can go on.
struct EncryptionDecision {
  Encryption answer = Encryption::NotSupported;
  bool refuse = false;  // the client requires TLS: send the answer (the client then closes) and close
  std::string reason;   // for the log when refusing
};
EncryptionDecision decide_encryption(const Prelogin& client);

struct PreloginResponse {
  ProductVersion version;
  Encryption encryption = Encryption::NotSupported;
};

// The server's PRELOGIN payload: VERSION, ENCRYPTION, INSTOPT (0: the instance matches), THREADID (empty),
// MARS (0: off), in that order. Send it as a TabularResult message.
Buffer write_prelogin_response(const PreloginResponse& response);

}  // namespace tessera::tds
