import {
  browserStorageLimit,
  deviceStorageLimit,
  keepOutputStores,
  sweepOutputStores,
  type BrowserStorageLimit,
} from '@archive-opener/engine/browser/client';
import { useEffect, useState } from 'react';
import type { ArchiveJob } from './archive-jobs';

/** Before the browser answers (and while prerendering): the fixed limits. */
const UNKNOWN = browserStorageLimit(null, false);

/**
 * The site's storage for extracted files, as the extractor sees it: on first use, what earlier
 * visits left behind (a tab closed or crashed with files open) is deleted, then the space left is
 * measured, which sets the browser mode's limits (storage-limit.ts of the engine's client).
 */
export function useOutputStorage(): BrowserStorageLimit {
  const [limit, setLimit] = useState(UNKNOWN);
  useEffect(() => {
    let current = true;
    void sweepOutputStores()
      .then(deviceStorageLimit)
      .then((measured) => current && setLimit(measured));
    return () => {
      current = false;
    };
  }, []);
  return limit;
}

/** Lets each output store go once none of the jobs' files refers to it (they were removed or extracted again). */
export function keepOutputStoresOf(jobs: readonly Pick<ArchiveJob, 'files'>[]): void {
  const live = new Set<string>();
  for (const job of jobs) for (const file of job.files) if (file.outputStore !== undefined) live.add(file.outputStore);
  keepOutputStores(live);
}

/** The coded refusal of an archive whose output would not fit (docs/decisions/030-browser-limit-from-storage.md). */
export function storageRefusal(needed: number, available: number) {
  return {
    code: 'LIMIT_EXCEEDED' as const,
    message: `The archive needs ${needed} bytes of storage; the browser grants ${available}.`,
    details: { limit: 'storage', needed, available },
  };
}
