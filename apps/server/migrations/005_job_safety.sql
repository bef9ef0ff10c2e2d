-- What a completed job's extraction changed or refused, for the page's safety report (encrypted,
-- renames counted, the first links): names, so removed with the files when the job expires.
ALTER TABLE extraction_jobs ADD COLUMN safety jsonb;
