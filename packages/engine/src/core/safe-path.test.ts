import { describe, expect, it } from 'vitest';
import { parentOf, toSafeRelativePath } from './safe-path.js';

describe('toSafeRelativePath', () => {
  it.each([
    ['docs/readme.txt', 'docs/readme.txt'],
    ['../../etc/passwd', 'etc/passwd'],
    ['/etc/passwd', 'etc/passwd'],
    ['..\\..\\Windows\\evil.dll', 'Windows/evil.dll'],
    ['C:\\Temp\\evil.txt', 'Temp/evil.txt'],
    ['C:/x', 'x'],
    ['a/./b//c', 'a/b/c'],
    ['a/../b', 'a/b'],
    ['bell\u0007.txt', 'bell_.txt'],
  ])('%j becomes %j', (raw, safe) => {
    expect(toSafeRelativePath(raw)).toBe(safe);
  });

  it('gives up on names with nothing usable left', () => {
    expect(toSafeRelativePath('../..')).toBeNull();
    expect(toSafeRelativePath('/')).toBeNull();
    expect(toSafeRelativePath('')).toBeNull();
  });

  it('keeps names that merely contain dots', () => {
    expect(toSafeRelativePath('..hidden/file..txt')).toBe('..hidden/file..txt');
  });

  it('finds the parent folder', () => {
    expect(parentOf('a/b/c.txt')).toBe('a/b');
    expect(parentOf('c.txt')).toBe('');
  });
});
