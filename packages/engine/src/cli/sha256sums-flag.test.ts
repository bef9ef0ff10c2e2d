import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, loadManifest } from '@archive-opener/test-support/corpus';
import { runCli } from '../testing/run-cli.js';

// The built bin in a child process, its SHA256SUMS checked by the real GNU sha256sum.
const work = mkdtempSync(join(tmpdir(), 'ao-cli-sums-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('archive-opener extract --sha256sums', () => {
  it('writes every file’s checksum in the format `sha256sum -c` verifies from the output folder', async () => {
    const out = join(work, 'out');
    const sums = join(work, 'SHA256SUMS');
    const run = await runCli(['extract', join(CORPUS_DIR, 'libzip/test.zip'), '--out', out, '--sha256sums', sums]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const text = readFileSync(sums, 'utf8');
    const files = (loadManifest().find((c) => c.path === 'libzip/test.zip')?.entries ?? []).filter((e) => e.type === 'file');
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect(text).toContain(`${file.sha256}  ${file.name}\n`);
    const check = await promisify(execFile)('sha256sum', ['-c', '--strict', sums], { cwd: out });
    expect(check.stdout.trim().split('\n')).toHaveLength(files.length);
    expect(check.stdout).not.toMatch(/FAILED/);
  });

  it('never overwrites an existing file, and then extracts nothing', async () => {
    const out = join(work, 'out-2');
    const sums = join(work, 'mine.txt');
    writeFileSync(sums, 'mine');
    const run = await runCli(['extract', join(CORPUS_DIR, 'libzip/test.zip'), '--out', out, '--sha256sums', sums]);
    expect(run.code).toBe(2);
    expect(readFileSync(sums, 'utf8')).toBe('mine');
  });
});
