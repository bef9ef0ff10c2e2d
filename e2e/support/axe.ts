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
 * Runs axe-core in the page. It is evaluated through the DevTools protocol, so the site's CSP
 * (no inline scripts) stays as strict as in production.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(await source);
  return page.evaluate(async () => {
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
