import { DEFAULT_MAX_UPLOAD_MB, MAX_BROWSER_ARCHIVE_BYTES } from '@archive-opener/shared';

/**
 * Where archives are extracted (docs/decisions/001-browser-first-server-optional.md): in the
 * browser by default, on our server when the visitor chooses it. Remembered under `extractionMode`.
 */
export type ExtractionMode = 'browser' | 'server';

export const EXTRACTION_MODE_STORAGE_KEY = 'extractionMode';
export const DEFAULT_EXTRACTION_MODE: ExtractionMode = 'browser';

export function parseExtractionMode(value: string | null): ExtractionMode {
  return value === 'server' || value === 'browser' ? value : DEFAULT_EXTRACTION_MODE;
}

/** The default server's largest archive (all its parts together); a server may be set to another. */
export const SERVER_MAX_ARCHIVE_BYTES = DEFAULT_MAX_UPLOAD_MB * 1024 * 1024;

/**
 * The largest archive each mode accepts: the server's as it states it (GET /api/config), the
 * browser's from the storage it grants the site (the engine client's storage-limit.ts).
 */
export function maxArchiveBytes(
  mode: ExtractionMode,
  serverMaxBytes = SERVER_MAX_ARCHIVE_BYTES,
  browserMaxBytes = MAX_BROWSER_ARCHIVE_BYTES,
): number {
  return mode === 'server' ? serverMaxBytes : browserMaxBytes;
}
