import { closeSync, openSync, readSync } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ArchiveSource } from '../core/types.js';
import { SlabPool } from './slab-pool.js';

/** Reads from this size on use pooled memory; smaller ones (headers) are not worth a slab. */
const POOLED_READ_BYTES = 64 * 1024;
/** Free read slabs kept: a few entries' packed data are in flight at once (zip-backend.ts). */
const KEEP_READ_SLAB_BYTES = 32 * 1024 * 1024;
/** Smaller reads come from a window read at once: this much when they go on in order... */
const WINDOW_BYTES = 1024 * 1024;
/** ...and this much for a read elsewhere, so that reads all over the file cost little more than themselves. */
const FIRST_WINDOW_BYTES = 64 * 1024;

export interface FileSource extends ArchiveSource {
  readonly path: string;
  close(): Promise<void>;
}

/**
 * An archive part on disk, read on demand through one file handle (zip reads a header and a
 * data range per entry: opening the file each time would cost more than the reads). Small reads
 * are served from a window: each read through libuv's pool cost this thread ~20 µs, a tenth of
 * what a small zip entry costs in all (docs/decisions/031-node-speed-at-scale.md).
 */
export async function fileSource(path: string): Promise<FileSource> {
  const { size } = await stat(path);
  const slabs = new SlabPool(KEEP_READ_SLAB_BYTES);
  let handle: Promise<FileHandle> | null = null;
  let descriptor: number | null = null;
  let window: { start: number; end: number; bytes: Promise<Uint8Array> } | null = null;
  const readAt = async (buffer: Uint8Array, offset: number) => {
    handle ??= open(path, 'r');
    const { bytesRead } = await (await handle).read(buffer, 0, buffer.length, offset);
    return buffer.subarray(0, bytesRead);
  };
  return {
    path,
    name: basename(path),
    size,
    async read(offset, length) {
      const wanted = Math.max(0, Math.min(length, size - offset));
      // Large reads (an entry's packed data) come from slabs given back by `release`.
      if (wanted >= POOLED_READ_BYTES) return readAt(slabs.take(wanted).subarray(0, wanted), offset);
      if (wanted === 0) return new Uint8Array(0);
      const end = offset + wanted;
      if (!window || offset < window.start || end > window.end) {
        const inOrder = window !== null && offset >= window.start && offset <= window.end + FIRST_WINDOW_BYTES;
        const windowEnd = Math.min(size, offset + Math.max(wanted, inOrder ? WINDOW_BYTES : FIRST_WINDOW_BYTES));
        window = { start: offset, end: windowEnd, bytes: readAt(new Uint8Array(windowEnd - offset), offset) };
      }
      const { start, bytes } = window;
      // A copy: what a read returns may be kept or handed on, and the window serves later reads.
      return (await bytes).slice(offset - start, end - start);
    },
    release(bytes) {
      slabs.give(bytes);
    },
    readNow(offset, length) {
      descriptor ??= openSync(path, 'r');
      const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      return buffer.subarray(0, readSync(descriptor, buffer, 0, buffer.length, offset));
    },
    stream() {
      return sequentialStream(path);
    },
    async close() {
      if (descriptor !== null) closeSync(descriptor);
      descriptor = null;
      const opened = handle;
      handle = null;
      if (opened) await (await opened).close();
    },
  };
}

/** Bytes read at once by `stream()`. */
const STREAM_CHUNK_BYTES = 1 << 20;

/**
 * The file front to back in fresh 1 MiB buffers, handed on as they are. `Readable.toWeb` copies
 * every chunk (to detach it from Node's buffer pool, which these never come from), and that
 * copy's garbage showed up in the profile of every tar.gz extraction.
 */
function sequentialStream(path: string): ReadableStream<Uint8Array> {
  let handle: FileHandle | null = null;
  let position = 0;
  const release = async () => {
    const opened = handle;
    handle = null;
    await opened?.close();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        handle ??= await open(path, 'r');
        const buffer = new Uint8Array(STREAM_CHUNK_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        if (bytesRead === 0) {
          await release();
          controller.close();
          return;
        }
        position += bytesRead;
        controller.enqueue(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
      } catch (error) {
        await release().catch(() => undefined);
        throw error;
      }
    },
    cancel: release,
  });
}
