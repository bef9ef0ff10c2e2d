import { DEFAULT_MAX_UPLOAD_MB, MAX_BROWSER_ARCHIVE_BYTES } from '@archive-opener/shared';

/**
 * The numbers the home page states, interpolated into the copy so no translation can drift from
 * them (the original product said 50 MB, 100 MB, 1 hour and 24 hours in different places).
 */
export const HOME_FACTS = {
  maxBrowserGb: MAX_BROWSER_ARCHIVE_BYTES / 1024 ** 3,
  maxUploadMb: DEFAULT_MAX_UPLOAD_MB,
  /** The server's `RETENTION_MINUTES` default (DECISIONS.md section 2); move to shared when the server defines it. */
  retentionMinutes: 60,
} as const;
