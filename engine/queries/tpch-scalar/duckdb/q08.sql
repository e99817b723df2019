-- DuckDB twin of TPC-H-scalar Q8 (category C1, C2): the same rows as ../q08.sql, in DuckDB's dialect.
-- Translated: DATEPART(year, d) -> date_part('year', d); LOWER -> lower().
SELECT
    o_year,
    sum(CASE
        WHEN nation = 'BRAZIL' THEN volume
        ELSE 0
    END) / sum(volume) AS mkt_share
FROM (
    SELECT
        date_part('year', o_orderdate) AS o_year,
        l_extendedprice * (1 - l_discount) AS volume,
        n2.n_name AS nation
    FROM
        part,
        supplier,
        lineitem,
        orders,
        customer,
        nation n1,
        nation n2,
        region
    WHERE
        p_partkey = l_partkey
        AND s_suppkey = l_suppkey
        AND l_orderkey = o_orderkey
        AND o_custkey = c_custkey
        AND c_nationkey = n1.n_nationkey
        AND n1.n_regionkey = r_regionkey
        AND r_name = 'AMERICA'
        AND s_nationkey = n2.n_nationkey
        AND date_part('year', o_orderdate) BETWEEN 1995 AND 1996
        AND lower(p_type) = 'economy anodized steel'
    ) AS all_nations
GROUP BY
    o_year
ORDER BY
    o_year;
