import { describe, expect, it } from 'vitest';
import { createAllowed, DiskTree, FolderNames, portableName } from './allowed-name.js';

describe('portableName', () => {
  it('replaces what Windows and the browser refuse, keeps the rest', () => {
    expect(portableName('what?.txt')).toBe('what_.txt');
    expect(portableName('a:b<c>d"e|f*g\\h')).toBe('a_b_c_d_e_f_g_h');
    expect(portableName('tab\there')).toBe('tab_here');
    // Format characters: a zero-width joiner, a right-to-left override.
    expect(portableName('a\u200db\u202ec')).toBe('a_b_c');
    expect(portableName('ends with dots..')).toBe('ends with dots__');
    expect(portableName(' spaced ')).toBe('_spaced_');
    expect(portableName('~$report.docx')).toBe('_$report.docx');
    expect(portableName('naïve résumé.txt')).toBe('naïve résumé.txt');
  });

  it('keeps one leading dot, and never gives an empty name', () => {
    expect(portableName('.git')).toBe('.git');
    expect(portableName('.env?')).toBe('.env_');
    expect(portableName('..')).toBe('._');
    expect(portableName('?')).toBe('_');
  });

  it('defuses extensions the Windows shell acts on and device names', () => {
    expect(portableName('open me.lnk')).toBe('open me.lnk_');
    expect(portableName('site.URL')).toBe('site.URL_');
    expect(portableName('x.{20D04FE0-3AEA-1069-A2D8-08002B30309D}')).toBe('x.{20D04FE0-3AEA-1069-A2D8-08002B30309D}_');
    expect(portableName('CON')).toBe('_CON');
    expect(portableName('aux.txt')).toBe('_aux.txt');
  });
});

describe('FolderNames', () => {
  it('numbers a name already taken, whatever its case, before a file’s extension', () => {
    const names = new FolderNames(['Readme.txt']);
    expect(names.take('readme.txt', false)).toBe('readme (2).txt');
    expect(names.take('readme.txt', false)).toBe('readme (3).txt');
    expect(names.take('docs', true)).toBe('docs');
    expect(names.take('DOCS', true)).toBe('DOCS (2)');
  });
});

/** A folder that refuses names as Chromium's File System Access does on a disk (a TypeError). */
function refusing(refuse: (name: string) => boolean) {
  const made: string[] = [];
  const create = async (name: string) => {
    if (refuse(name)) throw new TypeError('Name is not allowed.');
    made.push(name);
    return name;
  };
  return { made, create };
}

describe('createAllowed', () => {
  it('uses the name itself when it is allowed', async () => {
    const folder = refusing(() => false);
    expect(await createAllowed('what?.txt', false, new FolderNames(), folder.create)).toEqual({
      handle: 'what?.txt',
      name: 'what?.txt',
    });
  });

  it('falls back to a portable name, never one the folder has', async () => {
    const folder = refusing((name) => /[?]/.test(name));
    const names = new FolderNames(['what_.txt']);
    expect((await createAllowed('what?.txt', false, names, folder.create)).name).toBe('what_ (2).txt');
    // A later file planned under the name the fallback took is numbered, not written over it.
    expect((await createAllowed('what_ (2).txt', false, names, folder.create)).name).toBe('what_ (2) (2).txt');
    expect(folder.made).toEqual(['what_ (2).txt', 'what_ (2) (2).txt']);
  });

  it('tries a leading "_" for names reserved beyond their characters, and gives up after it', async () => {
    const reserved = refusing((name) => name.toLowerCase() === 'desktop.ini');
    expect((await createAllowed('desktop.ini', false, new FolderNames(), reserved.create)).name).toBe('_desktop.ini');
    const nothing = refusing(() => true);
    await expect(createAllowed('a', false, new FolderNames(), nothing.create)).rejects.toThrow(TypeError);
  });

  it('passes on any other failure at once', async () => {
    const create = async () => {
      throw new DOMException('No space', 'QuotaExceededError');
    };
    await expect(createAllowed('a?b', false, new FolderNames(), create)).rejects.toThrow('No space');
  });
});

describe('DiskTree', () => {
  /** A disk in memory that refuses names with `?`, as Chromium does on a real one. */
  interface Folder {
    path: string;
  }
  function memoryDisk() {
    const made: string[] = [];
    const make = (parent: Folder, name: string): Promise<Folder> => {
      if (name.includes('?')) return Promise.reject(new TypeError('Name is not allowed.'));
      const path = parent.path ? `${parent.path}/${name}` : name;
      made.push(path);
      return Promise.resolve({ path });
    };
    return { made, maker: { folderIn: make, fileIn: make } };
  }

  it('makes each folder once, even for files created at once, and the files in them', async () => {
    const disk = memoryDisk();
    const tree = new DiskTree({ path: '' }, disk.maker);
    const files = await Promise.all(
      ['a/b/one.txt', 'a/b/two.txt', 'a/three.txt', 'four.txt'].map((path) => tree.createFile(path)),
    );
    expect(files.map((file) => file.path)).toEqual(['a/b/one.txt', 'a/b/two.txt', 'a/three.txt', 'four.txt']);
    expect(disk.made.filter((path) => path === 'a' || path === 'a/b')).toEqual(['a', 'a/b']);
    expect(tree.renamed).toBeNull();
  });

  it('numbers names equal but for case, writes a refused name under an allowed one, and tells the first change', async () => {
    const disk = memoryDisk();
    const tree = new DiskTree({ path: '' }, disk.maker);
    expect((await tree.createFile('x/Read.txt')).path).toBe('x/Read.txt');
    expect((await tree.createFile('x/read.txt')).path).toBe('x/read (2).txt');
    expect((await tree.createFile('x/what?.txt')).path).toBe('x/what_.txt');
    expect(tree.renamed).toEqual({ from: 'read.txt', to: 'read (2).txt' });
  });
});
