// Date arithmetic: DATEADD, DATEDIFF, DATEDIFF_BIG, EOMONTH, DATEFROMPARTS,
// DATE_BUCKET.
#include "tessera/functions/calendar.hpp"
#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/date_part.hpp"

using tessera::fn::Calendar;
using tessera::fn::CivilDate;
using tessera::fn::DateMath;
using tessera::fn::DatePart;
using tessera::fn::kDatediffOverflow;
using tessera::fn::kDateOverflow;
using tessera::fn::kInvalidArgument;
using tessera::fn::kInvalidDatepart;
using tessera::fn::kInvalidDateParts;
using tessera::fn::kOk;


TESSERA_ROW_FN int32_t tsf_dateadd(int32_t* out, int32_t part, int32_t number, int32_t date) {
  bool ok = false;
  switch (static_cast<DatePart>(part)) {
    case DatePart::Year: ok = DateMath::add_months(date, int64_t(number) * 12, out); break;
    case DatePart::Quarter: ok = DateMath::add_months(date, int64_t(number) * 3, out); break;
    case DatePart::Month: ok = DateMath::add_months(date, number, out); break;
    case DatePart::DayOfYear:
    case DatePart::Day:
    case DatePart::Weekday: ok = DateMath::add_days(date, number, out); break;
    case DatePart::Week: ok = DateMath::add_days(date, int64_t(number) * 7, out); break;
    default: return kInvalidDatepart;  // iso_week is not a DATEADD part
  }
  return ok ? kOk : kDateOverflow;
}

TESSERA_ROW_FN int32_t tsf_datediff(int32_t* out, int32_t part, int32_t start, int32_t end) {
  int64_t d = 0;
  if (!DateMath::diff(part, start, end, &d)) return kInvalidDatepart;
  if (d < INT32_MIN || d > INT32_MAX) return kDatediffOverflow;
  *out = static_cast<int32_t>(d);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_datediff_big(int64_t* out, int32_t part, int32_t start, int32_t end) {
  return DateMath::diff(part, start, end, out) ? kOk : kInvalidDatepart;
}

TESSERA_ROW_FN int32_t tsf_eomonth(int32_t* out, int32_t date) {
  return DateMath::end_of_month(date, 0, out) ? kOk : kDateOverflow;
}

TESSERA_ROW_FN int32_t tsf_eomonth_add(int32_t* out, int32_t date, int32_t months) {
  return DateMath::end_of_month(date, months, out) ? kOk : kDateOverflow;
}

TESSERA_ROW_FN int32_t tsf_datefromparts(int32_t* out, int32_t year, int32_t month, int32_t day) {
  if (!Calendar::valid(year, month, day)) return kInvalidDateParts;
  *out = Calendar::to_days(year, month, day);
  return kOk;
}

// DATE_BUCKET: the start of the `number`-wide bucket (counted from origin) that
// holds the date. Default origin 1900-01-01.
TESSERA_ROW_FN int32_t tsf_date_bucket_origin(int32_t* out, int32_t part, int32_t number, int32_t date,
                                              int32_t origin) {
  if (number <= 0) return kInvalidArgument;
  int64_t width_days = 0;
  int64_t width_months = 0;
  switch (static_cast<DatePart>(part)) {
    case DatePart::Year: width_months = int64_t(number) * 12; break;
    case DatePart::Quarter: width_months = int64_t(number) * 3; break;
    case DatePart::Month: width_months = number; break;
    case DatePart::Day: width_days = number; break;
    case DatePart::Week: width_days = int64_t(number) * 7; break;
    default: return kInvalidDatepart;
  }
  if (width_days != 0) {
    const int64_t k = DateMath::floor_div(int64_t(date) - origin, width_days);
    return DateMath::add_days(origin, k * width_days, out) ? kOk : kDateOverflow;
  }
  const CivilDate d = Calendar::from_days(date);
  const CivilDate o = Calendar::from_days(origin);
  const int64_t months = (int64_t(d.year) * 12 + d.month) - (int64_t(o.year) * 12 + o.month);
  int64_t k = DateMath::floor_div(months, width_months);
  int32_t start = 0;
  // Month arithmetic from an origin late in its month can land after the date.
  if (!DateMath::add_months(origin, k * width_months, &start) || start > date) {
    --k;
    if (!DateMath::add_months(origin, k * width_months, &start)) return kDateOverflow;
  }
  *out = start;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_date_bucket(int32_t* out, int32_t part, int32_t number, int32_t date) {
  return tsf_date_bucket_origin(out, part, number, date, Calendar::to_days(1900, 1, 1));
}
