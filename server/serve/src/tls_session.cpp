#include "tessera/server/tls_session.hpp"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <climits>

#include "tessera/tds/packet.hpp"

namespace tessera::server {

namespace {

void feed_bio(BIO* bio, std::span<const uint8_t> bytes) {
  while (!bytes.empty()) {
    const int chunk = static_cast<int>(std::min<size_t>(bytes.size(), INT_MAX));
    const int n = BIO_write(bio, bytes.data(), chunk);  // a memory BIO takes everything
    if (n <= 0) throw TlsError("TLS: cannot buffer the client's bytes: " + openssl_errors());
    bytes = bytes.subspan(static_cast<size_t>(n));
  }
}

}  // namespace

TlsSession::TlsSession(std::shared_ptr<const TlsContext> context) : context_(std::move(context)) {
  ERR_clear_error();
  ssl_ = SSL_new(context_->native());
  in_ = BIO_new(BIO_s_mem());
  out_ = BIO_new(BIO_s_mem());
  if (!ssl_ || !in_ || !out_) {
    BIO_free(in_);
    BIO_free(out_);
    SSL_free(ssl_);
    throw std::runtime_error("TLS: cannot start a session: " + openssl_errors());
  }
  BIO_set_mem_eof_return(in_, -1);  // an empty input BIO means "more to come", not end of stream
  SSL_set_bio(ssl_, in_, out_);     // ssl_ owns both from here
  SSL_set_accept_state(ssl_);
}

TlsSession::~TlsSession() { SSL_free(ssl_); }

void TlsSession::take_output(tds::Buffer& out) {
  while (BIO_ctrl_pending(out_) > 0) {
    uint8_t chunk[16384];
    const int n = BIO_read(out_, chunk, sizeof chunk);
    if (n <= 0) break;
    out.insert(out.end(), chunk, chunk + n);
  }
}

tds::Buffer TlsSession::handshake(std::span<const uint8_t> bytes, size_t packet_size) {
  if (established_) throw std::logic_error("TlsSession::handshake after the handshake");
  tds::Buffer records;  // the server's handshake records, to be wrapped in PRELOGIN packets
  while (!bytes.empty() && !established_) {
    // One packet at a time: its header says how long it is.
    if (packet_.size() < tds::kPacketHeaderSize) {
      const size_t n = std::min(tds::kPacketHeaderSize - packet_.size(), bytes.size());
      packet_.insert(packet_.end(), bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
      bytes = bytes.subspan(n);
      if (packet_.size() < tds::kPacketHeaderSize) break;
      const tds::PacketHeader h = tds::read_packet_header(packet_);
      if (h.type != tds::PacketType::Prelogin)
        throw TlsError("TLS handshake: expected a PRELOGIN packet carrying TLS records, got a packet of type " +
                       std::to_string(static_cast<int>(h.type)) +
                       (h.type == tds::PacketType::Login7 ? " (LOGIN7 in clear after the server asked for TLS)" : ""));
      if (h.length < tds::kPacketHeaderSize || h.length > tds::kMaxPacketSize)
        throw TlsError("TLS handshake: a PRELOGIN packet of length " + std::to_string(h.length));
    }
    const size_t length = (size_t{packet_[2]} << 8) | packet_[3];
    const size_t n = std::min(length - packet_.size(), bytes.size());
    packet_.insert(packet_.end(), bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
    bytes = bytes.subspan(n);
    if (packet_.size() < length) break;
    feed_bio(in_, std::span<const uint8_t>(packet_).subspan(tds::kPacketHeaderSize));
    packet_.clear();
    step(records);  // the last flight (TLS 1.2's ChangeCipherSpec and Finished) is still wrapped
  }
  if (established_ && !bytes.empty()) feed_bio(in_, bytes);  // bare records already: kept for decrypt()
  if (records.empty()) return {};
  return tds::write_message(tds::PacketType::Prelogin, records, packet_size);
}

void TlsSession::step(tds::Buffer& records) {
  ERR_clear_error();
  const int r = SSL_do_handshake(ssl_);
  take_output(records);
  if (r == 1) {
    established_ = true;
    return;
  }
  const int e = SSL_get_error(ssl_, r);
  if (e != SSL_ERROR_WANT_READ)
    throw TlsError("TLS handshake failed: " + (e == SSL_ERROR_SSL ? openssl_errors() : "error " + std::to_string(e)));
}

bool TlsSession::decrypt(std::span<const uint8_t> records, tds::Buffer& plaintext) {
  if (!established_) throw std::logic_error("TlsSession::decrypt before the handshake");
  feed_bio(in_, records);
  while (true) {
    uint8_t chunk[16384];
    ERR_clear_error();
    const int n = SSL_read(ssl_, chunk, sizeof chunk);
    if (n > 0) {
      plaintext.insert(plaintext.end(), chunk, chunk + n);
      continue;
    }
    const int e = SSL_get_error(ssl_, n);
    if (e == SSL_ERROR_WANT_READ) return true;
    if (e == SSL_ERROR_ZERO_RETURN) return false;
    throw TlsError("TLS: a bad record from the client: " +
                   (e == SSL_ERROR_SSL ? openssl_errors() : "error " + std::to_string(e)));
  }
}

tds::Buffer TlsSession::encrypt(std::span<const uint8_t> plaintext) {
  if (!established_) throw std::logic_error("TlsSession::encrypt before the handshake");
  tds::Buffer out;
  while (!plaintext.empty()) {
    const int chunk = static_cast<int>(std::min<size_t>(plaintext.size(), 1 << 20));
    ERR_clear_error();
    const int n = SSL_write(ssl_, plaintext.data(), chunk);
    if (n <= 0) throw TlsError("TLS: cannot encrypt: " + openssl_errors());
    plaintext = plaintext.subspan(static_cast<size_t>(n));
    take_output(out);
  }
  take_output(out);
  return out;
}

std::string TlsSession::description() const {
  const char* cipher = SSL_get_cipher_name(ssl_);
  return std::string(SSL_get_version(ssl_)) + ", " + (cipher ? cipher : "no cipher");
}

}  // namespace tessera::server
