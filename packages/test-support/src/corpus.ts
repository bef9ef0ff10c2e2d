// The public test corpus kept in the repository (fixtures/corpus: 801 archives from libarchive,
// libzip, Apache Commons Compress, py7zr and rarfile's test suites plus hostile cases of our own;
// fixtures/corpus/SOURCES.md says where each came from) and its manifest of expected results.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The public test corpus kept in the repository (`fixtures/corpus`; its SOURCES.md says where each archive came from). */
export const CORPUS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/corpus');

export interface ManifestEntry {
  name: string;
  type: 'file' | 'dir' | 'symlink';
  size?: number | null;
  sha256?: string | null;
  /** A link's target, where the reference tools recorded it. */
  target?: string;
  /** The name's raw bytes when they were not UTF-8 (`name` is then a lossy reading). */
  nameHex?: string;
}

export interface ManifestCase {
  path: string;
  parts?: string[];
  format: string;
  password: string | null;
  expect: 'ok' | 'error';
  errorKind?: string | null;
  entries: ManifestEntry[] | null;
  entriesMode?: 'exact' | 'subset';
  confidence: string;
  hostile?: string[];
  forbiddenPaths?: string[];
}

export function loadManifest(): ManifestCase[] {
  return JSON.parse(readFileSync(join(CORPUS_DIR, 'manifest.json'), 'utf8')) as ManifestCase[];
}

export function partsOf(testCase: ManifestCase): string[] {
  return (testCase.parts ?? [testCase.path]).map((p) => join(CORPUS_DIR, p));
}

export interface CorpusCase {
  /** Absolute paths of the archive's parts. */
  parts: string[];
  password: string | null;
  /** The files the reference tools extracted, by name. */
  files: Map<string, { size: number; sha256: string }>;
}

let manifest: ManifestCase[] | null = null;

/** A case of the public corpus (`fixtures/corpus`) by its path, with its expected files. */
export function corpusCase(path: string): CorpusCase {
  manifest ??= loadManifest();
  const found = manifest.find((candidate) => candidate.path === path);
  if (!found?.entries) throw new Error(`${path} is not an extractable case of the corpus manifest`);
  const files = new Map<string, { size: number; sha256: string }>();
  for (const entry of found.entries)
    if (entry.type === 'file' && entry.sha256) files.set(entry.name, { size: entry.size ?? 0, sha256: entry.sha256 });
  return { parts: partsOf(found), password: found.password, files };
}
