import { portableName } from '@archive-opener/shared/allowed-name';
import type { ListedEntry } from '../core/types.js';

// What a listing tells "Extract Straight to a Folder…" (docs/decisions/044-extraction-straight-into-a-folder.md),
// worked out in the worker beside the listing, so that the page's first load carries none of it.

/** Where the files go and whether two workers may write them (BrowserListResult's hints). */
export function folderHints(entries: readonly Pick<ListedEntry, 'name' | 'type'>[]): { top?: string; namesApart?: true } {
  const top = sharedTop(entries);
  return { ...(top !== null && { top }), ...(namesApart(entries) && { namesApart: true as const }) };
}

/** The first folder of every entry's stored name, when all have the same one and a file is inside it. */
export function sharedTop(entries: readonly Pick<ListedEntry, 'name' | 'type'>[]): string | null {
  let top: string | null = null;
  let anyInside = false;
  for (const { name, type } of entries) {
    const slash = name.indexOf('/');
    const inside = slash >= 0 && slash < name.length - 1;
    // A folder's own entry ("project" or "project/") names the top without being inside it.
    const first = slash < 0 ? name : name.slice(0, slash);
    if (first === '' || (!inside && type !== 'dir')) return null;
    if (top !== null && first !== top) return null;
    top = first;
    anyInside ||= inside;
  }
  return anyInside ? top : null;
}

/**
 * Whether two workers may write an archive into one folder side by side (apps/web's job-runner.ts): each
 * makes names unique only among its own files, so no two of the archive's paths, nor any of
 * their folders, may be equal but for case (one disk folder on most systems), and no name may
 * need another form on a disk (`portableName`: the form could be a name the other worker writes).
 */
export function namesApart(entries: readonly Pick<ListedEntry, 'name' | 'type'>[]): boolean {
  /** Each path seen, by its lower case: as it was, and whether it was a file. */
  const seen = new Map<string, { path: string; file: boolean }>();
  for (const { name, type } of entries) {
    const path = name.replace(/\/+$/, '');
    let end = path.indexOf('/');
    for (let start = 0; ; end = path.indexOf('/', start)) {
      const segment = path.slice(start, end < 0 ? undefined : end);
      if (segment === '' || segment === '.' || segment === '..' || portableName(segment) !== segment) return false;
      const prefix = end < 0 ? path : path.slice(0, end);
      const file = end < 0 && type !== 'dir';
      const other = seen.get(prefix.toLowerCase());
      // The same folder again is fine; a file again, or another case, is not.
      if (other && (other.path !== prefix || other.file || file)) return false;
      seen.set(prefix.toLowerCase(), { path: prefix, file });
      if (end < 0) break;
      start = end + 1;
    }
  }
  return true;
}
