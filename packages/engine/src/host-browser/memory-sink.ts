import type { OutputSink } from '../core/output-sink.js';
import { blobSpool } from './blob-spool.js';
import { holdNothing, type HoldBuffers } from './held-output.js';
import { addStoredRange, type OutputStore, type SinkSlice } from './output-store.js';

/** Files below this size are gathered into batches; bigger ones get a Blob of their own. */
const BATCHED_FILE_MAX_BYTES = 1024 * 1024;
/** A streamed file past this size goes to the output store as it comes (smaller ones may be held). */
const STREAMED_TO_STORE_BYTES = 16 * 1024 * 1024;
/** Bytes gathered before a batch becomes one Blob: bounds what waits in the worker's memory. */
const BATCH_BYTES = 32 * 1024 * 1024;

interface WaitingFile {
  path: string;
  parts: Uint8Array[];
  size: number;
}

export interface MemorySink extends OutputSink {
  /** Stored slices become FileSlices when the store is finished (index.ts). */
  readonly files: Map<string, SinkSlice>;
  /** Turns the files still waiting in a batch into a Blob: call before reading `files`. */
  flush(): void;
}

/**
 * Keeps extracted files in memory. While `hold` allows (held-output.ts), a file is its bytes
 * themselves, which move to the page with the answer, uncopied; beyond that, ranges of the
 * output store on disk (output-store.ts) where the browser offers one, else Blobs (the browser
 * may page large ones to disk). What 7-Zip writes into its in-memory file system is taken out of
 * it as it is written (blob-spool.ts, offered as `spoolSevenZip`); files that the spool gave back
 * to that file system arrive as `writeBytes`. A zip entry stored without compression stays a range of the
 * visitor's File (`referToSource`).
 *
 * Every Blob made in a worker is a round trip to the browser process, and so is every slice of
 * one (measured in a Chromium worker: 300 files of ~110 KB took ~500 ms as a Blob each, ~60 ms
 * as one Blob, and ~250 ms more to cut that Blob into 300 slices). Small files are therefore
 * gathered into batches, each one Blob, and a file is only its place in its batch: the page cuts
 * the slice when it first needs the file's bytes, which for most files is never.
 */
export function memorySink(hold: HoldBuffers = holdNothing, outputStore: OutputStore | null = null): MemorySink {
  const files = new Map<string, SinkSlice>();
  const spool = blobSpool({ hold, store: outputStore });
  let waiting: WaitingFile[] = [];
  let waitingBytes = 0;
  const flush = (): void => {
    if (waiting.length === 0) return;
    const batch = new Blob(waiting.flatMap((file) => file.parts as BlobPart[]));
    let at = 0;
    for (const file of waiting) {
      files.set(file.path, { blob: batch, offset: at, size: file.size });
      at += file.size;
    }
    waiting = [];
    waitingBytes = 0;
  };
  const store = (path: string, parts: Uint8Array[]): void => {
    const size = parts.reduce((sum, part) => sum + part.length, 0);
    if (hold(parts)) {
      files.set(path, { parts: parts as Uint8Array<ArrayBuffer>[], size });
      return;
    }
    if (outputStore) {
      // Written to disk at once: nothing is gathered, whatever the file's size.
      const stored: { offset: number; size: number }[] = [];
      for (const part of parts) addStoredRange(stored, outputStore.append(part), part.length);
      files.set(path, { stored, size });
      return;
    }
    if (size >= BATCHED_FILE_MAX_BYTES) {
      files.set(path, { blob: new Blob(parts as BlobPart[]), offset: 0, size });
      return;
    }
    waiting.push({ path, parts, size });
    waitingBytes += size;
    if (waitingBytes >= BATCH_BYTES) flush();
  };
  return {
    files,
    flush,
    async writeFile(path, data) {
      let chunks: Uint8Array[] = [];
      let gathered = 0;
      let stored: { offset: number; size: number }[] | null = null;
      const reader = data.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        if (stored && outputStore) {
          addStoredRange(stored, outputStore.append(next.value), next.value.length);
          continue;
        }
        chunks.push(next.value);
        gathered += next.value.length;
        // A big file streams to the store from here on: the worker never holds all of it.
        if (outputStore && gathered > STREAMED_TO_STORE_BYTES) {
          stored = [];
          for (const chunk of chunks) addStoredRange(stored, outputStore.append(chunk), chunk.length);
          chunks = [];
        }
      }
      if (stored) files.set(path, { stored, size: stored.reduce((sum, range) => sum + range.size, 0) });
      else store(path, chunks);
    },
    async writeBytes(path, data) {
      // Pieces stay pieces: the batch's Blob copies them once, joining them first would be twice.
      store(path, data instanceof Uint8Array ? [data] : [...data]);
    },
    async copyFile(from, to) {
      flush();
      // Blobs are immutable: the copy is the same place in the same Blob.
      const data = files.get(from);
      if (data) files.set(to, data);
    },
    referToSource(path, source, offset, size) {
      // The visitor's File itself: a stored file is the range of it the page slices when it
      // needs the bytes (bench zip, 40% stored, prepared worker, alternated: 0.184 s against
      // 0.203 s, and no second copy of those bytes in memory). Reading it fails, rather than
      // giving other bytes, if the archive is changed on disk afterwards.
      const file = (source as { file?: unknown }).file;
      if (!(file instanceof Blob) || offset + size > file.size) return false;
      files.set(path, { blob: file, offset, size });
      return true;
    },
    async makeDirectory() {
      // Directories exist implicitly in the path of each file; the entry list carries empty ones.
    },
    spoolSevenZip: () => ({
      attach: (sz, dir) => spool.attach(sz, dir),
      async adopt(sz, stagedPath, finalPath) {
        // A file the spool gave back to MEMFS is not taken here: sevenzip writes it with writeBytes.
        const spooled = spool.take(sz, stagedPath);
        // Left in place: MEMFS holds none of its bytes, and the instance is dropped after the
        // extraction. Removing it went through the guard's hook, which moves a removed file
        // aside (7-Zip's removals are not final): 7 ms of the bench 7z in a CPU profile.
        if (spooled) files.set(finalPath, spooled);
        return spooled !== null;
      },
      // The instance and its in-memory file system are discarded after each operation.
      close: async () => undefined,
    }),
    async discard() {
      waiting = [];
      waitingBytes = 0;
      files.clear();
      spool.clear();
    },
  };
}
