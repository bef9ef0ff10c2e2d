import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_DIR } from '@archive-opener/test-support/corpus';
import { afterAll, describe, expect, it } from 'vitest';
import { extractArchive, listArchive } from '../host-node/index.js';
import { BACKENDS } from './registry.js';

const dir = mkdtempSync(join(tmpdir(), 'registry-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the backend registry', () => {
  it('ends with 7-Zip, which takes whatever no other backend took', () => {
    expect(BACKENDS.at(-1)?.name).toBe('7-zip');
    expect(new Set(BACKENDS.map((b) => b.name)).size).toBe(BACKENDS.length);
  });

  it('lists a zip behind junk as it extracts it: both find it from the end once 7-Zip refuses', async () => {
    // Four bytes before the zip: no signature at the start, and 7-Zip calls the data corrupted.
    const path = join(CORPUS_DIR, 'libzip/junk-at-start.zip');
    const listed = await listArchive([path]);
    const extracted = await extractArchive([path], join(dir, 'out'));
    expect(listed.format).toBe('zip');
    expect(listed.entries.length).toBeGreaterThan(0);
    expect(extracted.entries.map((e) => e.path).sort()).toEqual(listed.entries.map((e) => e.name.replace(/\/$/, '')).sort());
  });
});
