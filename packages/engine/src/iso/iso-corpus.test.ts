import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { CORPUS_DIR, loadManifest, type ManifestCase } from '@archive-opener/test-support/corpus';
import { MemorySink, memorySource } from '../testing/memory-io.js';
import { extractIso, IsoFallback, listIso } from './iso-backend.js';

/** Every iso / iso.Z case of the public corpus, extracted in memory and held to its manifest. */

const cases = loadManifest().filter((c) => c.format === 'iso' || c.format === 'iso.Z');
const tally = { ok: 0, okTotal: 0, error: 0, errorTotal: 0 };

/** The engine hands us the decompressed image; here gzip (which reads compress(1) files) does it. */
function imageOf(testCase: ManifestCase): Uint8Array {
  const path = join(CORPUS_DIR, testCase.path);
  if (testCase.format === 'iso') return new Uint8Array(readFileSync(path));
  return new Uint8Array(execFileSync('gzip', ['-dc', path], { maxBuffer: 256 << 20 }));
}

async function problemsOf(testCase: ManifestCase): Promise<string[]> {
  const image = imageOf(testCase);
  const sink = new MemorySink({ writeBytes: true });
  const result = await extractIso(memorySource(image, testCase.path), sink, SERVER_LIMITS, {}, testCase.format);
  const listed = await listIso(memorySource(image, testCase.path), {}, testCase.format);
  const problems: string[] = [];
  for (const expected of testCase.entries ?? []) {
    const found = result.entries.find((e) => e.path === expected.name || e.originalName === expected.name);
    if (!found) {
      problems.push(`missing ${expected.type} ${expected.name}`);
      continue;
    }
    if (found.type !== expected.type) problems.push(`${expected.name}: ${found.type}, expected ${expected.type}`);
    if (expected.type === 'file' && expected.sha256 && sink.sha256(found.path) !== expected.sha256) {
      problems.push(`${expected.name}: content differs`);
    }
    if (expected.type === 'symlink' && expected.target !== undefined && found.linkTarget !== expected.target) {
      problems.push(`${expected.name}: target ${found.linkTarget}, expected ${expected.target}`);
    }
    if (!listed.entries.some((e) => e.name === expected.name && e.type === expected.type)) {
      problems.push(`${expected.name}: not listed`);
    }
  }
  if (testCase.entriesMode === 'exact') {
    const names = new Set((testCase.entries ?? []).map((e) => e.name));
    const extras = result.entries.filter((e) => e.type !== 'dir' && !names.has(e.path));
    if (extras.length > 0) problems.push(`unexpected: ${extras.map((e) => e.path).join(', ')}`);
  }
  expect(result.format).toBe(testCase.format);
  return problems;
}

describe('ISO 9660 corpus', () => {
  afterAll(() => {
    console.log(`iso corpus: ${tally.ok}/${tally.okTotal} ok cases, ${tally.error}/${tally.errorTotal} error cases pass`);
  });

  for (const testCase of cases) {
    if (testCase.expect === 'ok') {
      it(`extracts ${testCase.path}`, async () => {
        tally.okTotal += 1;
        expect(await problemsOf(testCase)).toEqual([]);
        tally.ok += 1;
      });
    } else {
      it(`refuses ${testCase.path}`, async () => {
        tally.errorTotal += 1;
        const sink = new MemorySink({ writeBytes: true });
        const failure = await extractIso(memorySource(imageOf(testCase)), sink, SERVER_LIMITS, {}).then(
          () => null,
          (error: unknown) => error,
        );
        expect(failure instanceof EngineError || failure instanceof IsoFallback).toBe(true);
        if (failure instanceof EngineError) expect(failure.code).toBe('CORRUPT_ARCHIVE');
        expect(sink.files.size).toBe(0);
        tally.error += 1;
      });
    }
  }
});
