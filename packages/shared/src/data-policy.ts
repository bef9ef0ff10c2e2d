/**
 * How long things are kept (docs/decisions/002-one-set-of-numbers.md). One set of numbers for the server that
 * enforces them and the pages that promise them, so the privacy policy cannot drift from the code.
 */
export const DEFAULT_RETENTION_MINUTES = 60;
export const JOB_RECORD_RETENTION_DAYS = 30;
export const CONTACT_MESSAGE_RETENTION_DAYS = 365;
/** Extractions a server process runs at the same time (`EXTRACT_CONCURRENCY`). */
export const DEFAULT_EXTRACT_CONCURRENCY = 2;
/** The date the privacy policy last changed in substance (ISO 8601). */
export const PRIVACY_POLICY_UPDATED = '2026-11-26';
/**
 * Anonymous extraction records (mode, format, outcome, size step, duration) are kept for the
 * all-time statistics; the daily visitor hash on them is erased after this many hours, once the
 * 24-hour visitor count no longer needs it.
 */
export const VISITOR_HASH_RETENTION_HOURS = 48;
/** Reports of the page's robots.txt and sitemap.xml checks. */
export const STATIC_FILE_CHECK_RETENTION_DAYS = 30;
