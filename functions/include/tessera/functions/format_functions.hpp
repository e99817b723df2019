// STR and FORMAT (string_format.cpp): numbers and dates/times as text.
//
// STR(float [, length [, decimal]]): "STR (Transact-SQL)". FORMAT(value, format [, culture]): "FORMAT
// (Transact-SQL)", with .NET Framework's standard and custom format strings (SQL Server runs FORMAT on the CLR):
// numbers as Int32, Int64, Decimal (DECIMAL, MONEY) and Double (FLOAT); DATE, DATETIME, DATETIME2 and
// SMALLDATETIME as DateTime; TIME as TimeSpan. `culture` is a constant the binder checks: kCultureInvariant ('')
// or kCultureEnUs ('en-US', 'en', the default); any other value fails the row (Msg 8116). A format string .NET
// refuses gives NULL (kNull), as the page says.
#pragma once

#include <cstdint>

#include "tessera/functions/row_abi.hpp"

namespace tessera::fn {
inline constexpr int32_t kCultureInvariant = 0;
inline constexpr int32_t kCultureEnUs = 1;
inline constexpr int32_t kStrMaxLength = 8000;  // STR's length past this is NULL
}  // namespace tessera::fn

// STR(float_expression, length, decimal): the binder fills the defaults 10 and 0. Right-justified in `length`
// characters, rounded half away from zero at `decimal` places (at most 16), fewer decimals where the integer part
// needs the room, `length` asterisks when even that does not fit. length <= 0 or > 8000, or decimal < 0: NULL.
TESSERA_ROW_FN int32_t tsf_str(char* out, int32_t* out_len, double value, int32_t length, int32_t decimal);

// FORMAT(value, format, culture) by the value's type.
TESSERA_ROW_FN int32_t tsf_format_int(char* out, int32_t* out_len, int32_t value, const char* format,
                                      int32_t format_len, int32_t culture);
TESSERA_ROW_FN int32_t tsf_format_bigint(char* out, int32_t* out_len, int64_t value, const char* format,
                                         int32_t format_len, int32_t culture);
// DECIMAL(p, s): s is a constant (the value is scaled by 10^s).
TESSERA_ROW_FN int32_t tsf_format_decimal(char* out, int32_t* out_len, int64_t value, int32_t scale,
                                          const char* format, int32_t format_len, int32_t culture);
TESSERA_ROW_FN int32_t tsf_format_money(char* out, int32_t* out_len, int64_t value, const char* format,
                                        int32_t format_len, int32_t culture);
TESSERA_ROW_FN int32_t tsf_format_float(char* out, int32_t* out_len, double value, const char* format,
                                        int32_t format_len, int32_t culture);
TESSERA_ROW_FN int32_t tsf_format_date(char* out, int32_t* out_len, int32_t value, const char* format,
                                       int32_t format_len, int32_t culture);
// DATETIME2(p), DATETIME, SMALLDATETIME: ticks and clock.hpp's kind.
TESSERA_ROW_FN int32_t tsf_format_datetime(char* out, int32_t* out_len, int64_t value, int32_t kind,
                                           const char* format, int32_t format_len, int32_t culture);
// TIME(p) as a .NET TimeSpan.
TESSERA_ROW_FN int32_t tsf_format_time(char* out, int32_t* out_len, int64_t value, int32_t kind, const char* format,
                                       int32_t format_len, int32_t culture);

// FORMATMESSAGE('msg_string', param_value, ...) (string_message.cpp): RAISERROR's placeholders
// (%[flags][width][.precision][h | l | I64]{d | i | o | u | x | X | s}, %%), each parameter's text (the binder
// converts INT and BIGINT to text; it refuses other types), NULL and missing parameters as (null); at most
// kFormatMessageMaxChars characters (longer: the first 2,044 and "..."). A link of the binder's chain of six
// parameters: `flags` is the number given here (0..6) plus kFormatMessageLast for the last link; the others write a
// msg_string for the parameters after theirs. NULL msg_string: NULL.
namespace tessera::fn {
inline constexpr int32_t kFormatMessageMaxParams = 6;       // per link
inline constexpr int32_t kFormatMessageMaxChars = 2047;     // SQL Server's longest message
inline constexpr int32_t kFormatMessageLastCap = 4 * 2048;  // bytes the last link writes at most before cutting
inline constexpr int32_t kFormatMessageLast = 0x100;
}  // namespace tessera::fn
TESSERA_ROW_FN int32_t tsf_formatmessage(char* out, int32_t* out_len, const char* f, int32_t f_len, uint8_t f_null,
                                         const char* a1, int32_t a1_len, uint8_t a1_null, const char* a2,
                                         int32_t a2_len, uint8_t a2_null, const char* a3, int32_t a3_len,
                                         uint8_t a3_null, const char* a4, int32_t a4_len, uint8_t a4_null,
                                         const char* a5, int32_t a5_len, uint8_t a5_null, const char* a6,
                                         int32_t a6_len, uint8_t a6_null, int32_t flags);
