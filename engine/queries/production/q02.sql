-- Running total of every customer's orders by date (RANGE frame: orders of one day are peers).
SELECT COUNT(*) AS orders, SUM(running) AS checksum, MAX(running) AS largest
FROM (SELECT o_custkey, SUM(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderdate) AS running
      FROM orders) AS r;
