-- The mail server's own id for a message it accepted ("250 2.0.0 Ok: queued as ABC123"), so an
-- operator can ask the mail provider about one email (docs/email.md).
ALTER TABLE mail ADD COLUMN server_queue_id text;
