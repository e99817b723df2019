-- TPC-H-scalar Q17 (category C2, C4): the brand by its number, RIGHT(p_brand, 2) = '23'; LOWER(p_container) = 'med box'.
-- Validation parameters: BRAND = Brand#23, CONTAINER = MED BOX.
-- Equivalent to TPC-H Q17 (p_brand is always 'Brand#MN', M and N in 1..5).
SELECT
    SUM(l_extendedprice) / 7.0 AS avg_yearly
FROM
    lineitem,
    part
WHERE
    p_partkey = l_partkey
    AND RIGHT(p_brand, 2) = '23'
    AND LOWER(p_container) = 'med box'
    AND l_quantity < (
        SELECT
            0.2 * AVG(l_quantity)
        FROM
            lineitem
        WHERE
            l_partkey = p_partkey
    );
