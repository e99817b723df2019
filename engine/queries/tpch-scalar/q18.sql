-- TPC-H-scalar Q18 (category C3): the order date is returned as CONVERT(VARCHAR(10), o_orderdate, 103) (dd/mm/yyyy).
-- Validation parameter: QUANTITY = 300.
-- Equivalent to TPC-H Q18 (same rows; the fourth column is the date formatted in style 103). The sort
-- still uses the date column o_orderdate, not the formatted text.
SELECT TOP 100
    c_name,
    c_custkey,
    o_orderkey,
    CONVERT(VARCHAR(10), o_orderdate, 103) AS order_date,
    o_totalprice,
    SUM(l_quantity)
FROM
    customer,
    orders,
    lineitem
WHERE
    o_orderkey IN (
        SELECT
            l_orderkey
        FROM
            lineitem
        GROUP BY
            l_orderkey
        HAVING
            SUM(l_quantity) > 300
    )
    AND c_custkey = o_custkey
    AND o_orderkey = l_orderkey
GROUP BY
    c_name,
    c_custkey,
    o_orderkey,
    o_orderdate,
    o_totalprice
ORDER BY
    o_totalprice DESC,
    o_orderdate;
