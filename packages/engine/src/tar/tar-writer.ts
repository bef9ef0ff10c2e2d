/**
 * Builds tar bytes block by block, including the unusual and broken forms the reader must handle:
 * for the tests, and for the browser worker's warm-up sample (host-browser/warm-up-samples.ts).
 */

const utf8 = new TextEncoder();

export interface HeaderFields {
  name: string;
  typeflag?: string;
  size?: number;
  linkName?: string;
  /** 'ustar' (POSIX, with prefix), 'gnu' ("ustar  \0"), 'v7' (no magic). */
  magic?: 'ustar' | 'gnu' | 'v7';
  prefix?: string;
  mtime?: number;
  /** Permission bits (0o644 by default). */
  mode?: number;
  /** Writes the size in GNU base-256 (needed above 8 GiB). */
  base256?: boolean;
  checksum?: 'unsigned' | 'signed' | 'bad';
  /** Changes the block before the checksum is computed. */
  edit?: (block: Uint8Array) => void;
}

export function bytesOf(data: string | Uint8Array): Uint8Array {
  return typeof data === 'string' ? utf8.encode(data) : data;
}

function put(block: Uint8Array, at: number, length: number, value: string | Uint8Array): void {
  block.set(bytesOf(value).subarray(0, length), at);
}

export function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

export function header(fields: HeaderFields): Uint8Array {
  const block = new Uint8Array(512);
  const size = fields.size ?? 0;
  put(block, 0, 100, fields.name);
  put(block, 100, 8, octal(fields.mode ?? 0o644, 8));
  put(block, 108, 8, octal(1000, 8));
  put(block, 116, 8, octal(1000, 8));
  if (fields.base256) {
    block[124] = 0x80;
    for (let i = 11, rest = size; i > 0; i -= 1, rest = Math.floor(rest / 256)) block[124 + i] = rest % 256;
  } else put(block, 124, 12, octal(size, 12));
  put(block, 136, 12, octal(fields.mtime ?? 1_700_000_000, 12));
  block[156] = (fields.typeflag ?? '0').charCodeAt(0);
  put(block, 157, 100, fields.linkName ?? '');
  const magic = fields.magic ?? 'ustar';
  if (magic === 'ustar') put(block, 257, 8, 'ustar\x0000');
  if (magic === 'gnu') put(block, 257, 8, 'ustar  \0');
  if (fields.prefix) put(block, 345, 155, fields.prefix);
  fields.edit?.(block);
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += fields.checksum === 'signed' && byte >= 0x80 ? byte - 256 : byte;
  put(block, 148, 8, octal(fields.checksum === 'bad' ? sum + 1 : sum, 7));
  return block;
}

/** Content padded to whole blocks. */
export function body(data: string | Uint8Array): Uint8Array {
  const bytes = bytesOf(data);
  const padded = new Uint8Array(Math.ceil(bytes.length / 512) * 512);
  padded.set(bytes);
  return padded;
}

/** A regular file: header and padded content. */
export function file(name: string, content: string | Uint8Array, fields: Partial<HeaderFields> = {}): Uint8Array {
  const data = bytesOf(content);
  return concat(header({ name, size: data.length, ...fields }), body(data));
}

/** An extended header ('x', 'g' or Solaris 'X') holding the records, in order. */
export function pax(records: [string, string][] | Record<string, string>, typeflag = 'x'): Uint8Array {
  const list = Array.isArray(records) ? records : Object.entries(records);
  const text = list.map(([key, value]) => paxRecord(key, value)).join('');
  return file('PaxHeaders/entry', text, { typeflag });
}

function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  const restBytes = utf8.encode(rest).length;
  let length = restBytes + 1;
  while (String(length).length + restBytes !== length) length += 1;
  return `${length}${rest}`;
}

/** A GNU long name ('L') or long link ('K') header before the entry it names. */
export function gnuLong(typeflag: 'L' | 'K', name: string): Uint8Array {
  return file('././@LongLink', `${name}\0`, { typeflag, magic: 'gnu' });
}

export function end(blocks = 2): Uint8Array {
  return new Uint8Array(512 * blocks);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The bytes as a stream of `chunk`-sized pieces, counting how many pieces were pulled. */
export function streamOf(bytes: Uint8Array, chunk = 1000): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let at = 0;
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        pulls += 1;
        controller.enqueue(bytes.slice(at, at + chunk));
        at += chunk;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulls };
}
