-- A claim's evidence files (docs/claims.md, "Evidence"): what each is and where it is kept. The
-- bytes are in the private data directory (DATA_DIR/claims-evidence/<storage_id>), never here.
-- `seq` keeps the order files came in (several can come in one instant).
CREATE TABLE claim_evidence (
  id             uuid PRIMARY KEY,
  seq            bigint GENERATED ALWAYS AS IDENTITY,
  claim_id       uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  kind           text NOT NULL CONSTRAINT claim_evidence_kind_check
                   CHECK (kind IN ('damage_photo', 'packaging_photo', 'proof_of_value')),
  name           text NOT NULL,
  detected_type  text NOT NULL CONSTRAINT claim_evidence_type_check
                   CHECK (detected_type IN ('jpeg', 'png', 'heic', 'pdf')),
  size_bytes     integer NOT NULL CONSTRAINT claim_evidence_size_check CHECK (size_bytes > 0),
  storage_id     uuid NOT NULL CONSTRAINT claim_evidence_storage_key UNIQUE,
  uploaded_by    text NOT NULL CONSTRAINT claim_evidence_by_check
                   CHECK (uploaded_by IN ('customer', 'operator')),
  created_at     timestamptz NOT NULL
);
CREATE INDEX claim_evidence_claim_idx ON claim_evidence (claim_id, seq);

-- The bank account a claim paid by bank transfer goes to: sealed (AES-256-GCM, bound to the
-- claim), its masked form for pages, and when it was given; all three cleared once paid.
ALTER TABLE claims
  ADD COLUMN bank_details_sealed  text,
  ADD COLUMN bank_details_masked  jsonb,
  ADD COLUMN bank_details_at      timestamptz;
