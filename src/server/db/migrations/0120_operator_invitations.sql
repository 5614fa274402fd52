-- `npm run admin:create` for an email that already has an account never grants the role: it
-- emails that address a one-time link (docs/operators.md, "Admin accounts"). Only the link's
-- SHA-256 is kept; the link works once, until expires_at.
CREATE TABLE operator_invitations (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  invited_by text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX operator_invitations_email_idx ON operator_invitations (email);
