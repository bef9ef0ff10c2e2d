import type { ArchiveSource } from '../core/types.js';

/** Each Blob read is a round trip to the browser's blob store: small reads are served from a window. */
const WINDOW_BYTES = 8 * 1024 * 1024;

/** A window of the file, being read or read. */
interface Window {
  start: number;
  end: number;
  bytes: Promise<Uint8Array>;
}

/**
 * A user's File read lazily by slices: a 2 GB archive is never copied into memory whole. Reads
 * smaller than the window are served from one 8 MiB window, because zip and tar readers make
 * many small reads in increasing order (measured: 317 entries of a 27 MB zip took 1.5 s in
 * Chromium with a Blob read per request).
 *
 * The window after the current one is fetched as soon as the current one is in use: the worker
 * decodes one while the browser process reads the next. Waiting for each window in turn left a
 * 50 MB zip's worker idle ~40 ms per window (a fifth of the whole extraction, in a CPU profile).
 */
export function blobSource(file: File): ArchiveSource & { file: File } {
  let current: Window | null = null;
  let next: Window | null = null;
  const direct = async (offset: number, length: number) =>
    new Uint8Array(await file.slice(offset, offset + length).arrayBuffer());
  const load = (start: number): Window => {
    const end = Math.min(file.size, start + WINDOW_BYTES);
    const bytes = direct(start, end - start);
    // A read-ahead nobody ends up using must not fail as an unhandled rejection.
    bytes.catch(() => undefined);
    return { start, end, bytes };
  };
  const covers = (window: Window | null, offset: number): window is Window =>
    window !== null && offset >= window.start && offset < window.end;
  return {
    file,
    name: file.name,
    size: file.size,
    async read(offset, length) {
      const end = Math.min(file.size, offset + length);
      if (end - offset >= WINDOW_BYTES) return direct(offset, end - offset);
      if (!covers(current, offset)) {
        current = covers(next, offset) ? next : load(offset);
        next = null;
      }
      // `next` always starts where `current` ends, so a read that runs past one finds the rest there.
      const here = current;
      if (!next && here.end < file.size) next = load(here.end);
      const after = next;
      const head = await here.bytes;
      // A view, not a copy: no reader changes what it is given (zip.js gets its own copy, see
      // source-reader.ts), and copying every read cost ~7% of a 50 MB zip in Chromium. A view
      // keeps its window alive until the bytes are written out (a batch of at most 32 MiB).
      if (end <= here.end || !after) return head.subarray(offset - here.start, end - here.start);
      const tail = await after.bytes;
      const joined = new Uint8Array(end - offset);
      joined.set(head.subarray(offset - here.start));
      joined.set(tail.subarray(0, end - here.end), here.end - offset);
      return joined;
    },
    stream() {
      return file.stream();
    },
  };
}
