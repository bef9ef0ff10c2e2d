import { describe, expect, it } from 'vitest';
import { SevenZip } from '../sevenzip/sevenzip-package.js';
import { stageIn } from '../sevenzip/staging.js';
import { heldOutput } from './held-output.js';
import { memorySink } from './memory-sink.js';
import { memfsContents } from '../testing/memfs-writes.js';
import type { SinkSlice } from './output-store.js';
import { sliceToBlob, type BlobRange, type FileSlice, type HeldBytes } from './worker-protocol.js';

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);
const text = async (file: SinkSlice | undefined) => new Uint8Array(await sliceToBlob(file as FileSlice).arrayBuffer());

describe('memorySink', () => {
  it('gathers small files and hands each its own bytes once flushed', async () => {
    const sink = memorySink();
    await sink.writeBytes?.('a.txt', bytes(3, 1));
    await sink.writeFile('b.txt', new Blob([bytes(2, 2), bytes(2, 3)]).stream());
    await sink.writeBytes?.('empty', new Uint8Array());
    await sink.writeBytes?.('pieces', [bytes(2, 4), bytes(1, 5)]);
    expect(sink.files.size).toBe(0);
    sink.flush();
    expect([...sink.files.keys()].sort()).toEqual(['a.txt', 'b.txt', 'empty', 'pieces']);
    expect(await text(sink.files.get('pieces'))).toEqual(new Uint8Array([4, 4, 5]));
    expect(await text(sink.files.get('a.txt'))).toEqual(bytes(3, 1));
    expect(await text(sink.files.get('b.txt'))).toEqual(new Uint8Array([2, 2, 3, 3]));
    expect(sink.files.get('empty')?.size).toBe(0);
    // One Blob for the whole batch: no file has been cut out of it yet.
    expect(new Set([...sink.files.values()].map((file) => (file as BlobRange).blob)).size).toBe(1);
  });

  it('gives a large file a Blob of its own at once', async () => {
    const sink = memorySink();
    await sink.writeBytes?.('big.bin', bytes(1024 * 1024, 7));
    expect(sink.files.get('big.bin')).toMatchObject({ offset: 0, size: 1024 * 1024 });
    expect((sink.files.get('big.bin') as BlobRange).blob.size).toBe(1024 * 1024);
  });

  it('hands files over as their own bytes while the budget allows, and batches Blobs beyond it', async () => {
    const sink = memorySink(heldOutput(3000));
    const whole = bytes(1000, 1);
    const pieces = [bytes(500, 2), bytes(500, 3)];
    await sink.writeBytes?.('whole', whole);
    await sink.writeBytes?.('pieces', pieces);
    await sink.writeBytes?.('late', bytes(1500, 4));
    await sink.writeBytes?.('empty', new Uint8Array(0));
    // Kept at once, as they are: no batch to flush, and not a copy.
    expect((sink.files.get('whole') as HeldBytes).parts).toEqual([whole]);
    expect((sink.files.get('whole') as HeldBytes).parts[0]).toBe(whole);
    expect((sink.files.get('pieces') as HeldBytes).parts).toEqual(pieces);
    expect(sink.files.get('empty')).toEqual({ parts: [new Uint8Array(0)], size: 0 });
    // 3000 bytes held: the next file waits for a batch Blob.
    expect(sink.files.has('late')).toBe(false);
    sink.flush();
    expect(sink.files.get('late')).toHaveProperty('blob');
    expect(await text(sink.files.get('late'))).toEqual(bytes(1500, 4));
    expect(await text(sink.files.get('pieces'))).toEqual(new Uint8Array([...bytes(500, 2), ...bytes(500, 3)]));
  });

  it('turns a batch into Blobs once it is large, so waiting bytes stay bounded', async () => {
    const sink = memorySink();
    for (let i = 0; i < 40; i += 1) await sink.writeBytes?.(`f${i}`, bytes(1024 * 1024 - 1, i));
    // 32 files of just under 1 MiB pass the 32 MiB batch size.
    expect(sink.files.size).toBe(33);
    sink.flush();
    expect(sink.files.size).toBe(40);
    expect((await text(sink.files.get('f39')))[0]).toBe(39);
  });

  it('copies a file still waiting in a batch, and discards waiting files with the rest', async () => {
    const sink = memorySink();
    await sink.writeBytes?.('a', bytes(4, 9));
    await sink.copyFile?.('a', 'b');
    expect(await text(sink.files.get('b'))).toEqual(bytes(4, 9));
    await sink.writeBytes?.('c', bytes(4, 1));
    await sink.discard();
    sink.flush();
    expect(sink.files.size).toBe(0);
  });

  it("adopts files from 7-Zip's in-memory file system, however they were written", async () => {
    const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    const sink = memorySink();
    const staging = stageIn(sz, sink);
    const root = staging.root;
    // In one go, as FS.writeFile does, and in chunks that make MEMFS grow its buffer past the
    // file's size, as 7-Zip's writes do.
    sz.FS.writeFile(`${root}/whole`, bytes(10, 5));
    const stream = sz.FS.open(`${root}/chunked`, 'w');
    const chunk = new Uint8Array(70_000).map((_, i) => i % 251);
    for (let i = 0; i < 3; i += 1) sz.FS.write(stream, chunk, 0, chunk.length);
    sz.FS.close(stream);
    sz.FS.writeFile(`${root}/empty`, new Uint8Array());
    for (const name of ['whole', 'chunked', 'empty']) await staging.adopt(`${root}/${name}`, `out/${name}`);
    sink.flush();
    // Files the spool took are left behind, holding no bytes (the instance is dropped after the
    // extraction); a file MEMFS held is removed once its bytes are taken.
    expect(
      sz.FS.readdir(root)
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual(['chunked', 'whole']);
    expect(memfsContents(sz, `${root}/whole`)).toBeNull();
    expect(memfsContents(sz, `${root}/chunked`)).toBeNull();
    expect(await text(sink.files.get('out/whole'))).toEqual(bytes(10, 5));
    const chunked = await text(sink.files.get('out/chunked'));
    expect(chunked.length).toBe(210_000);
    expect(chunked.subarray(140_000)).toEqual(chunk);
    expect(sink.files.get('out/empty')?.size).toBe(0);
  });

  it("takes 7-Zip's output out of its in-memory file system as it is written", async () => {
    const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    const sink = memorySink();
    const staging = stageIn(sz, sink);
    const root = staging.root;
    const stream = sz.FS.open(`${root}/big`, 'w');
    const piece = new Uint8Array(64 * 1024);
    for (let i = 0; i < 128; i += 1) sz.FS.write(stream, piece.fill(i), 0, piece.length);
    sz.FS.close(stream);
    expect((sz.FS.lookupPath(`${root}/big`).node as unknown as { contents: unknown }).contents).toBeNull();
    await staging.adopt(`${root}/big`, 'big');
    const big = await text(sink.files.get('big'));
    expect(big.length).toBe(128 * 64 * 1024);
    expect([0, 1, 64, 127].map((i) => big[i * 64 * 1024 + 5])).toEqual([0, 1, 64, 127]);
  });

  it('lets a file the in-memory file system keeps grow by doubling, its bytes intact', async () => {
    const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    const sink = memorySink();
    const staging = stageIn(sz, sink);
    // Outside the staging folder nothing is spooled: MEMFS keeps the file, as for one 7-Zip
    // rewrites in place.
    const stream = sz.FS.open('/big', 'w');
    const node = sz.FS.lookupPath('/big').node as unknown as { contents: Uint8Array | null };
    const buffers = new Set<Uint8Array>();
    const piece = new Uint8Array(64 * 1024);
    for (let i = 0; i < 128; i += 1) {
      sz.FS.write(stream, piece.fill(i), 0, piece.length);
      if (node.contents) buffers.add(node.contents);
    }
    sz.FS.close(stream);
    // 8 MiB in 64 KiB pieces: 8 buffers when doubling; MEMFS's own 12.5% steps past 1 MiB made 23.
    expect(buffers.size).toBeGreaterThan(1);
    expect(buffers.size).toBeLessThanOrEqual(8);
    await staging.adopt('/big', 'big');
    const big = await text(sink.files.get('big'));
    expect(big.length).toBe(128 * 64 * 1024);
    expect([0, 1, 64, 127].map((i) => big[i * 64 * 1024 + 5])).toEqual([0, 1, 64, 127]);
  });
});
