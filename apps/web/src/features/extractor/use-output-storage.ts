import {
  browserStorageLimit,
  deviceStorageLimit,
  keepOutputStores,
  sweepOutputStores,
  type BrowserStorageLimit,
} from '@archive-opener/engine/browser/client';
import { useEffect, useState } from 'react';
import type { ExtractedFile } from '../file-manager/extracted-file';

/** Before the browser answers (and while prerendering): the fixed limits. */
const UNKNOWN = browserStorageLimit(null, false);

/**
 * The site's storage for extracted files, as the extractor sees it: on first use, what earlier
 * visits left behind (a tab closed or crashed with files open) is deleted, then the space left is
 * measured, which sets the browser mode's limits (storage-limit.ts of the engine's client); each
 * output store is let go once none of its files is shown any more.
 */
export function useOutputStorage(files: readonly ExtractedFile[]): BrowserStorageLimit {
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
  useEffect(() => {
    const live = new Set<string>();
    for (const file of files) if (file.outputStore !== undefined) live.add(file.outputStore);
    keepOutputStores(live);
  }, [files]);
  return limit;
}

/** The coded refusal of an archive whose output would not fit (docs/decisions/030-browser-limit-from-storage.md). */
export function storageRefusal(needed: number, available: number) {
  return {
    code: 'LIMIT_EXCEEDED' as const,
    message: `The archive needs ${needed} bytes of storage; the browser grants ${available}.`,
    details: { limit: 'storage', needed, available },
  };
}
