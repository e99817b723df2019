-- Customers who ordered in both 1995 and 1996 (INTERSECT), and those of 1995 who did not come back (EXCEPT).
SELECT (SELECT COUNT(*) FROM (SELECT o_custkey FROM orders WHERE YEAR(o_orderdate) = 1995
                              INTERSECT SELECT o_custkey FROM orders WHERE YEAR(o_orderdate) = 1996) AS b) AS both_years,
       (SELECT COUNT(*) FROM (SELECT o_custkey FROM orders WHERE YEAR(o_orderdate) = 1995
                              EXCEPT SELECT o_custkey FROM orders WHERE YEAR(o_orderdate) = 1996) AS l) AS lost;
