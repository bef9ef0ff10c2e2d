// Live-progress streams under a flood (a short run by hand: `node --import tsx bench/event-streams.ts`).
// The built server extracts a zip of 30,000 one-byte files while 1,500 event streams are opened on
// that job from 100 client addresses (X-Forwarded-For, with TRUST_PROXY), then 1,500 more once it
// has completed (each accepted one then gets the 30,000-file list). Meanwhile /healthz is asked
// every 200 ms on a new connection: the goal is every answer within 1 s and the server up, its
// streams held to the caps (the rest refused with 429).
// Options (environment): BENCH_PORT (default 9110), BENCH_DATA_DIR (default a temporary folder),
// BENCH_STREAMS (default 1500), BENCH_FILES (default 30000).
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { startSite } from '@archive-opener/test-support/site';

const PORT = Number(process.env['BENCH_PORT'] ?? 9110);
const STREAMS = Number(process.env['BENCH_STREAMS'] ?? 1500);
const FILES = Number(process.env['BENCH_FILES'] ?? 30_000);
const ADDRESSES = 100;
const PROBE_EVERY_MS = 200;

interface Tally {
  accepted: number;
  refused: number;
  other: number;
  failed: number;
  bytes: number;
}

const tally = (): Tally => ({ accepted: 0, refused: 0, other: 0, failed: 0, bytes: 0 });

/** Opens `count` streams on job `id` at once (200 connections in flight); resolves when all have ended. */
function flood(url: string, id: string, count: number, into: Tally): Promise<void> {
  const agent = new Agent({ maxSockets: 200 });
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const headers = { 'x-forwarded-for': `10.1.${i % ADDRESSES}.1` };
      get(`${url}/api/extractions/${id}/events`, { agent, headers }, (res) => {
        if (res.statusCode === 200) into.accepted += 1;
        else if (res.statusCode === 429) into.refused += 1;
        else {
          into.other += 1;
          console.error(`stream answered ${res.statusCode}`);
        }
        res.on('data', (chunk: Buffer) => (into.bytes += chunk.length));
        res.once('close', () => resolve());
      }).once('error', (error) => {
        into.failed += 1;
        if (into.failed <= 3) console.error(`stream failed: ${error.message}`);
        resolve();
      });
    });
  return Promise.all(Array.from({ length: count }, (_, i) => one(i))).then(() => agent.destroy());
}

async function rssMB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  const dataDir = process.env['BENCH_DATA_DIR'] ?? (await mkdtemp(join(tmpdir(), 'archive-opener-bench-streams-')));
  await mkdir(dataDir, { recursive: true });
  const site = await startSite({ DATA_DIR: dataDir, TRUST_PROXY: 'true', UPLOADS_PER_10_MIN: '1000' }, { port: PORT });
  const probes: number[] = [];
  const phaseProbes: Record<string, number[]> = { running: [], completed: [] };
  let phase = 'running';
  let probeFailures = 0;
  let peakRss = 0;
  let probing = true;
  const probe = async () => {
    while (probing) {
      const started = performance.now();
      try {
        const res = await fetch(`${site.url}/healthz`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (!res.ok) probeFailures += 1;
      } catch {
        probeFailures += 1;
      }
      probes.push(performance.now() - started);
      phaseProbes[phase]?.push(performance.now() - started);
      peakRss = Math.max(peakRss, await rssMB(site.pid));
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  };
  const prober = probe();
  try {
    const entries = Object.fromEntries(Array.from({ length: FILES }, (_, i) => [`f/${i}.txt`, new Uint8Array([97 + (i % 26)])]));
    const zip = zipSync(entries, { level: 0 });
    const form = new FormData();
    form.append('file', new Blob([zip]), 'many.zip');
    const started = performance.now();
    const accepted = await fetch(`${site.url}/api/extractions`, { method: 'POST', body: form });
    if (accepted.status !== 202) throw new Error(`upload answered ${accepted.status}`);
    const { id } = (await accepted.json()) as { id: string };

    console.error(`uploaded; opening ${STREAMS} streams`);
    const during = tally();
    await flood(site.url, id, STREAMS, during);
    console.error('the job has ended; opening the streams again');
    phase = 'completed';
    // The accepted streams end with the job; without any, wait for it.
    let job: { status: string; files: unknown[] };
    for (;;) {
      job = (await (await fetch(`${site.url}/api/extractions/${id}`)).json()) as typeof job;
      if (job.status !== 'queued' && job.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const jobSeconds = (performance.now() - started) / 1000;
    const after = tally();
    await flood(site.url, id, STREAMS, after);
    probing = false;
    await prober;

    const sorted = [...probes].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    const line = (name: string, t: Tally) =>
      `${name.padEnd(22)}${String(t.accepted).padStart(9)}${String(t.refused).padStart(9)}${String(t.other + t.failed).padStart(8)}${(t.bytes / 1e6).toFixed(1).padStart(10)}`;
    console.log(
      `zip of ${FILES} one-byte files (${(zip.length / 1e6).toFixed(1)} MB): job ${job.status} with ${job.files.length} files after ${jobSeconds.toFixed(1)} s`,
    );
    console.log(`${'streams'.padEnd(22)}${'200'.padStart(9)}${'429'.padStart(9)}${'other'.padStart(8)}${'MB sent'.padStart(10)}`);
    console.log(line(`${STREAMS} while running`, during));
    console.log(line(`${STREAMS} once completed`, after));
    console.log(
      `/healthz: ${probes.length} probes, p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms, ` +
        `${probes.filter((ms) => ms > 1000).length} over 1 s, ${probeFailures} failed; server peak RSS ${peakRss.toFixed(0)} MB`,
    );
    for (const [name, times] of Object.entries(phaseProbes))
      console.log(`  while ${name}: ${times.length} probes, max ${Math.max(0, ...times).toFixed(0)} ms`);
    if (probeFailures > 0 || probes.some((ms) => ms > 1000) || job.status !== 'completed') process.exitCode = 1;
  } finally {
    probing = false;
    await prober;
    await site.stop();
    if (!process.env['BENCH_DATA_DIR']) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
