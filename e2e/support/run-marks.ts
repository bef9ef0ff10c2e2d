import type { Page } from 'playwright-core';

/**
 * The page's marks of its shared runs (apps/web's shared-extraction.ts): each run's worker
 * count, and the error code of each shared run that failed and was extracted again in one worker.
 */
export function sharedRunMarks(page: Page): Promise<{ shared: number[]; fellBack: string[] }> {
  return page.evaluate(() => ({
    shared: performance.getEntriesByName('archive-opener:shared-run').map((mark) => (mark as PerformanceMark).detail as number),
    fellBack: performance
      .getEntriesByName('archive-opener:shares-fell-back')
      .map((mark) => (mark as PerformanceMark).detail as string),
  }));
}

/** The paths of the files the page joined from two workers' parts (a 7z cut inside a file). */
export function joinedFileMarks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance.getEntriesByName('archive-opener:file-joined').map((mark) => (mark as PerformanceMark).detail as string),
  );
}
