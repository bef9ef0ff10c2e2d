import { NOTABLE_EXPANSION_RATIO, nameRisk, renameReasons, type NameRisk, type RenameReason } from '@archive-opener/shared';
import { isArchiveFile } from '../file-manager/archive-name';
import type { ExtractedFile } from '../file-manager/extracted-file';
import type { ArchiveFacts } from './archive-facts';

export type { RenameReason };

export interface RenamedEntry {
  from: string | null;
  to: string;
  reasons: RenameReason[];
}

export interface SafetyReport {
  renamed: RenamedEntry[];
  links: { path: string; target: string }[];
  /** All the renames and links, with those the server counted but did not list (at most these lists' lengths otherwise). */
  renamedCount: number;
  linkCount: number;
  risky: { file: ExtractedFile; risk: NameRisk }[];
  /** Names of the archives that held encrypted entries. */
  encrypted: string[];
  nested: ExtractedFile[];
  archiveBytes: number;
  outputBytes: number;
  /** Output bytes / archive bytes; null when the archives' size is unknown (0). */
  ratio: number | null;
}

/** The batch's report: what the engine changed or refused, and what deserves care before opening. */
export function safetyReport(facts: readonly ArchiveFacts[], files: readonly ExtractedFile[]): SafetyReport {
  const renamed: RenamedEntry[] = [];
  for (const fact of facts)
    for (const { from, to } of fact.renamed) {
      const reasons = renameReasons(from, to);
      if (reasons.length > 0) renamed.push({ from, to: facts.length > 1 ? `${fact.archiveName}/${to}` : to, reasons });
    }
  const risky = files.flatMap((file) => {
    const risk = nameRisk(file.name);
    return risk ? [{ file, risk }] : [];
  });
  const archiveBytes = facts.reduce((sum, fact) => sum + fact.archiveBytes, 0);
  const outputBytes = facts.reduce((sum, fact) => sum + fact.outputBytes, 0);
  const unlisted = (kind: 'renamed' | 'links') => facts.reduce((sum, fact) => sum + (fact.unlisted?.[kind] ?? 0), 0);
  const links = facts.flatMap((fact) =>
    fact.links.map((link) => (facts.length > 1 ? { ...link, path: `${fact.archiveName}/${link.path}` } : link)),
  );
  return {
    renamed,
    links,
    renamedCount: renamed.length + unlisted('renamed'),
    linkCount: links.length + unlisted('links'),
    risky,
    encrypted: facts.filter((fact) => fact.encrypted).map((fact) => fact.archiveName),
    nested: files.filter((file) => isArchiveFile(file)),
    archiveBytes,
    outputBytes,
    ratio: archiveBytes > 0 ? outputBytes / archiveBytes : null,
  };
}

/** Whether the summary has anything to say: a plain archive shows none. */
export function hasSomethingToSay(report: SafetyReport): boolean {
  return (
    report.renamedCount > 0 ||
    report.linkCount > 0 ||
    report.risky.length > 0 ||
    report.encrypted.length > 0 ||
    report.nested.length > 0 ||
    (report.ratio !== null && report.ratio >= NOTABLE_EXPANSION_RATIO)
  );
}
