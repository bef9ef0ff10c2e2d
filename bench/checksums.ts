// Checksums in the page, as a visitor meets them: a ~200 MB stored zip (made here, at run time:
// two 40 MiB files and 120 of 1 MiB, random bytes) extracted by the production site in Chromium;
// from the first card shown until every SHA-256 is known (the "Download SHA256SUMS" button
// offered), the hashing throughput and the longest main-thread task
// (docs/decisions/035-integrity-and-safety-report.md). `node --import tsx bench/checksums.ts`.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { launchChromium } from '@archive-opener/test-support/chromium';
import { startSite } from '@archive-opener/test-support/site';

const MiB = 1024 * 1024;
const FILES = [
  ...[1, 2].map((n) => ({ name: `big-${n}.bin`, size: 40 * MiB })),
  ...Array.from({ length: 120 }, (_, n) => ({ name: `small/part-${String(n).padStart(3, '0')}.bin`, size: MiB })),
];

export interface ChecksumResults {
  megabytes: number;
  files: number;
  /** From the first card shown to every checksum known. */
  seconds: number;
  megabytesPerSecond: number;
  /** Long tasks (> 50 ms) in that time: the longest and how many. */
  longestTaskMs: number;
  longTasks: number;
}

const PROBE = `(() => {
  const tasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.checksumProbe = { tasks };
})()`;

export async function timeChecksums(workDir: string): Promise<ChecksumResults> {
  await mkdir(workDir, { recursive: true });
  const archive = join(workDir, 'checksums-200mb.zip');
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const file of FILES) entries[file.name] = [randomBytes(file.size), { level: 0 }];
  await writeFile(archive, zipSync(entries));
  const total = FILES.reduce((sum, file) => sum + file.size, 0);
  const [site, browser] = await Promise.all([startSite({ DATA_DIR: join(workDir, 'checksums-data') }), launchChromium()]);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(PROBE);
    await page.goto(site.url);
    await page.locator('input[type=file]:enabled').waitFor({ state: 'attached', timeout: 60_000 });
    await page.locator('input[type=file]').setInputFiles(archive);
    await page.getByRole('button', { name: 'Extract Files Now' }).click();
    await page.locator('article[data-file-name]').first().waitFor({ timeout: 120_000 });
    const start = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Download SHA256SUMS' }).waitFor({ timeout: 300_000 });
    const end = await page.evaluate(() => performance.now());
    // Long-task entries arrive when the page is idle.
    await page.waitForTimeout(200);
    const tasks = await page.evaluate(
      ([from, to]) =>
        (window as unknown as { checksumProbe: { tasks: { start: number; duration: number }[] } }).checksumProbe.tasks.filter(
          (task) => task.start >= from && task.start < to,
        ),
      [start, end] as const,
    );
    if (process.env.CHECKSUM_TASKS)
      console.log(tasks.map((task) => `${(task.start - start).toFixed(0)} ms: ${task.duration.toFixed(0)} ms`));
    const seconds = (end - start) / 1000;
    return {
      megabytes: total / MiB,
      files: FILES.length,
      seconds,
      megabytesPerSecond: total / MiB / seconds,
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
      longTasks: tasks.length,
    };
  } finally {
    await browser.close();
    await site.stop();
    await rm(archive, { force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = fileURLToPath(new URL('../.bench-work', import.meta.url));
  const results = await timeChecksums(work);
  console.log(
    `checksums in the page: ${results.megabytes.toFixed(0)} MiB in ${results.files} files hashed in ${results.seconds.toFixed(2)} s ` +
      `(${results.megabytesPerSecond.toFixed(0)} MiB/s) after the first card; longest main-thread task ${results.longestTaskMs.toFixed(0)} ms, ` +
      `${results.longTasks} long tasks`,
  );
}
