-- Personal effects (docs/cover-and-import-charges.md, "Personal effects"; decision 112).

-- The declaration's switch: the boxes hold the recipient's own used belongings. It decides the
-- courier's customs reason and goods description, the import charges estimate and the documents
-- listed in the confirmation email. `personal_effects_set_at`: when the customer last changed it,
-- like the other steps' times, for the console's timeline.
ALTER TABLE orders ADD COLUMN personal_effects boolean NOT NULL DEFAULT false;
ALTER TABLE orders ADD COLUMN personal_effects_set_at timestamptz;
