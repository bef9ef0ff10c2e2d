import { NameAllocator, nameDecoder, toSafeRelativePath, type NamesEncoding } from '@archive-opener/engine/names';
import { categorize, guessMimeType, hasDirectionControls } from '@archive-opener/shared';
import type { ExtractedFile } from './extracted-file';

/** What the visitor reads stored names in: as the engine read them ('auto'), or one code page. */
export type NamesChoice = 'auto' | NamesEncoding;

/** Whether some file's stored name has bytes to read otherwise: only then is the picker shown. */
export function hasRawNames(files: readonly ExtractedFile[]): boolean {
  return files.some((file) => file.storedName?.raw !== undefined);
}

/**
 * The files named in `choice`, at once and without extracting again (docs/decisions/034-names-in-any-encoding.md).
 * A name read in another code page goes through the engine's own rules, as at extraction: its
 * safe path (traversal, controls, direction controls, reserved names) and its name allocator,
 * one per archive, so a collision becomes `name (2)`. Files without stored bytes are placed first
 * and keep their paths; a nested archive's files follow their archive's new path. Files whose
 * path does not change are the same objects, so what the page built on them stays valid.
 */
export function filesNamedIn(files: readonly ExtractedFile[], choice: NamesChoice): readonly ExtractedFile[] {
  if (choice === 'auto' || !hasRawNames(files)) return files;
  const decode = nameDecoder(choice);
  const allocators = new Map<string, NameAllocator>();
  const allocatorOf = (file: ExtractedFile, prefix: string) => {
    const key = `${file.parentId ?? ''}\u0000${prefix}`;
    let allocator = allocators.get(key);
    if (!allocator) allocators.set(key, (allocator = new NameAllocator()));
    return allocator;
  };
  const ownPaths = new Map<ExtractedFile, string>();
  const place = (file: ExtractedFile, wanted: string | null) => {
    const prefix = file.storedName?.prefix ?? '';
    const own = wanted ?? file.path.slice(prefix === '' ? 0 : prefix.length + 1);
    try {
      ownPaths.set(file, allocatorOf(file, prefix).allocate(own, 'file'));
    } catch {
      // A name too long for any file system in this code page: the engine's reading stays.
      ownPaths.set(file, allocatorOf(file, prefix).allocate(file.path.slice(prefix === '' ? 0 : prefix.length + 1), 'file'));
    }
  };
  for (const file of files) if (!file.storedName?.raw) place(file, null);
  for (const file of files) {
    const raw = file.storedName?.raw;
    if (raw) place(file, toSafeRelativePath(decode(raw)));
  }
  const newPaths = new Map<string, string>();
  return files.map((file) => {
    const prefix = file.storedName?.prefix ?? '';
    const parentPath = file.parentId !== undefined ? newPaths.get(file.parentId) : undefined;
    // A nested archive's files are prefixed with its path, which may have changed just now.
    const newPrefix = parentPath ?? prefix;
    const own = ownPaths.get(file) ?? file.path;
    const path = newPrefix === '' ? own : `${newPrefix}/${own}`;
    newPaths.set(file.id, path);
    return path === file.path ? file : renamed(file, path, file.storedName?.raw ? decode(file.storedName.raw) : null);
  });
}

/**
 * A copy under another path. The bytes' Blob is made when first read (to-extracted-files.ts): the
 * copy reads it through the original, never now. (Copying every property descriptor instead took
 * ~1.3 s for 100,000 files.)
 */
function renamed(file: ExtractedFile, path: string, storedText: string | null): ExtractedFile {
  const source = file as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(source)) if (key !== 'blob') fields[key] = source[key];
  if ('blob' in file) Object.defineProperty(fields, 'blob', { get: () => file.blob, enumerable: true, configurable: true });
  const copy = fields as unknown as ExtractedFile;
  const name = path.slice(path.lastIndexOf('/') + 1);
  const mimeType = guessMimeType(name);
  copy.path = path;
  copy.name = name;
  copy.mimeType = mimeType;
  copy.category = categorize(name, mimeType);
  if (storedText !== null) {
    if (hasDirectionControls(storedText)) copy.directionControls = true;
    else delete copy.directionControls;
  }
  return copy;
}
