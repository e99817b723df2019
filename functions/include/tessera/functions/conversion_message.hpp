// SQL Server's message for a varchar that does not convert to a number. Row functions return one status
// for it (kConversionFailed) whatever the target, but SQL Server's message depends on the target and the
// value: INT says Msg 245 (not a number) or Msg 248 (a number out of range) and quotes the value, BIGINT
// Msg 8114, MONEY Msg 235. Host only (error reporting), never called from row code.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "tessera/functions/sql_types.hpp"

namespace tessera::fn {

struct SqlServerMessage {
  int32_t number = 0;  // 0: no message specific to this target (use status_info's)
  std::string text;
};

// The message for `text` failing to convert to `target` (Int32, Int64 or Money; {0, ""} for other types).
SqlServerMessage conversion_failed_message(SqlType target, std::string_view text);

}  // namespace tessera::fn
