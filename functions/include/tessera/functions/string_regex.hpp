// The regular-expression functions of SQL Server 2025 (string_regex.cpp; the matcher is regex.hpp): one row
// function per number of SQL arguments, the omitted optional arguments taking their documented defaults
// (replacement '', start 1, occurrence 0 for REGEXP_REPLACE and 1 for the others, return_option 0, flags 'c',
// group 0).
#pragma once

#include "tessera/functions/row_abi.hpp"

// REGEXP_LIKE(string, pattern [, flags])
TESSERA_ROW_FN int32_t tsf_regexp_like_2(uint8_t* out, const char* s, int32_t s_len, const char* pat,
                                         int32_t pat_len);
TESSERA_ROW_FN int32_t tsf_regexp_like_3(uint8_t* out, const char* s, int32_t s_len, const char* pat,
                                         int32_t pat_len, const char* flags, int32_t flags_len);

// REGEXP_REPLACE(string, pattern [, replacement [, start [, occurrence [, flags]]]])
TESSERA_ROW_FN int32_t tsf_regexp_replace_2(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                            const char* pat, int32_t pat_len);
TESSERA_ROW_FN int32_t tsf_regexp_replace_3(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                            const char* pat, int32_t pat_len, const char* repl, int32_t repl_len);
TESSERA_ROW_FN int32_t tsf_regexp_replace_4(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                            const char* pat, int32_t pat_len, const char* repl, int32_t repl_len,
                                            int64_t start);
TESSERA_ROW_FN int32_t tsf_regexp_replace_5(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                            const char* pat, int32_t pat_len, const char* repl, int32_t repl_len,
                                            int64_t start, int64_t occurrence);
TESSERA_ROW_FN int32_t tsf_regexp_replace_6(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                            const char* pat, int32_t pat_len, const char* repl, int32_t repl_len,
                                            int64_t start, int64_t occurrence, const char* flags,
                                            int32_t flags_len);

// REGEXP_SUBSTR(string, pattern [, start [, occurrence [, flags [, group]]]])
TESSERA_ROW_FN int32_t tsf_regexp_substr_2(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* pat, int32_t pat_len);
TESSERA_ROW_FN int32_t tsf_regexp_substr_3(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* pat, int32_t pat_len, int64_t start);
TESSERA_ROW_FN int32_t tsf_regexp_substr_4(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* pat, int32_t pat_len, int64_t start, int64_t occurrence);
TESSERA_ROW_FN int32_t tsf_regexp_substr_5(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* pat, int32_t pat_len, int64_t start, int64_t occurrence,
                                           const char* flags, int32_t flags_len);
TESSERA_ROW_FN int32_t tsf_regexp_substr_6(char* out, int32_t* out_len, const char* s, int32_t s_len,
                                           const char* pat, int32_t pat_len, int64_t start, int64_t occurrence,
                                           const char* flags, int32_t flags_len, int32_t group);

// REGEXP_INSTR(string, pattern [, start [, occurrence [, return_option [, flags [, group]]]]])
TESSERA_ROW_FN int32_t tsf_regexp_instr_2(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len);
TESSERA_ROW_FN int32_t tsf_regexp_instr_3(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start);
TESSERA_ROW_FN int32_t tsf_regexp_instr_4(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start, int64_t occurrence);
TESSERA_ROW_FN int32_t tsf_regexp_instr_5(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start, int64_t occurrence,
                                          int32_t return_option);
TESSERA_ROW_FN int32_t tsf_regexp_instr_6(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start, int64_t occurrence,
                                          int32_t return_option, const char* flags, int32_t flags_len);
TESSERA_ROW_FN int32_t tsf_regexp_instr_7(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start, int64_t occurrence,
                                          int32_t return_option, const char* flags, int32_t flags_len,
                                          int32_t group);

// REGEXP_COUNT(string, pattern [, start [, flags]])
TESSERA_ROW_FN int32_t tsf_regexp_count_2(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len);
TESSERA_ROW_FN int32_t tsf_regexp_count_3(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start);
TESSERA_ROW_FN int32_t tsf_regexp_count_4(int32_t* out, const char* s, int32_t s_len, const char* pat,
                                          int32_t pat_len, int64_t start, const char* flags, int32_t flags_len);
