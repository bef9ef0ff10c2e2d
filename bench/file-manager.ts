// The file manager at scale, as a visitor meets it: a zip of 100,000 tiny files (made here, at run
// time) extracted by the production site in Chromium, then each view switch, sort and search
// keystroke timed from the action to the next painted frame, with the long tasks it caused.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { startSite } from '@archive-opener/test-support/site';
import { nativeExtract } from './native-tools.js';
import { makeManyFilesZip, manyFileName as fileName, MANY_FILES_FOLDERS } from '../e2e/support/many-files-zip.js';

/**
 * The site extracts at most 100,000 entries, and the folders 7-Zip creates count: 99,890 files
 * in 110 folders is the largest archive of this shape it opens.
 */
export const FILE_COUNT = 100_000 - MANY_FILES_FOLDERS;
/** Main-thread work one interaction may take. */
export const INTERACTION_GOAL_MS = 100;

export interface Interaction {
  label: string;
  /** From the action to the first frame painted after the page showed its result. */
  ms: number;
  /** Long tasks (> 50 ms) that started in that time: the longest, and their sum. */
  longestTaskMs: number;
  longTasksMs: number;
}

export interface FileManagerResults {
  files: number;
  /** From the Extract click to the first file card shown. */
  extractSeconds: number;
  /** `7zz x` of the same zip into an empty folder, wall-clock: a page slower per entry shows here. */
  nativeSeconds: number;
  interactions: Interaction[];
  /** Scrolling the list from top to bottom in 40 steps: the longest frame, and frames over 50 ms. */
  scroll: { longestFrameMs: number; slowFrames: number; frames: number; cardsInDocument: number };
}

/**
 * In-page helpers, installed once: the long tasks as they come, and `time(act, done)`, which runs
 * `act`, waits frame by frame (30 s at most) until `done` holds, then for one more painted frame.
 * Page-side code is given as source text: the bench's TypeScript loader would wrap named
 * functions in a helper the page does not have.
 */
const PROBE = `(() => {
  const tasks = [];
  const note = (entries) => {
    for (const entry of entries) tasks.push({ start: entry.startTime, duration: entry.duration });
  };
  const observer = new PerformanceObserver((list) => note(list.getEntries()));
  observer.observe({ type: 'longtask', buffered: true });
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  window.benchProbe = {
    frame,
    async time(act, done) {
      const start = performance.now();
      act();
      while (!done()) {
        if (performance.now() > start + 30000) throw new Error('the page never showed the result');
        await frame();
      }
      await frame();
      const end = performance.now();
      // Long-task entries are delivered when the page is idle: wait for them outside the timing.
      await new Promise((resolve) => setTimeout(resolve, 100));
      note(observer.takeRecords());
      const during = tasks.filter((task) => task.start >= start - 1 && task.start < end);
      return {
        ms: end - start,
        longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
        longTasksMs: during.reduce((sum, task) => sum + task.duration, 0),
      };
    },
  };
})()`;

type Step = { label: string; act: string; done: string };

/** Each step's action and predicate are page-side source: buttons are found by their accessible text. */
const STEPS: Step[] = [
  { label: 'switch to grid', act: `view('Grid view')`, done: `pressed('Grid view')` },
  { label: 'switch to tree', act: `view('Tree view')`, done: `!!document.querySelector('ul[aria-label="Files by folder"] li')` },
  { label: 'open a folder (tree)', act: `folder('d0').click()`, done: `folder('d0').getAttribute('aria-expanded') === 'true'` },
  { label: 'switch to list', act: `view('List view')`, done: `pressed('List view')` },
  { label: 'sort by size', act: `sortBy('size')`, done: `first() === '${fileName(0)}'` },
  { label: 'order Z-A', act: `toggleOrder()`, done: `first() === '${fileName(FILE_COUNT - 1)}'` },
  { label: 'sort by type', act: `sortBy('type')`, done: `sortSelect().value === 'type'` },
  { label: 'sort by name', act: `sortBy('name')`, done: `first() === '${fileName(FILE_COUNT - 1)}'` },
  { label: 'search: type "f"', act: `typeSearch('f')`, done: `summary().includes('"f"')` },
  { label: 'search: type "i"', act: `typeSearch('fi')`, done: `summary().includes('"fi"')` },
  { label: 'search: type "9"', act: `typeSearch('9')`, done: `summary().includes('"9"')` },
  { label: 'search: type "99"', act: `typeSearch('99')`, done: `summary().includes('"99"')` },
  { label: 'search: type "999"', act: `typeSearch('999')`, done: `summary().includes('"999"')` },
  { label: 'search: clear', act: `typeSearch('')`, done: `!summary().includes('matching')` },
  {
    label: 'tree while searching "file-0000"',
    act: `view('Tree view'); typeSearch('file-0000')`,
    done: `summary().includes('"file-0000"') && !!document.querySelector('ul[aria-label="Files by folder"] article')`,
  },
];

const PAGE_HELPERS = `
  const byText = (text) => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === text || b.getAttribute('title') === text);
  const view = (name) => byText(name).click();
  const pressed = (name) => byText(name).getAttribute('aria-pressed') === 'true';
  const folder = (name) => [...document.querySelectorAll('ul[aria-label="Files by folder"] button[aria-expanded]')].find((b) => b.textContent.startsWith(name + ' ') || b.querySelector('bdi')?.textContent === name);
  const setValue = (element, value) => {
    const proto = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  };
  const sortSelect = () => [...document.querySelectorAll('select')].find((s) => [...s.options].some((o) => o.value === 'size'));
  const sortBy = (field) => setValue(sortSelect(), field);
  const toggleOrder = () => [...document.querySelectorAll('button')].find((b) => /^(A-Z|Z-A)/.test(b.textContent.trim())).click();
  const typeSearch = (value) => setValue(document.querySelector('input[type=search]'), value);
  const summary = () => document.querySelector('p[aria-live=polite]')?.textContent ?? '';
  const first = () => document.querySelector('[data-file-name]')?.getAttribute('data-file-name');
`;

async function timeStep(page: Page, step: Step): Promise<Interaction> {
  const source = `(async () => { ${PAGE_HELPERS}
    return window.benchProbe.time(() => { ${step.act}; }, () => ${step.done});
  })()`;
  const timing = await page.evaluate<Omit<Interaction, 'label'>>(source);
  return { label: step.label, ...timing };
}

async function timeScroll(page: Page): Promise<FileManagerResults['scroll']> {
  return page.evaluate(async () => {
    const { frame } = (window as unknown as { benchProbe: { frame: () => Promise<number> } }).benchProbe;
    // `instant`: the page scrolls smoothly by default (CSS); each jump is to land at once.
    window.scrollTo({ top: 0, behavior: 'instant' });
    let last = await frame();
    let longest = 0;
    let slow = 0;
    const steps = 40;
    const bottom = document.documentElement.scrollHeight - innerHeight;
    for (let step = 1; step <= steps; step += 1) {
      window.scrollTo({ top: (bottom * step) / steps, behavior: 'instant' });
      // Two frames per position: the scroll, then the rows the virtualiser renders for it.
      for (let repeat = 0; repeat < 2; repeat += 1) {
        const now = await frame();
        longest = Math.max(longest, now - last);
        if (now - last > 50) slow += 1;
        last = now;
      }
    }
    return {
      longestFrameMs: longest,
      slowFrames: slow,
      frames: steps * 2,
      cardsInDocument: document.querySelectorAll('article').length,
    };
  });
}

export async function timeFileManager(workDir: string): Promise<FileManagerResults> {
  const zipPath = join(workDir, 'many-files.zip');
  await writeFile(zipPath, makeManyFilesZip(FILE_COUNT));
  const nativeOut = join(workDir, 'many-files-native');
  await mkdir(nativeOut, { recursive: true });
  const nativeStarted = Date.now();
  await nativeExtract('zip', zipPath, nativeOut);
  const nativeSeconds = (Date.now() - nativeStarted) / 1000;
  await rm(nativeOut, { recursive: true, force: true });
  const site = await startSite();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      // The page as the network gives it, as in earlier runs: the service worker's precache would
      // download the whole site in the background of the timed runs (bench/offline.ts times it).
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(site.url);
    await page.locator('input[type=file]:enabled').waitFor({ state: 'attached' });
    await page.locator('input[type=file]').setInputFiles(zipPath);
    await page.locator('[data-listed]').waitFor({ timeout: 120_000 });
    const started = Date.now();
    await page.getByRole('button', { name: 'Extract Files Now' }).click();
    await page.locator('[data-file-name]').first().waitFor({ timeout: 300_000 });
    const extractSeconds = (Date.now() - started) / 1000;
    await page.getByRole('dialog', { name: 'Extraction Complete!' }).waitFor({ state: 'detached', timeout: 60_000 });
    await page.evaluate(PROBE);
    const interactions: Interaction[] = [];
    for (const step of STEPS) interactions.push(await timeStep(page, step));
    await timeStep(page, {
      label: 'back to the list',
      act: `typeSearch(''); view('List view')`,
      done: `pressed('List view') && !summary().includes('matching')`,
    });
    const scroll = await timeScroll(page);
    await context.close();
    return { files: FILE_COUNT, extractSeconds, nativeSeconds, interactions, scroll };
  } finally {
    await browser.close();
    await site.stop();
  }
}

export function fileManagerLines(results: FileManagerResults | undefined, missed: string[]): string[] {
  if (!results) return ['file manager: not measured (see notes)'];
  const lines = [
    `file manager: ${results.files.toLocaleString('en')} files extracted in the site in ${results.extractSeconds.toFixed(1)} s (7zz x: ${results.nativeSeconds.toFixed(1)} s, ratio ${(results.nativeSeconds / results.extractSeconds).toFixed(2)}); each interaction from the action to the next painted frame (goal < ${INTERACTION_GOAL_MS} ms of main-thread work)`,
    `${'interaction'.padEnd(32)}${'to paint'.padEnd(11)}${'longest task'.padEnd(14)}long tasks`,
  ];
  for (const step of results.interactions) {
    if (step.longTasksMs >= INTERACTION_GOAL_MS) missed.push(`file manager: ${step.label}`);
    lines.push(
      `${step.label.padEnd(32)}${`${step.ms.toFixed(0)} ms`.padEnd(11)}${`${step.longestTaskMs.toFixed(0)} ms`.padEnd(14)}${step.longTasksMs.toFixed(0)} ms`,
    );
  }
  const { scroll } = results;
  lines.push(
    `scroll top→bottom in ${scroll.frames / 2} jumps: longest frame ${scroll.longestFrameMs.toFixed(0)} ms, ${scroll.slowFrames} of ${scroll.frames} frames over 50 ms, ${scroll.cardsInDocument} cards in the document at the end`,
  );
  return lines;
}
