-- TPC-H-scalar Q9 (category C1, C4): YEAR(o_orderdate) for the year column; the colour test p_name LIKE '%green%' as CHARINDEX('green', p_name) > 0.
-- Validation parameter: COLOR = green.
-- Equivalent to TPC-H Q9.
SELECT
    nation,
    o_year,
    SUM(amount) AS sum_profit
FROM (
    SELECT
        n_name AS nation,
        YEAR(o_orderdate) AS o_year,
        l_extendedprice * (1 - l_discount) - ps_supplycost * l_quantity AS amount
    FROM
        part,
        supplier,
        lineitem,
        partsupp,
        orders,
        nation
    WHERE
        s_suppkey = l_suppkey
        AND ps_suppkey = l_suppkey
        AND ps_partkey = l_partkey
        AND p_partkey = l_partkey
        AND o_orderkey = l_orderkey
        AND s_nationkey = n_nationkey
        AND CHARINDEX('green', p_name) > 0
    ) AS profit
GROUP BY
    nation,
    o_year
ORDER BY
    nation,
    o_year DESC;
