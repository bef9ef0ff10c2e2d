import { chmodSync, fchmodSync, fstatSync, futimesSync, statSync, utimesSync } from 'node:fs';
import type { EntryStamp } from '../core/output-sink.js';

/**
 * What a file on disk keeps of an entry's header: its time and its permission bits, as `7zz x`
 * and bsdtar restore them (less the umask: keptMode). Set-id and sticky bits are dropped, and the
 * owner can always read the file: the host must hash and serve what it extracted. A read-only
 * file stays read-only, as native tools leave it. Folders keep their time (disk-sink.ts sets it
 * once the extraction is done) and the mode they were made with: a folder the archive makes
 * read-only could not be filled or removed.
 *
 * Failing to set either (a file system without Unix modes, a time out of its range) leaves the
 * file as it was made, as native tools do with a warning: the bytes are what the visitor asked for.
 */
export function stampOpenFile(fd: number, stamp: EntryStamp | undefined): void {
  if (!stamp) return;
  const { modified, mode } = stamp;
  if (modified !== null) ignoreFailure(() => futimesSync(fd, modified / 1000, modified / 1000));
  if (mode !== null) {
    newFileMode ??= fstatSync(fd).mode & 0o777;
    const kept = keptMode(mode, newFileMode);
    if (kept !== newFileMode) ignoreFailure(() => fchmodSync(fd, kept));
  }
}

/** The same for a closed file, with separate access and modification times (ms): 7-Zip's, read off its in-memory node. */
export function stampClosedFile(path: string, accessedMs: number, modifiedMs: number, mode: number): void {
  utimesSync(path, accessedMs / 1000, modifiedMs / 1000);
  keepClosedFileMode(path, mode);
}

/** Only the mode: the times were set already (stampSpooledTimes). */
export function keepClosedFileMode(path: string, mode: number): void {
  newFileMode ??= statSync(path).mode & 0o777;
  const kept = keptMode(mode, newFileMode);
  if (kept !== newFileMode) chmodSync(path, kept);
}

/**
 * A closed file's times (ms) through a descriptor the spool's writer thread keeps open
 * (spool-writer-thread.ts). Not its mode: that thread never learns the mode new files get, so
 * that the one thread that does (keepClosedFileMode) only ever reads it off a file none changed.
 */
export function stampSpooledTimes(fd: number, accessedMs: number, modifiedMs: number): void {
  futimesSync(fd, accessedMs / 1000, modifiedMs / 1000);
}

/** Sets a folder's time (ms), once nothing more is written into it. */
export function stampFolder(path: string, modifiedMs: number): void {
  ignoreFailure(() => utimesSync(path, modifiedMs / 1000, modifiedMs / 1000));
}

/**
 * The archive's permission bits less the process's umask, as `7zz x` and bsdtar (for a user
 * other than root) apply it: a hostile archive's 0777 does not make a world-writable file. The
 * umask is read off `created`, the mode new files get (0666 less the umask); where it takes a
 * class's read bit, it takes its execute bit too. 7-Zip's own in-memory files ignore the umask:
 * one it made without a mode from the archive is 0666 there, and so gets just `created`.
 */
function keptMode(mode: number, created: number): number {
  const readWrite = 0o666 & ~created;
  const umask = readWrite | ((readWrite & 0o444) >> 2);
  return (mode & 0o777 & ~umask) | 0o400;
}

/**
 * The mode every file the spool and the sinks create gets (0o666 less the umask), read off the
 * first one: most archives' files want just that, and a chmod per file to the mode it has was
 * 0.2 s of 100,000 small files' extraction.
 */
let newFileMode: number | undefined;

function ignoreFailure(call: () => void): void {
  try {
    call();
  } catch {
    // See stampOpenFile: the file stays as it was made.
  }
}
