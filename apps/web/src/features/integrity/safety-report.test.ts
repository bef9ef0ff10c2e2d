import { describe, expect, it } from 'vitest';
import { makeFile, makeFiles } from '../file-manager/test-files';
import type { ArchiveFacts } from './archive-facts';
import { factsFromEntries } from './archive-facts';
import { hasSomethingToSay, safetyReport } from './safety-report';

const plainFacts = (over: Partial<ArchiveFacts> = {}): ArchiveFacts => ({
  archiveName: 'a.zip',
  archiveBytes: 1000,
  outputBytes: 3000,
  renamed: [],
  links: [],
  encrypted: false,
  ...over,
});

describe('safetyReport', () => {
  it('has nothing to say for a plain archive', () => {
    const report = safetyReport([plainFacts()], makeFiles('a/readme.txt', 'photo.jpg'));
    expect(hasSomethingToSay(report)).toBe(false);
    expect(report.ratio).toBe(3);
  });

  it('reports names made safe, links not created, programs, disguises, encryption and archives inside', () => {
    const facts = factsFromEntries(
      [
        { path: 'evil.txt', originalName: '../evil.txt', type: 'file', size: 4 },
        { path: './plain.txt', type: 'file', size: 1 },
        { path: 'link', type: 'symlink', size: 0, linkTarget: '/etc/passwd' },
        { path: 'invoice.pdf.exe', type: 'file', size: 2 },
      ],
      { name: 'hostile.zip', size: 100, encrypted: true },
    );
    const files = [makeFile('evil.txt'), makeFile('invoice.pdf.exe'), makeFile('tool.bat'), makeFile('inner.7z')];
    const report = safetyReport([facts], files);
    expect(hasSomethingToSay(report)).toBe(true);
    expect(report.renamed).toEqual([{ from: '../evil.txt', to: 'evil.txt', reasons: ['traversal'] }]);
    expect(report.links).toEqual([{ path: 'link', target: '/etc/passwd' }]);
    expect(report.risky.map(({ file, risk }) => [file.name, risk.kind])).toEqual([
      ['invoice.pdf.exe', 'doubleExtension'],
      ['tool.bat', 'executable'],
    ]);
    expect(report.encrypted).toEqual(['hostile.zip']);
    expect(report.nested.map((file) => file.name)).toEqual(['inner.7z']);
    expect(report.outputBytes).toBe(7);
  });

  it('mentions the expansion by itself when it is unusually high, and names the archive in a batch', () => {
    expect(hasSomethingToSay(safetyReport([plainFacts({ outputBytes: 19_000 })], []))).toBe(false);
    expect(hasSomethingToSay(safetyReport([plainFacts({ outputBytes: 20_000 })], []))).toBe(true);
    const batch = safetyReport([plainFacts({ links: [{ path: 'l', target: 't' }] }), plainFacts({ archiveName: 'b.zip' })], []);
    expect(batch.links).toEqual([{ path: 'a.zip/l', target: 't' }]);
    expect(batch.ratio).toBe(3);
  });
});
