import { readFileSync } from 'node:fs';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { corpusCase } from '@archive-opener/test-support/corpus';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader, ZipWriter } from '@zip.js/zip.js';
import { describe, expect, it } from 'vitest';
import { zlibCodec } from '../host-node/zlib-codec.js';
import { engineFailure } from '../testing/engine-failure.js';
import { MemorySink, memorySource, sha256 } from '../testing/memory-io.js';
import { extractZip } from './zip-backend.js';
import { decryptZipCrypto } from './zip-crypto.js';

async function extractCorpus(path: string, password: string): Promise<MemorySink> {
  const sink = new MemorySink({ writeBytes: true });
  const archive = readFileSync(corpusCase(path).parts[0] ?? '');
  await extractZip([memorySource(archive, path)], sink, SERVER_LIMITS, { password }, zlibCodec);
  return sink;
}

describe('ZipCrypto entries decrypted by the engine', () => {
  it('decrypts the data of an entry zip.js encrypted, its CRC-32 checked or, with sizes after the data, its time', async () => {
    const plain = new TextEncoder().encode('the original cipher of PKZIP, still what many tools write\n'.repeat(50));
    for (const dataDescriptor of [false, true]) {
      const writer = new ZipWriter(new Uint8ArrayWriter(), {
        password: 'pass',
        zipCrypto: true,
        level: 0,
        dataDescriptor,
        useWebWorkers: false,
      });
      await writer.add('a.txt', new Uint8ArrayReader(plain));
      const zip = await writer.close();
      const [entry] = await new ZipReader(new Uint8ArrayReader(zip)).getEntries();
      if (!entry) throw new Error('no entry');
      // The entry's data follows its local header: 30 bytes, the name and the extra field.
      const view = new DataView(zip.buffer, zip.byteOffset);
      const dataAt = 30 + view.getUint16(26, true) + view.getUint16(28, true);
      const data = zip.subarray(dataAt, dataAt + entry.compressedSize);
      expect(Buffer.from(decryptZipCrypto(data, entry, 'pass', 'a.txt')).equals(Buffer.from(plain)), `${dataDescriptor}`).toBe(
        true,
      );
      expect(() => decryptZipCrypto(data, entry, 'wrong', 'a.txt')).toThrow(/password/i);
    }
  });

  it.each([
    ['libzip/encrypt.zip', 'foo'],
    // Sizes and CRC-32 in data descriptors: the check byte is the time's.
    ['libarchive/test_read_format_zip_traditional_encryption_data.zip', '12345678'],
  ])('extracts %s byte for byte, and names a wrong password', async (path, password) => {
    const sink = await extractCorpus(path, password);
    for (const [name, { sha256: expected }] of corpusCase(path).files)
      expect(sha256(sink.files.get(name) ?? new Uint8Array()), name).toBe(expected);
    expect((await engineFailure(extractCorpus(path, 'not the password'))).code).toBe('WRONG_PASSWORD');
  });
});
