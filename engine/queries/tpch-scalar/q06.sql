-- TPC-H-scalar Q6 (category C1, C3): YEAR(l_shipdate) = 1994; the discount compared in percent, CAST(l_discount * 100.0E0 AS DECIMAL(15, 0)); revenue summed as CAST(float AS MONEY).
-- Validation parameters: DATE = 1994-01-01, DISCOUNT = 0.06 (6 percent), QUANTITY = 24.
-- Equivalent to TPC-H Q6: l_discount * 100.0E0 is within 1e-15 of an integer, which the cast recovers.
SELECT
    SUM(CAST(l_extendedprice * l_discount * 1.0E0 AS MONEY)) AS revenue
FROM
    lineitem
WHERE
    YEAR(l_shipdate) = 1994
    AND CAST(l_discount * 100.0E0 AS DECIMAL(15, 0)) BETWEEN 6 - 1 AND 6 + 1
    AND l_quantity < 24;
