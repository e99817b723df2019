-- The three best-selling parts of every brand in 1996: RANK over the groups of a join.
SELECT p_brand, p_partkey, revenue, rk
FROM (SELECT p_brand, p_partkey, SUM(l_extendedprice * (1 - l_discount)) AS revenue,
             RANK() OVER (PARTITION BY p_brand ORDER BY SUM(l_extendedprice * (1 - l_discount)) DESC) AS rk
      FROM lineitem JOIN part ON l_partkey = p_partkey
      WHERE l_shipdate >= '1996-01-01' AND l_shipdate < '1997-01-01'
      GROUP BY p_brand, p_partkey) AS r
WHERE rk <= 3
ORDER BY p_brand, rk, p_partkey;
