-- TPC-H-scalar Q22 (category C4): the country code as LEFT(c_phone, 2) in the projection and the outer filter, SUBSTRING(c_phone, 1, 2) in the average subquery.
-- Validation parameters: I1..I7 = 13, 31, 23, 29, 30, 18, 17.
-- Equivalent to TPC-H Q22.
SELECT
    cntrycode,
    COUNT(*) AS numcust,
    SUM(c_acctbal) AS totacctbal
FROM (
    SELECT
        LEFT(c_phone, 2) AS cntrycode,
        c_acctbal
    FROM
        customer
    WHERE
        LEFT(c_phone, 2) IN
            ('13', '31', '23', '29', '30', '18', '17')
        AND c_acctbal > (
            SELECT
                AVG(c_acctbal)
            FROM
                customer
            WHERE
                c_acctbal > 0.00
                AND SUBSTRING(c_phone, 1, 2) IN
                    ('13', '31', '23', '29', '30', '18', '17')
        )
        AND NOT EXISTS (
            SELECT
                *
            FROM
                orders
            WHERE
                o_custkey = c_custkey
        )
    ) AS custsale
GROUP BY
    cntrycode
ORDER BY
    cntrycode;
