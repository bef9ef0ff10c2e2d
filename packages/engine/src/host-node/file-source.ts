import { open, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import type { ArchiveSource } from '../core/types.js';

/** An archive part on disk, read on demand: nothing is loaded into memory up front. */
export async function fileSource(path: string): Promise<ArchiveSource & { path: string }> {
  const { size } = await stat(path);
  return {
    path,
    name: basename(path),
    size,
    async read(offset, length) {
      const handle = await open(path, 'r');
      try {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
      } finally {
        await handle.close();
      }
    },
    stream() {
      return Readable.toWeb(createReadStream(path, { highWaterMark: 1 << 20 })) as ReadableStream<Uint8Array>;
    },
  };
}
