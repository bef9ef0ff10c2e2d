// Part of the "many entries" phase: the CLI on a zip of 2,000 small files encrypted with WinZip
// AES-256 (7-Zip's `-mem=AES256`, as most encrypted zips are made), and on the same files with
// ZipCrypto (what Windows and `zip -e` write), against `7zz x` in the same alternated rounds.
// Each AES entry has its own key, derived with 1,000 rounds of PBKDF2: at this size the key, not
// the data, is the cost (docs/decisions/049-winzip-aes-with-the-host-crypto.md).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { alternate, freshDir, median, run, treeStats } from './measure.js';

const FILES = 2_000;
const PASSWORD = 'bench-password';
const ROUNDS = 3;

/** 7-Zip's names of the two ciphers. */
const METHODS = ['AES256', 'ZipCrypto'] as const;
type Method = (typeof METHODS)[number];

export interface EncryptedEntriesResults {
  files: number;
  /** Medians of the timed rounds, wall seconds, by cipher. */
  methods: Partial<Record<Method, { cliSeconds: number; nativeSeconds: number }>>;
}

/** 2,000 text files of 1-20 KB in 20 folders, packed by 7zz with each cipher (deflate, level 5). */
async function makeArchives(dir: string): Promise<Record<Method, string>> {
  const source = await freshDir(join(dir, 'aes-source'));
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = 0; i < FILES; i += 1) {
    const folder = join(source, `d${i % 20}`);
    await mkdir(folder, { recursive: true });
    const lines = Array.from({ length: 20 + (next() % 400) }, () => `${next()} event ${next() % 97} ok\n`);
    await writeFile(join(folder, `f${i}.log`), lines.join(''));
  }
  const archives = { AES256: join(dir, 'aes-entries.zip'), ZipCrypto: join(dir, 'zipcrypto-entries.zip') };
  for (const method of METHODS)
    await run('7zz', ['a', '-tzip', `-mem=${method}`, `-p${PASSWORD}`, '-mx=5', '-bd', archives[method], '.'], { cwd: source });
  await freshDir(source);
  return archives;
}

export async function measureEncryptedEntries(dir: string, cli: string): Promise<EncryptedEntriesResults> {
  const archives = await makeArchives(dir);
  const out = join(dir, 'encrypted-out');
  const results: EncryptedEntriesResults = { files: FILES, methods: {} };
  for (const method of METHODS) {
    const archive = archives[method];
    const seconds = await alternate(['native', 'cli'] as const, ROUNDS, async (who) => {
      await freshDir(out);
      const start = performance.now();
      if (who === 'native') await run('7zz', ['x', '-y', '-bd', `-p${PASSWORD}`, `-o${out}`, archive]);
      else await run(process.execPath, [cli, 'extract', archive, '--out', out, '--password', PASSWORD]);
      const elapsed = (performance.now() - start) / 1000;
      const { files } = await treeStats(out);
      if (files !== FILES) throw new Error(`${who} wrote ${files} files of ${FILES} (${method})`);
      return elapsed;
    });
    results.methods[method] = { cliSeconds: median(seconds.cli), nativeSeconds: median(seconds.native) };
  }
  await freshDir(out);
  return results;
}

export function encryptedEntriesLines(results: EncryptedEntriesResults | { error: string } | undefined): string[] {
  if (!results) return ['CLI, small encrypted entries: not run'];
  if ('error' in results) return [`CLI, small encrypted entries: failed: ${results.error}`];
  return METHODS.map((method) => {
    const timed = results.methods[method];
    const label = `CLI, ${results.files.toLocaleString('en')} small entries, ${method === 'AES256' ? 'WinZip AES-256' : 'ZipCrypto'}:`;
    if (!timed) return `${label} not run`;
    const { cliSeconds, nativeSeconds } = timed;
    return `${label} ${cliSeconds.toFixed(2)}s, 7zz x ${nativeSeconds.toFixed(2)}s, ratio ${(nativeSeconds / cliSeconds).toFixed(2)} (medians of ${ROUNDS} alternated)`;
  });
}
