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
  const read = windowedRead((file, start, end) => {
    fetches.push([files.indexOf(file), start, end]);
    return (contents.get(file) as Uint8Array).slice(start, end);
  }, 1000);
  /** Reads as 7-Zip does: into its heap (an Int8Array) at some offset. */
  const readAt = (part: number, position: number, length: number) => {
    const heap = new Int8Array(length + 7);
    const count = read({ node: { contents: files[part] as Blob } }, heap, 7, length, position);
    return { count, bytes: new Uint8Array(heap.buffer, 7, count) };
  };
  return { contents: [...contents.values()], fetches, readAt };
}

describe('windowedRead', () => {
  it('serves small reads from one window and fetches a new one only when a read leaves it', () => {
    const { contents, fetches, readAt } = parts(5000);
    for (let position = 0; position < 2500; position += 100) {
      const { count, bytes } = readAt(0, position, 100);
      expect(count).toBe(100);
      expect(bytes).toEqual(contents[0]?.subarray(position, position + 100));
    }
    expect(fetches).toEqual([
      [0, 0, 1000],
      [0, 1000, 2000],
      [0, 2000, 3000],
    ]);
    // Back into an earlier part of the file, and one read straddling the window's end.
    expect(readAt(0, 50, 10).bytes).toEqual(contents[0]?.subarray(50, 60));
    expect(readAt(0, 1045, 10).bytes).toEqual(contents[0]?.subarray(1045, 1055));
    expect(fetches.slice(3)).toEqual([
      [0, 50, 1050],
      [0, 1045, 2045],
    ]);
  });

  it('reads large requests directly, stops at the end of the file, and keeps volumes apart', () => {
    const { contents, fetches, readAt } = parts(5000, 6000);
    expect(readAt(0, 100, 2000).bytes).toEqual(contents[0]?.subarray(100, 2100));
    expect(readAt(0, 4990, 100)).toMatchObject({ count: 10 });
    expect(readAt(0, 5000, 100).count).toBe(0);
    // Same offsets in another volume: a different file, so a window of its own.
    expect(readAt(1, 4990, 5).bytes).toEqual(contents[1]?.subarray(4990, 4995));
    expect(readAt(0, 4990, 10).bytes).toEqual(contents[0]?.subarray(4990, 5000));
    expect(fetches).toEqual([
      [0, 100, 2100],
      [0, 4990, 5000],
      [1, 4990, 5990],
      [0, 4990, 5000],
    ]);
  });
});
