import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusCase } from '@archive-opener/test-support/corpus';
import type { EngineError } from '../core/engine-error.js';
// The built modules, as the server and the CLI load them: a worker runs the built entry.
import { extractInWorker, listInWorker } from '../../dist/host-node/worker-client.js';
import { KEEP_MAX_JOB_BYTES, keptWorkers } from '../../dist/host-node/worker-pool.js';

const zip = corpusCase('libarchive/test_compat_zip_5.zip');
const secret = corpusCase('py7zr/encrypted_3.7z');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
const outDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'archive-opener-worker-'));
  dirs.push(dir);
  return dir;
};
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: EngineError) => error.code,
  );

describe('engine workers', () => {
  it('keep a worker that answered, even with a coded error, and give it the next job', async () => {
    const listed = await listInWorker(zip.parts);
    expect(listed.entries.filter((e) => e.type === 'file')).toHaveLength(zip.files.size);
    expect(keptWorkers()).toBe(1);

    const refused = extractInWorker(secret.parts, await outDir(), { password: 'wrong' });
    // The kept worker took the job: none is waiting while it runs.
    expect(keptWorkers()).toBe(0);
    expect(await codeOf(refused)).toBe('WRONG_PASSWORD');
    expect(keptWorkers()).toBe(1);

    const out = await outDir();
    const extracted = await extractInWorker(secret.parts, out, { password: secret.password ?? '' });
    expect(
      extracted.entries
        .filter((e) => e.type === 'file')
        .map((e) => e.path)
        .sort(),
    ).toEqual([...secret.files.keys()].sort());
    expect(keptWorkers()).toBe(1);
  });

  it('end a cancelled or timed-out worker instead of keeping it, and the next job still runs', async () => {
    const before = keptWorkers();
    const controller = new AbortController();
    const out = await outDir();
    const cancelled = extractInWorker(secret.parts, out, { password: secret.password ?? '', signal: controller.signal });
    controller.abort();
    expect(await codeOf(cancelled)).toBe('CANCELLED');
    expect(keptWorkers()).toBe(Math.max(0, before - 1));
    // Nothing of the cancelled job is left behind, staging folder included.
    expect((await readdir(out)).filter((name) => name.startsWith('.archive-opener-staging-'))).toEqual([]);

    expect(await codeOf(extractInWorker(zip.parts, await outDir(), { timeoutMs: 1 }))).toBe('LIMIT_EXCEEDED');
    expect(keptWorkers()).toBe(0);

    const listed = await listInWorker(zip.parts);
    expect(listed.entries.length).toBeGreaterThan(0);
    expect(keptWorkers()).toBe(1);
  });

  it('end a worker whose job was big instead of keeping it', async () => {
    const big = join(await outDir(), 'zeros.zip');
    await writeFile(big, zipSync({ 'zeros.bin': new Uint8Array(KEEP_MAX_JOB_BYTES + 1) }));
    const before = keptWorkers();
    const extracted = await extractInWorker([big], await outDir());
    expect(extracted.entries).toMatchObject([{ path: 'zeros.bin', size: KEEP_MAX_JOB_BYTES + 1 }]);
    // The job ran on a kept worker if there was one, and that worker was not kept again.
    expect(keptWorkers()).toBe(Math.max(0, before - 1));
  });
});
