import { SERVER_LIMITS } from '@archive-opener/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import type { ExtractResult } from '../core/types.js';
import { extractTarStream, listTarStream, TarFallback } from './tar-backend.js';
import { MemorySink } from '../testing/memory-io.js';
import { bytesOf, refused, fileSizes, newTally, problemsOf, streamOf, tallyLines } from '../testing/corpus-compare.js';
import { loadManifest, type ManifestCase } from '@archive-opener/test-support/corpus';

/**
 * Every plain-tar case of the public corpus through extractTarStream, into an in-memory sink
 * that refuses a path written twice. An expected entry must be found under its own name, with its type (and
 * content for files); `KNOWN_FAILURES` lists the cases that cannot pass, and why.
 */

/** Odd-sized chunks, so headers and bodies straddle chunk boundaries. */
const CHUNK = 65_521;

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

function run(testCase: ManifestCase, sink: MemorySink): Promise<ExtractResult> {
  const bytes = bytesOf(testCase);
  const info = { format: 'tar', archiveBytes: bytes.length, bytesTotal: bytes.length };
  return extractTarStream(streamOf(bytes, testCase.path, CHUNK), sink, SERVER_LIMITS, {}, info);
}

const tally = { ...newTally(), renamedOnly: [] as string[] };

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
        const problems = problemsOf(testCase, result, sink, { renamed: true, exact: 'names' });
        if (problems.length === 0 && problemsOf(testCase, result, sink, { renamed: false, exact: 'names' }).length > 0)
          tally.renamedOnly.push(testCase.path);
        expect(problems).toEqual([]);
        tally.okPassed += 1;
      });
    } else {
      test(`refuses ${testCase.path} (${testCase.errorKind ?? '?'})`, async () => {
        tally.error += 1;
        const error = await refused(tally, testCase, TarFallback, (sink) => run(testCase, sink));
        expect(error instanceof EngineError ? error.code : 'fallback').not.toBe('INTERNAL');
        tally.errorPassed += 1;
      });
    }
  }

  it('lists what it extracts (names as stored, real sizes)', async () => {
    for (const testCase of tarCases.filter((c) => c.expect === 'ok' && !(c.path in KNOWN_FAILURES))) {
      const listing = await listTarStream(
        streamOf(bytesOf(testCase), testCase.path, CHUNK),
        {},
        { format: 'tar', archiveBytes: 0, bytesTotal: null },
      );
      // Native tools keep the last of entries with the same name.
      const last = new Map(fileSizes(listing.entries));
      const files = [...last];
      const expected = fileSizes(testCase.entries ?? []);
      if (testCase.entriesMode === 'exact') expect(files.sort(), testCase.path).toEqual(expected.sort());
      else expect(files, testCase.path).toEqual(expect.arrayContaining(expected));
    }
  });
});

afterAll(() => {
  console.log(
    [
      ...tallyLines(`plain tar corpus (${tarCases.length} cases)`, tally, true),
      `  of which pass only because a repeated name is kept as "name (2)" (native tools overwrite): ${tally.renamedOnly.length} ${tally.renamedOnly.join(', ')}`,
    ].join('\n'),
  );
});
