-- DuckDB twin of TPC-H-scalar Q3 (category C2, C3): the same rows as ../q03.sql, in DuckDB's dialect.
-- Translated: TOP n -> LIMIT n; CONVERT(VARCHAR(10), d, 101) -> strftime(d, '%m/%d/%Y'); LOWER -> lower().
SELECT
    l_orderkey,
    sum(l_extendedprice * (1 - l_discount)) AS revenue,
    strftime(o_orderdate, '%m/%d/%Y') AS order_date,
    o_shippriority
FROM
    customer,
    orders,
    lineitem
WHERE
    lower(c_mktsegment) = 'building'
    AND c_custkey = o_custkey
    AND l_orderkey = o_orderkey
    AND o_orderdate < DATE '1995-03-15'
    AND l_shipdate > DATE '1995-03-15'
GROUP BY
    l_orderkey,
    o_orderdate,
    o_shippriority
ORDER BY
    revenue DESC,
    o_orderdate
LIMIT 10;
