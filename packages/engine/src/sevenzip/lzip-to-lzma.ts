import { EngineError } from '../core/engine-error.js';
import type { ArchiveSource } from '../core/types.js';

const LZIP_MAGIC = [0x4c, 0x5a, 0x49, 0x50];
const HEADER_BYTES = 6;
const TRAILER_BYTES = 20;
/** lc=3, lp=0, pb=2: the only properties lzip uses, as one LZMA properties byte. */
const LZIP_PROPERTIES = 0x5d;

/**
 * 7-Zip has no lzip handler, but an lzip member is a plain LZMA stream with its own small
 * header and trailer: rewrapped as an .lzma ("LZMA-alone") file, 7-Zip decodes it. Returns one
 * .lzma image per member (their outputs concatenated are the file). The archive is read whole.
 */
export async function lzipMembersAsLzma(source: ArchiveSource): Promise<Uint8Array[]> {
  const whole = await source.read(0, source.size);
  const members: Uint8Array[] = [];
  let rest = whole;
  while (rest.length > 0) {
    const view = new DataView(rest.buffer, rest.byteOffset, rest.byteLength);
    const size = firstMemberSize(view, rest.length);
    members.push(memberAsLzma(rest.subarray(0, size)));
    rest = rest.subarray(size);
    // Trailing bytes that are not another member are ignored, as lzip -d does.
    if (rest.length < HEADER_BYTES + TRAILER_BYTES || !LZIP_MAGIC.every((b, i) => rest[i] === b)) break;
  }
  return members;
}

function memberAsLzma(member: Uint8Array): Uint8Array {
  if (member.length < HEADER_BYTES + TRAILER_BYTES || !LZIP_MAGIC.every((b, i) => member[i] === b) || member[4] !== 1) {
    throw new EngineError('CORRUPT_ARCHIVE', 'This lzip file is damaged or of an unknown version.');
  }
  const coded = member[5] ?? 0;
  const base = 2 ** (coded & 0x1f);
  // lzip allows sizes between powers of two; 7-Zip only recognises .lzma files whose dictionary
  // is 2^n or 3·2^(n-1). A larger dictionary than the encoder's never hurts decoding.
  const dictionarySize = base;
  const stream = member.subarray(HEADER_BYTES, member.length - TRAILER_BYTES);
  const alone = new Uint8Array(13 + stream.length);
  const out = new DataView(alone.buffer);
  alone[0] = LZIP_PROPERTIES;
  out.setUint32(1, dictionarySize, true);
  // Size unknown (all ones): lzip streams end with an end marker, which a known size forbids.
  out.setBigUint64(5, 0xffffffffffffffffn, true);
  alone.set(stream, 13);
  return alone;
}

/** Where the first member ends: at the end, or where its trailer's own size says, before the next "LZIP". */
function firstMemberSize(view: DataView, length: number): number {
  const lastMemberSize = Number(view.getBigUint64(length - 8, true));
  if (lastMemberSize === length) return length;
  for (let end = HEADER_BYTES + TRAILER_BYTES; end <= length; end += 1) {
    if (
      end + 4 <= length &&
      LZIP_MAGIC.every((b, i) => view.getUint8(end + i) === b) &&
      Number(view.getBigUint64(end - 8, true)) === end
    ) {
      return end;
    }
  }
  return length;
}
