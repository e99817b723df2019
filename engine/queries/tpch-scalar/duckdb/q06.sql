-- DuckDB twin of TPC-H-scalar Q6 (category C1, C3): the same rows as ../q06.sql, in DuckDB's dialect.
-- Translated: MONEY -> DECIMAL(19, 4); YEAR -> year().
SELECT
    sum(CAST(l_extendedprice * l_discount * 1.0E0 AS DECIMAL(19, 4))) AS revenue
FROM
    lineitem
WHERE
    year(l_shipdate) = 1994
    AND CAST(l_discount * 100.0E0 AS DECIMAL(15, 0)) BETWEEN 6 - 1 AND 6 + 1
    AND l_quantity < 24;
