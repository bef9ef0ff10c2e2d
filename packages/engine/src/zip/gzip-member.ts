import type { ArchiveSource } from '../core/types.js';

/**
 * A zip entry's raw deflate data read as a gzip member (RFC 1952): a 10-byte header before it,
 * and after it a trailer holding the central directory's CRC-32 and size (mod 2^32). A gzip
 * decoder then checks both as it inflates, with its native CRC, instead of a second pass over
 * the output. The data itself is never copied.
 */
export interface GzipFrame {
  header: Uint8Array<ArrayBuffer>;
  trailer: Uint8Array<ArrayBuffer>;
}

export function gzipFrame(size: number, crc: number): GzipFrame {
  // Magic, deflate, no flags, no time, no extra flags, unknown OS.
  const header = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
  const trailer = new Uint8Array(8);
  const view = new DataView(trailer.buffer);
  view.setUint32(0, crc >>> 0, true);
  view.setUint32(4, size >>> 0, true);
  return { header, trailer };
}

/** An entry's deflate data in memory, framed: the pieces a decoder is fed in order. */
export function asGzipMember(data: Uint8Array, size: number, crc: number): Uint8Array[] {
  const { header, trailer } = gzipFrame(size, crc);
  return [header, data, trailer];
}

/** Bytes read at once by the member's `stream()`. */
const STREAM_READ_BYTES = 4 * 1024 * 1024;

/**
 * The `dataSize` bytes at `dataAt` of `source`, framed, as a source of their own. Where `source`
 * is a visitor's File, so is the member (`file`: the File's range between the two frame pieces,
 * which the browser joins by reference), which a worker of its own can then decode.
 */
export function gzipMemberSource(
  source: ArchiveSource,
  dataAt: number,
  dataSize: number,
  { header, trailer }: GzipFrame,
): ArchiveSource & { file?: File } {
  const size = header.length + dataSize + trailer.length;
  const dataEnd = header.length + dataSize;
  const read = async (offset: number, length: number): Promise<Uint8Array> => {
    const start = Math.max(0, Math.min(offset, size));
    const end = Math.min(size, start + Math.max(0, length));
    // Inside the data, as the decoder's reads almost always are: the source's own bytes.
    if (start >= header.length && end <= dataEnd) return source.read(dataAt + start - header.length, end - start);
    const out = new Uint8Array(end - start);
    if (start < header.length) out.set(header.subarray(start, Math.min(end, header.length)), 0);
    const fromData = Math.max(start, header.length);
    const toData = Math.min(end, dataEnd);
    if (toData > fromData) {
      const bytes = await source.read(dataAt + fromData - header.length, toData - fromData);
      if (bytes.length < toData - fromData) return out.subarray(0, fromData - start + bytes.length);
      out.set(bytes, fromData - start);
    }
    if (end > dataEnd) out.set(trailer.subarray(Math.max(0, start - dataEnd), end - dataEnd), Math.max(0, dataEnd - start));
    return out;
  };
  const archive = (source as { file?: unknown }).file;
  const file =
    archive instanceof Blob
      ? new File([header, archive.slice(dataAt, dataAt + dataSize), trailer], `${source.name}.gz`)
      : undefined;
  return {
    name: source.name,
    size,
    read,
    ...(file && { file }),
    // By the source's reads, not the member File's stream: a browser source's reads let the
    // worker's event loop run now and then, so that a terminated worker stops (host-browser/task-yield.ts).
    stream() {
      let at = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (at >= size) return controller.close();
          const bytes = await read(at, Math.min(STREAM_READ_BYTES, size - at));
          if (bytes.length === 0) return controller.error(new Error('The archive ended before the entry did.'));
          at += bytes.length;
          controller.enqueue(bytes);
        },
      });
    },
  };
}
