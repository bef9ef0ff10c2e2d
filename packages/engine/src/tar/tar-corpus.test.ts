import { readFileSync } from 'node:fs';
import { SERVER_LIMITS } from '@archive-opener/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import type { ExtractedEntry, ExtractResult } from '../core/types.js';
import { extractTarStream, listTarStream, TarFallback } from './tar-backend.js';
import { MemorySink, memorySource } from '../../test/support/memory-io.js';
import { CORPUS_DIR, loadManifest, type ManifestCase } from '../../test/corpus/manifest.js';

/**
 * Every plain-tar case of the public corpus through extractTarStream, into an in-memory sink
 * that refuses a path written twice. An expected entry must be found under its own name, with its type (and
 * content for files); `KNOWN_FAILURES` lists the cases that cannot pass, and why.
 */

const CORPUS = `${CORPUS_DIR}/`;

const manifest = loadManifest();
const tarCases = manifest.filter((c) => c.format === 'tar');

/** Cases that fail by design, with the reason. */
const KNOWN_FAILURES: Record<string, string> = {
  // A hard link: native tools create a second name for the same file; we report it as a link.
  'libarchive/test_compat_tar_hardlink_1.tar': 'xmcd-3.3.2/README: type symlink, expected file',
  // The expectation is 7-Zip's and unar's, which know no PAX 1.0 sparse file and keep both bodies as
  // stored. The maps start with comment lines that libarchive's own test says to skip: we rebuild both
  // files, with the content bsdtar gives (GNU tar refuses the archive).
  'libarchive/test_read_format_gtar_sparse_1_17_posix10_modified.tar':
    'missing file GNUSparseFile.38663/sparse (rebuilt as "sparse", like bsdtar)',
};

/** The file as a stream in odd-sized chunks, so headers and bodies straddle chunk boundaries. */
function fileStream(path: string): ReadableStream<Uint8Array> {
  return memorySource(new Uint8Array(readFileSync(path)), path, 65_521).stream();
}

function run(testCase: ManifestCase, sink: MemorySink): Promise<ExtractResult> {
  const size = readFileSync(CORPUS + testCase.path).length;
  return extractTarStream(
    fileStream(CORPUS + testCase.path),
    sink,
    SERVER_LIMITS,
    {},
    {
      format: 'tar',
      archiveBytes: size,
      bytesTotal: size,
    },
  );
}

/** What differs from the manifest (empty: the case passes). `renamed` accepts a duplicate kept as "name (2)". */
function problemsOf(testCase: ManifestCase, result: ExtractResult, sink: MemorySink, renamed: boolean): string[] {
  const problems: string[] = [];
  for (const expected of testCase.entries ?? []) {
    const name = toSafeRelativePath(expected.name) ?? expected.name;
    const candidates = result.entries.filter(
      (e) => e.path === name || (renamed && e.originalName !== undefined && toSafeRelativePath(e.originalName) === name),
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
    const names = new Set((testCase.entries ?? []).map((e) => toSafeRelativePath(e.name) ?? e.name));
    const extra = (e: ExtractedEntry) => e.type !== 'dir' && !names.has(e.path) && !(renamed && e.originalName !== undefined);
    const extras = result.entries.filter(extra).map((e) => e.path);
    if (extras.length > 0) problems.push(`unexpected: ${extras.slice(0, 3).join(', ')}`);
  }
  return problems;
}

const tally = { ok: 0, okPassed: 0, error: 0, errorPassed: 0, fallbacks: [] as string[], renamedOnly: [] as string[] };

describe('extractTarStream on every plain tar of the corpus', () => {
  for (const testCase of tarCases) {
    const known = KNOWN_FAILURES[testCase.path];
    const test = known ? it.fails : it;
    if (testCase.expect === 'ok') {
      test(`extracts ${testCase.path}${known ? ` (known failure: ${known})` : ''}`, async () => {
        tally.ok += 1;
        const sink = new MemorySink({ writeBytes: true });
        const result = await run(testCase, sink);
        expect(result.format).toBe('tar');
        expect(sink.discards).toBe(0);
        // As the engine's conformance check: a repeated name is kept as "name (2)", never overwritten.
        const problems = problemsOf(testCase, result, sink, true);
        if (problems.length === 0 && problemsOf(testCase, result, sink, false).length > 0) tally.renamedOnly.push(testCase.path);
        expect(problems).toEqual([]);
        tally.okPassed += 1;
      });
    } else {
      test(`refuses ${testCase.path} (${testCase.errorKind ?? '?'})`, async () => {
        tally.error += 1;
        const sink = new MemorySink({ writeBytes: true });
        const error = await run(testCase, sink).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error instanceof EngineError || error instanceof TarFallback, String(error)).toBe(true);
        if (error instanceof TarFallback) tally.fallbacks.push(testCase.path);
        expect(error instanceof EngineError ? error.code : 'fallback').not.toBe('INTERNAL');
        expect(sink.files.size + sink.dirs.size).toBe(0);
        tally.errorPassed += 1;
      });
    }
  }

  it('lists what it extracts (names as stored, real sizes)', async () => {
    for (const testCase of tarCases.filter((c) => c.expect === 'ok' && !(c.path in KNOWN_FAILURES))) {
      const listing = await listTarStream(
        fileStream(CORPUS + testCase.path),
        {},
        { format: 'tar', archiveBytes: 0, bytesTotal: null },
      );
      // Native tools keep the last of entries with the same name.
      const last = new Map(listing.entries.filter((e) => e.type === 'file').map((e) => [toSafeRelativePath(e.name), e.size]));
      const files = [...last];
      const expected = (testCase.entries ?? []).filter((e) => e.type === 'file').map((e) => [toSafeRelativePath(e.name), e.size]);
      if (testCase.entriesMode === 'exact') expect(files.sort(), testCase.path).toEqual(expected.sort());
      else expect(files, testCase.path).toEqual(expect.arrayContaining(expected));
    }
  });
});

afterAll(() => {
  console.log(
    [
      `plain tar corpus (${tarCases.length} cases):`,
      `  expect ok:    ${tally.okPassed}/${tally.ok} passed`,
      `  expect error: ${tally.errorPassed}/${tally.error} refused (${tally.fallbacks.length} handed to 7-Zip: ${tally.fallbacks.join(', ')})`,
      `  of which pass only because a repeated name is kept as "name (2)" (native tools overwrite): ${tally.renamedOnly.length} ${tally.renamedOnly.join(', ')}`,
    ].join('\n'),
  );
});
