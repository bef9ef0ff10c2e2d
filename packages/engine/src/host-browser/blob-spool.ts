import type { SevenZipModule } from '7z-wasm';
import { asBytes, beforeMapping, memfsFileOps, memfsNode, nodesBelow, type MemfsNode } from '../sevenzip/memfs-file-ops.js';
import type { HoldBuffers } from './held-output.js';
import { addStoredRange, type OutputStore, type SinkSlice } from './output-store.js';

/**
 * Bytes gathered in the spool's buffer before they become one Blob; the buffer is then reused
 * (a held batch is a new buffer each time: it goes to the page).
 * Small, because fresh memory is dear: on this project's VMs a new 32 MiB buffer cost 27-95 ms
 * to fill and a reused one 3-6 ms. A Blob costs ~1-2 ms beyond its bytes, so 4 MiB batches add
 * a dozen of those for the bench's 51 MB. (Alternated runs of the bench 7z in Chromium: 4 MiB
 * 0.87 s, 8 MiB 0.89 s, 32 MiB slower than MEMFS alone.)
 */
export const SPOOL_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * One batch's worth of bytes: either held (`bytes`, a buffer of its own, handed to the page as
 * it is) or in the spool's reused buffer until `blob` is made of them.
 */
interface Batch {
  blob: Blob | null;
  bytes: Uint8Array<ArrayBuffer> | null;
  /** The pieces of this batch are ranges of the output store (their offsets are the store's). */
  stored?: true;
}

/** The one batch of every byte written to the output store. */
const STORED: Batch = { blob: null, bytes: null, stored: true };

/** A run of one file's bytes, in order, at `offset` in a batch. */
interface Piece {
  batch: Batch;
  offset: number;
  length: number;
}

interface Spooled {
  pieces: Piece[];
  size: number;
}

export interface SpoolOptions {
  batchBytes?: number;
  /** Makes the Blob of a full batch: the bytes are reused as soon as this returns. */
  seal?: (bytes: Uint8Array) => Blob;
  /** Reads back part of a sealed batch, synchronously (7-Zip's reads are system calls). */
  readSealed?: (blob: Blob, start: number, end: number) => Uint8Array;
  /** Asked for each new batch's buffer: a held one is never reused and never becomes a Blob. */
  hold?: HoldBuffers;
  /**
   * Where bytes go once `hold` refuses, written as they come (output-store.ts), instead of
   * batches that become Blobs.
   */
  store?: OutputStore | null;
}

export interface BlobSpool {
  /** Sends what 7-Zip writes into `dir` (on MEMFS) of this instance to the spool. */
  attach(sz: SevenZipModule, dir: string): void;
  /**
   * Where a spooled file's bytes are, and the file is the spool's no longer; null when MEMFS
   * holds the file itself (it is empty, or was written out of order).
   */
  take(sz: SevenZipModule, path: string): SinkSlice | null;
  /** Forgets every file (the extraction failed). */
  clear(): void;
}

/**
 * Takes the bytes of the files 7-Zip extracts into the in-memory file system out of it as they
 * are written: each write is copied into a batch buffer, and a file is then only where its pieces
 * are. While `hold` allows, each batch is a new buffer that the page is given as it is; past
 * that, one reused buffer is filled and every few MiB of it become one Blob, which the browser
 * keeps outside the worker's heap (and may page to disk). MEMFS instead copied every write into
 * a new array of the file's own, copied it again each time the file grew, and held all of the
 * output until 7-Zip ended, so the worker grew as big as the output before its Blobs were made.
 *
 * Files are written front to back, and may be read back (a payload 7-Zip unpacks and then opens,
 * a hard link's target); anything else (a write elsewhere than at the end, a truncation to
 * another size, a mapping) first gives the file back to MEMFS, whole, and MEMFS carries on.
 */
export function blobSpool(options: SpoolOptions = {}): BlobSpool {
  const batchBytes = options.batchBytes ?? SPOOL_BATCH_BYTES;
  const seal = options.seal ?? ((bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]));
  const readSealed = options.readSealed ?? readBlobSync;
  const hold = options.hold ?? (() => false);
  const store = options.store ?? null;
  // Where writes go: the current batch's own bytes, or `reusable`, whose bytes become Blobs.
  let buffer = new Uint8Array(0);
  let reusable: Uint8Array<ArrayBuffer> | null = null;
  let used = 0;
  let current: Batch | null = null;
  let files = new WeakMap<MemfsNode, Spooled>();

  /** Ends the current batch: a held one keeps its bytes, any other becomes a Blob. */
  const sealCurrent = (): void => {
    if (!current) return;
    // An empty batch has no pieces: nothing refers to it.
    if (!current.bytes && used > 0) current.blob = seal(buffer.subarray(0, used));
    current = null;
    buffer = new Uint8Array(0);
    used = 0;
  };

  const openBatch = (): Batch => {
    sealCurrent();
    // Once a buffer was refused, the budget is spent: no need to ask again.
    if (!reusable) {
      const fresh = new Uint8Array(batchBytes);
      if (hold([fresh])) {
        buffer = fresh;
        current = { blob: null, bytes: fresh };
        return current;
      }
      reusable = fresh;
    }
    if (store) return STORED;
    buffer = reusable;
    current = { blob: null, bytes: null };
    return current;
  };

  const append = (file: Spooled, bytes: Uint8Array): void => {
    for (let at = 0; at < bytes.length;) {
      const batch = current && used < buffer.length ? current : openBatch();
      if (batch === STORED && store) {
        // Straight to disk: no copy into a batch, and nothing waits in the worker's memory.
        const rest = bytes.subarray(at);
        const where = store.append(rest);
        const last = file.pieces.at(-1);
        if (last?.batch === STORED && last.offset + last.length === where) last.length += rest.length;
        else file.pieces.push({ batch: STORED, offset: where, length: rest.length });
        break;
      }
      const take = Math.min(buffer.length - used, bytes.length - at);
      buffer.set(bytes.subarray(at, at + take), used);
      const last = file.pieces.at(-1);
      if (last && last.batch === batch && last.offset + last.length === used) last.length += take;
      else file.pieces.push({ batch, offset: used, length: take });
      used += take;
      at += take;
    }
    file.size += bytes.length;
  };

  // The last sealed batch read back, whole: readers ask for a little at a time, and each read
  // of a Blob is a round trip to the browser process.
  let lastRead: { blob: Blob; bytes: Uint8Array } | null = null;
  const sealedBytes = (blob: Blob, start: number, end: number): Uint8Array => {
    if (lastRead?.blob !== blob) lastRead = { blob, bytes: readSealed(blob, 0, blob.size) };
    return lastRead.bytes.subarray(start, end);
  };

  /** Copies the file's bytes from `position` into `target`; returns how many there were. */
  const readInto = (file: Spooled, target: Uint8Array, offset: number, length: number, position: number): number => {
    const end = Math.min(file.size, position + length);
    let pieceStart = 0;
    for (const { batch, offset: at, length: pieceLength } of file.pieces) {
      const pieceEnd = pieceStart + pieceLength;
      if (pieceEnd > position && pieceStart < end) {
        const from = Math.max(position, pieceStart) - pieceStart;
        const to = Math.min(end, pieceEnd) - pieceStart;
        const into = offset + pieceStart + from - position;
        if (batch === STORED && store) store.read(target.subarray(into, into + to - from), at + from);
        else
          target.set(
            batch.bytes
              ? batch.bytes.subarray(at + from, at + to)
              : batch.blob
                ? sealedBytes(batch.blob, at + from, at + to)
                : buffer.subarray(at + from, at + to),
            into,
          );
      }
      if (pieceEnd >= end) break;
      pieceStart = pieceEnd;
    }
    return Math.max(0, end - position);
  };

  /** Gives a spooled file back to MEMFS, whole, before MEMFS works on it. */
  const unspool = (node: MemfsNode): void => {
    const file = files.get(node);
    if (!file) return;
    files.delete(node);
    const contents = new Uint8Array(file.size);
    readInto(file, contents, 0, file.size, 0);
    node.contents = contents;
    node.usedBytes = file.size;
  };

  return {
    attach(sz, dir) {
      const inside = nodesBelow(sz, dir);
      const ops = memfsFileOps(sz, dir);
      const { write, read } = ops.stream_ops;
      ops.stream_ops.read = function (this: unknown, stream, target, offset, length, position) {
        const file = files.get(stream.node);
        if (!file) return read.call(this, stream, target, offset, length, position);
        return readInto(file, asBytes(target), offset, length, position);
      };
      const setattr = ops.node_ops.setattr;
      ops.stream_ops.write = function (this: unknown, stream, data, offset, length, position, canOwn) {
        const node = stream.node;
        let file = files.get(node);
        if (!file && length > 0 && position === 0 && node.usedBytes === 0 && inside(node)) {
          file = { pieces: [], size: 0 };
          files.set(node, file);
        }
        if (file && position === file.size) {
          append(file, asBytes(data).subarray(offset, offset + length));
          node.usedBytes = file.size;
          node.mtime = node.ctime = Date.now();
          return length;
        }
        unspool(node);
        return write.call(this, stream, data, offset, length, position, canOwn);
      };
      beforeMapping(ops, unspool);
      ops.node_ops.setattr = function (this: unknown, node, attr) {
        const file = files.get(node);
        if (file && attr.size !== undefined && attr.size !== file.size) {
          // Truncated to nothing (opened again with O_TRUNC): its pieces are simply dropped.
          if (attr.size === 0) {
            files.delete(node);
            node.usedBytes = 0;
          } else {
            unspool(node);
          }
        }
        setattr.call(this, node, attr);
      };
    },
    take(sz, path) {
      const node = memfsNode(sz, path);
      const file = files.get(node);
      if (!file) return null;
      files.delete(node);
      if (file.pieces.some(({ batch }) => batch === STORED)) {
        const stored: (Uint8Array<ArrayBuffer> | { offset: number; size: number })[] = [];
        for (const { batch, offset, length } of file.pieces) {
          if (batch.bytes) stored.push(batch.bytes.subarray(offset, offset + length));
          else addStoredRange(stored, offset, length);
        }
        return { stored, size: file.size };
      }
      // Held batches never change: only bytes still in the reused buffer must become a Blob first.
      if (file.pieces.some(({ batch }) => !batch.bytes && !batch.blob)) sealCurrent();
      if (file.pieces.every(({ batch }) => batch.bytes)) {
        const parts = file.pieces.map(({ batch, offset, length }) =>
          (batch.bytes as Uint8Array<ArrayBuffer>).subarray(offset, offset + length),
        );
        return { parts, size: file.size };
      }
      const [only] = file.pieces;
      if (file.pieces.length === 1 && only?.batch.blob) return { blob: only.batch.blob, offset: only.offset, size: only.length };
      // A file across batches: its own Blob made of slices (cheap: the browser refers, not copies),
      // and of held bytes when it began in the last held batch (copied: once per extraction).
      return {
        blob: new Blob(
          file.pieces.map(({ batch, offset, length }) =>
            batch.bytes ? batch.bytes.subarray(offset, offset + length) : (batch.blob as Blob).slice(offset, offset + length),
          ),
        ),
        offset: 0,
        size: file.size,
      };
    },
    clear() {
      files = new WeakMap();
      current = null;
      buffer = new Uint8Array(0);
      used = 0;
      lastRead = null;
    },
  };
}

function readBlobSync(blob: Blob, start: number, end: number): Uint8Array {
  return new Uint8Array(new FileReaderSync().readAsArrayBuffer(blob.slice(start, end)));
}
