-- ClickBench Q30: ninety sums of one column
-- SUM(CAST(ResolutionWidth AS BIGINT) + n): SQL Server's SUM of an INT is an INT, which 10 million rows overflow
-- (Msg 8115), so a SQL Server user sums it as BIGINT; DuckDB's SUM widens by itself.
SELECT SUM(CAST(ResolutionWidth AS BIGINT)), SUM(CAST(ResolutionWidth AS BIGINT) + 1), SUM(CAST(ResolutionWidth AS BIGINT) + 2), SUM(CAST(ResolutionWidth AS BIGINT) + 3),
SUM(CAST(ResolutionWidth AS BIGINT) + 4), SUM(CAST(ResolutionWidth AS BIGINT) + 5), SUM(CAST(ResolutionWidth AS BIGINT) + 6), SUM(CAST(ResolutionWidth AS BIGINT) + 7),
SUM(CAST(ResolutionWidth AS BIGINT) + 8), SUM(CAST(ResolutionWidth AS BIGINT) + 9), SUM(CAST(ResolutionWidth AS BIGINT) + 10), SUM(CAST(ResolutionWidth AS BIGINT) + 11),
SUM(CAST(ResolutionWidth AS BIGINT) + 12), SUM(CAST(ResolutionWidth AS BIGINT) + 13), SUM(CAST(ResolutionWidth AS BIGINT) + 14), SUM(CAST(ResolutionWidth AS BIGINT) + 15),
SUM(CAST(ResolutionWidth AS BIGINT) + 16), SUM(CAST(ResolutionWidth AS BIGINT) + 17), SUM(CAST(ResolutionWidth AS BIGINT) + 18), SUM(CAST(ResolutionWidth AS BIGINT) + 19),
SUM(CAST(ResolutionWidth AS BIGINT) + 20), SUM(CAST(ResolutionWidth AS BIGINT) + 21), SUM(CAST(ResolutionWidth AS BIGINT) + 22), SUM(CAST(ResolutionWidth AS BIGINT) + 23),
SUM(CAST(ResolutionWidth AS BIGINT) + 24), SUM(CAST(ResolutionWidth AS BIGINT) + 25), SUM(CAST(ResolutionWidth AS BIGINT) + 26), SUM(CAST(ResolutionWidth AS BIGINT) + 27),
SUM(CAST(ResolutionWidth AS BIGINT) + 28), SUM(CAST(ResolutionWidth AS BIGINT) + 29), SUM(CAST(ResolutionWidth AS BIGINT) + 30), SUM(CAST(ResolutionWidth AS BIGINT) + 31),
SUM(CAST(ResolutionWidth AS BIGINT) + 32), SUM(CAST(ResolutionWidth AS BIGINT) + 33), SUM(CAST(ResolutionWidth AS BIGINT) + 34), SUM(CAST(ResolutionWidth AS BIGINT) + 35),
SUM(CAST(ResolutionWidth AS BIGINT) + 36), SUM(CAST(ResolutionWidth AS BIGINT) + 37), SUM(CAST(ResolutionWidth AS BIGINT) + 38), SUM(CAST(ResolutionWidth AS BIGINT) + 39),
SUM(CAST(ResolutionWidth AS BIGINT) + 40), SUM(CAST(ResolutionWidth AS BIGINT) + 41), SUM(CAST(ResolutionWidth AS BIGINT) + 42), SUM(CAST(ResolutionWidth AS BIGINT) + 43),
SUM(CAST(ResolutionWidth AS BIGINT) + 44), SUM(CAST(ResolutionWidth AS BIGINT) + 45), SUM(CAST(ResolutionWidth AS BIGINT) + 46), SUM(CAST(ResolutionWidth AS BIGINT) + 47),
SUM(CAST(ResolutionWidth AS BIGINT) + 48), SUM(CAST(ResolutionWidth AS BIGINT) + 49), SUM(CAST(ResolutionWidth AS BIGINT) + 50), SUM(CAST(ResolutionWidth AS BIGINT) + 51),
SUM(CAST(ResolutionWidth AS BIGINT) + 52), SUM(CAST(ResolutionWidth AS BIGINT) + 53), SUM(CAST(ResolutionWidth AS BIGINT) + 54), SUM(CAST(ResolutionWidth AS BIGINT) + 55),
SUM(CAST(ResolutionWidth AS BIGINT) + 56), SUM(CAST(ResolutionWidth AS BIGINT) + 57), SUM(CAST(ResolutionWidth AS BIGINT) + 58), SUM(CAST(ResolutionWidth AS BIGINT) + 59),
SUM(CAST(ResolutionWidth AS BIGINT) + 60), SUM(CAST(ResolutionWidth AS BIGINT) + 61), SUM(CAST(ResolutionWidth AS BIGINT) + 62), SUM(CAST(ResolutionWidth AS BIGINT) + 63),
SUM(CAST(ResolutionWidth AS BIGINT) + 64), SUM(CAST(ResolutionWidth AS BIGINT) + 65), SUM(CAST(ResolutionWidth AS BIGINT) + 66), SUM(CAST(ResolutionWidth AS BIGINT) + 67),
SUM(CAST(ResolutionWidth AS BIGINT) + 68), SUM(CAST(ResolutionWidth AS BIGINT) + 69), SUM(CAST(ResolutionWidth AS BIGINT) + 70), SUM(CAST(ResolutionWidth AS BIGINT) + 71),
SUM(CAST(ResolutionWidth AS BIGINT) + 72), SUM(CAST(ResolutionWidth AS BIGINT) + 73), SUM(CAST(ResolutionWidth AS BIGINT) + 74), SUM(CAST(ResolutionWidth AS BIGINT) + 75),
SUM(CAST(ResolutionWidth AS BIGINT) + 76), SUM(CAST(ResolutionWidth AS BIGINT) + 77), SUM(CAST(ResolutionWidth AS BIGINT) + 78), SUM(CAST(ResolutionWidth AS BIGINT) + 79),
SUM(CAST(ResolutionWidth AS BIGINT) + 80), SUM(CAST(ResolutionWidth AS BIGINT) + 81), SUM(CAST(ResolutionWidth AS BIGINT) + 82), SUM(CAST(ResolutionWidth AS BIGINT) + 83),
SUM(CAST(ResolutionWidth AS BIGINT) + 84), SUM(CAST(ResolutionWidth AS BIGINT) + 85), SUM(CAST(ResolutionWidth AS BIGINT) + 86), SUM(CAST(ResolutionWidth AS BIGINT) + 87),
SUM(CAST(ResolutionWidth AS BIGINT) + 88), SUM(CAST(ResolutionWidth AS BIGINT) + 89)
FROM hits;
