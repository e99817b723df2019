#include <gtest/gtest.h>

#include "tessera/sql/parser.hpp"
#include "tessera/sql/printer.hpp"

using namespace tessera::sql;

namespace {

std::string ex(std::string_view sql) { return to_sexpr(*parse_expression(sql)); }
std::string st(std::string_view sql) { return to_sexpr(*parse_statement(sql)); }

}  // namespace

TEST(SqlParser, BooleanPrecedence) {
  EXPECT_EQ(ex("a OR b AND c"), "(or a (and b c))");
  EXPECT_EQ(ex("a AND b OR c AND d"), "(or (and a b) (and c d))");
  EXPECT_EQ(ex("NOT a = 1 AND b"), "(and (not (= a 1)) b)");
  EXPECT_EQ(ex("NOT NOT a OR b"), "(or (not (not a)) b)");
  EXPECT_EQ(ex("(a OR b) AND c"), "(and (or a b) c)");
}

TEST(SqlParser, ArithmeticPrecedence) {
  EXPECT_EQ(ex("1 + 2 * 3 - 4 / 5 % 6"), "(- (+ 1 (* 2 3)) (% (/ 4 5) 6))");
  EXPECT_EQ(ex("-a * b"), "(* (neg a) b)");
  EXPECT_EQ(ex("a - -b"), "(- a (neg b))");
  EXPECT_EQ(ex("l_extendedprice * (1 - l_discount) * (1 + l_tax)"),
            "(* (* l_extendedprice (- 1 l_discount)) (+ 1 l_tax))");
  EXPECT_EQ(ex("a + b < c * d"), "(< (+ a b) (* c d))");
  EXPECT_EQ(ex("a <> b AND c != d AND e >= f AND g <= h"), "(and (and (and (<> a b) (<> c d)) (>= e f)) (<= g h))");
}

// SQL Server's "Operator Precedence": ~ first (with unary + and -), then * / %, then + - & ^ | at one level, left to
// right; comparisons below them.
// ODBC's escapes: {fn call} is the call marked as ODBC's (any case, spaces, a name without arguments, a reserved word
// as the name, nested); {d}, {t}, {ts} are a DATE literal and CASTs to TIME and DATETIME.
TEST(SqlParser, OdbcEscapes) {
  EXPECT_EQ(ex("{fn DAYNAME(d)}"), "(odbc-call DAYNAME d)");
  EXPECT_EQ(ex("{ FN dayofweek( d ) } + 1"), "(+ (odbc-call DAYOFWEEK d) 1)");
  EXPECT_EQ(ex("{fn CURRENT_TIME}"), "(odbc-call CURRENT_TIME)");
  EXPECT_EQ(ex("{fn TRUNCATE(x, 2)}"), "(odbc-call TRUNCATE x 2)");
  EXPECT_EQ(ex("{fn LEFT({fn CONCAT(a, b)}, 1)}"), "(odbc-call LEFT (odbc-call CONCAT a b) 1)");
  EXPECT_EQ(ex("DAYNAME(d)"), "(call DAYNAME d)");
  EXPECT_EQ(ex("{d '2007-04-21'}"), "(date '2007-04-21')");
  EXPECT_EQ(ex("{t '13:33:41'}"), "(cast '13:33:41' TIME)");
  EXPECT_EQ(ex("{TS '1998-05-02 01:23:56.123'}"), "(cast '1998-05-02 01:23:56.123' DATETIME)");
  EXPECT_THROW(ex("{fn DAYNAME(d)"), ParseError);
  EXPECT_THROW(ex("{x 'a'}"), ParseError);
  EXPECT_THROW(ex("{d 5}"), ParseError);
  EXPECT_THROW(ex("{fn}"), ParseError);
  EXPECT_THROW(ex("a }"), ParseError);
}

TEST(SqlParser, BitwisePrecedence) {
  EXPECT_EQ(ex("a & b | c ^ d"), "(^ (| (& a b) c) d)");
  EXPECT_EQ(ex("a | b & c"), "(& (| a b) c)");
  EXPECT_EQ(ex("a + b & c - d"), "(- (& (+ a b) c) d)");
  EXPECT_EQ(ex("a & b * c"), "(& a (* b c))");
  EXPECT_EQ(ex("~a * b"), "(* (~ a) b)");
  EXPECT_EQ(ex("-~a"), "(neg (~ a))");
  EXPECT_EQ(ex("~-a"), "(~ (neg a))");
  EXPECT_EQ(ex("~~a"), "(~ (~ a))");
  EXPECT_EQ(ex("a & 4 = 4 AND b | 1 <> 0"), "(and (= (& a 4) 4) (<> (| b 1) 0))");
  EXPECT_EQ(ex("a BETWEEN b & c AND d ^ e"), "(between a (& b c) (^ d e))");
}

TEST(SqlParser, BetweenTakesItsOwnAnd) {
  EXPECT_EQ(ex("x BETWEEN 0.06 - 0.01 AND 0.06 + 0.01 AND q < 24"),
            "(and (between x (- 0.06 0.01) (+ 0.06 0.01)) (< q 24))");
  EXPECT_EQ(ex("x NOT BETWEEN 1 AND 5"), "(not-between x 1 5)");
}

TEST(SqlParser, DateAndIntervalArithmetic) {
  EXPECT_EQ(ex("l_shipdate <= date '1998-12-01' - interval '90' day"),
            "(<= l_shipdate (- (date '1998-12-01') (interval '90' day)))");
  EXPECT_EQ(ex("DATE '1993-07-01' + INTERVAL '3' MONTH"), "(+ (date '1993-07-01') (interval '3' month))");
  EXPECT_EQ(ex("date '1994-01-01' + interval '1' year"), "(+ (date '1994-01-01') (interval '1' year))");
  EXPECT_EQ(ex("date '1998-12-01' - interval '90' day (3)"), "(- (date '1998-12-01') (interval '90' day))");
  // A column named date is still a column.
  EXPECT_EQ(ex("date + 1"), "(+ date 1)");
}

TEST(SqlParser, InExistsAndSubqueries) {
  EXPECT_EQ(ex("p_size IN (49, 14, 23)"), "(in p_size (list 49 14 23))");
  EXPECT_EQ(ex("l_shipmode NOT IN ('MAIL', 'SHIP')"), "(not-in l_shipmode (list 'MAIL' 'SHIP'))");
  EXPECT_EQ(ex("x IN (SELECT y FROM t)"), "(in x (select (list y) (from (table t))))");
  EXPECT_EQ(ex("x NOT IN (SELECT y FROM t WHERE z > 1)"),
            "(not-in x (select (list y) (from (table t)) (where (> z 1))))");
  EXPECT_EQ(ex("EXISTS (SELECT * FROM lineitem WHERE l_orderkey = o_orderkey)"),
            "(exists (select (list *) (from (table lineitem)) (where (= l_orderkey o_orderkey))))");
  EXPECT_EQ(ex("a AND NOT EXISTS (SELECT * FROM t)"), "(and a (not-exists (select (list *) (from (table t)))))");
  EXPECT_EQ(ex("c > (SELECT avg(c) FROM t)"), "(> c (subquery (select (list (call AVG c)) (from (table t)))))");
}

TEST(SqlParser, LikeAndIsNull) {
  EXPECT_EQ(ex("p_type LIKE '%BRASS'"), "(like p_type '%BRASS')");
  EXPECT_EQ(ex("o_comment NOT LIKE '%special%requests%'"), "(not-like o_comment '%special%requests%')");
  EXPECT_EQ(ex("s LIKE '10!%%' ESCAPE '!'"), "(like s '10!%%' (escape '!'))");
  EXPECT_EQ(ex("a IS NULL OR b IS NOT NULL"), "(or (is-null a) (is-not-null b))");
  EXPECT_EQ(ex("'it''s'"), "'it''s'");
}

TEST(SqlParser, Case) {
  EXPECT_EQ(ex("CASE WHEN nation = 'BRAZIL' THEN volume ELSE 0 END"),
            "(case (when (= nation 'BRAZIL') volume) (else 0))");
  EXPECT_EQ(ex("case x when 1 then 'a' when 2 then 'b' end"), "(case x (when 1 'a') (when 2 'b'))");
  EXPECT_EQ(ex("CASE WHEN a = 1 OR a = 2 THEN 1 ELSE 0 END"), "(case (when (or (= a 1) (= a 2)) 1) (else 0))");
}

TEST(SqlParser, CastConvertExtract) {
  EXPECT_EQ(ex("CAST(x AS DECIMAL(15, 2))"), "(cast x DECIMAL(15,2))");
  EXPECT_EQ(ex("cast(p AS money)"), "(cast p MONEY)");
  EXPECT_EQ(ex("CAST(s AS varchar(10))"), "(cast s VARCHAR(10))");
  EXPECT_EQ(ex("TRY_CAST(s AS integer)"), "(try-cast s INTEGER)");
  EXPECT_EQ(ex("CAST(a AS NUMERIC(12,4)) + CAST(b AS float)"), "(+ (cast a NUMERIC(12,4)) (cast b FLOAT))");
  EXPECT_EQ(ex("CAST(a AS date)"), "(cast a DATE)");
  EXPECT_EQ(ex("CAST(a AS CHAR(1))"), "(cast a CHAR(1))");
  EXPECT_EQ(ex("CAST(a AS BIGINT)"), "(cast a BIGINT)");
  EXPECT_EQ(ex("CAST(a AS REAL)"), "(cast a REAL)");
  EXPECT_EQ(ex("CAST(a AS INT)"), "(cast a INT)");
  EXPECT_EQ(ex("CONVERT(VARCHAR(10), o_orderdate, 101)"), "(convert VARCHAR(10) o_orderdate 101)");
  EXPECT_EQ(ex("convert(int, '12')"), "(convert INT '12')");
  EXPECT_EQ(ex("TRY_CONVERT(date, s, 112)"), "(try-convert DATE s 112)");
  EXPECT_EQ(ex("extract(year FROM l_shipdate)"), "(extract YEAR l_shipdate)");
}

// PARSE(x AS type [USING culture]), TRY_PARSE: a cast with the culture last; PARSE stays a name elsewhere.
TEST(SqlParser, ParseAndTryParse) {
  EXPECT_EQ(ex("PARSE('12/16/2010' AS datetime2 USING 'en-US')"), "(parse '12/16/2010' DATETIME2 'en-US')");
  EXPECT_EQ(ex("try_parse(s AS DECIMAL(10, 2))"), "(try-parse s DECIMAL(10,2))");
  EXPECT_EQ(ex("TRY_PARSE(s AS money using '') IS NULL"), "(is-null (try-parse s MONEY ''))");
  EXPECT_EQ(ex("parse + 1"), "(+ parse 1)");
}

TEST(SqlParser, SqlServerDatePartFunctions) {
  EXPECT_EQ(ex("DATEPART(quarter, o_orderdate)"), "(call DATEPART (part quarter) o_orderdate)");
  EXPECT_EQ(ex("datepart(qq, d) = 1"), "(= (call DATEPART (part qq) d) 1)");
  EXPECT_EQ(ex("DATEADD(day, -90, d)"), "(call DATEADD (part day) (neg 90) d)");
  EXPECT_EQ(ex("DATEDIFF(day, a, b)"), "(call DATEDIFF (part day) a b)");
  EXPECT_EQ(ex("DATENAME(month, d)"), "(call DATENAME (part month) d)");
  EXPECT_EQ(ex("DATETRUNC(month, d)"), "(call DATETRUNC (part month) d)");
  EXPECT_EQ(ex("DATE_BUCKET(week, 2, d)"), "(call DATE_BUCKET (part week) 2 d)");
  // The keyword node keeps its location for the binder's messages.
  const ExprPtr e = parse_expression("DATEPART(\n  iso_week, d)");
  const auto& f = e->as<FunctionCallExpr>();
  ASSERT_EQ(f.args[0]->kind, ExprKind::DatePartKeyword);
  EXPECT_EQ(f.args[0]->as<DatePartKeywordExpr>().name, "iso_week");
  EXPECT_EQ(f.args[0]->loc, (SourceLocation{2, 3}));
}

TEST(SqlParser, IsjsonTypeConstraint) {
  // SQL Server 2022's keyword becomes the kernel's integer constant (1 VALUE, 2 ARRAY, 3 OBJECT, 4 SCALAR).
  EXPECT_EQ(ex("ISJSON(j)"), "(call ISJSON j)");
  EXPECT_EQ(ex("isjson(j, VALUE) + ISJSON(j, array)"), "(+ (call ISJSON j 1) (call ISJSON j 2))");
  EXPECT_EQ(ex("ISJSON(UPPER(j), Object) = ISJSON(j, SCALAR)"), "(= (call ISJSON (call UPPER j) 3) (call ISJSON j 4))");
  EXPECT_THROW(parse_expression("ISJSON(j, NUMBER)"), ParseError);
  EXPECT_THROW(parse_expression("ISJSON(j, 'VALUE')"), ParseError);
  EXPECT_THROW(parse_expression("ISJSON(j, VALUE, 1)"), ParseError);
}

TEST(SqlParser, FunctionCalls) {
  EXPECT_EQ(ex("count(*)"), "(call COUNT *)");
  EXPECT_EQ(ex("COUNT(DISTINCT ps_suppkey)"), "(call COUNT distinct ps_suppkey)");
  EXPECT_EQ(ex("sum(l_quantity) + min(a) - max(b) * avg(c)"),
            "(- (+ (call SUM l_quantity) (call MIN a)) (* (call MAX b) (call AVG c)))");
  EXPECT_EQ(ex("LEFT(s, 3) + RIGHT(s, 2)"), "(+ (call LEFT s 3) (call RIGHT s 2))");
  EXPECT_EQ(ex("substring(c_phone from 1 for 2)"), "(call SUBSTRING c_phone 1 2)");
  EXPECT_EQ(ex("SUBSTRING(c_phone, 1, 2)"), "(call SUBSTRING c_phone 1 2)");
  EXPECT_EQ(ex("pi()"), "(call PI)");
  EXPECT_EQ(ex("UPPER(LTRIM(s))"), "(call UPPER (call LTRIM s))");
  EXPECT_EQ(ex("CHAR(65)"), "(call CHAR 65)");
}

TEST(SqlParser, LiteralsAndNames) {
  EXPECT_EQ(ex("1.5e3 + .5 + 100.00 + NULL"), "(+ (+ (+ 1.5e3 .5) 100.00) NULL)");
  EXPECT_EQ(ex("n1.n_name = \"Order\".[key]"), "(= n1.n_name \"Order\".\"key\")");
  const ExprPtr e = parse_expression("1.5e3");
  EXPECT_EQ(e->as<LiteralExpr>().literal_kind, LiteralKind::Float);
  EXPECT_EQ(parse_expression("0.05")->as<LiteralExpr>().literal_kind, LiteralKind::Decimal);
}

TEST(SqlParser, TopVersusLimit) {
  EXPECT_EQ(st("SELECT TOP 10 a FROM t ORDER BY a DESC"),
            "(select (top 10) (list a) (from (table t)) (order-by (desc a)))");
  EXPECT_EQ(st("SELECT TOP (5) a FROM t"), "(select (top 5) (list a) (from (table t)))");
  EXPECT_EQ(st("SELECT a FROM t ORDER BY a ASC, b LIMIT 10"),
            "(select (list a) (from (table t)) (order-by (asc a) (asc b)) (limit 10))");
  EXPECT_EQ(st("SELECT DISTINCT TOP 3 a FROM t"), "(select distinct (top 3) (list a) (from (table t)))");
}

// INTERSECT binds tighter than UNION and EXCEPT, which go left to right; ORDER BY, OFFSET and INTO belong
// to the combined rows; parentheses group.
TEST(SqlParser, SetOperations) {
  EXPECT_EQ(st("SELECT a FROM t UNION ALL SELECT b FROM u ORDER BY 1 OFFSET 2 ROWS"),
            "(select (union-all (select (list a) (from (table t))) (select (list b) (from (table u)))) "
            "(order-by (asc 1)) (offset 2))");
  EXPECT_EQ(st("SELECT 1 UNION SELECT 2 INTERSECT SELECT 3 EXCEPT SELECT 4"),
            "(select (except (select (union (select (list 1)) (select (intersect (select (list 2)) "
            "(select (list 3)))))) (select (list 4))))");
  EXPECT_EQ(st("(SELECT 1 UNION SELECT 2) INTERSECT SELECT 3"),
            "(select (intersect (select (union (select (list 1)) (select (list 2)))) (select (list 3))))");
  EXPECT_EQ(st("SELECT a INTO n FROM t UNION SELECT b FROM u"),
            "(select (union (select (list a) (from (table t))) (select (list b) (from (table u)))) (into n))");
  EXPECT_EQ(st("WITH c AS (SELECT 1 AS v) SELECT v FROM c EXCEPT SELECT 2"),
            "(select (with (cte c (select (list (as 1 v))))) (except (select (list v) (from (table c))) "
            "(select (list 2))))");
}

TEST(SqlParser, WindowFunctions) {
  EXPECT_EQ(ex("ROW_NUMBER() OVER (PARTITION BY a, b ORDER BY c DESC)"),
            "(call ROW_NUMBER (over (partition-by a b) (order-by (desc c))))");
  EXPECT_EQ(ex("SUM(x) OVER (ORDER BY d ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)"),
            "(call SUM x (over (order-by (asc d)) (rows 2-preceding current-row)))");
  EXPECT_EQ(ex("COUNT(*) OVER (ORDER BY d RANGE UNBOUNDED PRECEDING)"),
            "(call COUNT * (over (order-by (asc d)) (range unbounded-preceding current-row)))");
  EXPECT_EQ(ex("MAX(x) OVER ()"), "(call MAX x (over))");
  EXPECT_THROW(parse_expression("SUM(x) OVER (ORDER BY d ROWS BETWEEN 1 PRECEDING)"), ParseError);
  EXPECT_THROW(parse_expression("SUM(x) OVER (ORDER BY d ROWS UNBOUNDED)"), ParseError);
}

TEST(SqlParser, WithinGroupOrdersAnAggregate) {
  EXPECT_EQ(ex("STRING_AGG(a, ',') WITHIN GROUP (ORDER BY b DESC, c)"),
            "(call STRING_AGG a ',' (within-group (desc b) (asc c)))");
  EXPECT_EQ(ex("STRING_AGG(a, ',')"), "(call STRING_AGG a ',')");
  EXPECT_THROW(parse_expression("STRING_AGG(a, ',') WITHIN GROUP (b)"), ParseError);
  EXPECT_THROW(parse_expression("STRING_AGG(a, ',') WITHIN GROUP (ORDER BY b"), ParseError);
}

// ROLLUP, CUBE, GROUPING SETS and () expand to grouping sets (positions in the GROUP BY list), several
// elements as a cross product; a plain GROUP BY has none.
TEST(SqlParser, GroupingSets) {
  EXPECT_EQ(st("SELECT 1 FROM t GROUP BY ROLLUP (a, b)"),
            "(select (list 1) (from (table t)) (group-by a b) (grouping-sets (0 1) (0) ()))");
  EXPECT_EQ(st("SELECT 1 FROM t GROUP BY CUBE (a, b)"),
            "(select (list 1) (from (table t)) (group-by a b) (grouping-sets (0 1) (0) (1) ()))");
  EXPECT_EQ(st("SELECT 1 FROM t GROUP BY GROUPING SETS ((a, b), c, ())"),
            "(select (list 1) (from (table t)) (group-by a b c) (grouping-sets (0 1) (2) ()))");
  EXPECT_EQ(st("SELECT 1 FROM t GROUP BY a, ROLLUP (b)"),
            "(select (list 1) (from (table t)) (group-by a b) (grouping-sets (0 1) (0)))");
  EXPECT_EQ(st("SELECT 1 FROM t GROUP BY ()"), "(select (list 1) (from (table t)) (grouping-sets ()))");
  EXPECT_EQ(st("SELECT 1 FROM t GROUP BY a, b"), "(select (list 1) (from (table t)) (group-by a b))");
  EXPECT_THROW(parse_statement("SELECT 1 FROM t GROUP BY CUBE (a, b, c, d, e, f, g, h, i, j, k, l, m)"), ParseError);
}

TEST(SqlParser, SelectClauses) {
  EXPECT_EQ(st("select a as x, b y, t.*, * from t where a > 1 group by a, b having count(*) > 2"),
            "(select (list (as a x) (as b y) (star t) *) (from (table t)) (where (> a 1)) (group-by a b) "
            "(having (> (call COUNT *) 2)))");
  EXPECT_EQ(st("SELECT 1"), "(select (list 1))");
}

TEST(SqlParser, Joins) {
  EXPECT_EQ(st("SELECT * FROM a, b x, c AS y"), "(select (list *) (from (table a) (table b x) (table c y)))");
  EXPECT_EQ(st("SELECT * FROM a JOIN b ON a.k = b.k INNER JOIN c ON c.k = b.k"),
            "(select (list *) (from (join inner (join inner (table a) (table b) (= a.k b.k)) (table c) (= c.k b.k))))");
  EXPECT_EQ(st("SELECT * FROM customer LEFT OUTER JOIN orders ON c_custkey = o_custkey AND o_comment NOT LIKE '%x%'"),
            "(select (list *) (from (join left (table customer) (table orders) "
            "(and (= c_custkey o_custkey) (not-like o_comment '%x%')))))");
  EXPECT_EQ(st("SELECT * FROM a LEFT JOIN b ON p CROSS JOIN c"),
            "(select (list *) (from (join cross (join left (table a) (table b) p) (table c))))");
  EXPECT_EQ(st("SELECT * FROM (a JOIN b ON p) JOIN c ON q"),
            "(select (list *) (from (join inner (join inner (table a) (table b) p) (table c) q)))");
}

TEST(SqlParser, DerivedTablesAndCtes) {
  EXPECT_EQ(st("SELECT c_count FROM (SELECT c_custkey, count(o_orderkey) FROM t GROUP BY c_custkey) AS c_orders "
               "(c_custkey, c_count)"),
            "(select (list c_count) (from (derived c_orders (c_custkey c_count) (select (list c_custkey (call COUNT "
            "o_orderkey)) (from (table t)) (group-by c_custkey)))))");
  EXPECT_EQ(st("SELECT x FROM (SELECT 1 AS x) s"), "(select (list x) (from (derived s (select (list (as 1 x))))))");
  EXPECT_EQ(st("WITH revenue (supplier_no, total) AS (SELECT a, sum(b) FROM l GROUP BY a) SELECT * FROM revenue"),
            "(select (with (cte revenue (supplier_no total) (select (list a (call SUM b)) (from (table l)) "
            "(group-by a)))) (list *) (from (table revenue)))");
}

TEST(SqlParser, ViewsAndScripts) {
  const Script s = parse_script(
      "CREATE VIEW revenue0 (supplier_no, total_revenue) AS SELECT l_suppkey, sum(x) FROM lineitem GROUP BY "
      "l_suppkey;\nSELECT * FROM revenue0;\nDROP VIEW revenue0;");
  ASSERT_EQ(s.statements.size(), 3u);
  EXPECT_EQ(to_sexpr(s),
            "(create-view revenue0 (supplier_no total_revenue) (select (list l_suppkey (call SUM x)) (from (table "
            "lineitem)) (group-by l_suppkey)))\n(select (list *) (from (table revenue0)))\n(drop-view revenue0)");
  EXPECT_EQ(s.statements[1]->loc, (SourceLocation{2, 1}));
  EXPECT_EQ(st("DROP VIEW IF EXISTS dbo.v"), "(drop-view if-exists dbo.v)");
  EXPECT_EQ(parse_script("SELECT 1").statements.size(), 1u);
}

TEST(SqlParser, TableStatements) {
  EXPECT_EQ(st("CREATE TABLE dbo.t (a INT NOT NULL, b VARCHAR(MAX) NULL, c DECIMAL(10, 2), d NVARCHAR(5))"),
            "(create-table dbo.t (a INT not-null) (b VARCHAR(MAX)) (c DECIMAL(10,2)) (d NVARCHAR(5)))");
  EXPECT_EQ(st("CREATE TABLE t AS SELECT a FROM u"), "(create-table t (as (select (list a) (from (table u)))))");
  EXPECT_EQ(st("DROP TABLE IF EXISTS t"), "(drop-table if-exists t)");
  EXPECT_EQ(st("TRUNCATE TABLE t"), "(truncate t)");
  EXPECT_EQ(st("INSERT INTO t (a, b) VALUES (1, 'x'), (2, NULL)"), "(insert t (a b) (values (row 1 'x') (row 2 NULL)))");
  EXPECT_EQ(st("INSERT t SELECT * FROM u"), "(insert t (select (list *) (from (table u))))");
  EXPECT_EQ(st("SELECT a, b INTO t2 FROM u WHERE a > 1"),
            "(select (list a b) (from (table u)) (where (> a 1)) (into t2))");
  EXPECT_EQ(st("CREATE FUNCTION dbo.f(@a INT, @s VARCHAR(10)) RETURNS FLOAT AS EXTERNAL NAME [cat dir].[udf_f]"),
            "(create-function dbo.f (params (@a INT) (@s VARCHAR(10))) (returns FLOAT) (external \"cat dir\".\"udf_f\"))");
  EXPECT_EQ(st("DROP FUNCTION IF EXISTS f"), "(drop-function if-exists f)");
  EXPECT_EQ(st("BULK INSERT t FROM 'a.csv' WITH (FORMAT = 'CSV', FIRSTROW = 2, TABLOCK)"),
            "(bulk-insert t 'a.csv' (FORMAT CSV) (FIRSTROW 2) (TABLOCK))");
  EXPECT_EQ(st("SELECT * FROM read_csv('x.csv', header = TRUE) AS f"),
            "(select (list *) (from (table-function read_csv 'x.csv' (= header TRUE) f)))");
  EXPECT_EQ(st("WITH c AS (SELECT 1 AS x) SELECT x INTO t3 FROM c"),
            "(select (with (cte c (select (list (as 1 x))))) (list x) (from (table c)) (into t3))");
}

TEST(SqlParser, NodesCarryLocations) {
  const StatementPtr s = parse_statement("SELECT a,\n  sum(b) AS s\nFROM t\nWHERE a + 1 > 2");
  const auto& q = *s->as<SelectStmt>().query;
  EXPECT_EQ(q.loc, (SourceLocation{1, 1}));
  EXPECT_EQ(q.items[1].expr->loc, (SourceLocation{2, 3}));
  EXPECT_EQ(q.items[1].alias->loc, (SourceLocation{2, 13}));
  EXPECT_EQ(q.from[0]->loc, (SourceLocation{3, 6}));
  EXPECT_EQ(q.where->loc, (SourceLocation{4, 13}));  // the operator '>'
  EXPECT_EQ(q.where->as<BinaryExpr>().left->as<BinaryExpr>().left->loc, (SourceLocation{4, 7}));
}
