-- Top two customers by balance in every nation: ROW_NUMBER over a partition, filtered from a derived table.
SELECT c_nationkey, c_custkey, c_acctbal, rn
FROM (SELECT c_nationkey, c_custkey, c_acctbal,
             ROW_NUMBER() OVER (PARTITION BY c_nationkey ORDER BY c_acctbal DESC, c_custkey) AS rn
      FROM customer) AS ranked
WHERE rn <= 2
ORDER BY c_nationkey, rn;
