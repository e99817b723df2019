-- DuckDB twin of TPC-H-scalar Q10 (category C1, C2): the same rows as ../q10.sql, in DuckDB's dialect.
-- Translated: TOP n -> LIMIT n; DATEPART(quarter, d) -> quarter(d); YEAR -> year(); LOWER -> lower().
SELECT
    c_custkey,
    c_name,
    sum(l_extendedprice * (1 - l_discount)) AS revenue,
    c_acctbal,
    n_name,
    c_address,
    c_phone,
    c_comment
FROM
    customer,
    orders,
    lineitem,
    nation
WHERE
    c_custkey = o_custkey
    AND l_orderkey = o_orderkey
    AND year(o_orderdate) = 1993
    AND quarter(o_orderdate) = 4
    AND lower(l_returnflag) = 'r'
    AND c_nationkey = n_nationkey
GROUP BY
    c_custkey,
    c_name,
    c_acctbal,
    c_phone,
    n_name,
    c_address,
    c_comment
ORDER BY
    revenue DESC
LIMIT 20;
