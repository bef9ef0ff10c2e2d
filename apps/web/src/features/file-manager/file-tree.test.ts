import { describe, expect, it } from 'vitest';
import type { ExtractedFile } from './extracted-file';
import { buildFileTree, treeRows } from './file-tree';
import { makeFile, makeManyFiles } from './test-files';

const allOpen = (_key: string, _defaultOpen: boolean) => true;
const positions = (files: readonly ExtractedFile[], shown: readonly ExtractedFile[]) => shown.map((file) => files.indexOf(file));
const defaults = (_key: string, defaultOpen: boolean) => defaultOpen;

/** The rows as indented lines: folders end with `/ (count)`, files show their name. */
function outline(files: readonly ExtractedFile[], shown = files, isOpen = allOpen): string[] {
  return treeRows(buildFileTree(files), positions(files, shown), isOpen).map(
    (row) => `${'  '.repeat(row.depth)}${row.kind === 'folder' ? `${row.name}/ (${row.fileCount})` : row.file.name}`,
  );
}

describe('buildFileTree and treeRows', () => {
  it('rebuilds folders from paths, folders first and sorted, files in the given order', () => {
    const files = ['z.txt', 'b/2.txt', 'a.txt', 'docs/img10/x.png', 'docs/img2/y.png', 'b/1.txt'].map((path) => makeFile(path));
    expect(outline(files)).toEqual([
      'b/ (2)',
      '  2.txt',
      '  1.txt',
      'docs/ (2)',
      '  img2/ (1)',
      '    y.png',
      '  img10/ (1)',
      '    x.png',
      'z.txt',
      'a.txt',
    ]);
  });

  it('starts with every folder collapsed: only the top level is listed', () => {
    const files = ['b/2.txt', 'a.txt', 'docs/img/x.png', 'docs/y.png'].map((path) => makeFile(path));
    expect(outline(files, files, defaults)).toEqual(['b/ (1)', 'docs/ (2)', 'a.txt']);
  });

  it('lists the files shown, in their order, and only folders holding one, with counts of matches', () => {
    const files = ['d/a.txt', 'd/b.txt', 'd/e/c.txt', 'f/x.png'].map((path) => makeFile(path));
    const [a, b, c] = files;
    expect(outline(files, [c!, b!, a!])).toEqual(['d/ (3)', '  e/ (1)', '    c.txt', '  b.txt', '  a.txt']);
  });

  it('totals the sizes below each folder, and places rows among their siblings', () => {
    const files = [makeFile('d/a', { size: 3 }), makeFile('d/e/b', { size: 4 }), makeFile('top')];
    const rows = treeRows(buildFileTree(files), positions(files, files), allOpen);
    expect(rows[0]).toMatchObject({ kind: 'folder', name: 'd', fileCount: 2, totalSize: 7, position: 1, siblings: 2 });
    expect(rows.at(-1)).toMatchObject({ kind: 'file', depth: 0, position: 2, siblings: 2 });
  });

  it("puts an opened nested archive's files beneath the archive, relative to it, open by default", () => {
    const inner = makeFile('outer/inner.zip', { id: 'inner' });
    const files = [
      makeFile('outer/inner.zip/docs/readme.txt', { parentId: 'inner', size: 5 }),
      inner,
      makeFile('outer/inner.zip/deep.tar', { parentId: 'inner', id: 'deep' }),
      makeFile('outer/inner.zip/deep.tar/x.bin', { parentId: 'deep' }),
    ];
    expect(outline(files)).toEqual([
      'outer/ (4)',
      '  inner.zip',
      '    docs/ (1)',
      '      readme.txt',
      '    deep.tar',
      '      x.bin',
    ]);
    const opened = (key: string, defaultOpen: boolean) => defaultOpen || key === 'root/outer';
    expect(outline(files, files, opened)).toEqual(['outer/ (4)', '  inner.zip', '    docs/ (1)', '    deep.tar', '      x.bin']);
  });

  it('shows an opened archive filtered out by the search as a folder of its matches', () => {
    const files = [makeFile('a.zip', { id: 'a' }), makeFile('a.zip/x.txt', { parentId: 'a' })];
    expect(outline(files, [files[1]!])).toEqual(['a.zip/ (1)', '  x.txt']);
  });

  it('shows a nested file by its full path when its archive is not among the files', () => {
    const files = [makeFile('a.zip/x.txt', { parentId: 'gone' })];
    expect(outline(files)).toEqual(['a.zip/ (1)', '  x.txt']);
  });

  it('survives a parent cycle in corrupt data', () => {
    const files = [makeFile('p.zip', { id: 'p', parentId: 'q' }), makeFile('q.zip', { id: 'q', parentId: 'p' })];
    expect(outline(files)).toEqual(['p.zip', 'q.zip']);
  });

  it('gives every row a unique key', () => {
    const files = [makeFile('a.zip', { id: 'a' }), makeFile('a.zip/a/x', { parentId: 'a' }), makeFile('a/y')];
    const keys = treeRows(buildFileTree(files), positions(files, files), allOpen).map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('builds 100,000 files in linear time and lists a collapsed tree of them without walking closed folders', () => {
    const many = makeManyFiles(100_000, (index) => `d${index % 100}/s${index % 7}/f${index}.txt`);
    let started = performance.now();
    const tree = buildFileTree(many);
    const built = performance.now() - started;
    started = performance.now();
    const rows = treeRows(tree, Int32Array.from(many.keys()), defaults);
    const listed = performance.now() - started;
    expect(rows).toHaveLength(100);
    // Generous bounds for a busy machine: the old build (every folder's path re-joined per file,
    // every folder open) took seconds here.
    expect(built).toBeLessThan(1500);
    expect(listed).toBeLessThan(1500);
  });
});
