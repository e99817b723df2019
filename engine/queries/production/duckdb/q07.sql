-- Revenue by region and nation with subtotals and a grand total (ROLLUP, GROUPING_ID).
SELECT r_name, n_name, SUM(o_totalprice) AS revenue, COUNT(*) AS orders, GROUPING(r_name, n_name) AS level
FROM orders JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey
     JOIN region ON n_regionkey = r_regionkey
GROUP BY ROLLUP (r_name, n_name)
ORDER BY level, r_name, n_name;
