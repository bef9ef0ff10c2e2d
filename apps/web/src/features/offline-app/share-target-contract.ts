// What the service worker and the page agree on for archives shared to the installed app
// (the manifest's share_target; see docs/decisions/033-installable-offline-app.md). Kept free of
// DOM and worker types: both sides import it.

/** The manifest's share_target action is this path under the language's prefix (`/de/share-target`). */
export const SHARE_TARGET_SUFFIX = '/share-target';

/** The multipart field the share sheet fills with the shared files. */
export const SHARED_FILES_FIELD = 'archives';

/** The query parameter of the page the worker redirects to: the id of the files it kept. */
export const SHARED_FILES_PARAM = 'shared';

/** Where the worker keeps shared files until the page takes them (never a precache: cleanup keeps it). */
export const SHARED_FILES_CACHE = 'archive-opener-shared-files';

/** The cache key of one kept file: `/shared-files/<id>/<index>`. */
export function sharedFileKey(id: string, index: number): string {
  return `/shared-files/${id}/${index}`;
}

/** The header that carries a kept file's name (encoded: header values are Latin-1). */
export const SHARED_FILE_NAME_HEADER = 'x-shared-file-name';

/** The page a share lands on: the language's home page, with the id of the kept files. */
export function sharedFilesPage(actionPath: string, id: string): string {
  const prefix = actionPath.slice(0, actionPath.length - SHARE_TARGET_SUFFIX.length);
  return `${prefix === '' ? '/' : prefix}?${SHARED_FILES_PARAM}=${encodeURIComponent(id)}`;
}
