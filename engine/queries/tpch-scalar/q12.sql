-- TPC-H-scalar Q12 (category C4, C5): high/low priority from LEFT(o_orderpriority, 1) IN ('1', '2'); the commit date moved by a day of grace on both sides, l_shipdate < DATEADD(day, 1, l_commitdate) AND DATEDIFF(day, l_commitdate, l_receiptdate) > 1.
-- Validation parameters: SHIPMODE1 = MAIL, SHIPMODE2 = SHIP, DATE = 1994-01-01 (the year folded to DATE '1995-01-01').
-- NOT equivalent to TPC-H Q12 (C5): the qualifying lineitem fraction stays 11.99% -> 12.00% at SF 0.1
-- (docs/TPCH_SCALAR.md).
SELECT
    l_shipmode,
    SUM(CASE
        WHEN LEFT(o_orderpriority, 1) IN ('1', '2')
            THEN 1
        ELSE 0
    END) AS high_line_count,
    SUM(CASE
        WHEN LEFT(o_orderpriority, 1) NOT IN ('1', '2')
            THEN 1
        ELSE 0
    END) AS low_line_count
FROM
    orders,
    lineitem
WHERE
    o_orderkey = l_orderkey
    AND l_shipmode IN ('MAIL', 'SHIP')
    AND DATEDIFF(day, l_commitdate, l_receiptdate) > 1
    AND l_shipdate < DATEADD(day, 1, l_commitdate)
    AND l_receiptdate >= DATE '1994-01-01'
    AND l_receiptdate < DATE '1995-01-01'
GROUP BY
    l_shipmode
ORDER BY
    l_shipmode;
