-- TPC-H-scalar Q11 (category C2): the nation compared as LOWER(n_name) = 'germany' (outer query and HAVING subquery).
-- Validation parameters: NATION = GERMANY, FRACTION = 0.0001.
-- Equivalent to TPC-H Q11.
SELECT
    ps_partkey,
    SUM(ps_supplycost * ps_availqty) AS value
FROM
    partsupp,
    supplier,
    nation
WHERE
    ps_suppkey = s_suppkey
    AND s_nationkey = n_nationkey
    AND LOWER(n_name) = 'germany'
GROUP BY
    ps_partkey
HAVING
    SUM(ps_supplycost * ps_availqty) > (
        SELECT
            SUM(ps_supplycost * ps_availqty) * 0.0001
        FROM
            partsupp,
            supplier,
            nation
        WHERE
            ps_suppkey = s_suppkey
            AND s_nationkey = n_nationkey
            AND LOWER(n_name) = 'germany'
    )
ORDER BY
    value DESC;
