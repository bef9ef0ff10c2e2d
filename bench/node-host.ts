import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expectOutput, freshDir, run, treeStats, type Output } from './measure.js';
import { nativeExtract, sevenZipTwoStep, type Format } from './native-tools.js';

const RSS_CHILD = fileURLToPath(new URL('./rss-child.ts', import.meta.url));
const ENGINE_CHILD = fileURLToPath(new URL('./engine-child.ts', import.meta.url));
/** The repo root: `--import tsx` and the engine's package name resolve from there. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** An extraction; one that resolves to a number has timed itself (seconds). */
export type Extract = (archive: string, outDir: string) => Promise<unknown>;

/**
 * One timed extraction into `dir`, emptied first outside the timer. The previous run's output is
 * deleted and flushed (`sync`) first: otherwise the kernel's writeback of earlier runs lands
 * inside later timings (seen: bsdtar 0.15 s → 0.9 s).
 */
export async function timeExtraction(extract: Extract, archive: string, dir: string): Promise<number> {
  await freshDir(dir);
  await run('sync', []);
  const start = performance.now();
  const reported = await extract(archive, dir);
  return typeof reported === 'number' ? reported : (performance.now() - start) / 1000;
}

/** `timeExtraction`, then what it wrote checked against `want` (outside the timer). */
export async function timeChecked(extract: Extract, archive: string, dir: string, label: string, want: Output): Promise<number> {
  const seconds = await timeExtraction(extract, archive, dir);
  expectOutput(label, await treeStats(dir), want);
  return seconds;
}

export const extractNatively =
  (format: Format): Extract =>
  (archive, dir) =>
    nativeExtract(format, archive, dir);

export const extractSevenZipTarGz: Extract = sevenZipTwoStep;

export interface EngineProcess {
  /** Extracts through the public Node entry point in the child; resolves to the child's timing. */
  extract: Extract;
  close(): void;
}

/** Our engine in a child process of its own (engine-child.ts), for one extraction at a time. */
export async function startEngineProcess(): Promise<EngineProcess> {
  const child = fork(ENGINE_CHILD, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await once(child, 'spawn');
  let waiting: { resolve(seconds: number): void; reject(error: Error): void } | null = null;
  child.on('message', (answer: { seconds?: number; error?: string }) => {
    const settle = waiting;
    waiting = null;
    if (answer.seconds !== undefined) settle?.resolve(answer.seconds);
    else settle?.reject(new Error(answer.error ?? 'no answer'));
  });
  child.on('exit', (code) => {
    waiting?.reject(new Error(`the engine's process ended (exit code ${code})`));
    waiting = null;
  });
  return {
    extract: (archive, outDir) =>
      new Promise<number>((resolve, reject) => {
        if (child.exitCode !== null) return reject(new Error(`the engine's process ended (exit code ${child.exitCode})`));
        waiting = { resolve, reject };
        child.send({ archive, outDir });
      }),
    close: () => child.kill(),
  };
}

export interface RssSample {
  maxRssMB: number;
  seconds: number;
  entries: number;
}

/** Peak RSS of one extraction (or of just loading the engine, with archive = null) in a child. */
export async function peakRss(archive: string | null, outDir: string): Promise<RssSample> {
  const args = archive === null ? ['--baseline'] : [archive, await freshDir(outDir)];
  const stdout = await run(process.execPath, ['--import', 'tsx', RSS_CHILD, ...args], { cwd: ROOT });
  const line = stdout.trim().split('\n').pop() ?? '';
  const parsed = JSON.parse(line) as { maxRssKB: number; seconds: number; entries: number };
  if (archive !== null) await freshDir(outDir);
  return { maxRssMB: parsed.maxRssKB / 1024, seconds: parsed.seconds, entries: parsed.entries };
}
