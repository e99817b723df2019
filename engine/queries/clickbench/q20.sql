-- ClickBench Q20: point lookup of one user
-- The generator gives this (ClickBench's) UserID to one of its frequent users (clickbench::kQ20UserID).
SELECT UserID FROM hits WHERE UserID = 435090932899640449;
