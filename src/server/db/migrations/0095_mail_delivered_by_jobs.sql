-- Every email is delivered by a `send-mail` job on the job queue (decision 056), written with it in
-- the same transaction: the job's lease is the only lease, so the outbox's own goes. A message
-- still waiting, or left `sending` by a stopped worker, gets its job here: due when the message
-- was (a `sending` one when its old lease runs out, so its job then finds it `unknown` if its
-- final dot may have been sent, and sends it otherwise).
INSERT INTO jobs (id, kind, key, payload, status, attempts, run_at, created_at, updated_at)
SELECT gen_random_uuid(), 'send-mail', 'send-mail:' || id, jsonb_build_object('mailId', id),
  'pending', 0,
  CASE WHEN status = 'sending' THEN coalesce(locked_until, now()) ELSE next_attempt_at END,
  now(), now()
FROM mail
WHERE status IN ('pending', 'sending')
ON CONFLICT (key) DO NOTHING;

DROP INDEX mail_due_idx;
ALTER TABLE mail DROP COLUMN locked_until;
