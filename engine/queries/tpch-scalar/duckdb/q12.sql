-- DuckDB twin of TPC-H-scalar Q12 (category C4, C5): the same rows as ../q12.sql, in DuckDB's dialect.
-- Translated: DATEADD(day, n, d) -> d + INTERVAL (n) DAY; DATEDIFF(day, a, b) -> date_diff('day', a, b); LEFT -> left().
SELECT
    l_shipmode,
    sum(CASE
        WHEN left(o_orderpriority, 1) IN ('1', '2')
            THEN 1
        ELSE 0
    END) AS high_line_count,
    sum(CASE
        WHEN left(o_orderpriority, 1) NOT IN ('1', '2')
            THEN 1
        ELSE 0
    END) AS low_line_count
FROM
    orders,
    lineitem
WHERE
    o_orderkey = l_orderkey
    AND l_shipmode IN ('MAIL', 'SHIP')
    AND date_diff('day', l_commitdate, l_receiptdate) > 1
    AND l_shipdate < l_commitdate + INTERVAL (1) DAY
    AND l_receiptdate >= DATE '1994-01-01'
    AND l_receiptdate < DATE '1995-01-01'
GROUP BY
    l_shipmode
ORDER BY
    l_shipmode;
