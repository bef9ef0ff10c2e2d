import { DEFAULT_MAX_UPLOAD_MB, MAX_BROWSER_ARCHIVE_BYTES } from '@archive-opener/shared';

/**
 * Where archives are extracted (DECISIONS.md section 1): in the browser by default, on our server
 * when the visitor chooses it. Remembered under `extractionMode`.
 */
export type ExtractionMode = 'browser' | 'server';

export const EXTRACTION_MODE_STORAGE_KEY = 'extractionMode';
export const DEFAULT_EXTRACTION_MODE: ExtractionMode = 'browser';

export function parseExtractionMode(value: string | null): ExtractionMode {
  return value === 'server' || value === 'browser' ? value : DEFAULT_EXTRACTION_MODE;
}

/** The largest archive (all its parts together) each mode accepts (DECISIONS.md section 2). */
export const SERVER_MAX_ARCHIVE_BYTES = DEFAULT_MAX_UPLOAD_MB * 1024 * 1024;

export function maxArchiveBytes(mode: ExtractionMode): number {
  return mode === 'server' ? SERVER_MAX_ARCHIVE_BYTES : MAX_BROWSER_ARCHIVE_BYTES;
}
