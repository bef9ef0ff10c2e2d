import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser, serveFiles } from '@archive-opener/test-support/browser-harness';
import { launchChromium } from '@archive-opener/test-support/chromium';

/**
 * A .tar.gz's gzip decoded in a worker of its own, in a real Chromium: the bytes that arrive
 * are the file's, in order, for every member and with junk after the last; failures keep their
 * kind; a worker that cannot start leaves the decoding to the calling thread.
 */
interface Outcome {
  length?: number;
  sha256?: string;
  error?: { name: string; kind?: string };
  workers: number;
}

const PAGE_ENTRY = `
import { offloadGunzipTo, offloadedGunzip } from ${JSON.stringify(join(import.meta.dirname, 'gunzip-offload.ts'))};
import { blobSource } from ${JSON.stringify(join(import.meta.dirname, 'blob-source.ts'))};
import { gzipFrame, gzipMemberSource } from ${JSON.stringify(join(import.meta.dirname, '../zip/gzip-member.ts'))};
let started = 0;
const Base = Worker;
globalThis.Worker = class extends Base {
  constructor(url, options) { super(url, options); started += 1; }
};
globalThis.decode = async (url, workerUrl, stopAfter, fromBytes = 0, slow = false) => {
  started = 0;
  offloadGunzipTo(workerUrl, fromBytes);
  const file = new File([await (await fetch(url)).blob()], 'data.tar.gz');
  return readAll(offloadedGunzip(blobSource(file)), stopAfter, slow);
};
// A zip entry's deflate data at 'dataAt' of the file, read as a gzip member (zip/gzip-member.ts).
globalThis.decodeMember = async (url, dataAt, dataSize, size, crc) => {
  started = 0;
  offloadGunzipTo('/gunzip-worker.js', 0);
  const file = new File([await (await fetch(url)).blob()], 'data.zip');
  return readAll(offloadedGunzip(gzipMemberSource(blobSource(file), dataAt, dataSize, gzipFrame(size, crc))));
};
async function readAll(stream, stopAfter, slow) {
  if (stream === null) return { workers: started };
  const chunks = [];
  let length = 0;
  try {
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks.push(next.value);
      length += next.value.length;
      if (stopAfter !== undefined && length >= stopAfter) { await reader.cancel(); break; }
      // A reader slower than the worker: its queue fills, and the worker waits to be asked for more.
      if (slow && chunks.length % 64 === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } catch (error) {
    return { error: { name: error.name, kind: error.kind }, workers: started };
  }
  const whole = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) { whole.set(chunk, at); at += chunk.length; }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', whole));
  return { length, sha256: [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''), workers: started };
}
`;

/** Text that compresses but not to nothing: several MiB of output, several batches. */
function sample(seed: number, bytes: number): Buffer {
  const lines: string[] = [];
  let state = seed;
  for (let length = 0; length < bytes;) {
    state = (state * 1103515245 + 12345) >>> 0;
    const line = `${seed},${state},${(state % 9973).toString(36)},row ${length}\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join(''));
}

/** Where the entry's data starts in 'entry.zip'. */
const MEMBER_AT = 1000;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('offloadedGunzip in Chromium', () => {
  let workDir: string;
  let server: Server;
  let browser: Browser;
  let page: Page;
  const first = sample(1, 3_000_000);
  const second = sample(2, 2_500_000);

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'ao-gunzip-'));
    await bundleForBrowser({ contents: PAGE_ENTRY, resolveDir: import.meta.dirname }, join(workDir, 'page.js'));
    await bundleForBrowser({ entry: join(import.meta.dirname, 'gunzip-worker.ts') }, join(workDir, 'gunzip-worker.js'));
    const whole = gzipSync(first);
    const files: Record<string, Buffer> = {
      'members.gz': Buffer.concat([whole, gzipSync(second), Buffer.from('junk after the last member')]),
      'truncated.gz': whole.subarray(0, Math.floor(whole.length / 2)),
      // The trailer's CRC-32 changed: every byte decodes, the check fails at the end.
      'bad-crc.gz': Buffer.concat([whole.subarray(0, -8), Buffer.from([0, 0, 0, 0]), whole.subarray(-4)]),
      // Raw deflate data between other bytes, as a zip entry's is.
      'entry.zip': Buffer.concat([Buffer.alloc(MEMBER_AT, 1), deflateRawSync(first), Buffer.alloc(500, 2)]),
    };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(workDir, name), bytes);
    writeFileSync(join(workDir, 'index.html'), '<!doctype html><script type="module" src="/page.js"></script>');
    const routes = new Map([
      ['/', join(workDir, 'index.html')],
      ['/page.js', join(workDir, 'page.js')],
      ['/gunzip-worker.js', join(workDir, 'gunzip-worker.js')],
      ...Object.keys(files).map((name): [string, string] => [`/${name}`, join(workDir, name)]),
    ]);
    const served = await serveFiles(routes);
    server = served.server;
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`${served.origin}/`);
    await page.waitForFunction(() => 'decode' in globalThis);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const decode = (url: string, workerUrl = '/gunzip-worker.js', stopAfter?: number, fromBytes = 0, slow = false) =>
    page.evaluate(
      ([u, w, s, f, l]) =>
        (
          globalThis as unknown as {
            decode: (u: string, w: string, s?: number, f?: number, l?: boolean) => Promise<Outcome>;
          }
        ).decode(u, w, s, f, l),
      [url, workerUrl, stopAfter, fromBytes, slow] as const,
    );

  it('gives every member, in order, from a worker of its own, and ignores junk after the last', async () => {
    const outcome = await decode('/members.gz');
    expect(outcome).toEqual({ length: first.length + second.length, sha256: sha256(Buffer.concat([first, second])), workers: 1 });
  });

  it('gives every byte to a reader slower than the worker, which then waits to be asked for more', async () => {
    const outcome = await decode('/members.gz', '/gunzip-worker.js', undefined, 0, true);
    expect(outcome).toEqual({ length: first.length + second.length, sha256: sha256(Buffer.concat([first, second])), workers: 1 });
  });

  it('keeps the kind of a failure: a file cut short, a wrong checksum', async () => {
    expect(await decode('/truncated.gz')).toMatchObject({ error: { name: 'GzipFailure', kind: 'truncated' }, workers: 1 });
    expect(await decode('/bad-crc.gz')).toMatchObject({ error: { name: 'GzipFailure', kind: 'corrupt' }, workers: 1 });
  });

  it("decodes a zip entry's data, framed as a gzip member, from the visitor's File", async () => {
    const dataSize = deflateRawSync(first).length;
    const member = (crc: number) =>
      page.evaluate(
        ([a, d, s, c]) =>
          (
            globalThis as unknown as {
              decodeMember: (u: string, a: number, d: number, s: number, c: number) => Promise<Outcome>;
            }
          ).decodeMember('/entry.zip', a, d, s, c),
        [MEMBER_AT, dataSize, first.length, crc] as const,
      );
    expect(await member(crc32(first))).toEqual({ length: first.length, sha256: sha256(first), workers: 1 });
    expect(await member(crc32(first) ^ 1)).toMatchObject({ error: { name: 'GzipFailure', kind: 'corrupt' }, workers: 1 });
  });

  it('decodes in the calling thread when the worker cannot start', async () => {
    const outcome = await decode('/members.gz', '/missing-worker.js');
    expect(outcome.sha256).toBe(sha256(Buffer.concat([first, second])));
  });

  it('leaves a file under the size worth a second worker to the calling thread', async () => {
    expect(await decode('/members.gz', '/gunzip-worker.js', undefined, 64 * 1024 * 1024)).toEqual({ workers: 0 });
  });

  it('stops when the reader cancels', async () => {
    const outcome = await decode('/members.gz', '/gunzip-worker.js', 1);
    expect(outcome.error).toBeUndefined();
    expect(outcome.length).toBeGreaterThan(0);
    expect(outcome.length).toBeLessThan(first.length + second.length);
  });
});
