import { describe, expect, it } from 'vitest';
import { EngineError } from './engine-error.js';
import { checkNameBytes, NameAllocator } from './name-allocator.js';

describe('NameAllocator', () => {
  it('never gives two files the same name, even differing only in case', () => {
    const names = new NameAllocator();
    expect(names.allocate('README.txt', 'file')).toBe('README.txt');
    expect(names.allocate('readme.txt', 'file')).toBe('readme (2).txt');
    expect(names.allocate('README.TXT', 'file')).toBe('README (3).TXT');
  });

  it('merges directories that differ only in case', () => {
    const names = new NameAllocator();
    expect(names.allocate('Docs/a.txt', 'file')).toBe('Docs/a.txt');
    expect(names.allocate('docs/b.txt', 'file')).toBe('Docs/b.txt');
    expect(names.allocate('docs', 'dir')).toBe('Docs');
  });

  it('does not let a directory replace a file or the other way round', () => {
    const names = new NameAllocator();
    expect(names.allocate('data', 'file')).toBe('data');
    expect(names.allocate('data/inner.txt', 'file')).toBe('data (2)/inner.txt');
    expect(names.allocate('data', 'dir')).toBe('data (2)');
  });

  it('numbers 100,000 identical names in order, each once (the search for a free number resumes)', () => {
    const names = new NameAllocator();
    const paths = Array.from({ length: 100_000 }, () => names.allocate('dir/a.txt', 'file'));
    expect(paths[0]).toBe('dir/a.txt');
    expect(paths[1]).toBe('dir/a (2).txt');
    expect(paths[99_999]).toBe('dir/a (100000).txt');
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(100_000);
  });

  it('never reuses a name taken before or after a numbered copy was made', () => {
    const names = new NameAllocator();
    expect(names.allocate('a (3).txt', 'file')).toBe('a (3).txt');
    expect(names.allocate('a.txt', 'file')).toBe('a.txt');
    expect(names.allocate('A.txt', 'file')).toBe('A (2).txt');
    // The real "a (3).txt" holds 3: the next copy skips it.
    expect(names.allocate('a.txt', 'file')).toBe('a (4).txt');
    // A real name that a copy took already becomes a copy itself.
    expect(names.allocate('a (2).txt', 'file')).toBe('a (2) (2).txt');
    expect(names.allocate('a (5).TXT', 'file')).toBe('a (5).TXT');
    expect(names.allocate('a.txt', 'file')).toBe('a (6).txt');
    // A folder of the same name as a file goes to a numbered name that no file holds either.
    expect(names.allocate('a.txt/inner', 'file')).toBe('a (7).txt/inner');
    expect(names.allocate('a.txt', 'file')).toBe('a (8).txt');
  });

  it('treats a leading dot as part of the name', () => {
    const names = new NameAllocator();
    names.allocate('.env', 'file');
    expect(names.allocate('.ENV', 'file')).toBe('.ENV (2)');
  });

  it('refuses a name of more than 255 bytes of UTF-8, whatever its length in characters', () => {
    const refused = (name: string) => {
      try {
        checkNameBytes(name);
        return false;
      } catch (error) {
        expect((error as EngineError).details).toMatchObject({ limit: 'nameLength', max: 255 });
        return true;
      }
    };
    expect(refused('a'.repeat(255))).toBe(false);
    expect(refused('a'.repeat(256))).toBe(true);
    // 3 bytes each: 85 fit, 86 do not.
    expect(refused('€'.repeat(85))).toBe(false);
    expect(refused('€'.repeat(86))).toBe(true);
    // 2 bytes each: 128 characters are 256 bytes.
    expect(refused('é'.repeat(127))).toBe(false);
    expect(refused('é'.repeat(128))).toBe(true);
    // A surrogate pair is 4 bytes: 64 of them are 256.
    expect(refused(`${'😀'.repeat(63)}abc`)).toBe(false);
    expect(refused('😀'.repeat(64))).toBe(true);
  });

  it('refuses a path of more than 4096 bytes, each of its names short enough', () => {
    const names = new NameAllocator();
    const folder = 'é'.repeat(100); // 200 bytes
    expect(names.allocate(Array.from({ length: 20 }, () => folder).join('/'), 'file')).toHaveLength(20 * 101 - 1);
    expect(() => new NameAllocator().allocate(Array.from({ length: 21 }, () => folder).join('/'), 'file')).toThrow(EngineError);
  });
});
