import type { Entry } from '@zip.js/zip.js';
import { EngineError } from '../core/engine-error.js';
import type { NativeCrypto } from '../core/native-codec.js';

/** The method a WinZip AES entry's headers give; its real one is in its AES extra field. */
export const METHOD_AES = 99;
/** The AES extra field's id. */
export const AES_EXTRA_FIELD = 0x9901;
const AE_1 = 1;
const PBKDF2_ROUNDS = 1000;
const VERIFIER_BYTES = 2;
const AUTH_CODE_BYTES = 10;
const BLOCK_BYTES = 16;
/** Counter blocks encrypted in one call: 64 KiB of key stream. */
const WINDOW_BLOCKS = 4096;
/** Salt and key sizes of strengths 1, 2 and 3 (AES-128, -192, -256). */
const SALT_BYTES = [0, 8, 12, 16] as const;
const KEY_BYTES = [0, 16, 24, 32] as const;

export interface WinZipAes {
  strength: 1 | 2 | 3;
  /** AE-1 keeps the plain data's CRC-32; AE-2 stores 0, and its authentication code alone checks the data. */
  keepsCrc: boolean;
}

/** The WinZip AES encryption of an entry, or null: not encrypted, or not that way (ZipCrypto, PKWARE's strong encryption). */
export function winZipAesOf(entry: Entry): WinZipAes | null {
  const field = entry.extraFieldAES;
  if (!entry.encrypted || !field || field.originalCompressionMethod !== METHOD_AES) return null;
  const { strength } = field;
  if (strength !== 1 && strength !== 2 && strength !== 3) return null;
  return { strength, keepsCrc: field.vendorVersion === AE_1 };
}

/**
 * The packed data of a WinZip AES entry (salt, password verifier, data encrypted with AES in
 * counter mode, authentication code), decrypted with the host's own cryptography: the same work
 * as zip.js's, but the key (PBKDF2, 1000 rounds: ~2 ms, most of a small entry's cost) is derived
 * off this thread, so several entries' keys are derived at once (zip-backend.ts keeps a few
 * entries in flight), and AES and HMAC run natively. A wrong password, or data the
 * authentication code does not match, is WRONG_PASSWORD, as zip.js's failures are
 * (zip-streams.ts): a wrong password that passes the 2-byte verifier fails the code.
 */
export async function decryptWinZipAes(
  data: Uint8Array,
  aes: WinZipAes,
  password: string,
  crypto: NativeCrypto,
  name: string,
): Promise<Uint8Array> {
  const saltBytes = SALT_BYTES[aes.strength];
  const keyBytes = KEY_BYTES[aes.strength];
  const start = saltBytes + VERIFIER_BYTES;
  if (data.length < start + AUTH_CODE_BYTES) {
    throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'AES data shorter than its own header' });
  }
  const keys = await crypto.pbkdf2Sha1(
    new TextEncoder().encode(password),
    data.subarray(0, saltBytes),
    PBKDF2_ROUNDS,
    keyBytes * 2 + VERIFIER_BYTES,
  );
  const wrong = () => new EngineError('WRONG_PASSWORD', undefined, { entry: name });
  if (keys[keyBytes * 2] !== data[saltBytes] || keys[keyBytes * 2 + 1] !== data[saltBytes + 1]) throw wrong();
  const cipherText = data.subarray(start, data.length - AUTH_CODE_BYTES);
  const code = await crypto.hmacSha1(keys.subarray(keyBytes, keyBytes * 2), cipherText);
  const stored = data.subarray(data.length - AUTH_CODE_BYTES);
  if (stored.some((byte, at) => byte !== code[at])) throw wrong();
  return counterMode(await crypto.aesBlocks(keys.subarray(0, keyBytes)), cipherText);
}

/**
 * WinZip's counter mode: block n (from 0) is XORed with AES of n + 1 as a 16-byte little-endian
 * number (not the big-endian counter of the usual CTR mode, which is why the host gives plain
 * AES blocks). The key stream is made 64 KiB at a time and XORed a word at a time.
 */
function counterMode(encrypt: (blocks: Uint8Array) => Uint8Array, cipherText: Uint8Array): Uint8Array {
  const plain = new Uint8Array(cipherText.length);
  plain.set(cipherText);
  const words = new Uint32Array(plain.buffer, 0, plain.length >>> 2);
  const counters = new Uint8Array(Math.min(WINDOW_BLOCKS, Math.ceil(plain.length / BLOCK_BYTES)) * BLOCK_BYTES);
  const view = new DataView(counters.buffer);
  let counter = 1;
  for (let at = 0; at < plain.length; at += counters.length) {
    const blocks = Math.ceil(Math.min(counters.length, plain.length - at) / BLOCK_BYTES);
    for (let block = 0; block < blocks; block += 1, counter += 1) {
      view.setUint32(block * BLOCK_BYTES, counter >>> 0, true);
      view.setUint32(block * BLOCK_BYTES + 4, Math.floor(counter / 2 ** 32), true);
    }
    const stream = encrypt(counters.subarray(0, blocks * BLOCK_BYTES));
    const end = Math.min(plain.length, at + stream.length);
    let byte = at;
    if (stream.byteOffset % 4 === 0) {
      const streamWords = new Uint32Array(stream.buffer, stream.byteOffset, stream.length >>> 2);
      for (const last = end >>> 2; byte >>> 2 < last; byte += 4) {
        const word = byte >>> 2;
        words[word] = (words[word] ?? 0) ^ (streamWords[(byte - at) >>> 2] ?? 0);
      }
    }
    for (; byte < end; byte += 1) plain[byte] = (plain[byte] ?? 0) ^ (stream[byte - at] ?? 0);
  }
  return plain;
}
