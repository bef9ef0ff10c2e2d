import type { ArchiveSource } from '../core/types.js';

const MARKER = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00];
const FILE_HEADER = 0x74;
const END_BLOCK = 0x7b;
const MAIN_HEADER = 0x73;
const LONG_BLOCK = 0x8000;
const LARGE_FILE = 0x100;
const UNICODE_NAME = 0x200;
const MAIN_ENCRYPTED_HEADERS = 0x80;
const HOST_UNIX = 3;
const S_IFMT = 0xf000;
const S_IFLNK = 0xa000;
/** A symlink-only scan of headers needs no more than this; bigger archives are scanned up to it. */
const MAX_HEADERS = 100_000;

/**
 * Names of the symbolic links in a RAR 2.9–4.x archive. 7-Zip writes such a link as a plain
 * file holding its target and its listing does not say it was a link, so the engine reads the
 * file headers itself (host OS Unix, mode S_IFLNK). Encrypted headers and RAR5 yield nothing.
 */
export async function rar4SymlinkNames(sources: readonly ArchiveSource[]): Promise<Set<string>> {
  const links = new Set<string>();
  const second = sources[1] ? await sources[1].read(0, MARKER.length) : null;
  const rawSplit = second !== null && !MARKER.every((b, i) => second[i] === b);
  // A file cut with `split` (x.rar.001, x_aa …) is one archive: its headers run across the cuts.
  // RAR volumes each have their own headers, and a link may sit in any of them.
  for (const source of rawSplit ? [concatenated(sources)] : sources) await scanVolume(source, links);
  return links;
}

function concatenated(sources: readonly ArchiveSource[]): ArchiveSource {
  const size = sources.reduce((sum, s) => sum + s.size, 0);
  return {
    name: sources[0]?.name ?? '',
    size,
    async read(offset, length) {
      const out = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      let filled = 0;
      let start = 0;
      for (const part of sources) {
        const from = offset + filled - start;
        if (filled < out.length && from >= 0 && from < part.size) {
          const piece = await part.read(from, Math.min(out.length - filled, part.size - from));
          out.set(piece, filled);
          filled += piece.length;
        }
        start += part.size;
      }
      return out.subarray(0, filled);
    },
    stream() {
      throw new Error('not streamed');
    },
  };
}

async function scanVolume(source: ArchiveSource, links: Set<string>): Promise<void> {
  const read = (offset: number, length: number) => source.read(offset, Math.max(0, Math.min(length, source.size - offset)));
  const marker = await read(0, MARKER.length);
  if (!MARKER.every((b, i) => marker[i] === b)) return;
  let offset = MARKER.length;
  for (let count = 0; count < MAX_HEADERS && offset + 7 <= source.size; count += 1) {
    const head = await read(offset, 32);
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    if (head.length < 7) break;
    const type = view.getUint8(2);
    const flags = view.getUint16(3, true);
    const headSize = view.getUint16(5, true);
    if (headSize < 7 || type === END_BLOCK) break;
    if (type === MAIN_HEADER && (flags & MAIN_ENCRYPTED_HEADERS) !== 0) break;
    let addSize = (flags & LONG_BLOCK) !== 0 && head.length >= 11 ? view.getUint32(7, true) : 0;
    if (type === FILE_HEADER && head.length >= 32) {
      const header = await read(offset, headSize);
      const link = symlinkName(header, flags);
      if (link !== null) links.add(link);
      if ((flags & LARGE_FILE) !== 0 && header.length >= 36)
        addSize += new DataView(header.buffer, header.byteOffset).getUint32(32, true) * 2 ** 32;
    }
    offset += headSize + addSize;
  }
}

function symlinkName(header: Uint8Array, flags: number): string | null {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const hostOs = view.getUint8(15);
  const nameSize = view.getUint16(26, true);
  const attributes = view.getUint32(28, true);
  if (hostOs !== HOST_UNIX || (attributes & S_IFMT) !== S_IFLNK) return null;
  const nameStart = (flags & LARGE_FILE) !== 0 ? 40 : 32;
  const raw = header.subarray(nameStart, nameStart + nameSize);
  return decodeRarName(raw, (flags & UNICODE_NAME) !== 0).replace(/\\/g, '/');
}

/** RAR 2.9+ stores a Unicode name after a NUL as a compact diff against the 8-bit name. */
export function decodeRarName(raw: Uint8Array, unicode: boolean): string {
  const nul = raw.indexOf(0);
  if (!unicode || nul < 0) return new TextDecoder().decode(nul < 0 ? raw : raw.subarray(0, nul));
  const name = raw.subarray(0, nul);
  const enc = raw.subarray(nul + 1);
  const out: number[] = [];
  const high = enc[0] ?? 0;
  let pos = 1;
  let flags = 0;
  let flagBits = 0;
  while (pos < enc.length) {
    if (flagBits === 0) {
      flags = enc[pos++] ?? 0;
      flagBits = 8;
    }
    switch (flags >> 6) {
      case 0:
        out.push(enc[pos++] ?? 0);
        break;
      case 1:
        out.push((enc[pos++] ?? 0) + (high << 8));
        break;
      case 2:
        out.push((enc[pos] ?? 0) + ((enc[pos + 1] ?? 0) << 8));
        pos += 2;
        break;
      default: {
        let length = enc[pos++] ?? 0;
        const corrected = (length & 0x80) !== 0;
        const correction = corrected ? (enc[pos++] ?? 0) : 0;
        for (length = (length & 0x7f) + 2; length > 0 && out.length < name.length; length -= 1) {
          const base = name[out.length] ?? 0;
          out.push(corrected ? ((base + correction) & 0xff) + (high << 8) : base);
        }
      }
    }
    flags = (flags << 2) & 0xff;
    flagBits -= 2;
  }
  return String.fromCharCode(...out);
}
