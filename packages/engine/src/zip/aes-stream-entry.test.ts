import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wasmWinZipAes } from '../host-browser/wasm-aes.js';
import { webCrypto } from '../host-browser/web-crypto.js';
import { nodeCrypto } from '../host-node/node-crypto.js';
import { zlibCodec } from '../host-node/zlib-codec.js';
import { aesZip, bytesOf, countingCodec, extract } from '../testing/aes-zip.js';
import { engineFailure } from '../testing/engine-failure.js';
import { asAe1 } from '../testing/zip-bytes.js';
import { NATIVE_ENTRY_MAX_BYTES } from './native-entry.js';
import { zipWasmForTests } from '../testing/zip-wasm.js';

/** Past the size held whole, and past more than two of the stream's 8 MiB pieces. */
const LARGE = NATIVE_ENTRY_MAX_BYTES + 1_000_003;
const random = new Uint8Array(randomBytes(LARGE));
const line = new TextEncoder().encode('a line of a log that deflates well, 0123456789\n');
const text = new Uint8Array(LARGE).map((_, at) => line[at % line.length] ?? 0);

describe('large WinZip AES entries streamed with the host crypto', () => {
  it.each([
    ['stored', 3, 'node', 0],
    ['deflated', 1, 'web and wasm', 1],
  ] as const)('reads a %s one byte for byte (AES-%s, %s crypto)', async (_, strength, which, level) => {
    const data = level === 0 ? random : text;
    const zip = await aesZip({ 'large.bin': data }, strength, level);
    const crypto = which === 'node' ? nodeCrypto : webCrypto(wasmWinZipAes(await zipWasmForTests()));
    if (!crypto) throw new Error('WebCrypto is missing');
    const { codec, keys } = countingCodec(crypto);
    expect(bytesOf(await extract(zip, codec), 'large.bin').equals(data)).toBe(true);
    expect(keys()).toBe(1);
  });

  it('fails on data its authentication code does not match, however late, and on a wrong password', async () => {
    const zip = await aesZip({ 'large.bin': random }, 2, 0);
    const damaged = zip.slice();
    // In the last of the stream's pieces (the entry's data ends ~100 bytes before the archive's end).
    const at = LARGE - 100;
    expect(at).toBeGreaterThan(16 * 1024 * 1024);
    damaged[at] = (damaged[at] ?? 0) ^ 1;
    expect((await engineFailure(extract(damaged, zlibCodec))).code).toBe('WRONG_PASSWORD');
    expect((await engineFailure(extract(zip, zlibCodec, 'wrong'))).code).toBe('WRONG_PASSWORD');
  });

  it('checks the CRC-32 that AE-1 keeps once every byte is written', async () => {
    const zip = await aesZip({ 'large.bin': text }, 3, 1);
    expect(bytesOf(await extract(asAe1(zip, crc32(text)), zlibCodec), 'large.bin').equals(text)).toBe(true);
    const error = await engineFailure(extract(asAe1(zip, crc32(text) ^ 1), zlibCodec));
    expect(error.code).toBe('CORRUPT_ARCHIVE');
  });
});
