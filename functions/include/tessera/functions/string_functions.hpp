// Row functions of the string family (SQL Server semantics, UTF-8 strings with
// code-point character semantics). See row_abi.hpp for the conventions.
#pragma once

#include "tessera/functions/row_abi.hpp"

namespace tessera::fn {
// The fuzzy matching functions' limits (string_fuzzy.cpp): characters of any argument (nvarchar(4000)), and of
// the shorter argument of EDIT_DISTANCE and EDIT_DISTANCE_SIMILARITY (its table's rows are stack buffers).
// Past them a row is kStringTooLong (Msg 8116).
inline constexpr int32_t kFuzzyMaxChars = 4000;
inline constexpr int32_t kEditDistanceMaxChars = 256;
}  // namespace tessera::fn

// ---- case (string_case.cpp) ----
TESSERA_ROW_FN int32_t tsf_lower(char* out, int32_t* out_len, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_upper(char* out, int32_t* out_len, const char* s, int32_t s_len);

// ---- slices and lengths (string_slice.cpp) ----
TESSERA_ROW_FN int32_t tsf_left(char* out, int32_t* out_len, const char* s, int32_t s_len, int64_t n);
TESSERA_ROW_FN int32_t tsf_right(char* out, int32_t* out_len, const char* s, int32_t s_len, int64_t n);
TESSERA_ROW_FN int32_t tsf_substring(char* out, int32_t* out_len, const char* s, int32_t s_len, int64_t start,
                                     int64_t length);
TESSERA_ROW_FN int32_t tsf_len(int32_t* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_datalength(int32_t* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_octet_length(int32_t* out, const char* s, int32_t s_len);  // {fn OCTET_LENGTH(s)}
TESSERA_ROW_FN int32_t tsf_bit_length(int32_t* out, const char* s, int32_t s_len);    // {fn BIT_LENGTH(s)}
TESSERA_ROW_FN int32_t tsf_reverse(char* out, int32_t* out_len, const char* s, int32_t s_len);

// ---- trimming (string_trim.cpp) ----
TESSERA_ROW_FN int32_t tsf_ltrim(char* out, int32_t* out_len, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_rtrim(char* out, int32_t* out_len, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_trim(char* out, int32_t* out_len, const char* s, int32_t s_len);
// LTRIM(string, characters), RTRIM(string, characters), TRIM(characters FROM string)
TESSERA_ROW_FN int32_t tsf_ltrim_chars(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* chars,
                                       int32_t chars_len, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_rtrim_chars(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* chars,
                                       int32_t chars_len, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_trim_chars(char* out, int32_t* out_len, const char* chars, int32_t chars_len,
                                      const char* s, int32_t s_len, const tessera::fn::SessionContext* ctx);

// ---- search and replace (string_search.cpp) ----
TESSERA_ROW_FN int32_t tsf_replace(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* find,
                                   int32_t find_len, const char* repl, int32_t repl_len, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_charindex(int32_t* out, const char* find, int32_t find_len, const char* s, int32_t s_len,
                                     const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_charindex_start(int32_t* out, const char* find, int32_t find_len, const char* s,
                                           int32_t s_len, int64_t start, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_translate(char* out, int32_t* out_len, const char* s, int32_t s_len, const char* from,
                                     int32_t from_len, const char* to, int32_t to_len, const tessera::fn::SessionContext* ctx);

// ---- patterns (string_pattern.cpp) ----
TESSERA_ROW_FN int32_t tsf_like(uint8_t* out, const char* s, int32_t s_len, const char* pattern, int32_t pattern_len,
                                const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_like_escape(uint8_t* out, const char* s, int32_t s_len, const char* pattern,
                                       int32_t pattern_len, const char* escape, int32_t escape_len,
                                       const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_patindex(int32_t* out, const char* pattern, int32_t pattern_len, const char* s,
                                    int32_t s_len, const tessera::fn::SessionContext* ctx);

// ---- building strings (string_build.cpp) ----
TESSERA_ROW_FN int32_t tsf_replicate(char* out, int32_t* out_len, const char* s, int32_t s_len, int64_t n);
TESSERA_ROW_FN int32_t tsf_space(char* out, int32_t* out_len, int32_t n);
TESSERA_ROW_FN int32_t tsf_stuff(char* out, int32_t* out_len, const char* s, int32_t s_len, int64_t start,
                                 int64_t length, const char* repl, int32_t repl_len);
TESSERA_ROW_FN int32_t tsf_concat_2(char* out, int32_t* out_len, const char* a, int32_t a_len, uint8_t a_null,
                                    const char* b, int32_t b_len, uint8_t b_null);
TESSERA_ROW_FN int32_t tsf_concat_3(char* out, int32_t* out_len, const char* a, int32_t a_len, uint8_t a_null,
                                    const char* b, int32_t b_len, uint8_t b_null, const char* c, int32_t c_len,
                                    uint8_t c_null);
TESSERA_ROW_FN int32_t tsf_concat_ws_2(char* out, int32_t* out_len, const char* sep, int32_t sep_len,
                                       uint8_t sep_null, const char* a, int32_t a_len, uint8_t a_null, const char* b,
                                       int32_t b_len, uint8_t b_null);
TESSERA_ROW_FN int32_t tsf_concat_ws_3(char* out, int32_t* out_len, const char* sep, int32_t sep_len,
                                       uint8_t sep_null, const char* a, int32_t a_len, uint8_t a_null, const char* b,
                                       int32_t b_len, uint8_t b_null, const char* c, int32_t c_len, uint8_t c_null);
TESSERA_ROW_FN int32_t tsf_concat_ws_3_or_null(char* out, int32_t* out_len, const char* sep, int32_t sep_len,
                                               uint8_t sep_null, const char* a, int32_t a_len, uint8_t a_null,
                                               const char* b, int32_t b_len, uint8_t b_null, const char* c,
                                               int32_t c_len, uint8_t c_null);
TESSERA_ROW_FN int32_t tsf_quotename(char* out, int32_t* out_len, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_quotename_quote(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* quote, int32_t quote_len);

// ---- escaping (string_escape.cpp) ----
// STRING_ESCAPE(text, 'json'): the binder checks the type and binds this kernel (at most 6 bytes per byte).
TESSERA_ROW_FN int32_t tsf_string_escape_json(char* out, int32_t* out_len, const char* s, int32_t s_len);
// UNISTR(text [, unicode_escape_character]): escape sequences of UTF-16 code units and code points decoded; the
// binder passes the escape character as its code point (92, the backslash, by default).
TESSERA_ROW_FN int32_t tsf_unistr(char* out, int32_t* out_len, const char* s, int32_t s_len, int32_t escape);

// ---- fuzzy matching (string_fuzzy.cpp), SQL Server 2025 ----
// EDIT_DISTANCE(a, b [, max_distance]), EDIT_DISTANCE_SIMILARITY(a, b), JARO_WINKLER_DISTANCE(a, b),
// JARO_WINKLER_SIMILARITY(a, b)
TESSERA_ROW_FN int32_t tsf_edit_distance(int32_t* out, const char* a, int32_t a_len, const char* b, int32_t b_len,
                                         const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_edit_distance_max(int32_t* out, const char* a, int32_t a_len, const char* b,
                                             int32_t b_len, int32_t max_distance,
                                             const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_edit_distance_similarity(int32_t* out, const char* a, int32_t a_len, const char* b,
                                                    int32_t b_len, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_jaro_winkler_distance(double* out, const char* a, int32_t a_len, const char* b,
                                                 int32_t b_len, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_jaro_winkler_similarity(int32_t* out, const char* a, int32_t a_len, const char* b,
                                                   int32_t b_len, const tessera::fn::SessionContext* ctx);

// ---- JSON (string_json.cpp): ISJSON, JSON_VALUE, JSON_QUERY, JSON_PATH_EXISTS, JSON_MODIFY ----
namespace tessera::fn {
// Containers nest at most this deep (SQL Server's limit); deeper text is not valid JSON (Msg 13609).
inline constexpr int32_t kJsonMaxDepth = 128;
// A path has at most this many steps (`.key` or `[n]`); more is Msg 13607.
inline constexpr int32_t kJsonMaxPathSteps = 32;
// ISJSON's json_type_constraint (SQL Server 2022) as the kernel's constant; 0 is ISJSON without one.
inline constexpr int32_t kJsonTypeObjectOrArray = 0;
inline constexpr int32_t kJsonTypeValue = 1;
inline constexpr int32_t kJsonTypeArray = 2;
inline constexpr int32_t kJsonTypeObject = 3;
inline constexpr int32_t kJsonTypeScalar = 4;
}  // namespace tessera::fn
TESSERA_ROW_FN int32_t tsf_isjson(int32_t* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_isjson_type(int32_t* out, const char* s, int32_t s_len, int32_t type);
TESSERA_ROW_FN int32_t tsf_json_value(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                      const char* path, int32_t path_len);
TESSERA_ROW_FN int32_t tsf_json_query(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                      const char* path, int32_t path_len);
TESSERA_ROW_FN int32_t tsf_json_query_root(char* out, int32_t* out_len, const char* json, int32_t json_len);
TESSERA_ROW_FN int32_t tsf_json_path_exists(int32_t* out, const char* json, int32_t json_len, const char* path,
                                            int32_t path_len);
// JSON_MODIFY(expression, path, newValue): newValue a string (quoted and escaped), JSON text (as it is: the
// binder's choice for JSON_QUERY's result), an integer, a BIT, a DECIMAL or a FLOAT. NULL newValue deletes (lax)
// or writes null (strict).
TESSERA_ROW_FN int32_t tsf_json_modify(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                       uint8_t json_null, const char* path, int32_t path_len, uint8_t path_null,
                                       const char* v, int32_t v_len, uint8_t v_null);
TESSERA_ROW_FN int32_t tsf_json_modify_json(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                            uint8_t json_null, const char* path, int32_t path_len,
                                            uint8_t path_null, const char* v, int32_t v_len, uint8_t v_null);
TESSERA_ROW_FN int32_t tsf_json_modify_bigint(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                              uint8_t json_null, const char* path, int32_t path_len,
                                              uint8_t path_null, int64_t v, uint8_t v_null);
TESSERA_ROW_FN int32_t tsf_json_modify_bit(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                           uint8_t json_null, const char* path, int32_t path_len, uint8_t path_null,
                                           uint8_t v, uint8_t v_null);
TESSERA_ROW_FN int32_t tsf_json_modify_decimal(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                               uint8_t json_null, const char* path, int32_t path_len,
                                               uint8_t path_null, int64_t v, uint8_t v_null, int32_t p, int32_t s);
TESSERA_ROW_FN int32_t tsf_json_modify_float(char* out, int32_t* out_len, const char* json, int32_t json_len,
                                             uint8_t json_null, const char* path, int32_t path_len,
                                             uint8_t path_null, double v, uint8_t v_null);
// JSON_CONTAINS(target, search_value [, path [, search_mode]]) (SQL Server 2025): 1 if a scalar at the path (a
// `[*]` step: each element) equals the search value by its SQL type (a string: the collation's equality, or LIKE with
// search_mode 1; a number: exactly; a BIT: true or false), else 0; no value at the path: NULL (lax) or Msg 13608.
TESSERA_ROW_FN int32_t tsf_json_contains(int32_t* out, const char* json, int32_t json_len, const char* value,
                                         int32_t value_len, const char* path, int32_t path_len, int32_t search_mode,
                                         const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_json_contains_bigint(int32_t* out, const char* json, int32_t json_len, int64_t value,
                                                const char* path, int32_t path_len);
TESSERA_ROW_FN int32_t tsf_json_contains_decimal(int32_t* out, const char* json, int32_t json_len, int64_t value,
                                                 int32_t p, int32_t s, const char* path, int32_t path_len);
TESSERA_ROW_FN int32_t tsf_json_contains_money(int32_t* out, const char* json, int32_t json_len, int64_t value,
                                               const char* path, int32_t path_len);
TESSERA_ROW_FN int32_t tsf_json_contains_float(int32_t* out, const char* json, int32_t json_len, double value,
                                               const char* path, int32_t path_len);
TESSERA_ROW_FN int32_t tsf_json_contains_bit(int32_t* out, const char* json, int32_t json_len, uint8_t value,
                                             const char* path, int32_t path_len);
// JSON_OBJECT and JSON_ARRAY (SQL Server 2022): links of the binder's chain. Each copies the container so far (obj,
// arr: '{}' or '[]' first) without its closing bracket and adds members or elements. flags: bit 0 ABSENT ON NULL,
// bits 1+2i..2+2i the i-th value's kind (0 a string, escaped; 1 a number or JSON text, as it is; 2 a BIT's text,
// true or false). A NULL key is kInvalidArgument.
TESSERA_ROW_FN int32_t tsf_json_object_1(char* out, int32_t* out_len, const char* obj, int32_t obj_len,
                                         uint8_t obj_null, const char* k1, int32_t k1_len, uint8_t k1_null,
                                         const char* v1, int32_t v1_len, uint8_t v1_null, int32_t flags);
TESSERA_ROW_FN int32_t tsf_json_object_2(char* out, int32_t* out_len, const char* obj, int32_t obj_len,
                                         uint8_t obj_null, const char* k1, int32_t k1_len, uint8_t k1_null,
                                         const char* v1, int32_t v1_len, uint8_t v1_null, const char* k2,
                                         int32_t k2_len, uint8_t k2_null, const char* v2, int32_t v2_len,
                                         uint8_t v2_null, int32_t flags);
TESSERA_ROW_FN int32_t tsf_json_object_3(char* out, int32_t* out_len, const char* obj, int32_t obj_len,
                                         uint8_t obj_null, const char* k1, int32_t k1_len, uint8_t k1_null,
                                         const char* v1, int32_t v1_len, uint8_t v1_null, const char* k2,
                                         int32_t k2_len, uint8_t k2_null, const char* v2, int32_t v2_len,
                                         uint8_t v2_null, const char* k3, int32_t k3_len, uint8_t k3_null,
                                         const char* v3, int32_t v3_len, uint8_t v3_null, int32_t flags);
TESSERA_ROW_FN int32_t tsf_json_array_1(char* out, int32_t* out_len, const char* arr, int32_t arr_len,
                                        uint8_t arr_null, const char* v1, int32_t v1_len, uint8_t v1_null,
                                        int32_t flags);
TESSERA_ROW_FN int32_t tsf_json_array_2(char* out, int32_t* out_len, const char* arr, int32_t arr_len,
                                        uint8_t arr_null, const char* v1, int32_t v1_len, uint8_t v1_null,
                                        const char* v2, int32_t v2_len, uint8_t v2_null, int32_t flags);
TESSERA_ROW_FN int32_t tsf_json_array_3(char* out, int32_t* out_len, const char* arr, int32_t arr_len,
                                        uint8_t arr_null, const char* v1, int32_t v1_len, uint8_t v1_null,
                                        const char* v2, int32_t v2_len, uint8_t v2_null, const char* v3,
                                        int32_t v3_len, uint8_t v3_null, int32_t flags);

// ---- single characters (string_char.cpp) ----
TESSERA_ROW_FN int32_t tsf_ascii(int32_t* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_char(char* out, int32_t* out_len, int32_t code);
TESSERA_ROW_FN int32_t tsf_unicode(int32_t* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_nchar(char* out, int32_t* out_len, int32_t code);

// ---- phonetic (string_soundex.cpp) ----
TESSERA_ROW_FN int32_t tsf_soundex(char* out, int32_t* out_len, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_difference(int32_t* out, const char* a, int32_t a_len, const char* b, int32_t b_len);
