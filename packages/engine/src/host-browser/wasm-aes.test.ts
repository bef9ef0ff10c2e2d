import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { WinZipCounter } from '../zip/winzip-counter.js';
import { wasmWinZipAes } from './wasm-aes.js';
import { zipWasmForTests } from '../testing/zip-wasm.js';
import type { ZipWasmExports } from './zip-wasm.js';

/** WinZip AES as the engine runs it without the module: OpenSSL's AES blocks in WinZip's counter mode, and HMAC-SHA1. */
function reference(aesKey: Uint8Array, hmacKey: Uint8Array, cipherText: Uint8Array) {
  const blocks = createCipheriv(`aes-${aesKey.length * 8}-ecb`, aesKey, null).setAutoPadding(false);
  const plain = new WinZipCounter((input) => blocks.update(input)).apply(cipherText);
  return { plain, code: createHmac('sha1', hmacKey).update(cipherText).digest() };
}

describe("WinZip AES in zip.js' WebAssembly", () => {
  let module: ZipWasmExports;

  beforeAll(async () => {
    module = await zipWasmForTests();
  });

  it.each([16, 24, 32])('decrypts and sums as the engine does, in pieces of any length, with %i-byte keys', async (keyBytes) => {
    const aesKey = randomBytes(keyBytes);
    const hmacKey = randomBytes(keyBytes);
    const cipherText = randomBytes(300_007);
    const expected = reference(aesKey, hmacKey, cipherText);
    const cipher = await wasmWinZipAes(module)(aesKey, hmacKey);
    // Pieces as the engine reads them: whole blocks, the last one not.
    const pieces = [0, 16, 65_536 + 48, 200_000, cipherText.length];
    const plain = Buffer.concat(pieces.slice(1).map((end, index) => cipher.decrypt(cipherText.subarray(pieces[index], end))));
    expect(plain.equals(expected.plain)).toBe(true);
    expect(Buffer.from(cipher.code()).equals(expected.code)).toBe(true);
  });

  it('keeps entries in flight apart, though they share one scratch buffer', async () => {
    const open = wasmWinZipAes(module);
    const entries = Array.from({ length: 3 }, () => ({
      aesKey: randomBytes(32),
      hmacKey: randomBytes(32),
      data: randomBytes(70_000),
    }));
    const ciphers = await Promise.all(entries.map(({ aesKey, hmacKey }) => open(aesKey, hmacKey)));
    const halves = entries.map(({ data }, index) => ciphers[index]!.decrypt(data.subarray(0, 35_008)));
    entries.forEach(({ aesKey, hmacKey, data }, index) => {
      const expected = reference(aesKey, hmacKey, data);
      const plain = Buffer.concat([halves[index]!, ciphers[index]!.decrypt(data.subarray(35_008))]);
      expect(plain.equals(expected.plain)).toBe(true);
      expect(Buffer.from(ciphers[index]!.code()).equals(expected.code)).toBe(true);
    });
  });

  it('refuses to be used after giving its code, whose context is freed', async () => {
    const cipher = await wasmWinZipAes(module)(randomBytes(16), randomBytes(16));
    cipher.decrypt(randomBytes(100));
    cipher.code();
    expect(() => cipher.decrypt(randomBytes(16))).toThrow(/given its code/);
  });

  it('gives back the context of a cipher ended midway: 20,000 entries that failed leave nothing behind', async () => {
    const open = wasmWinZipAes(module);
    const warm = await open(randomBytes(32), randomBytes(32));
    warm.end();
    // Where the allocator puts something new: a context left behind (432 bytes) pushes it on.
    const freeAt = () => {
      const pointer = module.malloc(16);
      module.free(pointer);
      return pointer;
    };
    const before = freeAt();
    for (let n = 0; n < 20_000; n += 1) {
      const cipher = await open(randomBytes(32), randomBytes(32));
      cipher.decrypt(randomBytes(32));
      cipher.end();
      // Ending twice, or after the code, does nothing.
      cipher.end();
    }
    expect(freeAt() - before).toBeLessThan(64 * 1024);
    const last = await open(randomBytes(16), randomBytes(16));
    last.code();
    expect(() => last.end()).not.toThrow();
  });
});
