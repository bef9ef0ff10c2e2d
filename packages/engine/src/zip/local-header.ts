import { EngineError } from '../core/engine-error.js';
import type { ArchiveSource } from '../core/types.js';
import { AES_EXTRA_FIELD } from './aes-entry.js';
import { extraBlocks, MALFORMED_EXTRA_FIELD, sameBytes, unicodePaths, type ExtraBlock } from './zip-extra-fields.js';
import { FLAG_DATA_DESCRIPTOR, METHOD_AES } from './zip-codes.js';
import type { CentralRecord } from './central-record.js';

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_FIXED_BYTES = 30;
/**
 * Flags that change how an entry is read (encrypted, data descriptor, strong encryption, UTF-8
 * name): the two headers must agree on them, as zip.js requires on the entries it reads itself.
 */
const FLAGS_THAT_MATTER = 0x0001 | FLAG_DATA_DESCRIPTOR | 0x0040 | 0x0800;
const ZIP64_MARKER = 0xffffffff;

/**
 * What to compare: everything (the host-codec path reads the data itself), or only what zip.js
 * does not check when it reads an entry (its own comparison of method, CRC and sizes knows AES).
 */
export type LocalHeaderScope = 'all' | 'names and extra fields';

/** The archive ends inside the entry `name`. */
export function incompleteEntry(name: string): EngineError {
  return new EngineError('CORRUPT_ARCHIVE', 'The archive is incomplete (it ends too early).', { entry: name, kind: 'truncated' });
}

/**
 * Where the data of an entry the engine reads itself starts: its whole local header checked
 * against the central directory, and its packed bytes within the archive.
 */
export async function entryDataAt(source: ArchiveSource, entry: CentralRecord, name: string): Promise<number> {
  const dataAt = entry.offset + (await verifyLocalHeader(source, entry, name, 'all'));
  if (dataAt + entry.compressedSize > source.size) throw incompleteEntry(name);
  return dataAt;
}

/**
 * Reads an entry's local header (when `head` does not already hold all of it), checks it against
 * the central directory, and returns its length: the entry's data starts that far after its offset.
 */
export async function verifyLocalHeader(
  source: ArchiveSource,
  entry: CentralRecord,
  name: string,
  scope: LocalHeaderScope,
  head?: Uint8Array,
): Promise<number> {
  let bytes = head ?? (await source.read(entry.offset, LOCAL_HEADER_FIXED_BYTES));
  if (bytes.length < LOCAL_HEADER_FIXED_BYTES || readView(bytes).getUint32(0, true) !== LOCAL_HEADER_SIGNATURE) {
    // zip.js reports a missing header itself, in a way that hands the archive to 7-Zip.
    if (scope !== 'all') return 0;
    throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'local header' });
  }
  const extraLength = readView(bytes).getUint16(28, true);
  const length = LOCAL_HEADER_FIXED_BYTES + readView(bytes).getUint16(26, true) + extraLength;
  if (bytes.length < length) bytes = await source.read(entry.offset, length);
  if (bytes.length < length) {
    throw incompleteEntry(name);
  }
  const blocks = extraBlocks(bytes.subarray(length - extraLength, length));
  if (blocks === null) {
    throw new EngineError('CORRUPT_ARCHIVE', MALFORMED_EXTRA_FIELD, {
      entry: name,
      problem: 'local extra field block runs past its end',
    });
  }
  const problem =
    (await nameDisagreement(bytes, blocks, entry, name)) ?? (scope === 'all' ? dataDisagreement(bytes, blocks, entry) : null);
  if (problem !== null) {
    throw new EngineError('CORRUPT_ARCHIVE', 'The archive is inconsistent: an entry is described two different ways.', {
      entry: name,
      problem: `local header disagrees with the central directory (${problem})`,
    });
  }
  return length;
}

/**
 * The local header must tell the same story as the central directory: readers that trust one or
 * the other (streaming unzippers, antivirus scanners) would otherwise see different content or
 * names, a known way to smuggle files. The stored names may differ when the central record
 * carries a Unicode Path (writers then store an 8-bit approximation locally), but a Unicode Path
 * in the local header must name the same file.
 */
async function nameDisagreement(
  bytes: Uint8Array,
  localBlocks: readonly ExtraBlock[],
  entry: CentralRecord,
  centralName: string,
): Promise<string | null> {
  const localName = bytes.subarray(LOCAL_HEADER_FIXED_BYTES, LOCAL_HEADER_FIXED_BYTES + readView(bytes).getUint16(26, true));
  const localPaths = await unicodePaths(localName, localBlocks);
  if (localPaths.length > 0) {
    // Against the name as the engine decoded it: the central name may be in a legacy code page.
    const decoder = new TextDecoder();
    return localPaths.every((path) => decoder.decode(path) === centralName) ? null : 'Unicode name';
  }
  return sameBytes(localName, entry.rawFilename) || entry.extraFieldUnicodePath ? null : 'name';
}

/**
 * The same for the data: method, flags, CRC and sizes (which a data descriptor or Zip64 may
 * defer), and a WinZip AES entry's extra field (strength and real method).
 */
function dataDisagreement(bytes: Uint8Array, localBlocks: readonly ExtraBlock[], entry: CentralRecord): string | null {
  const view = readView(bytes);
  const aes = entry.extraFieldAES;
  if (view.getUint16(8, true) !== (aes ? METHOD_AES : entry.compressionMethod)) return 'compression method';
  if (aes && !localBlocks.some((block) => block.id === AES_EXTRA_FIELD && sameBytes(block.data, aes.data))) return 'AES field';
  if ((view.getUint16(6, true) & FLAGS_THAT_MATTER) !== ((entry.rawBitFlag ?? 0) & FLAGS_THAT_MATTER)) return 'flags';
  if ((view.getUint16(6, true) & FLAG_DATA_DESCRIPTOR) !== 0) return null;
  const crc = view.getUint32(14, true);
  const packed = view.getUint32(18, true);
  const size = view.getUint32(22, true);
  const blank = crc === 0 && packed === 0 && size === 0;
  const sizeAgrees = (stored: number, actual: number) => stored === actual || stored === ZIP64_MARKER;
  const agrees =
    crc >>> 0 === (entry.signature ?? 0) >>> 0 &&
    sizeAgrees(packed, entry.compressedSize) &&
    sizeAgrees(size, entry.uncompressedSize);
  return blank || agrees ? null : 'CRC or sizes';
}

function readView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
