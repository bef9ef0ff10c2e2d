import { describe, expect, it } from 'vitest';
import { BROWSER_LIMITS } from '@archive-opener/shared';
import { sharePlan } from './share-plan.js';
import { parseSltListing } from './slt-listing.js';

const MB = 1024 * 1024;

/** `7zz l -slt` output of a 7z of four solid blocks, a folder and an empty file. */
function fourBlocks(): ReturnType<typeof parseSltListing> {
  const items: { path: string; size: number; block?: number; folder?: boolean }[] = [
    { path: 'd', size: 0, folder: true },
    { path: 'd/a', size: 60 * MB, block: 0 },
    { path: 'd/b', size: 5 * MB, block: 0 },
    { path: 'd/c', size: 50 * MB, block: 1 },
    { path: 'd/e', size: 40 * MB, block: 2 },
    { path: 'd/f', size: 30 * MB, block: 3 },
    { path: 'd/empty', size: 0 },
  ];
  const lines = ['--', 'Path = x.7z', 'Type = 7z', 'Method = LZMA2:24', 'Solid = +', '', '----------'];
  for (const item of items) {
    lines.push(
      `Path = ${item.path}`,
      `Size = ${item.size}`,
      'Packed Size = ',
      `Attributes = ${item.folder ? 'D_ drwxr-xr-x' : 'A_ -rw-r--r--'}`,
      `Method = ${item.folder ? '' : 'LZMA2:24'}`,
      `Block = ${item.block ?? ''}`,
      '',
    );
  }
  return parseSltListing(lines);
}

describe('a share of a 7z for one of two browser workers', () => {
  const archiveBytes = 100 * MB;

  it('names the same files to both: the second extracts only them, the first everything else', async () => {
    const first = await sharePlan(fourBlocks(), undefined, { index: 0, count: 2 }, BROWSER_LIMITS, {}, archiveBytes);
    const second = await sharePlan(fourBlocks(), undefined, { index: 1, count: 2 }, BROWSER_LIMITS, {}, archiveBytes);
    expect(second.names).toEqual(['d/c', 'd/e']);
    expect(first.names).toEqual(second.names);
    expect(first.switches).toContain('-xr-@/names.txt');
    expect(second.switches).toContain('-ir-@/names.txt');
    // Wildcards off: a name is a name.
    expect(second.switches).toContain('-spd');
    expect(first.entries.map((e) => e.name)).toEqual(['d', 'd/a', 'd/b', 'd/f', 'd/empty']);
    expect(second.entries.map((e) => e.name)).toEqual(['d/c', 'd/e']);
    expect([first.bytes, second.bytes]).toEqual([95 * MB, 90 * MB]);
  });

  it('cuts every limit by what each share declares: together no more than the whole may write', async () => {
    const limits = { ...BROWSER_LIMITS, maxTotalBytes: 370 * MB, maxEntries: 70, maxExpansionRatio: 1000 };
    const [first, second] = await Promise.all(
      [0, 1].map(
        async (index) => (await sharePlan(fourBlocks(), undefined, { index, count: 2 }, limits, {}, archiveBytes)).limits,
      ),
    );
    expect(first?.maxTotalBytes).toBe(190 * MB);
    expect(second?.maxTotalBytes).toBe(180 * MB);
    expect((first?.maxEntries ?? 0) + (second?.maxEntries ?? 0)).toBeLessThanOrEqual(70);
    expect(first?.maxEntries).toBe(50);
    expect(second?.maxEntries).toBe(20);
    // The expansion ratio is held by the byte cap: 185 MB from 1 MB at 100x is 100 MB in all.
    const byRatio = { ...limits, maxExpansionRatio: 100, ratioGraceBytes: 0 };
    const cut = await Promise.all(
      [0, 1].map(async (index) => (await sharePlan(fourBlocks(), undefined, { index, count: 2 }, byRatio, {}, MB)).limits),
    );
    expect(cut.reduce((sum, each) => sum + each.maxTotalBytes, 0)).toBeLessThanOrEqual(100 * MB);
    expect(cut.every((each) => each.maxExpansionRatio === Number.POSITIVE_INFINITY)).toBe(true);
  });

  it('gives all to the first share where no split is made, nothing to the second; fails for more than two', async () => {
    const options = { only: ['d/a'] };
    const first = await sharePlan(fourBlocks(), undefined, { index: 0, count: 2 }, BROWSER_LIMITS, options, archiveBytes);
    const second = await sharePlan(fourBlocks(), undefined, { index: 1, count: 2 }, BROWSER_LIMITS, options, archiveBytes);
    expect(first.entries).toHaveLength(7);
    expect(first.switches).toEqual([]);
    expect(first.limits.maxEntries).toBe(BROWSER_LIMITS.maxEntries);
    expect(second.entries).toEqual([]);
    await expect(sharePlan(fourBlocks(), undefined, { index: 0, count: 3 }, BROWSER_LIMITS, {}, archiveBytes)).rejects.toThrow(
      /two shares/,
    );
  });
});
