-- The operator console (docs/operators.md).

-- Every admin action: who did it, when, and what (one row per action, written in the action's
-- own transaction).
CREATE TABLE admin_audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL,
  admin_id    text NOT NULL,
  admin_email text NOT NULL,
  action      text NOT NULL,
  subject     text NOT NULL,
  details     jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX admin_audit_log_at_idx ON admin_audit_log (at DESC, id DESC);

-- Each save of the rate tables: the whole of both tables after the save (to restore) and the
-- cells it changed (the difference to the version before).
CREATE TABLE rate_versions (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at  timestamptz NOT NULL,
  admin_id    text NOT NULL,
  admin_email text NOT NULL,
  note        text NOT NULL,
  prices      jsonb NOT NULL,
  changes     jsonb NOT NULL
);

-- Contact messages an operator has read.
ALTER TABLE contact_messages ADD COLUMN read_at timestamptz;
