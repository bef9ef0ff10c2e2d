// The entry limit, reached: 100,000 entries of each format through the server's worker path
// (peak memory per entry), and the CLI on 100,000 entries that all have one name (duplicate
// names must be numbered in linear time); and the CLI on many small encrypted entries. A phase of `npm run bench`; alone (no build, no
// browser): node --import tsx bench/many-entries.ts
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { encryptedEntriesLines, measureEncryptedEntries, type EncryptedEntriesResults } from './encrypted-entries.js';
import { makeManyEntries, makeSameNames, MANY_FORMATS, type ManyFormat } from './many-entries-archives.js';
import { errorText, freshDir, run } from './measure.js';
import { nativeExtract } from './native-tools.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHILD = fileURLToPath(new URL('./worker-rss-child.ts', import.meta.url));
const CLI = join(ROOT, 'packages/engine/bin/archive-opener.js');
const GOAL_SAME_NAMES_SECONDS = 5;

interface ChildReport {
  maxRssKB: number;
  seconds: number;
  entries: number;
  error?: string;
}

export interface ManyEntriesResults {
  /** The CLI extracting 100,000 entries named a.txt: wall seconds, and its CPU seconds. */
  sameNames: { seconds: number; cpuSeconds: number; ok: boolean } | { error: string };
  /** Peak RSS over a tiny job's, per entry, by format. */
  formats: Partial<
    Record<ManyFormat, { entries: number; seconds: number; bytesPerEntry: number; nativeSeconds?: number } | { error: string }>
  >;
  baselineMB: number;
  /** The CLI against 7zz on small encrypted entries (encrypted-entries.ts). */
  encrypted?: EncryptedEntriesResults | { error: string };
}

async function childRun(archive: string, outDir: string): Promise<ChildReport> {
  const stdout = await run(process.execPath, ['--import', 'tsx', CHILD, archive, await freshDir(outDir)], { cwd: ROOT });
  await freshDir(outDir);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as ChildReport;
}

/** Wall and CPU time of the built CLI (user + system, from `time`'s report on stderr). */
async function timeCli(archive: string, outDir: string): Promise<{ seconds: number; cpuSeconds: number; ok: boolean }> {
  await freshDir(outDir);
  const start = performance.now();
  const script = `TIMEFORMAT='%U %S'; time node ${JSON.stringify(CLI)} extract ${JSON.stringify(archive)} --out ${JSON.stringify(outDir)} | tail -1 >&2`;
  const stderr = await new Promise<string>((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(err) : reject(new Error(`the CLI exited ${code}: ${err}`))));
  });
  const seconds = (performance.now() - start) / 1000;
  const [user, system] = (stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  const ok = stderr.includes('Extracted 100000 files');
  await freshDir(outDir);
  return { seconds, cpuSeconds: (user ?? Number.NaN) + (system ?? Number.NaN), ok };
}

/**
 * The native tool's wall time on the same archive into the same (emptied) folder, so that a cost
 * per entry shows beside it; none for RAR, which Debian's 7-Zip cannot open.
 */
async function timeNative(format: ManyFormat, archive: string, outDir: string): Promise<number | undefined> {
  if (format === 'rar5') return undefined;
  await freshDir(outDir);
  const start = performance.now();
  await nativeExtract(format, archive, outDir);
  const seconds = (performance.now() - start) / 1000;
  await freshDir(outDir);
  return seconds;
}

export async function measureManyEntries(work: string, log: (line: string) => void): Promise<ManyEntriesResults> {
  const dir = join(work, 'many-entries');
  await mkdir(dir, { recursive: true });
  const out = join(dir, 'out');
  const results: ManyEntriesResults = { sameNames: { error: 'not run' }, formats: {}, baselineMB: Number.NaN };
  log('many entries: the CLI on 100,000 entries all named a.txt');
  try {
    results.sameNames = await timeCli(await makeSameNames(dir), out);
  } catch (error) {
    results.sameNames = { error: errorText(error) };
  }
  const tiny = join(dir, 'tiny.zip');
  await writeFile(tiny, zipSync({ 'a.txt': new Uint8Array([120]) }));
  const baseline = await childRun(tiny, out);
  results.baselineMB = baseline.maxRssKB / 1024;
  for (const format of MANY_FORMATS) {
    log(`many entries: ${format}, 100,000 entries through a server worker`);
    try {
      const archive = await makeManyEntries(dir, format);
      const report = { ...(await childRun(archive, out)), archive };
      if (report.error) throw new Error(report.error);
      const bytesPerEntry = ((report.maxRssKB - baseline.maxRssKB) * 1024) / report.entries;
      results.formats[format] = { entries: report.entries, seconds: report.seconds, bytesPerEntry };
      const nativeSeconds = await timeNative(format, report.archive, out);
      if (nativeSeconds !== undefined) results.formats[format] = { ...results.formats[format], nativeSeconds };
    } catch (error) {
      results.formats[format] = { error: errorText(error) };
    }
  }
  log('many entries: the CLI and 7zz on 2,000 small encrypted entries (WinZip AES, ZipCrypto)');
  try {
    results.encrypted = await measureEncryptedEntries(dir, CLI);
  } catch (error) {
    results.encrypted = { error: errorText(error) };
  }
  await freshDir(dir);
  return results;
}

export function manyEntriesLines(results: ManyEntriesResults | undefined, missed: string[]): string[] {
  if (!results) return ['many entries: not measured (see notes)'];
  const same = results.sameNames;
  const lines: string[] = [];
  if ('error' in same) lines.push(`CLI, 100,000 entries named a.txt: failed: ${same.error}`);
  else {
    if (!same.ok || same.seconds > GOAL_SAME_NAMES_SECONDS) missed.push('CLI 100,000 same names');
    lines.push(
      `CLI, 100,000 entries named a.txt (tar.gz): ${same.seconds.toFixed(1)}s wall, ${same.cpuSeconds.toFixed(1)}s CPU${same.ok ? '' : ', WRONG OUTPUT'} (goal < ${GOAL_SAME_NAMES_SECONDS} s)`,
    );
  }
  lines.push(
    `server worker (${results.baselineMB.toFixed(0)} MB peak RSS for a one-file zip), 100,000 entries: time (the worker's, against the native tool's whole run), peak RSS above that per entry`,
  );
  for (const format of MANY_FORMATS) {
    const r = results.formats[format];
    if (!r || 'error' in r) {
      missed.push(`many entries ${format}`);
      lines.push(`  ${format.padEnd(7)}failed: ${r?.error ?? 'not run'}`);
    } else {
      const native =
        r.nativeSeconds === undefined
          ? ''
          : ` (${format === 'tar.gz' ? 'bsdtar' : '7zz x'} ${r.nativeSeconds.toFixed(1)}s, ratio ${(r.nativeSeconds / r.seconds).toFixed(2)})`;
      lines.push(
        `  ${format.padEnd(7)}${r.entries} entries in ${r.seconds.toFixed(1)}s${native}, ${(r.bytesPerEntry / 1024).toFixed(2)} KB/entry`,
      );
    }
  }
  lines.push(...encryptedEntriesLines(results.encrypted));
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await measureManyEntries(join(ROOT, '.bench-work'), (line) => console.log(line));
  const missed: string[] = [];
  console.log(manyEntriesLines(results, missed).join('\n'));
  console.log(`${cpus().length} cores; ${missed.length ? `goals missed: ${missed.join(', ')}` : 'goals met'}`);
}
