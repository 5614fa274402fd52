-- Accounts (docs/accounts.md): better-auth's tables under our names. Ids are better-auth's
-- random strings; passwords live only as better-auth's hashes in auth_accounts.password.
CREATE TABLE users (
  id             text PRIMARY KEY,
  name           text NOT NULL,
  email          text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  image          text,
  role           text NOT NULL DEFAULT 'customer' CONSTRAINT users_role_check CHECK (role IN ('customer', 'admin')),
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

CREATE TABLE sessions (
  id           text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token        text NOT NULL UNIQUE,
  expires_at   timestamptz NOT NULL,
  ip_address   text,
  user_agent   text,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- One row per way of signing in; ours is only email and password (provider_id 'credential').
CREATE TABLE auth_accounts (
  id                       text PRIMARY KEY,
  user_id                  text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id               text NOT NULL,
  provider_id              text NOT NULL,
  access_token             text,
  refresh_token            text,
  id_token                 text,
  access_token_expires_at  timestamptz,
  refresh_token_expires_at timestamptz,
  scope                    text,
  password                 text,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL
);
CREATE INDEX auth_accounts_user_id_idx ON auth_accounts (user_id);

-- Single-use secrets with an expiry: password reset and email verification tokens.
CREATE TABLE verifications (
  id          text PRIMARY KEY,
  identifier  text NOT NULL,
  value       text NOT NULL,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX verifications_identifier_idx ON verifications (identifier);

-- Attempts per key (action and client address, or action and email) in fixed windows.
CREATE TABLE rate_limits (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  attempts     integer NOT NULL
);

-- Secrets the site generates for itself when none is configured (AUTH_SECRET), shared by every
-- process on the database: session cookies and emailed order links are signed with it.
CREATE TABLE app_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL
);
