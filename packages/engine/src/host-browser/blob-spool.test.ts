import { describe, expect, it } from 'vitest';
import { SevenZip } from '../sevenzip/sevenzip-package.js';
import { memfsContents, pattern, writeInPieces } from '../testing/memfs-writes.js';
import { blobSpool, type SpoolOptions } from './blob-spool.js';
import { heldOutput } from './held-output.js';
import { sliceToBlob, type BlobRange, type FileSlice, type HeldBytes } from './worker-protocol.js';

const ROOT = '/out';
const BATCH = 1000;

const bytesOf = async (slice: FileSlice) => new Uint8Array(await sliceToBlob(slice).arrayBuffer());

/**
 * Node has no synchronous Blob reader (a worker's FileReaderSync): the test's sealer keeps a copy
 * of each batch it seals so reading back can be checked, and counts the Blobs it makes.
 */
function sealer(): Required<Pick<SpoolOptions, 'seal' | 'readSealed'>> & { sealed: Blob[] } {
  const copies = new Map<Blob, Uint8Array>();
  const sealed: Blob[] = [];
  return {
    sealed,
    seal: (bytes) => {
      const blob = new Blob([bytes.slice()]);
      copies.set(blob, bytes.slice());
      sealed.push(blob);
      return blob;
    },
    readSealed: (blob, start, end) => (copies.get(blob) as Uint8Array).slice(start, end),
  };
}

async function setUp(hold?: SpoolOptions['hold']) {
  const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
  sz.FS.mkdir(ROOT);
  const seals = sealer();
  const spool = blobSpool({ batchBytes: BATCH, ...seals, ...(hold && { hold }) });
  spool.attach(sz, ROOT);
  return { sz, spool, seals };
}

describe('blobSpool', () => {
  it('keeps what 7-Zip writes out of the in-memory file system, and hands each file back whole', async () => {
    const { sz, spool, seals } = await setUp();
    const small = pattern(300, 1);
    const across = pattern(2500, 2);
    writeInPieces(sz, `${ROOT}/small`, small, [100, 200]);
    writeInPieces(sz, `${ROOT}/across`, across, [700, 1000, 800]);
    // MEMFS holds no bytes of its own, yet reports the sizes.
    expect(memfsContents(sz, `${ROOT}/across`)).toBeNull();
    expect(sz.FS.stat(`${ROOT}/small`).size).toBe(300);
    expect(sz.FS.stat(`${ROOT}/across`).size).toBe(2500);

    const smallSlice = spool.take(sz, `${ROOT}/small`) as BlobRange;
    const acrossSlice = spool.take(sz, `${ROOT}/across`) as BlobRange;
    expect(await bytesOf(smallSlice)).toEqual(small);
    expect(await bytesOf(acrossSlice)).toEqual(across);
    // A file within one batch is only its place in the batch's Blob.
    expect(seals.sealed).toContain(smallSlice.blob);
    expect(smallSlice.offset).toBe(0);
    // 2800 bytes in batches of 1000: three Blobs, the last one sealed when the files were taken.
    expect(seals.sealed.map((blob) => blob.size)).toEqual([1000, 1000, 800]);
    // Taken means no longer the spool's.
    expect(spool.take(sz, `${ROOT}/small`)).toBeNull();
  });

  it('reads a spooled file back, from sealed batches and from its buffer, and keeps it spooled', async () => {
    const { sz, spool } = await setUp();
    const data = pattern(2345, 3);
    writeInPieces(sz, `${ROOT}/payload`, data, [1200, 1145]);
    expect(sz.FS.readFile(`${ROOT}/payload`)).toEqual(data);
    // Small reads from the middle, as a reader pulling a payload does.
    const stream = sz.FS.open(`${ROOT}/payload`, 'r');
    const part = new Uint8Array(50);
    expect(sz.FS.read(stream, part, 0, 50, 990)).toBe(50);
    expect(part).toEqual(data.subarray(990, 1040));
    expect(sz.FS.read(stream, part, 0, 50, 2340)).toBe(5);
    sz.FS.close(stream);
    expect(memfsContents(sz, `${ROOT}/payload`)).toBeNull();
    expect(await bytesOf(spool.take(sz, `${ROOT}/payload`) as FileSlice)).toEqual(data);
  });

  it('gives a file written out of order back to the in-memory file system, its bytes intact', async () => {
    const { sz, spool } = await setUp();
    const stream = sz.FS.open(`${ROOT}/patched`, 'w');
    sz.FS.write(stream, pattern(1500, 4), 0, 1500);
    // A header patched after the body, as some writers do.
    sz.FS.write(stream, new Uint8Array([9, 9, 9]), 0, 3, 10);
    sz.FS.close(stream);
    const expected = pattern(1500, 4);
    expected.set([9, 9, 9], 10);
    expect(spool.take(sz, `${ROOT}/patched`)).toBeNull();
    expect(sz.FS.readFile(`${ROOT}/patched`)).toEqual(expected);
  });

  it('drops the bytes of a file opened again to be rewritten', async () => {
    const { sz, spool } = await setUp();
    writeInPieces(sz, `${ROOT}/again`, pattern(900, 5), [900]);
    writeInPieces(sz, `${ROOT}/again`, pattern(40, 6), [40]);
    expect(sz.FS.stat(`${ROOT}/again`).size).toBe(40);
    expect(await bytesOf(spool.take(sz, `${ROOT}/again`) as FileSlice)).toEqual(pattern(40, 6));
  });

  it('follows a file that is renamed, and leaves files outside its folder and empty files alone', async () => {
    const { sz, spool } = await setUp();
    writeInPieces(sz, `${ROOT}/before`, pattern(20, 7), [20]);
    sz.FS.rename(`${ROOT}/before`, `${ROOT}/after`);
    expect(await bytesOf(spool.take(sz, `${ROOT}/after`) as FileSlice)).toEqual(pattern(20, 7));

    writeInPieces(sz, '/elsewhere', pattern(20, 8), [20]);
    expect(memfsContents(sz, '/elsewhere')?.length).toBe(20);
    expect(spool.take(sz, '/elsewhere')).toBeNull();
    sz.FS.writeFile(`${ROOT}/empty`, new Uint8Array());
    expect(spool.take(sz, `${ROOT}/empty`)).toBeNull();
  });

  it('hands held batches over as the bytes themselves, and seals what is past the budget', async () => {
    // Room for two batches of 1000 bytes; the third goes to the reused buffer and its Blobs.
    const { sz, spool, seals } = await setUp(heldOutput(2 * BATCH));
    const first = pattern(1500, 1);
    const second = pattern(1200, 2);
    writeInPieces(sz, `${ROOT}/first`, first, [700, 800]);
    writeInPieces(sz, `${ROOT}/second`, second, [1200]);
    // Read back across a held batch and the unsealed one, as 7-Zip may.
    expect(sz.FS.readFile(`${ROOT}/second`)).toEqual(second);
    const firstSlice = spool.take(sz, `${ROOT}/first`) as HeldBytes;
    expect(firstSlice.size).toBe(1500);
    // Views of two buffers of its own, one batch each: nothing was sealed into a Blob for it.
    expect(firstSlice.parts.map((part) => [part.byteOffset, part.length])).toEqual([
      [0, 1000],
      [0, 500],
    ]);
    expect(new Set(firstSlice.parts.map((part) => part.buffer)).size).toBe(2);
    expect(await bytesOf(firstSlice)).toEqual(first);
    // `second` began in the last held batch and ended past the budget: one Blob of both.
    const secondSlice = spool.take(sz, `${ROOT}/second`) as BlobRange;
    expect(secondSlice.blob).toBeInstanceOf(Blob);
    expect(await bytesOf(secondSlice)).toEqual(second);
    expect(seals.sealed.map((blob) => blob.size)).toEqual([700]);
    // Later files keep to the reused buffer.
    writeInPieces(sz, `${ROOT}/third`, pattern(50, 3), [50]);
    expect(await bytesOf(spool.take(sz, `${ROOT}/third`) as FileSlice)).toEqual(pattern(50, 3));
    expect(seals.sealed.map((blob) => blob.size)).toEqual([700, 50]);
  });

  it('never writes into a held batch it handed over', async () => {
    const { sz, spool } = await setUp(heldOutput(10 * BATCH));
    writeInPieces(sz, `${ROOT}/a`, pattern(400, 4), [400]);
    const a = spool.take(sz, `${ROOT}/a`) as HeldBytes;
    writeInPieces(sz, `${ROOT}/b`, pattern(900, 5), [900]);
    const b = spool.take(sz, `${ROOT}/b`) as HeldBytes;
    expect(await bytesOf(a)).toEqual(pattern(400, 4));
    expect(await bytesOf(b)).toEqual(pattern(900, 5));
    // `b` went on in the same buffer after `a`, then into a new one.
    expect(b.parts[0]?.buffer).toBe(a.parts[0]?.buffer);
    expect(b.parts.map((part) => [part.byteOffset, part.length])).toEqual([
      [400, 600],
      [0, 300],
    ]);
  });

  it('forgets every file when cleared', async () => {
    const { sz, spool } = await setUp();
    writeInPieces(sz, `${ROOT}/gone`, pattern(30, 9), [30]);
    spool.clear();
    expect(spool.take(sz, `${ROOT}/gone`)).toBeNull();
  });
});
