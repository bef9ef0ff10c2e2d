import { gunzipSync } from 'node:zlib';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import type { ExtractResult } from '../core/types.js';
import { CpioFallback, extractCpioStream, listCpioStream } from './cpio-backend.js';
import { MemorySink } from '../testing/memory-io.js';
import { bytesOf, refused, fileSizes, newTally, problemsOf, streamOf, tallyLines } from '../testing/corpus-compare.js';
import { loadManifest, type ManifestCase } from '@archive-opener/test-support/corpus';

/**
 * Every cpio case of the public corpus (a .cpio.gz gunzipped first) through
 * extractCpioStream, into an in-memory sink that refuses a path written twice. Every expected
 * entry must be found under its own name with its type, and files with their content.
 */

const cpioCases = loadManifest().filter((c) => c.format === 'cpio' || c.format === 'cpio.gz');

/** The cpio as a stream in odd-sized chunks, so headers and bodies straddle chunk boundaries. */
function cpioStream(testCase: ManifestCase, bytes: Uint8Array): ReadableStream<Uint8Array> {
  return streamOf(testCase.format === 'cpio.gz' ? gunzipSync(bytes) : bytes, testCase.path, 61);
}

function run(testCase: ManifestCase, sink: MemorySink): Promise<ExtractResult> {
  const bytes = bytesOf(testCase);
  const info = { format: testCase.format, archiveBytes: bytes.length, bytesTotal: null };
  return extractCpioStream(cpioStream(testCase, bytes), sink, SERVER_LIMITS, {}, info);
}

const tally = newTally();

describe('extractCpioStream on every cpio of the corpus', () => {
  for (const testCase of cpioCases) {
    if (testCase.expect === 'ok') {
      it(`extracts ${testCase.path}`, async () => {
        tally.ok += 1;
        const sink = new MemorySink({ writeBytes: true });
        const result = await run(testCase, sink);
        expect(result.format).toBe(testCase.format);
        expect(sink.discards).toBe(0);
        // Two stored names that both decode to U+FFFD… are kept as "name (2)": accept the renamed one.
        expect(problemsOf(testCase, result, sink, { renamed: true, exact: 'count' })).toEqual([]);
        tally.okPassed += 1;
      });
    } else {
      it(`refuses ${testCase.path} (${testCase.errorKind ?? '?'})`, async () => {
        tally.error += 1;
        const error = await refused(tally, testCase, CpioFallback, (sink) => run(testCase, sink));
        if (error instanceof EngineError && testCase.errorKind === 'truncated') expect(error.details.kind).toBe('truncated');
        tally.errorPassed += 1;
      });
    }
  }

  it('lists what it extracts (names as stored, hard links with their content size)', async () => {
    for (const testCase of cpioCases.filter((c) => c.expect === 'ok')) {
      const bytes = bytesOf(testCase);
      const listing = await listCpioStream(
        cpioStream(testCase, bytes),
        {},
        { format: testCase.format, archiveBytes: 0, bytesTotal: null },
      );
      const files = fileSizes(listing.entries);
      const expected = fileSizes(testCase.entries ?? []);
      expect(files.sort(), testCase.path).toEqual(expected.sort());
    }
  });
});

afterAll(() => {
  console.log(tallyLines(`cpio corpus (${cpioCases.length} cases)`, tally, true).join('\n'));
});
