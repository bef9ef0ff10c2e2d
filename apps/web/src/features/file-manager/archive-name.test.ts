import { describe, expect, it } from 'vitest';
import { isArchiveFile } from './archive-name';

describe('isArchiveFile', () => {
  it('knows the archives category and archive extensions outside it', () => {
    expect(isArchiveFile({ name: 'a.zip', category: 'archives' })).toBe(true);
    expect(isArchiveFile({ name: 'a.lzh', category: 'other' })).toBe(true);
    expect(isArchiveFile({ name: 'a.txt', category: 'documents' })).toBe(false);
    expect(isArchiveFile({ name: 'tool.exe', category: 'other' })).toBe(false);
  });
});
