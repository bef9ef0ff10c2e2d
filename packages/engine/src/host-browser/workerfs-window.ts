import type { SevenZipModule } from '7z-wasm';

/** The most of an input file one synchronous read fetches ahead for 7-Zip. */
const WINDOW_BYTES = 32 * 1024 * 1024;
/** The window of a read that does not carry on from the last one: where 7-Zip looks first. */
const FIRST_WINDOW_BYTES = 1024 * 1024;
/** Each window that carries on in order is this many times the one before, up to WINDOW_BYTES. */
const GROWTH = 4;

/** The slice of Emscripten's WORKERFS this replaces: a file node holds the user's File itself. */
interface WorkerFsStream {
  node: { contents: Blob };
}
export type StreamRead = (stream: WorkerFsStream, buffer: Int8Array, offset: number, length: number, position: number) => number;

/**
 * Makes 7-Zip's reads of the archive go through a window instead of one synchronous
 * FileReaderSync call per read. 7-Zip asks for 1 MiB at a time, and each such call is a round
 * trip to the browser process: measured in a Chromium worker over a 25 MB archive, 1 MiB reads
 * took 94–133 ms in all, 8 MiB reads 49–68 ms. Whole extractions, alternated runs: the bench
 * 7z (26 MB) 0.84-0.94 s with 32 MiB windows against 0.92-0.96 s with 8 MiB (0.93 s with
 * 16 MiB, 1.01 s with 512 KiB); a 122 MB 7z 6.5 s against 6.9 s. A single window (not one per
 * part) keeps memory bounded however many volumes a set has; 7-Zip reads them in turn.
 *
 * A window starts at 1 MiB and grows fourfold while reading goes on in order, up to 32 MiB (1,
 * 4, 16, 32…: three more round trips than 32 MiB at once). A read elsewhere starts again at
 * 1 MiB: 7-Zip listing a 7z reads its first bytes and its end, and listing a RAR hops from one
 * header to the next past each file's data; with a 32 MiB window at every hop, listing the
 * bench 7z fetched all of its 26 MB, and a RAR of large files 32 MiB per file.
 *
 * Called on a fresh 7-Zip instance, whose WORKERFS belongs to it alone.
 */
export function readInputsThroughWindow(sz: SevenZipModule): void {
  const ops = (sz.WORKERFS as unknown as { stream_ops: { read: StreamRead } }).stream_ops;
  const reader = new FileReaderSync();
  ops.read = windowedRead((file, start, end) => new Uint8Array(reader.readAsArrayBuffer(file.slice(start, end))));
}

/**
 * WORKERFS's read, served from one window that `fetch` fills synchronously: `firstBytes` where a
 * read does not carry on from the window before, `growth` times bigger each time it does, up to
 * `windowBytes`. A read that carries on starts in the last window or past its end by less than
 * the next window's size (a hop over a small file's data).
 */
export function windowedRead(
  fetch: (file: Blob, start: number, end: number) => Uint8Array,
  windowBytes = WINDOW_BYTES,
  firstBytes = FIRST_WINDOW_BYTES,
  growth = GROWTH,
): StreamRead {
  const first = Math.min(firstBytes, windowBytes);
  let window: { file: Blob; start: number; bytes: Uint8Array; size: number } | null = null;
  return (stream, buffer, offset, length, position) => {
    const file = stream.node.contents;
    if (position >= file.size) return 0;
    const end = Math.min(file.size, position + length);
    if (end - position >= windowBytes) {
      buffer.set(fetch(file, position, end), offset);
      return end - position;
    }
    if (!window || window.file !== file || position < window.start || end > window.start + window.bytes.length) {
      const last = window?.file === file ? window : null;
      const grown = last ? Math.min(windowBytes, last.size * growth) : first;
      const inOrder = last !== null && position >= last.start && position < last.start + last.bytes.length + grown;
      const size = Math.max(inOrder ? grown : first, end - position);
      window = { file, start: position, bytes: fetch(file, position, Math.min(file.size, position + size)), size };
    }
    buffer.set(window.bytes.subarray(position - window.start, end - window.start), offset);
    return end - position;
  };
}
