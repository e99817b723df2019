// The date family's entries in the function registry.
#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/registry.hpp"

namespace tessera::fn {
namespace {
constexpr ArgSpec kDate[] = {{"date", SqlType::Date}};

const FunctionSpec kDateFunctions[] = {
    {.sql_name = "YEAR", .kernel = "year", .result = SqlType::Int32, .args = kDate,
     .summary = "year of a date", TESSERA_ROW(tsf_year)},
    {.sql_name = "MONTH", .kernel = "month", .result = SqlType::Int32, .args = kDate,
     .summary = "month (1-12) of a date", TESSERA_ROW(tsf_month)},
    {.sql_name = "DAY", .kernel = "day", .result = SqlType::Int32, .args = kDate,
     .summary = "day of the month of a date", TESSERA_ROW(tsf_day)},
};
}  // namespace

std::span<const FunctionSpec> date_functions() { return kDateFunctions; }

}  // namespace tessera::fn
