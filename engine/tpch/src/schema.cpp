#include "tessera/tpch/schema.hpp"

#include <cctype>

namespace tessera::tpch {

using storage::DataType;
using storage::Field;
using storage::Schema;

const std::vector<TableId>& all_tables() {
  static const std::vector<TableId> t = {TableId::Part,   TableId::PartSupp, TableId::Supplier, TableId::Customer,
                                         TableId::Orders, TableId::LineItem, TableId::Nation,   TableId::Region};
  return t;
}

std::string_view table_name(TableId t) {
  static const char* names[] = {"part", "partsupp", "supplier", "customer", "orders", "lineitem", "nation", "region"};
  return names[static_cast<int>(t)];
}

std::optional<TableId> table_from_name(std::string_view name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (TableId t : all_tables())
    if (table_name(t) == lower) return t;
  return std::nullopt;
}

namespace {
Field f(const char* n, DataType t) { return Field{n, t, false}; }
const DataType kMoney = DataType::decimal(15, 2);
}  // namespace

const Schema& table_schema(TableId t) {
  static const Schema schemas[] = {
      Schema({f("p_partkey", DataType::int64()), f("p_name", DataType::varchar(55)),
              f("p_mfgr", DataType::fixed_char(25)), f("p_brand", DataType::fixed_char(10)),
              f("p_type", DataType::varchar(25)), f("p_size", DataType::int32()),
              f("p_container", DataType::fixed_char(10)), f("p_retailprice", kMoney),
              f("p_comment", DataType::varchar(23))}),
      Schema({f("ps_partkey", DataType::int64()), f("ps_suppkey", DataType::int64()),
              f("ps_availqty", DataType::int32()), f("ps_supplycost", kMoney),
              f("ps_comment", DataType::varchar(199))}),
      Schema({f("s_suppkey", DataType::int64()), f("s_name", DataType::fixed_char(25)),
              f("s_address", DataType::varchar(40)), f("s_nationkey", DataType::int32()),
              f("s_phone", DataType::fixed_char(15)), f("s_acctbal", kMoney),
              f("s_comment", DataType::varchar(101))}),
      Schema({f("c_custkey", DataType::int64()), f("c_name", DataType::varchar(25)),
              f("c_address", DataType::varchar(40)), f("c_nationkey", DataType::int32()),
              f("c_phone", DataType::fixed_char(15)), f("c_acctbal", kMoney),
              f("c_mktsegment", DataType::fixed_char(10)), f("c_comment", DataType::varchar(117))}),
      Schema({f("o_orderkey", DataType::int64()), f("o_custkey", DataType::int64()),
              f("o_orderstatus", DataType::fixed_char(1)), f("o_totalprice", kMoney),
              f("o_orderdate", DataType::date()), f("o_orderpriority", DataType::fixed_char(15)),
              f("o_clerk", DataType::fixed_char(15)), f("o_shippriority", DataType::int32()),
              f("o_comment", DataType::varchar(79))}),
      Schema({f("l_orderkey", DataType::int64()), f("l_partkey", DataType::int64()),
              f("l_suppkey", DataType::int64()), f("l_linenumber", DataType::int32()),
              f("l_quantity", kMoney), f("l_extendedprice", kMoney), f("l_discount", kMoney),
              f("l_tax", kMoney), f("l_returnflag", DataType::fixed_char(1)),
              f("l_linestatus", DataType::fixed_char(1)), f("l_shipdate", DataType::date()),
              f("l_commitdate", DataType::date()), f("l_receiptdate", DataType::date()),
              f("l_shipinstruct", DataType::fixed_char(25)), f("l_shipmode", DataType::fixed_char(10)),
              f("l_comment", DataType::varchar(44))}),
      Schema({f("n_nationkey", DataType::int32()), f("n_name", DataType::fixed_char(25)),
              f("n_regionkey", DataType::int32()), f("n_comment", DataType::varchar(152))}),
      Schema({f("r_regionkey", DataType::int32()), f("r_name", DataType::fixed_char(25)),
              f("r_comment", DataType::varchar(152))}),
  };
  return schemas[static_cast<int>(t)];
}

}  // namespace tessera::tpch
