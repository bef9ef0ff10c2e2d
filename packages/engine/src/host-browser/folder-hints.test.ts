import { describe, expect, it } from 'vitest';
import { folderHints, namesApart, sharedTop } from './folder-hints.js';

describe('sharedTop', () => {
  const file = (name: string) => ({ name, type: 'file' as const });
  const dir = (name: string) => ({ name, type: 'dir' as const });

  it('names the one folder every entry is inside', () => {
    expect(sharedTop([dir('project/'), file('project/a.txt'), file('project/src/b.ts')])).toBe('project');
    expect(sharedTop([file('project/a.txt'), dir('project')])).toBe('project');
  });

  it('is null for loose files, several top folders, an empty folder alone or a name from the root', () => {
    expect(sharedTop([file('project/a.txt'), file('readme')])).toBeNull();
    expect(sharedTop([file('x/1'), file('y/2')])).toBeNull();
    expect(sharedTop([dir('empty/')])).toBeNull();
    expect(sharedTop([file('/etc/passwd')])).toBeNull();
    expect(sharedTop([])).toBeNull();
  });
});

describe('namesApart', () => {
  const file = (name: string) => ({ name, type: 'file' as const });
  const dir = (name: string) => ({ name, type: 'dir' as const });

  it('holds for distinct portable names, folders listed before or after their files', () => {
    expect(namesApart([dir('data/'), file('data/a.txt'), file('data/sub/b.txt'), dir('data/sub')])).toBe(true);
    expect(namesApart([file('data/a.txt'), dir('data/'), file('top.txt')])).toBe(true);
  });

  it('fails for a name twice, names or folders equal but for case, and names a disk would change', () => {
    expect(namesApart([file('a.txt'), file('a.txt')])).toBe(false);
    expect(namesApart([file('x/Read.txt'), file('x/read.txt')])).toBe(false);
    expect(namesApart([file('Docs/a.txt'), file('docs/b.txt')])).toBe(false);
    expect(namesApart([file('what?.txt')])).toBe(false);
    expect(namesApart([file('a/../b.txt')])).toBe(false);
    expect(namesApart([file('x'), file('x/y')])).toBe(false);
  });
});

describe('folderHints', () => {
  it('gives the top folder and the sharing hint only when they hold', () => {
    expect(folderHints([{ name: 'p/a.txt', type: 'file' }])).toEqual({ top: 'p', namesApart: true });
    expect(
      folderHints([
        { name: 'a.txt', type: 'file' },
        { name: 'A.txt', type: 'file' },
      ]),
    ).toEqual({});
  });
});
