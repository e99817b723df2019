-- ClickBench Q20: point lookup of one user
-- DuckDB's text: ClickBench's official query with the tie-breaks and constants named in the Tessera file.
SELECT UserID FROM hits WHERE UserID = 435090932899640449;
