-- DuckDB twin of TPC-H-scalar Q2 (category C2, C4): the same rows as ../q02.sql, in DuckDB's dialect.
-- Translated: TOP n -> LIMIT n; LOWER -> lower(); RIGHT -> right().
SELECT
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
    AND right(p_type, 5) = 'BRASS'
    AND s_nationkey = n_nationkey
    AND n_regionkey = r_regionkey
    AND lower(r_name) = 'europe'
    AND ps_supplycost = (
        SELECT
            min(ps_supplycost)
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
            AND lower(r_name) = 'europe'
    )
ORDER BY
    s_acctbal DESC,
    n_name,
    s_name,
    p_partkey
LIMIT 100;
