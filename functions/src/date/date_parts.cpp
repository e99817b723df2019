// YEAR, MONTH, DAY: the civil fields of a date.
#include "tessera/functions/calendar.hpp"
#include "tessera/functions/date_functions.hpp"

using tessera::fn::Calendar;
using tessera::fn::kOk;

TESSERA_ROW_FN int32_t tsf_year(int32_t* out, int32_t date) {
  *out = Calendar::from_days(date).year;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_month(int32_t* out, int32_t date) {
  *out = Calendar::from_days(date).month;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_day(int32_t* out, int32_t date) {
  *out = Calendar::from_days(date).day;
  return kOk;
}
