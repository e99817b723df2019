-- TPC-H-scalar Q21 (category C2, C5): a lineitem is late when DATEDIFF(day, l_commitdate, l_receiptdate) > 1 (a day of grace, for l1 and l3 alike); LOWER(n_name) = 'saudi arabia'.
-- Validation parameter: NATION = SAUDI ARABIA.
-- NOT equivalent to TPC-H Q21 (C5): the late-lineitem fraction goes from 63.2% to 62.4% at SF 0.1
-- (docs/TPCH_SCALAR.md).
SELECT TOP 100
    s_name,
    COUNT(*) AS numwait
FROM
    supplier,
    lineitem l1,
    orders,
    nation
WHERE
    s_suppkey = l1.l_suppkey
    AND o_orderkey = l1.l_orderkey
    AND o_orderstatus = 'F'
    AND DATEDIFF(day, l1.l_commitdate, l1.l_receiptdate) > 1
    AND EXISTS (
        SELECT
            *
        FROM
            lineitem l2
        WHERE
            l2.l_orderkey = l1.l_orderkey
            AND l2.l_suppkey <> l1.l_suppkey
    )
    AND NOT EXISTS (
        SELECT
            *
        FROM
            lineitem l3
        WHERE
            l3.l_orderkey = l1.l_orderkey
            AND l3.l_suppkey <> l1.l_suppkey
            AND DATEDIFF(day, l3.l_commitdate, l3.l_receiptdate) > 1
    )
    AND s_nationkey = n_nationkey
    AND LOWER(n_name) = 'saudi arabia'
GROUP BY
    s_name
ORDER BY
    numwait DESC,
    s_name;
