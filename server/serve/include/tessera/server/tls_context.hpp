// The server's TLS certificate and private key (`tessera serve --tls-cert FILE --tls-key FILE`), loaded once and
// shared by every connection's TlsSession (tls_session.hpp). OpenSSL stays out of this header.
//
// TLS 1.2, as SQL Server offers it to TDS 7.x clients (FreeTDS over GnuTLS breaks a TLS 1.3 handshake wrapped in
// PRELOGIN packets), with OpenSSL's default cipher suites for it (ECDHE, AEAD first); no renegotiation, no session
// tickets or session cache (TDS clients make one handshake per connection).
#pragma once

#include <memory>
#include <string>

struct ssl_ctx_st;  // OpenSSL's SSL_CTX

namespace tessera::server {

class TlsContext {
 public:
  // PEM files: the certificate (the server's first, then any intermediates) and its private key. std::runtime_error
  // naming the file and OpenSSL's reason when one cannot be read, is not PEM, or the key is not the certificate's.
  static std::shared_ptr<const TlsContext> from_files(const std::string& certificate_path, const std::string& key_path);
  ~TlsContext();
  TlsContext(const TlsContext&) = delete;
  TlsContext& operator=(const TlsContext&) = delete;

  ssl_ctx_st* native() const { return ctx_; }
  // For the log: "subject CN=localhost, valid until Jan  5 12:00:00 2027 GMT".
  const std::string& description() const { return description_; }

 private:
  TlsContext() = default;
  ssl_ctx_st* ctx_ = nullptr;
  std::string description_;
};

// OpenSSL's queued errors as one line ("error:...:PEM routines::no start line"), and the queue cleared.
std::string openssl_errors();

}  // namespace tessera::server
