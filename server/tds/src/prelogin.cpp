#include "tessera/tds/prelogin.hpp"

#include <string>

#include "tessera/tds/byte_reader.hpp"
#include "tessera/tds/protocol_error.hpp"

namespace tessera::tds {

namespace {

std::string option_name(uint8_t token) {
  switch (static_cast<PreloginOption>(token)) {
    case PreloginOption::Version: return "VERSION";
    case PreloginOption::Encryption: return "ENCRYPTION";
    case PreloginOption::InstanceName: return "INSTOPT";
    case PreloginOption::ThreadId: return "THREADID";
    case PreloginOption::Mars: return "MARS";
    case PreloginOption::TraceId: return "TRACEID";
    case PreloginOption::FedAuthRequired: return "FEDAUTHREQUIRED";
    case PreloginOption::Nonce: return "NONCEOPT";
    case PreloginOption::Terminator: return "terminator";
  }
  return "option " + std::to_string(token);
}

void expect_size(const ByteReader& r, size_t offset, std::span<const uint8_t> data, size_t size,
                 const std::string& name) {
  if (data.size() != size)
    r.fail_at(offset, name + " option has " + std::to_string(data.size()) + " bytes, " + std::to_string(size) +
                          " expected");
}

void expect_at_least(const ByteReader& r, size_t offset, std::span<const uint8_t> data, size_t size,
                     const std::string& name) {
  if (data.size() < size)
    r.fail_at(offset, name + " option has " + std::to_string(data.size()) + " bytes, at least " +
                          std::to_string(size) + " expected");
}

}  // namespace

Prelogin parse_prelogin(std::span<const uint8_t> payload) {
  ByteReader r(payload, "PRELOGIN");
  Prelogin p;
  for (;;) {
    const size_t entry_at = r.offset();
    const uint8_t token = r.u8("option token");
    if (token == static_cast<uint8_t>(PreloginOption::Terminator)) break;
    const std::string name = option_name(token);
    const uint16_t offset = r.u16_be(name + " offset");
    const uint16_t length = r.u16_be(name + " length");
    const std::span<const uint8_t> data = r.at(offset, length, name + " option data");
    switch (static_cast<PreloginOption>(token)) {
      case PreloginOption::Version: {
        expect_at_least(r, entry_at, data, 6, name);
        p.version = ProductVersion{data[0], data[1], static_cast<uint16_t>((data[2] << 8) | data[3]),
                                   static_cast<uint16_t>(data[4] | (data[5] << 8))};
        break;
      }
      case PreloginOption::Encryption: {
        expect_size(r, entry_at, data, 1, name);
        const uint8_t value = data[0] & 0x7F;  // 0x80: the client also offers a certificate
        if (value > static_cast<uint8_t>(Encryption::Required))
          r.fail_at(entry_at, "ENCRYPTION value " + std::to_string(data[0]) + " is unknown");
        p.encryption = static_cast<Encryption>(value);
        p.encryption_given = true;
        p.client_certificate = (data[0] & 0x80) != 0;
        break;
      }
      case PreloginOption::InstanceName: {
        // A NUL-terminated name in the client's code page; empty means the default instance.
        size_t end = 0;
        while (end < data.size() && data[end] != 0) ++end;
        p.instance.assign(data.begin(), data.begin() + end);
        break;
      }
      case PreloginOption::ThreadId:
        if (!data.empty()) {
          expect_size(r, entry_at, data, 4, name);
          p.thread_id = static_cast<uint32_t>(data[0] | (data[1] << 8) | (data[2] << 16) | (uint32_t{data[3]} << 24));
        }
        break;
      case PreloginOption::Mars:
        expect_size(r, entry_at, data, 1, name);
        if (data[0] > 1) r.fail_at(entry_at, "MARS value " + std::to_string(data[0]) + " is unknown");
        p.mars = data[0] == 1;
        break;
      case PreloginOption::TraceId:
        expect_size(r, entry_at, data, 36, name);
        p.trace_id.assign(data.begin(), data.end());
        break;
      case PreloginOption::FedAuthRequired:
        expect_size(r, entry_at, data, 1, name);
        p.fed_auth_required = data[0] != 0;
        break;
      case PreloginOption::Nonce:
        expect_size(r, entry_at, data, 32, name);
        p.nonce.assign(data.begin(), data.end());
        break;
      default:
        r.fail_at(entry_at, "unknown option token " + std::to_string(token));
    }
  }
  return p;
}

EncryptionDecision decide_encryption(const Prelogin& client, bool server_has_certificate) {
  EncryptionDecision d;
  const bool requires_tls = client.encryption == Encryption::On || client.encryption == Encryption::Required;
  if (client.client_certificate) {
    d.answer = server_has_certificate ? Encryption::On : Encryption::NotSupported;
    d.refuse = true;
    d.reason = "the client offers a certificate to log in with (ENCRYPT_CLIENT_CERT), which Tessera does not support";
    return d;
  }
  if (!server_has_certificate) {
    d.answer = Encryption::NotSupported;
    if (requires_tls) {
      d.refuse = true;
      d.reason = "the client requires an encrypted (TLS) connection, but the server has no certificate: start "
                 "tessera serve with --tls-cert FILE --tls-key FILE, or connect with encryption off "
                 "(FreeTDS: encryption = off; ODBC: Encrypt=no; tedious: encrypt: false)";
    }
    return d;
  }
  if (requires_tls) {
    d.answer = Encryption::On;
    d.scope = TlsScope::Everything;
  } else if (client.encryption == Encryption::Off && client.encryption_given) {
    d.answer = Encryption::Off;  // as SQL Server without forced encryption: the login (its password) encrypted only
    d.scope = TlsScope::LoginOnly;
  } else {
    d.answer = Encryption::NotSupported;
  }
  return d;
}

Buffer write_prelogin_response(const PreloginResponse& response) {
  // Five 5-byte entries and the terminator, then the data in table order.
  constexpr uint16_t kTableSize = 5 * 5 + 1;
  struct Entry {
    PreloginOption token;
    uint16_t length;
  };
  const Entry entries[] = {{PreloginOption::Version, 6},
                           {PreloginOption::Encryption, 1},
                           {PreloginOption::InstanceName, 1},
                           {PreloginOption::ThreadId, 0},
                           {PreloginOption::Mars, 1}};
  Buffer out;
  uint16_t offset = kTableSize;
  for (const Entry& e : entries) {
    put_u8(out, static_cast<uint8_t>(e.token));
    put_u16_be(out, offset);
    put_u16_be(out, e.length);
    offset = static_cast<uint16_t>(offset + e.length);
  }
  put_u8(out, static_cast<uint8_t>(PreloginOption::Terminator));
  put_u8(out, response.version.major);
  put_u8(out, response.version.minor);
  put_u16_be(out, response.version.build);
  put_u16(out, response.version.sub_build);
  put_u8(out, static_cast<uint8_t>(response.encryption));
  put_u8(out, 0);  // INSTOPT: the instance the client named is this one
  put_u8(out, 0);  // MARS off
  return out;
}

}  // namespace tessera::tds
