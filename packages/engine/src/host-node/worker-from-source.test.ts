import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
// The TypeScript sources, as a tool run with tsx (or this test under Vitest) loads them: the
// worker then has to load worker-entry.ts, which plain Node cannot.
import { extractInWorker } from './worker-client.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('engine workers started from the TypeScript sources', () => {
  it('extract an archive', async () => {
    const zip = corpusCase('libarchive/test_compat_zip_5.zip');
    const out = await mkdtemp(join(tmpdir(), 'archive-opener-source-worker-'));
    dirs.push(out);
    const result = await extractInWorker(zip.parts, out, { timeoutMs: 60_000 });
    const [name, expected] = [...zip.files][0] ?? [];
    if (!name || !expected) throw new Error('the case has no files');
    expect(result.entries.map((entry) => entry.path)).toContain(name);
    expect(
      createHash('sha256')
        .update(await readFile(join(out, name)))
        .digest('hex'),
    ).toBe(expected.sha256);
  }, 90_000);
});
