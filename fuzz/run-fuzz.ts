// `npm run fuzz -- [--seconds N] [--target name[,name…]] [--seed N]`: runs each chosen target (all
// by default) for N seconds (60 by default), keeps every failing input as a regression fixture in
// fuzz/regressions/<target>/, and prints executions and outcomes per target. Exits 1 if it found any.
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { bytesOfDraw, corpusSeeds, drawArbitrary, REGRESSIONS_DIR, saveRegression } from './inputs.js';
import { judge } from './oracle.js';
import { TARGETS } from './targets.js';
import type { FuzzTarget } from './target.js';
import { Watchdog } from './watchdog.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    target: { type: 'string' },
    seed: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const names = values.target?.split(',') ?? TARGETS.map((t) => t.name);
const unknown = names.filter((name) => !TARGETS.some((t) => t.name === name));
if (!(seconds > 0) || unknown.length > 0) {
  console.error(`usage: npm run fuzz -- [--seconds N] [--target ${TARGETS.map((t) => t.name).join(',')}] [--seed N]`);
  process.exit(2);
}

interface Report {
  executions: number;
  outcomes: Map<string, number>;
  found: string[];
}

async function fuzz(target: FuzzTarget, seed: number): Promise<Report> {
  const seeds = corpusSeeds(target);
  const arbitrary = drawArbitrary(target, seeds);
  const watchdog = new Watchdog({
    target: target.name,
    regressionsDir: REGRESSIONS_DIR,
    stuckMs: 15_000,
    maxRssBytes: 3 * 2 ** 30,
  });
  const report: Report = { executions: 0, outcomes: new Map(), found: [] };
  const known = new Set<string>();
  const deadline = Date.now() + seconds * 1000;
  console.log(`${target.name}: ${seeds.length} corpus seeds, ${seconds} s`);
  for (let round = 0; Date.now() < deadline; round += 1) {
    const result = await fc.check(
      fc.asyncProperty(arbitrary, async (draw) => {
        const bytes = bytesOfDraw(target, seeds, draw);
        watchdog.arm(bytes);
        const verdict = await judge(target, bytes);
        watchdog.disarm();
        report.executions += 1;
        const outcome = verdict.ok ? verdict.outcome : 'BUG';
        report.outcomes.set(outcome, (report.outcomes.get(outcome) ?? 0) + 1);
        return verdict.ok;
      }),
      {
        seed: seed + round,
        numRuns: Number.MAX_SAFE_INTEGER,
        interruptAfterTimeLimit: Math.max(1, deadline - Date.now()),
        markInterruptAsFailure: false,
      },
    );
    if (!result.failed || !result.counterexample) continue;
    const bytes = bytesOfDraw(target, seeds, result.counterexample[0]);
    const verdict = await judge(target, bytes);
    const problem = verdict.ok ? 'failed once, passes again (timing?)' : verdict.problem;
    // One fixture per kind of failure: the same bug found again from another seed adds nothing.
    const kind = problem.replace(/\d+/g, '#');
    if (known.has(kind)) continue;
    known.add(kind);
    const path = saveRegression(target.name, bytes, problem);
    report.found.push(`${problem}\n    (seed ${seed + round}, ${bytes.length} bytes, saved as ${path})`);
    console.log(`${target.name}: FOUND ${problem}`);
  }
  await watchdog.stop();
  return report;
}

const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
let failures = 0;
for (const name of names) {
  const target = TARGETS.find((t) => t.name === name) as FuzzTarget;
  const report = await fuzz(target, seed);
  failures += report.found.length;
  const outcomes = [...report.outcomes].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(
    `${name}: ${report.executions} executions (seed ${seed}); outcomes: ${outcomes.map(([o, n]) => `${o} ×${n}`).join('; ')}`,
  );
  for (const found of report.found) console.log(`  found: ${found}`);
}
process.exit(failures > 0 ? 1 : 0);
