import type { NativeCodec } from '../core/native-codec.js';
import type { ArchiveSource } from '../core/types.js';
import { aesFraming, checkAuthentication, openWinZipAes, winZipAesOf } from './aes-entry.js';
import { entryDataAt, incompleteEntry } from './local-header.js';
import { NATIVE_ENTRY_MAX_BYTES } from './native-entry.js';
import { corruptEntry, writeDecoded, type EntryTarget } from './piece-writer.js';
import { METHOD_DEFLATE, METHOD_STORE } from './zip-codes.js';
import type { CentralRecord } from './central-record.js';

/** Encrypted bytes read, authenticated and decrypted at a time. */
const PIECE_BYTES = 8 * 1024 * 1024;

/**
 * Whether a WinZip AES entry is streamed by the engine itself (below): stored or deflated, too
 * large to hold in one piece (zip/native-entry.ts takes smaller ones), with a password, where the
 * host lends its cryptography.
 */
export function suitsAesStream(entry: CentralRecord, codec: NativeCodec | undefined, password: string | undefined): boolean {
  const aes = winZipAesOf(entry);
  return (
    aes !== null &&
    password !== undefined &&
    codec?.crypto !== undefined &&
    (!aes.keepsCrc || codec.crc32Running !== undefined) &&
    (entry.compressionMethod === METHOD_STORE || entry.compressionMethod === METHOD_DEFLATE) &&
    (entry.compressedSize > NATIVE_ENTRY_MAX_BYTES || entry.uncompressedSize > NATIVE_ENTRY_MAX_BYTES)
  );
}

/**
 * Streams a large WinZip AES entry into the sink: its encrypted data read in 8 MiB pieces, each
 * added to the running HMAC and decrypted, then inflated by the host's streaming decoder (or the
 * platform's). The authentication code is checked once the last piece is read, and the CRC-32 of
 * an AE-1 entry once the last byte is written: a failure then fails the entry's stream, and the
 * engine removes what was written, as for any entry that fails part way. zip.js did this work in
 * JavaScript through its chain of streams: a 210 MB entry took 2.6-2.9 s on the CLI, against
 * 1.2-1.4 s for 7zz (docs/decisions/049-winzip-aes-with-the-host-crypto.md). Returns the bytes written.
 */
export async function pipeAesEntry(
  source: ArchiveSource,
  entry: CentralRecord,
  name: string,
  target: EntryTarget,
  codec: NativeCodec,
  password: string,
): Promise<number> {
  const aes = winZipAesOf(entry);
  const crypto = codec.crypto;
  if (!aes || !crypto) throw new Error('suitsAesStream lets through only WinZip AES entries the host decrypts.');
  const size = entry.uncompressedSize;
  const dataAt = await entryDataAt(source, entry, name);
  const { head, tail } = aesFraming(aes);
  if (entry.compressedSize < head + tail) throw incompleteEntry(name);
  const cipher = await openWinZipAes(await source.read(dataAt, head), aes, password, crypto, name);
  const end = dataAt + entry.compressedSize - tail;
  let at = dataAt + head;
  const plain = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (at >= end) {
          checkAuthentication(cipher.code(), await source.read(end, tail), name);
          controller.close();
          return;
        }
        const piece = await source.read(at, Math.min(PIECE_BYTES, end - at));
        if (piece.length === 0) throw incompleteEntry(name);
        at += piece.length;
        controller.enqueue(cipher.decrypt(piece));
        source.release?.(piece);
      } catch (error) {
        cipher.end();
        throw error;
      }
    },
    // The sink failed or the extraction was stopped: nothing more is read.
    cancel: () => cipher.end(),
  });
  const deflated = entry.compressionMethod === METHOD_DEFLATE;
  const inflater = () =>
    codec.inflateStream?.('deflate-raw') ??
    (new DecompressionStream('deflate-raw') as unknown as TransformStream<Uint8Array, Uint8Array>);
  const output = deflated ? plain.pipeThrough(inflater()) : plain;
  const reader = output.getReader();
  const crc = aes.keepsCrc ? await codec.crc32Running?.() : undefined;
  return writeDecoded(reader, target, size, name, {
    asError: (error) => corruptEntry(name, error instanceof Error ? error.message : String(error)),
    ...(crc && {
      onPiece: (piece: Uint8Array) => crc.update(piece),
      atEnd: () => {
        if (crc.digest() !== (entry.signature ?? 0) >>> 0) throw corruptEntry(name, 'size or CRC-32 mismatch');
      },
    }),
  });
}
