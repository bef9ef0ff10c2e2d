-- Contact messages, the admin's login and sessions, anonymous usage statistics and the page's
-- robots.txt / sitemap.xml checks (docs/decisions/023-anonymous-statistics.md;
-- docs/decisions/005-admin-on-the-server.md and docs/decisions/007-canonical-urls-and-real-seo.md).

CREATE TABLE contact_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  message text NOT NULL,
  is_read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at);

-- The admin password's argon2id hash when the server generated the password itself (one row).
CREATE TABLE admin_credentials (
  id int PRIMARY KEY CHECK (id = 1),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A session is known by the SHA-256 of its cookie: the table alone cannot be used to log in.
CREATE TABLE admin_sessions (
  token_hash text PRIMARY KEY,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX admin_sessions_expires_at_idx ON admin_sessions (expires_at);

-- Failed logins per client (a daily salted hash, not the address), for the lockout.
CREATE TABLE admin_login_failures (
  client_key text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_login_failures_client_key_failed_at_idx ON admin_login_failures (client_key, failed_at);

-- The day's random salt for visitor hashes; yesterday's is deleted, so no hash can be recomputed
-- from an address afterwards.
CREATE TABLE visitor_salts (
  day date PRIMARY KEY,
  salt text NOT NULL
);

-- One anonymous row per extraction, both modes: no names, no content, no address.
CREATE TABLE usage_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  mode text NOT NULL CHECK (mode IN ('browser', 'server', 'api', 'legacy')),
  format text,
  outcome text NOT NULL CHECK (outcome IN ('success', 'failure', 'cancelled')),
  error_code text,
  size_bucket text,
  duration_ms integer,
  -- The day's salted hash of the client, for "distinct visitors in the last 24 h"; erased after
  -- VISITOR_HASH_RETENTION_HOURS, absent when the browser asked not to be tracked.
  visitor_hash text
);
CREATE INDEX usage_events_created_at_idx ON usage_events (created_at);

CREATE TABLE static_file_checks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  path text NOT NULL,
  method text NOT NULL,
  user_agent text NOT NULL,
  referrer text NOT NULL,
  success boolean NOT NULL,
  status integer NOT NULL,
  status_text text NOT NULL,
  content_type text NOT NULL,
  error text,
  visitor_hash text
);
CREATE INDEX static_file_checks_path_created_at_idx ON static_file_checks (path, created_at);
CREATE INDEX static_file_checks_created_at_idx ON static_file_checks (created_at);

-- The size steps of packages/shared/src/api/usage-events.ts (SIZE_BUCKETS); a test holds the two
-- to the same boundaries.
CREATE FUNCTION size_bucket(bytes bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN bytes IS NULL THEN NULL
    WHEN bytes < 1048576 THEN 'under-1mb'
    WHEN bytes < 10485760 THEN '1-10mb'
    WHEN bytes < 52428800 THEN '10-50mb'
    WHEN bytes < 209715200 THEN '50-200mb'
    WHEN bytes < 1073741824 THEN '200mb-1gb'
    ELSE 'over-1gb'
  END
$$;

-- Every server extraction that ends (completed, failed, cancelled, or failed by crash recovery)
-- is counted once, whichever code path or process ended it.
CREATE FUNCTION record_server_extraction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_events (created_at, mode, format, outcome, error_code, size_bucket, duration_ms, visitor_hash)
  VALUES (
    coalesce(NEW.finished_at, now()),
    NEW.mode,
    NEW.format,
    CASE WHEN NEW.status = 'completed' THEN 'success'
         WHEN NEW.error_code = 'CANCELLED' THEN 'cancelled'
         ELSE 'failure' END,
    CASE WHEN NEW.status = 'completed' THEN NULL ELSE NEW.error_code END,
    size_bucket(NEW.archive_size),
    (extract(epoch FROM (coalesce(NEW.finished_at, now()) - NEW.created_at)) * 1000)::integer,
    NEW.client_key
  );
  RETURN NEW;
END
$$;

CREATE TRIGGER extraction_jobs_record_usage
  AFTER UPDATE OF status ON extraction_jobs
  FOR EACH ROW
  WHEN (OLD.status IN ('queued', 'running') AND NEW.status IN ('completed', 'failed'))
  EXECUTE FUNCTION record_server_extraction();
