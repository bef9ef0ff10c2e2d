// A completed job's file list and safety facts, from the engine's result: what the page's file
// manager and safety report need (docs/decisions/035-integrity-and-safety-report.md), bounded in
// size however many entries and however long the names a hostile archive holds.
import type { ExtractResult } from '@archive-opener/engine';
import { guessMimeType, hasDirectionControls, renameReasons } from '@archive-opener/shared';
import { MAX_LISTED_LINKS, MAX_LISTED_NAME_LENGTH, MAX_LISTED_RENAMES, MAX_RAW_NAME_BYTES } from '@archive-opener/shared/api';
import type { JobFile, JobSafety } from './job-types.js';

/** A name cut to MAX_LISTED_NAME_LENGTH UTF-16 units, ending in `…` when cut (never half a surrogate pair). */
export function listedName(name: string): string {
  if (name.length <= MAX_LISTED_NAME_LENGTH) return name;
  let end = MAX_LISTED_NAME_LENGTH - 1;
  const last = name.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${name.slice(0, end)}…`;
}

/**
 * The files written (ids in order, checksums from `hashes`, one per file entry) and the facts of
 * the extraction. Renames are listed only when the page's report would name them (the same
 * renameReasons): a tar made of `./` names alone lists nothing.
 */
export function jobManifest(result: ExtractResult, hashes: readonly string[]): { files: JobFile[]; safety: JobSafety } {
  const files: JobFile[] = [];
  const safety: JobSafety = { encrypted: result.encrypted === true, renamedCount: 0, links: [], linkCount: 0 };
  for (const entry of result.entries) {
    if (entry.type === 'dir') continue;
    const renamed = entry.originalName !== undefined && renameReasons(entry.originalName, entry.path).length > 0;
    if (renamed) safety.renamedCount += 1;
    const originalName =
      renamed && safety.renamedCount <= MAX_LISTED_RENAMES && entry.originalName !== undefined
        ? { originalName: listedName(entry.originalName) }
        : {};
    if (entry.type === 'symlink') {
      safety.linkCount += 1;
      if (safety.links.length < MAX_LISTED_LINKS)
        safety.links.push({ path: listedName(entry.path), target: listedName(entry.linkTarget ?? ''), ...originalName });
      continue;
    }
    files.push({
      id: String(files.length),
      path: entry.path,
      size: entry.size,
      type: guessMimeType(entry.path),
      sha256: hashes[files.length] as string,
      ...(entry.modified !== undefined && { modified: entry.modified }),
      ...(entry.originalName !== undefined && hasDirectionControls(entry.originalName) && { directionControls: true as const }),
      ...originalName,
      ...(entry.rawName !== undefined &&
        entry.rawName.length <= MAX_RAW_NAME_BYTES && { rawName: Buffer.from(entry.rawName).toString('base64') }),
    });
  }
  return { files, safety };
}
