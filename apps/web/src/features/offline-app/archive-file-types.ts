import { ARCHIVE_EXTENSIONS, FALLBACK_MIME_TYPE, guessMimeType } from '@archive-opener/shared';

/**
 * The archive extensions the installed app does not register ("Open with" on the desktop, the
 * share sheet on Android): `.exe`, so that the app does not offer to open every program.
 */
export const NOT_REGISTERED = new Set(['exe']);

/**
 * `{ "application/zip": [".zip"], … }`: the manifest's file_handlers `accept`, every extension the
 * engine opens (ARCHIVE_EXTENSIONS, also used to name extracted ZIPs) under the one MIME table's type.
 */
export function archiveAccept(): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const extension of [...ARCHIVE_EXTENSIONS].sort()) {
    if (NOT_REGISTERED.has(extension)) continue;
    const type = guessMimeType(`archive.${extension}`);
    if (type === FALLBACK_MIME_TYPE)
      throw new Error(`No media type for the archive extension .${extension} (add it to packages/shared/src/mime-types.ts)`);
    (accept[type] ??= []).push(`.${extension}`);
  }
  return accept;
}
