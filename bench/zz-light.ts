// Where the time goes from "Extract Files Now" to the first file card, by thread: a Chrome trace
// (DevTools Protocol `Tracing`, with the V8 CPU profiler's samples of every thread, the engine's
// workers included) over that span, as docs/decisions/036-browser-speed-at-scale.md and 037 did.
// node --import tsx bench/profile-startup.ts <archive> [trace.json]
// Prints, per thread, its busy milliseconds in 100 ms slices after the click, its top functions
// by self time, and the page's marks (click, worker messages, first card).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from '@archive-opener/test-support/chromium';
import { startSite } from '@archive-opener/test-support/site';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',

  'v8.execute',
  'v8',
  'blink.user_timing',
  'toplevel',
  '__metadata',
].join(',');

async function trace(archive: string): Promise<{ events: TraceEvent[]; seconds: number }> {
  const profile = await mkdtemp(join(tmpdir(), 'ao-profile-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'ao-profile-data-'));
  const site = await startSite({ DATA_DIR: dataDir });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    await page.goto(site.url);
    await page.locator('input[type=file]:enabled').waitFor({ state: 'attached' });
    await page.waitForTimeout(2000);
    await page.locator('input[type=file]').setInputFiles(archive);
    const button = page.getByRole('button', { name: 'Extract Files Now' });
    await button.waitFor();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.waitForTimeout(300);
    await page.evaluate(() => performance.mark('ao:click'));
    const started = Date.now();
    await button.click();
    await page.locator('[data-file-name]').first().waitFor();
    const seconds = (Date.now() - started) / 1000;
    await page.evaluate(() => performance.mark('ao:card'));
    await page.waitForTimeout(300);
    await cdp.send('Tracing.end');
    await complete;
    return { events, seconds };
  } finally {
    await context.close();
    await site.stop();
    await rm(profile, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  parent?: number;
}

function analyse(events: TraceEvent[]): string[] {
  const threadNames = new Map<string, string>();
  const processNames = new Map<number, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, String(e.args?.['name']));
    if (e.ph === 'M' && e.name === 'process_name') processNames.set(e.pid, String(e.args?.['name']));
  }
  const click = events.find((e) => e.name === 'ao:click');
  const card = events.find((e) => e.name === 'ao:card');
  const t0 = click?.ts ?? 0;
  const end = card?.ts ?? Infinity;
  const lines: string[] = [`click → card ${((end - t0) / 1000).toFixed(0)} ms (trace)`];

  // The CPU profiler's samples: a Profile event per thread, then ProfileChunks of nodes and samples.
  const profiles = new Map<
    string,
    { key: string; nodes: Map<number, Node>; samples: { ts: number; node: number }[]; at: number }
  >();
  for (const e of events) {
    if (e.name === 'Profile') {
      const key = `${e.pid}:${e.tid}`;
      profiles.set(`${e.pid}:${e.id}`, {
        key,
        nodes: new Map(),
        samples: [],
        at: Number((e.args?.['data'] as { startTime: number }).startTime),
      });
    }
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const profile = profiles.get(`${e.pid}:${e.id}`);
    if (!profile) continue;
    const data = e.args?.['data'] as {
      cpuProfile?: { nodes?: Node[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i += 1) {
      profile.at += deltas[i] ?? 0;
      profile.samples.push({ ts: profile.at, node: samples[i] as number });
    }
  }
  for (const profile of profiles.values()) {
    const name = `${processNames.get(Number(profile.key.split(':')[0])) ?? '?'}/${threadNames.get(profile.key) ?? profile.key}`;
    const inSpan = profile.samples.filter((s) => s.ts >= t0 && s.ts <= end);
    // Idle and "(program)" (native work outside JavaScript: style, layout, the codecs) are left
    // out, "(program)" kept with PROFILE_PROGRAM=1 (a worker's native codec shows only there).
    const left = process.env['PROFILE_PROGRAM'] ? /^\(idle\)$/ : /^\((idle|program)\)$/;
    const busy = inSpan.filter((s) => !left.test(profile.nodes.get(s.node)?.callFrame.functionName ?? ''));
    if (busy.length === 0) continue;
    // Sampling interval: the median delta.
    const deltas = inSpan
      .slice(1)
      .map((s, i) => s.ts - (inSpan[i] as { ts: number }).ts)
      .sort((a, b) => a - b);
    const interval = deltas[Math.floor(deltas.length / 2)] ?? 1000;
    const slices: number[] = [];
    for (const s of busy) {
      const at = Math.floor((s.ts - t0) / 100_000);
      slices[at] = (slices[at] ?? 0) + interval / 1000;
    }
    const first = busy[0] as { ts: number };
    const last = busy[busy.length - 1] as { ts: number };
    lines.push(
      `\n== ${name}: ~${((busy.length * interval) / 1000).toFixed(0)} ms busy, ${((first.ts - t0) / 1000).toFixed(0)}–${((last.ts - t0) / 1000).toFixed(0)} ms`,
    );
    lines.push(`   per 100 ms: ${Array.from(slices, (v) => (v ?? 0).toFixed(0)).join(' ')}`);
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    for (const s of busy) {
      const node = profile.nodes.get(s.node);
      if (!node) continue;
      const label = (n: Node) =>
        `${n.callFrame.functionName || '(anon)'} ${(n.callFrame.url ?? '').split('/').pop()}:${n.callFrame.lineNumber}`;
      self.set(label(node), (self.get(label(node)) ?? 0) + interval / 1000);
      const seen = new Set<string>();
      for (let at: Node | undefined = node; at; at = at.parent !== undefined ? profile.nodes.get(at.parent) : undefined) {
        const l = label(at);
        if (seen.has(l)) continue;
        seen.add(l);
        total.set(l, (total.get(l) ?? 0) + interval / 1000);
      }
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 14);
    for (const [label, ms] of top) lines.push(`   self ${ms.toFixed(0).padStart(5)} ms  ${label}`);
    const topTotal = [...total].sort((a, b) => b[1] - a[1]).slice(0, 22);
    for (const [label, ms] of topTotal) lines.push(`   total ${ms.toFixed(0).padStart(5)} ms  ${label}`);
  }
  // Main-thread timeline events of note in the span, longest first.
  const notable = events
    .filter((e) => e.ph === 'X' && e.ts >= t0 && e.ts <= end && (e.dur ?? 0) > 15_000)
    .filter((e) => !['ThreadControllerImpl::RunTask', 'RunTask'].includes(e.name))
    .map(
      (e) =>
        `${((e.ts - t0) / 1000).toFixed(0).padStart(6)} ms +${((e.dur ?? 0) / 1000).toFixed(0).padStart(4)} ${threadNames.get(`${e.pid}:${e.tid}`) ?? e.tid} ${e.name} ${JSON.stringify(e.args?.['data'] ?? '').slice(0, 100)}`,
    );
  lines.push('\n== long events (> 15 ms) by start');
  lines.push(...notable.sort().slice(0, 120));
  return lines;
}

const [archive, out] = process.argv.slice(2);
if (!archive) throw new Error('usage: profile-startup.ts <archive | trace.json> [trace.json]');
// A trace written before is analysed again without a run.
const { events, seconds } = archive.endsWith('.json')
  ? { events: (JSON.parse(await readFile(archive, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents, seconds: Number.NaN }
  : await trace(archive);
if (out) await writeFile(out, JSON.stringify({ traceEvents: events }));
console.log(`click → first card ${seconds.toFixed(2)} s (bench clock)`);
for (const line of analyse(events)) console.log(line);
