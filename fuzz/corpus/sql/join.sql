SELECT t.id, u.label FROM t LEFT JOIN u ON t.id = u.k WHERE t.id NOT IN (SELECT k FROM u) OR EXISTS (SELECT 1 FROM u WHERE u.k = t.x)
