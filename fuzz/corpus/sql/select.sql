SELECT grp, count(*), sum(amount), avg(x) FROM t WHERE d >= '1995-01-01' GROUP BY grp HAVING count(*) > 0 ORDER BY 1
