// SQL Server's messages for a varchar that does not convert to INT, BIGINT or MONEY.
#include "tessera/functions/conversion_message.hpp"

#include "tessera/functions/number_parse.hpp"

namespace tessera::fn {

namespace {
// An integer literal as CAST AS INT reads one (spaces around, an optional sign, one or more digits): such a
// value failed only because it is out of range.
bool integer_syntax(std::string_view s) {
  int32_t b = 0, e = static_cast<int32_t>(s.size());
  NumberParse::trim(s.data(), &b, &e);
  if (b < e && (s[b] == '+' || s[b] == '-')) ++b;
  if (b == e) return false;
  for (int32_t i = b; i < e; ++i)
    if (!NumberParse::is_digit(s[i])) return false;
  return true;
}
}  // namespace

SqlServerMessage conversion_failed_message(SqlType target, std::string_view text) {
  const std::string quoted = "'" + std::string(text) + "'";
  switch (target) {
    case SqlType::Int32:
      if (integer_syntax(text)) return {248, "The conversion of the varchar value " + quoted + " overflowed an int column."};
      return {245, "Conversion failed when converting the varchar value " + quoted + " to data type int."};
    case SqlType::Int64: return {8114, "Error converting data type varchar to bigint."};
    case SqlType::Money: return {235, "Cannot convert a char value to money. The char value has incorrect syntax."};
    default: return {};
  }
}

}  // namespace tessera::fn
