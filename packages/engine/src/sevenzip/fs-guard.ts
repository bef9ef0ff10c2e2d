import type { LimitTracker } from '../core/limit-tracker.js';
import { checkNameBytes } from '../core/name-allocator.js';
import type { EntryType } from '../core/types.js';
import type { FileSystem } from './sevenzip-module.js';
import type { CutSums } from './staging.js';

/** What 7-Zip created under the staging root, in the order it did, relative to the root. */
export interface StagedEntry {
  stagedPath: string;
  type: EntryType;
  linkTarget?: string;
  /** An earlier entry of the same name that a later one replaced; kept under a hidden name. */
  supersededName?: string;
  /** A better name than 7-Zip's (the file inside notes.txt.gz is notes.txt). */
  preferredName?: string;
  /** A file's time (ms since 1970) as the instance that made it set it: a second instance's files only. */
  modified?: number | null;
  /**
   * This file is the first part of one cut in two (sevenzip/file-cut.ts): the size of its rest,
   * which the second instance wrote into the same file, the whole's CRC-32, and both parts' sums.
   */
  joined?: { size: number; crc: number | null; sums: CutSums };
  /** A file a second instance extracted (sevenzip/helper-merge.ts): as its host handed it over. */
  fromHelper?: { taken: unknown; size: number };
}

export interface GuardedOutput {
  staged: StagedEntry[];
  /** Deletes files 7-Zip removed for good (not replaced by a link or a later duplicate). */
  settle(): void;
}

const O_CREAT = 64;
// Emscripten errno values: 7-Zip sees these as failed system calls and stops cleanly.
const EACCES = 2;

/**
 * Hooks the Emscripten file system that 7-Zip writes through, so that the engine, not 7-Zip,
 * decides what reaches the disk: every byte and entry is counted against the limits as it is
 * written, nothing is created outside the staging root, and symbolic links are recorded but
 * never created. A tripped limit throws out of the WASM call at once (the instance is discarded),
 * so a bomb stops after the first byte over the cap instead of decompressing to the end.
 */
export function guardFileSystem(
  fs: FileSystem,
  stagingRoot: string,
  tracker: LimitTracker,
  onWrite: () => void,
  { dirsCounted = true, restOfCutFile }: { dirsCounted?: boolean; restOfCutFile?: string } = {},
): GuardedOutput {
  const staged: StagedEntry[] = [];
  // 7-Zip deletes a file before replacing it: with a link (it wrote the target as a placeholder)
  // or with a later entry of the same name. Deleted files are moved aside until we know which.
  const asides = new Map<string, { record: StagedEntry; asidePath: string }>();
  let asideCount = 0;
  // Indexes, so that archives of many links or duplicates cost no quadratic scans.
  const files = new Map<string, StagedEntry>();
  const dropped = new Set<StagedEntry>();
  const prefix = `${stagingRoot}/`;
  const relative = (path: string): string | null => {
    const normal = normalise(path);
    return normal.startsWith(prefix) ? normal.slice(prefix.length) : null;
  };
  const ErrnoError = (fs as unknown as { ErrnoError: new (errno: number) => Error }).ErrnoError;
  const original = {
    open: fs.open.bind(fs),
    write: fs.write.bind(fs),
    mkdir: fs.mkdir.bind(fs),
    unlink: fs.unlink.bind(fs),
  };
  const insideOutput = (path: string): boolean => normalise(path).startsWith(prefix) || normalise(path) === stagingRoot;

  fs.open = (path, flags, mode) => {
    const numeric = typeof flags === 'number' ? flags : 0;
    const creating = typeof path === 'string' && (numeric & O_CREAT) !== 0;
    if (creating) {
      const rel = relative(path);
      if (rel === null) {
        if (!insideOutput(path)) throw new ErrnoError(EACCES);
      } else if (!exists(fs, path)) {
        checkNameBytes(leafOf(rel));
        const replaced = asides.get(rel);
        if (replaced) {
          // A duplicate name: the earlier file stays, under its hidden name, as an earlier version.
          asides.delete(rel);
          replaced.record.supersededName = rel;
          replaced.record.stagedPath = replaced.asidePath;
        }
        // The rest of a file cut in two (file-cut.ts) is no entry: the file's first part counts it.
        if (rel !== restOfCutFile) tracker.addEntry();
        const record: StagedEntry = { stagedPath: rel, type: 'file' };
        staged.push(record);
        files.set(rel, record);
      }
    }
    return original.open(path, flags, mode);
  };
  fs.write = (stream, buffer, offset, length, position, canOwn) => {
    const path = (stream as unknown as { path?: string }).path ?? '';
    if (length > 0 && relative(path) !== null) {
      tracker.addBytes(length);
      onWrite();
    }
    return original.write(stream, buffer, offset, length, position, canOwn);
  };
  fs.mkdir = (path, mode) => {
    const rel = relative(path);
    if (rel === null && !insideOutput(path)) throw new ErrnoError(EACCES);
    if (rel !== null) checkNameBytes(leafOf(rel));
    const node = original.mkdir(path, mode);
    // A folder right under the staging root is the one a 7-Zip command extracts into (`-o`), not
    // an entry: counting it made the last entry of an archive at the entry limit one too many.
    // A second instance over other folders of a 7z leaves its folders to be counted once merged
    // (sevenzip/helper-merge.ts): the first instance may have made the same ones.
    if (rel !== null && rel.includes('/')) {
      if (dirsCounted) tracker.addEntry();
      staged.push({ stagedPath: rel, type: 'dir' });
    }
    return node;
  };
  fs.unlink = (path) => {
    const rel = relative(path);
    const record = rel === null ? undefined : files.get(rel);
    if (rel === null || !record) return original.unlink(path);
    const asidePath = `${rel}.ao-aside-${(asideCount += 1)}`;
    fs.rename(path, `${stagingRoot}/${asidePath}`);
    files.delete(rel);
    asides.set(rel, { record, asidePath });
  };
  fs.symlink = (target, path) => {
    const rel = relative(path);
    if (rel === null) throw new ErrnoError(EACCES);
    checkNameBytes(leafOf(rel));
    dropAside(rel);
    tracker.addEntry();
    staged.push({ stagedPath: rel, type: 'symlink', linkTarget: target });
    // Report success without creating anything: a link could later route a write outside.
    return undefined as never;
  };
  const dropAside = (rel: string) => {
    const aside = asides.get(rel);
    if (!aside) return;
    asides.delete(rel);
    dropped.add(aside.record);
    original.unlink(`${stagingRoot}/${aside.asidePath}`);
  };
  return {
    staged,
    settle: () => {
      for (const rel of [...asides.keys()]) dropAside(rel);
      if (dropped.size === 0) return;
      // Placeholders 7-Zip replaced by links, and files it deleted for good, leave the record.
      const kept = staged.filter((e) => !dropped.has(e));
      staged.length = 0;
      for (const entry of kept) staged.push(entry);
      dropped.clear();
    },
  };
}

/**
 * The last name of a path 7-Zip creates. Staging is in memory, where any length goes; a name no
 * file system could hold is refused here, as the disk refused it when 7-Zip wrote there (7-Zip
 * keeps a backslash in a name: `a\b\c` is one name until we turn it into folders).
 */
function leafOf(rel: string): string {
  return rel.slice(rel.lastIndexOf('/') + 1);
}

function exists(fs: FileSystem, path: string): boolean {
  try {
    fs.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** An empty, `.` or `..` name, or a slash at the end: what normalise has to remove. */
const NOT_NORMAL = /\/(?:\.{1,2})?(?:\/|$)/;

/** Resolves `.` and `..` textually; the guard compares paths before the file system sees them. */
export function normalise(path: string): string {
  // Most paths 7-Zip passes are normal already: splitting and joining each cost ~2 µs of every
  // file's open and write (0.19 s of 100,000 small files' extraction).
  if (path.charCodeAt(0) === 0x2f && !NOT_NORMAL.test(path)) return path;
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}
