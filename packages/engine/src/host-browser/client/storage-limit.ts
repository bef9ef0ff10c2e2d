import { BROWSER_LIMITS, MAX_BROWSER_ARCHIVE_BYTES } from '@archive-opener/shared';
import { outputStoresAvailable } from './output-stores.js';

/**
 * How large an archive the browser mode takes, and how much it may write
 * (docs/decisions/030-browser-limit-from-storage.md). The archive is read in place from the
 * visitor's disk; its output goes to the output store in the site's storage, so what limits it
 * is the space the browser grants the site: `quota - usage` of `navigator.storage.estimate()`.
 * Where the browser has no output store or does not say, today's fixed limits hold (the output
 * then lives in Blobs and memory).
 */
export interface BrowserStorageLimit {
  /** The largest archive accepted (all its parts together). */
  archiveBytes: number;
  /** Bytes one extraction may write (the engine's `maxTotalBytes`). */
  outputBytes: number;
  /** Free space the browser grants this site, or null where it does not say. */
  availableBytes: number | null;
}

export interface StorageEstimateLike {
  quota?: number | undefined;
  usage?: number | undefined;
}

const FIXED: BrowserStorageLimit = {
  archiveBytes: MAX_BROWSER_ARCHIVE_BYTES,
  outputBytes: BROWSER_LIMITS.maxTotalBytes,
  availableBytes: null,
};

export function browserStorageLimit(estimate: StorageEstimateLike | null, storesAvailable: boolean): BrowserStorageLimit {
  const quota = estimate?.quota;
  if (!storesAvailable || typeof quota !== 'number' || !Number.isFinite(quota) || quota <= 0) return FIXED;
  const usage = typeof estimate?.usage === 'number' && Number.isFinite(estimate.usage) ? Math.max(0, estimate.usage) : 0;
  const available = Math.max(0, Math.floor(quota - usage));
  return { archiveBytes: available, outputBytes: available, availableBytes: available };
}

/** `browserStorageLimit` of this browser, now. */
export async function deviceStorageLimit(): Promise<BrowserStorageLimit> {
  const estimate =
    typeof navigator !== 'undefined' && typeof navigator.storage?.estimate === 'function'
      ? await navigator.storage.estimate().catch(() => null)
      : null;
  return browserStorageLimit(estimate, outputStoresAvailable());
}
