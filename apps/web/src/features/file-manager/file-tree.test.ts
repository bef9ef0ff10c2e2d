import { describe, expect, it } from 'vitest';
import { buildFileTree, type TreeNode } from './file-tree';
import { makeFile } from './test-files';

/** The tree as indented lines: folders end with `/`, files show their name. */
function outline(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(node.depth)}${node.kind === 'folder' ? `${node.name}/ (${node.fileCount})` : node.file.name}`,
    ...outline(node.children),
  ]);
}

describe('buildFileTree', () => {
  it('rebuilds folders from paths, folders first and sorted, files in the given order', () => {
    const files = ['z.txt', 'b/2.txt', 'a.txt', 'docs/img10/x.png', 'docs/img2/y.png', 'b/1.txt'].map((path) => makeFile(path));
    expect(outline(buildFileTree(files))).toEqual([
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

  it('totals the sizes below each folder', () => {
    const tree = buildFileTree([makeFile('d/a', { size: 3 }), makeFile('d/e/b', { size: 4 })]);
    expect(tree[0]).toMatchObject({ kind: 'folder', name: 'd', fileCount: 2, totalSize: 7 });
  });

  it("puts an opened nested archive's files beneath the archive, relative to it", () => {
    const inner = makeFile('outer/inner.zip', { id: 'inner' });
    const files = [
      makeFile('outer/inner.zip/docs/readme.txt', { parentId: 'inner', size: 5 }),
      inner,
      makeFile('outer/inner.zip/deep.tar', { parentId: 'inner', id: 'deep' }),
      makeFile('outer/inner.zip/deep.tar/x.bin', { parentId: 'deep' }),
    ];
    expect(outline(buildFileTree(files))).toEqual([
      'outer/ (4)',
      '  inner.zip',
      '    docs/ (1)',
      '      readme.txt',
      '    deep.tar',
      '      x.bin',
    ]);
  });

  it('shows a nested file by its full path when its archive is filtered out', () => {
    const files = [makeFile('a.zip/x.txt', { parentId: 'gone' })];
    expect(outline(buildFileTree(files))).toEqual(['a.zip/ (1)', '  x.txt']);
  });

  it('survives a parent cycle in corrupt data', () => {
    const files = [makeFile('p.zip', { id: 'p', parentId: 'q' }), makeFile('q.zip', { id: 'q', parentId: 'p' })];
    expect(outline(buildFileTree(files))).toEqual(['p.zip', 'q.zip']);
  });

  it('gives every node a unique key', () => {
    const inner = makeFile('a.zip', { id: 'a' });
    const files = [inner, makeFile('a.zip/a/x', { parentId: 'a' }), makeFile('a/y')];
    const keys: string[] = [];
    const walk = (nodes: readonly TreeNode[]) => nodes.forEach((node) => (keys.push(node.key), walk(node.children)));
    walk(buildFileTree(files));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
