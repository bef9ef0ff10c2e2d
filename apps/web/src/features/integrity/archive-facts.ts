import type { ExtractedEntry } from '@archive-opener/engine/browser';
import { renameReasons } from '@archive-opener/shared';
import type { JobFile, JobSafety } from '@archive-opener/shared/api';

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
  /** Entries whose stored name was changed for a reason worth reporting, as stored (null when the server did not say) and as written. */
  renamed: { from: string | null; to: string }[];
  /** Links reported by the archive, never created. */
  links: { path: string; target: string }[];
  /** The archive held encrypted entries (or encrypted names). */
  encrypted: boolean;
  /** Renames and links the server counted beyond those it lists (a job's lists are capped). */
  unlisted?: { renamed: number; links: number };
}

/** What the facts need of an entry: the engine's, or one rebuilt from a server job. */
export type FactsEntry = Pick<ExtractedEntry, 'path' | 'type' | 'size' | 'originalName' | 'linkTarget'>;

/** The facts of an archive from its entries: one builder for both modes, so both report alike. */
export function factsFromEntries(
  entries: readonly FactsEntry[],
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
    if (entry.originalName !== undefined && entry.type !== 'dir' && renameReasons(entry.originalName, entry.path).length > 0)
      facts.renamed.push({ from: entry.originalName, to: entry.path });
  }
  return facts;
}

/**
 * The facts of an archive extracted on the server, from its job's files and safety facts (README
 * "Server extraction API"): the files and links become entries again for factsFromEntries. A
 * server older than the safety facts only said which names held direction controls.
 */
export function factsFromServerJob(
  files: readonly JobFile[],
  safety: JobSafety | null,
  archive: { name: string; size: number },
): ArchiveFacts {
  const entries: FactsEntry[] = files.map((file) => ({
    path: file.path,
    type: 'file',
    size: file.size,
    ...(file.originalName !== undefined && { originalName: file.originalName }),
  }));
  for (const link of safety?.links ?? [])
    entries.push({
      path: link.path,
      type: 'symlink',
      size: 0,
      linkTarget: link.target,
      ...(link.originalName !== undefined && { originalName: link.originalName }),
    });
  const facts = factsFromEntries(entries, { ...archive, encrypted: safety?.encrypted ?? false });
  if (safety === null) {
    facts.renamed = files.filter((file) => file.directionControls).map((file) => ({ from: null, to: file.path }));
    return facts;
  }
  const renamed = Math.max(0, safety.renamedCount - facts.renamed.length);
  const links = Math.max(0, safety.linkCount - facts.links.length);
  if (renamed > 0 || links > 0) facts.unlisted = { renamed, links };
  return facts;
}
