-- TPC-H-scalar Q2 (category C2, C4): p_type suffix through RIGHT(p_type, 5) = 'BRASS'; region name compared as LOWER(r_name) = 'europe' (outer query and subquery).
-- Validation parameters: SIZE = 15, TYPE = BRASS, REGION = EUROPE.
-- Equivalent to TPC-H Q2.
SELECT TOP 100
    s_acctbal,
    s_name,
    n_name,
    p_partkey,
    p_mfgr,
    s_address,
    s_phone,
    s_comment
FROM
    part,
    supplier,
    partsupp,
    nation,
    region
WHERE
    p_partkey = ps_partkey
    AND s_suppkey = ps_suppkey
    AND p_size = 15
    AND RIGHT(p_type, 5) = 'BRASS'
    AND s_nationkey = n_nationkey
    AND n_regionkey = r_regionkey
    AND LOWER(r_name) = 'europe'
    AND ps_supplycost = (
        SELECT
            MIN(ps_supplycost)
        FROM
            partsupp,
            supplier,
            nation,
            region
        WHERE
            p_partkey = ps_partkey
            AND s_suppkey = ps_suppkey
            AND s_nationkey = n_nationkey
            AND n_regionkey = r_regionkey
            AND LOWER(r_name) = 'europe'
    )
ORDER BY
    s_acctbal DESC,
    n_name,
    s_name,
    p_partkey;
