// `npm run bench:compare -- <git ref>`: this checkout's engine against the engine of an earlier
// commit and the native tools, in alternated runs: each round extracts the same archive with
// native, baseline and current, in a rotating order, so that the machine's changes of speed
// (2x within minutes on these shared VMs) fall on all three alike. The one honest way here to
// tell whether a change made the engine faster. Node in this process, browser in one Chromium
// page with both workers. A benchmark, not a test: it prints numbers.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorker } from '@archive-opener/test-support/browser-harness';
import { buildBaseline, buildEngine } from './baseline-build.js';
import { openBrowserBench, type WorkerMode } from './browser-host.js';
import { prepareInputs, type Inputs } from './inputs.js';
import { alternate, expectOutput, freshDir, median } from './measure.js';
import { timeChecked, type Extract } from './node-host.js';
import { ensureTools, FORMATS, nativeExtract, type Format } from './native-tools.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = join(ROOT, '.bench-work');

type Contender = 'native' | 'baseline' | 'current';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '9' },
    formats: { type: 'string', default: FORMATS.join(',') },
    hosts: { type: 'string', default: 'node,browser' },
    // 'prepared' times the browser as the site extracts (the goals are judged so), 'fresh' with start-up.
    mode: { type: 'string', default: 'prepared' },
  },
});
const ref = positionals[0];
const runs = Number(values.runs);
const named = values.formats.split(',');
const formats = named.filter((f): f is Format => (FORMATS as readonly string[]).includes(f));
const isMode = (name: string): name is WorkerMode => name === 'prepared' || name === 'fresh';
if (!ref || !Number.isInteger(runs) || runs < 1 || formats.length !== named.length || !isMode(values.mode)) {
  console.error(
    'usage: npm run bench:compare -- <git ref> [--runs 9] [--formats zip,7z,tar.gz] [--hosts node,browser] [--mode prepared|fresh]',
  );
  process.exit(2);
}
const hosts = values.hosts.split(',');
const mode = values.mode;

function print(host: string, format: Format, seconds: Record<Contender, number[]>): void {
  const native = median(seconds.native);
  const cell = (who: Contender) => {
    const m = median(seconds[who]);
    return `${m.toFixed(3)}s ${Number.isNaN(native) ? '' : `(${(native / m).toFixed(2)})`}`.padEnd(16);
  };
  const change = median(seconds.current) / median(seconds.baseline) - 1;
  const spread = (who: Contender) => `${Math.min(...seconds[who]).toFixed(3)}-${Math.max(...seconds[who]).toFixed(3)}`;
  console.log(
    `${host.padEnd(8)}${format.padEnd(8)}${seconds.native.length ? cell('native') : ''.padEnd(16)}${cell('baseline')}${cell('current')}` +
      `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%   (current ${spread('current')}, baseline ${spread('baseline')})`,
  );
}

async function compareNode(inputs: Inputs, baselineDir: string): Promise<void> {
  type NodeEngine = { extractArchive: (paths: string[], outDir: string) => Promise<unknown> };
  const load = (dir: string) => import(join(dir, 'packages/engine/dist/host-node/index.js')) as Promise<NodeEngine>;
  const engines = { baseline: await load(baselineDir), current: await load(ROOT) };
  for (const format of formats) {
    const archive = inputs.archives[format];
    const extract: Record<Contender, Extract> = {
      native: (a, dir) => nativeExtract(format, a, dir),
      baseline: (a, dir) => engines.baseline.extractArchive([a], dir),
      current: (a, dir) => engines.current.extractArchive([a], dir),
    };
    const seconds = await alternate<Contender>(['native', 'baseline', 'current'], runs, (who) =>
      timeChecked(extract[who], archive, join(WORK, 'compare-out', who), `${who} ${format}`, inputs),
    );
    print('node', format, seconds);
  }
  await freshDir(join(WORK, 'compare-out'));
}

async function compareBrowser(inputs: Inputs, baselineDir: string): Promise<void> {
  const bench = await openBrowserBench(
    {
      current: await bundleWorker(join(WORK, 'compare-browser', 'current')),
      baseline: await bundleWorker(join(WORK, 'compare-browser', 'baseline'), baselineDir),
    },
    Object.fromEntries(formats.map((format) => [format, inputs.archives[format]])),
  );
  try {
    for (const format of formats) {
      const builds = await alternate<'baseline' | 'current'>(['baseline', 'current'], runs, async (who) => {
        const result = await bench.extract(format, mode, who);
        expectOutput(`${who} ${format} in the browser`, result, inputs);
        return result.seconds;
      });
      print(mode === 'fresh' ? 'fresh' : 'browser', format, { native: [], ...builds });
    }
  } finally {
    await bench.close();
  }
}

await ensureTools();
const inputs = await prepareInputs(WORK);
const baseline = await buildBaseline(ROOT, ref, WORK);
// This checkout's engine as it is now (its dist is what Node loads).
await buildEngine(ROOT, ROOT);
console.log(`baseline ${ref} = ${baseline.sha.slice(0, 12)}; median of ${runs} alternated rounds; (native ÷ that)`);
console.log(
  `${'host'.padEnd(8)}${'format'.padEnd(8)}${'native'.padEnd(16)}${'baseline'.padEnd(16)}${'current'.padEnd(16)}current vs baseline`,
);
if (hosts.includes('node')) await compareNode(inputs, baseline.dir);
if (hosts.includes('browser')) await compareBrowser(inputs, baseline.dir);
