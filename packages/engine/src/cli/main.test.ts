import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { concat, end, file, header } from '../tar/tar-writer.js';
import { CLI_BIN, runCli, type CliRun } from '../testing/run-cli.js';

// The CLI as users run it: the built bin in a child process (build first), its output and exit code.
const work = mkdtempSync(join(tmpdir(), 'ao-cli-main-'));
// Removing 100,000 files takes a while on a busy disk.
afterAll(() => rm(work, { recursive: true, force: true }), 300_000);

const cli = (...args: string[]): Promise<CliRun> => runCli(args, 256 << 20);

let counter = 0;
const freshOut = () => join(work, `out-${(counter += 1)}`);

function writeArchive(name: string, bytes: Uint8Array): string {
  const path = join(work, name);
  writeFileSync(path, bytes);
  return path;
}

describe('archive-opener CLI on hostile archives', () => {
  it('extracts a tar.gz of 100,000 entries all named a.txt, each to a name of its own', async () => {
    const one = file('a.txt', 'x');
    const tar = concat(...Array.from({ length: 100_000 }, () => one), end());
    const archive = writeArchive('same-name.tar.gz', gzipSync(tar));
    const out = freshOut();
    // The table, not --json: hashing 100,000 files would time the disk, not the naming.
    const run = await cli('extract', archive, '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.slice(1, 4)).toEqual(['file  1 B   a.txt', 'file  1 B   a (2).txt', 'file  1 B   a (3).txt']);
    expect(lines).toContain('file  1 B   a (100000).txt');
    expect(run.stdout).toContain('Extracted 100000 files');
    expect(readdirSync(out)).toHaveLength(100_000);
  }, 300_000);
});

/** What a terminal would act on: C0 but newline, DEL, C1, and direction controls. */
// eslint-disable-next-line no-control-regex -- these are what must never reach a terminal
const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('archive-opener CLI and names that lie', () => {
  const fake = '\u001b[2J\u001b[HAll files verified\u009b31m.txt';
  const bidi = 'invoice\u202efdp.exe';
  const tar = concat(
    file(fake, 'a'),
    file(bidi, 'b'),
    file('CON', 'c'),
    file('docs/aux.txt', 'd'),
    file('notes. ', 'e'),
    header({ name: 'link', typeflag: '2', linkName: '\u001b]0;pwned\u0007\u202e' }),
    end(),
  );

  it('escapes control and direction characters in names and link targets it prints', async () => {
    const archive = writeArchive('lying-names.tar', tar);
    const listed = await cli('list', archive);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(ACTIVE);
    expect(listed.stdout).toContain('\\x1b[2J\\x1b[HAll files verified\\x9b31m.txt');
    expect(listed.stdout).toContain('invoice\\u202efdp.exe');
    const extracted = await cli('extract', archive, '--out', freshOut());
    expect(extracted.code).toBe(0);
    expect(extracted.stdout).not.toMatch(ACTIVE);
    expect(extracted.stdout).toContain('link -> \\x1b]0;pwned\\x07\\u202e');
    const json = await cli('list', archive, '--json');
    expect(json.stdout).not.toMatch(ACTIVE);
    expect((JSON.parse(json.stdout) as { entries: { path: string }[] }).entries.map((e) => e.path)).toContain(bidi);
  });

  it('escapes them in error messages too', async () => {
    const run = await cli('extract', join(work, '\u001b[2Jmissing\u202e.zip'), '--out', freshOut());
    expect(run.code).not.toBe(0);
    expect(run.stderr).not.toMatch(ACTIVE);
    const usage = await cli('\u001b[2Junpack', 'x.zip');
    expect(usage.code).toBe(2);
    expect(usage.stderr).not.toMatch(ACTIVE);
  });

  it('writes no direction control and no name Windows reserves', async () => {
    const archive = writeArchive('lying-names-2.tar', tar);
    const out = freshOut();
    const run = await cli('extract', archive, '--out', out, '--json');
    expect(run.code).toBe(0);
    const entries = (JSON.parse(run.stdout) as { entries: { path: string }[] }).entries.map((e) => e.path);
    expect(entries).toEqual(expect.arrayContaining(['invoice_fdp.exe', '_CON', 'docs/_aux.txt', 'notes__']));
    expect(readdirSync(out).sort()).toEqual(
      ['_CON', '_[2J_[HAll files verified_31m.txt', 'docs', 'invoice_fdp.exe', 'notes__'].sort(),
    );
  });

  it('ends quietly, with its exit status, when the reader of its output goes away (| head)', async () => {
    // Enough lines to fill the pipe many times over.
    const names = Array.from({ length: 5000 }, (_, i) => file(`folder/${'n'.repeat(60)}-${i}.txt`, ''));
    const archive = writeArchive('long-listing.tar', concat(...names, end()));
    const child = spawn('node', [CLI_BIN, 'list', archive], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Like `head -1`: read the first chunk, then close the pipe.
    await once(child.stdout, 'data');
    child.stdout.destroy();
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
