import { describe, expect, it } from 'vitest';
import { archiveBaseName, isArchiveFile } from './archive-name';

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

describe('isArchiveFile', () => {
  it('knows the archives category and archive extensions outside it', () => {
    expect(isArchiveFile({ name: 'a.zip', category: 'archives' })).toBe(true);
    expect(isArchiveFile({ name: 'a.lzh', category: 'other' })).toBe(true);
    expect(isArchiveFile({ name: 'a.txt', category: 'documents' })).toBe(false);
    expect(isArchiveFile({ name: 'tool.exe', category: 'other' })).toBe(false);
  });
});
