import {
  CONTACT_MESSAGE_RETENTION_DAYS,
  DEFAULT_EXTRACT_CONCURRENCY,
  DEFAULT_MAX_UPLOAD_MB,
  DEFAULT_RETENTION_MINUTES,
  JOB_RECORD_RETENTION_DAYS,
  MAX_BROWSER_ARCHIVE_BYTES,
  STATIC_FILE_CHECK_RETENTION_DAYS,
  VISITOR_HASH_RETENTION_HOURS,
} from '@archive-opener/shared';
import { formatBytes } from '../../lib/format-size';

/**
 * The numbers the about and privacy pages promise, interpolated into every language's text from
 * the constants the code enforces (DECISIONS.md section 2), so no translation can state another.
 */
export function policyNumbers(locale: string | undefined) {
  return {
    retentionMinutes: DEFAULT_RETENTION_MINUTES,
    jobDays: JOB_RECORD_RETENTION_DAYS,
    contactDays: CONTACT_MESSAGE_RETENTION_DAYS,
    visitorHashHours: VISITOR_HASH_RETENTION_HOURS,
    staticCheckDays: STATIC_FILE_CHECK_RETENTION_DAYS,
    maxUploadMb: DEFAULT_MAX_UPLOAD_MB,
    concurrency: DEFAULT_EXTRACT_CONCURRENCY,
    maxBrowserSize: formatBytes(MAX_BROWSER_ARCHIVE_BYTES, locale),
  };
}
