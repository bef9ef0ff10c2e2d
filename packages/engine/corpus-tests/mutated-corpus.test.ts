import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { EngineError } from '@archive-opener/engine';
import { extractInWorker } from '@archive-opener/engine/node';
import { mapInLanes } from '../src/core/in-lanes.js';
import { escapedPaths } from './check-case.js';
import { seededRandom } from '@archive-opener/test-support/seeded-random';
import { CORPUS_DIR, loadManifest, type ManifestCase } from '@archive-opener/test-support/corpus';

/**
 * The corpus's readable single-part archives, damaged on purpose (bytes overwritten near the
 * headers, bits flipped anywhere, runs of 0x00 or 0xFF, cut short), through the engine as the
 * server runs it. Whatever a damaged archive holds, the engine must answer with its entries or a
 * coded error, in time, and write nothing outside the output: never INTERNAL, an uncoded throw,
 * a hang or an escape. Seeded, so a failure names a mutant that can be made again. Our own
 * readers hand a failure they did not foresee to 7-Zip, or call the archive damaged, by design;
 * what this catches is hangs, escapes, and failures beyond them (7-Zip output we cannot map, the
 * sinks, naming).
 */
const SEED = 20261125;
const MUTANTS_PER_CASE = 2;
const MAX_ARCHIVE_BYTES = 512 * 1024;
const CASE_TIMEOUT_MS = 30_000;

interface Mutant {
  label: string;
  bytes: Uint8Array;
}

/** One damaged copy of `original`; headers live near the start, so most damage lands there. */
function mutate(original: Uint8Array, random: () => number): Mutant {
  const bytes = Uint8Array.from(original);
  const at = (limit: number) => Math.floor(random() * Math.min(bytes.length, limit));
  const times = 1 + Math.floor(random() * 8);
  switch (Math.floor(random() * 4)) {
    case 0:
      for (let i = 0; i < times; i += 1) bytes[at(4096)] = Math.floor(random() * 256);
      return { label: `${times} bytes overwritten in the first 4 KiB`, bytes };
    case 1:
      for (let i = 0; i < times; i += 1) bytes[at(bytes.length)]! ^= 1 << Math.floor(random() * 8);
      return { label: `${times} bits flipped`, bytes };
    case 2: {
      const start = at(4096);
      const fill = random() < 0.5 ? 0xff : 0x00;
      bytes.fill(fill, start, start + times);
      return { label: `${times} bytes of 0x${fill.toString(16)} at ${start}`, bytes };
    }
    default: {
      const length = at(bytes.length);
      return { label: `cut to ${length} bytes`, bytes: bytes.subarray(0, length) };
    }
  }
}

interface Run {
  name: string;
  outcome: string;
  problem: string | null;
}

async function runMutant(testCase: ManifestCase, mutant: Mutant, workDir: string, index: number): Promise<Run> {
  const name = `${testCase.path} (${mutant.label})`;
  const input = join(workDir, 'inputs', String(index), basename(testCase.path));
  mkdirSync(dirname(input), { recursive: true });
  writeFileSync(input, mutant.bytes);
  const caseDir = join(workDir, String(index));
  const outDir = join(caseDir, 'out');
  mkdirSync(outDir, { recursive: true });
  let outcome = 'ok';
  let problem: string | null = null;
  try {
    const options = { timeoutMs: CASE_TIMEOUT_MS, ...(testCase.password !== null && { password: testCase.password }) };
    await extractInWorker([input], outDir, options);
  } catch (error) {
    outcome = error instanceof EngineError ? error.code : 'NOT_CODED';
    if (outcome === 'INTERNAL' || outcome === 'NOT_CODED') problem = `${outcome}: ${String(error)}`;
    else if (error instanceof EngineError && error.details?.['limit'] === 'time') problem = 'no answer within 30 s';
  }
  const escapes = escapedPaths(testCase, caseDir);
  if (escapes.length > 0) problem = escapes.join('; ');
  rmSync(caseDir, { recursive: true, force: true });
  return { name, outcome, problem };
}

it(
  'answers every damaged archive with entries or a coded error, in time, writing nothing outside the output',
  async () => {
    const random = seededRandom(SEED);
    const cases = loadManifest().filter(
      (c) => c.expect === 'ok' && c.parts === undefined && statSync(join(CORPUS_DIR, c.path)).size <= MAX_ARCHIVE_BYTES,
    );
    const jobs = cases.flatMap((testCase) => {
      const original = readFileSync(join(CORPUS_DIR, testCase.path));
      return Array.from({ length: MUTANTS_PER_CASE }, () => ({ testCase, mutant: mutate(original, random) }));
    });
    const workDir = mkdtempSync(join(tmpdir(), 'archive-opener-mutants-'));
    const runs = await mapInLanes(jobs, 2, ({ testCase, mutant }, index) => runMutant(testCase, mutant, workDir, index));
    rmSync(workDir, { recursive: true, force: true });

    const counts = new Map<string, number>();
    for (const run of runs) counts.set(run.outcome, (counts.get(run.outcome) ?? 0) + 1);
    console.log(
      `damaged corpus: ${runs.length} mutants of ${cases.length} archives (seed ${SEED}): ` +
        [...counts].map(([outcome, count]) => `${outcome} ${count}`).join(', '),
    );
    expect(runs.filter((r) => r.problem !== null).map((r) => `${r.name}: ${r.problem}`)).toEqual([]);
  },
  10 * 60_000,
);
