import { EngineError } from './engine-error.js';
import type { EntryType } from './types.js';

/** What every common file system accepts: 255 bytes a name, 4096 a path. */
const MAX_NAME_BYTES = 255;
const MAX_PATH_BYTES = 4096;
const utf8 = new TextEncoder();

/**
 * Gives every written entry a path that collides with no other, even on a case-insensitive file
 * system (the server keeps files on Linux, but visitors download them to Windows and macOS).
 * Directories with the same name merge (they hold no bytes); a file never replaces anything:
 * the later one becomes `name (2).ext`.
 */
export class NameAllocator {
  /** Lower-cased path → the path actually used and what is there. */
  private readonly taken = new Map<string, { path: string; type: EntryType }>();
  /** A directory whose name a file already held went elsewhere; later entries follow it there. */
  private readonly movedDirs = new Map<string, string>();
  /**
   * Lower-cased wanted path → the number its next copy tries first. Starting again at "(2)" made
   * n copies of one name cost n²/2 look-ups (20,000 identical names in a tar took 38 s); numbers
   * below this one are all taken already, since taken names are never given back.
   */
  private readonly nextNumber = new Map<string, number>();

  allocate(safePath: string, type: EntryType): string {
    const segments = safePath.split('/');
    checkNameLength(safePath, segments);
    let parent = '';
    for (const dirName of segments.slice(0, -1)) {
      parent = this.claimDirectory(parent, dirName);
    }
    const leaf = segments[segments.length - 1] ?? '';
    return type === 'dir' ? this.claimDirectory(parent, leaf) : this.claimUnique(parent, leaf, type);
  }

  private claimDirectory(parent: string, name: string): string {
    const wanted = join(parent, name);
    const key = wanted.toLowerCase();
    const moved = this.movedDirs.get(key);
    if (moved !== undefined) return moved;
    const existing = this.taken.get(key);
    if (existing?.type === 'dir') return existing.path;
    if (!existing) return this.record(wanted, 'dir');
    const elsewhere = this.claimUnique(parent, name, 'dir');
    this.movedDirs.set(key, elsewhere);
    return elsewhere;
  }

  private claimUnique(parent: string, name: string, type: EntryType): string {
    const wanted = join(parent, name);
    const key = wanted.toLowerCase();
    if (!this.taken.has(key)) return this.record(wanted, type);
    // Each number is tried once per wanted name: a later real name such as "a (2).txt" that a
    // copy holds already is itself a wanted name, numbered in turn ("a (2) (2).txt").
    let n = this.nextNumber.get(key) ?? 2;
    let candidate = join(parent, numbered(name, n));
    while (this.taken.has(candidate.toLowerCase())) {
      n += 1;
      candidate = join(parent, numbered(name, n));
    }
    this.nextNumber.set(key, n + 1);
    return this.record(candidate, type);
  }

  private record(path: string, type: EntryType): string {
    this.taken.set(path.toLowerCase(), { path, type });
    return path;
  }
}

function join(parent: string, name: string): string {
  return parent === '' ? name : `${parent}/${name}`;
}

/** `report.txt` → `report (2).txt`; a leading dot is part of the name, not an extension. */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** A name no file system can hold is refused as a limit, the same in every host. */
function checkNameLength(path: string, segments: readonly string[]): void {
  if (longerInUtf8(path, MAX_PATH_BYTES)) throw nameTooLong();
  for (const segment of segments) checkNameBytes(segment);
}

/** Refuses one file or folder name that no file system can hold (more than 255 bytes). */
export function checkNameBytes(name: string): void {
  if (longerInUtf8(name, MAX_NAME_BYTES)) throw nameTooLong();
}

/**
 * A UTF-16 unit is at most 3 bytes of UTF-8 (a pair of them, 4): most names are short enough to
 * need no encoding. Encoding every name (a new array each) was 3-9 ms of the bench 7z's run.
 */
function longerInUtf8(text: string, maxBytes: number): boolean {
  return text.length * 3 > maxBytes && utf8.encode(text).length > maxBytes;
}

function nameTooLong(): EngineError {
  return new EngineError('LIMIT_EXCEEDED', 'An entry has a name longer than any file system allows.', {
    limit: 'nameLength',
    max: MAX_NAME_BYTES,
  });
}
