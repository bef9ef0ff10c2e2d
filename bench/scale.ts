// The bench's "scale" phase: our CLI against the native tools at ~200 MB and ~1.2 GB of output,
// and ~200 MB joined into one file, where the cost per byte, not start-up, decides
// (docs/decisions/031-node-speed-at-scale.md).
// Part of `npm run bench`; alone: `npm run bench -- scale` (SCALE_SIZES=200 for the small sets
// only, SCALE_SIZES='200 MB one' for the one-file set, SCALE_KEEP=<dir> to generate once into <dir> and reuse it on later runs,
// SCALE_BASELINE_CLI=<path to another checkout's bin/archive-opener.js> to alternate it too:
// before/after figures from one run, as bench/compare.ts gives them for the ~49 MB set;
// SCALE_ROUNDS=<n> to time n rounds instead of each set's own count; SCALE_BROWSER=0 to leave out
// the browser's rows).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEngine } from './baseline-build.js';
import { alternate, errorText, fmtRatio, fmtSeconds, freshDir, median, run, treeStats, expectOutput } from './measure.js';
import { FORMATS, nativeExtract, type Format } from './native-tools.js';
import { prepareScaleInputs, type ScaleInputs } from './scale-inputs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'packages/engine/bin/archive-opener.js');
/**
 * Imported first into each CLI process timed: on exit it writes the process's resource usage
 * (CPU in µs; worker threads included, they share the process) as JSON to the file named by
 * ARCHIVE_OPENER_USAGE_FILE, with `maxRSS` (KB) from /proc/self/status's VmHWM where there is one:
 * Linux keeps `getrusage`'s maxrss across fork and exec, so a child started by this (large) bench
 * process reported the bench's own size (299 MB in every row) rather than its own peak. A data:
 * URL, so the CLI loads it without tsx.
 */
const USAGE_HOOK = `data:text/javascript,${encodeURIComponent(
  "import { readFileSync, writeFileSync } from 'node:fs'; const file = process.env.ARCHIVE_OPENER_USAGE_FILE; const ownPeakKb = () => { try { const match = /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8')); return match ? Number(match[1]) : null; } catch { return null; } }; if (file) process.on('exit', () => { const usage = process.resourceUsage(); writeFileSync(file, JSON.stringify({ ...usage, maxRSS: ownPeakKb() ?? usage.maxRSS })); });",
)}`;
const MB = 1024 * 1024;

/**
 * The sets: label, bytes of output, timed rounds (after one warm-up round), seed, and whether its
 * files are joined into one (a single large entry, the shape of a disk image or a database dump).
 */
const SETS = [
  { label: '200 MB', bytes: 200 * MB, rounds: 5, seed: 26, oneFile: false },
  { label: '200 MB one file', bytes: 200 * MB, rounds: 5, seed: 28, oneFile: true },
  { label: '1.2 GB', bytes: 1200 * MB, rounds: 3, seed: 27, oneFile: false },
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
  /** Median CPU seconds (user + system, all threads) of our CLI: less noisy than wall time on a shared machine. */
  oursCpu?: number;
  /** The same for the native tool. */
  nativeCpu?: number;
  /**
   * Native's CPU seconds ÷ ours: the cost per byte. Where both keep every core busy, the ratio
   * of times is about this (docs/decisions/040-speed-floors.md).
   */
  cpuRatio?: number;
  /** The same for SCALE_BASELINE_CLI, when given. */
  baseline?: number;
  baselineRatio?: number;
  baselineCpu?: number;
  samples: Partial<Record<Contender, number[]>>;
  errors: string[];
}

/**
 * Where the browser's rows plug in: `bench/scale-browser.ts`, when present, exports
 * `measureScaleBrowser(archives, want, log)`; it times each archive in the site's worker and
 * returns its report lines. Loaded by name so this phase runs without it.
 */
export type ScaleBrowser = (
  archives: Record<Format, string>,
  want: { files: number; bytes: number; native: Partial<Record<Format, number>> },
  log: (line: string) => void,
) => Promise<string[]>;

async function loadBrowserHook(): Promise<ScaleBrowser | null> {
  if (process.env.SCALE_BROWSER === '0') return null;
  const path = fileURLToPath(new URL('./scale-browser.ts', import.meta.url));
  if (!existsSync(path)) return null;
  const module = (await import(path)) as { measureScaleBrowser?: ScaleBrowser };
  return module.measureScaleBrowser ?? null;
}

type Contender = 'native' | 'ours' | 'baseline';

/** Our CLI as a user runs it, one whole process: its peak RSS (MB) and CPU time (s). */
async function runCli(cli: string, archive: string, outDir: string): Promise<{ rssMB: number; cpu: number }> {
  const usageFile = join(outDir, '..', 'usage.json');
  await rm(usageFile, { force: true });
  await run(process.execPath, ['--import', USAGE_HOOK, cli, 'extract', archive, '--out', outDir], {
    env: { ARCHIVE_OPENER_USAGE_FILE: usageFile },
  });
  const usage = JSON.parse(await readFile(usageFile, 'utf8')) as { maxRSS: number; userCPUTime: number; systemCPUTime: number };
  return { rssMB: usage.maxRSS / 1024, cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6 };
}

/** Native and ours alternated for one archive; each run's output is checked outside the timer. */
async function timeArchive(inputs: ScaleInputs, format: Format, rounds: number, work: string, log: (line: string) => void) {
  const row: ScaleRow = { set: inputs.label, format, samples: {}, errors: [] };
  const archive = inputs.archives[format];
  const baselineCli = process.env.SCALE_BASELINE_CLI;
  const contenders: Contender[] = baselineCli ? ['native', 'ours', 'baseline'] : ['native', 'ours'];
  const rss: number[] = [];
  const cpu: Record<Contender, number[]> = { native: [], ours: [], baseline: [] };
  const failed = new Set<Contender>();
  log(`scale ${inputs.label} ${format}: ${contenders.join(', ')}, ${rounds} alternated rounds after a warm-up`);
  const seconds = await alternate(contenders, rounds, async (who, round) => {
    if (failed.has(who)) return Number.NaN;
    const dir = await freshDir(join(work, 'out', who));
    await run('sync', []);
    try {
      const start = performance.now();
      if (who === 'native') {
        const used = await nativeExtract(format, archive, dir);
        if (round > 0) cpu.native.push(used);
      } else {
        const usage = await runCli(who === 'ours' ? CLI : (baselineCli ?? CLI), archive, dir);
        if (who === 'ours') rss.push(usage.rssMB);
        if (round > 0) cpu[who].push(usage.cpu);
      }
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
  for (const who of contenders) if (!failed.has(who)) row.samples[who] = seconds[who];
  if (!failed.has('native')) [row.native, row.nativeCpu] = [median(seconds.native), median(cpu.native)];
  if (!failed.has('ours')) [row.ours, row.oursCpu] = [median(seconds.ours), median(cpu.ours)];
  if (baselineCli && !failed.has('baseline')) [row.baseline, row.baselineCpu] = [median(seconds.baseline), median(cpu.baseline)];
  if (row.native !== undefined && row.ours !== undefined) row.ratio = row.native / row.ours;
  if (row.nativeCpu !== undefined && row.oursCpu !== undefined) row.cpuRatio = row.nativeCpu / row.oursCpu;
  if (row.native !== undefined && row.baseline !== undefined) row.baselineRatio = row.native / row.baseline;
  if (rss.length > 0) row.rssMB = Math.max(...rss);
  const baselineText = baselineCli
    ? `, baseline ${fmtSeconds(row.baseline)} (ratio ${fmtRatio(row.baselineRatio)}, CPU ${fmtSeconds(row.baselineCpu)})`
    : '';
  log(
    `scale ${inputs.label} ${format}: native ${fmtSeconds(row.native)}, ours ${fmtSeconds(row.ours)}, ratio ${fmtRatio(row.ratio)}, CPU ${fmtSeconds(row.nativeCpu)} against ${fmtSeconds(row.oursCpu)} (${fmtRatio(row.cpuRatio)})${baselineText}`,
  );
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
        : await prepareScaleInputs(work, set.label, set.bytes, set.seed, set.oneFile);
      log(`scale ${set.label}: ${inputs.files} files, ${(inputs.bytes / MB).toFixed(0)} MB`);
      const rounds = Number(process.env.SCALE_ROUNDS) || set.rounds;
      const native: Partial<Record<Format, number>> = {};
      for (const format of FORMATS) {
        const row = await timeArchive(inputs, format, rounds, work, log);
        rows.push(row);
        if (row.native !== undefined) native[format] = row.native;
      }
      // The browser's ratios are against the native medians just measured on the same archives.
      if (browser) browserLines.push(`browser, ${set.label}:`, ...(await browser(inputs.archives, { ...inputs, native }, log)));
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
  const setWidth = Math.max(8, ...results.rows.map((row) => row.set.length + 1));
  const withBaseline = results.rows.some((row) => row.baseline !== undefined);
  const baselineHead = withBaseline ? `${pad('baseline', 9)}${pad('ratio', 7)}${pad('CPU', 7)}` : '';
  const lines = [
    `scale: ${pad('set', setWidth)}${pad('format', 8)}${pad('native', 9)}${pad('CLI', 9)}${pad('ratio', 7)}${pad('CPU', 14)}${pad('CPU r', 7)}${baselineHead}peak RSS`,
  ];
  for (const row of results.rows) {
    const rss = row.rssMB === undefined ? '—' : `${row.rssMB.toFixed(0)} MB`;
    const baseline = withBaseline
      ? `${pad(fmtSeconds(row.baseline), 9)}${pad(fmtRatio(row.baselineRatio), 7)}${pad(fmtSeconds(row.baselineCpu), 7)}`
      : '';
    lines.push(
      `scale: ${pad(row.set, setWidth)}${pad(row.format, 8)}${pad(fmtSeconds(row.native), 9)}${pad(fmtSeconds(row.ours), 9)}${pad(fmtRatio(row.ratio), 7)}${pad(`${fmtSeconds(row.nativeCpu)}/${fmtSeconds(row.oursCpu)}`, 14)}${pad(fmtRatio(row.cpuRatio), 7)}${baseline}${rss}`,
    );
    if (row.ratio !== undefined && row.ratio < SCALE_GOALS.nodeRatio) missed.push(`scale ${row.set} ${row.format} ratio`);
    if (row.rssMB !== undefined && row.rssMB > SCALE_GOALS.rssMB) missed.push(`scale ${row.set} ${row.format} RSS`);
    lines.push(...row.errors.map((e) => `scale: ${e}`));
  }
  lines.push(
    `scale: median of alternated rounds; native = 7zz (zip, 7z) or bsdtar (tar.gz); CLI = \`archive-opener extract\`, whole process; CPU = user + system seconds, native/CLI; CPU r = native's ÷ the CLI's, about the ratio where both keep every core busy; goals ratio ≥ ${SCALE_GOALS.nodeRatio}, RSS ≤ ${SCALE_GOALS.rssMB} MB`,
    ...results.browser,
  );
  return lines;
}

/** `npm run bench -- scale`: this phase alone, after building the engine. */
export async function runScaleAlone(): Promise<void> {
  const started = performance.now();
  const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);
  log('building the engine (tsc -b packages/shared packages/engine, then its bundle)');
  await buildEngine(ROOT, ROOT);
  const results = await measureScale(log);
  const missed: string[] = [];
  console.log(`\n${scaleLines(results, missed).join('\n')}`);
  console.log(missed.length === 0 ? 'scale: all goals met' : `scale: goals missed: ${missed.join(', ')}`);
  console.log(JSON.stringify(results.rows.map(({ set, format, samples }) => ({ set, format, samples }))));
}
