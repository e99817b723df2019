-- Change from a customer's previous order (LAG), and the orders that grew by more than 100,000.
SELECT COUNT(*) AS grew, SUM(delta) AS total_growth
FROM (SELECT o_orderkey, o_totalprice - LAG(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderdate, o_orderkey) AS delta
      FROM orders) AS d
WHERE delta > 100000;
