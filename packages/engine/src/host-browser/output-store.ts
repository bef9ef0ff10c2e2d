/// <reference lib="webworker" />
import type { FileSlice } from './worker-protocol.js';

/**
 * Where the output beyond the held budget goes when the browser offers it: one file of the
 * Origin Private File System per extraction, written through a sync access handle as the engine
 * extracts, then handed to the page as one disk-backed File that every extracted file is a range
 * of (docs/decisions/029-output-in-the-origin-private-file-system.md).
 */
export const OUTPUT_STORE_FOLDER = 'extracted-output';

/** A run of bytes in the store's file. */
export interface StoredRange {
  offset: number;
  size: number;
}

/**
 * A file's bytes while the extraction runs: held bytes (the worker's own buffers, moved to the
 * page later) and ranges of the store, in order. Made a FileSlice once the store's File exists.
 */
export interface StoredSlice {
  stored: (Uint8Array<ArrayBuffer> | StoredRange)[];
  size: number;
}

/** What the sink keeps for each file until the extraction ends. */
export type SinkSlice = FileSlice | StoredSlice;

export interface OutputStore {
  /** Appends `bytes` at the end of the store; returns where they begin. Synchronous: 7-Zip's writes are system calls. */
  append(bytes: Uint8Array): number;
  /** Fills `target` from `position` (a payload read back while 7-Zip still runs). */
  read(target: Uint8Array, position: number): void;
  /**
   * The store's bytes so far as a File, while writing goes on (Chromium allows it beside the
   * sync access handle): written into another file as a slice, the browser copies them itself.
   */
  snapshot(): Promise<Blob>;
  /** Ends writing; the File the page reads every stored byte from. */
  finish(): Promise<Blob>;
  /** Closes and deletes the store (the extraction failed). */
  remove(): Promise<void>;
}

/**
 * Opens the store named `name` (the page chose the name and holds its lock, see
 * client/output-stores.ts), or null where the browser has no sync access handles: the sink then
 * makes Blobs as before.
 */
export async function openOutputStore(name: string): Promise<OutputStore | null> {
  let folder: FileSystemDirectoryHandle;
  let handle: FileSystemFileHandle;
  let access: FileSystemSyncAccessHandle;
  try {
    const root = await navigator.storage.getDirectory();
    folder = await root.getDirectoryHandle(OUTPUT_STORE_FOLDER, { create: true });
    handle = await folder.getFileHandle(name, { create: true });
    access = await handle.createSyncAccessHandle();
  } catch {
    return null;
  }
  let end = 0;
  let open = true;
  const close = (): void => {
    if (!open) return;
    open = false;
    // No flush(): it forces the bytes to the disk (an fsync, seconds for a GB on a busy disk),
    // and the store only lives while its files are shown: the page reads it through the same
    // file, from the page cache.
    access.close();
  };
  return {
    append(bytes) {
      const at = end;
      // A short write (the disk or the quota is full) is an error, never a silently shorter file.
      const written = access.write(bytes, { at });
      if (written !== bytes.length)
        throw new Error(`Only ${written} of ${bytes.length} bytes could be stored: the device is full.`);
      end += written;
      return at;
    },
    read(target, position) {
      access.read(target, { at: position });
    },
    snapshot: () => handle.getFile(),
    async finish() {
      close();
      return handle.getFile();
    },
    async remove() {
      close();
      await folder.removeEntry(name).catch(() => undefined);
    },
  };
}

/** A file's stored pieces as the page receives them: one range of the store's File where it can be. */
export function resolveStored(slice: StoredSlice, file: Blob): FileSlice {
  const [only] = slice.stored;
  if (slice.stored.length === 1 && only && !(only instanceof Uint8Array))
    return { blob: file, offset: only.offset, size: only.size };
  if (slice.stored.every((piece) => piece instanceof Uint8Array)) return { parts: slice.stored, size: slice.size };
  // Held bytes followed by stored ones (a file that began in the last held batch), or ranges
  // that are not one run: a Blob of them (slices of a File are references, not copies).
  return {
    blob: new Blob(
      slice.stored.map((piece) => (piece instanceof Uint8Array ? piece : file.slice(piece.offset, piece.offset + piece.size))),
    ),
    offset: 0,
    size: slice.size,
  };
}

export function isStored(slice: SinkSlice): slice is StoredSlice {
  return 'stored' in slice;
}

/** Adds a range to a file's pieces, joined to the last one when it follows it on disk. */
export function addStoredRange(pieces: StoredSlice['stored'], offset: number, size: number): void {
  const last = pieces.at(-1);
  if (last && !(last instanceof Uint8Array) && last.offset + last.size === offset) last.size += size;
  else pieces.push({ offset, size });
}
