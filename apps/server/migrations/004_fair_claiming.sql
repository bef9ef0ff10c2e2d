-- Fair claiming: every waiting job carries the day's salted hash of its client's address (never the
-- address), so that the queue can serve clients in turn instead of in upload order. Unlike
-- client_key (statistics, absent under Do Not Track) every job has one; it is personal data and is
-- removed with the archive's name, when the job's retention ends.
ALTER TABLE extraction_jobs ADD COLUMN queue_key text;
-- Claiming reads each waiting client's running jobs and last start.
CREATE INDEX extraction_jobs_queue_key_idx ON extraction_jobs (queue_key) WHERE queue_key IS NOT NULL;
