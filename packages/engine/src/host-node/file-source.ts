import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ArchiveSource } from '../core/types.js';

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
  let handle: Promise<FileHandle> | null = null;
  return {
    path,
    name: basename(path),
    size,
    async read(offset, length) {
      handle ??= open(path, 'r');
      const buffer = Buffer.allocUnsafe(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await (await handle).read(buffer, 0, buffer.length, offset);
      return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
    },
    stream() {
      return sequentialStream(path);
    },
    async close() {
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
