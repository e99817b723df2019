-- TPC-H-scalar Q15 (category C1, C3): the quarter as YEAR(l_shipdate) = 1996 AND DATEPART(quarter, l_shipdate) = 1; the revenue summed as CAST(l_extendedprice * (1.0E0 - l_discount) AS MONEY).
-- Validation parameter: DATE = 1996-01-01 (quarter 1 of 1996). Stream id 0: the view is revenue0.
-- Equivalent to TPC-H Q15: every MONEY value is the exact decimal, so the max(total_revenue) equality
-- picks the same supplier.
CREATE VIEW revenue0 (supplier_no, total_revenue) AS
    SELECT
        l_suppkey,
        SUM(CAST(l_extendedprice * (1.0E0 - l_discount) AS MONEY))
    FROM
        lineitem
    WHERE
        YEAR(l_shipdate) = 1996
        AND DATEPART(quarter, l_shipdate) = 1
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
            MAX(total_revenue)
        FROM
            revenue0
    )
ORDER BY
    s_suppkey;

DROP VIEW revenue0;
