// The page's end of the share target: the service worker kept the shared files under an id and
// sent the visitor here with `?shared=<id>` (see share-target-contract.ts). The files are taken
// (read, then deleted from the cache) once, and the parameter is removed from the address so a
// reload does not look for them again.
import { SHARED_FILE_NAME_HEADER, SHARED_FILES_CACHE, SHARED_FILES_PARAM, sharedFileKey } from './share-target-contract';

/** The id in the address, if the page was opened by a share. */
export function sharedFilesId(search: string): string | null {
  const id = new URLSearchParams(search).get(SHARED_FILES_PARAM);
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

/** The files kept under `id`, in the order they were shared; [] when none are left. */
export async function takeSharedFiles(id: string, storage: CacheStorage = caches): Promise<File[]> {
  const cache = await storage.open(SHARED_FILES_CACHE);
  const files: File[] = [];
  for (let index = 0; ; index += 1) {
    const key = sharedFileKey(id, index);
    const response = await cache.match(key);
    if (!response) break;
    const name = decodeURIComponent(response.headers.get(SHARED_FILE_NAME_HEADER) ?? `shared-${index + 1}`);
    const blob = await response.blob();
    files.push(new File([blob], name, { type: blob.type }));
    await cache.delete(key);
  }
  return files;
}

/** Removes `?<param>` (`shared`, `open-with`) from the address bar without a navigation. */
export function forgetParam(param: string): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(param)) return;
  url.searchParams.delete(param);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
