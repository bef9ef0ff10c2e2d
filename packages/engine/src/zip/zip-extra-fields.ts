import { crc32 } from 'hash-wasm';

/** Info-ZIP Unicode Path extra field: a UTF-8 name that replaces the stored 8-bit one. */
const UNICODE_PATH_ID = 0x7075;
const UNICODE_PATH_VERSION = 1;

export const MALFORMED_EXTRA_FIELD = "The archive is damaged: an entry's extra field is malformed.";

export interface ExtraBlock {
  id: number;
  data: Uint8Array;
}

/**
 * The blocks of an extra field (id, size, data…). A block that claims more bytes than the field
 * holds makes the whole field unreadable: the answer is null. Up to three bytes left over are
 * tolerated, since zipalign pads local headers with zero bytes that are no block at all.
 */
export function extraBlocks(extra: Uint8Array): ExtraBlock[] | null {
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  const blocks: ExtraBlock[] = [];
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (at + 4 + size > extra.length) return null;
    blocks.push({ id, data: extra.subarray(at + 4, at + 4 + size) });
    at += 4 + size;
  }
  return blocks;
}

/**
 * The Unicode Paths that apply to this very stored name: its CRC-32 says so. A stale one, left by
 * a tool that renamed the entry, is ignored as the specification asks. All are returned, so that
 * two that disagree can be noticed.
 */
export async function unicodePaths(rawName: Uint8Array, blocks: readonly ExtraBlock[]): Promise<Uint8Array[]> {
  const candidates = blocks.filter(
    (block) => block.id === UNICODE_PATH_ID && block.data.length >= 5 && block.data[0] === UNICODE_PATH_VERSION,
  );
  if (candidates.length === 0) return [];
  const nameCrc = Number.parseInt(await crc32(rawName), 16) >>> 0;
  return candidates
    .filter((block) => new DataView(block.data.buffer, block.data.byteOffset + 1, 4).getUint32(0, true) === nameCrc)
    .map((block) => block.data.subarray(5));
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
