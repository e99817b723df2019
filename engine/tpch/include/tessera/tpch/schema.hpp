// The eight TPC-H tables (specification clause 1.4): names and column types.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/storage/table.hpp"

namespace tessera::tpch {

enum class TableId : int { Part, PartSupp, Supplier, Customer, Orders, LineItem, Nation, Region };
constexpr int kTableCount = 8;

const std::vector<TableId>& all_tables();
std::string_view table_name(TableId t);                 // "lineitem"
std::optional<TableId> table_from_name(std::string_view name);  // case-insensitive
const storage::Schema& table_schema(TableId t);

}  // namespace tessera::tpch
