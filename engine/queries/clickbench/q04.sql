-- ClickBench Q04: average of a BIGINT
-- AVG(CAST(x AS FLOAT)): SQL Server's AVG of a BIGINT is a BIGINT; ClickBench means the double average.
SELECT AVG(CAST(UserID AS FLOAT)) FROM hits;
