import { closeSync, openSync, readSync } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ArchiveSource } from '../core/types.js';
import { SlabPool } from './slab-pool.js';

/** Reads from this size on use pooled memory; smaller ones (headers) are not worth a slab. */
const POOLED_READ_BYTES = 64 * 1024;
/** Free read slabs kept: a few entries' packed data are in flight at once (zip-backend.ts). */
const KEEP_READ_SLAB_BYTES = 32 * 1024 * 1024;

export interface FileSource extends ArchiveSource {
  readonly path: string;
  close(): Promise<void>;
}

/**
 * An archive part on disk, read on demand through one file handle (zip reads a header and a
 * data range per entry: opening the file each time would cost more than the reads).
 */
export async function fileSource(path: string): Promise<FileSource> {
  const { size } = await stat(path);
  const slabs = new SlabPool(KEEP_READ_SLAB_BYTES);
  let handle: Promise<FileHandle> | null = null;
  let descriptor: number | null = null;
  return {
    path,
    name: basename(path),
    size,
    async read(offset, length) {
      handle ??= open(path, 'r');
      const wanted = Math.max(0, Math.min(length, size - offset));
      // Large reads (an entry's packed data) come from slabs given back by `release`.
      const buffer = wanted >= POOLED_READ_BYTES ? slabs.take(wanted) : Buffer.allocUnsafe(wanted);
      const { bytesRead } = await (await handle).read(buffer, 0, wanted, offset);
      return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
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
