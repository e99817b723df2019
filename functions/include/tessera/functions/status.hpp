// Status codes returned by every row function.
//
// Row functions never throw: an expected failure (a conversion that does not
// parse, a date that overflows) is a status code, as in a production engine's
// Try* helpers. The column-kernel stub turns codes >= kFirstError into the
// per-launch error slot; kNull makes the row's result NULL (TRY_CAST etc.).
// Codes must stay below 256: the error slot packs (row << 8) | code.
#pragma once

#include <cstdint>

namespace tessera::fn {

enum Status : int32_t {
  kOk = 0,
  kNull = 1,              // the result is SQL NULL (not an error)
  kFirstError = 2,
  kDateOverflow = 2,      // Msg 517: adding a value to a 'date' caused an overflow
  kDatediffOverflow = 3,  // Msg 535: the datediff function resulted in an overflow
  kInvalidLength = 4,     // Msg 537: invalid length parameter passed to LEFT/SUBSTRING
  kConversionFailed = 5,  // Msg 245: conversion failed when converting the varchar value
  kDateConversionFailed = 6,  // Msg 241: conversion failed when converting date from string
  kArithmeticOverflow = 7,    // Msg 8115: arithmetic overflow error converting
  kNumericConversionFailed = 8,  // Msg 8114: error converting data type varchar to numeric
  kDivideByZero = 9,          // Msg 8134: divide by zero error encountered
  kInvalidDateParts = 10,     // Msg 289: cannot construct data type date
  kInvalidFloatOperation = 11,  // Msg 3623: an invalid floating point operation occurred
  kInvalidStyle = 12,         // Msg 281: N is not a valid style number
  kInvalidDatepart = 13,      // Msg 9810/155: the datepart is not supported
  kInvalidArgument = 14,      // Msg 8116 / 1023: invalid parameter
  kOutputTooLong = 15,        // the result exceeds the output capacity (engine bug)
  kTinyintOverflow = 16,      // Msg 220: arithmetic overflow error for data type tinyint
  kSmallintOverflow = 17,     // Msg 220: arithmetic overflow error for data type smallint
  kSmallmoneyOverflow = 18,   // Msg 8115: arithmetic overflow error converting expression to smallmoney
  kInvalidEscape = 19,        // Msg 506: the invalid escape character was specified in a LIKE predicate
  kDateTimeOutOfRange = 20,   // Msg 242: the conversion resulted in an out-of-range datetime value
  kStringTooLong = 21,        // Msg 8116: a string argument longer than the function takes (EDIT_DISTANCE)
  kJsonTextInvalid = 22,      // Msg 13609: JSON text is not properly formatted
  kJsonPathInvalid = 23,      // Msg 13607: JSON path is not properly formatted
  kJsonPropertyNotFound = 24,  // Msg 13608: property cannot be found on the specified JSON path (strict)
  kJsonNotScalar = 25,        // Msg 13623: scalar value cannot be found in the specified JSON path (strict)
  kJsonNotObjectOrArray = 26,  // Msg 13624: object or array cannot be found in the specified JSON path (strict)
  kJsonValueTooLong = 27,     // Msg 13625: string value in the specified JSON path would be truncated (strict)
  kInvalidRegex = 28,         // REGEXP_*: an invalid or unsupported regular expression (no documented Msg)
  kInvalidRegexFlag = 29,     // REGEXP_*: a flag other than c, i, m, s (no documented Msg)
  kParseFailed = 30,          // Msg 9819: error converting string value into data type using culture (PARSE)
  kStatusCount
};

// SQL Server's message number and text for a status, for error reporting.
struct StatusInfo {
  int32_t sql_server_msg;
  const char* name;
  const char* message;
};

// Defined in src/registry/status.cpp (host only; never called from row code).
const StatusInfo& status_info(int32_t status);

}  // namespace tessera::fn
