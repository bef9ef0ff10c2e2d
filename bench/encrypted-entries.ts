// Part of the "many entries" phase: the CLI on a zip of 2,000 small files encrypted with WinZip
// AES-256 (7-Zip's `-mem=AES256`, as most encrypted zips are made), against `7zz x` in the same
// alternated rounds. Each entry has its own key, derived with 1,000 rounds of PBKDF2: at this
// size the key, not the data, is the cost (docs/decisions/049-winzip-aes-with-the-host-crypto.md).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { alternate, freshDir, median, run, treeStats } from './measure.js';

const FILES = 2_000;
const PASSWORD = 'bench-password';
const ROUNDS = 3;

export interface EncryptedEntriesResults {
  files: number;
  /** Medians of the timed rounds, wall seconds. */
  cliSeconds: number;
  nativeSeconds: number;
}

/** 2,000 text files of 1-20 KB in 20 folders, packed by 7zz with AES-256 (deflate, level 5). */
async function makeArchive(dir: string): Promise<string> {
  const source = await freshDir(join(dir, 'aes-source'));
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = 0; i < FILES; i += 1) {
    const folder = join(source, `d${i % 20}`);
    await mkdir(folder, { recursive: true });
    const lines = Array.from({ length: 20 + (next() % 400) }, () => `${next()} event ${next() % 97} ok\n`);
    await writeFile(join(folder, `f${i}.log`), lines.join(''));
  }
  const archive = join(dir, 'aes-entries.zip');
  await run('7zz', ['a', '-tzip', '-mem=AES256', `-p${PASSWORD}`, '-mx=5', '-bd', archive, '.'], { cwd: source });
  await freshDir(source);
  return archive;
}

export async function measureEncryptedEntries(dir: string, cli: string): Promise<EncryptedEntriesResults> {
  const archive = await makeArchive(dir);
  const out = join(dir, 'aes-out');
  const seconds = await alternate(['native', 'cli'] as const, ROUNDS, async (who) => {
    await freshDir(out);
    const start = performance.now();
    if (who === 'native') await run('7zz', ['x', '-y', '-bd', `-p${PASSWORD}`, `-o${out}`, archive]);
    else await run(process.execPath, [cli, 'extract', archive, '--out', out, '--password', PASSWORD]);
    const elapsed = (performance.now() - start) / 1000;
    const { files } = await treeStats(out);
    if (files !== FILES) throw new Error(`${who} wrote ${files} files of ${FILES}`);
    return elapsed;
  });
  await freshDir(out);
  return { files: FILES, cliSeconds: median(seconds.cli), nativeSeconds: median(seconds.native) };
}

export function encryptedEntriesLine(results: EncryptedEntriesResults | { error: string } | undefined): string {
  if (!results) return 'CLI, small WinZip AES entries: not run';
  if ('error' in results) return `CLI, small WinZip AES entries: failed: ${results.error}`;
  const { files, cliSeconds, nativeSeconds } = results;
  return `CLI, ${files.toLocaleString('en')} small WinZip AES-256 entries: ${cliSeconds.toFixed(2)}s, 7zz x ${nativeSeconds.toFixed(2)}s, ratio ${(nativeSeconds / cliSeconds).toFixed(2)} (medians of ${ROUNDS} alternated)`;
}
