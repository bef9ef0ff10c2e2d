import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { concat, end, file } from '../tar/tar-test-writer.js';

// The CLI as users run it: the built bin in a child process (build first), its output and exit code.
const BIN = new URL('../../bin/archive-opener.js', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'ao-cli-main-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)('node', [BIN, ...args], { maxBuffer: 256 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

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
    const run = await cli('extract', archive, '--out', out, '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const paths = (JSON.parse(run.stdout) as { entries: { path: string }[] }).entries.map((e) => e.path);
    expect(paths).toHaveLength(100_000);
    expect(paths.slice(0, 3)).toEqual(['a.txt', 'a (2).txt', 'a (3).txt']);
    expect(paths[99_999]).toBe('a (100000).txt');
    expect(readdirSync(out)).toHaveLength(100_000);
  }, 120_000);
});
