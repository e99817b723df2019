-- DuckDB twin of TPC-H-scalar Q7 (category C1, C3): the same rows as ../q07.sql, in DuckDB's dialect.
-- Translated: MONEY -> DECIMAL(19, 4); YEAR -> year().
SELECT
    supp_nation,
    cust_nation,
    l_year,
    sum(volume) AS revenue
FROM (
    SELECT
        n1.n_name AS supp_nation,
        n2.n_name AS cust_nation,
        year(l_shipdate) AS l_year,
        CAST(l_extendedprice * (1.0E0 - l_discount) AS DECIMAL(19, 4)) AS volume
    FROM
        supplier,
        lineitem,
        orders,
        customer,
        nation n1,
        nation n2
    WHERE
        s_suppkey = l_suppkey
        AND o_orderkey = l_orderkey
        AND c_custkey = o_custkey
        AND s_nationkey = n1.n_nationkey
        AND c_nationkey = n2.n_nationkey
        AND (
            (n1.n_name = 'FRANCE' AND n2.n_name = 'GERMANY')
            OR (n1.n_name = 'GERMANY' AND n2.n_name = 'FRANCE')
        )
        AND year(l_shipdate) BETWEEN 1995 AND 1996
    ) AS shipping
GROUP BY
    supp_nation,
    cust_nation,
    l_year
ORDER BY
    supp_nation,
    cust_nation,
    l_year;
