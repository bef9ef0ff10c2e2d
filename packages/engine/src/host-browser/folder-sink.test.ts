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

  it('fills the next buffer while one write is on its way, and never a buffer whose write has not settled', async () => {
    const settles: (() => void)[] = [];
    const written: Uint8Array[] = [];
    const gather = gathering(
      (data) =>
        new Promise<void>((resolve) => {
          written.push(data);
          settles.push(resolve);
        }),
    );
    const chunk = (fill: number) => new Uint8Array(FOLDER_WRITE_BYTES / 2).fill(fill);
    await gather.add(chunk(1));
    await gather.add(chunk(1));
    // The first buffer is on its way; the second fills meanwhile.
    expect(written).toHaveLength(1);
    await gather.add(chunk(2));
    let third = false;
    const adding = gather.add(chunk(2)).then(() => (third = true));
    // The second buffer is full, and waits for the first write before it is written.
    // Every task queued so far has run (one turn of the event loop), and the add still waits.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(third).toBe(false);
    expect(written).toHaveLength(1);
    settles.shift()?.();
    await adding;
    expect(written).toHaveLength(2);
    // Each write still holds its own bytes: no buffer was filled again under a pending write.
    expect([written[0]?.[0], written[1]?.[0]]).toEqual([1, 2]);
    const ending = gather.end();
    settles.shift()?.();
    await ending;
  });
});
