import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The public corpus beside the repository (`../shared/fixtures/corpus`), as the fixtures README describes it. */
export const CORPUS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/corpus');

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
