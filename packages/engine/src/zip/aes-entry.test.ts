import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NativeCrypto } from '../core/native-codec.js';
import { wasmWinZipAes } from '../host-browser/wasm-aes.js';
import { webCrypto } from '../host-browser/web-crypto.js';
import { nodeCrypto } from '../host-node/node-crypto.js';
import { zlibCodec } from '../host-node/zlib-codec.js';
import { engineFailure } from '../testing/engine-failure.js';
import { aesZip, bytesOf, countingCodec, extract } from '../testing/aes-zip.js';
import { asAe1 } from '../testing/zip-bytes.js';
import { zipWasmForTests } from '../testing/zip-wasm.js';

const text = new TextEncoder().encode('a line of a log that deflates well, 0123456789\n'.repeat(3000));
const files = {
  // Several 64 KiB windows of key stream, and a length that is not a whole number of blocks or words.
  'text.txt': text.subarray(0, text.length - 5),
  'random.bin': new Uint8Array(randomBytes(100_003)),
  'one.txt': new TextEncoder().encode('x'),
};

describe('WinZip AES entries decrypted with the host crypto', () => {
  // Node's OpenSSL, and WebCrypto as the browser's codec uses it (here Node's own implementation),
  // with zip.js' WebAssembly for the data as the site has it, and without as a worker lacking it.
  const cryptos: Record<'node' | 'web' | 'web and wasm', NativeCrypto | null> = {
    node: nodeCrypto,
    web: webCrypto(),
    'web and wasm': null,
  };
  beforeAll(async () => {
    cryptos['web and wasm'] = webCrypto(wasmWinZipAes(await zipWasmForTests()));
  });
  it.each([
    [1, 'node'],
    [2, 'web'],
    [3, 'node'],
    [3, 'web and wasm'],
  ] as const)('reads AES-%s entries, stored and deflated, byte for byte (%s crypto)', async (strength, which) => {
    const crypto = cryptos[which];
    if (!crypto) throw new Error('WebCrypto is missing');
    for (const level of [0, 5]) {
      const zip = await aesZip(files, strength, level);
      const { codec, keys } = countingCodec(crypto);
      const sink = await extract(zip, codec);
      for (const [name, data] of Object.entries(files))
        expect(bytesOf(sink, name), `${name} at level ${level}`).toEqual(Buffer.from(data));
      const entries = await new ZipReader(new Uint8ArrayReader(zip)).getEntries();
      expect(keys()).toBe(entries.filter((entry) => entry.encrypted).length);
      expect(keys()).toBeGreaterThan(0);
    }
  });

  it('names a wrong password, and data its authentication code does not match, WRONG_PASSWORD', async () => {
    const zip = await aesZip({ 'random.bin': files['random.bin'] }, 3, 0);
    expect((await engineFailure(extract(zip, zlibCodec, 'not the password'))).code).toBe('WRONG_PASSWORD');
    const damaged = zip.slice();
    // Inside the encrypted data (past the local header, salt and verifier).
    damaged[200] = (damaged[200] ?? 0) ^ 1;
    expect((await engineFailure(extract(damaged, zlibCodec))).code).toBe('WRONG_PASSWORD');
  });

  it('checks the CRC-32 that AE-1 keeps', async () => {
    const data = files['text.txt'];
    const zip = await aesZip({ 'text.txt': data }, 2, 5);
    const ae1 = asAe1(zip, crc32(data));
    expect(bytesOf(await extract(ae1, zlibCodec), 'text.txt')).toEqual(Buffer.from(data));
    const error = await engineFailure(extract(asAe1(zip, crc32(data) ^ 1), zlibCodec));
    expect(error.code).toBe('CORRUPT_ARCHIVE');
    expect(error.details).toMatchObject({ problem: 'size or CRC-32 mismatch' });
  });

  it('refuses an entry whose local header describes its encryption otherwise', async () => {
    const zip = await aesZip({ 'one.txt': files['one.txt'] }, 1, 0);
    const error = await engineFailure(extract(asAe1(zip, 0, 'local'), zlibCodec));
    expect(error.code).toBe('CORRUPT_ARCHIVE');
    expect(String(error.details?.problem)).toContain('AES field');
  });
});
