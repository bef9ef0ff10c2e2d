import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { fileSource } from './file-source.js';
import { zlibStream } from './zlib-stream.js';

const text = new TextEncoder().encode('all work and no play '.repeat(200_000));
/** Text that deflate shrinks by a quarter only: its first write is a whole piece of the Blob's stream. */
const noisy = new TextEncoder().encode(randomBytes(3_000_000).toString('base64'));
const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

describe('zlibStream', () => {
  it('decodes every member of a file, in large chunks', async () => {
    const input = new Blob([gzipSync(noisy), gzipSync(text.subarray(0, 1000))]).stream();
    const chunks: Uint8Array[] = [];
    for await (const chunk of input.pipeThrough(zlibStream('gzip'))) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(Buffer.concat([noisy, text.subarray(0, 1000)]))).toBe(true);
    expect(chunks[0]?.length).toBe(1 << 20);
  });

  it('inflates raw deflate data in large chunks', async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of new Blob([deflateRawSync(noisy)]).stream().pipeThrough(zlibStream('deflate-raw')))
      chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(noisy)).toBe(true);
    expect(chunks[0]?.length).toBe(1 << 20);
  });

  it('gives a small first write small output chunks: zlib allocates its buffer whole', async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of new Blob([deflateRawSync(text.subarray(0, 100_000))])
      .stream()
      .pipeThrough(zlibStream('deflate-raw')))
      chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(text.subarray(0, 100_000))).toBe(true);
    expect(chunks[0]?.length).toBe(64 * 1024);
  });

  it('makes nothing for a stream never written to', async () => {
    const { readable, writable } = zlibStream('deflate-raw');
    await writable.abort(new Error('not used'));
    await expect(bytesOf(readable)).rejects.toThrow('not used');
  });

  it('fails on raw deflate data that ends early', async () => {
    const cut = deflateRawSync(text).subarray(0, 1000);
    await expect(bytesOf(new Blob([cut]).stream().pipeThrough(zlibStream('deflate-raw')))).rejects.toThrow(/end/);
  });

  it('fails the write and the output on damaged data', async () => {
    const damaged = gzipSync(text);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 6) ^ 0xff, damaged.length - 6); // the CRC
    const { readable, writable } = zlibStream('gzip');
    const output = bytesOf(readable);
    const writer = writable.getWriter();
    await expect(writer.write(damaged).then(() => writer.close())).rejects.toThrow(/check/);
    await expect(output).rejects.toThrow(/check/);
  });

  it('fails its output when its input is aborted, as DecompressionStream does', async () => {
    // zip.js aborts the input of an entry whose AES authentication failed, then awaits the output.
    const { readable, writable } = zlibStream('deflate-raw');
    const output = bytesOf(readable);
    const writer = writable.getWriter();
    await writer.write(new Uint8Array(deflateRawSync(text).subarray(0, 5000)));
    await writer.abort(new Error('Invalid authentication code'));
    await expect(output).rejects.toThrow('Invalid authentication code');
  });

  it('stops a write that waits for its output to be read when the output is cancelled', async () => {
    const { readable, writable } = zlibStream('gzip');
    const writer = writable.getWriter();
    // 4 MB of output and nobody reading: zlib pauses, the write waits.
    const write = writer.write(gzipSync(noisy));
    const settled = write.then(
      () => 'written',
      () => 'failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await readable.cancel();
    await expect(settled).resolves.toBe('failed');
  });
});

describe('fileSource.stream', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ao-file-source-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the whole file front to back', async () => {
    const content = randomBytes(2.5 * 1024 * 1024);
    writeFileSync(join(dir, 'a.bin'), content);
    const source = await fileSource(join(dir, 'a.bin'));
    expect(Buffer.from(await bytesOf(source.stream())).equals(content)).toBe(true);
    // A cancelled stream lets go of the file; a new one starts again from the front.
    const reader = source.stream().getReader();
    expect((await reader.read()).value?.length).toBe(1024 * 1024);
    await reader.cancel();
    expect(Buffer.from(await bytesOf(source.stream())).equals(content)).toBe(true);
  });
});
