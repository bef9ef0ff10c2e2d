import { describe, expect, it } from 'vitest';
import { formatFromFileName, usageFormatName } from './format-name';

describe('usage event format names', () => {
  it.each([
    ['photos.zip', 'zip'],
    ['Photos.ZIP', 'zip'],
    ['backup.tar.gz', 'tar.gz'],
    ['backup.TGZ', 'tar.gz'],
    ['backup.tar.bz2', 'tar.bz2'],
    ['movie.part01.rar', 'rar'],
    ['movie.r00', 'rar'],
    ['disk.z01', 'zip'],
    ['disk.7z.001', '7z'],
    ['image.iso', 'iso'],
    ['README', null],
    ['archive.', null],
    ['data.001', null],
  ])('%s → %s', (name, format) => {
    expect(formatFromFileName(name)).toBe(format);
  });

  it("prefers the engine's name, lowercased, and falls back to the extension when it is unusable", () => {
    expect(usageFormatName('Z', 'old.bin')).toBe('z');
    expect(usageFormatName('tar.gz', 'backup.tgz')).toBe('tar.gz');
    expect(usageFormatName('not a format name!', 'a.cab')).toBe('cab');
    expect(usageFormatName(null, 'a.cab')).toBe('cab');
  });
});
