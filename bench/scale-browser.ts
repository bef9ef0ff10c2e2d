// The browser's rows of the "scale" phase: the production site in headless Chromium opening
// archives of ~200 MB to a few GB of output, end to end as a visitor does (click "Extract Files
// Now" → first file shown), and "Extract Straight to a Folder…" into a folder of the Origin
// Private File System standing in for the one a visitor picks; with the peak RSS of all of
// Chromium's processes together against the same browser with only the page open.
// Standalone: node --import tsx bench/scale-browser.ts [--how=opfs,blob,folder,straight] <archive>...
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { findChromium } from '@archive-opener/test-support/chromium';
import { startSite, type RunningSite } from '@archive-opener/test-support/site';
import { chromiumRssMB, sampleCpu, sampleRss } from './chromium-usage.js';
import { median } from './measure.js';
import type { ScaleBrowser } from './scale.js';

/**
 * 'opfs': as the site runs (output beyond the held budget in the Origin Private File System);
 * 'blob': the same with no OPFS (the Blob spool, what browsers without it get);
 * 'folder': as 'opfs', then every file copied by the file manager's "Extract to folder…";
 * 'straight': "Extract Straight to a Folder…", every file written into the folder as it is extracted.
 */
export type ScaleHow = 'opfs' | 'blob' | 'folder' | 'straight';

export interface ScaleBrowserInput {
  format: string;
  path: string;
  /** The files in the archive, when known: the run checks the file manager shows as many. */
  files?: number;
  /** Native's median seconds on the same archive in the same run, when known: the row's ratio. */
  nativeSeconds?: number;
}

export interface ScaleBrowserRow {
  format: string;
  archive: string;
  how: ScaleHow;
  /** Click "Extract Files Now" (or "Extract Straight to a Folder…") → first file card shown. */
  seconds: number;
  /**
   * The same span as the page saw it: the click event → the animation frame that draws the first
   * card added to the document. Leaves out Playwright's own click (its actionability checks and protocol
   * round trips: 0.05–0.4 s on a loaded 2-core VM) and its polling for the card.
   */
  pageSeconds?: number;
  /**
   * Native's seconds ÷ ours, when native was timed (1 is native speed; the goal is 0.8): ours is
   * `pageSeconds`, click → files shown as the visitor sees them, where the page reported it.
   */
  ratio?: number;
  /** Native's seconds ÷ `seconds`, the bench's own clock (Playwright's click and polling included). */
  clockRatio?: number;
  /** Chromium's CPU seconds (all processes) over the same span, and the threads that used most. */
  cpuSeconds: number;
  cpuByThread: Record<string, number>;
  /** 'folder' only: click "Extract to folder…" → its success toast. */
  folderSeconds?: number;
  filesShown: number;
  /** Chromium (all processes) with only the page open, and at its peak during the run. */
  pageRssMB: number;
  peakRssMB: number;
  growthMB: number;
  error?: string;
}

const WITHOUT_OPFS = `delete StorageManager.prototype.getDirectory;`;
const PICKER_STAND_IN = `window.showDirectoryPicker = async () =>
  (await navigator.storage.getDirectory()).getDirectoryHandle('picked', { create: true });`;

/** How many files the picked folder's stand-in holds, in all its folders. */
const COUNT_PICKED = `(async () => {
  const walk = async (dir) => {
    let count = 0;
    for await (const handle of dir.values()) count += handle.kind === 'directory' ? await walk(handle) : 1;
    return count;
  };
  return walk(await (await navigator.storage.getDirectory()).getDirectoryHandle('picked', { create: true }));
})()`;

/** The codes of the shared runs that failed on this page (SHARES_FELL_BACK_MARK in apps/web's shared-extraction.ts). */
const FELL_BACK = `performance.getEntriesByName('archive-opener:shares-fell-back').map((mark) => String(mark.detail))`;

/** Notes when the page sees the click, and the frame that draws the first file card added. */
const WATCH_CARD = `(() => {
  const marks = (window.__scaleMarks = {});
  document.addEventListener('click', (event) => { marks.click ??= event.timeStamp; }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (marks.card !== undefined || !document.querySelector('[data-file-name]')) return;
    marks.card = performance.now();
    observer.disconnect();
    // The frame that draws it: its callbacks run just before its style, layout and paint (a task
    // after it could be one the page runs next, such as the completion dialog's render).
    requestAnimationFrame(() => (marks.drawn = performance.now()));
  });
  observer.observe(document.body, { childList: true, subtree: true });
})()`;
const CARD_SECONDS = `new Promise((resolve) => {
  const read = () => {
    const { click, drawn } = window.__scaleMarks ?? {};
    if (drawn !== undefined) resolve(click === undefined ? undefined : (drawn - click) / 1000);
    else setTimeout(read, 10);
  };
  read();
})`;

async function filesShown(page: Page): Promise<number> {
  const title = await page.getByRole('heading', { name: /^Extracted Files \(/ }).innerText();
  return Number(/\(([\d,]+)\)/.exec(title)?.[1]?.replace(/,/g, '') ?? Number.NaN);
}

async function once(site: RunningSite, input: ScaleBrowserInput, how: ScaleHow): Promise<ScaleBrowserRow> {
  // A profile on disk, as a visitor's: an off-the-record context (Playwright's newContext) keeps
  // the Origin Private File System in the browser process's memory.
  const profile = await mkdtemp(join(tmpdir(), 'ao-scale-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    // SCALE_CHROME_ARGS: more switches, e.g. a trace of every thread's CPU profile, workers' included
    // ("--trace-startup=disabled-by-default-v8.cpu_profiler --trace-startup-format=json
    // --trace-startup-file=… --trace-startup-duration=60", docs/decisions/038-sevenzip-on-both-cores.md).
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      ...(process.env['SCALE_CHROME_ARGS']?.split(' ').filter(Boolean) ?? []),
    ],
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  try {
    context.setDefaultTimeout(900_000);
    if (how === 'blob') await context.addInitScript(WITHOUT_OPFS);
    // A device reporting less memory (a smaller held budget): SCALE_DEVICE_MEMORY=4 for 128 MiB.
    const memory = process.env['SCALE_DEVICE_MEMORY'];
    if (memory)
      await context.addInitScript(
        `Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => ${Number(memory)} });`,
      );
    if (how === 'folder' || how === 'straight') await context.addInitScript(PICKER_STAND_IN);
    // A device of fewer cores (SCALE_CORES=1: one worker an archive), for a before/after of sharing.
    const cores = process.env['SCALE_CORES'];
    if (cores)
      await context.addInitScript(
        `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${Number(cores)} });`,
      );
    const page = await context.newPage();
    await page.goto(site.url);
    await page.locator('input[type=file]:enabled').waitFor({ state: 'attached' });
    // The page at rest: its scripts loaded, the engine's spare worker not yet started.
    await page.waitForTimeout(2000);
    const samples: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      samples.push(chromiumRssMB());
      await page.waitForTimeout(200);
    }
    const pageRssMB = median(samples);
    await page.locator('input[type=file]').setInputFiles(input.path);
    // SCALE_PASSWORD: the archives' password, typed as a visitor would before extracting.
    const password = process.env['SCALE_PASSWORD'];
    if (password) await page.getByLabel('Password (only if the archive has one)').fill(password);
    const extractButton = page.getByRole('button', {
      name: how === 'straight' ? 'Extract Straight to a Folder…' : 'Extract Files Now',
    });
    await extractButton.waitFor();
    const sampler = sampleRss();
    let seconds = Number.NaN;
    let pageSeconds: number | undefined;
    let cpuByThread: Record<string, number> = {};
    let folderSeconds: number | undefined;
    let error: string | undefined;
    await page.evaluate(WATCH_CARD);
    try {
      const cpu = sampleCpu();
      const started = Date.now();
      await extractButton.click();
      await page.locator('[data-file-name]').first().waitFor();
      seconds = (Date.now() - started) / 1000;
      cpuByThread = await cpu.stop();
      pageSeconds = await page.evaluate(CARD_SECONDS);
      if (how === 'folder') {
        await page.getByRole('dialog', { name: 'Extraction Complete!' }).waitFor({ state: 'detached' });
        const folderStarted = Date.now();
        await page.getByRole('button', { name: 'Extract to folder…' }).click();
        await page
          .locator('[data-sonner-toast]', { hasText: /Saved to your folder|Could not write/ })
          .first()
          .waitFor();
        folderSeconds = (Date.now() - folderStarted) / 1000;
        if ((await page.locator('[data-sonner-toast]', { hasText: 'Could not write' }).count()) > 0)
          error = 'Extract to folder failed';
      }
      if (how === 'straight') {
        const written = await page.evaluate<number>(COUNT_PICKED);
        if (input.files !== undefined && written !== input.files) error = `wrote ${written} files, expected ${input.files}`;
      }
    } catch (caught) {
      error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught);
    }
    // A shared zip or 7z whose shares failed was extracted again by one worker (apps/web's
    // shared-extraction.ts marks it): a bug to report, not a time to compare.
    const fellBack = await page.evaluate<string[]>(FELL_BACK);
    if (!error && fellBack.length > 0) error = `the shares failed (${fellBack.join(', ')}) and one worker extracted it again`;
    const peakRssMB = await sampler.stop();
    const shown = error ? Number.NaN : await filesShown(page);
    if (!error && input.files !== undefined && shown !== input.files) error = `showed ${shown} files, expected ${input.files}`;
    return {
      format: input.format,
      archive: basename(input.path),
      how,
      seconds,
      ...(pageSeconds !== undefined && { pageSeconds }),
      ...(input.nativeSeconds !== undefined &&
        !error && {
          ratio: input.nativeSeconds / (pageSeconds ?? seconds),
          clockRatio: input.nativeSeconds / seconds,
        }),
      cpuSeconds: Object.values(cpuByThread).reduce((sum, each) => sum + each, 0),
      cpuByThread,
      ...(folderSeconds !== undefined && { folderSeconds }),
      filesShown: shown,
      pageRssMB,
      peakRssMB,
      growthMB: peakRssMB - pageRssMB,
      ...(error && { error }),
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** One run of each input in each way, each in a fresh Chromium against one production server. */
export async function scaleBrowserRows(
  inputs: readonly ScaleBrowserInput[],
  hows: readonly ScaleHow[] = ['opfs', 'straight'],
): Promise<ScaleBrowserRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ao-scale-browser-'));
  const site = await startSite({ DATA_DIR: dataDir });
  const rows: ScaleBrowserRow[] = [];
  try {
    for (const input of inputs) for (const how of hows) rows.push(await once(site, input, how));
  } finally {
    await site.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

export function scaleBrowserLines(rows: readonly ScaleBrowserRow[]): string[] {
  const lines = [
    `browser (site, headless Chromium): click → files shown; ratio = native's median ÷ page s (goal ≥ 0.8), clock r = the same ÷ the bench's clock; Chromium RSS of all processes, page open → peak (goal: growth ≤ 600 MB at 1.2 GB)`,
    `${'archive'.padEnd(22)}${'how'.padEnd(9)}${'seconds'.padEnd(10)}${'page s'.padEnd(8)}${'ratio'.padEnd(7)}${'clock r'.padEnd(8)}${'CPU s'.padEnd(8)}${'folder s'.padEnd(10)}${'files'.padEnd(8)}${'page MB'.padEnd(9)}${'peak MB'.padEnd(9)}growth MB`,
  ];
  for (const row of rows) {
    lines.push(
      `${row.archive.padEnd(22)}${row.how.padEnd(9)}${row.seconds.toFixed(2).padEnd(10)}${(row.pageSeconds?.toFixed(2) ?? '—').padEnd(8)}${(row.ratio?.toFixed(2) ?? '—').padEnd(7)}${(row.clockRatio?.toFixed(2) ?? '—').padEnd(8)}${row.cpuSeconds.toFixed(2).padEnd(8)}${(row.folderSeconds?.toFixed(2) ?? '—').padEnd(10)}${String(row.filesShown).padEnd(8)}${row.pageRssMB.toFixed(0).padEnd(9)}${row.peakRssMB.toFixed(0).padEnd(9)}${row.growthMB.toFixed(0)}${row.error ? `  ERROR ${row.error}` : ''}`,
    );
  }
  return lines;
}

/**
 * The scale phase's hook (bench/scale.ts): each archive of a set, as the site runs it ('opfs')
 * and written straight into a folder, with the file count the set was made with.
 */
export const measureScaleBrowser: ScaleBrowser = async (archives, want, log) => {
  const inputs = Object.entries(archives).map(([format, path]) => {
    const nativeSeconds = want.native[format as keyof typeof want.native];
    return { format, path, files: want.files, ...(nativeSeconds !== undefined && { nativeSeconds }) };
  });
  log(`scale browser: ${inputs.length} archives, opfs and straight into a folder, each in a fresh Chromium`);
  return scaleBrowserLines(await scaleBrowserRows(inputs, ['opfs', 'straight']));
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const howArg = args.find((arg) => arg.startsWith('--how='));
  const hows = (howArg?.slice('--how='.length).split(',') ?? ['opfs', 'straight']) as ScaleHow[];
  const inputs = args
    .filter((arg) => !arg.startsWith('--'))
    .map((path) => ({ path, format: /\.tar\.gz$/.test(path) ? 'tar.gz' : (path.split('.').pop() ?? '') }));
  const rows = await scaleBrowserRows(inputs, hows);
  for (const line of scaleBrowserLines(rows)) console.log(line);
  // SCALE_DETAIL: where Chromium's CPU went, by process type and thread.
  if (process.env['SCALE_DETAIL'])
    for (const row of rows) {
      const top = Object.entries(row.cpuByThread).sort((a, b) => b[1] - a[1]);
      console.log(`cpu ${row.archive} ${row.how}: ${top.map(([name, s]) => `${name} ${s.toFixed(2)}`).join(', ')}`);
    }
}
