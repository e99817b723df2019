// Month and weekday names per SET LANGUAGE (as in sys.syslanguages), UTF-8.
// Constant namespace-scope tables, indexed by SessionContext::language.
#pragma once

#include <cstdint>

#include "tessera/functions/session_context.hpp"

namespace tessera::fn {

struct DateName {
  const char* text;
  int32_t len;  // bytes
};

template <int32_t N>
constexpr DateName date_name(const char (&s)[N]) {
  return DateName{s, N - 1};
}

struct LanguageNames {
  DateName months[12];
  DateName short_months[12];
  DateName weekdays[7];  // ISO order: Monday first
};

constexpr LanguageNames kEnglishNames = {
    {date_name("January"), date_name("February"), date_name("March"), date_name("April"), date_name("May"),
     date_name("June"), date_name("July"), date_name("August"), date_name("September"), date_name("October"),
     date_name("November"), date_name("December")},
    {date_name("Jan"), date_name("Feb"), date_name("Mar"), date_name("Apr"), date_name("May"), date_name("Jun"),
     date_name("Jul"), date_name("Aug"), date_name("Sep"), date_name("Oct"), date_name("Nov"), date_name("Dec")},
    {date_name("Monday"), date_name("Tuesday"), date_name("Wednesday"), date_name("Thursday"),
     date_name("Friday"), date_name("Saturday"), date_name("Sunday")},
};

constexpr LanguageNames kGermanNames = {
    {date_name("Januar"), date_name("Februar"), date_name("März"), date_name("April"), date_name("Mai"),
     date_name("Juni"), date_name("Juli"), date_name("August"), date_name("September"), date_name("Oktober"),
     date_name("November"), date_name("Dezember")},
    {date_name("Jan"), date_name("Feb"), date_name("Mär"), date_name("Apr"), date_name("Mai"), date_name("Jun"),
     date_name("Jul"), date_name("Aug"), date_name("Sep"), date_name("Okt"), date_name("Nov"), date_name("Dez")},
    {date_name("Montag"), date_name("Dienstag"), date_name("Mittwoch"), date_name("Donnerstag"),
     date_name("Freitag"), date_name("Samstag"), date_name("Sonntag")},
};

constexpr LanguageNames kFrenchNames = {
    {date_name("janvier"), date_name("février"), date_name("mars"), date_name("avril"), date_name("mai"),
     date_name("juin"), date_name("juillet"), date_name("août"), date_name("septembre"), date_name("octobre"),
     date_name("novembre"), date_name("décembre")},
    {date_name("janv"), date_name("févr"), date_name("mars"), date_name("avr"), date_name("mai"),
     date_name("juin"), date_name("juil"), date_name("août"), date_name("sept"), date_name("oct"),
     date_name("nov"), date_name("déc")},
    {date_name("lundi"), date_name("mardi"), date_name("mercredi"), date_name("jeudi"), date_name("vendredi"),
     date_name("samedi"), date_name("dimanche")},
};

// Indexed by Language (us_english and british share the English names).
constexpr const LanguageNames* kLanguageNames[kLanguageCount] = {&kEnglishNames, &kEnglishNames,
                                                                        &kGermanNames, &kFrenchNames};

constexpr const LanguageNames& language_names(int32_t language) {
  return *kLanguageNames[(language >= 0 && language < kLanguageCount) ? language : kUsEnglish];
}

// Longest names in bytes over all languages (the bounds for length rules).
constexpr int32_t max_full_name_bytes() {
  int32_t m = 0;
  for (const LanguageNames* l : kLanguageNames) {
    for (const DateName& n : l->months) m = n.len > m ? n.len : m;
    for (const DateName& n : l->weekdays) m = n.len > m ? n.len : m;
  }
  return m;
}
constexpr int32_t max_short_month_bytes() {
  int32_t m = 0;
  for (const LanguageNames* l : kLanguageNames)
    for (const DateName& n : l->short_months) m = n.len > m ? n.len : m;
  return m;
}
constexpr int32_t kMaxDateNameBytes = max_full_name_bytes();
constexpr int32_t kMaxShortMonthBytes = max_short_month_bytes();
static_assert(kMaxDateNameBytes == 10);  // "Donnerstag"
static_assert(kMaxShortMonthBytes == 5);  // "févr", "août"

}  // namespace tessera::fn
