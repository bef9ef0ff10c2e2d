import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { EngineError } from '@archive-opener/engine';
import { extractInWorker } from '@archive-opener/engine/node';
import { mapInLanes } from '../src/core/in-lanes.js';
import { checkExtraction, escapedPaths } from './check-case.js';
import { loadManifest, partsOf, type ManifestCase } from '@archive-opener/test-support/corpus';

/**
 * The public corpus (751 archives from libarchive, rarfile, py7zr, Commons Compress, libzip)
 * through the engine's Node host, as the server runs it: each case in its own worker thread
 * with a 30 s limit. `known-failures.json` is a ratchet: a case may leave it, never join it.
 * UPDATE_KNOWN_FAILURES=1 rewrites it from this run.
 */
const KNOWN_FAILURES_FILE = new URL('./known-failures.json', import.meta.url);
const CASE_TIMEOUT_MS = 30_000;

interface Outcome {
  testCase: ManifestCase;
  passed: boolean;
  reason: string;
  escapes: string[];
}

async function runCase(testCase: ManifestCase, workDir: string, index: number): Promise<Outcome> {
  const caseDir = join(workDir, String(index));
  const outDir = join(caseDir, 'out');
  mkdirSync(outDir, { recursive: true });
  let passed = false;
  let reason: string;
  try {
    const options = { timeoutMs: CASE_TIMEOUT_MS, ...(testCase.password !== null && { password: testCase.password }) };
    const result = await extractInWorker(partsOf(testCase), outDir, options);
    if (testCase.expect === 'error') {
      reason = `extracted ${result.entries.length} entries, expected an error (${testCase.errorKind ?? '?'})`;
    } else {
      const problems = await checkExtraction(testCase, result, outDir);
      passed = problems.length === 0;
      reason = problems.slice(0, 3).join('; ');
    }
  } catch (error) {
    const code = error instanceof EngineError ? error.code : 'NOT_CODED';
    if (testCase.expect === 'error') {
      passed = code !== 'INTERNAL' && code !== 'NOT_CODED';
      reason = passed ? '' : `uncoded failure: ${String(error)}`;
    } else {
      reason = `${code}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const escapes = escapedPaths(testCase, caseDir);
  rmSync(caseDir, { recursive: true, force: true });
  return { testCase, passed, reason, escapes };
}

it(
  'extracts the public corpus like the native tools, and never writes outside the output',
  async () => {
    const cases = loadManifest();
    const workDir = mkdtempSync(join(tmpdir(), 'archive-opener-corpus-'));
    const outcomes = await mapInLanes(cases, 2, (testCase, index) => runCase(testCase, workDir, index));
    rmSync(workDir, { recursive: true, force: true });

    const ok = outcomes.filter((o) => o.testCase.expect === 'ok' && o.testCase.confidence !== 'no-reference');
    const stretch = outcomes.filter((o) => o.testCase.confidence === 'no-reference');
    const errors = outcomes.filter((o) => o.testCase.expect === 'error');
    const okPassed = ok.filter((o) => o.passed).length;
    const errorsPassed = errors.filter((o) => o.passed).length;
    console.log(
      [
        `corpus: ${outcomes.length} cases`,
        `  expect ok:    ${okPassed}/${ok.length} byte-identical (${((100 * okPassed) / ok.length).toFixed(1)}%)`,
        `  expect error: ${errorsPassed}/${errors.length} failed with a coded error`,
        `  no-reference: ${stretch.filter((o) => o.reason.startsWith('extracted')).length}/${stretch.length} extracted (stretch goal; the others fail with a coded error)`,
        `  escapes:      ${outcomes.filter((o) => o.escapes.length > 0).length}`,
        `  goal (98% of ok, all errors): ${okPassed / ok.length >= 0.98 && errorsPassed === errors.length ? 'met' : 'not met yet'}`,
      ].join('\n'),
    );

    const failing = Object.fromEntries(outcomes.filter((o) => !o.passed).map((o) => [o.testCase.path, o.reason]));
    if (process.env.UPDATE_KNOWN_FAILURES === '1') writeFileSync(KNOWN_FAILURES_FILE, `${JSON.stringify(failing, null, 2)}\n`);
    const known = JSON.parse(readFileSync(KNOWN_FAILURES_FILE, 'utf8')) as Record<string, string>;

    expect(outcomes.flatMap((o) => o.escapes.map((e) => `${o.testCase.path}: ${e}`))).toEqual([]);
    expect(
      Object.entries(failing).filter(([path]) => !(path in known)),
      'new failures (not in known-failures.json)',
    ).toEqual([]);
    expect(
      Object.keys(known).filter((path) => !(path in failing)),
      'now passing: remove from known-failures.json',
    ).toEqual([]);
    // The goal is 98% of the ok cases and every error case
    // (docs/decisions/024-public-corpus-conformance.md); where we stand is printed above, and the
    // ratchet keeps it from sliding back while the rest is worked on.
  },
  25 * 60_000,
);
