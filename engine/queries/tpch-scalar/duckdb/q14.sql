-- DuckDB twin of TPC-H-scalar Q14 (category C1, C4): the same rows as ../q14.sql, in DuckDB's dialect.
-- Translated: YEAR -> year(); MONTH -> month(); LEFT -> left().
SELECT
    100.00 * sum(CASE
        WHEN left(p_type, 5) = 'PROMO'
            THEN l_extendedprice * (1 - l_discount)
        ELSE 0
    END) / sum(l_extendedprice * (1 - l_discount)) AS promo_revenue
FROM
    lineitem,
    part
WHERE
    l_partkey = p_partkey
    AND year(l_shipdate) = 1995
    AND month(l_shipdate) = 9;
