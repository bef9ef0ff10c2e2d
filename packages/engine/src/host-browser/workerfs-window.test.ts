import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { windowedRead } from './workerfs-window.js';

/**
 * The window logic over real Blobs. In a browser `fetch` is FileReaderSync, which only workers
 * have; here it is the same synchronous slice of the bytes each Blob was made from. The whole
 * path (7-Zip through WORKERFS in Chromium, volume sets included) runs in test/browser.
 */
function parts(...sizes: number[]) {
  const contents = new Map<Blob, Uint8Array>();
  const files = sizes.map((size) => {
    const bytes = new Uint8Array(randomBytes(size));
    const file = new Blob([bytes]);
    contents.set(file, bytes);
    return file;
  });
  const fetches: [number, number, number][] = [];
  // Windows of 100 bytes at first, growing fourfold up to 6400.
  const read = windowedRead(
    (file, start, end) => {
      fetches.push([files.indexOf(file), start, end]);
      return (contents.get(file) as Uint8Array).slice(start, end);
    },
    6400,
    100,
    4,
  );
  /** Reads as 7-Zip does: into its heap (an Int8Array) at some offset. */
  const readAt = (part: number, position: number, length: number) => {
    const heap = new Int8Array(length + 7);
    const count = read({ node: { contents: files[part] as Blob } }, heap, 7, length, position);
    return { count, bytes: new Uint8Array(heap.buffer, 7, count) };
  };
  return { contents: [...contents.values()], fetches, readAt };
}

describe('windowedRead', () => {
  it('grows the window while reads go on in order, and starts small again after a jump', () => {
    const { contents, fetches, readAt } = parts(50_000);
    for (let position = 0; position < 10_000; position += 50) {
      const { count, bytes } = readAt(0, position, 50);
      expect(count).toBe(50);
      expect(bytes).toEqual(contents[0]?.subarray(position, position + 50));
    }
    expect(fetches).toEqual([
      [0, 0, 100],
      [0, 100, 500],
      [0, 500, 2100],
      [0, 2100, 8500],
      [0, 8500, 14_900],
    ]);
    // A jump far ahead (a RAR's next header past a big file), a hop over less than the next
    // window (past a small file), a read straddling the window's end, and back to the start.
    const reads: [number, number][] = [
      [40_000, 50],
      [40_300, 50],
      [40_650, 100],
      [50, 10],
    ];
    for (const [position, length] of reads) {
      expect(readAt(0, position, length).bytes).toEqual(contents[0]?.subarray(position, position + length));
    }
    expect(fetches.slice(5)).toEqual([
      [0, 40_000, 40_100],
      [0, 40_300, 40_700],
      [0, 40_650, 42_250],
      [0, 50, 150],
    ]);
  });

  it('reads large requests directly, stops at the end of the file, and keeps volumes apart', () => {
    const { contents, fetches, readAt } = parts(20_000, 9000);
    expect(readAt(0, 100, 7000).bytes).toEqual(contents[0]?.subarray(100, 7100));
    expect(readAt(0, 19_990, 100)).toMatchObject({ count: 10 });
    expect(readAt(0, 20_000, 100).count).toBe(0);
    // Same offsets in another volume: a different file, so a window of its own.
    expect(readAt(1, 4990, 5).bytes).toEqual(contents[1]?.subarray(4990, 4995));
    expect(readAt(0, 19_990, 10).bytes).toEqual(contents[0]?.subarray(19_990, 20_000));
    // A read bigger than the window it would get, smaller than the largest: one window of its size.
    expect(readAt(1, 100, 3000).bytes).toEqual(contents[1]?.subarray(100, 3100));
    expect(fetches).toEqual([
      [0, 100, 7100],
      [0, 19_990, 20_000],
      [1, 4990, 5090],
      [0, 19_990, 20_000],
      [1, 100, 3100],
    ]);
  });
});
