import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, loadManifest } from '@archive-opener/test-support/corpus';
import { runCli, type CliRun } from '../testing/run-cli.js';

// The CLI as users and other checks run it: the built bin, a child process, its stdout and exit code.
const work = mkdtempSync(join(tmpdir(), 'ao-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cli = (...args: string[]): Promise<CliRun> => runCli(args);

let counter = 0;
const freshOut = () => join(work, `out-${(counter += 1)}`);

describe('archive-opener CLI', () => {
  it('extracts with --json: one object, paths and sha256 as the manifest says', async () => {
    const testCase = loadManifest().find((c) => c.path === 'rarfile/rar5-hpsw.rar');
    const out = freshOut();
    const run = await cli('extract', join(CORPUS_DIR, 'rarfile/rar5-hpsw.rar'), '--out', out, '--password', 'password', '--json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      ok: boolean;
      format: string;
      entries: { path: string; type: string; sha256?: string; modified?: number }[];
    };
    expect(json.ok).toBe(true);
    expect(json.format).toBe('rar5');
    for (const entry of (testCase?.entries ?? []).filter((e) => e.type === 'file')) {
      expect(json.entries.find((e) => e.path === entry.name)?.sha256).toBe(entry.sha256);
    }
    // Each file's time as the archive gives it, the one the file on disk carries.
    const files = json.entries.filter((e) => e.type === 'file');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.modified).toBeTypeOf('number');
      expect(Math.abs((await stat(join(out, file.path))).mtimeMs - (file.modified ?? 0))).toBeLessThan(1);
    }
  });

  it('lists with --json without writing anything', async () => {
    const run = await cli('list', join(CORPUS_DIR, 'py7zr/encrypted_1.7z'), '--json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { entries: { path: string; encrypted: boolean }[] };
    expect(json.entries.filter((e) => e.encrypted).map((e) => e.path)).toContain('test1.txt');
  });

  it('extracts only the entries named with --only', async () => {
    const out = freshOut();
    const run = await cli('extract', join(CORPUS_DIR, 'libzip/test.zip'), '--out', out, '--only', 'testdir/test2', '--json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { entries: { path: string; type: string }[] };
    expect(json.entries.filter((e) => e.type === 'file').map((e) => e.path)).toEqual(['testdir/test2']);
    expect(readdirSync(out)).toEqual(['testdir']);
  });

  it('exits 1 with a coded error for a wrong password', async () => {
    const run = await cli(
      'extract',
      join(CORPUS_DIR, 'py7zr/encrypted_1.7z'),
      '--out',
      freshOut(),
      '--password',
      'nope',
      '--json',
    );
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: 'WRONG_PASSWORD' } });
  });

  it('exits 2 on a usage error', async () => {
    expect((await cli('extract', join(CORPUS_DIR, 'libzip/test.zip'))).code).toBe(2);
    expect((await cli('unpack', 'x.zip')).code).toBe(2);
  });

  it('never writes into a folder that is not empty', async () => {
    const out = freshOut();
    mkdirSync(out);
    writeFileSync(join(out, 'keep.txt'), 'mine');
    const run = await cli('extract', join(CORPUS_DIR, 'libzip/test.zip'), '--out', out);
    expect(run.code).toBe(2);
    expect(readdirSync(out)).toEqual(['keep.txt']);
  });

  it('says plainly that an archive it was given cannot be read, and creates no output folder', async () => {
    const out = freshOut();
    const missing = join(work, 'no-such.zip');
    const run = await cli('extract', missing, '--out', out);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Cannot read ${missing}: there is no such file.`);
    expect(readdirSync(work)).not.toContain(out.slice(work.length + 1));
    const listed = await cli('list', work, '--json');
    expect(listed.code).toBe(2);
    expect(JSON.parse(listed.stdout)).toMatchObject({
      ok: false,
      error: { code: 'USAGE', message: `Cannot read ${work}: it is a folder.` },
    });
  });

  it('names the option that raises a limit the archive went over', async () => {
    const zip = join(CORPUS_DIR, 'libzip/test.zip');
    const entries = await cli('extract', zip, '--out', freshOut(), '--max-entries', '1');
    expect(entries.code).toBe(1);
    expect(entries.stderr).toMatch(/^Error \(LIMIT_EXCEEDED\): .*\n.*--max-entries/);
    const bytes = await cli('extract', zip, '--out', freshOut(), '--max-bytes', '1');
    expect(bytes.stderr).toContain('--max-bytes');
    expect(bytes.stderr).not.toContain('totalBytes');
  });

  it('prints a readable table without --json', async () => {
    const run = await cli('list', join(CORPUS_DIR, 'libzip/test.zip'));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/entries \(zip\)/);
  });

  it('refuses a 10 MB archive that expands to 10 GB, and leaves nothing behind', async () => {
    // 160 gzip members of 64 MiB of zeros: ~10 MB that a reader must expand to 10 GiB.
    const member = gzipSync(Buffer.alloc(64 << 20));
    const bomb = join(work, 'bomb.bin.gz');
    writeFileSync(bomb, Buffer.concat(Array.from({ length: 160 }, () => member)));
    const out = freshOut();
    const run = await cli('extract', bomb, '--out', out, '--json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
    expect(readdirSync(out)).toEqual([]);
  }, 120_000);
});
