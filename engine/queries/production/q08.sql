-- Quantities by return flag, line status and ship mode in every combination (CUBE).
SELECT l_returnflag, l_linestatus, l_shipmode, SUM(l_quantity) AS qty, COUNT(*) AS lines
FROM lineitem
GROUP BY CUBE (l_returnflag, l_linestatus, l_shipmode)
ORDER BY 1, 2, 3;
