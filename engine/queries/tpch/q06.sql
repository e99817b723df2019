-- TPC-H Q6, forecasting revenue change (specification 2.4.6), DuckDB dialect.
-- Validation parameters: DATE = 1994-01-01, DISCOUNT = 0.06, QUANTITY = 24.
SELECT
    sum(l_extendedprice * l_discount) AS revenue
FROM
    lineitem
WHERE
    l_shipdate >= DATE '1994-01-01'
    AND l_shipdate < DATE '1994-01-01' + INTERVAL '1' YEAR
    AND l_discount BETWEEN 0.06 - 0.01 AND 0.06 + 0.01
    AND l_quantity < 24;
