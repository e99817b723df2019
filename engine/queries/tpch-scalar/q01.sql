-- TPC-H-scalar Q1 (category C3): discounted price and charge computed with float constants, cast back to MONEY / DECIMAL(18,6); average discount through CAST(float AS DECIMAL(15,2)).
-- Validation parameter: DELTA = 90 (DATE '1998-12-01' - 90 days = DATE '1998-09-02', folded).
-- Equivalent to TPC-H Q1: the exact decimal values are recovered by the casts.
SELECT
    l_returnflag,
    l_linestatus,
    SUM(l_quantity) AS sum_qty,
    SUM(l_extendedprice) AS sum_base_price,
    SUM(CAST(l_extendedprice * (1.0E0 - l_discount) AS MONEY)) AS sum_disc_price,
    SUM(CAST(l_extendedprice * (1.0E0 - l_discount) * (1.0E0 + l_tax) AS DECIMAL(18, 6))) AS sum_charge,
    AVG(l_quantity) AS avg_qty,
    AVG(l_extendedprice) AS avg_price,
    AVG(CAST(l_discount * 1.0E0 AS DECIMAL(15, 2))) AS avg_disc,
    COUNT(*) AS count_order
FROM
    lineitem
WHERE
    l_shipdate <= DATE '1998-09-02'
GROUP BY
    l_returnflag,
    l_linestatus
ORDER BY
    l_returnflag,
    l_linestatus;
