-- Second factor and sessions to the operator standard (decision 115, docs/security.md).

-- The last time step (30-second period since the epoch) whose authenticator code an account
-- used: a code of that step or an earlier one is refused, so a code works once.
CREATE TABLE totp_last_steps (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_step bigint NOT NULL
);

-- Wrong passwords and codes per account, whatever the address they came from: past a few, each
-- further try waits longer (sign-in-guard.ts). `account` is `email:<typed email>` for a password,
-- `user:<id>` for a second-step code. A row is forgotten a day after its last counted try.
CREATE TABLE sign_in_waits (
  account text PRIMARY KEY,
  failures integer NOT NULL CHECK (failures >= 0),
  last_try_at timestamptz NOT NULL,
  -- When the account's owner was last emailed about these failures.
  notified_at timestamptz
);

-- When each session began and was last used, on the site's clock: an operator's ends 12 hours
-- after it began, or 30 minutes after it was last used (settings). Sessions made before this
-- migration count from their own creation and last update.
CREATE TABLE session_activity (
  session_id text PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL,
  last_active_at timestamptz NOT NULL
);
INSERT INTO session_activity (session_id, started_at, last_active_at)
  SELECT id, created_at, updated_at FROM sessions;
