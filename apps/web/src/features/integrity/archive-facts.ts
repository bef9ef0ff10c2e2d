import type { ExtractedEntry } from '@archive-opener/engine/browser';

/**
 * What an extraction told us about one archive beyond its files, for the safety summary
 * (docs/decisions/035-integrity-and-safety-report.md).
 */
export interface ArchiveFacts {
  archiveName: string;
  /** The archive's size (all parts). */
  archiveBytes: number;
  /** Bytes of the files written. */
  outputBytes: number;
  /** Entries whose stored name was changed, as stored (null when the server did not say) and as written. */
  renamed: { from: string | null; to: string }[];
  /** Links reported by the archive, never created. */
  links: { path: string; target: string }[];
  /** The archive held encrypted entries (or encrypted names). */
  encrypted: boolean;
}

/** The facts of an archive extracted in the page, from the engine's entries. */
export function factsFromEntries(
  entries: readonly ExtractedEntry[],
  archive: { name: string; size: number; encrypted: boolean },
): ArchiveFacts {
  const facts: ArchiveFacts = {
    archiveName: archive.name,
    archiveBytes: archive.size,
    outputBytes: 0,
    renamed: [],
    links: [],
    encrypted: archive.encrypted,
  };
  for (const entry of entries) {
    if (entry.type === 'file') facts.outputBytes += entry.size;
    if (entry.type === 'symlink') facts.links.push({ path: entry.path, target: entry.linkTarget ?? '' });
    if (entry.originalName !== undefined && entry.type !== 'dir')
      facts.renamed.push({ from: entry.originalName, to: entry.path });
  }
  return facts;
}
