import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WarmUpReport } from './worker-protocol.js';
import { CORPUS_DIR, loadManifest } from '@archive-opener/test-support/corpus';
import { bundleWorker, serveFiles } from '@archive-opener/test-support/browser-harness';
import { launchChromium } from '@archive-opener/test-support/chromium';

/**
 * The browser host in a real Chromium: the worker bundle a web app would ship, reading a File
 * the page holds, 7-Zip compiled from the served WASM. Results are checked against the manifest.
 */
const CASES = [
  { path: 'libzip/test.zip' },
  // Entries large enough to be inflated by the browser's DecompressionStream.
  { path: 'py7zr/src.zip' },
  // Stored entries, kept as ranges of the File itself (beside a deflated one in mixed.zip).
  { path: 'commons-compress/mixed.zip' },
  { path: 'commons-compress/bla-stored.zip' },
  { path: 'py7zr/filename_encryption.7z', password: 'hello' },
  { path: 'rarfile/rar5-solid.rar' },
  { path: 'commons-compress/bla.tgz' },
  { path: 'libarchive/test_compat_bzip2_1.tbz' },
  // Volume sets: 7-Zip reads every part through one shared input window.
  { path: 'commons-compress/bla-multi.7z.001' },
  { path: 'libarchive/test_read_format_rar5_multiarchive_solid.part01.rar' },
  // Output read back while it is staged: a hard link is made a copy of its target.
  { path: 'rarfile/rar5-hlink.rar' },
];

interface PageOutcome {
  ok: boolean;
  format?: string;
  files?: Record<string, string>;
  error?: { code: string; message: string };
  progressMessages: number;
  /** How the files came: bytes as the worker's own (HeldBytes), files as ranges of Blobs. */
  heldBytes?: number;
  inBlobs?: number;
  /** A prepared worker's `prepared` report, if it came. */
  report?: WarmUpReport;
  /** The order the worker's messages came in (progress left out). */
  messages: string[];
}

interface RunOptions {
  password?: string;
  /**
   * A worker told to prepare first, as the app does while the visitor chooses; the request is
   * sent after a moment ('pause'), once its warm-up report came ('report'), or at once
   * ('at-once': a file dropped while the spare is still starting).
   */
  prepared?: 'pause' | 'report' | 'at-once';
  /** What the prepared worker warms up (BrowserPrepare.warmUp); all when absent. */
  warmUp?: string[];
  /** The request's `holdBytes`; the worker's default (from the device's memory) when absent. */
  holdBytes?: number;
  /** The request's `outputStore`: output beyond the held bytes goes to this OPFS file. */
  outputStore?: string;
}

/** Extracts in a fresh worker, as the app does; `urls` are the archive's parts, in order. */
async function extractInPage(page: Page, urls: string | string[], options: RunOptions = {}): Promise<PageOutcome> {
  return page.evaluate(
    async ([list, { password: pw, prepared, warmUp, holdBytes, outputStore }]) => {
      const parts = await Promise.all(
        list.map(async (url) => new File([await (await fetch(url)).blob()], url.split('/').pop() ?? 'archive')),
      );
      const worker = new Worker('/worker.js', { type: 'module' });
      type Message = { type: string; warmUp?: PageOutcome['report']; result?: unknown; error?: PageOutcome['error'] };
      const messages: string[] = [];
      let report: PageOutcome['report'];
      let progressMessages = 0;
      let reported = () => undefined as void;
      let answer = (_message: Message) => undefined as void;
      const reportCame = new Promise<void>((resolve) => (reported = resolve));
      const answered = new Promise<Message>((resolve) => (answer = resolve));
      worker.onmessage = ({ data }: MessageEvent<Message>) => {
        if (data.type === 'progress') {
          progressMessages += 1;
          return;
        }
        messages.push(data.type);
        if (data.type !== 'prepared') return answer(data);
        report = data.warmUp;
        reported();
      };
      if (prepared) worker.postMessage({ op: 'prepare', wasmUrl: '/7zz.wasm', ...(warmUp && { warmUp }) });
      if (prepared === 'pause') await new Promise((resolve) => setTimeout(resolve, 300));
      if (prepared === 'report') await reportCame;
      worker.postMessage({
        op: 'extract',
        files: parts,
        wasmUrl: '/7zz.wasm',
        ...(pw ? { password: pw } : {}),
        ...(holdBytes === undefined ? {} : { holdBytes }),
        ...(outputStore === undefined ? {} : { outputStore }),
      });
      const outcome = await answered;
      worker.terminate();
      const seen = { progressMessages, messages, ...(report && { report }) };
      if (outcome.type !== 'done') return { ok: false, error: outcome.error, ...seen };
      type Slice = { blob: Blob; offset: number; size: number } | { parts: Uint8Array<ArrayBuffer>[]; size: number };
      const result = outcome.result as { format: string; files: Map<string, Slice> };
      const files: Record<string, string> = {};
      let heldBytes = 0;
      let inBlobs = 0;
      for (const [name, slice] of result.files) {
        // Read here as the page does (sliceToBlob): the worker's own bytes, or where the file
        // lies in a Blob that small files share.
        if ('parts' in slice) heldBytes += slice.size;
        else inBlobs += 1;
        const blob = 'parts' in slice ? new Blob(slice.parts) : slice.blob.slice(slice.offset, slice.offset + slice.size);
        const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
        files[name] = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
      }
      return { ok: true, format: result.format, files, heldBytes, inBlobs, ...seen };
    },
    [typeof urls === 'string' ? [urls] : urls, options] as const,
  );
}

describe('browser host (Web Worker in headless Chromium)', () => {
  const manifest = new Map(loadManifest().map((c) => [c.path, c]));
  let workDir: string;
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'ao-browser-'));
    const bundle = await bundleWorker(workDir);
    const routes = new Map([
      ['/', join(import.meta.dirname, 'browser-host.test.html')],
      ['/worker.js', bundle.worker],
      // A .tar.gz's gzip is decoded in a worker of its own, as on the site (gunzip-offload.ts).
      ...(bundle.gunzip ? [['/worker-gunzip.js', bundle.gunzip] as [string, string]] : []),
      // zip.js' WebAssembly inflates small zip entries and decrypts WinZip AES, as on the site (zip-wasm.ts).
      ...(bundle.zipWasm ? [['/worker-zip.wasm', bundle.zipWasm] as [string, string]] : []),
      ['/7zz.wasm', bundle.wasm],
    ]);
    const partsOf = (path: string) => manifest.get(path)?.parts ?? [path];
    const others = ['py7zr/encrypted_1.7z', 'hostile/traversal.zip', 'commons-compress/COMPRESS-320/LZMA2-solid.7z'];
    for (const path of [...CASES.flatMap((c) => partsOf(c.path)), ...others]) {
      routes.set(`/corpus/${path}`, join(CORPUS_DIR, path));
    }
    const served = await serveFiles(routes);
    server = served.server;
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`${served.origin}/`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const expectManifestFiles = (path: string, outcome: PageOutcome) => {
    expect(outcome.error).toBeUndefined();
    const expected = (manifest.get(path)?.entries ?? []).filter((e) => e.type === 'file');
    expect(expected.length).toBeGreaterThan(0);
    for (const entry of expected) expect(outcome.files?.[entry.name], entry.name).toBe(entry.sha256);
  };
  const urlsOf = (path: string) => (manifest.get(path)?.parts ?? [path]).map((part) => `/corpus/${part}`);

  it.each(CASES)('extracts $path byte for byte', async ({ path, password }) => {
    expectManifestFiles(path, await extractInPage(page, urlsOf(path), password ? { password } : {}));
  });

  it('extracts with a worker prepared ahead as with a fresh one', async () => {
    expectManifestFiles(
      'rarfile/rar5-solid.rar',
      await extractInPage(page, urlsOf('rarfile/rar5-solid.rar'), { prepared: 'pause' }),
    );
  });

  it('warms up every pipeline when prepared, then extracts as a cold worker does', async () => {
    const path = 'commons-compress/COMPRESS-320/LZMA2-solid.7z';
    const outcome = await extractInPage(page, urlsOf(path), { prepared: 'report' });
    expect(outcome.report?.error).toBeUndefined();
    expect(outcome.report?.warmed).toEqual(['7z', 'zip', 'tar.gz']);
    expect(outcome.messages).toEqual(['prepared', 'done']);
    expectManifestFiles(path, outcome);
  });

  it('warms up only the pipelines it is asked for, passing over names it does not know', async () => {
    const path = 'py7zr/src.zip';
    const outcome = await extractInPage(page, urlsOf(path), { prepared: 'report', warmUp: ['rar', 'zip'] });
    expect(outcome.report?.error).toBeUndefined();
    expect(outcome.report?.warmed).toEqual(['zip']);
    expectManifestFiles(path, outcome);
  });

  it('stops warming up when a request comes, and answers it', async () => {
    // The request is queued behind the prepare, so it is received while 7-Zip still compiles.
    const path = 'commons-compress/bla.tgz';
    const outcome = await extractInPage(page, urlsOf(path), { prepared: 'at-once' });
    expect(outcome.report?.warmed).toEqual([]);
    // The warm-up ended before the request ran: its report comes first.
    expect(outcome.messages).toEqual(['prepared', 'done']);
    expectManifestFiles(path, outcome);
  });

  // Every backend's way out: zip.js's inflate, our tar reader, 7-Zip's spool (7z, RAR).
  const WAYS_OUT = [
    'py7zr/src.zip',
    'commons-compress/bla.tgz',
    'commons-compress/COMPRESS-320/LZMA2-solid.7z',
    'rarfile/rar5-solid.rar',
  ];

  it.each(WAYS_OUT)('hands the files of %s to the page as the worker’s own bytes by default', async (path) => {
    const outcome = await extractInPage(page, urlsOf(path));
    expectManifestFiles(path, outcome);
    expect(outcome.inBlobs).toBe(0);
    expect(outcome.heldBytes).toBeGreaterThan(0);
  });

  it.each(WAYS_OUT)('keeps the files of %s in Blobs when the page allows no held bytes', async (path) => {
    const outcome = await extractInPage(page, urlsOf(path), { holdBytes: 0 });
    expectManifestFiles(path, outcome);
    // Empty files may still come as no bytes at all.
    expect(outcome.heldBytes).toBe(0);
  });

  // Zips whose entries are all stored stay ranges of the archive itself: nothing to store.
  const ALL_STORED = ['libzip/test.zip', 'commons-compress/bla-stored.zip'];
  it.each([...CASES.filter((c) => !c.password && !ALL_STORED.includes(c.path)), ...WAYS_OUT.map((path) => ({ path }))])(
    'writes the files of $path to an output store in the Origin Private File System when no bytes may be held',
    async ({ path }) => {
      const outputStore = `test-${path.replace(/\W/g, '-')}`;
      const outcome = await extractInPage(page, urlsOf(path), { holdBytes: 0, outputStore });
      expectManifestFiles(path, outcome);
      expect(outcome.heldBytes).toBe(0);
      // Every byte is in the store's one file (stored entries of a zip stay ranges of the archive).
      const stored = await page.evaluate(async (name) => {
        const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('extracted-output');
        return (await (await folder.getFileHandle(name)).getFile()).size;
      }, outputStore);
      expect(stored).toBeGreaterThan(0);
    },
  );

  it('deletes the output store when the extraction fails', async () => {
    const outcome = await extractInPage(page, '/corpus/py7zr/encrypted_1.7z', { holdBytes: 0, outputStore: 'failed' });
    expect(outcome.error?.code).toBe('PASSWORD_REQUIRED');
    const left = await page.evaluate(async () => {
      const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('extracted-output', { create: true });
      return folder.getFileHandle('failed').then(
        () => true,
        () => false,
      );
    });
    expect(left).toBe(false);
  });

  it('reports progress while it extracts', async () => {
    const outcome = await extractInPage(page, '/corpus/rarfile/rar5-solid.rar');
    expect(outcome.progressMessages).toBeGreaterThan(0);
  });

  it('asks for a password, and tells a wrong one apart', async () => {
    expect((await extractInPage(page, '/corpus/py7zr/encrypted_1.7z')).error?.code).toBe('PASSWORD_REQUIRED');
    expect((await extractInPage(page, '/corpus/py7zr/encrypted_1.7z', { password: 'wrong' })).error?.code).toBe('WRONG_PASSWORD');
  });

  it('keeps hostile names inside the output', async () => {
    const outcome = await extractInPage(page, '/corpus/hostile/traversal.zip');
    const names = Object.keys(outcome.files ?? {});
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.startsWith('/') || name.split('/').includes('..')).toBe(false);
  });
});
