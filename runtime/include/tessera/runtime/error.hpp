// One error type with a kind (issue 35): every error class of the engine derives from tessera::Error, so a caller
// (the session, the server, the shell) tells what went wrong from the kind rather than from the class or the text.
// A user error carries SQL Server's message number in its text ("Msg 8134: Divide by zero ..."), which the server
// reads (server/serve/src/engine_errors.cpp).
#pragma once

#include <stdexcept>
#include <string>

namespace tessera {

enum class ErrorKind {
  User,      // the statement or its data: bad SQL, a failing row, a missing table, a damaged input file
  Internal,  // an invariant of Tessera broke: a bug, never the user's doing
  Resource,  // memory ran out (host or GPU), or a result would not fit it
  Io,        // a file or device could not be read or written (the database on disk, a spill file)
};

inline const char* error_kind_name(ErrorKind k) {
  switch (k) {
    case ErrorKind::User: return "user";
    case ErrorKind::Internal: return "internal";
    case ErrorKind::Resource: return "resource";
    case ErrorKind::Io: return "I/O";
  }
  return "?";
}

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& text, ErrorKind kind = ErrorKind::User) : std::runtime_error(text), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

// A broken invariant: "internal error: <what>".
inline Error internal_error(const std::string& what) { return Error("internal error: " + what, ErrorKind::Internal); }

}  // namespace tessera
