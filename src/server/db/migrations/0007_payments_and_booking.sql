-- Pay, book and confirm (issue 7, docs/orders.md, decision 009): card payments authorised first
-- and captured after the courier booking; a durable job queue books the shipment once; labels and
-- documents are kept by us; the card sandbox keeps its own state here so it survives restarts.

-- The order's booking outcome. Statuses: draft, authorised, booking, booked, booking_failed,
-- needs_attention (docs/orders.md).
ALTER TABLE orders ADD COLUMN payment_attempt integer NOT NULL DEFAULT 1;
ALTER TABLE orders ADD COLUMN courier_reference text;
ALTER TABLE orders ADD COLUMN tracking_url text;
ALTER TABLE orders ADD COLUMN booked_at timestamptz;
ALTER TABLE orders ADD COLUMN failure_code text;
ALTER TABLE orders ADD COLUMN failure_message text;
ALTER TABLE orders ADD COLUMN booking_started_at timestamptz;

-- One row per payment made for an order with the provider (one per attempt and amount).
CREATE TABLE payments (
  id                  uuid PRIMARY KEY,
  order_id            uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  attempt             integer NOT NULL,
  provider            text NOT NULL,
  provider_payment_id text NOT NULL,
  -- order id + attempt + amount: the key the provider deduplicates creation with.
  idempotency_key     text NOT NULL CONSTRAINT payments_idempotency_key_unique UNIQUE,
  amount_pence        integer NOT NULL CONSTRAINT payments_amount_check CHECK (amount_pence > 0),
  currency            char(3) NOT NULL DEFAULT 'GBP',
  status              text NOT NULL CONSTRAINT payments_status_check CHECK (status IN
                        ('requires_payment_method', 'requires_action', 'authorised', 'capture_pending',
                         'captured', 'cancel_pending', 'cancelled', 'refunded')),
  client_secret       text NOT NULL,
  last_error_code     text,
  last_error_message  text,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL,
  CONSTRAINT payments_provider_payment_unique UNIQUE (provider, provider_payment_id)
);
CREATE INDEX payments_order_idx ON payments (order_id, attempt);

-- Provider events already applied (webhooks are delivered at least once).
CREATE TABLE payment_events (
  provider     text NOT NULL,
  event_id     text NOT NULL,
  type         text NOT NULL,
  received_at  timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- Labels and documents returned by the courier, served from our own URLs.
CREATE TABLE order_documents (
  id            uuid PRIMARY KEY,
  order_id      uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position      integer NOT NULL,
  kind          text NOT NULL CONSTRAINT order_documents_kind_check CHECK (kind IN ('label', 'document')),
  title         text NOT NULL,
  filename      text NOT NULL,
  content_type  text NOT NULL,
  content       bytea NOT NULL,
  created_at    timestamptz NOT NULL,
  CONSTRAINT order_documents_position_unique UNIQUE (order_id, position)
);

-- The durable job queue (decision 009): leases, retries with backoff, resumed after a restart.
CREATE TABLE jobs (
  id             uuid PRIMARY KEY,
  kind           text NOT NULL,
  -- One job per business event, e.g. book-shipment:<order id>:<payment id>.
  key            text NOT NULL CONSTRAINT jobs_key_unique UNIQUE,
  payload        jsonb NOT NULL,
  status         text NOT NULL CONSTRAINT jobs_status_check CHECK (status IN ('pending', 'running', 'done', 'failed')),
  attempts       integer NOT NULL DEFAULT 0,
  run_at         timestamptz NOT NULL,
  claim_token    uuid,
  locked_until   timestamptz,
  last_error     text,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
CREATE INDEX jobs_due_idx ON jobs (status, run_at);

-- The card sandbox's own records: what the card provider would hold (PAYMENT_PROVIDER=sandbox).
CREATE TABLE sandbox_payments (
  id               text PRIMARY KEY,
  idempotency_key  text NOT NULL CONSTRAINT sandbox_payments_idempotency_unique UNIQUE,
  amount_pence     integer NOT NULL,
  currency         char(3) NOT NULL,
  status           text NOT NULL,
  client_secret    text NOT NULL,
  metadata         jsonb NOT NULL,
  card_last4       text,
  last_error_code  text,
  last_error_message text,
  amount_refunded_pence integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
