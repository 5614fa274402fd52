-- The reconciliation of authorisations (every two minutes, docs/orders.md) looks at the payments
-- of the last two days, oldest first. Without an index on created_at it read the whole table:
-- 0.3 s with a million orders on the embedded database, where no request is answered meanwhile.
CREATE INDEX payments_created_idx ON payments (created_at);
