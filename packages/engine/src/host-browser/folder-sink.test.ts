import { describe, expect, it } from 'vitest';
import { FOLDER_WRITE_BYTES, gathering } from './folder-sink.js';

/** The writes `gathering` makes of `chunks`, each as its length and its first byte (copied when made). */
async function writesOf(chunks: Uint8Array[]): Promise<{ length: number; first: number | undefined }[]> {
  const writes: { length: number; first: number | undefined }[] = [];
  const gather = gathering(async (data) => {
    writes.push({ length: data.length, first: data[0] });
  });
  for (const chunk of chunks) await gather.add(chunk);
  await gather.end();
  return writes;
}

describe('gathering', () => {
  it("joins a decoder's small chunks into writes of FOLDER_WRITE_BYTES, the rest at the end", async () => {
    const chunk = 64 * 1024;
    const count = (FOLDER_WRITE_BYTES / chunk) * 2 + 3;
    const chunks = Array.from({ length: count }, (_, index) => new Uint8Array(chunk).fill(index % 256));
    const writes = await writesOf(chunks);
    expect(writes.map((write) => write.length)).toEqual([FOLDER_WRITE_BYTES, FOLDER_WRITE_BYTES, 3 * chunk]);
    // Each write begins with the chunk that filled it first: nothing reordered or lost.
    expect(writes.map((write) => write.first)).toEqual([0, FOLDER_WRITE_BYTES / chunk, ((FOLDER_WRITE_BYTES / chunk) * 2) % 256]);
  });

  it("writes a large chunk as it is when nothing waits, and splits one across a buffer's end", async () => {
    const large = new Uint8Array(FOLDER_WRITE_BYTES + 5).fill(1);
    expect(await writesOf([large])).toEqual([{ length: FOLDER_WRITE_BYTES + 5, first: 1 }]);
    const writes = await writesOf([new Uint8Array(10).fill(2), large]);
    expect(writes.map((write) => write.length)).toEqual([FOLDER_WRITE_BYTES, 15]);
  });

  it('writes nothing for an empty file', async () => {
    expect(await writesOf([])).toEqual([]);
    expect(await writesOf([new Uint8Array(0)])).toEqual([]);
  });
});
