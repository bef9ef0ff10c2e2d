// The bench's "scale" phase: our CLI against the native tools at ~200 MB and ~1.2 GB of output,
// where the cost per byte, not start-up, decides (docs/decisions/031-node-speed-at-scale.md).
// Part of `npm run bench`; alone: `npm run bench -- scale` (SCALE_SIZES=200 for the small set
// only, SCALE_KEEP=<dir> to generate once into <dir> and reuse it on later runs).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternate, errorText, fmtRatio, fmtSeconds, freshDir, median, run, treeStats, expectOutput } from './measure.js';
import { FORMATS, nativeExtract, type Format } from './native-tools.js';
import { prepareScaleInputs, type ScaleInputs } from './scale-inputs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'packages/engine/bin/archive-opener.js');
const PEAK_RSS_PRELOAD = fileURLToPath(new URL('./peak-rss-preload.cjs', import.meta.url));
const MB = 1024 * 1024;

/** The two sets: label, bytes of output, timed rounds (after one warm-up round), seed. */
const SETS = [
  { label: '200 MB', bytes: 200 * MB, rounds: 5, seed: 26 },
  { label: '1.2 GB', bytes: 1200 * MB, rounds: 3, seed: 27 },
] as const;

export const SCALE_GOALS = { nodeRatio: 0.9, rssMB: 250 } as const;

export interface ScaleRow {
  set: string;
  format: Format;
  native?: number;
  ours?: number;
  /** native ÷ ours: 1 is as fast as native. */
  ratio?: number;
  /** Highest peak RSS of our CLI's process over its runs (worker threads included). */
  rssMB?: number;
  samples: { native: number[]; ours: number[] };
  errors: string[];
}

/**
 * Where the browser's rows plug in: `bench/scale-browser.ts`, when present, exports
 * `measureScaleBrowser(archives, want, log)`; it times each archive in the site's worker and
 * returns its report lines. Loaded by name so this phase runs without it.
 */
export type ScaleBrowser = (
  archives: Record<Format, string>,
  want: { files: number; bytes: number },
  log: (line: string) => void,
) => Promise<string[]>;

async function loadBrowserHook(): Promise<ScaleBrowser | null> {
  const path = fileURLToPath(new URL('./scale-browser.ts', import.meta.url));
  if (!existsSync(path)) return null;
  const module = (await import(path)) as { measureScaleBrowser?: ScaleBrowser };
  return module.measureScaleBrowser ?? null;
}

/** Our CLI as a user runs it, one whole process; resolves to its peak RSS in MB. */
async function runCli(archive: string, outDir: string): Promise<number> {
  const rssFile = join(outDir, '..', 'peak-rss');
  await rm(rssFile, { force: true });
  await run(process.execPath, ['--require', PEAK_RSS_PRELOAD, CLI, 'extract', archive, '--out', outDir], {
    env: { ARCHIVE_OPENER_PEAK_RSS_FILE: rssFile },
  });
  return Number(await readFile(rssFile, 'utf8')) / 1024;
}

/** Native and ours alternated for one archive; each run's output is checked outside the timer. */
async function timeArchive(inputs: ScaleInputs, format: Format, rounds: number, work: string, log: (line: string) => void) {
  const row: ScaleRow = { set: inputs.label, format, samples: { native: [], ours: [] }, errors: [] };
  const archive = inputs.archives[format];
  const rss: number[] = [];
  const failed = new Set<'native' | 'ours'>();
  log(`scale ${inputs.label} ${format}: native and ours, ${rounds} alternated rounds after a warm-up`);
  const seconds = await alternate(['native', 'ours'] as const, rounds, async (who) => {
    if (failed.has(who)) return Number.NaN;
    const dir = await freshDir(join(work, 'out', who));
    await run('sync', []);
    try {
      const start = performance.now();
      if (who === 'native') await nativeExtract(format, archive, dir);
      else rss.push(await runCli(archive, dir));
      const elapsed = (performance.now() - start) / 1000;
      expectOutput(`${format} ${who}`, await treeStats(dir), inputs);
      return elapsed;
    } catch (error) {
      failed.add(who);
      row.errors.push(`scale ${inputs.label} ${format} ${who} failed: ${errorText(error).split('\n')[0]}`);
      return Number.NaN;
    } finally {
      await freshDir(dir);
    }
  });
  if (!failed.has('native')) row.native = median((row.samples.native = seconds.native));
  if (!failed.has('ours')) row.ours = median((row.samples.ours = seconds.ours));
  if (row.native !== undefined && row.ours !== undefined) row.ratio = row.native / row.ours;
  if (rss.length > 0) row.rssMB = Math.max(...rss);
  log(`scale ${inputs.label} ${format}: native ${fmtSeconds(row.native)}, ours ${fmtSeconds(row.ours)}, ratio ${fmtRatio(row.ratio)}`);
  return row;
}

export interface ScaleResults {
  rows: ScaleRow[];
  browser: string[];
}

/** Generates each set in a temporary folder (deleted after, unless SCALE_KEEP), then times it. */
export async function measureScale(log: (line: string) => void): Promise<ScaleResults> {
  const keep = process.env.SCALE_KEEP;
  const wanted = process.env.SCALE_SIZES?.split(',');
  const browser = await loadBrowserHook();
  const rows: ScaleRow[] = [];
  const browserLines: string[] = [];
  for (const set of SETS) {
    if (wanted && !wanted.some((w) => set.label.startsWith(w))) continue;
    const work = keep ? join(keep, set.label.replace(/\W+/g, '')) : await mkdtemp(join(tmpdir(), 'archive-opener-scale-'));
    try {
      const reuse = keep !== undefined && FORMATS.every((f) => existsSync(join(work, `data.${f}`)));
      log(`scale ${set.label}: ${reuse ? 'reusing' : 'generating and packing'} the inputs in ${work}`);
      const inputs = reuse
        ? { label: set.label, dataDir: join(work, 'data'), archives: archivesIn(work), ...(await treeStats(join(work, 'data'))) }
        : await prepareScaleInputs(work, set.label, set.bytes, set.seed);
      log(`scale ${set.label}: ${inputs.files} files, ${(inputs.bytes / MB).toFixed(0)} MB`);
      for (const format of FORMATS) rows.push(await timeArchive(inputs, format, set.rounds, work, log));
      if (browser) browserLines.push(...(await browser(inputs.archives, inputs, log)));
    } finally {
      if (!keep) await rm(work, { recursive: true, force: true });
    }
  }
  return { rows, browser: browserLines };
}

function archivesIn(work: string): Record<Format, string> {
  return { zip: join(work, 'data.zip'), '7z': join(work, 'data.7z'), 'tar.gz': join(work, 'data.tar.gz') };
}

/** The phase's table; goals missed are added to `missed`. */
export function scaleLines(results: ScaleResults | undefined, missed: string[]): string[] {
  if (!results) return ['scale: not measured (see notes)'];
  const pad = (s: string, n: number) => s.padEnd(n);
  const lines = [`scale: ${pad('set', 8)}${pad('format', 8)}${pad('native', 9)}${pad('CLI', 9)}${pad('ratio', 7)}peak RSS`];
  for (const row of results.rows) {
    const rss = row.rssMB === undefined ? '—' : `${row.rssMB.toFixed(0)} MB`;
    lines.push(
      `scale: ${pad(row.set, 8)}${pad(row.format, 8)}${pad(fmtSeconds(row.native), 9)}${pad(fmtSeconds(row.ours), 9)}${pad(fmtRatio(row.ratio), 7)}${rss}`,
    );
    if (row.ratio !== undefined && row.ratio < SCALE_GOALS.nodeRatio) missed.push(`scale ${row.set} ${row.format} ratio`);
    if (row.rssMB !== undefined && row.rssMB > SCALE_GOALS.rssMB) missed.push(`scale ${row.set} ${row.format} RSS`);
    lines.push(...row.errors.map((e) => `scale: ${e}`));
  }
  lines.push(
    `scale: median of alternated rounds; native = 7zz (zip, 7z) or bsdtar (tar.gz); CLI = \`archive-opener extract\`, whole process; goals ratio ≥ ${SCALE_GOALS.nodeRatio}, RSS ≤ ${SCALE_GOALS.rssMB} MB`,
    ...results.browser,
  );
  return lines;
}

/** `npm run bench -- scale`: this phase alone, after building the engine. */
export async function runScaleAlone(): Promise<void> {
  const started = performance.now();
  const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);
  log('building the engine (tsc -b packages/shared packages/engine)');
  await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/shared', 'packages/engine'], { cwd: ROOT });
  const results = await measureScale(log);
  const missed: string[] = [];
  console.log(`\n${scaleLines(results, missed).join('\n')}`);
  console.log(missed.length === 0 ? 'scale: all goals met' : `scale: goals missed: ${missed.join(', ')}`);
  console.log(JSON.stringify(results.rows.map(({ set, format, samples, rssMB }) => ({ set, format, samples, rssMB }))));
}
