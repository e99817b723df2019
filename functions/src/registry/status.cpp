// Names and SQL Server messages of the row-function status codes.
#include "tessera/functions/status.hpp"

namespace tessera::fn {

const StatusInfo& status_info(int32_t status) {
  static const StatusInfo kInfo[kStatusCount] = {
      {0, "ok", ""},
      {0, "null", "the result is NULL"},
      {517, "date_overflow", "Adding a value to a 'date' column caused an overflow."},
      {535, "datediff_overflow",
       "The datediff function resulted in an overflow. The number of dateparts separating two date/time "
       "instances is too large. Try to use datediff with a less precise datepart."},
      {537, "invalid_length", "Invalid length parameter passed to the LEFT or SUBSTRING function."},
      {245, "conversion_failed", "Conversion failed when converting the varchar value to data type int."},
      {241, "date_conversion_failed", "Conversion failed when converting date and/or time from character string."},
      {8115, "arithmetic_overflow", "Arithmetic overflow error converting expression to the target data type."},
      {8114, "numeric_conversion_failed", "Error converting data type varchar to numeric."},
      {8134, "divide_by_zero", "Divide by zero error encountered."},
      {289, "invalid_date_parts",
       "Cannot construct data type date, some of the arguments have values which are not valid."},
      {3623, "invalid_float_operation", "An invalid floating point operation occurred."},
      {281, "invalid_style", "The style number is not valid for this conversion."},
      {9810, "invalid_datepart", "The datepart is not supported for this function and data type."},
      {8116, "invalid_argument", "Argument value is not valid for this function."},
      {0, "output_too_long", "The result is longer than the output length rule allows (engine error)."},
      {220, "tinyint_overflow", "Arithmetic overflow error for data type tinyint."},
      {220, "smallint_overflow", "Arithmetic overflow error for data type smallint."},
      {8115, "smallmoney_overflow", "Arithmetic overflow error converting expression to data type smallmoney."},
      {506, "invalid_escape", "The invalid escape character was specified in a LIKE predicate (it must be one character)."},
      {242, "datetime_out_of_range", "The conversion to a date-time data type resulted in an out-of-range value."},
      {8116, "string_too_long",
       "Argument data type is invalid for this function: EDIT_DISTANCE, EDIT_DISTANCE_SIMILARITY, "
       "JARO_WINKLER_DISTANCE and JARO_WINKLER_SIMILARITY take strings of at most 4000 characters, and "
       "EDIT_DISTANCE's shorter string at most 256."},
      {13609, "json_text_invalid", "JSON text is not properly formatted."},
      {13607, "json_path_invalid", "JSON path is not properly formatted."},
      {13608, "json_property_not_found", "Property cannot be found on the specified JSON path."},
      {13623, "json_not_scalar", "Scalar value cannot be found in the specified JSON path."},
      {13624, "json_not_object_or_array", "Object or array cannot be found in the specified JSON path."},
      {13625, "json_value_too_long", "String value in the specified JSON path would be truncated."},
      {8116, "invalid_regex",
       "An invalid pattern was provided: a syntax error, a construct RE2 has and this engine does not (\\p, \\Q, "
       "case-insensitive letters beyond Latin-1), or a pattern larger than 128 instructions."},
      {8116, "invalid_regex_flag", "Invalid flag provided. Only {c,i,s,m} flags are valid."},
      {9819, "parse_failed", "Error converting string value into the data type using the culture (PARSE)."},
  };
  static const StatusInfo kUnknown{0, "unknown", "unknown status code"};
  return status >= 0 && status < kStatusCount ? kInfo[status] : kUnknown;
}

}  // namespace tessera::fn
