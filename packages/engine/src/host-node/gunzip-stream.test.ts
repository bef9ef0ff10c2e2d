import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { fileSource } from './file-source.js';
import { gunzipStream } from './gunzip-stream.js';

const text = new TextEncoder().encode('all work and no play '.repeat(200_000));
const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

describe('gunzipStream', () => {
  it('decodes every member of a file, in large chunks', async () => {
    const input = new Blob([gzipSync(text), gzipSync(text.subarray(0, 1000))]).stream();
    const chunks: Uint8Array[] = [];
    for await (const chunk of input.pipeThrough(gunzipStream())) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(Buffer.concat([text, text.subarray(0, 1000)]))).toBe(true);
    expect(chunks[0]?.length).toBe(1 << 20);
  });

  it('fails the write and the output on damaged data', async () => {
    const damaged = gzipSync(text);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 6) ^ 0xff, damaged.length - 6); // the CRC
    const { readable, writable } = gunzipStream();
    const output = bytesOf(readable);
    const writer = writable.getWriter();
    await expect(writer.write(damaged).then(() => writer.close())).rejects.toThrow(/check/);
    await expect(output).rejects.toThrow(/check/);
  });

  it('stops a write that waits for its output to be read when the output is cancelled', async () => {
    const { readable, writable } = gunzipStream();
    const writer = writable.getWriter();
    // 4 MB of output and nobody reading: zlib pauses, the write waits.
    const write = writer.write(gzipSync(text));
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
