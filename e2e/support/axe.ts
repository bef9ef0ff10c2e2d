import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
let source: Promise<string> | null = null;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Holds the page still while axe measures colours, which it does at whatever instant it reaches
 * each element. A toast can start fading at any moment of the run (its timer ends, a newer one
 * stacks on it), so waiting once beforehand is not enough: with reduced motion asked for, sonner
 * and our own CSS drop their transitions, and anything already running is let finish.
 */
async function holdStill(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe-core in the page with motion held still. It is evaluated through the DevTools
 * protocol, so the site's CSP (no inline scripts) stays as strict as in production.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await holdStill(page);
  try {
    await page.evaluate(await source);
    return await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target }) => ({ target })),
      }));
    });
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

/** A readable list for a failing assertion. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${JSON.stringify(violation.nodes.slice(0, 3))}`,
    )
    .join('\n');
}

/** Asserts that axe finds nothing on the page as it is now, listing what it found otherwise. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}
