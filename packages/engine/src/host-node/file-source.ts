import { createReadStream } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
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
      return Readable.toWeb(createReadStream(path, { highWaterMark: 1 << 20 })) as ReadableStream<Uint8Array>;
    },
    async close() {
      const opened = handle;
      handle = null;
      if (opened) await (await opened).close();
    },
  };
}
