import { EngineError } from '../core/engine-error.js';
import { decodedLength, type Decoded, type NativeCodec } from '../core/native-codec.js';
import type { ArchiveSource } from '../core/types.js';
import { decryptWinZipAes, winZipAesOf } from './aes-entry.js';
import { incompleteEntry, verifyLocalHeader } from './local-header.js';
import { decryptZipCrypto, isZipCrypto } from './zip-crypto.js';
import { METHOD_DEFLATE, METHOD_STORE } from './zip-codes.js';
import type { CentralRecord } from './central-record.js';

/** Entries up to this size (packed and unpacked) are decoded in one call with the host's codec. */
export const NATIVE_ENTRY_MAX_BYTES = 16 * 1024 * 1024;
/** Room read ahead for the local header's name and extra field (usually far less). */
const LOCAL_HEADER_ALLOWANCE = 1024;

/**
 * Whether the host's codec can take this entry: stored or deflated data of modest size, plain,
 * encrypted with ZipCrypto, or with WinZip AES where the host has its own cryptography; the
 * encrypted ones where a password was given.
 */
export function suitsNativeCodec(entry: CentralRecord, codec: NativeCodec, password: string | undefined): boolean {
  const aes = winZipAesOf(entry) !== null && codec.crypto !== undefined;
  const readable = entry.encrypted
    ? password !== undefined && (aes || (isZipCrypto(entry) && entry.signature !== undefined))
    : entry.signature !== undefined;
  return (
    readable &&
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
 * decrypts it (WinZip AES, aes-entry.ts; ZipCrypto, zip-crypto.ts), inflates it in one call
 * capped at the declared size (a lying size cannot inflate past it), and checks the CRC-32.
 * Returns the bytes; the caller counts and writes them.
 */
export async function decodeNatively(
  source: ArchiveSource,
  entry: CentralRecord,
  codec: NativeCodec,
  name: string,
  password?: string,
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
  const aes = winZipAesOf(entry);
  const deflated = entry.compressionMethod === METHOD_DEFLATE;
  // AE-2 stores no CRC-32: its authentication code has checked the data.
  const crc = aes && !aes.keepsCrc ? null : (entry.signature ?? 0) >>> 0;
  /** The packed bytes are the entry's own: stored, and not encrypted. */
  const asStored = !deflated && !entry.encrypted;
  // Damaged ZipCrypto data is most likely a wrong password that passed its one-byte check.
  const damaged = (problem: string) =>
    entry.encrypted && !aes
      ? new EngineError('WRONG_PASSWORD', undefined, { entry: name, problem })
      : new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem });
  let data: Decoded;
  try {
    const plain = aes
      ? await decryptWinZipAes(packed, aes, password ?? '', required(codec.crypto), name)
      : entry.encrypted
        ? decryptZipCrypto(packed, entry, password ?? '', name)
        : packed;
    // Checked by the decoder itself, when it can: else inflated, then checked below.
    const checked = deflated && crc !== null ? await codec.inflateRawChecked?.(plain, entry.uncompressedSize, crc) : null;
    if (checked) return { data: checked, storedAt: null };
    data = deflated ? await codec.inflateRaw(plain, entry.uncompressedSize) : plain;
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw damaged(String(error));
  } finally {
    // Decoded (or failed), the packed bytes are read no more, unless they are the entry's bytes.
    if (!asStored) {
      source.release?.(guess);
      if (packed.buffer !== guess.buffer) source.release?.(packed);
    }
  }
  if (decodedLength(data) !== entry.uncompressedSize || (crc !== null && codec.crc32(data) >>> 0 !== crc)) {
    throw damaged('size or CRC-32 mismatch');
  }
  return { data, storedAt: asStored ? entry.offset + headerLength : null };
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('suitsNativeCodec lets an encrypted entry through only where the host decrypts.');
  return value;
}
