-- DuckDB twin of TPC-H-scalar Q5 (category C1, C2): the same rows as ../q05.sql, in DuckDB's dialect.
-- Translated: YEAR -> year(); LOWER -> lower().
SELECT
    n_name,
    sum(l_extendedprice * (1 - l_discount)) AS revenue
FROM
    customer,
    orders,
    lineitem,
    supplier,
    nation,
    region
WHERE
    c_custkey = o_custkey
    AND l_orderkey = o_orderkey
    AND l_suppkey = s_suppkey
    AND c_nationkey = s_nationkey
    AND s_nationkey = n_nationkey
    AND n_regionkey = r_regionkey
    AND lower(r_name) = 'asia'
    AND year(o_orderdate) = 1994
GROUP BY
    n_name
ORDER BY
    revenue DESC;
