import { fileURLToPath } from 'node:url';
import { freshDir, run, treeStats } from './measure.js';
import { nativeExtract, sevenZipTwoStep, type Format } from './native-tools.js';

const RSS_CHILD = fileURLToPath(new URL('./rss-child.ts', import.meta.url));
/** The repo root: `--import tsx` and the engine's package name resolve from there. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

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
  await extract(archive, dir);
  return (performance.now() - start) / 1000;
}

/** Files and bytes an extraction left in `dir`, which is then emptied. */
export async function takeOutput(dir: string): Promise<{ files: number; bytes: number }> {
  const output = await treeStats(dir);
  await freshDir(dir);
  return output;
}

export const extractNatively =
  (format: Format): Extract =>
  (archive, dir) =>
    nativeExtract(format, archive, dir);

export const extractSevenZipTarGz: Extract = sevenZipTwoStep;

/**
 * Ours, in this process through the public Node entry point. Imported lazily so the bench can
 * still run the other phases when the engine's build is broken mid-edit.
 */
export async function loadOurs(): Promise<Extract> {
  const { extractArchive } = await import('@archive-opener/engine/node');
  return (archive, dir) => extractArchive([archive], dir);
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
