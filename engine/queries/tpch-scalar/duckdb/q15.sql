-- DuckDB twin of TPC-H-scalar Q15 (category C1, C3): the same rows as ../q15.sql, in DuckDB's dialect.
-- Translated: DATEPART(quarter, d) -> quarter(d); MONEY -> DECIMAL(19, 4); YEAR -> year().
CREATE VIEW revenue0 (supplier_no, total_revenue) AS
    SELECT
        l_suppkey,
        sum(CAST(l_extendedprice * (1.0E0 - l_discount) AS DECIMAL(19, 4)))
    FROM
        lineitem
    WHERE
        year(l_shipdate) = 1996
        AND quarter(l_shipdate) = 1
    GROUP BY
        l_suppkey;

SELECT
    s_suppkey,
    s_name,
    s_address,
    s_phone,
    total_revenue
FROM
    supplier,
    revenue0
WHERE
    s_suppkey = supplier_no
    AND total_revenue = (
        SELECT
            max(total_revenue)
        FROM
            revenue0
    )
ORDER BY
    s_suppkey;

DROP VIEW revenue0;
