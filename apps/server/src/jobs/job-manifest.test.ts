import type { ExtractedEntry } from '@archive-opener/engine';
import {
  jobFileSchema,
  jobSafetySchema,
  MAX_LISTED_LINKS,
  MAX_LISTED_NAME_LENGTH,
  MAX_LISTED_RENAMES,
} from '@archive-opener/shared/api';
import { describe, expect, it } from 'vitest';
import { jobManifest, listedName } from './job-manifest.js';

describe('jobManifest', () => {
  it('lists what was renamed and the links, leaves out harmless renames, and says whether the archive was encrypted', () => {
    const entries: ExtractedEntry[] = [
      { path: 'docs', originalName: './docs/', type: 'dir', size: 0 },
      { path: 'docs/a.txt', originalName: './docs/a.txt', type: 'file', size: 1 },
      { path: 'evil.txt', originalName: '../evil.txt', type: 'file', size: 4 },
      { path: 'passwords', type: 'symlink', size: 0, linkTarget: '/etc/passwd' },
      { path: 'up', originalName: '../up', type: 'symlink', size: 0, linkTarget: 'x' },
    ];
    const { files, safety } = jobManifest({ format: 'zip', entries, encrypted: true }, ['h0', 'h1']);
    expect(files.map(({ id, path, sha256, originalName }) => ({ id, path, sha256, originalName }))).toEqual([
      { id: '0', path: 'docs/a.txt', sha256: 'h0', originalName: undefined },
      { id: '1', path: 'evil.txt', sha256: 'h1', originalName: '../evil.txt' },
    ]);
    expect(safety).toEqual({
      encrypted: true,
      renamedCount: 2,
      links: [
        { path: 'passwords', target: '/etc/passwd' },
        { path: 'up', target: 'x', originalName: '../up' },
      ],
      linkCount: 2,
    });
    expect(jobManifest({ format: 'tar', entries: [] }, []).safety.encrypted).toBe(false);
  });

  it('carries each file’s time where the archive gave one, as the API’s schema takes it', () => {
    const entries: ExtractedEntry[] = [
      { path: 'dated.txt', type: 'file', size: 1, modified: Date.UTC(2001, 1, 3) },
      { path: 'undated.txt', type: 'file', size: 1 },
    ];
    const { files } = jobManifest({ format: 'tar', entries }, ['h0', 'h1']);
    expect(files.map((file) => jobFileSchema.parse(file).modified)).toEqual([Date.UTC(2001, 1, 3), undefined]);
  });

  it('caps what a hostile archive of 100,000 entries with 4 KB names lists, and counts all of it', () => {
    const long = 'é'.repeat(4096);
    const entries: ExtractedEntry[] = [];
    for (let index = 0; index < 50_000; index += 1) {
      entries.push({ path: `${index}${long}`, originalName: `../${index}${long}`, type: 'file', size: 1 });
      entries.push({ path: `l${index}${long}`, type: 'symlink', size: 0, linkTarget: long });
    }
    const { files, safety } = jobManifest(
      { format: 'tar', entries },
      entries.map(() => 'h'),
    );
    expect(files).toHaveLength(50_000);
    const named = files.filter((file) => file.originalName !== undefined);
    expect(named).toHaveLength(MAX_LISTED_RENAMES);
    expect(named.every((file) => file.originalName?.length === MAX_LISTED_NAME_LENGTH && file.originalName.endsWith('…'))).toBe(
      true,
    );
    expect(safety.renamedCount).toBe(50_000);
    expect(safety.links).toHaveLength(MAX_LISTED_LINKS);
    expect(safety.linkCount).toBe(50_000);
    // What the page checks the answer against holds.
    expect(jobSafetySchema.safeParse(safety).success).toBe(true);
    for (const file of named) expect(jobFileSchema.safeParse(file).success).toBe(true);
    expect(JSON.stringify(safety).length).toBeLessThan(2 * MAX_LISTED_LINKS * (MAX_LISTED_NAME_LENGTH * 2 + 64));
  });

  it('never cuts a name between the halves of a surrogate pair', () => {
    const name = `${'a'.repeat(MAX_LISTED_NAME_LENGTH - 2)}😀😀`;
    const cut = listedName(name);
    expect(cut.length).toBeLessThanOrEqual(MAX_LISTED_NAME_LENGTH);
    expect(cut).toBe(`${'a'.repeat(MAX_LISTED_NAME_LENGTH - 2)}…`);
    expect(listedName('short')).toBe('short');
  });
});
