-- DuckDB twin of TPC-H-scalar Q19 (category C2, C3): the same rows as ../q19.sql, in DuckDB's dialect.
-- Translated: MONEY -> DECIMAL(19, 4); LOWER -> lower().
SELECT
    sum(CAST(l_extendedprice * (1.0E0 - l_discount) AS DECIMAL(19, 4))) AS revenue
FROM
    lineitem,
    part
WHERE
    (
        p_partkey = l_partkey
        AND lower(p_brand) = 'brand#12'
        AND p_container IN ('SM CASE', 'SM BOX', 'SM PACK', 'SM PKG')
        AND l_quantity >= 1 AND l_quantity <= 1 + 10
        AND p_size BETWEEN 1 AND 5
        AND l_shipmode IN ('AIR', 'AIR REG')
        AND lower(l_shipinstruct) = 'deliver in person'
    )
    OR
    (
        p_partkey = l_partkey
        AND lower(p_brand) = 'brand#23'
        AND p_container IN ('MED BAG', 'MED BOX', 'MED PKG', 'MED PACK')
        AND l_quantity >= 10 AND l_quantity <= 10 + 10
        AND p_size BETWEEN 1 AND 10
        AND l_shipmode IN ('AIR', 'AIR REG')
        AND lower(l_shipinstruct) = 'deliver in person'
    )
    OR
    (
        p_partkey = l_partkey
        AND lower(p_brand) = 'brand#34'
        AND p_container IN ('LG CASE', 'LG BOX', 'LG PACK', 'LG PKG')
        AND l_quantity >= 20 AND l_quantity <= 20 + 10
        AND p_size BETWEEN 1 AND 15
        AND l_shipmode IN ('AIR', 'AIR REG')
        AND lower(l_shipinstruct) = 'deliver in person'
    );
