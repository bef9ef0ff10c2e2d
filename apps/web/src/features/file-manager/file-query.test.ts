import { describe, expect, it } from 'vitest';
import { applyQuery, categoryStats, DEFAULT_QUERY, filterFiles, FILTER_CATEGORIES, sortFiles, totalSize } from './file-query';
import { makeFile, makeFiles } from './test-files';

const names = (files: readonly { name: string }[]) => files.map((file) => file.name);

describe('defaults', () => {
  it('starts on all categories, name ascending, list view', () => {
    expect(DEFAULT_QUERY).toEqual({ search: '', category: 'all', sortField: 'name', order: 'asc', view: 'list' });
  });

  it('never offers "other" as a filter', () => {
    expect(FILTER_CATEGORIES).toEqual(['images', 'documents', 'videos', 'audio', 'archives', 'code']);
  });
});

describe('filterFiles', () => {
  const files = makeFiles('Photos/Beach.JPG', 'docs/report.pdf', 'src/main.ts', 'photos-notes.txt');

  it('matches a case-insensitive substring of the path', () => {
    expect(names(filterFiles(files, 'photos', 'all'))).toEqual(['Beach.JPG', 'photos-notes.txt']);
    expect(names(filterFiles(files, '  REPORT ', 'all'))).toEqual(['report.pdf']);
  });

  it('filters by category, with the search', () => {
    expect(names(filterFiles(files, '', 'images'))).toEqual(['Beach.JPG']);
    expect(names(filterFiles(files, 'photos', 'documents'))).toEqual(['photos-notes.txt']);
    expect(filterFiles(files, 'nothing', 'all')).toEqual([]);
  });
});

describe('sortFiles', () => {
  const files = [
    makeFile('file10.txt', { size: 5 }),
    makeFile('File2.txt', { size: 300 }),
    makeFile('b/song.mp3', { size: 20 }),
    makeFile('a/song.mp3', { size: 20 }),
    makeFile('app.js', { size: 1 }),
  ];

  it('sorts names with numbers by value, ignoring case, ties by path', () => {
    expect(sortFiles(files, { field: 'name', order: 'asc' }).map((file) => file.path)).toEqual([
      'app.js',
      'File2.txt',
      'file10.txt',
      'a/song.mp3',
      'b/song.mp3',
    ]);
  });

  it('reverses for descending order', () => {
    expect(names(sortFiles(files, { field: 'name', order: 'desc' }))[0]).toBe('song.mp3');
  });

  it('sorts sizes as numbers', () => {
    expect(sortFiles(files, { field: 'size', order: 'asc' }).map((file) => file.size)).toEqual([1, 5, 20, 20, 300]);
    expect(sortFiles(files, { field: 'size', order: 'desc' }).map((file) => file.size)).toEqual([300, 20, 20, 5, 1]);
  });

  it('sorts by the archive’s times, files without one first, ties by name', () => {
    const dated = [
      makeFile('b.txt', { modified: Date.UTC(2001, 0, 1) }),
      makeFile('c.txt'),
      makeFile('a.txt', { modified: Date.UTC(2001, 0, 1) }),
      makeFile('d.txt', { modified: Date.UTC(1999, 0, 1) }),
      // Past what a (time × count + rank) sort key holds exactly.
      makeFile('e.txt', { modified: 8.64e15 }),
    ];
    expect(names(sortFiles(dated, { field: 'modified', order: 'asc' }))).toEqual(['c.txt', 'd.txt', 'a.txt', 'b.txt', 'e.txt']);
    expect(names(sortFiles(dated, { field: 'modified', order: 'desc' }))[0]).toBe('e.txt');
  });

  it('sorts by MIME type', () => {
    expect(sortFiles(files, { field: 'type', order: 'asc' }).map((file) => file.mimeType)).toEqual([
      'audio/mpeg',
      'audio/mpeg',
      'text/javascript',
      'text/plain',
      'text/plain',
    ]);
  });

  it('sorts by the displayed category name', () => {
    const display = { audio: 'Zz audio', code: 'Aa code', documents: 'Mm docs' } as Record<string, string>;
    const sorted = sortFiles(files, { field: 'category', order: 'asc', categoryName: (id) => display[id] ?? id });
    expect(sorted.map((file) => file.category)).toEqual(['code', 'documents', 'documents', 'audio', 'audio']);
  });

  it('does not change its input', () => {
    const before = [...files];
    sortFiles(files, { field: 'size', order: 'desc' });
    expect(files).toEqual(before);
  });
});

describe('applyQuery', () => {
  it('filters then sorts 10,000 files quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => makeFile(`dir${index % 10}/file${index}.txt`, { size: index }));
    const started = performance.now();
    const shown = applyQuery(many, { search: 'dir3/', category: 'documents', sortField: 'size', order: 'desc' });
    expect(shown).toHaveLength(1000);
    expect(shown[0]?.name).toBe('file9993.txt');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('categoryStats', () => {
  it('counts and sums each category present, in the fixed order, including other', () => {
    const files = [
      makeFile('a.txt', { size: 10 }),
      makeFile('b.bin', { size: 7 }),
      makeFile('c.png', { size: 5 }),
      makeFile('d.pdf', { size: 1 }),
    ];
    expect(categoryStats(files)).toEqual([
      { id: 'images', count: 1, totalSize: 5 },
      { id: 'documents', count: 2, totalSize: 11 },
      { id: 'other', count: 1, totalSize: 7 },
    ]);
    expect(totalSize(files)).toBe(23);
    expect(categoryStats([])).toEqual([]);
  });
});
