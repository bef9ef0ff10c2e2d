import { describe, expect, it } from 'vitest';
import type { ArchiveSource } from '../core/types.js';
import { memorySource } from '../testing/memory-io.js';
import { gzipFrame, gzipMemberSource } from './gzip-member.js';

const archive = new Uint8Array(1000).map((_, i) => (i * 7) & 0xff);
const frame = gzipFrame(123_456, 0xdeadbeef);
/** What the member must read as: the frame around bytes 100-899 of the archive. */
const expected = new Uint8Array([...frame.header, ...archive.subarray(100, 900), ...frame.trailer]);

async function whole(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('an entry framed as a gzip member', () => {
  const member = gzipMemberSource(memorySource(archive), 100, 800, frame);

  it('reads as header, data and trailer, from any range', async () => {
    expect(member.size).toBe(expected.length);
    for (const [offset, length] of [
      [0, 4],
      [5, 20],
      [10, 800],
      [300, 100],
      [805, 13],
      [0, expected.length],
      [815, 100],
    ] as const) {
      expect(await member.read(offset, length), `${offset}+${length}`).toEqual(expected.subarray(offset, offset + length));
    }
  });

  it('streams the same bytes', async () => {
    expect(await whole(member.stream())).toEqual(expected);
    expect(member.file).toBeUndefined();
  });

  it('is a File of its own where the archive is one', async () => {
    const source: ArchiveSource & { file: File } = { ...memorySource(archive), file: new File([archive], 'a.zip') };
    const framed = gzipMemberSource(source, 100, 800, frame);
    expect(framed.file).toBeInstanceOf(File);
    expect(new Uint8Array(await (framed.file as File).arrayBuffer())).toEqual(expected);
    expect(await whole(framed.stream())).toEqual(expected);
  });

  it('holds the size and CRC-32 in its trailer, little-endian, the size mod 2^32', () => {
    const view = new DataView(gzipFrame(2 ** 32 + 5, 1).trailer.buffer);
    expect([view.getUint32(0, true), view.getUint32(4, true)]).toEqual([1, 5]);
  });
});
