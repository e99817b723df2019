#include "tessera/server/engine_errors.hpp"

#include <charconv>
#include <string>

namespace tessera::server {

namespace {

// Reads "<digits>" at `s`; the value, and how many characters it took (0: none).
size_t read_number(std::string_view s, int& value) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() ? static_cast<size_t>(end - s.data()) : 0;
}

// The quoted name in "unknown column 'x'" (the text between the first quote after `prefix` and the last quote).
bool quoted_after(std::string_view text, std::string_view prefix, std::string& name) {
  if (text.rfind(prefix, 0) != 0) return false;
  const size_t last = text.rfind('\'');
  if (last <= prefix.size()) return false;
  name = std::string(text.substr(prefix.size(), last - prefix.size()));
  return true;
}

SqlError error_of(int32_t number, std::string text) {
  const uint8_t state = number == 137 ? 2 : 1;  // SQL Server's state for "Must declare the scalar variable"
  return SqlError(number, severity_of(number), state, text);
}

}  // namespace

uint8_t severity_of(int32_t number) {
  switch (number) {
    case 102: case 103: case 105: case 113: case 137: case 156: case 170: case 319: case 1018:
      return 15;  // syntax
    case 18456: case 18452: case 4060:
      return 14;
    case kInsufficientMemory:
      return 17;
    default:
      return 16;
  }
}

EngineErrorMessage engine_error_message(std::string_view text, ErrorKind kind) {
  return engine_error_message(tessera::Error(std::string(text), kind));
}

EngineErrorMessage engine_error_message(const tessera::Error& e) {
  std::string_view text = e.what();
  const ErrorKind kind = e.kind();
  int line = 0;
  // "line:column: " at the start.
  int column = 0;
  if (const size_t a = read_number(text, line); a > 0 && a < text.size() && text[a] == ':') {
    if (const size_t b = read_number(text.substr(a + 1), column); b > 0 && text.substr(a + 1 + b).rfind(": ", 0) == 0) {
      text = text.substr(a + 1 + b + 2);
    } else {
      line = 0;
    }
  } else {
    line = 0;
  }

  if (e.msg_number() > 0) return {error_of(e.msg_number(), std::string(e.msg_text())), line};

  std::string name;
  if (quoted_after(text, "unknown column '", name)) return {error_of(207, "Invalid column name '" + name + "'."), line};
  if (text.rfind("unknown table function '", 0) == 0) return {error_of(208, std::string(text)), line};
  if (quoted_after(text, "unknown table '", name)) return {error_of(208, "Invalid object name '" + name + "'."), line};
  if (quoted_after(text, "unknown function '", name))
    return {error_of(195, "'" + name + "' is not a recognized built-in function name."), line};
  if (text.rfind("ambiguous column name '", 0) == 0) {
    const size_t close = text.find('\'', 23);
    if (close != std::string_view::npos)
      return {error_of(209, "Ambiguous column name '" + std::string(text.substr(23, close - 23)) + "'."), line};
  }
  // The parser's "expected ..., found 'X'": SQL Server's "Incorrect syntax near", with the engine's detail.
  if (line > 0 && text.find("found '") != std::string_view::npos && text.find("expected") != std::string_view::npos)
    return {error_of(102, std::string(text)), line};
  if (kind == ErrorKind::Resource) return {error_of(kInsufficientMemory, std::string(text)), line};
  return {error_of(kNotSupported, std::string(text)), line};
}

}  // namespace tessera::server
