/**
 * In-memory test doubles for the engine's unit tests: one OutputSink and one set of ArchiveSources,
 * shared so every backend's tests hold the sink to the same rules (no path written twice, no
 * folder over a file) instead of each test file keeping its own, slowly diverging, copy.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { OutputSink } from '../core/output-sink.js';
import type { ArchiveSource } from '../core/types.js';

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export interface MemorySinkOptions {
  /** Offer `writeBytes`, as real hosts do; without it a backend must stream every file. */
  writeBytes?: boolean;
}

/** Keeps every file's bytes; refuses a path written twice and a folder made over a file. */
export class MemorySink implements OutputSink {
  readonly files = new Map<string, Uint8Array>();
  readonly dirs = new Set<string>();
  /** One `stream <path>` or `bytes <path>` per write, in call order. */
  readonly calls: string[] = [];
  discards = 0;
  /** A write of this path fails, as on a full disk. */
  failOn: string | null = null;
  writeBytes?: (path: string, data: Uint8Array | readonly Uint8Array[]) => Promise<void>;

  constructor(options: MemorySinkOptions = {}) {
    if (options.writeBytes) {
      this.writeBytes = (path, data) =>
        this.store('bytes', path, async () => (data instanceof Uint8Array ? data.slice() : new Uint8Array(Buffer.concat(data))));
    }
  }

  writeFile(path: string, data: ReadableStream<Uint8Array>): Promise<void> {
    return this.store('stream', path, async () => new Uint8Array(await new Response(data).arrayBuffer()));
  }
  async makeDirectory(path: string): Promise<void> {
    if (this.files.has(path)) throw new Error(`${path} is a file`);
    this.dirs.add(path);
  }
  async discard(): Promise<void> {
    this.discards += 1;
    this.files.clear();
    this.dirs.clear();
  }
  /** The sha256 of the file written at `path`, `undefined` when there is none. */
  sha256(path: string): string | undefined {
    const bytes = this.files.get(path);
    return bytes && sha256(bytes);
  }

  private async store(kind: 'stream' | 'bytes', path: string, read: () => Promise<Uint8Array>): Promise<void> {
    this.calls.push(`${kind} ${path}`);
    if (path === this.failOn) throw new Error('disk full');
    if (this.files.has(path) || this.dirs.has(path)) throw new Error(`${path} written twice`);
    // Claimed at once, so a second write of the path fails even while this one is still reading.
    this.files.set(path, new Uint8Array());
    try {
      this.files.set(path, await read());
    } catch (error) {
      this.files.delete(path);
      throw error;
    }
  }
}

/** A source that counts the bytes `read` returned (a listing should not read the whole archive). */
export type CountingSource = ArchiveSource & { bytesRead: number };

/**
 * `bytes` as an archive. `chunk` cuts `stream()` into pieces of that size, so that headers and
 * boundaries fall anywhere; without it the stream is a Blob's.
 */
export function memorySource(bytes: Uint8Array, name = 'archive', chunk?: number): CountingSource {
  const source: CountingSource = {
    name,
    size: bytes.length,
    bytesRead: 0,
    read: async (offset, length) => {
      const slice = bytes.slice(offset, offset + length);
      source.bytesRead += slice.length;
      return slice;
    },
    stream: () => (chunk === undefined ? new Blob([bytes.slice()]).stream() : chunkedStream(bytes, chunk)),
  };
  return source;
}

function chunkedStream(bytes: Uint8Array, chunk: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

/** A file on disk (a corpus case), read where asked and streamed with node:fs. */
export async function fileSource(path: string): Promise<ArchiveSource> {
  const { size } = await stat(path);
  return {
    name: path.slice(path.lastIndexOf('/') + 1),
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
    stream: () => Readable.toWeb(createReadStream(path, { highWaterMark: 1 << 20 })) as ReadableStream<Uint8Array>,
  };
}
