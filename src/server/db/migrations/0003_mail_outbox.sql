-- The mail outbox (docs/email.md). Every email the site sends is written here in the same
-- transaction as the change that causes it, then delivered by the mail worker.
CREATE TABLE mail (
  id                 uuid PRIMARY KEY,
  -- One business event enqueues at most one message, e.g. 'booking-confirmation:BA-123'.
  idempotency_key    text NOT NULL CONSTRAINT mail_idempotency_key_unique UNIQUE,
  kind               text NOT NULL,
  -- The RFC 5322 Message-ID, the same on every attempt (receivers can spot a repeat).
  message_id         text NOT NULL CONSTRAINT mail_message_id_unique UNIQUE,
  to_address         text NOT NULL,
  reply_to           text,
  subject            text NOT NULL,
  html_body          text NOT NULL,
  text_body          text NOT NULL,
  status             text NOT NULL DEFAULT 'pending'
                       CONSTRAINT mail_status_check
                       CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'unknown')),
  attempts           integer NOT NULL DEFAULT 0,
  next_attempt_at    timestamptz NOT NULL,
  -- The lease of the worker delivering it: its claim token and until when it holds the message.
  claim_token        uuid,
  locked_until       timestamptz,
  -- Set just before the message is let go (SMTP: before the final "." of DATA). A message whose
  -- worker vanished after this point may have been delivered: it becomes 'unknown', never resent.
  committed_at       timestamptz,
  last_error         text,
  transport_response text,
  created_at         timestamptz NOT NULL,
  sent_at            timestamptz
);

CREATE INDEX mail_due_idx ON mail (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX mail_created_idx ON mail (created_at);

CREATE TABLE mail_attachments (
  mail_id      uuid NOT NULL REFERENCES mail (id) ON DELETE CASCADE,
  position     integer NOT NULL,
  filename     text NOT NULL,
  content_type text NOT NULL,
  content      bytea NOT NULL,
  PRIMARY KEY (mail_id, position)
);

-- The local mailbox: what the sandbox transport delivered when no SMTP_URL is set (read by
-- /dev/mail and by tests). raw is the full MIME message, exactly as SMTP would have carried it.
CREATE TABLE mailbox_messages (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id    text NOT NULL CONSTRAINT mailbox_messages_message_id_unique UNIQUE,
  envelope_from text NOT NULL,
  envelope_to   text NOT NULL,
  subject       text NOT NULL,
  raw           bytea NOT NULL,
  received_at   timestamptz NOT NULL
);
