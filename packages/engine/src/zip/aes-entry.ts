import { EngineError } from '../core/engine-error.js';
import type { NativeCrypto, WinZipAesCipher } from '../core/native-codec.js';
import { WinZipCounter } from './winzip-counter.js';
import { METHOD_AES } from './zip-codes.js';
import type { CentralRecord } from './central-record.js';

/** The AES extra field's id. */
export const AES_EXTRA_FIELD = 0x9901;
const AE_1 = 1;
const PBKDF2_ROUNDS = 1000;
const VERIFIER_BYTES = 2;
const AUTH_CODE_BYTES = 10;
/** Salt and key sizes of strengths 1, 2 and 3 (AES-128, -192, -256). */
const SALT_BYTES = [0, 8, 12, 16] as const;
const KEY_BYTES = [0, 16, 24, 32] as const;

export interface WinZipAes {
  strength: 1 | 2 | 3;
  /** AE-1 keeps the plain data's CRC-32; AE-2 stores 0, and its authentication code alone checks the data. */
  keepsCrc: boolean;
}

/** The WinZip AES encryption of an entry, or null: not encrypted, or not that way (ZipCrypto, PKWARE's strong encryption). */
export function winZipAesOf(entry: CentralRecord): WinZipAes | null {
  const field = entry.extraFieldAES;
  if (!entry.encrypted || !field || field.originalCompressionMethod !== METHOD_AES) return null;
  const { strength } = field;
  if (strength !== 1 && strength !== 2 && strength !== 3) return null;
  return { strength, keepsCrc: field.vendorVersion === AE_1 };
}

/** What precedes a WinZip AES entry's encrypted data (salt and password verifier), and what follows it. */
export function aesFraming(aes: WinZipAes): { head: number; tail: number } {
  return { head: SALT_BYTES[aes.strength] + VERIFIER_BYTES, tail: AUTH_CODE_BYTES };
}

/**
 * Derives an entry's keys from the password and the salt at the start of `head` (its salt and
 * verifier, aesFraming's `head` bytes), and checks the verifier. The key (PBKDF2, 1000 rounds:
 * ~2 ms, most of a small entry's cost) is derived off this thread where the host can, so several
 * entries' keys are derived at once (zip-backend.ts keeps a few entries in flight). A wrong
 * password is WRONG_PASSWORD, as zip.js's failures are (zip-streams.ts). Returns the entry's
 * cipher: the host's own (`NativeCrypto.winZipAes`), or WinZip's counter over the host's AES
 * blocks with its running HMAC.
 */
export async function openWinZipAes(
  head: Uint8Array,
  aes: WinZipAes,
  password: string,
  crypto: NativeCrypto,
  name: string,
): Promise<WinZipAesCipher> {
  const saltBytes = SALT_BYTES[aes.strength];
  const keyBytes = KEY_BYTES[aes.strength];
  if (head.length < saltBytes + VERIFIER_BYTES) throw shorter(name);
  const keys = await crypto.pbkdf2Sha1(
    new TextEncoder().encode(password),
    head.subarray(0, saltBytes),
    PBKDF2_ROUNDS,
    keyBytes * 2 + VERIFIER_BYTES,
  );
  if (keys[keyBytes * 2] !== head[saltBytes] || keys[keyBytes * 2 + 1] !== head[saltBytes + 1]) throw wrongPassword(name);
  const aesKey = keys.subarray(0, keyBytes);
  const hmacKey = keys.subarray(keyBytes, keyBytes * 2);
  if (crypto.winZipAes) return crypto.winZipAes(aesKey, hmacKey);
  // The host's AES blocks in WinZip's counter mode, and its running HMAC over the encrypted bytes.
  const counter = new WinZipCounter(await crypto.aesBlocks(aesKey));
  const hmac = await crypto.hmacSha1Running(hmacKey);
  return {
    decrypt(piece) {
      hmac.update(piece);
      return counter.apply(piece);
    },
    code: () => hmac.digest(),
    // Nothing held outside JavaScript's heap.
    end: () => undefined,
  };
}

/**
 * Whether an entry's authentication code (its last 10 bytes, `stored`) is the start of the
 * HMAC-SHA1 of its encrypted data (`code`). When not, the data is not what was encrypted with
 * this password: WRONG_PASSWORD, as zip.js has it (a wrong password that passes the 2-byte
 * verifier fails here).
 */
export function checkAuthentication(code: Uint8Array, stored: Uint8Array, name: string): void {
  if (stored.length !== AUTH_CODE_BYTES || stored.some((byte, at) => byte !== code[at])) throw wrongPassword(name);
}

/**
 * The packed data of a WinZip AES entry held whole (salt, password verifier, data encrypted in
 * counter mode, authentication code), decrypted with the host's own cryptography: the same work
 * as zip.js's, with AES and HMAC native where the host has them.
 */
export async function decryptWinZipAes(
  data: Uint8Array,
  aes: WinZipAes,
  password: string,
  crypto: NativeCrypto,
  name: string,
): Promise<Uint8Array> {
  const { head, tail } = aesFraming(aes);
  if (data.length < head + tail) throw shorter(name);
  const cipher = await openWinZipAes(data.subarray(0, head), aes, password, crypto, name);
  try {
    const plain = cipher.decrypt(data.subarray(head, data.length - tail));
    checkAuthentication(cipher.code(), data.subarray(data.length - tail), name);
    return plain;
  } finally {
    cipher.end();
  }
}

const wrongPassword = (name: string) => new EngineError('WRONG_PASSWORD', undefined, { entry: name });
const shorter = (name: string) =>
  new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'AES data shorter than its own header' });
