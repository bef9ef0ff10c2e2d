import type { ArchiveSource } from '../core/types.js';
import { taskYielder, yieldingStream } from './task-yield.js';

/** Each Blob read is a round trip to the browser's blob store: small reads are served from a window. */
const WINDOW_BYTES = 32 * 1024 * 1024;
/** The window for a read not known to be one of many in order (a format check reads a few bytes). */
const FIRST_WINDOW_BYTES = 1024 * 1024;

/**
 * An object, not a second number: `files.map(blobSource)` handed each File its index as the
 * window, and every read of an unshared archive became a round trip of its own (a zip of 10,000
 * small files took 7.9 s in the site). Such a call no longer compiles.
 */
export interface BlobSourceOptions {
  windowBytes?: number;
}

/** A window of the file, being read or read. */
interface Window {
  start: number;
  end: number;
  bytes: Promise<Uint8Array>;
  /** Where the latest read served from it ended (0 before any). */
  readEnd: number;
  /** It was fetched ahead: reading goes on in order. */
  ahead: boolean;
}

/**
 * A user's File read lazily by slices: a 2 GB archive is never copied into memory whole. Reads
 * smaller than the window are served from windows, because zip and tar readers make many small
 * reads in increasing order (measured: 317 entries of a 27 MB zip took 1.5 s in Chromium with a
 * Blob read per request).
 *
 * Once a read lands in a window past the previous one, reading goes on in order: the window
 * after it (32 MiB) is fetched ahead, so the worker decodes one while the browser process reads
 * the next. Waiting for each window in turn left a 50 MB zip's worker idle ~40 ms per window (a
 * fifth of the whole extraction, in a CPU profile). A lone read gets a 1 MiB window and nothing
 * ahead: the format check of a .tar.gz, which is then read as a stream, used to fetch two 8 MiB
 * windows for nothing. Alternated in Chromium, the bench zip took 0.33 s against 0.37 s with
 * eager 8 MiB windows. The same head read again is no sign of order either: a 7z's format check
 * and header check both read its first 32 KiB, and the 25 MB then fetched ahead for nothing
 * (7-Zip reads the archive itself) held the header check's next read up by ~20 ms.
 * `windowBytes` is smaller for a worker extracting one share of a zip beside another (index.ts).
 */
export function blobSource(file: File, { windowBytes = WINDOW_BYTES }: BlobSourceOptions = {}): ArchiveSource & { file: File } {
  let current: Window | null = null;
  let next: Window | null = null;
  // Now and then a task between reads, so that the worker can be stopped (task-yield.ts).
  const yielder = taskYielder();
  const direct = async (offset: number, length: number) =>
    new Uint8Array(await file.slice(offset, offset + length).arrayBuffer());
  const load = (start: number, size: number, ahead: boolean): Window => {
    const end = Math.min(file.size, start + size);
    const bytes = direct(start, end - start);
    // A read-ahead nobody ends up using must not fail as an unhandled rejection.
    bytes.catch(() => undefined);
    return { start, end, bytes, readEnd: 0, ahead };
  };
  const covers = (window: Window | null, offset: number): window is Window =>
    window !== null && offset >= window.start && offset < window.end;
  return {
    file,
    name: file.name,
    size: file.size,
    async read(offset, length) {
      await yielder();
      const end = Math.min(file.size, offset + length);
      if (end - offset >= windowBytes) return direct(offset, end - offset);
      if (!covers(current, offset)) {
        current = covers(next, offset) ? next : load(offset, Math.max(FIRST_WINDOW_BYTES, end - offset), false);
        next = null;
      }
      // `next` always starts where `current` ends, so a read that runs past one finds the rest there.
      const here = current;
      // Forward of the last read: reading goes on in order. The same head read again (the
      // format check's, then the 7z header check's) does not.
      const inOrder = (here.readEnd > 0 && offset >= here.readEnd) || here.ahead || end > here.end;
      here.readEnd = end;
      if (!next && inOrder && here.end < file.size) next = load(here.end, windowBytes, true);
      const after = next;
      const head = await here.bytes;
      // A view, not a copy: no reader changes what it is given (zip.js gets its own copy, see
      // source-reader.ts), and copying every read cost ~7% of a 50 MB zip in Chromium. A view
      // keeps its window alive until the bytes are written out (a batch of at most 32 MiB), or,
      // when the sink holds them for the page, moves the whole window there (counted whole).
      if (end <= here.end || !after) return head.subarray(offset - here.start, end - here.start);
      const tail = await after.bytes;
      const joined = new Uint8Array(end - offset);
      joined.set(head.subarray(offset - here.start));
      joined.set(tail.subarray(0, end - here.end), here.end - offset);
      return joined;
    },
    stream() {
      return yieldingStream(file.stream(), yielder);
    },
  };
}
