import { createTarDecoder, type ParsedTarEntry, type TarHeader } from 'modern-tar';
import { detectFormat } from '../core/detect.js';
import type { ArchiveSource, EntryType } from '../core/types.js';
import { gunzip, type GzipInfo } from './gzip-reader.js';

const BLOCK = 512;

/**
 * The entries of a .tar.gz, one after the other: gzip-reader decodes, modern-tar parses (GNU long
 * names, PAX headers, ustar prefixes, base-256 numbers). Each entry's body must be read to its
 * end or cancelled before the next one comes.
 */
export class TarGzStream {
  private constructor(
    private readonly entries: ReadableStreamDefaultReader<ParsedTarEntry>,
    private readonly piping: AbortController,
    private readonly counter: { bytes: number },
    readonly gzip: GzipInfo,
  ) {}

  /**
   * Decodes the first 512 bytes and opens the stream if they are a tar header; otherwise (not a
   * tar, or gzip fails at once) returns why, having read nothing more.
   */
  static async open(source: ArchiveSource): Promise<TarGzStream | { notTar: string; cause?: unknown }> {
    const { stream, info } = gunzip(source);
    const reader = stream.getReader();
    const head: Uint8Array[] = [];
    let headBytes = 0;
    try {
      while (headBytes < BLOCK) {
        const { done, value } = await reader.read();
        if (done) break;
        head.push(value);
        headBytes += value.length;
      }
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      return { notTar: `gzip failed at the start (${describe(error)})`, cause: error };
    }
    if (headBytes < BLOCK || !looksLikeTar(concat(head, BLOCK))) {
      await reader.cancel().catch(() => undefined);
      return { notTar: headBytes < BLOCK ? `the content is only ${headBytes} bytes` : 'the content is not a tar archive' };
    }
    const counter = { bytes: 0 };
    const tarBytes = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const first = head.shift();
          const { done, value } = first ? { done: false, value: first } : await reader.read();
          if (done) {
            controller.close();
            return;
          }
          counter.bytes += value.length;
          controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 },
    );
    const tar = createTarDecoder();
    const piping = new AbortController();
    // Failures reach the entries reader (and the body being read): the pipe's own result is moot.
    tarBytes.pipeTo(tar.writable, { signal: piping.signal }).catch(() => undefined);
    return new TarGzStream(tar.readable.getReader(), piping, counter, info);
  }

  /** Decoded (tar) bytes read so far. */
  get decodedBytes(): number {
    return this.counter.bytes;
  }

  /** The next entry, or null at the end of the archive (gzip fully checked by then). */
  async next(): Promise<ParsedTarEntry | null> {
    const { done, value } = await this.entries.read();
    return done ? null : value;
  }

  async cancel(reason?: unknown): Promise<void> {
    this.piping.abort(reason);
    await this.entries.cancel(reason).catch(() => undefined);
  }
}

export type EntryKind = EntryType | 'other';

/** Devices and FIFOs are 'other': never created. Hard links are reported like symbolic links. */
export function kindOf(header: TarHeader): EntryKind {
  switch (header.type ?? 'file') {
    case 'file':
      return 'file';
    case 'directory':
      return 'dir';
    case 'symlink':
    case 'link':
      return 'symlink';
    default:
      return 'other';
  }
}

/** GNU sparse files in PAX form (0.0, 0.1, 1.0): the stored bytes are not the file's content. */
export function sparseInfo(header: TarHeader): { name: string; size: number | null } | null {
  const pax = header.pax;
  if (!pax || !Object.keys(pax).some((key) => key.startsWith('GNU.sparse.'))) return null;
  const size = Number(pax['GNU.sparse.realsize'] ?? pax['GNU.sparse.size'] ?? Number.NaN);
  return { name: pax['GNU.sparse.name'] ?? header.name, size: Number.isSafeInteger(size) ? size : null };
}

/** A stream over `body` that counts what passes and remembers a failure of the body itself. */
export function watchBody(body: ReadableStream<Uint8Array>): {
  stream: ReadableStream<Uint8Array>;
  bytes: () => number;
  failure: () => unknown;
} {
  const reader = body.getReader();
  let bytes = 0;
  let failure: unknown;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await reader.read();
        } catch (error) {
          failure ??= error ?? new Error('The entry could not be read.');
          throw error;
        }
        if (result.done) {
          controller.close();
          return;
        }
        bytes += result.value.length;
        controller.enqueue(result.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return { stream, bytes: () => bytes, failure: () => failure };
}

/** Reads a body to its end, returning its length (a short one means the archive was cut). */
export async function drainBody(body: ReadableStream<Uint8Array>): Promise<number> {
  let bytes = 0;
  const reader = body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
  return bytes;
}

function looksLikeTar(head: Uint8Array): boolean {
  const ustar = [0x75, 0x73, 0x74, 0x61, 0x72].every((byte, i) => head[257 + i] === byte);
  return ustar || detectFormat(head) === 'tar';
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= length) break;
    const part = chunk.subarray(0, length - offset);
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
