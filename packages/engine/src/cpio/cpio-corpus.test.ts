import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import type { ExtractResult } from '../core/types.js';
import { CpioFallback, extractCpioStream, listCpioStream } from './cpio-backend.js';
import { MemorySink, memorySource } from '../../test/support/memory-io.js';
import { loadManifest, partsOf, type ManifestCase } from '../../test/corpus/manifest.js';

/**
 * Every cpio case of the public corpus (a .cpio.gz gunzipped first) through
 * extractCpioStream, into an in-memory sink that refuses a path written twice. Every expected
 * entry must be found under its own name with its type, and files with their content.
 */

const cpioCases = loadManifest().filter((c) => c.format === 'cpio' || c.format === 'cpio.gz');

/** The archive's bytes (split cases joined, as the engine joins their parts). */
function bytesOf(testCase: ManifestCase): Uint8Array {
  const parts = partsOf(testCase).map((path) => readFileSync(path));
  return new Uint8Array(Buffer.concat(parts));
}

/** The cpio as a stream in odd-sized chunks, so headers and bodies straddle chunk boundaries. */
function streamOf(testCase: ManifestCase, bytes: Uint8Array): ReadableStream<Uint8Array> {
  return memorySource(testCase.format === 'cpio.gz' ? gunzipSync(bytes) : bytes, testCase.path, 61).stream();
}

function run(testCase: ManifestCase, sink: MemorySink): Promise<ExtractResult> {
  const bytes = bytesOf(testCase);
  const info = { format: testCase.format, archiveBytes: bytes.length, bytesTotal: null };
  return extractCpioStream(streamOf(testCase, bytes), sink, SERVER_LIMITS, {}, info);
}

/** What differs from the manifest (empty: the case passes). */
function problemsOf(testCase: ManifestCase, result: ExtractResult, sink: MemorySink): string[] {
  const problems: string[] = [];
  for (const expected of testCase.entries ?? []) {
    const name = toSafeRelativePath(expected.name) ?? expected.name;
    // Two stored names that both decode to U+FFFD… are kept as "name (2)": accept the renamed one.
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

const tally = { ok: 0, okPassed: 0, error: 0, errorPassed: 0, fallbacks: [] as string[] };

describe('extractCpioStream on every cpio of the corpus', () => {
  for (const testCase of cpioCases) {
    if (testCase.expect === 'ok') {
      it(`extracts ${testCase.path}`, async () => {
        tally.ok += 1;
        const sink = new MemorySink({ writeBytes: true });
        const result = await run(testCase, sink);
        expect(result.format).toBe(testCase.format);
        expect(sink.discards).toBe(0);
        expect(problemsOf(testCase, result, sink)).toEqual([]);
        tally.okPassed += 1;
      });
    } else {
      it(`refuses ${testCase.path} (${testCase.errorKind ?? '?'})`, async () => {
        tally.error += 1;
        const sink = new MemorySink({ writeBytes: true });
        const error = await run(testCase, sink).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error instanceof EngineError || error instanceof CpioFallback, String(error)).toBe(true);
        if (error instanceof CpioFallback) tally.fallbacks.push(testCase.path);
        else if (testCase.errorKind === 'truncated') expect((error as EngineError).details.kind).toBe('truncated');
        expect(sink.files.size + sink.dirs.size).toBe(0);
        tally.errorPassed += 1;
      });
    }
  }

  it('lists what it extracts (names as stored, hard links with their content size)', async () => {
    for (const testCase of cpioCases.filter((c) => c.expect === 'ok')) {
      const bytes = bytesOf(testCase);
      const listing = await listCpioStream(
        streamOf(testCase, bytes),
        {},
        { format: testCase.format, archiveBytes: 0, bytesTotal: null },
      );
      const files = listing.entries.filter((e) => e.type === 'file').map((e) => [toSafeRelativePath(e.name), e.size]);
      const expected = (testCase.entries ?? []).filter((e) => e.type === 'file').map((e) => [toSafeRelativePath(e.name), e.size]);
      expect(files.sort(), testCase.path).toEqual(expected.sort());
    }
  });
});

afterAll(() => {
  console.log(
    [
      `cpio corpus (${cpioCases.length} cases):`,
      `  expect ok:    ${tally.okPassed}/${tally.ok} passed`,
      `  expect error: ${tally.errorPassed}/${tally.error} refused (${tally.fallbacks.length} handed to 7-Zip: ${tally.fallbacks.join(', ')})`,
    ].join('\n'),
  );
});
