-- TPC-H-scalar Q16 (category C2, C4): the brand by its number, RIGHT(p_brand, 2) <> '45'; the type prefix test on UPPER(p_type).
-- Validation parameters: BRAND = Brand#45, TYPE = MEDIUM POLISHED, SIZE1..8 = 49, 14, 23, 45, 19, 3, 36, 9.
-- Equivalent to TPC-H Q16 (p_brand is always 'Brand#MN', M and N in 1..5; p_type is upper case).
SELECT
    p_brand,
    p_type,
    p_size,
    COUNT(DISTINCT ps_suppkey) AS supplier_cnt
FROM
    partsupp,
    part
WHERE
    p_partkey = ps_partkey
    AND RIGHT(p_brand, 2) <> '45'
    AND UPPER(p_type) NOT LIKE 'MEDIUM POLISHED%'
    AND p_size IN (49, 14, 23, 45, 19, 3, 36, 9)
    AND ps_suppkey NOT IN (
        SELECT
            s_suppkey
        FROM
            supplier
        WHERE
            s_comment LIKE '%Customer%Complaints%'
    )
GROUP BY
    p_brand,
    p_type,
    p_size
ORDER BY
    supplier_cnt DESC,
    p_brand,
    p_type,
    p_size;
