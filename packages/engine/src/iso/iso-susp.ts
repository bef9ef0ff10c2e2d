import { corrupt, u32le, type IsoImage } from './iso-image.js';

/** What the Rock Ridge entries of one directory record say. */
export interface RockRidge {
  /** NM: the real name (pieces joined). */
  name: string | null;
  /** PX: the POSIX mode. */
  mode: number | null;
  /** SL: the link target (pieces joined). */
  symlink: string | null;
  /** CL: this record stands for a directory relocated to this block. */
  childLink: number | null;
  /** RE: this directory was relocated here; it is listed where its CL record is. */
  relocated: boolean;
  /** ZF: the content is zisofs-compressed. */
  zisofs: { blockLog2: number; size: number } | null;
}

/** Continuation areas one record may chain; real images need one or two. */
const MAX_CONTINUATIONS = 32;
/** Bytes of names and targets one record may gather; beyond any file system's limits. */
const MAX_TEXT_BYTES = 64 * 1024;
const utf8 = new TextDecoder('utf-8');

/** Finds the SP entry of the root's "." record: the sign that the image has SUSP (and Rock Ridge). */
export function suspSkip(systemUse: Uint8Array): number | null {
  const isSp =
    systemUse[0] === 0x53 && systemUse[1] === 0x50 && (systemUse[2] ?? 0) >= 7 && systemUse[4] === 0xbe && systemUse[5] === 0xef;
  return isSp ? (systemUse[6] ?? 0) : null;
}

/**
 * Reads the SUSP entries of a record, following CE continuation areas. A continuation seen
 * twice (a loop) or too many of them is damage; so is one outside the image.
 */
export async function readRockRidge(image: IsoImage, systemUse: Uint8Array, skip: number): Promise<RockRidge> {
  const result: RockRidge = { name: null, mode: null, symlink: null, childLink: null, relocated: false, zisofs: null };
  const name: Uint8Array[] = [];
  const link = new LinkBuilder();
  const seen = new Set<string>();
  let area: Uint8Array | null = systemUse.subarray(Math.min(skip, systemUse.length));
  let textBytes = 0;
  while (area) {
    let next: Uint8Array | null = null;
    let at = 0;
    while (at + 4 <= area.length) {
      const signature = String.fromCharCode(area[at] ?? 0, area[at + 1] ?? 0);
      const length = area[at + 2] ?? 0;
      if (length < 4 || at + length > area.length) break; // padding or a broken entry: the area ends
      const entry = area.subarray(at, at + length);
      at += length;
      if (signature === 'ST') break;
      if (signature === 'CE' && length >= 28) {
        const key = `${u32le(entry, 4)}:${u32le(entry, 12)}`;
        if (seen.has(key) || seen.size >= MAX_CONTINUATIONS) throw corrupt('SUSP continuation areas loop');
        seen.add(key);
        next = await continuation(image, u32le(entry, 4), u32le(entry, 12), u32le(entry, 20));
      } else if (signature === 'NM' && length >= 5) {
        // Flags: 2 = ".", 4 = "..": never a real name; otherwise the piece is part of the name.
        if (((entry[4] ?? 0) & 0x06) === 0) name.push(entry.subarray(5));
        textBytes += length;
      } else if (signature === 'PX' && length >= 12) {
        result.mode = u32le(entry, 4);
      } else if (signature === 'SL' && length >= 5) {
        link.add(entry);
        textBytes += length;
      } else if (signature === 'CL' && length >= 12) {
        result.childLink = u32le(entry, 4);
      } else if (signature === 'RE') {
        result.relocated = true;
      } else if (signature === 'ZF' && length >= 16) {
        if (entry[4] === 0x70 && entry[5] === 0x7a) result.zisofs = { blockLog2: entry[7] ?? 0, size: u32le(entry, 8) };
      }
      if (textBytes > MAX_TEXT_BYTES) throw corrupt('Rock Ridge names are implausibly long');
    }
    area = next;
  }
  if (name.length > 0) result.name = utf8.decode(concat(name));
  result.symlink = link.target();
  return result;
}

async function continuation(image: IsoImage, lba: number, offset: number, length: number): Promise<Uint8Array> {
  if (offset + length > image.blockSize) throw corrupt('a SUSP continuation area crosses its block');
  const block = await image.block(lba, 'SUSP continuation area');
  return block.subarray(offset, offset + length);
}

/**
 * Joins SL components into a target. Component flags: 1 continues in the next component
 * (no separator), 2 is ".", 4 is "..", 8 is the root "/". A component (or SL entry) may split
 * a name; the separator is held until the next component tells whether it is needed.
 */
class LinkBuilder {
  private readonly parts: string[] = [];
  private separator = '';
  private any = false;

  add(entry: Uint8Array): void {
    this.any = true;
    let at = 5;
    while (at + 2 <= entry.length) {
      const flags = entry[at] ?? 0;
      const length = entry[at + 1] ?? 0;
      const content = entry.subarray(at + 2, Math.min(entry.length, at + 2 + length));
      at += 2 + length;
      this.parts.push(this.separator);
      this.separator = '/';
      if (flags & 0x08) {
        this.parts.push('/');
        this.separator = '';
      } else if (flags & 0x02) this.parts.push('.');
      else if (flags & 0x04) this.parts.push('..');
      else {
        this.parts.push(utf8.decode(content));
        // An empty component is a separator of its own ("/tmp/" ends with one): no second one follows it.
        if (flags & 0x01 || content.length === 0) this.separator = '';
      }
    }
  }

  target(): string | null {
    return this.any ? this.parts.join('') : null;
  }
}

function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
