import { hasDirectionControls, NOTABLE_EXPANSION_RATIO, nameRisk, windowsSafeName, type NameRisk } from '@archive-opener/shared';
import { isArchiveFile } from '../file-manager/archive-name';
import type { ExtractedFile } from '../file-manager/extracted-file';
import type { ArchiveFacts } from './archive-facts';

/** Why the engine changed a stored name (docs/decisions/016-names-neutralised.md). */
export type RenameReason = 'traversal' | 'absolute' | 'bidi' | 'control' | 'reserved' | 'duplicate';

export interface RenamedEntry {
  from: string | null;
  to: string;
  reasons: RenameReason[];
}

export interface SafetyReport {
  renamed: RenamedEntry[];
  links: { path: string; target: string }[];
  risky: { file: ExtractedFile; risk: NameRisk }[];
  /** Names of the archives that held encrypted entries. */
  encrypted: string[];
  nested: ExtractedFile[];
  archiveBytes: number;
  outputBytes: number;
  /** Output bytes / archive bytes; null when the archives' size is unknown (0). */
  ratio: number | null;
}

// eslint-disable-next-line no-control-regex -- control characters are what the engine replaced
const CONTROL = /[\u0000-\u001f\u007f]/;
const DUPLICATE = / \(\d+\)(\.[^./]*)?$/;

/** A path as written, once the harmless differences (`./`, `\`, doubled slashes) are set aside. */
function plainPath(stored: string): string {
  return stored
    .split(/[\\/]/)
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

/** Why `from` was written as `to`; empty when the change is only `./` or separators. */
export function renameReasons(from: string | null, to: string): RenameReason[] {
  if (from === null) return hasDirectionControls(to) ? ['bidi'] : [];
  const absolute = /^([\\/]|[a-zA-Z]:)/.test(from);
  if (!absolute && plainPath(from) === to) return [];
  const reasons: RenameReason[] = [];
  const segments = from.split(/[\\/]/);
  if (segments.includes('..')) reasons.push('traversal');
  if (absolute) reasons.push('absolute');
  if (hasDirectionControls(from)) reasons.push('bidi');
  if (CONTROL.test(from)) reasons.push('control');
  if (segments.some((segment) => segment !== '' && segment !== '.' && segment !== '..' && windowsSafeName(segment) !== segment))
    reasons.push('reserved');
  if (reasons.length === 0 && DUPLICATE.test(to)) reasons.push('duplicate');
  return reasons;
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
  return {
    renamed,
    links: facts.flatMap((fact) =>
      fact.links.map((link) => (facts.length > 1 ? { ...link, path: `${fact.archiveName}/${link.path}` } : link)),
    ),
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
    report.renamed.length > 0 ||
    report.links.length > 0 ||
    report.risky.length > 0 ||
    report.encrypted.length > 0 ||
    report.nested.length > 0 ||
    (report.ratio !== null && report.ratio >= NOTABLE_EXPANSION_RATIO)
  );
}
