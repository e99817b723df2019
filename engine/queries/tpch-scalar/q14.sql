-- TPC-H-scalar Q14 (category C1, C4): the month as YEAR(l_shipdate) = 1995 AND MONTH(l_shipdate) = 9; the promotion test p_type LIKE 'PROMO%' as LEFT(p_type, 5) = 'PROMO'.
-- Validation parameter: DATE = 1995-09-01.
-- Equivalent to TPC-H Q14.
SELECT
    100.00 * SUM(CASE
        WHEN LEFT(p_type, 5) = 'PROMO'
            THEN l_extendedprice * (1 - l_discount)
        ELSE 0
    END) / SUM(l_extendedprice * (1 - l_discount)) AS promo_revenue
FROM
    lineitem,
    part
WHERE
    l_partkey = p_partkey
    AND YEAR(l_shipdate) = 1995
    AND MONTH(l_shipdate) = 9;
