import { describe, expect, it } from 'vitest';
import { decoderMemory } from './decoder-memory.js';
import { splitFolders } from './folder-split.js';
import { parseSltListing } from './slt-listing.js';

const MB = 1024 * 1024;

interface Item {
  path: string;
  size?: number;
  block?: number;
  packed?: number;
  folder?: boolean;
  method?: string;
}

/** `7zz l -slt` output of a 7z holding `items`, as 7-Zip prints it. */
function listing(items: Item[], archiveMethod = 'LZMA2:24'): ReturnType<typeof parseSltListing> {
  const lines = ['--', 'Path = x.7z', 'Type = 7z', `Method = ${archiveMethod}`, 'Solid = +', '', '----------'];
  for (const item of items) {
    lines.push(
      `Path = ${item.path}`,
      `Size = ${item.folder ? 0 : (item.size ?? 0)}`,
      `Packed Size = ${item.packed ?? ''}`,
      `Attributes = ${item.folder ? 'D_ drwxr-xr-x' : 'A_ -rw-r--r--'}`,
      `Method = ${item.folder ? '' : (item.method ?? 'LZMA2:24')}`,
      `Block = ${item.block ?? ''}`,
      '',
    );
  }
  return parseSltListing(lines);
}

const FOUR_BLOCKS: Item[] = [
  { path: 'd', folder: true },
  { path: 'd/a', size: 60 * MB, block: 0, packed: 10 * MB },
  { path: 'd/b', size: 5 * MB, block: 0 },
  { path: 'd/c', size: 50 * MB, block: 1, packed: 40 * MB },
  { path: 'd/e', size: 40 * MB, block: 2, packed: 8 * MB },
  { path: 'd/f', size: 30 * MB, block: 3, packed: 6 * MB },
  { path: 'd/empty', size: 0 },
];

describe('splitting a 7z between two 7-Zip instances', () => {
  it('balances the halves by unpacked bytes, the other instance taking the lighter, files only', () => {
    const split = splitFolders(listing(FOUR_BLOCKS), 2, {});
    // 65 and 50 / 40 and 30 MB unpacked, whatever the packed sizes say.
    expect(split?.unpacked).toEqual({ own: 95 * MB, helper: 90 * MB });
    expect(split?.helperNames).toEqual(['d/c', 'd/e']);
  });

  it('keeps one instance for one block, one core, chosen entries, little output or ambiguous names', () => {
    expect(
      splitFolders(listing(FOUR_BLOCKS.map((item) => ({ ...item, block: item.block === undefined ? undefined : 0 }))), 2, {}),
    ).toBeNull();
    expect(splitFolders(listing(FOUR_BLOCKS), 1, {})).toBeNull();
    expect(splitFolders(listing(FOUR_BLOCKS), 2, { only: ['d/a'] })).toBeNull();
    const small = FOUR_BLOCKS.map((item) => ({ ...item, size: item.size === undefined ? undefined : 1024 }));
    expect(splitFolders(listing(small), 2, {})).toBeNull();
    // The same name twice, a name with spaces at its end, a file named like a folder above another entry.
    expect(splitFolders(listing([...FOUR_BLOCKS, { path: 'd/a', size: 1, block: 3 }]), 2, {})).toBeNull();
    expect(splitFolders(listing([...FOUR_BLOCKS, { path: 'd/g ', size: 1, block: 3 }]), 2, {})).toBeNull();
    expect(splitFolders(listing([...FOUR_BLOCKS, { path: 'd/a/x', size: 1, block: 3 }]), 2, {})).toBeNull();
    // Names a list file reads otherwise: a part that is empty, "." or ".."; a name from the root; spaces at its start.
    for (const path of ['d/./g', 'd/../g', 'd//g', 'd/g/', '/g', ' d/g', '..', '.']) {
      expect(splitFolders(listing([...FOUR_BLOCKS, { path, size: 1, block: 3 }]), 2, {}), path).toBeNull();
    }
  });

  it('splits where names only look like those: dots and spaces inside a name', () => {
    for (const path of ['d/.g', 'd/..g', 'd/g.', 'd/g..', 'd/g h', '.d/g']) {
      expect(splitFolders(listing([...FOUR_BLOCKS, { path, size: 1, block: 3 }]), 2, {}), path).not.toBeNull();
    }
  });

  it('keeps one instance where a block needs a big or unknown decoder memory', () => {
    const big = FOUR_BLOCKS.map((item) => (item.block === 2 ? { ...item, method: 'LZMA:1536m' } : item));
    expect(splitFolders(listing(big), 2, {})).toBeNull();
    const unknown = FOUR_BLOCKS.map((item) => (item.block === 2 ? { ...item, method: 'Rar5:u' } : item));
    expect(splitFolders(listing(unknown), 2, {})).toBeNull();
  });
});

describe('the decoder memory a 7z names', () => {
  it('reads LZMA dictionaries and PPMd models, and knows no unknown method', () => {
    expect(decoderMemory(['LZMA2:24 BCJ', 'LZMA:16 7zAES:19'])).toBe(16 * MB);
    expect(decoderMemory(['LZMA:1536m'])).toBe(1536 * MB);
    expect(decoderMemory(['PPMD:o6:mem24'])).toBe(16 * MB);
    expect(decoderMemory(['BZip2', 'Copy', ''])).toBe(0);
    expect(decoderMemory(['Zstd:22'])).toBeNull();
  });
});
