import { describe, expect, it } from 'vitest';
import { growNameTable } from './name-table.js';
import { SevenZip } from './sevenzip-package.js';

interface Internals {
  nameTable: unknown[];
}

const FILES = 20_000;

describe('growNameTable', () => {
  it('grows the table with the nodes, and every name is still found, renamed and removed', async () => {
    const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    const { FS } = sz;
    const internals = FS as unknown as Internals;
    const before = internals.nameTable.length;
    growNameTable(FS);
    for (let dir = 0; dir < 20; dir += 1) FS.mkdir(`/d${dir}`);
    for (let n = 0; n < FILES; n += 1) FS.writeFile(`/d${n % 20}/f${n}.txt`, `file ${n}`);

    expect(internals.nameTable.length).toBeGreaterThanOrEqual(FILES);
    expect(internals.nameTable.length).toBeGreaterThan(before);
    for (let n = 0; n < FILES; n += 1) expect(FS.readFile(`/d${n % 20}/f${n}.txt`, { encoding: 'utf8' })).toBe(`file ${n}`);

    // Renames and removals unlink nodes from chains that were rebuilt: each must leave no trace.
    for (let n = 0; n < FILES; n += 2) FS.rename(`/d${n % 20}/f${n}.txt`, `/d${(n + 1) % 20}/moved${n}.txt`);
    for (let n = 1; n < FILES; n += 4) FS.unlink(`/d${n % 20}/f${n}.txt`);
    for (let n = 0; n < FILES; n += 1) {
      const was = `/d${n % 20}/f${n}.txt`;
      if (n % 2 === 0) {
        expect(() => FS.stat(was)).toThrow();
        expect(FS.readFile(`/d${(n + 1) % 20}/moved${n}.txt`, { encoding: 'utf8' })).toBe(`file ${n}`);
      } else if (n % 4 === 1) {
        expect(() => FS.stat(was)).toThrow();
      } else {
        expect(FS.readFile(was, { encoding: 'utf8' })).toBe(`file ${n}`);
      }
    }
    expect(FS.readdir('/d1')).toHaveLength(2 + FILES / 20 / 2 + FILES / 20 / 2);
  });

  it('keeps the cost of a lookup flat as the files grow', async () => {
    // 7-Zip creates each file after looking for its name: the lookups of names not there yet
    // walked a whole chain of the fixed 4,096-slot table. Count the nodes a miss visits.
    const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    const { FS } = sz;
    growNameTable(FS);
    FS.mkdir('/out');
    for (let n = 0; n < 100_000; n += 1) FS.writeFile(`/out/f${n}`, '');
    const table = (FS as unknown as { nameTable: ({ name_next?: unknown } | null)[] }).nameTable;
    let longest = 0;
    for (const head of table) {
      let length = 0;
      for (let node = head; node; node = node.name_next as typeof node) length += 1;
      longest = Math.max(longest, length);
    }
    // Without growth, 100,000 nodes in 4,096 slots: chains of ~25 on average.
    expect(longest).toBeLessThan(12);
  });
});
