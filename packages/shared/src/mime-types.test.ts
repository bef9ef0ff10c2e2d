import { describe, expect, it } from 'vitest';
import { categorize } from './categories.js';
import { guessMimeType } from './mime-types.js';

describe('guessMimeType', () => {
  it.each([
    ['photo.JPG', 'image/jpeg'],
    ['a/b/song.mp3', 'audio/mpeg'],
    ['clip.webm', 'video/webm'],
    ['notes.txt', 'text/plain'],
    ['src/app.ts', 'text/typescript'],
    ['manual.pdf', 'application/pdf'],
    ['backup.tar.gz', 'application/gzip'],
    ['report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('%s is %s', (path, expected) => {
    expect(guessMimeType(path)).toBe(expected);
  });

  it('falls back to application/octet-stream', () => {
    expect(guessMimeType('data.bin')).toBe('application/octet-stream');
    expect(guessMimeType('Makefile')).toBe('application/octet-stream');
    expect(guessMimeType('.gitignore')).toBe('application/octet-stream');
  });

  it('agrees with the file categories', () => {
    expect(categorize('x.svg', guessMimeType('x.svg'))).toBe('images');
    expect(categorize('x.md', guessMimeType('x.md'))).toBe('documents');
    expect(categorize('x.json', guessMimeType('x.json'))).toBe('documents');
    expect(categorize('x.rar', guessMimeType('x.rar'))).toBe('archives');
    expect(categorize('x.py', guessMimeType('x.py'))).toBe('code');
  });
});
