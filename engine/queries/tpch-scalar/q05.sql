-- TPC-H-scalar Q5 (category C1, C2): the year as YEAR(o_orderdate) = 1994; LOWER(r_name) = 'asia'.
-- Validation parameters: REGION = ASIA, DATE = 1994-01-01.
-- Equivalent to TPC-H Q5.
SELECT
    n_name,
    SUM(l_extendedprice * (1 - l_discount)) AS revenue
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
    AND LOWER(r_name) = 'asia'
    AND YEAR(o_orderdate) = 1994
GROUP BY
    n_name
ORDER BY
    revenue DESC;
