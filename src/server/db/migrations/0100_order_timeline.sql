-- The console's order timeline (docs/operators.md, "Orders").
--
-- When the customer last saved each step of the journey: the order kept only the quote, the
-- declaration, the payment-step tick and the booking's times before this.
ALTER TABLE orders
  ADD COLUMN service_chosen_at           timestamptz,
  ADD COLUMN collection_address_saved_at timestamptz,
  ADD COLUMN delivery_address_saved_at   timestamptz,
  ADD COLUMN collection_date_chosen_at   timestamptz;

-- Every courier call made for one order (BookShipment), as an operator may read it: the request
-- without the credentials, the HTTP status and outcome, the reply with its label and document
-- contents left out, and how long it took. Written after the booking's own writes and never in
-- their transaction, so a failed write here changes nothing about the booking. No foreign key:
-- an insert here never waits on the order row a booking holds locked (an order with a courier
-- call always has a payment, so it is never deleted as an abandoned draft).
CREATE TABLE courier_exchanges (
  id          uuid PRIMARY KEY,
  order_id    uuid NOT NULL,
  operation   text NOT NULL,
  request     jsonb NOT NULL,
  http_status integer,
  outcome     text NOT NULL,
  reply       jsonb,
  error       text,
  duration_ms integer NOT NULL,
  at          timestamptz NOT NULL
);
CREATE INDEX courier_exchanges_order_idx ON courier_exchanges (order_id, at);

-- Which order an email is about (null for mail about no order). Emails already in the outbox
-- are matched by their idempotency key (booking confirmations and order updates carry the
-- reference) or, for "Manage my booking" links, by the reference that ends their subject.
ALTER TABLE mail ADD COLUMN order_id uuid;
CREATE INDEX mail_order_idx ON mail (order_id, created_at);
UPDATE mail m SET order_id = o.id
  FROM orders o
 WHERE m.kind IN ('booking-confirmation', 'order-update')
   AND o.reference = split_part(m.idempotency_key, ':', 2);
UPDATE mail m SET order_id = o.id
  FROM orders o
 WHERE m.kind = 'order-link'
   AND o.reference = substring(m.subject FROM '([^ ]+)$');
