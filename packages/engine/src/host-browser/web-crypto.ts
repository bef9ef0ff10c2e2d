import { createHMAC, createSHA1 } from 'hash-wasm';
import type { NativeCrypto } from '../core/native-codec.js';

/** WebCrypto's types want bytes over an ArrayBuffer; ours may view a SharedArrayBuffer's (never here). */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => bytes as Uint8Array<ArrayBuffer>;

/**
 * The browser's cryptography for WinZip AES entries (zip/aes-entry.ts). PBKDF2 is WebCrypto's:
 * native, and run on the browser's own threads, so the keys of the entries in flight are derived
 * at once. The data is decrypted and its HMAC summed by zip.js' WebAssembly (`winZipAes`,
 * wasm-aes.ts) where the worker has the module; else by AES blocks of noble-ciphers (JavaScript,
 * loaded when first needed: WebCrypto has no plain block mode, and its counter mode counts
 * big-endian where WinZip counts little-endian) and hash-wasm's running HMAC. Null where
 * WebCrypto is missing (a page not served over HTTPS): zip.js then decrypts as before.
 */
export function webCrypto(winZipAes?: NativeCrypto['winZipAes']): NativeCrypto | null {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  return {
    async pbkdf2Sha1(password, salt, iterations, length) {
      const key = await subtle.importKey('raw', own(password), 'PBKDF2', false, ['deriveBits']);
      return new Uint8Array(
        await subtle.deriveBits({ name: 'PBKDF2', salt: own(salt), iterations, hash: 'SHA-1' }, key, length * 8),
      );
    },
    // hash-wasm's, for an entry read in pieces: WebCrypto has no running HMAC.
    async hmacSha1Running(key) {
      const hmac = await createHMAC(createSHA1(), key);
      hmac.init();
      return { update: (data) => void hmac.update(data), digest: () => hmac.digest('binary') };
    },
    async aesBlocks(key) {
      const { ecb } = await import('@noble/ciphers/aes.js');
      // One cipher a call: noble's refuses to encrypt twice with one instance.
      return (blocks) => ecb(key, { disablePadding: true }).encrypt(blocks);
    },
    ...(winZipAes && { winZipAes }),
  };
}
