-- TPC-H-scalar Q10 (category C1, C2): the quarter as YEAR(o_orderdate) = 1993 AND DATEPART(quarter, o_orderdate) = 4; LOWER(l_returnflag) = 'r'.
-- Validation parameter: DATE = 1993-10-01 (quarter 4 of 1993).
-- Equivalent to TPC-H Q10.
SELECT TOP 20
    c_custkey,
    c_name,
    SUM(l_extendedprice * (1 - l_discount)) AS revenue,
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
    AND YEAR(o_orderdate) = 1993
    AND DATEPART(quarter, o_orderdate) = 4
    AND LOWER(l_returnflag) = 'r'
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
    revenue DESC;
