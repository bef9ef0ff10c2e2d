import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from './site.js';

/** The public corpus beside the repository (`../shared/fixtures/corpus`). */
export const CORPUS_DIR = resolve(ROOT, '../shared/fixtures/corpus');

interface ManifestEntry {
  name: string;
  type: 'file' | 'dir' | 'symlink';
  size?: number | null;
  sha256?: string | null;
}

export interface CorpusCase {
  /** Absolute paths of the archive's parts. */
  parts: string[];
  password: string | null;
  /** The files the reference tools extracted, by name. */
  files: Map<string, { size: number; sha256: string }>;
}

let manifest: { path: string; parts?: string[]; password: string | null; entries: ManifestEntry[] | null }[] | null = null;

export function corpusCase(path: string): CorpusCase {
  manifest ??= JSON.parse(readFileSync(join(CORPUS_DIR, 'manifest.json'), 'utf8')) as NonNullable<typeof manifest>;
  const found = manifest.find((candidate) => candidate.path === path);
  if (!found?.entries) throw new Error(`${path} is not an extractable case of the corpus manifest`);
  const files = new Map<string, { size: number; sha256: string }>();
  for (const entry of found.entries)
    if (entry.type === 'file' && entry.sha256) files.set(entry.name, { size: entry.size ?? 0, sha256: entry.sha256 });
  return { parts: (found.parts ?? [found.path]).map((part) => join(CORPUS_DIR, part)), password: found.password, files };
}
