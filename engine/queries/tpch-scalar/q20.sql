-- TPC-H-scalar Q20 (category C2, C4): the colour prefix p_name LIKE 'forest%' as LEFT(p_name, 6) = 'forest'; LOWER(n_name) = 'canada'.
-- Validation parameters: COLOR = forest, DATE = 1994-01-01 (the year folded to DATE '1995-01-01'), NATION = CANADA.
-- Equivalent to TPC-H Q20.
SELECT
    s_name,
    s_address
FROM
    supplier,
    nation
WHERE
    s_suppkey IN (
        SELECT
            ps_suppkey
        FROM
            partsupp
        WHERE
            ps_partkey IN (
                SELECT
                    p_partkey
                FROM
                    part
                WHERE
                    LEFT(p_name, 6) = 'forest'
            )
            AND ps_availqty > (
                SELECT
                    0.5 * SUM(l_quantity)
                FROM
                    lineitem
                WHERE
                    l_partkey = ps_partkey
                    AND l_suppkey = ps_suppkey
                    AND l_shipdate >= DATE '1994-01-01'
                    AND l_shipdate < DATE '1995-01-01'
            )
    )
    AND s_nationkey = n_nationkey
    AND LOWER(n_name) = 'canada'
ORDER BY
    s_name;
