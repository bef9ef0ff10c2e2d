import { readFileSync } from 'node:fs';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import type { ExtractResult } from '../core/types.js';
import { extractLzhStream, listLzhStream, LzhFallback } from './lzh-backend.js';
import { fileSource, MemorySink, memorySource } from '../../test/support/memory-io.js';
import { CORPUS_DIR, loadManifest, partsOf, type ManifestCase } from '../../test/corpus/manifest.js';

/**
 * Every lzh case of the public corpus through extractLzhStream, into an in-memory sink that
 * refuses a path written twice: every expected entry must be found under its own name with its
 * type, files with their content, links with their target; broken archives must be refused.
 */

const lzhCases = loadManifest().filter((c) => c.format === 'lzh');

function bytesOf(testCase: ManifestCase): Uint8Array {
  return new Uint8Array(Buffer.concat(partsOf(testCase).map((path) => readFileSync(path))));
}

/** The archive in odd-sized chunks, so headers and compressed data straddle chunk boundaries. */
function run(testCase: ManifestCase, sink: MemorySink, chunk = 61): Promise<ExtractResult> {
  const bytes = bytesOf(testCase);
  const info = { format: 'lzh', archiveBytes: bytes.length, bytesTotal: bytes.length };
  return extractLzhStream(memorySource(bytes, testCase.path, chunk).stream(), sink, SERVER_LIMITS, {}, info);
}

/** What differs from the manifest (empty: the case passes). */
function problemsOf(testCase: ManifestCase, result: ExtractResult, sink: MemorySink): string[] {
  const problems: string[] = [];
  for (const expected of testCase.entries ?? []) {
    const name = toSafeRelativePath(expected.name) ?? expected.name;
    const candidates = result.entries.filter(
      (e) => e.path === name || (e.originalName !== undefined && toSafeRelativePath(e.originalName) === name),
    );
    const typed = candidates.filter((e) => e.type === expected.type);
    if (candidates.length === 0) problems.push(`missing ${expected.type} ${expected.name}`);
    else if (typed.length === 0) problems.push(`${expected.name}: type ${candidates[0]?.type}, expected ${expected.type}`);
    else if (expected.type === 'file' && !typed.some((e) => sink.sha256(e.path) === expected.sha256)) {
      problems.push(`${expected.name}: content differs`);
    } else if (
      expected.type === 'symlink' &&
      expected.target !== undefined &&
      !typed.some((e) => e.linkTarget === expected.target)
    ) {
      problems.push(`${expected.name}: link target differs`);
    }
  }
  if (testCase.entriesMode === 'exact') {
    const expectedCount = (testCase.entries ?? []).filter((e) => e.type !== 'dir').length;
    const written = result.entries.filter((e) => e.type !== 'dir').map((e) => e.path);
    if (written.length !== expectedCount)
      problems.push(`${written.length} non-folder entries, expected ${expectedCount}: ${written.join(', ')}`);
  }
  return problems;
}

const tally = { ok: 0, okPassed: 0, error: 0, errorPassed: 0, failing: [] as string[] };

describe('extractLzhStream on every lzh of the corpus', () => {
  it('has the 28 lzh cases', () => {
    expect(lzhCases.length).toBe(28);
  });

  for (const testCase of lzhCases) {
    if (testCase.expect === 'ok') {
      it(`extracts ${testCase.path}`, async () => {
        tally.ok += 1;
        tally.failing.push(testCase.path);
        const sink = new MemorySink({ writeBytes: true });
        const result = await run(testCase, sink);
        expect(result.format).toBe('lzh');
        expect(sink.discards).toBe(0);
        expect(problemsOf(testCase, result, sink)).toEqual([]);
        // Streaming every file (no writeBytes) and whole-chunk input give the same content.
        const streamed = new MemorySink();
        expect(problemsOf(testCase, await run(testCase, streamed, 1 << 20), streamed)).toEqual([]);
        tally.failing.pop();
        tally.okPassed += 1;
      });
    } else {
      it(`refuses ${testCase.path} (${testCase.errorKind ?? '?'})`, async () => {
        tally.error += 1;
        tally.failing.push(testCase.path);
        const sink = new MemorySink({ writeBytes: true });
        const error = await run(testCase, sink).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error instanceof EngineError || error instanceof LzhFallback, String(error)).toBe(true);
        expect(sink.files.size + sink.dirs.size).toBe(0);
        tally.failing.pop();
        tally.errorPassed += 1;
      });
    }
  }

  it('lists the files it extracts, with their sizes', async () => {
    for (const testCase of lzhCases.filter((c) => c.expect === 'ok')) {
      const bytes = bytesOf(testCase);
      const listing = await listLzhStream(memorySource(bytes).stream(), {}, { format: 'lzh', archiveBytes: 0, bytesTotal: null });
      const files = listing.entries.filter((e) => e.type === 'file').map((e) => [toSafeRelativePath(e.name), e.size]);
      const expected = (testCase.entries ?? []).filter((e) => e.type === 'file').map((e) => [toSafeRelativePath(e.name), e.size]);
      expect(files.sort(), testCase.path).toEqual(expected.sort());
    }
  });

  it('extracts the largest lzh of the corpus from disk (timed)', async () => {
    const largest = lzhCases
      .filter((c) => c.expect === 'ok')
      .map((c) => ({ c, size: readFileSync(`${CORPUS_DIR}/${c.path}`).length }))
      .sort((a, b) => b.size - a.size)[0];
    if (!largest) return;
    const source = await fileSource(`${CORPUS_DIR}/${largest.c.path}`);
    const sink = new MemorySink({ writeBytes: true });
    const started = performance.now();
    const result = await extractLzhStream(
      source.stream(),
      sink,
      SERVER_LIMITS,
      {},
      { format: 'lzh', archiveBytes: source.size, bytesTotal: source.size },
    );
    const ms = performance.now() - started;
    const out = result.entries.reduce((sum, e) => sum + e.size, 0);
    console.log(`largest lzh: ${largest.c.path} (${source.size} bytes → ${out} bytes) in ${ms.toFixed(1)} ms`);
    expect(problemsOf(largest.c, result, sink)).toEqual([]);
  });
});

afterAll(() => {
  console.log(
    [
      `lzh corpus (${lzhCases.length} cases):`,
      `  expect ok:    ${tally.okPassed}/${tally.ok} passed`,
      `  expect error: ${tally.errorPassed}/${tally.error} refused`,
      `  failing: ${tally.failing.join(', ') || 'none'}`,
    ].join('\n'),
  );
});
