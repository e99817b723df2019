-- Line items ranked within their order, the share of each in the order's value, and the busiest lines.
SELECT COUNT(*) AS lines, SUM(dense) AS dense_sum, MAX(share) AS max_share
FROM (SELECT DENSE_RANK() OVER (PARTITION BY l_orderkey ORDER BY l_quantity) AS dense,
             l_extendedprice / SUM(l_extendedprice) OVER (PARTITION BY l_orderkey) AS share,
             COUNT(*) OVER (PARTITION BY l_suppkey) AS supplier_lines
      FROM lineitem) AS x
WHERE supplier_lines > 500;
