// RPC request (packet type 3): how drivers run parameterised statements. After ALL_HEADERS (7.2+) come one or
// more calls, separated by a batch flag byte: the procedure by name (US_VARCHAR) or, for the system
// procedures drivers use, by number (0xFFFF then a USHORT: sp_executesql 10, sp_prepare 11, sp_execute 12,
// ...), option flags, then the parameters: a name (B_VARCHAR, may be empty), status flags (output, default),
// TYPE_INFO and the value. Values decode into Value; the parameter keeps its TYPE_INFO, so the server knows
// the declared type (an NVARCHAR(4000) from an INT, the scale of a DATETIME2).
//
// sp_executesql's parameters are the statement (NVARCHAR), the declarations ('@p1 int, @p2 nvarchar(10)')
// and then the values; sp_prepare's first is the handle, an output INT the server returns in RETURNVALUE.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/tds/all_headers.hpp"
#include "tessera/tds/type_info.hpp"
#include "tessera/tds/value.hpp"
#include "tessera/tds/version.hpp"

namespace tessera::tds {

enum class ProcId : uint16_t {
  Cursor = 1,
  CursorOpen = 2,
  CursorPrepare = 3,
  CursorExecute = 4,
  CursorPrepExec = 5,
  CursorUnprepare = 6,
  CursorFetch = 7,
  CursorOption = 8,
  CursorClose = 9,
  ExecuteSql = 10,
  Prepare = 11,
  Execute = 12,
  PrepExec = 13,
  PrepExecRpc = 14,
  Unprepare = 15,
};

// "sp_executesql" for ProcId::ExecuteSql, and so on.
std::string_view proc_name(ProcId id);

namespace rpc_option {
inline constexpr uint16_t kWithRecompile = 0x01;
inline constexpr uint16_t kNoMetadata = 0x02;
inline constexpr uint16_t kReuseMetadata = 0x04;
}  // namespace rpc_option

namespace param_status {
inline constexpr uint8_t kByRefValue = 0x01;   // an OUTPUT parameter: return it in RETURNVALUE
inline constexpr uint8_t kDefaultValue = 0x02;  // use the procedure's default; the value sent is NULL
inline constexpr uint8_t kEncrypted = 0x08;     // Always Encrypted (7.4): not supported
}  // namespace param_status

struct RpcParameter {
  std::string name;  // "@p1", or empty when passed by position
  uint8_t status = 0;
  TypeInfo type;
  Value value;

  bool is_output() const { return (status & param_status::kByRefValue) != 0; }
  bool is_default() const { return (status & param_status::kDefaultValue) != 0; }
};

struct RpcCall {
  std::optional<ProcId> proc_id;  // set when the client named the procedure by number
  std::string proc_name;          // the name sent, or the system procedure's name for a number
  uint16_t options = 0;
  std::vector<RpcParameter> parameters;
};

struct RpcRequest {
  AllHeaders headers;
  std::vector<RpcCall> calls;  // at least one
};

// ProtocolError, naming the call, the parameter and the offset, for bad ALL_HEADERS (7.2+), a truncated or
// malformed call, an unknown procedure number, an encrypted parameter or a parameter type the codec does not
// decode (sql_variant, XML, UDT, table-valued), and for any value read_value refuses.
RpcRequest parse_rpc(std::span<const uint8_t> payload, TdsVersion version);

}  // namespace tessera::tds
