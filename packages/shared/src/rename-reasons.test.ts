import { describe, expect, it } from 'vitest';
import { renameReasons } from './rename-reasons.js';

describe('renameReasons', () => {
  it('says why the engine changed a name', () => {
    expect(renameReasons('../evil.txt', 'evil.txt')).toEqual(['traversal']);
    expect(renameReasons('/etc/passwd', 'etc/passwd')).toEqual(['absolute']);
    expect(renameReasons('C:\\Windows\\x.dll', 'C_/Windows/x.dll')).toEqual(['absolute', 'reserved']);
    expect(renameReasons('invoice\u202efdp.exe', 'invoice_fdp.exe')).toEqual(['bidi']);
    expect(renameReasons('a\u0007b.txt', 'a_b.txt')).toEqual(['control']);
    expect(renameReasons('CON.txt', '_CON.txt')).toEqual(['reserved']);
    expect(renameReasons('Readme.TXT', 'Readme (2).TXT')).toEqual(['duplicate']);
  });

  it('sets aside harmless differences: a leading ./, backslashes, doubled slashes', () => {
    expect(renameReasons('./docs/a.txt', 'docs/a.txt')).toEqual([]);
    expect(renameReasons('docs\\a.txt', 'docs/a.txt')).toEqual([]);
    expect(renameReasons('docs//a.txt', 'docs/a.txt')).toEqual([]);
  });
});
