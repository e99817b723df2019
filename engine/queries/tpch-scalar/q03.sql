-- TPC-H-scalar Q3 (category C2, C3): LOWER(c_mktsegment) = 'building'; the order date is returned as CONVERT(VARCHAR(10), o_orderdate, 101) (mm/dd/yyyy).
-- Validation parameters: SEGMENT = BUILDING, DATE = 1995-03-15.
-- Equivalent to TPC-H Q3 (same rows; the third column is the date formatted in style 101). The sort
-- still uses the date column o_orderdate, not the formatted text.
SELECT TOP 10
    l_orderkey,
    SUM(l_extendedprice * (1 - l_discount)) AS revenue,
    CONVERT(VARCHAR(10), o_orderdate, 101) AS order_date,
    o_shippriority
FROM
    customer,
    orders,
    lineitem
WHERE
    LOWER(c_mktsegment) = 'building'
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
    o_orderdate;
