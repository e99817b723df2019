-- DuckDB twin of TPC-H-scalar Q4 (category C1, C5): the same rows as ../q04.sql, in DuckDB's dialect.
-- Translated: DATEPART(quarter, d) -> quarter(d); DATEADD(day, n, d) -> d + INTERVAL (n) DAY; YEAR -> year().
SELECT
    o_orderpriority,
    count(*) AS order_count
FROM
    orders
WHERE
    year(o_orderdate) = 1993
    AND quarter(o_orderdate) = 3
    AND EXISTS (
        SELECT
            *
        FROM
            lineitem
        WHERE
            l_orderkey = o_orderkey
            AND l_receiptdate > l_commitdate + INTERVAL (1) DAY
    )
GROUP BY
    o_orderpriority
ORDER BY
    o_orderpriority;
