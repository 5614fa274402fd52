-- Cover (docs/cover-and-import-charges.md, "Cover"; decision 111).

-- The cover settings, versioned like the rate tables: each save is a new row, the newest is the
-- setting in force. The cover every shipment has for free, the price of extra cover in basis
-- points of the cover above it (200 = 2%), and the most cover a shipment can have.
CREATE TABLE cover_settings_versions (
  id                   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at           timestamptz NOT NULL,
  admin_id             text NOT NULL,
  admin_email          text NOT NULL,
  note                 text NOT NULL,
  included_pence       integer NOT NULL CONSTRAINT cover_settings_included_check
                         CHECK (included_pence >= 0),
  percent_basis_points integer NOT NULL CONSTRAINT cover_settings_percent_check
                         CHECK (percent_basis_points BETWEEN 0 AND 10000),
  max_cover_pence      integer NOT NULL CONSTRAINT cover_settings_max_check
                         CHECK (max_cover_pence >= included_pence)
);

INSERT INTO cover_settings_versions
  (created_at, admin_id, admin_email, note, included_pence, percent_basis_points, max_cover_pence)
VALUES
  (now(), '', '(before the console)', 'The cover settings in place before the first save in the console',
   5000, 200, 200000);

-- The cover an order has: `cover_pence` the whole cover chosen (the included part with it; null
-- while only the included cover), `cover_price_pence` what the extra cover costs (part of
-- `price_pence`, the amount the card is authorised for), and the settings' version it was priced
-- at. A paid order keeps all three, whatever the settings become.
ALTER TABLE orders ADD COLUMN cover_pence integer;
ALTER TABLE orders ADD COLUMN cover_price_pence integer NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN cover_settings_version integer;
