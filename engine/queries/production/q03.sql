-- Seven-day moving average of daily shipped revenue: a window over the groups of a GROUP BY.
SELECT l_shipdate, SUM(l_extendedprice) AS revenue,
       AVG(SUM(l_extendedprice)) OVER (ORDER BY l_shipdate ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) AS avg7
FROM lineitem
WHERE l_shipdate >= '1995-01-01' AND l_shipdate < '1996-01-01'
GROUP BY l_shipdate
ORDER BY l_shipdate;
