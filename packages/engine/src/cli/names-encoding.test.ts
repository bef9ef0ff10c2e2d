import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_DIR } from '@archive-opener/test-support/corpus';
import { zipWithLegacyNames } from '@archive-opener/test-support/legacy-names';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.js';

// The built bin in a child process (build first), as users run it.
const work = mkdtempSync(join(tmpdir(), 'ao-cli-names-'));
afterAll(() => rm(work, { recursive: true, force: true }));

const listedPaths = (stdout: string) => (JSON.parse(stdout) as { entries: { path: string }[] }).entries.map((e) => e.path);

describe('archive-opener --names-encoding', () => {
  it('lists and extracts names in the code page named', async () => {
    const archive = join(work, 'cyrillic.zip');
    writeFileSync(archive, await zipWithLegacyNames('windows-1251', ['Отчёт.txt', 'Документы/план.doc']));
    const guessed = await runCli(['list', archive, '--json']);
    expect(listedPaths(guessed.stdout)).not.toContain('Отчёт.txt');
    const listed = await runCli(['list', archive, '--json', '--names-encoding', 'CP1251']);
    expect(listed.code).toBe(0);
    expect(listedPaths(listed.stdout)).toEqual(['Отчёт.txt', 'Документы/план.doc']);
    const out = join(work, 'out');
    const extracted = await runCli(['extract', archive, '--out', out, '--names-encoding', 'windows-1251']);
    expect(extracted.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['Документы', 'Отчёт.txt']);
  });

  it('reads the corpus LZH in Shift-JIS when asked', async () => {
    const archive = join(CORPUS_DIR, 'libarchive/test_read_format_lha_filename_cp932.lzh');
    const listed = await runCli(['list', archive, '--json', '--names-encoding', 'shift_jis']);
    expect(listedPaths(listed.stdout)).toEqual(['漢字.txt', '表.txt']);
  });

  it('refuses an unknown code page as a usage error, naming the known ones', async () => {
    const run = await runCli(['list', join(work, 'any.zip'), '--names-encoding', 'klingon']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown code page "klingon"');
    expect(run.stderr).toContain('shift_jis');
  });
});
