#include "tessera/tds/rpc.hpp"

#include "tessera/tds/byte_reader.hpp"
#include "tessera/tds/value_codec.hpp"

namespace tessera::tds {

namespace {

constexpr uint16_t kProcIdSwitch = 0xFFFF;
// Between calls: BatchFlag (0x80 up to 7.1, 0xFF from 7.2) or NoExecFlag (0xFE). A parameter name's length
// byte stays below 0x80, so the first byte tells a separator from the next parameter.
constexpr uint8_t kFirstSeparator = 0x80;

uint8_t peek(const ByteReader& r) { return r.at(r.offset(), 1, "next byte")[0]; }

RpcCall read_call(ByteReader& r, int index) {
  const std::string call = "call " + std::to_string(index);
  RpcCall c;
  const size_t name_at = r.offset();
  const uint16_t name_length = r.u16(call + " procedure name length");
  if (name_length == kProcIdSwitch) {
    const uint16_t id = r.u16(call + " procedure id");
    if (id < static_cast<uint16_t>(ProcId::Cursor) || id > static_cast<uint16_t>(ProcId::Unprepare))
      r.fail_at(name_at, call + " names unknown system procedure " + std::to_string(id));
    c.proc_id = static_cast<ProcId>(id);
    c.proc_name = proc_name(*c.proc_id);
  } else {
    c.proc_name = r.utf16(size_t{name_length} * 2, call + " procedure name");
  }
  c.options = r.u16(call + " option flags");
  for (int number = 1; !r.at_end() && peek(r) < kFirstSeparator; ++number) {
    const std::string param = call + " parameter " + std::to_string(number);
    RpcParameter p;
    p.name = r.b_varchar(param + " name");
    const std::string owner = p.name.empty() ? param : param + " (" + p.name + ")";
    const size_t status_at = r.offset();
    p.status = r.u8(owner + " status");
    if (p.status & param_status::kEncrypted)
      r.fail_at(status_at, owner + " is encrypted (Always Encrypted), which Tessera does not support");
    p.type = read_type_info(r, owner);
    p.value = read_value(r, p.type, owner + " value");
    c.parameters.push_back(std::move(p));
  }
  return c;
}

}  // namespace

std::string_view proc_name(ProcId id) {
  switch (id) {
    case ProcId::Cursor: return "sp_cursor";
    case ProcId::CursorOpen: return "sp_cursoropen";
    case ProcId::CursorPrepare: return "sp_cursorprepare";
    case ProcId::CursorExecute: return "sp_cursorexecute";
    case ProcId::CursorPrepExec: return "sp_cursorprepexec";
    case ProcId::CursorUnprepare: return "sp_cursorunprepare";
    case ProcId::CursorFetch: return "sp_cursorfetch";
    case ProcId::CursorOption: return "sp_cursoroption";
    case ProcId::CursorClose: return "sp_cursorclose";
    case ProcId::ExecuteSql: return "sp_executesql";
    case ProcId::Prepare: return "sp_prepare";
    case ProcId::Execute: return "sp_execute";
    case ProcId::PrepExec: return "sp_prepexec";
    case ProcId::PrepExecRpc: return "sp_prepexecrpc";
    case ProcId::Unprepare: return "sp_unprepare";
  }
  return "?";
}

RpcRequest parse_rpc(std::span<const uint8_t> payload, TdsVersion version) {
  ByteReader r(payload, "RPC");
  RpcRequest request;
  if (is_7_2_or_later(version)) request.headers = read_all_headers(r);
  if (r.at_end()) r.fail("the request names no procedure");
  for (int index = 1;; ++index) {
    request.calls.push_back(read_call(r, index));
    if (r.at_end()) break;
    const size_t flag_at = r.offset();
    const uint8_t flag = r.u8("batch flag");  // read_call stopped before a byte of 0x80 or more
    if (flag != 0x80 && flag != 0xFE && flag != 0xFF)
      r.fail_at(flag_at, "byte " + std::to_string(flag) + " after call " + std::to_string(index) +
                             " is neither a parameter nor a batch flag (0x80, 0xFE, 0xFF)");
    if (r.at_end()) break;  // a trailing separator ends the batch
  }
  return request;
}

}  // namespace tessera::tds
