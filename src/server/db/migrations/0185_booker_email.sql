-- The person who booked (docs/email.md, "Who receives what"; decision 134).

-- The email the customer gave while booking (the collection step's email, written with it until
-- the order is paid). A change of collection contact after booking moves `collection_address`
-- only, so the person who booked and paid keeps hearing about their money and their booking, and
-- the console finds the order by it. Orders booked before: the contact's email as it is now.
ALTER TABLE orders ADD COLUMN booker_email text;
UPDATE orders SET booker_email = collection_address ->> 'email' WHERE collection_address IS NOT NULL;
CREATE INDEX orders_booker_email_idx ON orders (lower(booker_email));

-- Emails sent before the email registry were stored as `order-update`: each gets its registry
-- kind, read from the event its idempotency key names, so the console names every kind.
UPDATE mail SET kind = CASE
    WHEN idempotency_key LIKE 'order-update:%:booking-cancelled' THEN 'booking-cancelled'
    WHEN idempotency_key LIKE 'order-update:%:cancel-refused:%' THEN 'cancel-not-made'
    WHEN idempotency_key LIKE 'order-update:%:cancel-failed:%' THEN 'cancel-not-made'
    WHEN idempotency_key LIKE 'order-update:%:contact:%' THEN 'contact-changed'
    WHEN idempotency_key LIKE 'order-update:%:cover-raised:%' THEN 'cover-raised'
    WHEN idempotency_key LIKE 'order-update:%:cover-not-raised:%' THEN 'cover-not-raised'
    WHEN idempotency_key LIKE 'order-update:%:refund:%' THEN 'refund'
    WHEN idempotency_key LIKE 'order-update:%:booked' THEN 'booking-confirmation'
    WHEN idempotency_key LIKE 'order-update:%:not-booked' THEN 'not-booked'
    WHEN idempotency_key LIKE 'order-update:%:cancelled:%' THEN 'cancelled-before-booking'
    WHEN idempotency_key LIKE 'order-update:%:pay-again:%' THEN 'pay-again'
    ELSE kind
  END
WHERE kind = 'order-update';
