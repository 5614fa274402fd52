-- Abandoned drafts (decision 050): the recurring purge finds unpaid drafts by when they last
-- changed, oldest first, without reading the rest of the orders table.
CREATE INDEX orders_draft_updated_idx ON orders (updated_at) WHERE status = 'draft';
