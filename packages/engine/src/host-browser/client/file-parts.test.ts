import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ExtractedEntry } from '../../core/types.js';
import type { BrowserExtractResult, FileSlice } from '../worker-protocol.js';
import { sliceToBlob } from '../worker-protocol.js';
import { joinFileParts } from './file-parts.js';

const whole = randomBytes(300_000);
const cutAt = 123_457;
const head = whole.subarray(0, cutAt);
const tail = whole.subarray(cutAt);

/** What the two shares answer for a 7z of `big.bin` (cut in two) and `after.txt`. */
function answers(firstSlice: FileSlice, restSlice: FileSlice, expectedCrc: number | null = crc32(whole)): BrowserExtractResult[] {
  return [
    {
      format: '7z',
      entries: [{ path: 'big.bin', type: 'file', size: head.length, modified: 1000 }],
      files: new Map([['big.bin', firstSlice]]),
      filePart: { path: 'big.bin', part: 'first', size: head.length, crc: crc32(head), expectedCrc },
    },
    {
      format: '7z',
      entries: [
        { path: '~rest', type: 'file', size: tail.length },
        { path: 'after.txt', type: 'file', size: 2 },
      ],
      files: new Map<string, FileSlice>([
        ['~rest', restSlice],
        ['after.txt', { parts: [Uint8Array.from([104, 105])], size: 2 }],
      ]),
      filePart: { path: '~rest', part: 'rest', size: tail.length, crc: crc32(tail) },
    },
  ];
}

function merged(shares: BrowserExtractResult[]): { entries: ExtractedEntry[]; files: Map<string, FileSlice> } {
  return {
    entries: shares.flatMap((share) => share.entries.map((entry) => ({ ...entry }))),
    files: new Map(shares.flatMap((share) => [...share.files])),
  };
}

const held = (bytes: Uint8Array): FileSlice => ({ parts: [Uint8Array.from(bytes)], size: bytes.length });
const inBlob = (bytes: Uint8Array): FileSlice => {
  // A range of a larger Blob, as a batch of the output store holds it.
  const blob = new Blob([Uint8Array.of(1, 2, 3), Uint8Array.from(bytes), Uint8Array.of(4)]);
  return { blob, offset: 3, size: bytes.length };
};

describe("the page's join of a file two workers each extracted part of", () => {
  it('makes one file of both parts, whatever holds their bytes, and one entry of the whole size', async () => {
    for (const [a, b] of [
      [held(head), held(tail)],
      [inBlob(head), inBlob(tail)],
      [held(head), inBlob(tail)],
    ] as const) {
      const shares = answers(a, b);
      const result = merged(shares);
      expect(joinFileParts(result, shares)).toBeNull();
      expect(result.entries).toEqual([
        { path: 'big.bin', type: 'file', size: whole.length, modified: 1000 },
        { path: 'after.txt', type: 'file', size: 2 },
      ]);
      expect([...result.files.keys()]).toEqual(['big.bin', 'after.txt']);
      const joined = result.files.get('big.bin');
      expect(joined?.size).toBe(whole.length);
      if (!joined) return;
      expect(Buffer.from(await sliceToBlob(joined).arrayBuffer()).equals(whole)).toBe(true);
    }
  });

  it('refuses parts whose combined CRC-32 is not the listed one: CORRUPT_ARCHIVE, nothing changed', () => {
    const shares = answers(held(head), held(tail), (crc32(whole) ^ 1) >>> 0);
    const result = merged(shares);
    expect(joinFileParts(result, shares)).toMatchObject({ code: 'CORRUPT_ARCHIVE', details: { entry: 'big.bin' } });
    expect(result.files.has('~rest')).toBe(true);
  });

  it('joins unchecked where the archive lists no CRC-32, as 7-Zip would extract it', () => {
    const shares = answers(held(head), held(tail), null);
    const result = merged(shares);
    expect(joinFileParts(result, shares)).toBeNull();
    expect(result.files.get('big.bin')?.size).toBe(whole.length);
  });

  it('fails a join that lacks a part (a share lost it), and leaves answers without parts as they are', () => {
    const [first, second] = answers(held(head), held(tail));
    if (!first || !second) throw new Error('two answers');
    const lone = [first, { ...second, filePart: undefined } as BrowserExtractResult];
    expect(joinFileParts(merged(lone), lone)).toMatchObject({ code: 'INTERNAL' });
    const plain = [{ ...first, filePart: undefined } as BrowserExtractResult];
    const result = merged(plain);
    expect(joinFileParts(result, plain)).toBeNull();
    expect(result.entries).toHaveLength(1);
  });
});
