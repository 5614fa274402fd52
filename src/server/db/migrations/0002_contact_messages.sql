-- Messages sent through the "Contact us" form. Stored as plain text, exactly as validated; any
-- page or email that shows them escapes them.
CREATE TABLE contact_messages (
  id           uuid PRIMARY KEY,
  first_name   text NOT NULL,
  last_name    text NOT NULL DEFAULT '',
  company      text NOT NULL DEFAULT '',
  email        text NOT NULL,
  phone        text NOT NULL DEFAULT '',
  message      text NOT NULL,
  news_opt_in  boolean NOT NULL DEFAULT false,
  received_at  timestamptz NOT NULL
);

CREATE INDEX contact_messages_received_at_idx ON contact_messages (received_at DESC);
