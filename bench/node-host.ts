import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { freshDir, run, timeRuns, treeStats } from './measure.js';
import { nativeExtract, sevenZipTwoStep, type Format } from './native-tools.js';

const RSS_CHILD = fileURLToPath(new URL('./rss-child.ts', import.meta.url));
/** The repo root: `--import tsx` and the engine's package name resolve from there. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Timing {
  seconds: number[];
  /** Files and bytes found in the output of the last run, compared against the inputs. */
  output: { files: number; bytes: number };
}

type Extract = (archive: string, outDir: string) => Promise<unknown>;

/**
 * Warm-up + timed runs of `extract`, each into a fresh empty folder made outside the timer.
 * The previous run's output is deleted and flushed (`sync`) first: otherwise the kernel's
 * writeback of earlier runs lands inside later timings (seen: bsdtar 0.15 s → 0.9 s).
 */
async function timeExtraction(extract: Extract, archive: string, outRoot: string): Promise<Timing> {
  const dir = join(outRoot, 'run');
  const seconds = await timeRuns(
    async () => {
      await freshDir(dir);
      await run('sync', []);
    },
    async () => {
      await extract(archive, dir);
    },
  );
  const output = await treeStats(dir);
  await freshDir(outRoot);
  return { seconds, output };
}

export function timeNative(format: Format, archive: string, outRoot: string): Promise<Timing> {
  return timeExtraction((a, dir) => nativeExtract(format, a, dir), archive, outRoot);
}

export function timeSevenZipTarGz(archive: string, outRoot: string): Promise<Timing> {
  return timeExtraction(sevenZipTwoStep, archive, outRoot);
}

/**
 * Ours, in this process through the public Node entry point. Imported lazily so the bench can
 * still run the other phases when the engine's build is broken mid-edit.
 */
export async function timeOurs(archive: string, outRoot: string): Promise<Timing> {
  const { extractArchive } = await import('@archive-opener/engine/node');
  return timeExtraction((a, dir) => extractArchive([a], dir), archive, outRoot);
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
