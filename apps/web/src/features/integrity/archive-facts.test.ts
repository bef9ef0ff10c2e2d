import type { ExtractedEntry } from '@archive-opener/engine/browser';
import { jobViewSchema, type JobFile, type JobSafety } from '@archive-opener/shared/api';
import { describe, expect, it } from 'vitest';
import { makeFile } from '../file-manager/test-files';
import { factsFromEntries, factsFromServerJob } from './archive-facts';
import { safetyReport } from './safety-report';

// One hostile tar as the engine reports it in the page, and as the server's job lists it
// (apps/server/src/routes/extractions/extractions.test.ts checks the server answers this for it).
const entries: ExtractedEntry[] = [
  { path: 'docs', originalName: './docs/', type: 'dir', size: 0 },
  { path: 'docs/a.txt', originalName: './docs/a.txt', type: 'file', size: 3 },
  { path: 'evil.txt', originalName: '../evil.txt', type: 'file', size: 4 },
  { path: 'invoice_fdp.exe', originalName: 'invoice\u202efdp.exe', type: 'file', size: 2 },
  { path: 'passwords', type: 'symlink', size: 0, linkTarget: '/etc/passwd' },
];
const job = { status: 'completed', progress: 100, id: 'j', queuePosition: 0, error: null, expiresAt: null };
const serverFiles: JobFile[] = [
  { id: '0', path: 'docs/a.txt', size: 3, type: 'text/plain', sha256: 'a' },
  { id: '1', path: 'evil.txt', size: 4, type: 'text/plain', sha256: 'b', originalName: '../evil.txt' },
  {
    id: '2',
    path: 'invoice_fdp.exe',
    size: 2,
    type: 'application/octet-stream',
    sha256: 'c',
    directionControls: true,
    originalName: 'invoice\u202efdp.exe',
  },
];
const safety: JobSafety = {
  encrypted: true,
  renamedCount: 2,
  links: [{ path: 'passwords', target: '/etc/passwd' }],
  linkCount: 1,
};
const archive = { name: 'hostile.tar', size: 10_240 };

describe('factsFromServerJob', () => {
  it('gives the facts browser mode gives for the same archive, so both show the same report', () => {
    const view = jobViewSchema.parse({ ...job, files: serverFiles, safety });
    const fromServer = factsFromServerJob(view.files, view.safety, archive);
    const inBrowser = factsFromEntries(entries, { ...archive, encrypted: true });
    expect(fromServer).toEqual(inBrowser);
    expect(inBrowser.renamed).toEqual([
      { from: '../evil.txt', to: 'evil.txt' },
      { from: 'invoice\u202efdp.exe', to: 'invoice_fdp.exe' },
    ]);
    const files = [makeFile('docs/a.txt'), makeFile('evil.txt'), makeFile('invoice_fdp.exe')];
    expect(safetyReport([fromServer], files)).toEqual(safetyReport([inBrowser], files));
  });

  it('counts what the server did not list', () => {
    const facts = factsFromServerJob(serverFiles, { ...safety, renamedCount: 5000, linkCount: 300 }, archive);
    expect(facts.unlisted).toEqual({ renamed: 4998, links: 299 });
    const report = safetyReport([facts], []);
    expect([report.renamedCount, report.linkCount]).toEqual([5000, 300]);
  });

  it('reads an older server’s answer, which only flagged direction controls', () => {
    const view = jobViewSchema.parse({ ...job, files: serverFiles.map(({ originalName: _, ...file }) => file) });
    expect(view.safety).toBeNull();
    const facts = factsFromServerJob(view.files, view.safety, archive);
    expect(facts.renamed).toEqual([{ from: null, to: 'invoice_fdp.exe' }]);
    expect([facts.links, facts.encrypted, facts.outputBytes]).toEqual([[], false, 9]);
  });
});
