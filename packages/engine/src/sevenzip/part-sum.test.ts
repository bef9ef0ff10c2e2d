import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { memfsContents, pattern, writeInPieces } from '../testing/memfs-writes.js';
import { blobSpool } from '../host-browser/blob-spool.js';
import { sumPartAsWritten } from './part-sum.js';
import { SevenZip } from './sevenzip-package.js';

const ROOT = '/out';

async function instance() {
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  sz.FS.mkdir(ROOT);
  return sz;
}

describe('sumPartAsWritten', () => {
  it("sums the named file's CRC-32 as it is written, and no other file's", async () => {
    const sz = await instance();
    const part = sumPartAsWritten(sz, ROOT, `${ROOT}/dir/part`, (bytes) => crc32(bytes));
    sz.FS.mkdir(`${ROOT}/dir`);
    const data = pattern(300_000, 1);
    writeInPieces(sz, `${ROOT}/other`, pattern(1000, 2), [1000]);
    writeInPieces(sz, `${ROOT}/dir/part`, data, [1, 65_535, 100_000, 134_464]);
    expect(part.sumOf(data.length)).toEqual({ crc: crc32(data), bytes: data.length });
    // A sum that does not end at the file's size does not stand for it.
    expect(part.sumOf(data.length + 1)).toBeNull();
  });

  it('sees the writes a host spool keeps, once installed after it', async () => {
    const sz = await instance();
    blobSpool().attach(sz, ROOT);
    const part = sumPartAsWritten(sz, ROOT, `${ROOT}/part`, (bytes) => crc32(bytes));
    const data = pattern(200_000, 3);
    writeInPieces(sz, `${ROOT}/part`, data, [50_000, 150_000]);
    expect(memfsContents(sz, `${ROOT}/part`)).toBeNull();
    expect(part.sumOf(data.length)).toEqual({ crc: crc32(data), bytes: data.length });
  });

  it('drops the sum of a file written anywhere but at its end', async () => {
    const sz = await instance();
    const part = sumPartAsWritten(sz, ROOT, `${ROOT}/part`, (bytes) => crc32(bytes));
    writeInPieces(sz, `${ROOT}/part`, pattern(100, 4), [100]);
    const stream = sz.FS.open(`${ROOT}/part`, 'r+');
    sz.FS.write(stream, pattern(10, 5), 0, 10, 20);
    sz.FS.close(stream);
    expect(part.sumOf(100)).toBeNull();
  });
});
