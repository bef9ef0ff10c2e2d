/**
 * Shared by the streaming backends' corpus tests (tar, cpio, lzh): one comparison of an extraction with its
 * manifest case, and the few helpers around it, so every format is held to the same rules instead of each test
 * file keeping its own, slowly diverging, copy. (The iso test keeps its own: it matches names as stored, takes
 * the first entry of a name and also checks the listing.)
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { EngineError } from '../core/engine-error.js';
import { toSafeRelativePath } from '../core/safe-path.js';
import type { ExtractedEntry, ExtractResult } from '../core/types.js';
import { partsOf, type ManifestCase } from '@archive-opener/test-support/corpus';
import { MemorySink, memorySource } from './memory-io.js';

/** The archive's bytes (split cases joined, as the engine joins their parts). */
export function bytesOf(testCase: ManifestCase): Uint8Array {
  return new Uint8Array(Buffer.concat(partsOf(testCase).map((path) => readFileSync(path))));
}

/** The bytes as a stream in `chunk`-sized pieces: odd sizes make headers and bodies straddle chunk boundaries. */
export function streamOf(bytes: Uint8Array, name: string, chunk: number): ReadableStream<Uint8Array> {
  return memorySource(bytes, name, chunk).stream();
}

/** What a refused case settles to: the error it threw, `null` when it did not throw. */
function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (e: unknown) => e,
  );
}

/**
 * Runs a case that must be refused: with an EngineError, or with `fallback` (handed on to 7-Zip, noted in
 * `tally`), and without a file or folder left in the sink. Gives the error for the caller's own checks.
 */
export async function refused(
  tally: Tally,
  testCase: ManifestCase,
  fallback: abstract new (...args: never[]) => Error,
  run: (sink: MemorySink) => Promise<unknown>,
): Promise<unknown> {
  const sink = new MemorySink({ writeBytes: true });
  const error = await errorOf(run(sink));
  expect(error instanceof EngineError || error instanceof fallback, String(error)).toBe(true);
  if (error instanceof fallback) tally.fallbacks.push(testCase.path);
  expect(sink.files.size + sink.dirs.size).toBe(0);
  return error;
}

export interface CompareOptions {
  /** Also accept an entry whose `originalName` is the expected name (a repeated name kept as "name (2)"). */
  renamed: boolean;
  /**
   * How `entriesMode: 'exact'` is held. `names`: no non-folder entry the manifest does not name (a renamed one
   * aside when `renamed`). `count`: as many non-folder entries as the manifest lists.
   */
  exact: 'names' | 'count';
}

/** What differs from the manifest (empty: the case passes). A file's content is read back from `sink`. */
export function problemsOf(testCase: ManifestCase, result: ExtractResult, sink: MemorySink, options: CompareOptions): string[] {
  const { renamed, exact } = options;
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
  if (testCase.entriesMode === 'exact' && exact === 'names') {
    const names = new Set((testCase.entries ?? []).map((e) => toSafeRelativePath(e.name) ?? e.name));
    const extra = (e: ExtractedEntry) => e.type !== 'dir' && !names.has(e.path) && !(renamed && e.originalName !== undefined);
    const extras = result.entries.filter(extra).map((e) => e.path);
    if (extras.length > 0) problems.push(`unexpected: ${extras.slice(0, 3).join(', ')}`);
  } else if (testCase.entriesMode === 'exact') {
    const expectedCount = (testCase.entries ?? []).filter((e) => e.type !== 'dir').length;
    const written = result.entries.filter((e) => e.type !== 'dir').map((e) => e.path);
    if (written.length !== expectedCount)
      problems.push(`${written.length} non-folder entries, expected ${expectedCount}: ${written.join(', ')}`);
  }
  return problems;
}

type FileSize = [name: string | null, size: number | null | undefined];

/** The (name, size) of every file, names made safe as the engine makes them, to compare a listing with its case. */
export function fileSizes(entries: readonly { name: string; type: string; size?: number | null }[]): FileSize[] {
  return entries.filter((e) => e.type === 'file').map((e) => [toSafeRelativePath(e.name), e.size]);
}

/** Pass counts, printed once every case has run. */
export interface Tally {
  ok: number;
  okPassed: number;
  error: number;
  errorPassed: number;
  /** Refused cases handed on to 7-Zip rather than refused by the engine. */
  fallbacks: string[];
}

export function newTally(): Tally {
  return { ok: 0, okPassed: 0, error: 0, errorPassed: 0, fallbacks: [] };
}

/** The summary's first lines; `fallbacks` adds how many refused cases were handed on to 7-Zip. */
export function tallyLines(title: string, tally: Tally, fallbacks: boolean): string[] {
  const handed = fallbacks ? ` (${tally.fallbacks.length} handed to 7-Zip: ${tally.fallbacks.join(', ')})` : '';
  return [
    `${title}:`,
    `  expect ok:    ${tally.okPassed}/${tally.ok} passed`,
    `  expect error: ${tally.errorPassed}/${tally.error} refused${handed}`,
  ];
}
