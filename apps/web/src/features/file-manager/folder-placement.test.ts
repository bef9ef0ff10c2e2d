import { describe, expect, it } from 'vitest';
import { numberedName } from '@archive-opener/shared/allowed-name';
import { planFolder, unusedName } from './folder-placement';

const none = new Set<string>();

describe('planFolder', () => {
  it('does not wrap an archive whose files all share one top folder in another', () => {
    expect(planFolder(['project/a.txt', 'project/src/b.ts'], 'project-1.0.zip', none)).toEqual({
      folder: 'project',
      paths: ['a.txt', 'src/b.ts'],
    });
  });

  it('puts loose files, or several top folders, in a new folder named after the archive', () => {
    expect(planFolder(['a.txt', 'docs/b.txt'], 'photos.tar.gz', none)).toEqual({
      folder: 'photos',
      paths: ['a.txt', 'docs/b.txt'],
    });
    expect(planFolder(['x/1', 'y/2'], 'two.7z', none).folder).toBe('two');
    // A single file at the top is not a folder: it is wrapped too.
    expect(planFolder(['readme'], 'r.zip', none)).toEqual({ folder: 'r', paths: ['readme'] });
  });

  it('names the folder of a batch of several archives for what it is', () => {
    expect(planFolder(['a.zip/x.txt', 'b.zip/y.txt'], null, none).folder).toBe('extracted-files');
  });

  it('never takes a name the picked folder has: the folder gets " (2)", " (3)", whatever the case', () => {
    expect(planFolder(['project/a.txt'], 'p.zip', new Set(['project'])).folder).toBe('project (2)');
    expect(planFolder(['a.txt'], 'photos.zip', new Set(['Photos', 'photos (2)'])).folder).toBe('photos (3)');
  });

  it('keeps names safe and distinct inside the folder, as the ZIP download does', () => {
    const plan = planFolder(['top/CON', 'top/a.txt', 'top/A.txt', 'top/inner.zip', 'top/inner.zip/x'], 'a.zip', none);
    expect(plan.paths).toEqual(['_CON', 'a.txt', 'A (2).txt', 'inner.zip', 'inner.zip-extracted/x']);
  });
});

describe('unusedName', () => {
  it('numbers a file before its extension and a folder after its whole name', () => {
    expect(numberedName('report.final.pdf', 2, false)).toBe('report.final (2).pdf');
    expect(numberedName('v1.2', 2, true)).toBe('v1.2 (2)');
    expect(numberedName('.hidden', 3, false)).toBe('.hidden (3)');
    expect(unusedName('a.txt', new Set(['A.TXT']), false)).toBe('a (2).txt');
    expect(unusedName('a.txt', new Set(['b']), false)).toBe('a.txt');
  });
});
