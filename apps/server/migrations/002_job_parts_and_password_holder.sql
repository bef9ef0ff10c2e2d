-- The stored names of the uploaded parts, in the order 7-Zip opens them (removed with the upload),
-- and which server process holds the job's password in memory: passwords are never written to the
-- database or to disk, so only that process may run the job.
ALTER TABLE extraction_jobs ADD COLUMN parts jsonb;
ALTER TABLE extraction_jobs ADD COLUMN password_holder text;
