// Parameters (parameters.hpp): declarations, canonical types, values as typed literals (quotes, floats, dates,
// decimals), substitution that leaves strings, comments, quoted names and @@variables alone, SQL Server's errors
// for missing and unknown parameters, and EXEC with literal arguments.
#include <gtest/gtest.h>

#include "tds_test_client.hpp"
#include "tessera/server/parameters.hpp"
#include "tessera/server/sql_error.hpp"

namespace tessera::server {
namespace {

int32_t error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const SqlError& e) {
    return e.number();
  }
  return 0;
}

tds::RpcParameter param(std::string name, tds::TypeInfo type, tds::Value value) {
  tds::RpcParameter p;
  p.name = std::move(name);
  p.type = type;
  p.value = std::move(value);
  return p;
}

tds::TypeInfo type_of(tds::WireType t, uint32_t length = 0, uint8_t precision = 0, uint8_t scale = 0) {
  tds::TypeInfo i;
  i.type = t;
  i.max_length = length;
  i.precision = precision;
  i.scale = scale;
  i.collation = tds::kDefaultCollation;
  return i;
}

TEST(Parameters, DeclarationsParse) {
  const auto d = parse_parameter_declarations("@p1 int, @P2 nvarchar ( 10 ) OUTPUT,@p3 decimal(18, 4), @t datetime2");
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].name, "@p1");
  EXPECT_EQ(d[0].type, "INT");
  EXPECT_EQ(d[1].type, "NVARCHAR(10)");
  EXPECT_TRUE(d[1].output);
  EXPECT_EQ(d[2].type, "DECIMAL(18,4)");
  EXPECT_EQ(d[3].type, "DATETIME2(7)");
  EXPECT_TRUE(parse_parameter_declarations("").empty());
}

TEST(Parameters, CanonicalTypes) {
  EXPECT_EQ(canonical_type("float(24)", "@x"), "REAL");
  EXPECT_EQ(canonical_type("float", "@x"), "FLOAT");
  EXPECT_EQ(canonical_type("ntext", "@x"), "NVARCHAR(MAX)");
  EXPECT_EQ(canonical_type("varchar(max)", "@x"), "VARCHAR(MAX)");
  EXPECT_EQ(canonical_type("numeric", "@x"), "DECIMAL(18,0)");
  EXPECT_EQ(canonical_type("nchar", "@x"), "NCHAR(1)");
  EXPECT_EQ(canonical_type("time(3)", "@x"), "TIME(3)");
  EXPECT_EQ(error_of([] { canonical_type("uniqueidentifier", "@g"); }), kNotSupported);
  EXPECT_EQ(error_of([] { canonical_type("varbinary(10)", "@b"); }), kNotSupported);
  EXPECT_EQ(error_of([] { canonical_type("mytype", "@b"); }), 2715);
  EXPECT_EQ(error_of([] { canonical_type("decimal(39,0)", "@b"); }), kNotSupported);
  EXPECT_EQ(error_of([] { canonical_type("nvarchar(4001)", "@b"); }), kNotSupported);
}

TEST(Parameters, MalformedOrDuplicateDeclarations) {
  EXPECT_EQ(error_of([] { parse_parameter_declarations("p1 int"); }), 102);
  EXPECT_EQ(error_of([] { parse_parameter_declarations("@p1 int,"); }), 102);
  EXPECT_EQ(error_of([] { parse_parameter_declarations("@p1"); }), 102);
  EXPECT_EQ(error_of([] { parse_parameter_declarations("@p int, @P bigint"); }), 134);
}

TEST(Parameters, TypedLiterals) {
  using tds::WireType;
  EXPECT_EQ(typed_literal(param("@s", type_of(WireType::NVarChar, 8000), tds::Value::string("O'Brien")), "NVARCHAR(10)"),
            "CAST(CAST(N'O''Brien' AS NVARCHAR(4000)) AS NVARCHAR(10))");
  EXPECT_EQ(typed_literal(param("@i", type_of(WireType::IntN, 4), tds::Value::integer(-5)), "INT"), "CAST(-5 AS INT)");
  EXPECT_EQ(typed_literal(param("@d", type_of(WireType::DecimalN, 9, 10, 2), tds::Value::decimal(-5, 10, 2)), "DECIMAL(10,2)"),
            "CAST(-0.05 AS DECIMAL(10,2))");
  EXPECT_EQ(typed_literal(param("@f", type_of(WireType::FloatN, 8), tds::Value::floating(0.1)), "FLOAT"),
            "CAST(1.0000000000000001E-01 AS FLOAT)");
  EXPECT_EQ(typed_literal(param("@m", type_of(WireType::MoneyN, 8), tds::Value::money(123456)), "MONEY"),
            "CAST(12.3456 AS MONEY)");
  EXPECT_EQ(typed_literal(param("@d", type_of(WireType::DateN), tds::Value::date(tds::days_from_civil(2024, 2, 29))), "DATE"),
            "CAST('2024-02-29' AS DATE)");
  // DATETIME's 1/300 s travel as 7 digits through DATETIME2(7).
  const tds::Value dt = tds::Value::datetime2(tds::days_from_civil(2024, 1, 1), 10 * 3600 * tds::kTicksPerSecond + 33333);
  EXPECT_EQ(typed_literal(param("@t", type_of(WireType::DateTimeN, 8), dt), "DATETIME"),
            "CAST(CAST('2024-01-01 10:00:00.0033333' AS DATETIME2(7)) AS DATETIME)");
  EXPECT_EQ(typed_literal(param("@n", type_of(WireType::IntN, 4), tds::Value::null()), "BIGINT"), "CAST(NULL AS BIGINT)");
  EXPECT_EQ(typed_literal(param("@b", type_of(WireType::BitN, 1), tds::Value::boolean(true)), "BIT"), "CAST(1 AS BIT)");
}

TEST(Parameters, ValuesWithoutATesseraTypeAreRefused) {
  EXPECT_EQ(error_of([] { typed_literal(param("@g", type_of(tds::WireType::Guid, 16), tds::Value::string("x")), "INT"); }),
            kNotSupported);
  EXPECT_EQ(error_of([] {
              typed_literal(param("@b", type_of(tds::WireType::BigVarBinary, 10), tds::Value::binary({1})), "INT");
            }),
            kNotSupported);
  EXPECT_EQ(error_of([] {
              typed_literal(param("@f", type_of(tds::WireType::FloatN, 8), tds::Value::floating(1.0 / 0.0)), "FLOAT");
            }),
            8023);
}

TEST(Parameters, BindingReplacesOnlyParameters) {
  const auto decls = parse_parameter_declarations("@a int, @b nvarchar(5)");
  std::vector<tds::RpcParameter> values = {param("", type_of(tds::WireType::IntN, 4), tds::Value::integer(7)),
                                           param("@B", type_of(tds::WireType::NVarChar, 10), tds::Value::string("x"))};
  const auto bound = match_parameters(decls, values, 2, "sp_executesql", "@a int, @b nvarchar(5)", "");
  const std::string sql = bind_parameters(
      "SELECT @a, '@a' /* @b */, [@a], @@SPID, @b -- @a\n FROM t WHERE x = @A", bound);
  EXPECT_EQ(sql, "SELECT CAST(7 AS INT), '@a' /* @b */, [@a], @@SPID, CAST(N'x' AS NVARCHAR(5)) -- @a\n"
                 " FROM t WHERE x = CAST(7 AS INT)");
  EXPECT_EQ(bound[1].ordinal, 3);
}

TEST(Parameters, SqlServersErrorsForMismatchedParameters) {
  const auto decls = parse_parameter_declarations("@a int, @b int");
  const tds::TypeInfo i4 = type_of(tds::WireType::IntN, 4);
  const auto match = [&](std::vector<tds::RpcParameter> values) {
    return error_of([&] { match_parameters(decls, values, 2, "sp_executesql", "@a int, @b int", "SELECT @a"); });
  };
  EXPECT_EQ(match({param("", i4, tds::Value::integer(1))}), 8178);  // @b not supplied
  EXPECT_EQ(match({param("@a", i4, tds::Value::integer(1)), param("@zz", i4, tds::Value::integer(1))}), 8145);
  EXPECT_EQ(match({param("", i4, tds::Value::integer(1)), param("", i4, tds::Value::integer(1)),
                   param("", i4, tds::Value::integer(1))}),
            8144);
  EXPECT_EQ(match({param("@a", i4, tds::Value::integer(1)), param("@A", i4, tds::Value::integer(1))}), 8143);
  EXPECT_EQ(match({param("@a", i4, tds::Value::integer(1)), param("", i4, tds::Value::integer(1))}), 119);
  tds::RpcParameter out = param("@b", i4, tds::Value::integer(1));
  out.status = tds::param_status::kByRefValue;
  EXPECT_EQ(match({param("@a", i4, tds::Value::integer(1)), out}), 8162);
  EXPECT_EQ(error_of([] { bind_parameters("SELECT @nope", {}); }), 137);
  EXPECT_EQ(error_of([] { check_no_variables("SELECT 1 WHERE x = @v"); }), 137);
  EXPECT_EQ(error_of([] { check_no_variables("SELECT '@v', @@SPID"); }), 0);
}

TEST(Parameters, ExecWithLiteralArguments) {
  const auto exec = parse_exec_call(
      "EXEC sp_executesql N'SELECT @p', N'@p DECIMAL(10,2)', @p = -12.50, 7, NULL, 'x', 2E3, @q = DEFAULT SELECT 1");
  ASSERT_TRUE(exec);
  const tds::RpcCall& call = exec->call;
  EXPECT_EQ(call.proc_name, "sp_executesql");
  ASSERT_EQ(call.parameters.size(), 8u);
  EXPECT_EQ(call.parameters[0].value.as<std::string>(), "SELECT @p");
  EXPECT_EQ(call.parameters[2].name, "@p");
  EXPECT_EQ(call.parameters[2].value.as<tds::Decimal>().unscaled, -1250);
  EXPECT_EQ(wire_sql_type(call.parameters[2]), "DECIMAL(4,2)");
  EXPECT_EQ(call.parameters[3].value.as<int64_t>(), 7);
  EXPECT_TRUE(call.parameters[4].value.is_null());
  EXPECT_EQ(wire_sql_type(call.parameters[5]), "VARCHAR(MAX)");
  EXPECT_EQ(call.parameters[6].value.as<double>(), 2000.0);
  EXPECT_TRUE(call.parameters[7].is_default());
  EXPECT_GT(exec->rest, 0u);
  EXPECT_FALSE(parse_exec_call("SELECT 1"));
  EXPECT_EQ(error_of([] { parse_exec_call("EXEC sp_executesql @stmt"); }), 102);
}

TEST(Parameters, AProcedureCallWithoutExec) {
  // FreeTDS's ODBC driver's SQLGetTypeInfo(SQL_VARCHAR), which pyodbc calls while connecting.
  const auto exec = parse_exec_call("sp_datatype_info_100 12,3");
  ASSERT_TRUE(exec);
  EXPECT_EQ(exec->call.proc_name, "sp_datatype_info_100");
  ASSERT_EQ(exec->call.parameters.size(), 2u);
  EXPECT_EQ(exec->call.parameters[1].value, tds::Value::integer(3));
  EXPECT_EQ(parse_exec_call("SP_EXECUTESQL N'SELECT 1'")->call.proc_name, "SP_EXECUTESQL");
  EXPECT_FALSE(parse_exec_call("sp"));
  EXPECT_FALSE(parse_exec_call("spent_total"));  // not a procedure's name: the engine's
}

}  // namespace
}  // namespace tessera::server
