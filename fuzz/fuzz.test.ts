import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesOfDraw, corpusSeeds, drawArbitrary, regressionsOf } from './inputs.js';
import { judge } from './oracle.js';
import { TARGETS } from './targets.js';

/**
 * Every input the fuzzer ever found failing (fuzz/regressions/<target>/) must now be answered
 * properly, and each target runs briefly from a fixed seed: `npm run fuzz` is the long run.
 */
const SEED = 20261126;
const SECONDS_PER_TARGET = 3;

describe.each(TARGETS.map((target) => [target.name, target] as const))('%s reader', (_, target) => {
  const regressions = regressionsOf(target.name);

  it.runIf(regressions.length > 0).each(regressions.map((r) => [r.name, r.bytes] as const))(
    'answers the regression input %s with entries or a coded error',
    async (_name, bytes) => {
      const verdict = await judge(target, bytes);
      expect(verdict.ok ? 'answered' : verdict.problem).toBe('answered');
    },
  );

  it('answers mutated and generated inputs with entries or a coded error', async () => {
    const seeds = corpusSeeds(target);
    const problems: string[] = [];
    await fc
      .assert(
        fc.asyncProperty(drawArbitrary(target, seeds), async (draw) => {
          const verdict = await judge(target, bytesOfDraw(target, seeds, draw));
          if (!verdict.ok) problems.push(verdict.problem);
          return verdict.ok;
        }),
        {
          seed: SEED,
          numRuns: Number.MAX_SAFE_INTEGER,
          interruptAfterTimeLimit: SECONDS_PER_TARGET * 1000,
          markInterruptAsFailure: false,
          endOnFailure: true,
        },
      )
      .catch((error: unknown) => {
        // The report names the first problem plainly rather than fast-check's whole counterexample.
        throw new Error(
          `${problems[0] ?? String(error)}\n(run \`npm run fuzz -- --target ${target.name}\` to keep it as a fixture)`,
        );
      });
  });
});
