-- Two-step sign-in (docs/accounts.md, decision 074): better-auth's two-factor plugin, under our
-- names. `users.two_factor_enabled` is set once the first code from the authenticator app was
-- accepted. One `two_factors` row per account: the TOTP secret and the ten recovery codes, both
-- encrypted by better-auth with the site's auth secret; `verified` is false between starting and
-- confirming enrolment. The plugin's own lockout columns are kept (it writes them) but unused:
-- failures are counted in rate_limits (decision 075).
ALTER TABLE users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false;

CREATE TABLE two_factors (
  id                        text PRIMARY KEY,
  user_id                   text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  secret                    text NOT NULL,
  backup_codes              text NOT NULL,
  verified                  boolean NOT NULL DEFAULT true,
  failed_verification_count integer NOT NULL DEFAULT 0,
  locked_until              timestamptz
);
CREATE UNIQUE INDEX two_factors_user_id_unique ON two_factors (user_id);
