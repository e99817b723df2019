// TLS for the server's tests, from the client's side: a self-signed certificate made with `openssl req` at test time
// (no key is kept in the repository), and a client's TLS over memory BIOs that wraps its handshake records in TDS
// PRELOGIN packets as FreeTDS and tedious do and reads the server's from the PRELOGIN packets it answers with.
#pragma once

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>

#include "temp_dir.hpp"
#include "tessera/tds/packet.hpp"

namespace tessera::server::test {

// A certificate for CN=localhost and its key, in a directory of their own.
class TestCertificate {
 public:
  explicit TestCertificate(const std::string& key_type = "ec -pkeyopt ec_paramgen_curve:prime256v1") {
    certificate_ = dir_.path() + "/server.crt";
    key_ = dir_.path() + "/server.key";
    const std::string command = "openssl req -x509 -newkey " + key_type + " -nodes -days 2 -subj /CN=localhost -keyout '" +
                                key_ + "' -out '" + certificate_ + "' >/dev/null 2>&1";
    if (std::system(command.c_str()) != 0)
      throw std::runtime_error("openssl req failed (Debian: openssl): " + command);
  }
  const std::string& certificate() const { return certificate_; }
  const std::string& key() const { return key_; }
  const std::string& dir() const { return dir_.path(); }

 private:
  TempDir dir_;
  std::string certificate_;
  std::string key_;
};

class TlsTestClient {
 public:
  // Versions: TLS1_2_VERSION or TLS1_3_VERSION. The server's certificate is not verified (self-signed).
  explicit TlsTestClient(int max_version = TLS1_3_VERSION, int min_version = TLS1_2_VERSION) {
    ctx_ = SSL_CTX_new(TLS_client_method());
    SSL_CTX_set_min_proto_version(ctx_, min_version);
    SSL_CTX_set_max_proto_version(ctx_, max_version);
    SSL_CTX_set_verify(ctx_, SSL_VERIFY_NONE, nullptr);
    ssl_ = SSL_new(ctx_);
    in_ = BIO_new(BIO_s_mem());
    out_ = BIO_new(BIO_s_mem());
    BIO_set_mem_eof_return(in_, -1);
    SSL_set_bio(ssl_, in_, out_);
    SSL_set_connect_state(ssl_);
  }
  ~TlsTestClient() {
    SSL_free(ssl_);
    SSL_CTX_free(ctx_);
  }
  TlsTestClient(const TlsTestClient&) = delete;
  TlsTestClient& operator=(const TlsTestClient&) = delete;

  // The first flight (ClientHello) as PRELOGIN packets.
  tds::Buffer start() { return step({}); }
  // The payload of a PRELOGIN message from the server in; the next flight out as PRELOGIN packets (maybe none).
  tds::Buffer step(std::span<const uint8_t> server_records) {
    feed(server_records);
    const int r = SSL_do_handshake(ssl_);
    if (r == 1) established_ = true;
    else if (SSL_get_error(ssl_, r) != SSL_ERROR_WANT_READ) throw std::runtime_error("client handshake failed");
    const tds::Buffer records = take_output();
    if (records.empty()) return {};
    return tds::write_message(tds::PacketType::Prelogin, records, 4096);
  }
  bool established() const { return established_; }
  std::string version() const { return SSL_get_version(ssl_); }

  tds::Buffer encrypt(std::span<const uint8_t> plaintext) {
    if (!plaintext.empty() && SSL_write(ssl_, plaintext.data(), static_cast<int>(plaintext.size())) <= 0)
      throw std::runtime_error("client SSL_write failed");
    return take_output();
  }
  tds::Buffer decrypt(std::span<const uint8_t> records) {
    feed(records);
    tds::Buffer out;
    uint8_t chunk[16384];
    int n;
    while ((n = SSL_read(ssl_, chunk, sizeof chunk)) > 0) out.insert(out.end(), chunk, chunk + n);
    if (SSL_get_error(ssl_, n) != SSL_ERROR_WANT_READ) throw std::runtime_error("client SSL_read failed");
    return out;
  }

 private:
  void feed(std::span<const uint8_t> bytes) {
    if (!bytes.empty()) BIO_write(in_, bytes.data(), static_cast<int>(bytes.size()));
  }
  tds::Buffer take_output() {
    tds::Buffer out;
    uint8_t chunk[16384];
    int n;
    while (BIO_ctrl_pending(out_) > 0 && (n = BIO_read(out_, chunk, sizeof chunk)) > 0) out.insert(out.end(), chunk, chunk + n);
    return out;
  }

  SSL_CTX* ctx_ = nullptr;
  SSL* ssl_ = nullptr;
  BIO* in_ = nullptr;
  BIO* out_ = nullptr;
  bool established_ = false;
};

}  // namespace tessera::server::test
