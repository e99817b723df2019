-- DuckDB twin of TPC-H-scalar Q17 (category C2, C4): the same rows as ../q17.sql, in DuckDB's dialect.
-- Translated: LOWER -> lower(); RIGHT -> right().
SELECT
    sum(l_extendedprice) / 7.0 AS avg_yearly
FROM
    lineitem,
    part
WHERE
    p_partkey = l_partkey
    AND right(p_brand, 2) = '23'
    AND lower(p_container) = 'med box'
    AND l_quantity < (
        SELECT
            0.2 * avg(l_quantity)
        FROM
            lineitem
        WHERE
            l_partkey = p_partkey
    );
