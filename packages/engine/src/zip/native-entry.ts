import type { Entry } from '@zip.js/zip.js';
import { EngineError } from '../core/engine-error.js';
import { decodedLength, type Decoded, type NativeCodec } from '../core/native-codec.js';
import type { ArchiveSource } from '../core/types.js';
import { incompleteEntry, verifyLocalHeader } from './local-header.js';

/** Entries up to this size (packed and unpacked) are decoded in one call with the host's codec. */
export const NATIVE_ENTRY_MAX_BYTES = 16 * 1024 * 1024;
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

export interface NativelyDecoded {
  /** The entry's bytes, maybe in pieces. */
  data: Decoded;
  /** Where a stored entry's bytes lie in the source (they are `data`); null for a deflated one. */
  storedAt: number | null;
}

/**
 * Decodes one entry with the host's native codec: reads the local header to find the data,
 * inflates it in one call capped at the declared size (a lying size cannot inflate past it),
 * and checks the CRC-32. Returns the bytes; the caller counts and writes them.
 */
export async function decodeNatively(
  source: ArchiveSource,
  entry: Entry,
  codec: NativeCodec,
  name: string,
): Promise<NativelyDecoded> {
  // One read for header and data in the usual case: hosts pay per read (a File slice, a syscall).
  const guess = await source.read(entry.offset, LOCAL_HEADER_ALLOWANCE + entry.compressedSize);
  const headerLength = await verifyLocalHeader(source, entry, name, 'all', guess);
  const packed =
    headerLength + entry.compressedSize <= guess.length
      ? guess.subarray(headerLength, headerLength + entry.compressedSize)
      : await source.read(entry.offset + headerLength, entry.compressedSize);
  if (packed.length !== entry.compressedSize) {
    throw incompleteEntry(name);
  }
  const crc = (entry.signature ?? 0) >>> 0;
  const deflated = entry.compressionMethod === METHOD_DEFLATE;
  let data: Decoded;
  try {
    // Checked by the decoder itself, when it can: else inflated, then checked below.
    const checked = deflated ? await codec.inflateRawChecked?.(packed, entry.uncompressedSize, crc) : null;
    if (checked) return { data: checked, storedAt: null };
    data = deflated ? await codec.inflateRaw(packed, entry.uncompressedSize) : packed;
  } catch (error) {
    throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: String(error) });
  } finally {
    // Inflated (or failed), the packed bytes are read no more; a stored entry's are its data.
    if (deflated) {
      source.release?.(guess);
      if (packed.buffer !== guess.buffer) source.release?.(packed);
    }
  }
  if (decodedLength(data) !== entry.uncompressedSize || codec.crc32(data) >>> 0 !== crc) {
    throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'size or CRC-32 mismatch' });
  }
  return { data, storedAt: deflated ? null : entry.offset + headerLength };
}
