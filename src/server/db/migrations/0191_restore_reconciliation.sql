-- A restored site reconciles with the outside world before it acts (decision 141).
-- `backups_taken`: one row written just before each backup's snapshot, so a restored database
-- knows when its backup was taken (the newest row it holds).
CREATE TABLE backups_taken (
  taken_at timestamptz PRIMARY KEY
);
-- `site_restores`: one row written by `npm run restore` into the database it restored. While a
-- row is not reconciled, the jobs that reach the courier, the card provider or the mail server
-- wait; the `reconcile-restore` job asks the courier and the card provider what they saw, holds
-- the emails, writes what it found (`outcome`) and sets `reconciled_at`.
CREATE TABLE site_restores (
  id               uuid PRIMARY KEY,
  restored_at      timestamptz NOT NULL,
  backup_taken_at  timestamptz,
  backup_file      text NOT NULL,
  reconciled_at    timestamptz,
  outcome          jsonb
);
CREATE INDEX site_restores_open_idx ON site_restores (restored_at) WHERE reconciled_at IS NULL;
-- Emails pending when the backup was taken are `held` until an operator sends or discards each.
ALTER TABLE mail DROP CONSTRAINT mail_status_check;
ALTER TABLE mail ADD CONSTRAINT mail_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'unknown', 'held', 'discarded'));
-- Which process marked the order `booking` (decision 142): on the embedded database a booking
-- marked by another process than the running one belongs to a process that is gone.
ALTER TABLE orders ADD COLUMN booking_process text;
