import { describe, expect, it } from 'vitest';
import { archiveBaseName, extractedZipName } from './archive-name.js';

describe('archiveBaseName', () => {
  it.each([
    ['photos.zip', 'photos'],
    ['photos.tar.gz', 'photos'],
    ['a.part1.rar', 'a'],
    ['x.7z.001', 'x'],
    ['backup.R00', 'backup'],
    ['my.holiday.photos.7z', 'my.holiday.photos'],
    ['setup.exe', 'setup'],
    ['folder/inner.tgz', 'inner'],
    ['README', 'README'],
  ])('%s → %s', (name, expected) => {
    expect(archiveBaseName(name)).toBe(expected);
  });
});

describe('extractedZipName', () => {
  it('is the archive’s name without its archive extensions, then -extracted.zip', () => {
    expect(extractedZipName('media-enc.zip')).toBe('media-enc-extracted.zip');
    expect(extractedZipName('x.7z.001')).toBe('x-extracted.zip');
  });

  it('falls back to extracted-files.zip without a usable name', () => {
    expect(extractedZipName(null)).toBe('extracted-files.zip');
    expect(extractedZipName('  ')).toBe('extracted-files.zip');
  });
});
