-- DuckDB twin of TPC-H-scalar Q21 (category C2, C5): the same rows as ../q21.sql, in DuckDB's dialect.
-- Translated: TOP n -> LIMIT n; DATEDIFF(day, a, b) -> date_diff('day', a, b); LOWER -> lower().
SELECT
    s_name,
    count(*) AS numwait
FROM
    supplier,
    lineitem l1,
    orders,
    nation
WHERE
    s_suppkey = l1.l_suppkey
    AND o_orderkey = l1.l_orderkey
    AND o_orderstatus = 'F'
    AND date_diff('day', l1.l_commitdate, l1.l_receiptdate) > 1
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
            AND date_diff('day', l3.l_commitdate, l3.l_receiptdate) > 1
    )
    AND s_nationkey = n_nationkey
    AND lower(n_name) = 'saudi arabia'
GROUP BY
    s_name
ORDER BY
    numwait DESC,
    s_name
LIMIT 100;
