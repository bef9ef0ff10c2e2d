import type { BrowserExtractResult } from '@archive-opener/engine/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArchiveJob } from './archive-jobs';
import { ExtractionError, SHARED_MIN_BYTES } from './engine-client';
import { FILE_JOINED_MARK, mergeShares, sharesFor } from './shared-extraction';

const bytes = (text: string) => ({ parts: [new TextEncoder().encode(text)], size: text.length });

describe('mergeShares', () => {
  it('joins the shares in order, listing a folder both made once', () => {
    const first: BrowserExtractResult = {
      format: 'zip',
      entries: [
        { path: 'a', type: 'dir', size: 0 },
        { path: 'a/1.txt', type: 'file', size: 1 },
      ],
      files: new Map([['a/1.txt', bytes('1')]]),
    };
    const second: BrowserExtractResult = {
      format: 'zip',
      entries: [
        { path: 'a', type: 'dir', size: 0 },
        { path: 'a/2.txt', type: 'file', size: 1 },
      ],
      encrypted: true,
      files: new Map([['a/2.txt', bytes('2')]]),
    };
    const merged = mergeShares([first, second]);
    expect(merged.entries.map((entry) => entry.path)).toEqual(['a', 'a/1.txt', 'a/2.txt']);
    expect([...merged.files.keys()]).toEqual(['a/1.txt', 'a/2.txt']);
    expect(merged.encrypted).toBe(true);
  });

  /** Two shares of a 7z whose file `big.bin` ("abcdef") was cut after "abc"; `crc` is what the archive lists. */
  const cutShares = (crc: number): BrowserExtractResult[] => [
    {
      format: '7z',
      entries: [{ path: 'big.bin', type: 'file', size: 3 }],
      files: new Map([['big.bin', bytes('abc')]]),
      // CRC-32 of "abc", "def" and "abcdef".
      filePart: { path: 'big.bin', part: 'first', size: 3, crc: 0x352441c2, expectedCrc: crc },
    },
    {
      format: '7z',
      entries: [{ path: '~rest', type: 'file', size: 3 }],
      files: new Map([['~rest', bytes('def')]]),
      filePart: { path: '~rest', part: 'rest', size: 3, crc: 0x0cc4e161 },
    },
  ];

  it('joins a file the shares each extracted part of: one entry, its bytes in order, a mark for tests', () => {
    performance.clearMarks(FILE_JOINED_MARK);
    const merged = mergeShares(cutShares(0x4b8e39ef));
    expect(merged.entries).toEqual([{ path: 'big.bin', type: 'file', size: 6 }]);
    expect([...merged.files.keys()]).toEqual(['big.bin']);
    const joined = merged.files.get('big.bin');
    const text = joined && 'parts' in joined ? joined.parts.map((part) => new TextDecoder().decode(part)).join('') : null;
    expect(text).toBe('abcdef');
    expect(performance.getEntriesByName(FILE_JOINED_MARK).map((mark) => (mark as PerformanceMark).detail as string)).toEqual([
      'big.bin',
    ]);
  });

  it('fails the shared run when the joined file is not the one the archive lists (the page then runs one worker)', () => {
    const failure = (() => {
      try {
        mergeShares(cutShares(0x4b8e39ee));
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ExtractionError);
    expect((failure as ExtractionError).shape.code).toBe('CORRUPT_ARCHIVE');
  });
});

describe('sharesFor', () => {
  afterEach(() => vi.unstubAllGlobals());
  const job = (listing: ArchiveJob['listing'], parts = 1): Pick<ArchiveJob, 'parts' | 'listing'> => ({
    parts: Array.from({ length: parts }, () => new File([], 'a.zip')),
    listing,
  });
  const listed = (format: string, size: number, encrypted = false): ArchiveJob['listing'] => ({
    state: 'listed',
    files: 1,
    bytes: size,
    encrypted,
    names: [],
    format,
  });

  it('shares a large zip between two cores, an encrypted one once its password is given, and nothing else', () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 8 });
    expect(sharesFor(job(listed('zip', SHARED_MIN_BYTES)), '')).toBe(2);
    expect(sharesFor(job(listed('zip', SHARED_MIN_BYTES - 1)), '')).toBe(1);
    expect(sharesFor(job(listed('7z', SHARED_MIN_BYTES)), '')).toBe(1);
    expect(sharesFor(job(listed('zip', SHARED_MIN_BYTES, true)), '')).toBe(1);
    expect(sharesFor(job(listed('zip', SHARED_MIN_BYTES, true)), 'secret')).toBe(2);
    expect(sharesFor(job(listed('zip', SHARED_MIN_BYTES)), 'secret')).toBe(2);
    expect(sharesFor(job(listed('zip', SHARED_MIN_BYTES), 2), '')).toBe(1);
  });

  it('shares a large 7z whose listing says it splits in two, an encrypted one with its password', () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const sevenZip = (size: number, splitsInTwo: boolean, encrypted = false): ArchiveJob['listing'] => ({
      state: 'listed',
      files: 4,
      bytes: size,
      encrypted,
      names: [],
      format: '7z',
      splitsInTwo,
    });
    expect(sharesFor(job(sevenZip(SHARED_MIN_BYTES, true)), '')).toBe(2);
    expect(sharesFor(job(sevenZip(SHARED_MIN_BYTES, false)), '')).toBe(1);
    expect(sharesFor(job(sevenZip(SHARED_MIN_BYTES - 1, true)), '')).toBe(1);
    expect(sharesFor(job(sevenZip(SHARED_MIN_BYTES, true, true)), '')).toBe(1);
    expect(sharesFor(job(sevenZip(SHARED_MIN_BYTES, true, true)), 'secret')).toBe(2);
    expect(sharesFor(job(sevenZip(SHARED_MIN_BYTES, false, true)), 'secret')).toBe(1);
    expect(sharesFor(job(sevenZip(SHARED_MIN_BYTES, true), 2), '')).toBe(1);
  });

  it('guesses from the name and size while the listing has not come', () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const unlisted = (name: string, size: number, listing: ArchiveJob['listing'] = { state: 'listing' }) => ({
      parts: [new File([new Uint8Array(size)], name)],
      listing,
    });
    expect(sharesFor(unlisted('big.zip', SHARED_MIN_BYTES), '')).toBe(2);
    expect(sharesFor(unlisted('big.ZIP', SHARED_MIN_BYTES), '')).toBe(2);
    expect(sharesFor(unlisted('big.zip', SHARED_MIN_BYTES - 1), '')).toBe(1);
    expect(sharesFor(unlisted('big.7z', SHARED_MIN_BYTES), '')).toBe(2);
    expect(sharesFor(unlisted('big.rar', SHARED_MIN_BYTES), '')).toBe(1);
    expect(sharesFor(unlisted('big.zip', SHARED_MIN_BYTES, { state: 'failed' }), '')).toBe(1);
  });

  it('keeps to one worker on a single core', () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 1 });
    expect(sharesFor(job(listed('zip', SHARED_MIN_BYTES)), '')).toBe(1);
  });
});
