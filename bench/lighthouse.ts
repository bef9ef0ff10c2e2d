// Lighthouse (Google's page audit) on the production build served by the real server, in Debian's
// Chromium: performance, accessibility, best practices and SEO scores for a few pages, with
// Lighthouse's default mobile emulation and simulated slow 4G.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '@archive-opener/test-support/chromium';
import { startSite } from '@archive-opener/test-support/site';

export const AUDITED_PATHS = ['/', '/ar/privacy'];
/** Lighthouse's simulated throttling still swings ±10 performance points run to run on this machine. */
const RUNS_PER_PAGE = 3;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PageAudit {
  path: string;
  scores: Record<Category, number | null>;
  /** Each run's scores, the median of which is `scores`. */
  runs: Record<Category, number | null>[];
  /** Audits that did not pass (in the median run for performance), for categories below 100. */
  failed: string[];
}

export async function auditSite(paths: readonly string[] = AUDITED_PATHS): Promise<PageAudit[]> {
  const site = await startSite();
  const chrome = await launch({
    chromePath: findChromium(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const audits: PageAudit[] = [];
    for (const path of paths) {
      const runs: { scores: Record<Category, number | null>; failed: string[] }[] = [];
      for (let run = 0; run < RUNS_PER_PAGE; run += 1) {
        const result = await lighthouse(`${site.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const { categories, audits: details } = result.lhr;
        runs.push({
          scores: Object.fromEntries(CATEGORIES.map((category) => [category, categories[category]?.score ?? null])) as Record<
            Category,
            number | null
          >,
          failed: CATEGORIES.flatMap((category) =>
            (categories[category]?.auditRefs ?? [])
              .filter((ref) => ref.weight > 0 && (details[ref.id]?.score ?? 1) < 1)
              .map((ref) => `${category}: ${ref.id} (${details[ref.id]?.displayValue ?? details[ref.id]?.score ?? ''})`),
          ),
        });
      }
      const byPerformance = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const median = byPerformance[Math.floor(byPerformance.length / 2)];
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => {
          const values = runs.map((one) => one.scores[category] ?? 0).sort((a, b) => a - b);
          return [category, values[Math.floor(values.length / 2)] ?? null];
        }),
      ) as Record<Category, number | null>;
      audits.push({ path, scores, runs: runs.map((one) => one.scores), failed: median?.failed ?? [] });
    }
    return audits;
  } finally {
    chrome.kill();
    await site.stop();
  }
}

/** `/: performance 98, accessibility 100, …` */
const percent = (score: number | null) => (score === null ? '—' : String(Math.round(score * 100)));

export function auditLines(audits: PageAudit[]): string[] {
  return audits.flatMap(({ path, scores, runs, failed }) => [
    `lighthouse ${path} (median of ${runs.length}): ${CATEGORIES.map((category) => `${category} ${percent(scores[category])}`).join(', ')}; performance per run ${runs.map((run) => percent(run.performance)).join('/')}`,
    ...failed.map((audit) => `  not passed: ${audit}`),
  ]);
}
