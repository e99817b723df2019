// PRELOGIN: the first message of a connection. The client lists options (version, whether it wants TLS, the
// instance it looks for, MARS, ...) as a table of (token, big-endian offset, big-endian length) entries ended
// by 0xFF, followed by the option data; the server answers with its own table in a TabularResult message.
//
// The ENCRYPTION option negotiates TLS (decide_encryption). A server with a certificate answers as SQL Server does:
// a client's ENCRYPT_OFF gets ENCRYPT_OFF and only its LOGIN7 is encrypted, ENCRYPT_ON or ENCRYPT_REQ get ENCRYPT_ON
// and the whole connection is, ENCRYPT_NOT_SUP gets ENCRYPT_NOT_SUP and nothing is. A server without one answers
// ENCRYPT_NOT_SUP and refuses the clients that require encryption. The TLS handshake that follows travels inside
// PRELOGIN packets (the server's TlsSession, server/serve).
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
  bool encryption_given = false;            // the ENCRYPTION option was there
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

// What TLS covers once PRELOGIN is answered.
enum class TlsScope {
  None,        // nothing: the connection stays in clear
  LoginOnly,   // the handshake, then LOGIN7 alone through TLS; from the login's answer on, clear again
  Everything,  // the handshake, then every byte both ways through TLS
};

// What the server answers and whether it can go on.
struct EncryptionDecision {
  Encryption answer = Encryption::NotSupported;
  TlsScope scope = TlsScope::None;
  bool refuse = false;  // send the answer (the client then closes) and close
  std::string reason;   // for the log when refusing
};
// `server_has_certificate`: the server was given a certificate and key (it can do TLS). A client that offers a
// certificate of its own (ENCRYPT_CLIENT_CERT) is refused either way: certificate logins are not supported. A
// PRELOGIN without an ENCRYPTION option is answered ENCRYPT_NOT_SUP (the client knows nothing of TLS).
EncryptionDecision decide_encryption(const Prelogin& client, bool server_has_certificate);

struct PreloginResponse {
  ProductVersion version;
  Encryption encryption = Encryption::NotSupported;
};

// The server's PRELOGIN payload: VERSION, ENCRYPTION, INSTOPT (0: the instance matches), THREADID (empty),
// MARS (0: off), in that order. Send it as a TabularResult message.
Buffer write_prelogin_response(const PreloginResponse& response);

}  // namespace tessera::tds
