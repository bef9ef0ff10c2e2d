import { readFileSync } from 'node:fs';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractResult } from '../core/types.js';
import { extractLzhStream, listLzhStream, LzhFallback } from './lzh-backend.js';
import { fileSource, MemorySink, memorySource } from '../testing/memory-io.js';
import { bytesOf, refused, fileSizes, newTally, problemsOf, streamOf, tallyLines } from '../testing/corpus-compare.js';
import { CORPUS_DIR, loadManifest, type ManifestCase } from '@archive-opener/test-support/corpus';

/**
 * Every lzh case of the public corpus through extractLzhStream, into an in-memory sink that
 * refuses a path written twice: every expected entry must be found under its own name with its
 * type, files with their content, links with their target; broken archives must be refused.
 */

const lzhCases = loadManifest().filter((c) => c.format === 'lzh');

/** The archive in odd-sized chunks, so headers and compressed data straddle chunk boundaries. */
function run(testCase: ManifestCase, sink: MemorySink, chunk = 61): Promise<ExtractResult> {
  const bytes = bytesOf(testCase);
  const info = { format: 'lzh', archiveBytes: bytes.length, bytesTotal: bytes.length };
  return extractLzhStream(streamOf(bytes, testCase.path, chunk), sink, SERVER_LIMITS, {}, info);
}

const COMPARE = { renamed: true, exact: 'count' } as const;

const tally = { ...newTally(), failing: [] as string[] };

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
        expect(problemsOf(testCase, result, sink, COMPARE)).toEqual([]);
        // Streaming every file (no writeBytes) and whole-chunk input give the same content.
        const streamed = new MemorySink();
        expect(problemsOf(testCase, await run(testCase, streamed, 1 << 20), streamed, COMPARE)).toEqual([]);
        tally.failing.pop();
        tally.okPassed += 1;
      });
    } else {
      it(`refuses ${testCase.path} (${testCase.errorKind ?? '?'})`, async () => {
        tally.error += 1;
        tally.failing.push(testCase.path);
        await refused(tally, testCase, LzhFallback, (sink) => run(testCase, sink));
        tally.failing.pop();
        tally.errorPassed += 1;
      });
    }
  }

  it('lists the files it extracts, with their sizes', async () => {
    for (const testCase of lzhCases.filter((c) => c.expect === 'ok')) {
      const bytes = bytesOf(testCase);
      const listing = await listLzhStream(memorySource(bytes).stream(), {}, { format: 'lzh', archiveBytes: 0, bytesTotal: null });
      const files = fileSizes(listing.entries);
      const expected = fileSizes(testCase.entries ?? []);
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
    expect(problemsOf(largest.c, result, sink, COMPARE)).toEqual([]);
  });
});

afterAll(() => {
  console.log(
    [
      ...tallyLines(`lzh corpus (${lzhCases.length} cases)`, tally, false),
      `  failing: ${tally.failing.join(', ') || 'none'}`,
    ].join('\n'),
  );
});
