import type { ExtractedEntry, FilePart } from '../core/types.js';
import type { Step } from './adopt-staged.js';
import type { PartSummer } from './part-sum.js';
import type { SharePlan } from './share-plan.js';
import type { SevenZipModule } from './sevenzip-module.js';

/** A part of a file cut between two shares, as staged: its name in the step and its CRC-32. */
export interface StagedPart {
  stagedPath: string;
  crc: number;
  size: number;
}

/**
 * This share's part of a file cut in two (share-plan.ts `cutFile`), share 0's first part or
 * share 1's rest, with the CRC-32 summed as 7-Zip wrote it (`asWritten`, part-sum.ts). 7-Zip
 * checked neither part (a part has no CRC of its own), so the page checks the joined file with
 * both sums (core/crc32-combine.ts). Null where 7-Zip made no such file, or the sum does not
 * cover it: the page takes that as a failed share and extracts the archive in one worker.
 */
export function stagedPart(
  sz: SevenZipModule,
  step: Step,
  cutFile: NonNullable<SharePlan['cutFile']>,
  own: boolean,
  asWritten: PartSummer | null,
): StagedPart | null {
  const stagedPath = own ? cutFile.name : cutFile.partName;
  const staged = step.entries.find((entry) => entry.type === 'file' && entry.stagedPath === stagedPath);
  if (!staged) return null;
  const sum = asWritten?.sumOf(sz.FS.stat(`${step.dir}/${stagedPath}`).size);
  return sum ? { stagedPath, crc: sum.crc, size: sum.bytes } : null;
}

/** The part as the share reports it: under the path it was adopted as. */
export function reportedPart(
  part: StagedPart,
  entries: readonly ExtractedEntry[],
  cutFile: NonNullable<SharePlan['cutFile']>,
  own: boolean,
): FilePart | null {
  const entry = entries.find((each) => each.type === 'file' && (each.originalName ?? each.path) === part.stagedPath);
  if (!entry) return null;
  const reported: FilePart = { path: entry.path, part: own ? 'first' : 'rest', size: part.size, crc: part.crc };
  if (own) reported.expectedCrc = cutFile.crc;
  return reported;
}
