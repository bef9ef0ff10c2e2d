import {
  CONTACT_MESSAGE_RETENTION_DAYS,
  JOB_RECORD_RETENTION_DAYS,
  MAX_BROWSER_ARCHIVE_BYTES,
  STATIC_FILE_CHECK_RETENTION_DAYS,
  VISITOR_HASH_RETENTION_HOURS,
  type ServerSettings,
} from '@archive-opener/shared';
import { formatBytes } from '../../lib/format-size';

/**
 * The numbers the about and privacy pages promise, interpolated into every language's text from
 * the constants the code enforces and the running server's settings, so no translation can state
 * another.
 */
export function policyNumbers(locale: string | undefined, server: ServerSettings) {
  return {
    retentionMinutes: server.retentionMinutes,
    jobDays: JOB_RECORD_RETENTION_DAYS,
    contactDays: CONTACT_MESSAGE_RETENTION_DAYS,
    visitorHashHours: VISITOR_HASH_RETENTION_HOURS,
    staticCheckDays: STATIC_FILE_CHECK_RETENTION_DAYS,
    maxUploadMb: server.maxUploadMb,
    concurrency: server.extractConcurrency,
    maxBrowserSize: formatBytes(MAX_BROWSER_ARCHIVE_BYTES, locale),
  };
}
