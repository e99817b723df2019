// The string family's entries in the function registry.
#include <algorithm>
#include <cstdint>

#include "tessera/functions/registry.hpp"
#include "tessera/functions/string_functions.hpp"
#include "tessera/functions/string_regex.hpp"

namespace tessera::fn {
namespace {
constexpr int64_t kVarcharMax = 8000;  // REPLICATE / SPACE truncate here
constexpr int64_t kCharBytes = 4;      // the most bytes one character takes

constexpr ArgSpec kS[] = {{"string", SqlType::String}};
// Literal lengths that get specialised GPU kernels (TPC-H-scalar's LEFT/RIGHT/SUBSTRING use 1..5).
constexpr int64_t kCommonLengths[] = {1, 2, 3, 4, 5};
constexpr ArgSpec kSN[] = {{"string", SqlType::String},
                           {.name = "n", .type = SqlType::Int64, .constant = true, .specialize = kCommonLengths}};
constexpr ArgSpec kSubstring[] = {{"string", SqlType::String},
                                  {.name = "start", .type = SqlType::Int64, .constant = true},
                                  {.name = "length", .type = SqlType::Int64, .constant = true,
                                   .specialize = kCommonLengths}};
// The same with lengths (and a start) computed per row: SUBSTRING(s, 1, CHARINDEX('/', s) - 1).
constexpr ArgSpec kSNColumn[] = {{"string", SqlType::String}, {"n", SqlType::Int64}};
constexpr ArgSpec kSubstringColumns[] = {
    {"string", SqlType::String}, {"start", SqlType::Int64}, {"length", SqlType::Int64}};
constexpr ArgSpec kSChars[] = {{"string", SqlType::String}, {"characters", SqlType::String}};
constexpr ArgSpec kCharsS[] = {{"characters", SqlType::String}, {"string", SqlType::String}};
constexpr ArgSpec kReplace[] = {
    {"string", SqlType::String}, {"pattern", SqlType::String}, {"replacement", SqlType::String}};
constexpr ArgSpec kCharindex[] = {{"expression_to_find", SqlType::String}, {"expression_to_search", SqlType::String}};
constexpr ArgSpec kCharindexStart[] = {{"expression_to_find", SqlType::String},
                                       {"expression_to_search", SqlType::String},
                                       {.name = "start_location", .type = SqlType::Int64, .constant = true}};
constexpr ArgSpec kTranslate[] = {
    {"string", SqlType::String}, {"characters", SqlType::String}, {"translations", SqlType::String}};
constexpr ArgSpec kLike[] = {{"match_expression", SqlType::String}, {"pattern", SqlType::String}};
constexpr ArgSpec kLikeEscape[] = {{"match_expression", SqlType::String}, {"pattern", SqlType::String},
                                   {"escape", SqlType::String}};
constexpr ArgSpec kPatindex[] = {{"pattern", SqlType::String}, {"expression", SqlType::String}};
constexpr ArgSpec kSpace[] = {{.name = "n", .type = SqlType::Int32, .constant = true}};
constexpr ArgSpec kStuff[] = {{"string", SqlType::String},
                              {.name = "start", .type = SqlType::Int64, .constant = true},
                              {.name = "length", .type = SqlType::Int64, .constant = true},
                              {"replace_with", SqlType::String}};
constexpr ArgSpec kTwo[] = {{"a", SqlType::String}, {"b", SqlType::String}};
constexpr ArgSpec kThree[] = {{"a", SqlType::String}, {"b", SqlType::String}, {"c", SqlType::String}};
constexpr ArgSpec kWs2[] = {{"separator", SqlType::String}, {"a", SqlType::String}, {"b", SqlType::String}};
constexpr ArgSpec kWs3[] = {
    {"separator", SqlType::String}, {"a", SqlType::String}, {"b", SqlType::String}, {"c", SqlType::String}};
constexpr ArgSpec kQuote[] = {{"string", SqlType::String}, {"quote_character", SqlType::String}};
constexpr ArgSpec kCode[] = {{"code", SqlType::Int32}};
// UNISTR's escape character, a code point: the backslash gets a specialised GPU kernel.
constexpr int64_t kBackslash[] = {92};
constexpr ArgSpec kUnistr[] = {{"character_expression", SqlType::String},
                               {.name = "escape", .type = SqlType::Int32, .constant = true, .specialize = kBackslash}};
constexpr ArgSpec kFuzzy[] = {{"character_expression1", SqlType::String}, {"character_expression2", SqlType::String}};
constexpr ArgSpec kFuzzyMax[] = {{"character_expression1", SqlType::String},
                                 {"character_expression2", SqlType::String},
                                 {"maximum_distance", SqlType::Int32}};
// JSON: the path is per row (a column or a constant string); ISJSON's json_type_constraint a constant
// (kJsonType*: 1 VALUE, 2 ARRAY, 3 OBJECT, 4 SCALAR), each a specialised GPU kernel.
constexpr int64_t kJsonTypes[] = {1, 2, 3, 4};
constexpr ArgSpec kIsjsonType[] = {
    {"json_expression", SqlType::String},
    {.name = "json_type_constraint", .type = SqlType::Int32, .constant = true, .specialize = kJsonTypes}};
// The names json_expression and json_path make the differential test generate JSON text and paths for them.
constexpr ArgSpec kJsonText[] = {{"json_expression", SqlType::String}};
constexpr ArgSpec kJsonPath[] = {{"json_expression", SqlType::String}, {"json_path", SqlType::String}};
constexpr ArgSpec kJsonModify[] = {
    {"json_expression", SqlType::String}, {"json_path", SqlType::String}, {"newValue", SqlType::String}};
constexpr ArgSpec kJsonModifyBigint[] = {
    {"json_expression", SqlType::String}, {"json_path", SqlType::String}, {"newValue", SqlType::Int64}};
constexpr ArgSpec kJsonModifyBit[] = {
    {"json_expression", SqlType::String}, {"json_path", SqlType::String}, {"newValue", SqlType::Bool}};
constexpr ArgSpec kJsonModifyFloat[] = {
    {"json_expression", SqlType::String}, {"json_path", SqlType::String}, {"newValue", SqlType::Float64}};
constexpr ArgSpec kJsonModifyDecimal[] = {{"json_expression", SqlType::String},
                                          {"json_path", SqlType::String},
                                          {"newValue", SqlType::Decimal},
                                          {"p", SqlType::Int32, true},
                                          {"s", SqlType::Int32, true}};
// JSON_CONTAINS (string_json.cpp): bound by the binder, which fills the default path '$' and search_mode 0 and
// picks the kernel by the search value's type; search_mode (0 equality, 1 LIKE) is a constant.
constexpr int64_t kSearchModes[] = {0, 1};
constexpr ArgSpec kJsonContains[] = {
    {"json_expression", SqlType::String}, {"search_value", SqlType::String}, {"json_path", SqlType::String},
    {.name = "search_mode", .type = SqlType::Int32, .constant = true, .specialize = kSearchModes}};
constexpr ArgSpec kJsonContainsBigint[] = {
    {"json_expression", SqlType::String}, {"search_value", SqlType::Int64}, {"json_path", SqlType::String}};
constexpr ArgSpec kJsonContainsDecimal[] = {{"json_expression", SqlType::String}, {"search_value", SqlType::Decimal},
                                            {"p", SqlType::Int32, true},           {"s", SqlType::Int32, true},
                                            {"json_path", SqlType::String}};
constexpr ArgSpec kJsonContainsMoney[] = {
    {"json_expression", SqlType::String}, {"search_value", SqlType::Money}, {"json_path", SqlType::String}};
constexpr ArgSpec kJsonContainsFloat[] = {
    {"json_expression", SqlType::String}, {"search_value", SqlType::Float64}, {"json_path", SqlType::String}};
constexpr ArgSpec kJsonContainsBit[] = {
    {"json_expression", SqlType::String}, {"search_value", SqlType::Bool}, {"json_path", SqlType::String}};
// JSON_OBJECT and JSON_ARRAY (string_json.cpp): links of the binder's chain; the container so far is named
// json_expression (so the differential test draws JSON text for it), and json_flags is bit 0 ABSENT ON NULL and two
// bits per value saying how it is written.
constexpr ArgSpec kJsonFlags = {.name = "json_flags", .type = SqlType::Int32, .constant = true};
constexpr ArgSpec kJsonObject1[] = {{"json_expression", SqlType::String}, {"key1", SqlType::String},
                                    {"value1", SqlType::String}, kJsonFlags};
constexpr ArgSpec kJsonObject2[] = {{"json_expression", SqlType::String}, {"key1", SqlType::String},
                                    {"value1", SqlType::String},          {"key2", SqlType::String},
                                    {"value2", SqlType::String},          kJsonFlags};
constexpr ArgSpec kJsonObject3[] = {{"json_expression", SqlType::String}, {"key1", SqlType::String},
                                    {"value1", SqlType::String},          {"key2", SqlType::String},
                                    {"value2", SqlType::String},          {"key3", SqlType::String},
                                    {"value3", SqlType::String},          kJsonFlags};
constexpr ArgSpec kJsonArray1[] = {{"json_expression", SqlType::String}, {"value1", SqlType::String}, kJsonFlags};
constexpr ArgSpec kJsonArray2[] = {{"json_expression", SqlType::String}, {"value1", SqlType::String},
                                   {"value2", SqlType::String}, kJsonFlags};
constexpr ArgSpec kJsonArray3[] = {{"json_expression", SqlType::String}, {"value1", SqlType::String},
                                   {"value2", SqlType::String}, {"value3", SqlType::String}, kJsonFlags};
// Regular expressions (SQL Server 2025): every argument per row (a constant pattern is a constant column).
// One kernel per number of arguments, named by it; the row functions fill the omitted ones' defaults.
constexpr ArgSpec kRxString = {"string_expression", SqlType::String};
constexpr ArgSpec kRxPattern = {"pattern_expression", SqlType::String};
constexpr ArgSpec kRxFlags = {"flags", SqlType::String};
constexpr ArgSpec kRxStart = {"start", SqlType::Int64};
constexpr ArgSpec kRxOccurrence = {"occurrence", SqlType::Int64};
constexpr ArgSpec kRxGroup = {"group", SqlType::Int32};
constexpr ArgSpec kRxLike2[] = {kRxString, kRxPattern};
constexpr ArgSpec kRxLike3[] = {kRxString, kRxPattern, kRxFlags};
constexpr ArgSpec kRxReplace3[] = {kRxString, kRxPattern, {"string_replacement", SqlType::String}};
constexpr ArgSpec kRxReplace4[] = {kRxString, kRxPattern, {"string_replacement", SqlType::String}, kRxStart};
constexpr ArgSpec kRxReplace5[] = {kRxString, kRxPattern, {"string_replacement", SqlType::String}, kRxStart,
                                   kRxOccurrence};
constexpr ArgSpec kRxReplace6[] = {kRxString, kRxPattern, {"string_replacement", SqlType::String}, kRxStart,
                                   kRxOccurrence, kRxFlags};
constexpr ArgSpec kRxStart3[] = {kRxString, kRxPattern, kRxStart};
constexpr ArgSpec kRxStart4[] = {kRxString, kRxPattern, kRxStart, kRxOccurrence};
constexpr ArgSpec kRxSubstr5[] = {kRxString, kRxPattern, kRxStart, kRxOccurrence, kRxFlags};
constexpr ArgSpec kRxSubstr6[] = {kRxString, kRxPattern, kRxStart, kRxOccurrence, kRxFlags, kRxGroup};
constexpr ArgSpec kRxInstr5[] = {kRxString, kRxPattern, kRxStart, kRxOccurrence, {"return_option", SqlType::Int32}};
constexpr ArgSpec kRxInstr6[] = {kRxString,     kRxPattern, kRxStart, kRxOccurrence, {"return_option", SqlType::Int32},
                                 kRxFlags};
constexpr ArgSpec kRxInstr7[] = {kRxString, kRxPattern, kRxStart, kRxOccurrence, {"return_option", SqlType::Int32},
                                 kRxFlags,  kRxGroup};
constexpr ArgSpec kRxCount4[] = {kRxString, kRxPattern, kRxStart, kRxFlags};

// ---- output-length rules (true upper bounds in bytes) ----
constexpr MaxLengthFn same_length = &length_of_first_argument;
// At most n characters of s: n * 4 bytes, and never more than s.
int64_t first_n_chars(int64_t s_len, int64_t n) {
  if (n <= 0) return 0;
  return n >= s_len ? s_len : std::min(s_len, n * kCharBytes);
}
int64_t left_right_length(const LengthInputs& in) { return first_n_chars(in.length[0], in.value[1]); }
int64_t substring_length(const LengthInputs& in) { return first_n_chars(in.length[0], in.value[2]); }
// Each match of the pattern (f bytes) becomes r bytes: at most s / f matches. The bound shrinks as f grows,
// so it takes the pattern's shortest possible length (an empty pattern leaves s unchanged).
int64_t replace_length(const LengthInputs& in) {
  const int64_t s = in.length[0], r = in.length[2];
  if (in.length[1] == 0) return s;
  const int64_t f = std::max<int64_t>(in.min_length[1], 1);
  if (r <= f) return s;
  return s + (s / f) * (r - f);
}
int64_t translate_length(const LengthInputs& in) {
  // Each character (>= 1 byte) becomes one character of `translations`.
  return in.length[0] * std::clamp<int64_t>(in.length[2], 1, kCharBytes);
}
int64_t replicate_length(const LengthInputs& in) {
  const int64_t s = in.length[0], n = in.value[1];
  if (n <= 0 || s == 0) return 0;
  return n >= kVarcharMax ? kVarcharMax : std::min(kVarcharMax, s * n);
}
int64_t space_length(const LengthInputs& in) { return std::clamp<int64_t>(in.value[0], 0, kVarcharMax); }
int64_t stuff_length(const LengthInputs& in) { return in.length[0] + in.length[3]; }
int64_t sum2_length(const LengthInputs& in) { return in.length[0] + in.length[1]; }
int64_t sum3_length(const LengthInputs& in) { return in.length[0] + in.length[1] + in.length[2]; }
int64_t ws2_length(const LengthInputs& in) { return in.length[0] + in.length[1] + in.length[2]; }
int64_t ws3_length(const LengthInputs& in) {
  return 2 * in.length[0] + in.length[1] + in.length[2] + in.length[3];
}
int64_t quotename_length(const LengthInputs& in) { return 2 * in.length[0] + 2; }
// JSON_MODIFY: the text, the new member's key (at most the path), its quotes, colon and comma, an array's
// brackets (append to a missing key), and the value: a string escaped (6 bytes a byte) and quoted, a BIGINT's
// 20 characters, or JSON text as it is.
int64_t json_modify_length(const LengthInputs& in) { return in.length[0] + in.length[1] + 6 * in.length[2] + 8; }
int64_t json_modify_json_length(const LengthInputs& in) { return in.length[0] + in.length[1] + in.length[2] + 8; }
// A number's text: a BIGINT's 20 characters, a DECIMAL's 22, a FLOAT's 24 (CONVERT style 2), true/false.
int64_t json_modify_number_length(const LengthInputs& in) { return in.length[0] + in.length[1] + 24 + 8; }
// JSON_OBJECT / JSON_ARRAY links: the container so far (its closing bracket replaced, or an opening one added), and
// per key or value at most 6 bytes a byte escaped, quotes, a colon or comma (null, true, false: at most 5 bytes).
template <int Strings>
int64_t json_construct_length(const LengthInputs& in) {
  int64_t n = in.length[0] + 2;
  for (int i = 1; i <= Strings; ++i) n += 6 * in.length[i] + 8;
  return n;
}
// STRING_ESCAPE: a control character (1 byte) becomes a backslash, u and four hex digits (6).
int64_t escape_json_length(const LengthInputs& in) { return 6 * in.length[0]; }
// REGEXP_REPLACE: the text s outside the matches, and per match the replacement's r bytes, each of whose
// references (\1, &: at most r) copies at most the match. Matches do not overlap (their lengths add up to at
// most s) and there are at most s + 1 of them (empty ones included): s + (s + 1) * r + r * s.
int64_t regexp_replace_length(const LengthInputs& in) {
  const int64_t s = in.length[0], r = in.length[2];
  return s + (s + 1) * r + r * s;
}
int64_t two_bytes(const LengthInputs&) { return 2; }
int64_t four_bytes(const LengthInputs&) { return 4; }

const FunctionSpec kStringFunctions[] = {
    {.sql_name = "LOWER", .kernel = "lower", .result = SqlType::String, .args = kS, .max_length = same_length,
     .summary = "lowercase (ASCII and Latin-1 letters)", TESSERA_ROW(tsf_lower)},
    {.sql_name = "UPPER", .kernel = "upper", .result = SqlType::String, .args = kS, .max_length = same_length,
     .summary = "uppercase (ASCII and Latin-1 letters)", TESSERA_ROW(tsf_upper)},
    {.sql_name = "LEFT", .kernel = "left", .result = SqlType::String, .args = kSN, .max_length = left_right_length,
     .summary = "the first n characters", TESSERA_ROW(tsf_left)},
    {.sql_name = "RIGHT", .kernel = "right", .result = SqlType::String, .args = kSN, .max_length = left_right_length,
     .summary = "the last n characters", TESSERA_ROW(tsf_right)},
    {.sql_name = "SUBSTRING", .kernel = "substring", .result = SqlType::String, .args = kSubstring,
     .max_length = substring_length, .summary = "length characters from start", TESSERA_ROW(tsf_substring)},
    // Per-row lengths: the same row functions, a kernel each (a constant length picks the ones above).
    {.sql_name = "LEFT", .kernel = "left_rows", .result = SqlType::String, .args = kSNColumn,
     .max_length = same_length, .summary = "the first n characters, n per row", TESSERA_ROW(tsf_left)},
    {.sql_name = "RIGHT", .kernel = "right_rows", .result = SqlType::String, .args = kSNColumn,
     .max_length = same_length, .summary = "the last n characters, n per row", TESSERA_ROW(tsf_right)},
    {.sql_name = "SUBSTRING", .kernel = "substring_rows", .result = SqlType::String, .args = kSubstringColumns,
     .max_length = same_length, .summary = "length characters from start, both per row", TESSERA_ROW(tsf_substring)},
    {.sql_name = "LEN", .kernel = "len", .result = SqlType::Int32, .args = kS,
     .summary = "characters, excluding trailing spaces", TESSERA_ROW(tsf_len)},
    {.sql_name = "DATALENGTH", .kernel = "datalength", .result = SqlType::Int32, .args = kS,
     .summary = "bytes", TESSERA_ROW(tsf_datalength)},
    {.sql_name = "OCTET_LENGTH", .kernel = "octet_length", .result = SqlType::Int32, .args = kS,
     .summary = "bytes of a string (ODBC)", .odbc_only = true, TESSERA_ROW(tsf_octet_length)},
    {.sql_name = "BIT_LENGTH", .kernel = "bit_length", .result = SqlType::Int32, .args = kS,
     .summary = "bits of a string, 8 a byte (ODBC)", .odbc_only = true, TESSERA_ROW(tsf_bit_length)},
    {.sql_name = "REVERSE", .kernel = "reverse", .result = SqlType::String, .args = kS, .max_length = same_length,
     .summary = "characters in reverse order", TESSERA_ROW(tsf_reverse)},
    {.sql_name = "LTRIM", .kernel = "ltrim", .result = SqlType::String, .args = kS, .max_length = same_length,
     .summary = "without leading spaces", TESSERA_ROW(tsf_ltrim)},
    {.sql_name = "RTRIM", .kernel = "rtrim", .result = SqlType::String, .args = kS, .max_length = same_length,
     .summary = "without trailing spaces", TESSERA_ROW(tsf_rtrim)},
    {.sql_name = "TRIM", .kernel = "trim", .result = SqlType::String, .args = kS, .max_length = same_length,
     .summary = "without leading and trailing spaces", TESSERA_ROW(tsf_trim)},
    {.sql_name = "LTRIM", .kernel = "ltrim_chars", .result = SqlType::String, .args = kSChars, .uses_context = true,
     .max_length = same_length, .summary = "LTRIM(string, characters)", TESSERA_ROW(tsf_ltrim_chars)},
    {.sql_name = "RTRIM", .kernel = "rtrim_chars", .result = SqlType::String, .args = kSChars, .uses_context = true,
     .max_length = same_length, .summary = "RTRIM(string, characters)", TESSERA_ROW(tsf_rtrim_chars)},
    {.sql_name = "TRIM", .kernel = "trim_chars", .result = SqlType::String, .args = kCharsS, .uses_context = true,
     .max_length = [](const LengthInputs& in) { return in.length[1]; },
     .summary = "TRIM(characters FROM string)", TESSERA_ROW(tsf_trim_chars)},
    {.sql_name = "REPLACE", .kernel = "replace", .result = SqlType::String, .args = kReplace, .uses_context = true,
     .max_length = replace_length, .summary = "every occurrence of pattern replaced", TESSERA_ROW(tsf_replace)},
    {.sql_name = "CHARINDEX", .kernel = "charindex", .result = SqlType::Int32, .args = kCharindex,
     .uses_context = true, .summary = "1-based position of a substring, 0 if absent", TESSERA_ROW(tsf_charindex)},
    {.sql_name = "CHARINDEX", .kernel = "charindex_start", .result = SqlType::Int32, .args = kCharindexStart,
     .uses_context = true, .summary = "CHARINDEX from a start position", TESSERA_ROW(tsf_charindex_start)},
    {.sql_name = "TRANSLATE", .kernel = "translate", .result = SqlType::String, .args = kTranslate,
     .uses_context = true, .max_length = translate_length, .summary = "character-by-character replacement",
     TESSERA_ROW(tsf_translate)},
    {.sql_name = "LIKE", .kernel = "like", .result = SqlType::Bool, .args = kLike, .uses_context = true,
     .summary = "pattern match with % _ [] [^]", TESSERA_ROW(tsf_like)},
    {.sql_name = "LIKE", .kernel = "like_escape", .result = SqlType::Bool, .args = kLikeEscape, .uses_context = true,
     .summary = "LIKE ... ESCAPE: the character after the escape is literal", TESSERA_ROW(tsf_like_escape)},
    {.sql_name = "PATINDEX", .kernel = "patindex", .result = SqlType::Int32, .args = kPatindex,
     .uses_context = true, .summary = "1-based position of a pattern, 0 if absent", TESSERA_ROW(tsf_patindex)},
    {.sql_name = "REPLICATE", .kernel = "replicate", .result = SqlType::String, .args = kSN,
     .max_length = replicate_length, .summary = "string repeated n times (8000 bytes at most)",
     TESSERA_ROW(tsf_replicate)},
    {.sql_name = "SPACE", .kernel = "space", .result = SqlType::String, .args = kSpace, .max_length = space_length,
     .summary = "n spaces", TESSERA_ROW(tsf_space)},
    {.sql_name = "STUFF", .kernel = "stuff", .result = SqlType::String, .args = kStuff, .max_length = stuff_length,
     .summary = "delete characters and insert a string", TESSERA_ROW(tsf_stuff)},
    {.sql_name = "CONCAT", .kernel = "concat_2", .result = SqlType::String, .args = kTwo, .nulls = NullRule::Custom,
     .max_length = sum2_length, .summary = "concatenation, NULL as empty", TESSERA_ROW(tsf_concat_2)},
    {.sql_name = "CONCAT", .kernel = "concat_3", .result = SqlType::String, .args = kThree,
     .nulls = NullRule::Custom, .max_length = sum3_length, .summary = "concatenation, NULL as empty",
     TESSERA_ROW(tsf_concat_3)},
    {.sql_name = "CONCAT_WS", .kernel = "concat_ws_2", .result = SqlType::String, .args = kWs2,
     .nulls = NullRule::Custom, .max_length = ws2_length, .summary = "join with a separator, NULLs skipped",
     TESSERA_ROW(tsf_concat_ws_2)},
    {.sql_name = "CONCAT_WS", .kernel = "concat_ws_3", .result = SqlType::String, .args = kWs3,
     .nulls = NullRule::Custom, .max_length = ws3_length, .summary = "join with a separator, NULLs skipped",
     TESSERA_ROW(tsf_concat_ws_3)},
    // A link of the binder's chain for CONCAT_WS of 4..254 arguments (bound only by kernel, after the above).
    {.sql_name = "CONCAT_WS", .kernel = "concat_ws_3_or_null", .result = SqlType::String, .args = kWs3,
     .nulls = NullRule::Custom, .max_length = ws3_length,
     .summary = "join with a separator, NULLs skipped; NULL if every part is", TESSERA_ROW(tsf_concat_ws_3_or_null)},
    {.sql_name = "QUOTENAME", .kernel = "quotename", .result = SqlType::String, .args = kS,
     .max_length = quotename_length, .summary = "bracket-delimited identifier", TESSERA_ROW(tsf_quotename)},
    {.sql_name = "QUOTENAME", .kernel = "quotename_quote", .result = SqlType::String, .args = kQuote,
     .max_length = quotename_length, .summary = "delimited identifier with a quote character",
     TESSERA_ROW(tsf_quotename_quote)},
    {.sql_name = "ASCII", .kernel = "ascii", .result = SqlType::Int32, .args = kS,
     .summary = "first byte", TESSERA_ROW(tsf_ascii)},
    {.sql_name = "CHAR", .kernel = "char", .result = SqlType::String, .args = kCode, .max_length = two_bytes,
     .summary = "Latin-1 character of a code 0-255", TESSERA_ROW(tsf_char)},
    {.sql_name = "UNICODE", .kernel = "unicode", .result = SqlType::Int32, .args = kS,
     .summary = "code point of the first character", TESSERA_ROW(tsf_unicode)},
    {.sql_name = "NCHAR", .kernel = "nchar", .result = SqlType::String, .args = kCode, .max_length = four_bytes,
     .summary = "character of a code point", TESSERA_ROW(tsf_nchar)},
    {.sql_name = "SOUNDEX", .kernel = "soundex", .result = SqlType::String, .args = kS, .max_length = four_bytes,
     .summary = "four-character Soundex code", TESSERA_ROW(tsf_soundex)},
    {.sql_name = "DIFFERENCE", .kernel = "difference", .result = SqlType::Int32, .args = kTwo,
     .summary = "Soundex similarity 0-4", TESSERA_ROW(tsf_difference)},
    // STRING_ESCAPE(text, 'json'): bound by the binder, which checks the type (the only one SQL Server has).
    {.sql_name = "STRING_ESCAPE", .kernel = "string_escape_json", .result = SqlType::String, .args = kS,
     .max_length = escape_json_length, .summary = "JSON's special and control characters escaped",
     TESSERA_ROW(tsf_string_escape_json)},
    // UNISTR(text [, escape]): the binder turns the escape character into its code point (92 by default).
    {.sql_name = "UNISTR", .kernel = "unistr", .result = SqlType::String, .args = kUnistr, .max_length = same_length,
     .summary = "Unicode escape sequences decoded", TESSERA_ROW(tsf_unistr)},
    {.sql_name = "EDIT_DISTANCE", .kernel = "edit_distance", .result = SqlType::Int32, .args = kFuzzy,
     .uses_context = true, .summary = "insertions, deletions, substitutions and transpositions between two strings",
     TESSERA_ROW(tsf_edit_distance)},
    {.sql_name = "EDIT_DISTANCE", .kernel = "edit_distance_max", .result = SqlType::Int32, .args = kFuzzyMax,
     .uses_context = true, .summary = "EDIT_DISTANCE, maximum_distance + 1 past maximum_distance",
     TESSERA_ROW(tsf_edit_distance_max)},
    {.sql_name = "EDIT_DISTANCE_SIMILARITY", .kernel = "edit_distance_similarity", .result = SqlType::Int32,
     .args = kFuzzy, .uses_context = true, .summary = "100 * (1 - EDIT_DISTANCE / longer length), 0-100",
     TESSERA_ROW(tsf_edit_distance_similarity)},
    {.sql_name = "JARO_WINKLER_DISTANCE", .kernel = "jaro_winkler_distance", .result = SqlType::Float64,
     .args = kFuzzy, .uses_context = true, .summary = "1 - Jaro-Winkler similarity, 0-1",
     TESSERA_ROW(tsf_jaro_winkler_distance)},
    {.sql_name = "JARO_WINKLER_SIMILARITY", .kernel = "jaro_winkler_similarity", .result = SqlType::Int32,
     .args = kFuzzy, .uses_context = true, .summary = "Jaro-Winkler similarity as a percentage, 0-100",
     TESSERA_ROW(tsf_jaro_winkler_similarity)},
    // JSON (string_json.cpp). ISJSON(expression, VALUE | ARRAY | OBJECT | SCALAR) is isjson_type with the
    // constraint as its constant.
    {.sql_name = "ISJSON", .kernel = "isjson", .result = SqlType::Int32, .args = kJsonText,
     .summary = "1 if the text is a JSON object or array, else 0", TESSERA_ROW(tsf_isjson)},
    {.sql_name = "ISJSON", .kernel = "isjson_type", .result = SqlType::Int32, .args = kIsjsonType,
     .summary = "1 if the text is JSON of the type (1 VALUE, 2 ARRAY, 3 OBJECT, 4 SCALAR), else 0",
     TESSERA_ROW(tsf_isjson_type)},
    {.sql_name = "JSON_VALUE", .kernel = "json_value", .result = SqlType::String, .args = kJsonPath,
     .max_length = same_length, .summary = "the scalar at a JSON path as text (nvarchar(4000))",
     TESSERA_ROW(tsf_json_value)},
    {.sql_name = "JSON_QUERY", .kernel = "json_query", .result = SqlType::String, .args = kJsonPath,
     .max_length = same_length, .summary = "the object or array at a JSON path", TESSERA_ROW(tsf_json_query)},
    {.sql_name = "JSON_QUERY", .kernel = "json_query_root", .result = SqlType::String, .args = kJsonText,
     .max_length = same_length, .summary = "the text if it is a JSON object or array (path '$')",
     TESSERA_ROW(tsf_json_query_root)},
    {.sql_name = "JSON_PATH_EXISTS", .kernel = "json_path_exists", .result = SqlType::Int32, .args = kJsonPath,
     .summary = "1 if a JSON path has a value, else 0", TESSERA_ROW(tsf_json_path_exists)},
    {.sql_name = "JSON_CONTAINS", .kernel = "json_contains", .result = SqlType::Int32, .args = kJsonContains,
     .uses_context = true,
     .summary = "1 if a JSON string at a path (`[*]`: each element) equals the search string (search_mode 1: LIKE)",
     TESSERA_ROW(tsf_json_contains)},
    {.sql_name = "JSON_CONTAINS", .kernel = "json_contains_bigint", .result = SqlType::Int32,
     .args = kJsonContainsBigint, .summary = "1 if a JSON number at a path equals the integer",
     TESSERA_ROW(tsf_json_contains_bigint)},
    {.sql_name = "JSON_CONTAINS", .kernel = "json_contains_decimal", .result = SqlType::Int32,
     .args = kJsonContainsDecimal, .summary = "1 if a JSON number at a path equals the DECIMAL exactly",
     TESSERA_ROW(tsf_json_contains_decimal)},
    {.sql_name = "JSON_CONTAINS", .kernel = "json_contains_money", .result = SqlType::Int32,
     .args = kJsonContainsMoney, .summary = "1 if a JSON number at a path equals the MONEY exactly",
     TESSERA_ROW(tsf_json_contains_money)},
    {.sql_name = "JSON_CONTAINS", .kernel = "json_contains_float", .result = SqlType::Int32,
     .args = kJsonContainsFloat, .summary = "1 if a JSON number at a path equals the FLOAT",
     TESSERA_ROW(tsf_json_contains_float)},
    {.sql_name = "JSON_CONTAINS", .kernel = "json_contains_bit", .result = SqlType::Int32, .args = kJsonContainsBit,
     .summary = "1 if JSON true (BIT 1) or false (BIT 0) is at a path", TESSERA_ROW(tsf_json_contains_bit)},
    {.sql_name = "JSON_MODIFY", .kernel = "json_modify", .result = SqlType::String, .args = kJsonModify,
     .nulls = NullRule::Custom, .max_length = json_modify_length,
     .summary = "JSON text with the value at a path updated, inserted, appended or deleted (a string value)",
     TESSERA_ROW(tsf_json_modify)},
    {.sql_name = "JSON_MODIFY", .kernel = "json_modify_bigint", .result = SqlType::String, .args = kJsonModifyBigint,
     .nulls = NullRule::Custom, .max_length = json_modify_number_length,
     .summary = "JSON_MODIFY with an integer value (a JSON number)", TESSERA_ROW(tsf_json_modify_bigint)},
    {.sql_name = "JSON_MODIFY", .kernel = "json_modify_bit", .result = SqlType::String, .args = kJsonModifyBit,
     .nulls = NullRule::Custom, .max_length = json_modify_number_length,
     .summary = "JSON_MODIFY with a BIT value (true or false)", TESSERA_ROW(tsf_json_modify_bit)},
    {.sql_name = "JSON_MODIFY", .kernel = "json_modify_decimal", .result = SqlType::String,
     .args = kJsonModifyDecimal, .nulls = NullRule::Custom, .max_length = json_modify_number_length,
     .summary = "JSON_MODIFY with a DECIMAL value (a JSON number, s fraction digits)",
     TESSERA_ROW(tsf_json_modify_decimal)},
    {.sql_name = "JSON_MODIFY", .kernel = "json_modify_float", .result = SqlType::String, .args = kJsonModifyFloat,
     .nulls = NullRule::Custom, .max_length = json_modify_number_length,
     .summary = "JSON_MODIFY with a FLOAT value (a JSON number, 16 significant digits)",
     TESSERA_ROW(tsf_json_modify_float)},
    // Bound only by kernel (the same arguments as json_modify, after it): a value that is JSON text.
    {.sql_name = "JSON_MODIFY", .kernel = "json_modify_json", .result = SqlType::String, .args = kJsonModify,
     .nulls = NullRule::Custom, .max_length = json_modify_json_length,
     .summary = "JSON_MODIFY with a value that is JSON text (JSON_QUERY's result), not escaped",
     TESSERA_ROW(tsf_json_modify_json)},
    // JSON_OBJECT and JSON_ARRAY: bound only by kernel, as the binder's chain (bind_variadic.cpp).
    {.sql_name = "JSON_OBJECT", .kernel = "json_object_1", .result = SqlType::String, .args = kJsonObject1,
     .nulls = NullRule::Custom, .max_length = json_construct_length<2>,
     .summary = "JSON_OBJECT's link: the object so far with one more member", TESSERA_ROW(tsf_json_object_1)},
    {.sql_name = "JSON_OBJECT", .kernel = "json_object_2", .result = SqlType::String, .args = kJsonObject2,
     .nulls = NullRule::Custom, .max_length = json_construct_length<4>,
     .summary = "JSON_OBJECT's link: the object so far with two more members", TESSERA_ROW(tsf_json_object_2)},
    {.sql_name = "JSON_OBJECT", .kernel = "json_object_3", .result = SqlType::String, .args = kJsonObject3,
     .nulls = NullRule::Custom, .max_length = json_construct_length<6>,
     .summary = "JSON_OBJECT's link: the object so far with three more members", TESSERA_ROW(tsf_json_object_3)},
    {.sql_name = "JSON_ARRAY", .kernel = "json_array_1", .result = SqlType::String, .args = kJsonArray1,
     .nulls = NullRule::Custom, .max_length = json_construct_length<1>,
     .summary = "JSON_ARRAY's link: the array so far with one more element", TESSERA_ROW(tsf_json_array_1)},
    {.sql_name = "JSON_ARRAY", .kernel = "json_array_2", .result = SqlType::String, .args = kJsonArray2,
     .nulls = NullRule::Custom, .max_length = json_construct_length<2>,
     .summary = "JSON_ARRAY's link: the array so far with two more elements", TESSERA_ROW(tsf_json_array_2)},
    {.sql_name = "JSON_ARRAY", .kernel = "json_array_3", .result = SqlType::String, .args = kJsonArray3,
     .nulls = NullRule::Custom, .max_length = json_construct_length<3>,
     .summary = "JSON_ARRAY's link: the array so far with three more elements", TESSERA_ROW(tsf_json_array_3)},
    // Regular expressions (string_regex.cpp, SQL Server 2025): RE2 syntax, linear-time matching.
    {.sql_name = "REGEXP_LIKE", .kernel = "regexp_like_2", .result = SqlType::Bool, .args = kRxLike2,
     .summary = "whether the pattern matches in the string", TESSERA_ROW(tsf_regexp_like_2)},
    {.sql_name = "REGEXP_LIKE", .kernel = "regexp_like_3", .result = SqlType::Bool, .args = kRxLike3,
     .summary = "REGEXP_LIKE with flags (c, i, m, s)", TESSERA_ROW(tsf_regexp_like_3)},
    {.sql_name = "REGEXP_REPLACE", .kernel = "regexp_replace_2", .result = SqlType::String, .args = kRxLike2,
     .max_length = same_length, .summary = "every match of the pattern removed", TESSERA_ROW(tsf_regexp_replace_2)},
    {.sql_name = "REGEXP_REPLACE", .kernel = "regexp_replace_3", .result = SqlType::String, .args = kRxReplace3,
     .max_length = regexp_replace_length, .summary = "every match replaced (\\1..\\9 and & its groups)",
     TESSERA_ROW(tsf_regexp_replace_3)},
    {.sql_name = "REGEXP_REPLACE", .kernel = "regexp_replace_4", .result = SqlType::String, .args = kRxReplace4,
     .max_length = regexp_replace_length, .summary = "every match from a start position replaced",
     TESSERA_ROW(tsf_regexp_replace_4)},
    {.sql_name = "REGEXP_REPLACE", .kernel = "regexp_replace_5", .result = SqlType::String, .args = kRxReplace5,
     .max_length = regexp_replace_length, .summary = "one occurrence (0: every one) replaced",
     TESSERA_ROW(tsf_regexp_replace_5)},
    {.sql_name = "REGEXP_REPLACE", .kernel = "regexp_replace_6", .result = SqlType::String, .args = kRxReplace6,
     .max_length = regexp_replace_length, .summary = "REGEXP_REPLACE with flags", TESSERA_ROW(tsf_regexp_replace_6)},
    {.sql_name = "REGEXP_SUBSTR", .kernel = "regexp_substr_2", .result = SqlType::String, .args = kRxLike2,
     .max_length = same_length, .summary = "the first match, NULL if none", TESSERA_ROW(tsf_regexp_substr_2)},
    {.sql_name = "REGEXP_SUBSTR", .kernel = "regexp_substr_3", .result = SqlType::String, .args = kRxStart3,
     .max_length = same_length, .summary = "the first match from a start position", TESSERA_ROW(tsf_regexp_substr_3)},
    {.sql_name = "REGEXP_SUBSTR", .kernel = "regexp_substr_4", .result = SqlType::String, .args = kRxStart4,
     .max_length = same_length, .summary = "the n-th match", TESSERA_ROW(tsf_regexp_substr_4)},
    {.sql_name = "REGEXP_SUBSTR", .kernel = "regexp_substr_5", .result = SqlType::String, .args = kRxSubstr5,
     .max_length = same_length, .summary = "the n-th match, with flags", TESSERA_ROW(tsf_regexp_substr_5)},
    {.sql_name = "REGEXP_SUBSTR", .kernel = "regexp_substr_6", .result = SqlType::String, .args = kRxSubstr6,
     .max_length = same_length, .summary = "a capture group of the n-th match", TESSERA_ROW(tsf_regexp_substr_6)},
    {.sql_name = "REGEXP_INSTR", .kernel = "regexp_instr_2", .result = SqlType::Int32, .args = kRxLike2,
     .summary = "1-based position of the first match, 0 if none", TESSERA_ROW(tsf_regexp_instr_2)},
    {.sql_name = "REGEXP_INSTR", .kernel = "regexp_instr_3", .result = SqlType::Int32, .args = kRxStart3,
     .summary = "position of the first match from a start position", TESSERA_ROW(tsf_regexp_instr_3)},
    {.sql_name = "REGEXP_INSTR", .kernel = "regexp_instr_4", .result = SqlType::Int32, .args = kRxStart4,
     .summary = "position of the n-th match", TESSERA_ROW(tsf_regexp_instr_4)},
    {.sql_name = "REGEXP_INSTR", .kernel = "regexp_instr_5", .result = SqlType::Int32, .args = kRxInstr5,
     .summary = "position of the n-th match's start (0) or of the character after it (1)",
     TESSERA_ROW(tsf_regexp_instr_5)},
    {.sql_name = "REGEXP_INSTR", .kernel = "regexp_instr_6", .result = SqlType::Int32, .args = kRxInstr6,
     .summary = "REGEXP_INSTR with flags", TESSERA_ROW(tsf_regexp_instr_6)},
    {.sql_name = "REGEXP_INSTR", .kernel = "regexp_instr_7", .result = SqlType::Int32, .args = kRxInstr7,
     .summary = "position of a capture group of the n-th match", TESSERA_ROW(tsf_regexp_instr_7)},
    {.sql_name = "REGEXP_COUNT", .kernel = "regexp_count_2", .result = SqlType::Int32, .args = kRxLike2,
     .summary = "number of non-overlapping matches", TESSERA_ROW(tsf_regexp_count_2)},
    {.sql_name = "REGEXP_COUNT", .kernel = "regexp_count_3", .result = SqlType::Int32, .args = kRxStart3,
     .summary = "number of matches from a start position", TESSERA_ROW(tsf_regexp_count_3)},
    {.sql_name = "REGEXP_COUNT", .kernel = "regexp_count_4", .result = SqlType::Int32, .args = kRxCount4,
     .summary = "REGEXP_COUNT with flags", TESSERA_ROW(tsf_regexp_count_4)},
};
}  // namespace

std::span<const FunctionSpec> string_functions() { return kStringFunctions; }

}  // namespace tessera::fn
