import { EngineError } from '../core/engine-error.js';
import { FLAG_DATA_DESCRIPTOR, FLAG_STRONG_ENCRYPTION } from './zip-codes.js';
import type { CentralRecord } from './central-record.js';

/** The encryption header before an entry's data: 11 random bytes and a check byte. */
const HEADER_BYTES = 12;

/**
 * CRC-32's table: the cipher updates its keys one CRC-32 step a byte, a step that neither zlib
 * nor hash-wasm exposes.
 */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value;
});

/**
 * Whether an entry is encrypted with the original PKWARE cipher ("ZipCrypto"): encrypted, and
 * neither with AES nor with strong encryption.
 */
export function isZipCrypto(entry: CentralRecord): boolean {
  return entry.encrypted && !entry.extraFieldAES && ((entry.rawBitFlag ?? 0) & FLAG_STRONG_ENCRYPTION) === 0;
}

/**
 * Decrypts a ZipCrypto entry's packed data (the 12-byte header, then the data) held whole. The
 * header's last byte must match the CRC-32's high byte, or the modification time's where sizes
 * and CRC come after the data: else the password is wrong. A wrong password passes that one-byte
 * check once in 256 times; the CRC-32 of the output then fails, which the caller reports as a
 * wrong password too, as zip.js's failures are (zip-streams.ts). The password's characters are
 * taken a byte each (their low 8 bits), as zip.js takes them, so that an archive opens the same
 * whichever reader takes it.
 */
export function decryptZipCrypto(data: Uint8Array, entry: CentralRecord, password: string, name: string): Uint8Array {
  if (data.length < HEADER_BYTES) {
    throw new EngineError('CORRUPT_ARCHIVE', undefined, { entry: name, problem: 'encrypted data shorter than its header' });
  }
  let key0 = 0x12345678;
  let key1 = 0x23456789;
  let key2 = 0x34567890;
  const update = (byte: number) => {
    key0 = (key0 >>> 8) ^ (CRC_TABLE[(key0 ^ byte) & 0xff] ?? 0);
    key1 = (Math.imul((key1 + (key0 & 0xff)) | 0, 134775813) + 1) | 0;
    key2 = (key2 >>> 8) ^ (CRC_TABLE[(key2 ^ (key1 >>> 24)) & 0xff] ?? 0);
  };
  for (let index = 0; index < password.length; index += 1) update(password.charCodeAt(index) & 0xff);
  const deferred = ((entry.rawBitFlag ?? 0) & FLAG_DATA_DESCRIPTOR) !== 0;
  const check = deferred ? (Number(entry.rawLastModDate) >>> 8) & 0xff : ((entry.signature ?? 0) >>> 24) & 0xff;
  const plain = new Uint8Array(data.length);
  const decrypt = (from: number, to: number) => {
    for (let index = from; index < to; index += 1) {
      const temp = key2 | 2;
      const byte = (data[index] ?? 0) ^ ((Math.imul(temp, temp ^ 1) >>> 8) & 0xff);
      plain[index] = byte;
      update(byte);
    }
  };
  // A wrong password is known at the header's end, before the data is decrypted for nothing.
  decrypt(0, HEADER_BYTES);
  if (plain[HEADER_BYTES - 1] !== check) throw new EngineError('WRONG_PASSWORD', undefined, { entry: name });
  decrypt(HEADER_BYTES, data.length);
  return plain.subarray(HEADER_BYTES);
}
