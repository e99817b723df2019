-- DuckDB twin of TPC-H-scalar Q11 (category C2): the same rows as ../q11.sql, in DuckDB's dialect.
-- Translated: LOWER -> lower().
SELECT
    ps_partkey,
    sum(ps_supplycost * ps_availqty) AS value
FROM
    partsupp,
    supplier,
    nation
WHERE
    ps_suppkey = s_suppkey
    AND s_nationkey = n_nationkey
    AND lower(n_name) = 'germany'
GROUP BY
    ps_partkey
HAVING
    sum(ps_supplycost * ps_availqty) > (
        SELECT
            sum(ps_supplycost * ps_availqty) * 0.0001
        FROM
            partsupp,
            supplier,
            nation
        WHERE
            ps_suppkey = s_suppkey
            AND s_nationkey = n_nationkey
            AND lower(n_name) = 'germany'
    )
ORDER BY
    value DESC;
