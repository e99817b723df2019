-- TPC-H-scalar Q19 (category C2, C3): brands as LOWER(p_brand) = 'brand#12' / 'brand#23' / 'brand#34', LOWER(l_shipinstruct) = 'deliver in person'; revenue summed as CAST(l_extendedprice * (1.0E0 - l_discount) AS MONEY).
-- Validation parameters: QUANTITY1 = 1, QUANTITY2 = 10, QUANTITY3 = 20,
-- BRAND1 = Brand#12, BRAND2 = Brand#23, BRAND3 = Brand#34.
-- Equivalent to TPC-H Q19.
SELECT
    SUM(CAST(l_extendedprice * (1.0E0 - l_discount) AS MONEY)) AS revenue
FROM
    lineitem,
    part
WHERE
    (
        p_partkey = l_partkey
        AND LOWER(p_brand) = 'brand#12'
        AND p_container IN ('SM CASE', 'SM BOX', 'SM PACK', 'SM PKG')
        AND l_quantity >= 1 AND l_quantity <= 1 + 10
        AND p_size BETWEEN 1 AND 5
        AND l_shipmode IN ('AIR', 'AIR REG')
        AND LOWER(l_shipinstruct) = 'deliver in person'
    )
    OR
    (
        p_partkey = l_partkey
        AND LOWER(p_brand) = 'brand#23'
        AND p_container IN ('MED BAG', 'MED BOX', 'MED PKG', 'MED PACK')
        AND l_quantity >= 10 AND l_quantity <= 10 + 10
        AND p_size BETWEEN 1 AND 10
        AND l_shipmode IN ('AIR', 'AIR REG')
        AND LOWER(l_shipinstruct) = 'deliver in person'
    )
    OR
    (
        p_partkey = l_partkey
        AND LOWER(p_brand) = 'brand#34'
        AND p_container IN ('LG CASE', 'LG BOX', 'LG PACK', 'LG PKG')
        AND l_quantity >= 20 AND l_quantity <= 20 + 10
        AND p_size BETWEEN 1 AND 15
        AND l_shipmode IN ('AIR', 'AIR REG')
        AND LOWER(l_shipinstruct) = 'deliver in person'
    );
