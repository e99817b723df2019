// One error type with a kind (issue 35): every error class of the engine derives from tessera::Error, so a caller
// (the session, the server, the shell) tells what went wrong from the kind rather than from the class or the text.
// A user error carries SQL Server's message number in its text ("Msg 8134: Divide by zero ..."); Error reads it once
// into msg_number(), which the server sends (server/serve/src/engine_errors.cpp).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

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

// SQL Server's message number in a message's text: N of the first "Msg N: " (N > 0), which may follow where it
// happened ("3:14: Msg 207: ...", "CAST: row 0: Msg 245: ..."); `text_at` is where the message after it starts.
// {0, 0} where the text has none.
struct MsgNumber {
  int number = 0;
  size_t text_at = 0;
};

inline MsgNumber find_msg_number(std::string_view text) {
  for (size_t at = text.find("Msg "); at != std::string_view::npos; at = text.find("Msg ", at + 1)) {
    size_t end = at + 4;
    long long n = 0;
    while (end < text.size() && end - at < 4 + 9 && text[end] >= '0' && text[end] <= '9') n = n * 10 + (text[end++] - '0');
    if (end > at + 4 && n > 0 && text.substr(end, 2) == ": ") return {static_cast<int>(n), end + 2};
  }
  return {};
}

class Error : public std::runtime_error {
 public:
  // The message number is read from the text here, once, rather than passed by each throw site: SQL Server's
  // messages are written as text with their number by many sites (the row functions' statuses, the executor, the
  // binder, the session, the server), often after a position; the text is the one place the number already stands,
  // so the field cannot disagree with it. Copies (Database::execute's rethrow) keep it as they keep the kind.
  explicit Error(const std::string& text, ErrorKind kind = ErrorKind::User)
      : std::runtime_error(text), kind_(kind), msg_(find_msg_number(text)) {}
  ErrorKind kind() const { return kind_; }
  // SQL Server's message number (8134: divide by zero, 245: a conversion failed, ...); 0: the text has none.
  int msg_number() const { return msg_.number; }
  // SQL Server's message: the text after "Msg N: " (where it happened left out); the whole text where there is no
  // number.
  std::string_view msg_text() const { return std::string_view(what()).substr(msg_.text_at); }

 private:
  ErrorKind kind_;
  MsgNumber msg_;
};

// A broken invariant: "internal error: <what>".
inline Error internal_error(const std::string& what) { return Error("internal error: " + what, ErrorKind::Internal); }

}  // namespace tessera
