// The server under load while it extracts (`npm run bench:load`, and a phase of `npm run bench`):
// the built server on its embedded database keeps two extractions running the whole time, while
// autocannon asks for the prerendered home page, then for one job's status, as fast as it can for
// 10 s each. Goal: no errors, p99 under 100 ms for the prerendered page.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { zipSync } from 'fflate';
import { startSite } from '@archive-opener/test-support/site';

const SECONDS = 10;
// Ten connections at once: a full page of visitors behind one browser each.
const CONNECTIONS = 10;
// A stored zip of random bytes: each extraction takes a second or so, writing 24 MB.
const ARCHIVE_BYTES = 24 * 1024 * 1024;
export const LOAD_GOALS = { errors: 0, pageP99Ms: 100 } as const;

export interface LoadRow {
  target: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers other than 2xx/304. */
  errors: number;
  requests: number;
}

export interface LoadResults {
  rows: LoadRow[];
  /** Extractions that ended while the load ran (each replaced at once by another). */
  extractionsDone: number;
  extractionErrors: string[];
}

async function upload(url: string, archive: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(archive)]), 'load.zip');
  const accepted = await fetch(`${url}/api/extractions`, { method: 'POST', body: form });
  if (accepted.status !== 202) throw new Error(`upload answered ${accepted.status}: ${await accepted.text()}`);
  return ((await accepted.json()) as { id: string }).id;
}

async function untilEnded(url: string, id: string): Promise<string> {
  for (;;) {
    const job = (await (await fetch(`${url}/api/extractions/${id}`)).json()) as { status: string };
    if (job.status !== 'queued' && job.status !== 'running') return job.status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Keeps two extractions running until `stop` aborts; each ended job's files are deleted. */
async function keepTwoRunning(url: string, archive: Buffer, stop: AbortSignal, results: LoadResults): Promise<void> {
  await Promise.all(
    [0, 1].map(async () => {
      while (!stop.aborted) {
        try {
          const id = await upload(url, archive);
          const status = await untilEnded(url, id);
          if (status !== 'completed') results.extractionErrors.push(`job ${status}`);
          else results.extractionsDone += 1;
          await fetch(`${url}/api/extractions/${id}`, { method: 'DELETE' });
        } catch (error) {
          results.extractionErrors.push(String(error));
        }
      }
    }),
  );
}

async function hammer(target: string, url: string): Promise<LoadRow> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    // As a browser asks: compressed, so the server's compression is part of the measure.
    headers: { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json' },
  });
  return {
    target,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

export async function loadServer(): Promise<LoadResults> {
  const dataDir = await mkdtemp(join(tmpdir(), 'archive-opener-bench-load-'));
  const site = await startSite({ DATA_DIR: dataDir, UPLOADS_PER_10_MIN: '100000', RETENTION_MINUTES: '5' });
  const stop = new AbortController();
  const results: LoadResults = { rows: [], extractionsDone: 0, extractionErrors: [] };
  try {
    const archive = Buffer.from(zipSync({ 'random.bin': randomBytes(ARCHIVE_BYTES) }, { level: 0 }));
    // A finished job whose status is asked for; its manifest is part of every answer.
    const id = await upload(site.url, Buffer.from(zipSync({ 'a.txt': Buffer.from('a'), 'b.txt': Buffer.from('b') })));
    await untilEnded(site.url, id);
    const background = keepTwoRunning(site.url, archive, stop.signal, results);
    // Both running before the clock starts (an upload folder lives while its job waits or runs; two
    // slots, so both run).
    while ((await readdir(join(dataDir, 'uploads'))).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    results.rows.push(await hammer('GET / (prerendered home page)', `${site.url}/`));
    results.rows.push(await hammer('GET /api/extractions/:id', `${site.url}/api/extractions/${id}`));
    stop.abort();
    await background;
    return results;
  } finally {
    stop.abort();
    await site.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The results as a table, with the goals met or missed. */
export function loadLines(results: LoadResults, missed: string[]): string[] {
  const pad = (text: string, width: number) => text.padEnd(width);
  const lines = [
    `load: ${CONNECTIONS} connections, ${SECONDS} s each, while two extractions run (${results.extractionsDone} ended meanwhile)`,
    `${pad('target', 32)}${pad('req/s', 9)}${pad('p50', 8)}${pad('p99', 8)}${pad('errors', 8)}requests`,
  ];
  for (const row of results.rows) {
    lines.push(
      `${pad(row.target, 32)}${pad(row.requestsPerSecond.toFixed(0), 9)}${pad(`${row.p50Ms} ms`, 8)}${pad(`${row.p99Ms} ms`, 8)}${pad(String(row.errors), 8)}${row.requests}`,
    );
    if (row.errors > LOAD_GOALS.errors) missed.push(`load ${row.target} errors`);
  }
  const page = results.rows[0];
  if (page && page.p99Ms >= LOAD_GOALS.pageP99Ms) missed.push('load page p99');
  if (results.extractionErrors.length > 0) missed.push('load extractions');
  lines.push(`load goals: no errors, p99 < ${LOAD_GOALS.pageP99Ms} ms for the prerendered page`);
  for (const error of [...new Set(results.extractionErrors)]) lines.push(`load: extraction error: ${error}`);
  return lines;
}

// `npm run bench:load`: this phase alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  loadServer()
    .then((results) => {
      const missed: string[] = [];
      console.log(loadLines(results, missed).join('\n'));
      console.log(missed.length === 0 ? 'load goals met' : `load goals missed: ${missed.join(', ')}`);
    })
    .catch((error: unknown) => {
      console.error(`load bench failed: ${String(error)}`);
      process.exitCode = 1;
    });
}
