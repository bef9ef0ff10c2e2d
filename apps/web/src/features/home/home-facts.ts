import { DEFAULT_SERVER_SETTINGS, MAX_BROWSER_ARCHIVE_BYTES, type ServerSettings } from '@archive-opener/shared';

/**
 * The numbers the home page states, interpolated into the copy so no translation can drift from
 * them (the original product said 50 MB, 100 MB, 1 hour and 24 hours in different places): the
 * running server's upload limit and retention, once it has said them (GET /api/config).
 */
export function homeFacts(server: ServerSettings) {
  return {
    maxBrowserGb: MAX_BROWSER_ARCHIVE_BYTES / 1024 ** 3,
    maxUploadMb: server.maxUploadMb,
    retentionMinutes: server.retentionMinutes,
  };
}

/** What the prerendered page says: the defaults. */
export const HOME_FACTS = homeFacts(DEFAULT_SERVER_SETTINGS);
