-- The extraction job queue: one row per uploaded archive, claimed by workers with
-- FOR UPDATE SKIP LOCKED and held by a renewable lease (see docs/decisions/020-durable-queue-with-leases.md).
CREATE TABLE extraction_jobs (
  -- Unguessable (>= 128 bits, base64url), made by the app: knowing it is the right to read the job.
  id text PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed', 'expired')),
  mode text NOT NULL DEFAULT 'server' CHECK (mode IN ('server', 'api', 'legacy')),
  progress real NOT NULL DEFAULT 0, -- percent, 0..100
  bytes_done bigint NOT NULL DEFAULT 0,
  bytes_total bigint,
  -- The uploaded file's name: personal data, removed at expiry.
  archive_name text,
  archive_size bigint NOT NULL,
  part_count int NOT NULL DEFAULT 1,
  format text,
  error_code text,
  error_message text,
  -- [{id, path, size, type, sha256}] once completed; the paths are removed at expiry.
  files jsonb,
  file_count int,
  total_size bigint,
  attempts int NOT NULL DEFAULT 0,
  lease_owner text,
  lease_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz,
  -- A hash of the client's identity for rate limits and statistics, never the raw IP address.
  client_key text
);

-- Claiming the oldest queued job.
CREATE INDEX extraction_jobs_status_created_at_idx ON extraction_jobs (status, created_at);
-- Finding running jobs whose lease expired (crashed worker).
CREATE INDEX extraction_jobs_status_lease_expires_at_idx ON extraction_jobs (status, lease_expires_at);
-- The expiry sweep.
CREATE INDEX extraction_jobs_expires_at_idx ON extraction_jobs (expires_at) WHERE status = 'completed';
-- Statistics and listings by date.
CREATE INDEX extraction_jobs_created_at_idx ON extraction_jobs (created_at);
