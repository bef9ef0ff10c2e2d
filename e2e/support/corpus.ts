import { loadManifest, partsOf, type ManifestCase } from '../../packages/engine/test/corpus/manifest.js';

export interface CorpusCase {
  /** Absolute paths of the archive's parts. */
  parts: string[];
  password: string | null;
  /** The files the reference tools extracted, by name. */
  files: Map<string, { size: number; sha256: string }>;
}

let manifest: ManifestCase[] | null = null;

/** A case of the public corpus (`../shared/fixtures/corpus`) by its path, with its expected files. */
export function corpusCase(path: string): CorpusCase {
  manifest ??= loadManifest();
  const found = manifest.find((candidate) => candidate.path === path);
  if (!found?.entries) throw new Error(`${path} is not an extractable case of the corpus manifest`);
  const files = new Map<string, { size: number; sha256: string }>();
  for (const entry of found.entries)
    if (entry.type === 'file' && entry.sha256) files.set(entry.name, { size: entry.size ?? 0, sha256: entry.sha256 });
  return { parts: partsOf(found), password: found.password, files };
}
