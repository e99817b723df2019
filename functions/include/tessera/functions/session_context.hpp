// The session state that SQL Server scalar functions depend on.
//
// Plain data: four 32-bit fields, no pointers, so that a kernel stub can build
// it from four scalar parameters (or constants, for specialised kernels) and
// the same struct works on the CPU and on the GPU. Name tables for languages
// are constant arrays in the library, indexed by `language`.
#pragma once

#include <cstdint>

namespace tessera::fn {

// SET DATEFORMAT: the order of day, month and year in date strings.
enum DateFormat : int32_t { kMdy = 0, kDmy = 1, kYmd = 2, kYdm = 3, kMyd = 4, kDym = 5 };

// SET LANGUAGE: selects month and weekday names (and the language's default
// DATEFIRST/DATEFORMAT when the session is created for it).
enum Language : int32_t { kUsEnglish = 0, kBritish = 1, kDeutsch = 2, kFrancais = 3, kLanguageCount };

// Collation flags (bit set). Without kCaseInsensitive comparisons are binary.
enum CollationFlags : uint32_t { kCaseInsensitive = 1u << 0, kAccentInsensitive = 1u << 1 };

struct SessionContext {
  int32_t datefirst = 7;              // SET DATEFIRST: 1 = Monday ... 7 = Sunday
  int32_t dateformat = kMdy;          // SET DATEFORMAT
  int32_t language = kUsEnglish;      // SET LANGUAGE
  uint32_t collation = kCaseInsensitive;  // SQL_Latin1_General_CP1_CI_AS-like default

  // The session defaults SQL Server uses for a login with this language.
  static constexpr SessionContext for_language(int32_t lang) {
    SessionContext c;
    c.language = lang;
    if (lang == kBritish || lang == kFrancais || lang == kDeutsch) {
      c.datefirst = 1;
      c.dateformat = kDmy;
    }
    return c;
  }
};

// The kernel ABI passes these four fields as i32 scalars, in this order.
static_assert(sizeof(SessionContext) == 16, "SessionContext must stay four 32-bit fields");

}  // namespace tessera::fn
