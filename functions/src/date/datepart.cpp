// DATEPART, DATENAME, DATETRUNC: fields of a date under the session's
// DATEFIRST and LANGUAGE.
#include "tessera/functions/calendar.hpp"
#include "tessera/functions/date_format.hpp"
#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/date_part.hpp"

using tessera::fn::Calendar;
using tessera::fn::CivilDate;
using tessera::fn::DateMath;
using tessera::fn::DatePart;
using tessera::fn::DateWriter;
using tessera::fn::SessionContext;


TESSERA_ROW_FN int32_t tsf_datepart(int32_t* out, int32_t part, int32_t date, const SessionContext* ctx) {
  return DateMath::part(part, date, ctx->datefirst, out) ? tessera::fn::kOk : tessera::fn::kInvalidDatepart;
}

// Month and weekday give the session language's name; the other parts give
// DATEPART's number as text.
TESSERA_ROW_FN int32_t tsf_datename(char* out, int32_t* out_len, int32_t part, int32_t date,
                                    const SessionContext* ctx) {
  const tessera::fn::LanguageNames& names = tessera::fn::language_names(ctx->language);
  DateWriter w(out);
  if (part == static_cast<int32_t>(DatePart::Month)) {
    w.text(names.months[Calendar::from_days(date).month - 1]);
  } else if (part == static_cast<int32_t>(DatePart::Weekday)) {
    w.text(names.weekdays[Calendar::iso_weekday(date) - 1]);
  } else {
    int32_t v = 0;
    if (!DateMath::part(part, date, ctx->datefirst, &v)) return tessera::fn::kInvalidDatepart;
    w.number(v);
  }
  *out_len = w.size();
  return tessera::fn::kOk;
}

// DATETRUNC (SQL Server 2022): the first day of the part that holds the date.
TESSERA_ROW_FN int32_t tsf_datetrunc(int32_t* out, int32_t part, int32_t date, const SessionContext* ctx) {
  const CivilDate c = Calendar::from_days(date);
  int64_t r = date;
  switch (static_cast<DatePart>(part)) {
    case DatePart::Year: r = Calendar::to_days(c.year, 1, 1); break;
    case DatePart::Quarter: r = Calendar::to_days(c.year, (DateMath::quarter(c.month) - 1) * 3 + 1, 1); break;
    case DatePart::Month: r = Calendar::to_days(c.year, c.month, 1); break;
    case DatePart::DayOfYear:
    case DatePart::Day: r = date; break;
    case DatePart::Week: r = int64_t(date) - (DateMath::weekday(date, ctx->datefirst) - 1); break;
    case DatePart::IsoWeek: r = int64_t(date) - (Calendar::iso_weekday(date) - 1); break;
    default: return tessera::fn::kInvalidDatepart;  // weekday is not a DATETRUNC part
  }
  if (!Calendar::in_range(r)) return tessera::fn::kDateOverflow;
  *out = static_cast<int32_t>(r);
  return tessera::fn::kOk;
}
