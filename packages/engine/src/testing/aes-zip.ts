import { SERVER_LIMITS } from '@archive-opener/shared';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import type { NativeCodec, NativeCrypto } from '../core/native-codec.js';
import { zlibCodec } from '../host-node/zlib-codec.js';
import { extractZip } from '../zip/zip-backend.js';
import { MemorySink, memorySource } from './memory-io.js';

// WinZip AES archives for the tests of zip/aes-entry.ts and zip/aes-stream-entry.ts.

export const PASSWORD = 'pässwörd 7';

/** An archive of `files` encrypted with WinZip AES by zip.js (AE-2), deflated at `level` (0: stored). */
export async function aesZip(files: Record<string, Uint8Array>, strength: 1 | 2 | 3, level: number): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), {
    password: PASSWORD,
    encryptionStrength: strength,
    level,
    useWebWorkers: false,
  });
  for (const [name, data] of Object.entries(files)) await writer.add(name, new Uint8ArrayReader(data));
  return writer.close();
}

/** Node's codec with `crypto`, counting the keys it derives: each is an entry the engine decrypted itself. */
export function countingCodec(crypto: NativeCrypto): { codec: NativeCodec; keys: () => number } {
  let keys = 0;
  const counting: NativeCrypto = {
    ...crypto,
    pbkdf2Sha1: (...args) => {
      keys += 1;
      return crypto.pbkdf2Sha1(...args);
    },
  };
  return { codec: { ...zlibCodec, crypto: counting }, keys: () => keys };
}

export async function extract(zip: Uint8Array, codec: NativeCodec, password = PASSWORD): Promise<MemorySink> {
  const sink = new MemorySink({ writeBytes: true });
  await extractZip([memorySource(zip, 'aes.zip')], sink, SERVER_LIMITS, { password }, codec);
  return sink;
}

/** A written file's bytes, as one Buffer whatever the codec gave. */
export const bytesOf = (sink: MemorySink, name: string): Buffer => Buffer.from(sink.files.get(name) ?? []);
