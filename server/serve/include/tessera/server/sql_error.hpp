// An error the server answers a statement with, as SQL Server would: its message number, severity (class) and
// state, and the text. The session writes it as an ERROR token (with the server's name and the statement's line)
// followed by a DONE with the error bit, and stops the batch. The statements the session answers itself (SET,
// logins, parameters, probes) throw it; the engine's errors become one in engine_errors.hpp.
//
// Where SQL Server has no message for what Tessera refuses (a SET option whose other value the engine cannot
// honour, a parameter type it has no column type for), the number is kNotSupported (50000, the number SQL Server
// gives user-raised errors) and the text says what is not supported and what is.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace tessera::server {

inline constexpr int32_t kNotSupported = 50000;

class SqlError : public std::runtime_error {
 public:
  SqlError(int32_t number, uint8_t severity, uint8_t state, const std::string& text)
      : std::runtime_error(text), number_(number), severity_(severity), state_(state) {}

  int32_t number() const { return number_; }
  uint8_t severity() const { return severity_; }
  uint8_t state() const { return state_; }

 private:
  int32_t number_;
  uint8_t severity_;
  uint8_t state_;
};

// Level 16, state 1, Msg 50000: what Tessera does not do.
inline SqlError not_supported(const std::string& text) { return SqlError(kNotSupported, 16, 1, text); }

}  // namespace tessera::server
