import { DEFAULT_EXTRACT_CONCURRENCY, DEFAULT_RETENTION_MINUTES } from './data-policy.js';
import { DEFAULT_MAX_UPLOAD_MB } from './limits.js';

/**
 * What the running server is configured with, as the pages state it (`GET /api/config`): an
 * operator's `RETENTION_MINUTES`, `MAX_UPLOAD_MB` and `EXTRACT_CONCURRENCY`, not the defaults.
 */
export interface ServerSettings {
  /** How long extracted files are kept (may be a fraction of a minute). */
  retentionMinutes: number;
  /** The largest upload, all parts together, in MiB. */
  maxUploadMb: number;
  /** Extractions one server process runs at the same time. */
  extractConcurrency: number;
}

export const SERVER_SETTINGS_URL = '/api/config';

/** What a page says before it has heard from the server (and what a prerendered page says). */
export const DEFAULT_SERVER_SETTINGS: ServerSettings = {
  retentionMinutes: DEFAULT_RETENTION_MINUTES,
  maxUploadMb: DEFAULT_MAX_UPLOAD_MB,
  extractConcurrency: DEFAULT_EXTRACT_CONCURRENCY,
};

const positive = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** The settings in an answer of `GET /api/config`, or null for anything else (a proxy's page, an older server). */
export function parseServerSettings(value: unknown): ServerSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const { retentionMinutes, maxUploadMb, extractConcurrency } = value as Record<string, unknown>;
  if (!positive(retentionMinutes) || !positive(maxUploadMb) || !positive(extractConcurrency)) return null;
  return { retentionMinutes, maxUploadMb, extractConcurrency };
}
