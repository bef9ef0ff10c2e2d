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
    ['csi\u009b2J\u0085.txt', 'csi_2J_.txt'],
    ['invoice\u202efdp.exe', 'invoice_fdp.exe'],
    ['\u2066a\u2069/\u200fb\u200e\u061c', '_a_/_b__'],
    ['docs/CON', 'docs/_CON'],
    ['aux.txt', '_aux.txt'],
    ['lpt1/x', '_lpt1/x'],
    ['C:x', 'C_x'],
    ['a/D:x.txt', 'a/D_x.txt'],
    ['trailing. /dots...', 'trailing__/dots___'],
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
