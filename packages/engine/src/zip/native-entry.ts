import type { Entry } from '@zip.js/zip.js';
import { EngineError } from '../core/engine-error.js';
import type { NativeCodec } from '../core/native-codec.js';
import type { ArchiveSource } from '../core/types.js';

/** Entries up to this size (packed and unpacked) are decoded in one call with the host's codec. */
export const NATIVE_ENTRY_MAX_BYTES = 16 * 1024 * 1024;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
/** Room read ahead for the local header's name and extra field (usually far less). */
const LOCAL_HEADER_ALLOWANCE = 1024;
const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;

/** Whether the host's codec can take this entry: plain stored or deflated data of modest size. */
export function suitsNativeCodec(entry: Entry): boolean {
  return (
    !entry.encrypted &&
    entry.signature !== undefined &&
    (entry.compressionMethod === METHOD_STORE || entry.compressionMethod === METHOD_DEFLATE) &&
    entry.compressedSize <= NATIVE_ENTRY_MAX_BYTES &&
    entry.uncompressedSize <= NATIVE_ENTRY_MAX_BYTES
  );
}

/**
 * Decodes one entry with the host's native codec: reads the local header to find the data,
 * inflates it in one call capped at the declared size (a lying size cannot inflate past it),
 * and checks the CRC-32. Returns the bytes; the caller counts them and writes them.
 */
export async function decodeNatively(source: ArchiveSource, entry: Entry, codec: NativeCodec, name: string): Promise<Uint8Array> {
  // One read for header and data in the usual case: hosts pay per read (a File slice, a syscall).
  const guess = await source.read(entry.offset, LOCAL_HEADER_ALLOWANCE + entry.compressedSize);
  const view = new DataView(guess.buffer, guess.byteOffset, guess.byteLength);
  if (guess.length < 30 || view.getUint32(0, true) !== LOCAL_HEADER_SIGNATURE) {
    throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'local header' });
  }
  checkLocalHeader(view, guess, entry, name);
  const headerLength = 30 + view.getUint16(26, true) + view.getUint16(28, true);
  const packed =
    headerLength + entry.compressedSize <= guess.length
      ? guess.subarray(headerLength, headerLength + entry.compressedSize)
      : await source.read(entry.offset + headerLength, entry.compressedSize);
  if (packed.length !== entry.compressedSize) {
    throw new EngineError('CORRUPT_ARCHIVE', 'The archive is incomplete (it ends too early).', {
      entry: name,
      kind: 'truncated',
    });
  }
  let data: Uint8Array;
  try {
    data = entry.compressionMethod === METHOD_DEFLATE ? codec.inflateRaw(packed, entry.uncompressedSize) : packed;
  } catch (error) {
    throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: String(error) });
  }
  if (data.length !== entry.uncompressedSize || codec.crc32(data) >>> 0 !== (entry.signature ?? 0) >>> 0) {
    throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'size or CRC-32 mismatch' });
  }
  return data;
}

const FLAG_DATA_DESCRIPTOR = 0x08;
const ZIP64_MARKER = 0xffffffff;

/**
 * The local header must tell the same story as the central directory about the data: readers
 * that trust one or the other (streaming unzippers, antivirus scanners) would otherwise see
 * different content, a known way to smuggle it. Sizes and CRC may be deferred to a data
 * descriptor or to Zip64. Names must match too, unless the central record carries an Info-ZIP
 * Unicode path (then writers legitimately store a different 8-bit name locally).
 */
function checkLocalHeader(view: DataView, bytes: Uint8Array, entry: Entry, name: string): void {
  const flags = view.getUint16(6, true);
  const localName = bytes.subarray(30, 30 + view.getUint16(26, true));
  const sameName = localName.length === entry.rawFilename.length && localName.every((b, i) => b === entry.rawFilename[i]);
  let problem: string | null = null;
  if (view.getUint16(8, true) !== entry.compressionMethod) problem = 'compression method';
  else if (!sameName && !entry.extraFieldUnicodePath) problem = 'name';
  else if ((flags & FLAG_DATA_DESCRIPTOR) === 0) {
    const crc = view.getUint32(14, true);
    const packed = view.getUint32(18, true);
    const size = view.getUint32(22, true);
    const blank = crc === 0 && packed === 0 && size === 0;
    const sizeAgrees = (stored: number, actual: number) => stored === actual || stored === ZIP64_MARKER;
    if (
      !blank &&
      (crc >>> 0 !== (entry.signature ?? 0) >>> 0 ||
        !sizeAgrees(packed, entry.compressedSize) ||
        !sizeAgrees(size, entry.uncompressedSize))
    ) {
      problem = 'CRC or sizes';
    }
  }
  if (problem !== null) {
    throw new EngineError('CORRUPT_ARCHIVE', 'The archive is inconsistent: an entry is described two different ways.', {
      entry: name,
      problem: `local header disagrees with the central directory (${problem})`,
    });
  }
}
