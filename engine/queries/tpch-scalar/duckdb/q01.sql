-- DuckDB twin of TPC-H-scalar Q1 (category C3): the same rows as ../q01.sql, in DuckDB's dialect.
-- Translated: MONEY -> DECIMAL(19, 4).
SELECT
    l_returnflag,
    l_linestatus,
    sum(l_quantity) AS sum_qty,
    sum(l_extendedprice) AS sum_base_price,
    sum(CAST(l_extendedprice * (1.0E0 - l_discount) AS DECIMAL(19, 4))) AS sum_disc_price,
    sum(CAST(l_extendedprice * (1.0E0 - l_discount) * (1.0E0 + l_tax) AS DECIMAL(18, 6))) AS sum_charge,
    avg(l_quantity) AS avg_qty,
    avg(l_extendedprice) AS avg_price,
    avg(CAST(l_discount * 1.0E0 AS DECIMAL(15, 2))) AS avg_disc,
    count(*) AS count_order
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
