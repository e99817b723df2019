// CURRENT_TIMEZONE() and CURRENT_TIMEZONE_ID() (SQL Server 2019): the server's time zone, from its UTC offset in
// minutes (a constant the binder fills from the statement's clock). Tessera's server runs in UTC, where SQL Server
// answers '(UTC) Coordinated Universal Time' and 'UTC'; another offset has no Windows zone name here, so it is
// written as the offset alone ('(UTC+01:00)', 'UTC+01:00').
#include "tessera/functions/datetime_functions.hpp"

using tessera::fn::kInvalidArgument;
using tessera::fn::kOk;

namespace {

int32_t copy(char* out, const char* text) {
  int32_t n = 0;
  for (; text[n] != 0; ++n) out[n] = text[n];
  return n;
}

// "UTC+hh:mm" (or '-') at out; its length.
int32_t write_offset(char* out, int32_t minutes) {
  int32_t n = copy(out, "UTC");
  const int32_t a = minutes < 0 ? -minutes : minutes;
  out[n++] = minutes < 0 ? '-' : '+';
  out[n++] = static_cast<char>('0' + a / 600);
  out[n++] = static_cast<char>('0' + a / 60 % 10);
  out[n++] = ':';
  out[n++] = static_cast<char>('0' + a % 60 / 10);
  out[n++] = static_cast<char>('0' + a % 10);
  return n;
}

bool valid_offset(int32_t minutes) { return minutes >= -14 * 60 && minutes <= 14 * 60; }

}  // namespace

TESSERA_ROW_FN int32_t tsf_current_timezone(char* out, int32_t* out_len, int32_t offset_minutes) {
  if (!valid_offset(offset_minutes)) return kInvalidArgument;
  if (offset_minutes == 0) {
    *out_len = copy(out, "(UTC) Coordinated Universal Time");
    return kOk;
  }
  out[0] = '(';
  const int32_t n = 1 + write_offset(out + 1, offset_minutes);
  out[n] = ')';
  *out_len = n + 1;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_current_timezone_id(char* out, int32_t* out_len, int32_t offset_minutes) {
  if (!valid_offset(offset_minutes)) return kInvalidArgument;
  *out_len = offset_minutes == 0 ? copy(out, "UTC") : write_offset(out, offset_minutes);
  return kOk;
}
