-- Finished jobs are deleted after JOB_RETENTION_DAYS by the purge-finished-jobs job: it finds
-- them, oldest first, by this index of the done rows alone.
CREATE INDEX IF NOT EXISTS jobs_done_updated_at ON jobs (updated_at) WHERE status = 'done';
