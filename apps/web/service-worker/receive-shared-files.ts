// The share target's receiving end: keeps the shared files where the page can take them, and sends
// the visitor to the extractor, which opens them as if they had been dropped on it.
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import {
  SHARED_FILE_NAME_HEADER,
  SHARED_FILES_CACHE,
  SHARED_FILES_FIELD,
  sharedFileKey,
  sharedFilesPage,
} from '../src/features/offline-app/share-target-contract';

// A share sheet sends what the visitor chose; beyond this many, the rest is left out rather than
// filling the device's storage (the extractor's own limits apply to what is kept).
const MAX_SHARED_FILES = 100;

export async function receiveSharedFiles({ request, url }: RouteHandlerCallbackOptions): Promise<Response> {
  const form = await request.formData();
  const files = form
    .getAll(SHARED_FILES_FIELD)
    .filter((value): value is File => typeof value !== 'string')
    .slice(0, MAX_SHARED_FILES);
  const id = crypto.randomUUID();
  // Only the latest share is kept: files of an earlier one that no page took are dropped here.
  await caches.delete(SHARED_FILES_CACHE);
  const cache = await caches.open(SHARED_FILES_CACHE);
  await Promise.all(
    files.map((file, index) =>
      cache.put(
        sharedFileKey(id, index),
        new Response(file, {
          headers: {
            'content-type': file.type || 'application/octet-stream',
            [SHARED_FILE_NAME_HEADER]: encodeURIComponent(file.name),
          },
        }),
      ),
    ),
  );
  // 303: the page is fetched with GET, and a reload does not share the files again.
  return Response.redirect(new URL(sharedFilesPage(url.pathname, id), url).href, 303);
}
