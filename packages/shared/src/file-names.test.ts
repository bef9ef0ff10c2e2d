import { describe, expect, it } from 'vitest';
import { hasDirectionControls, windowsSafeName, withoutDirectionControls } from './file-names.js';

describe('direction controls', () => {
  const controls = [
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200e',
    '\u200f',
    '\u061c',
  ];

  it.each(controls)('U+%s is found and replaced', (control) => {
    const name = `invoice${control}fdp.exe`;
    expect(hasDirectionControls(name)).toBe(true);
    expect(withoutDirectionControls(name)).toBe('invoice_fdp.exe');
  });

  it('leaves right-to-left text itself alone', () => {
    expect(hasDirectionControls('تقرير.pdf')).toBe(false);
    expect(withoutDirectionControls('תמונה.jpg')).toBe('תמונה.jpg');
  });
});

describe('windowsSafeName', () => {
  it.each([
    ['CON', '_CON'],
    ['con', '_con'],
    ['aux.txt', '_aux.txt'],
    ['NUL.tar.gz', '_NUL.tar.gz'],
    ['nul .txt', '_nul .txt'],
    ['COM1', '_COM1'],
    ['lpt9.log', '_lpt9.log'],
    ['PRN', '_PRN'],
    ['C:x', 'C_x'],
    ['d:', 'd_'],
    ['report.', 'report_'],
    ['notes  ', 'notes__'],
    ['CON.', 'CON_'],
  ])('%j becomes %j', (name, safe) => {
    expect(windowsSafeName(name)).toBe(safe);
  });

  it.each(['console.log', 'auxiliary.txt', 'COM10', 'LPT0', 'com.txt', '.env', 'a.b', '12:30 notes'])('%j stays', (name) => {
    expect(windowsSafeName(name)).toBe(name);
  });
});
