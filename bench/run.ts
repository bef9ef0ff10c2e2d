// `npm run bench`: our engine against native tools on the same ~50 MB of inputs, on Node and in
// headless Chromium. A benchmark, not a test: it prints numbers and always exits 0 unless it
// could not even build its inputs. Each phase catches its own failure and the rest still runs.
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorker } from '@archive-opener/test-support/browser-harness';
import { openBrowserBench, type BrowserBench, type BrowserRun, type WorkerMode } from './browser-host.js';
import { prepareInputs, type Inputs } from './inputs.js';
import { alternate, errorText, expectOutput, fmtRatio, fmtSeconds, freshDir, median, RUNS, run } from './measure.js';
import { ensureTools, FORMATS, toolVersions, type Format } from './native-tools.js';
import { extractNatively, extractSevenZipTarGz, peakRss, startEngineProcess, timeChecked, type Extract } from './node-host.js';
import { auditLines, auditSite, type PageAudit } from './lighthouse.js';
import { offlineLines, timeOfflineApp, type OfflineResults } from './offline.js';
import { loadLines, loadServer, type LoadResults } from './load.js';
import { timeServer, type ServerResults } from './server.js';
import { timeSite, type SiteResults } from './site.js';
import { fileManagerLines, timeFileManager, type FileManagerResults } from './file-manager.js';
import { manyEntriesLines, measureManyEntries, type ManyEntriesResults } from './many-entries.js';
import { measureScale, runScaleAlone, scaleLines, type ScaleResults } from './scale.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = join(ROOT, '.bench-work');
/** Timed rounds of the engine's contenders, after one untimed warm-up round. */
const ENGINE_ROUNDS = 7;

const GOALS = {
  node: { zip: 0.9, '7z': 0.95, 'tar.gz': 0.8 },
  browser: { zip: 0.8, '7z': 0.8, 'tar.gz': 0.7 },
  rssMB: 250,
  site: { initialJsKB: 120, listSeconds: 0.3 },
  lighthouse: { performance: 0.95 },
} as const;

interface Row {
  native?: number;
  node?: number;
  nodeRatio?: number;
  rssMB?: number;
  /** The site's extraction: a worker prepared while the visitor read the listing. */
  browser?: number;
  browserRatio?: number;
  /** A worker started for the run: its start-up and 7zz.wasm's compile are timed too. */
  browserFresh?: number;
  browserFreshRatio?: number;
  sevenZipTwoStep?: number;
  /** Every timed run, seconds, so the spread behind each median can be seen. */
  samples: Partial<Record<Contender, number[]>>;
  errors: string[];
}

const notes: string[] = [];
const started = performance.now();
const loadAtStart = loadavg()[0] ?? 0;
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`);

/** Runs one phase; a failure becomes a clear line (and a note in the results) instead of a crash. */
async function phase<T>(label: string, body: () => Promise<T>, row?: Row): Promise<T | undefined> {
  try {
    return await body();
  } catch (error) {
    const line = `${label} failed: ${errorText(error).split('\n')[0]}`;
    log(line);
    row?.errors.push(line);
    if (!row) notes.push(line);
    return undefined;
  }
}

/** Others edit the engine while this runs: a broken build is retried, then the old dist is used. */
async function buildEngine(): Promise<true> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      log(`npm run build (attempt ${attempt})`);
      await run('npm', ['run', 'build'], { cwd: ROOT });
      return true;
    } catch (error) {
      log(`build failed: ${errorText(error).split('\n').slice(0, 4).join(' ')}`);
      if (attempt < 3) await new Promise((resolve) => setTimeout(resolve, 60_000));
    }
  }
  const dist = join(ROOT, 'packages/engine/dist/host-node/index.js');
  if (!existsSync(dist)) throw new Error('the engine does not build and has no previous dist');
  notes.push('engine build failed 3 times: the Node numbers come from the previous dist');
  return true;
}

type Contender = 'native' | 'node' | 'browser' | 'browserFresh' | 'sevenZipTwoStep';

const LABELS: Record<Contender, string> = {
  native: 'native',
  node: 'ours (Node, a process of its own)',
  browser: 'ours (browser, prepared worker)',
  browserFresh: 'ours (browser, fresh worker)',
  sevenZipTwoStep: '7zz two-step',
};

/**
 * Every contender for one format in alternated rounds (see `alternate`): timing native in one
 * stretch and ours in the next put the machine's changes of speed into the ratio (seen: bsdtar
 * went from 0.10 s to 0.15 s over fifteen rounds of one probe). A contender that fails is
 * reported and left out of the remaining rounds; the others go on.
 */
async function timeFormat(
  format: Format,
  row: Row,
  runners: Partial<Record<Contender, (dir: string, label: string) => Promise<number>>>,
): Promise<void> {
  const contenders = (Object.keys(runners) as Contender[]).filter((who) => runners[who]);
  const failed = new Set<Contender>();
  const outDir = join(WORK, 'out', format);
  log(`${format}: ${contenders.map((who) => LABELS[who]).join(', ')}, ${ENGINE_ROUNDS} alternated rounds`);
  const seconds = await alternate(contenders, ENGINE_ROUNDS, async (who) => {
    const runner = runners[who];
    if (!runner || failed.has(who)) return Number.NaN;
    try {
      return await runner(join(outDir, who), `${format} ${LABELS[who]}`);
    } catch (error) {
      failed.add(who);
      row.errors.push(`${format} ${LABELS[who]} failed: ${errorText(error).split('\n')[0]}`);
      return Number.NaN;
    }
  });
  for (const who of contenders) {
    if (failed.has(who)) continue;
    row.samples[who] = seconds[who];
    row[who] = median(seconds[who]);
  }
  await freshDir(outDir);
}

/** What each prepared worker reported of its warm-up (untimed, during the visitor's pause), by format. */
const warmUps = new Map<Format, NonNullable<BrowserRun['warmUp']>[]>();

/** A browser run as a timing, its output checked against the inputs. */
function browserRunner(bench: BrowserBench, format: Format, mode: WorkerMode, inputs: Inputs) {
  return async (_dir: string, label: string): Promise<number> => {
    const run = await bench.extract(format, mode);
    expectOutput(label, run, inputs);
    if (run.warmUp) warmUps.set(format, [...(warmUps.get(format) ?? []), run.warmUp]);
    return run.seconds;
  };
}

/** A note on the prepared workers' warm-ups: how long they took, and whether each ended before its request. */
function warmUpNote(): string | null {
  if (warmUps.size === 0) return null;
  const parts = [...warmUps].map(([format, reports]) => {
    const whole = reports.filter((r) => r.warmed.includes(format) && !r.error).length;
    return `${format} ${fmtSeconds(median(reports.map((r) => r.seconds)))} (${whole} of ${reports.length} complete)`;
  });
  const errors = [...new Set([...warmUps.values()].flat().flatMap((r) => (r.error ? [r.error] : [])))];
  return `browser: each prepared worker warmed up on a small archive of its own of the same kind (engine's warm-up.ts) during the pause, outside the timed region: median ${parts.join(', ')}${errors.length ? `; warm-up errors: ${errors.join(' | ')}` : ''}`;
}

async function main(): Promise<void> {
  log(`bench: engine ${ENGINE_ROUNDS} alternated rounds after 1 warm-up, site and server ${RUNS} runs; medians reported`);
  const tools = await ensureTools();
  const engineUsable = (await phase('engine build', buildEngine)) === true;
  await mkdir(WORK, { recursive: true });
  const inputs = await prepareInputs(WORK);
  log(`inputs: ${inputs.files} files, ${(inputs.bytes / 1048576).toFixed(1)} MB in ${inputs.dataDir}`);

  const rows: Record<Format, Row> = {
    zip: { samples: {}, errors: [] },
    '7z': { samples: {}, errors: [] },
    'tar.gz': { samples: {}, errors: [] },
  };

  log('browser: bundling the worker and launching Chromium');
  const browser = await phase('browser', () => {
    if (!tools.chromium) throw new Error('chromium is not installed');
    return bundleWorker(join(WORK, 'browser')).then((bundle) => openBrowserBench({ worker: bundle }, inputs.archives));
  });
  const engine = engineUsable ? await phase('engine process', startEngineProcess) : undefined;
  const ours = engine?.extract;
  try {
    for (const format of FORMATS) {
      const row = rows[format];
      const archive = inputs.archives[format];
      const nativeTool = format === 'tar.gz' ? 'bsdtar' : '7zz';
      if (!tools[nativeTool]) row.errors.push(`${format} native: ${nativeTool} is not installed`);
      if (!ours) row.errors.push(`${format} node skipped: the engine has no build`);
      const onDisk = (extract: Extract) => (dir: string, label: string) => timeChecked(extract, archive, dir, label, inputs);
      await timeFormat(format, row, {
        ...(tools[nativeTool] && { native: onDisk(extractNatively(format)) }),
        ...(ours && { node: onDisk(ours) }),
        ...(browser && {
          browser: browserRunner(browser, format, 'prepared', inputs),
          browserFresh: browserRunner(browser, format, 'fresh', inputs),
        }),
        ...(format === 'tar.gz' && tools['7zz'] && { sevenZipTwoStep: onDisk(extractSevenZipTarGz) }),
      });
      if (!ours) continue;
      log(`${format}: ours peak RSS (child process)`);
      const rss = await phase(`${format} peak RSS`, () => peakRss(archive, join(WORK, 'out', `rss-${format}`)), row);
      row.rssMB = rss?.maxRssMB;
    }
  } finally {
    await browser?.close();
    engine?.close();
  }
  const baseline = await phase('RSS baseline', () => peakRss(null, join(WORK, 'out', 'rss-baseline')));
  if (baseline) notes.push(`peak RSS of a child that only loads the engine (tsx included): ${baseline.maxRssMB.toFixed(0)} MB`);
  if (browser) {
    notes.push(
      `browser: one worker per run, as the site has it; "prepared" is the site's extraction (its worker fetched and compiled 7zz.wasm and warmed up while the visitor read the listing), "fresh" also times starting the worker and fetching + compiling 7zz.wasm (~${fmtSeconds(browser.compileSeconds)} on the page); output reaches the page as the worker's own ArrayBuffers up to the device's held-bytes budget (256 MiB with 8 GiB of memory or more), as Blobs beyond`,
    );
    const warmUp = warmUpNote();
    if (warmUp) notes.push(warmUp);
  }

  for (const format of FORMATS) {
    const row = rows[format];
    if (row.native === undefined) continue;
    if (row.node !== undefined) row.nodeRatio = row.native / row.node;
    if (row.browser !== undefined) row.browserRatio = row.native / row.browser;
    if (row.browserFresh !== undefined) row.browserFreshRatio = row.native / row.browserFresh;
  }

  log('site: production build on the real server, in Chromium');
  const site = await phase('site', () => {
    if (!tools.chromium) throw new Error('chromium is not installed');
    return timeSite(inputs.archives);
  });
  log('file manager: a zip of 99,890 tiny files extracted in the site; views, sorts, search keystrokes and scrolling timed');
  const fileManager = await phase('file manager', () => {
    if (!tools.chromium) throw new Error('chromium is not installed');
    return timeFileManager(WORK);
  });
  log('server: two uploads at once (peak RSS), then upload → manifest against the CLI');
  const server = await phase('server', () => timeServer(inputs.archives, join(WORK, 'out')));
  log('load: autocannon on the home page and a job status while two extractions run (also `npm run bench:load`)');
  const underLoad = await phase('load', loadServer);
  log('offline app: after one visit, reloads of / with no network; installability');
  const offline = await phase('offline app', () => {
    if (!tools.chromium) throw new Error('chromium is not installed');
    return timeOfflineApp();
  });
  log('lighthouse: / and /ar/privacy, mobile emulation with simulated slow 4G');
  const audits = await phase('lighthouse', () => {
    if (!tools.chromium) throw new Error('chromium is not installed');
    return auditSite();
  });
  log('many entries: 100,000 of each format through a server worker; the CLI on 100,000 equal names');
  const many = await phase('many entries', () => measureManyEntries(WORK, log));
  log(
    'scale: ~200 MB and ~1.2 GB of output, generated in a temporary folder; the CLI against native (also `npm run bench -- scale`)',
  );
  const scale = await phase('scale', () => measureScale(log));
  await report(rows, inputs, site, audits, server, underLoad, fileManager, many, offline, scale);
}

/** Server extraction: peak memory with two jobs at once, upload → manifest against the CLI. */
function serverLines(server: ServerResults | undefined, missed: string[]): string[] {
  if (!server) return ['server: not measured (see notes)'];
  if (server.peakRssMB > GOALS.rssMB) missed.push('server RSS');
  const lines = [
    `server: peak RSS ${server.peakRssMB.toFixed(0)} MB with zip and 7z extracting at once (goal ≤ ${GOALS.rssMB} MB)`,
    `${'format'.padEnd(9)}${'upload→manifest'.padEnd(17)}${'CLI'.padEnd(9)}ratio CLI ÷ server (median of ${RUNS})`,
  ];
  for (const format of FORMATS) {
    const viaServer = median(server.uploadToManifest[format] ?? []);
    const cli = median(server.cli[format] ?? []);
    lines.push(`${format.padEnd(9)}${fmtSeconds(viaServer).padEnd(17)}${fmtSeconds(cli).padEnd(9)}${fmtRatio(cli / viaServer)}`);
  }
  return lines;
}

/** The website's own figures: initial JavaScript and drop → listed → all files shown. */
function siteLines(site: SiteResults | undefined, missed: string[]): string[] {
  if (!site) return ['site: not measured (see notes)'];
  const { gzipKB, brotliKB, files } = site.initialJs;
  if (gzipKB > GOALS.site.initialJsKB) missed.push('site initial JS');
  const lines = [
    `site: home page initial JS ${gzipKB.toFixed(1)} KB gzip (${brotliKB.toFixed(1)} KB brotli, ${files.length} files; goal ≤ ${GOALS.site.initialJsKB} KB gzip)`,
    `${'format'.padEnd(9)}${'listed'.padEnd(10)}all files shown (from the drop; median of ${RUNS})`,
  ];
  for (const format of FORMATS) {
    const timing = site.formats[format];
    if (timing instanceof Error || !timing) {
      lines.push(`${format.padEnd(9)}failed: ${timing?.message ?? 'not run'}`);
      continue;
    }
    const listed = median(timing.listSeconds);
    if (listed > GOALS.site.listSeconds) missed.push(`site ${format} listing`);
    lines.push(`${format.padEnd(9)}${fmtSeconds(listed).padEnd(10)}${fmtSeconds(median(timing.readySeconds))}`);
  }
  lines.push(`site goal: listed < ${GOALS.site.listSeconds * 1000} ms`);
  return lines;
}

async function report(
  rows: Record<Format, Row>,
  inputs: Inputs,
  site: SiteResults | undefined,
  audits: PageAudit[] | undefined,
  server: ServerResults | undefined,
  underLoad: LoadResults | undefined,
  fileManager: FileManagerResults | undefined,
  many: ManyEntriesResults | undefined,
  offline: OfflineResults | undefined,
  scale: ScaleResults | undefined,
): Promise<void> {
  const pad = (s: string, n: number) => s.padEnd(n);
  const lines = [
    `${pad('format', 9)}${pad('native', 9)}${pad('node', 9)}${pad('ratio', 7)}${pad('peakRSS', 10)}${pad('browser', 9)}${pad('ratio', 7)}${pad('fresh', 9)}ratio`,
  ];
  for (const format of FORMATS) {
    const r = rows[format];
    const rss = r.rssMB === undefined ? '—' : `${r.rssMB.toFixed(0)} MB`;
    lines.push(
      `${pad(format, 9)}${pad(fmtSeconds(r.native), 9)}${pad(fmtSeconds(r.node), 9)}${pad(fmtRatio(r.nodeRatio), 7)}${pad(rss, 10)}${pad(fmtSeconds(r.browser), 9)}${pad(fmtRatio(r.browserRatio), 7)}${pad(fmtSeconds(r.browserFresh), 9)}${fmtRatio(r.browserFreshRatio)}`,
    );
  }
  lines.push(
    `(median of ${ENGINE_ROUNDS} rounds alternating every column; ratio = native ÷ ours; browser = a prepared worker, as the site extracts; fresh = a worker started for the run)`,
    `goals: node ≥ ${GOALS.node.zip} zip, ≥ ${GOALS.node['7z']} 7z, ≥ ${GOALS.node['tar.gz']} tar.gz; browser ≥ ${GOALS.browser.zip} zip, ≥ ${GOALS.browser['7z']} 7z, ≥ ${GOALS.browser['tar.gz']} tar.gz; RSS ≤ ${GOALS.rssMB} MB`,
  );
  const missed: string[] = [];
  for (const format of FORMATS) {
    const r = rows[format];
    if (r.nodeRatio !== undefined && r.nodeRatio < GOALS.node[format]) missed.push(`node ${format}`);
    if (r.browserRatio !== undefined && r.browserRatio < GOALS.browser[format]) missed.push(`browser ${format}`);
    if (r.rssMB !== undefined && r.rssMB > GOALS.rssMB) missed.push(`RSS ${format}`);
  }
  lines.push(...siteLines(site, missed));
  lines.push(...fileManagerLines(fileManager, missed));
  lines.push(...serverLines(server, missed));
  lines.push(...(underLoad ? loadLines(underLoad, missed) : ['load: not measured (see notes)']));
  lines.push(...manyEntriesLines(many, missed));
  lines.push(...offlineLines(offline, missed));
  lines.push(...scaleLines(scale, missed));
  lines.push(...(audits ? auditLines(audits) : ['lighthouse: not measured (see notes)']));
  for (const audit of audits ?? []) {
    const { performance, accessibility, seo } = audit.scores;
    if ((performance ?? 0) < GOALS.lighthouse.performance) missed.push(`lighthouse ${audit.path} performance`);
    for (const [name, score] of Object.entries({ accessibility, 'best practices': audit.scores['best-practices'], seo }))
      if ((score ?? 0) < 1) missed.push(`lighthouse ${audit.path} ${name}`);
  }
  lines.push(missed.length === 0 ? 'all measured goals met' : `goals missed: ${missed.join(', ')}`);

  const tarGzTwoStep = rows['tar.gz'].sevenZipTwoStep;
  if (tarGzTwoStep !== undefined)
    notes.push(`tar.gz with 7zz two-step (7zz x -so | 7zz x -si -ttar): ${fmtSeconds(tarGzTwoStep)} (reference stays bsdtar)`);
  const errors = FORMATS.flatMap((f) => rows[f].errors);
  // Other work on this 2-core machine (tests, builds) skews every column; say so next to the numbers.
  const load = Math.max(loadAtStart, loadavg()[0] ?? 0);
  if (load > availableParallelism() / 2)
    notes.push(`1-min load average ${load.toFixed(1)} on ${availableParallelism()} cores: numbers are noisy`);

  console.log(`\n${lines.join('\n')}`);
  for (const line of [...errors, ...notes]) console.log(`note: ${line}`);

  const results = {
    date: new Date().toISOString(),
    runs: RUNS,
    engineRounds: ENGINE_ROUNDS,
    warmups: 1,
    inputs: { files: inputs.files, bytes: inputs.bytes },
    versions: await toolVersions(),
    goals: GOALS,
    formats: rows,
    offline,
    lighthouse: audits,
    server,
    load: underLoad,
    manyEntries: many,
    scale,
    site: site && {
      initialJs: site.initialJs,
      formats: Object.fromEntries(
        Object.entries(site.formats).map(([format, timing]) => [
          format,
          timing instanceof Error ? { error: timing.message } : timing,
        ]),
      ),
    },
    fileManager,
    goalsMissed: missed,
    notes,
    table: lines,
    totalSeconds: (performance.now() - started) / 1000,
  };
  const path = join(WORK, 'results.json');
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`results written to ${path} (${results.totalSeconds.toFixed(0)} s in all)`);
}

// `npm run bench -- scale` runs that phase alone.
(process.argv[2] === 'scale' ? runScaleAlone() : main()).catch((error: unknown) => {
  console.error(`bench failed: ${errorText(error)}`);
  process.exitCode = 1;
});
